"""Game options: declared once per game, validated on load, with errors that name what is allowed.

>>> spec = Option("target", 121, "points to win", choices=(121, 61))
>>> spec.coerce("61")
61
>>> spec.coerce(100)
Traceback (most recent call last):
...
cardtable.errors.OptionError: option 'target' does not allow 100; allowed: 121, 61
>>> Option("table", "default", "rows", example="knock=10").allowed()
'text such as knock=10'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.errors import OptionError, clip
from cardtable.i18n import N_, NP_, _, pgettext

__all__ = [
    "Option",
    "OptionValue",
    "choice_label",
    "option_label",
    "options_line",
    "show_value",
    "validate_options",
]

OptionValue = int | str | bool | None

_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0"}


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a game: its public name, default, and the values it allows.

    ``choices`` lists every allowed value; otherwise ``low``..``high`` bound an int. A default of
    ``None`` means the game derives the value from the other options (e.g. the first dealer).
    ``help`` is English, marked ``N_()`` by the game; :func:`cardtable.i18n.option_help`
    translates it. What a menu shows is the game's words: ``label`` (English, marked
    ``NP_("option", ...)``) and ``words``, each value's English words (marked
    ``NP_("option value", ...)``; text that needs no translation, such as suit symbols, as
    it is); typed on a command line the option stays ``name=value``. A free-text option gives
    an ``example`` value and the ``pattern`` (a regular expression, whole value) a form can
    check before sending; the game still validates what it gets. A ``seat`` option's value is
    a seat, typed counted from 0 as everywhere in notation; a menu shows it counted from 1.
    A ``research`` option is left out of players' menus.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    low: int | None = None
    high: int | None = None
    label: str = ""
    words: tuple[tuple[OptionValue, str], ...] = ()
    example: str = ""
    pattern: str = ""
    seat: bool = False
    #: A variant for research only (e.g. a tiny pack for exact solvers): the command line and
    #: the research API take it, but no menu for players offers it, and a table's summary
    #: names it only when it is not the default.
    research: bool = False

    @property
    def kind(self) -> type:
        sample = self.choices[0] if self.choices else self.default
        if sample is None:
            return int
        return type(sample)

    def allowed(self) -> str:
        """The allowed values in words (the current language), for help and errors."""
        if self.choices is not None:
            return ", ".join(show_value(c) for c in self.choices)
        if self.kind is str:
            if self.example:
                return _("text such as {example}").format(example=self.example)
            return _("text")
        if self.low is not None and self.high is not None:
            return _("a whole number from {low} to {high}").format(low=self.low, high=self.high)
        if self.low is not None:
            return _("a whole number of at least {low}").format(low=self.low)
        return _("a whole number")

    def coerce(self, value: Any) -> OptionValue:
        """Turn a given value (possibly text from a command line) into an allowed value."""
        kind = self.kind
        converted: Any = value
        if kind is bool:
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                converted = value.strip().lower() in _TRUE
            elif not isinstance(value, bool):
                raise self._refuse(value)
        elif kind is int:
            if isinstance(value, bool):
                raise self._refuse(value)
            if isinstance(value, str):
                # Digits 0-9 only: int() also reads "١٢١" and "1_21".
                digits = value.strip()
                if not (digits.isascii() and digits.lstrip("+-").isdigit()):
                    raise self._refuse(value)
                try:
                    converted = int(digits)
                except ValueError:  # more digits than int() reads
                    raise self._refuse(value) from None
            elif not isinstance(value, int):
                raise self._refuse(value)
        elif kind is str:
            if not isinstance(value, str):
                raise self._refuse(value)
            converted = value.strip().lower()
        if self.choices is not None:
            if converted not in self.choices:
                raise self._refuse(value)
        elif kind is int and (
            (self.low is not None and converted < self.low)
            or (self.high is not None and converted > self.high)
        ):
            raise self._refuse(value)
        return converted  # type: ignore[no-any-return]

    def _refuse(self, value: object) -> OptionError:
        return OptionError(
            _("option {name!r} does not allow {value}; allowed: {allowed}").format(
                name=self.name,
                value="None" if value is None else show_value(clip(value)),
                allowed=self.allowed(),
            )
        )


def option_label(spec: Option | str) -> str:
    """An option as a menu shows it, in the current language: the game's ``label`` for it
    (typed, it stays ``name``); given only a name, the name's own menu word.

    >>> from cardtable.i18n import using_language
    >>> spec = Option("target", 121, "points to win", label="Target score")
    >>> option_label(spec), option_label(Option("n", 2, "players")), option_label("target")
    ('Target score', 'n', 'target')
    >>> with using_language("ja"):
    ...     option_label("target")
    '目標点 (target)'
    """
    if isinstance(spec, str):
        return pgettext("option", spec)
    return pgettext("option", spec.label) if spec.label else spec.name


def choice_label(value: OptionValue, spec: Option | None = None) -> str:
    """An option value as a menu shows it, in the current language: the words ``spec`` gives
    it, else the value's own menu word.

    >>> from cardtable.i18n import using_language
    >>> choice_label(True), choice_label(None), choice_label("acc"), choice_label(61)
    ('on', 'auto', 'acc', '61')
    >>> choice_label(61, Option("target", 121, "", choices=(121, 61), words=((61, "61 points"),)))
    '61 points'
    >>> with using_language("ja"):
    ...     choice_label(True), choice_label("most-cards")
    ('オン', '最多枚数 (most-cards)')
    """
    if spec is not None:
        for known, words in spec.words:
            # 1 == True: a bool option's words are found by the bool itself.
            if known is value or (known == value and type(known) is type(value)):
                return pgettext("option value", words)
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if value is None:
        return _("auto")
    return pgettext("option value", str(value))


def show_value(value: object) -> str:
    """An option value as one types it on the command line (the same in every language).

    >>> show_value(True), show_value(None), show_value(121), show_value("acc")
    ('on', 'auto', '121', 'acc')
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "auto"
    return str(value) if isinstance(value, int | str) else repr(value)


def options_line(options: Mapping[str, object], specs: Sequence[Option] = ()) -> str:
    """Options as ``name=value`` pairs, e.g. for a game's header line; of ``specs``, a research
    option at its default is left out (it is no choice a player made).

    >>> options_line({"target": 61, "muggins": False})
    'target=61, muggins=off'
    >>> deck = Option("deck", "standard", "the pack", choices=("standard", "tiny"), research=True)
    >>> options_line({"target": 61, "deck": "standard"}, [deck])
    'target=61'
    """
    quiet = {s.name for s in specs if s.research and options.get(s.name) == s.default}
    return ", ".join(
        f"{name}={show_value(value)}" for name, value in options.items() if name not in quiet
    )


def validate_options(
    game: str, specs: Sequence[Option], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """Check ``given`` against ``specs``; return every option with defaults filled in.

    >>> validate_options("g", [Option("n", 2, "players", low=2, high=4)], {"m": 1})
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: unknown option 'm' for g; options: n
    """
    by_name = {s.name: s for s in specs}
    for name in given:
        if name not in by_name:
            names = ", ".join(by_name) or _("none")
            raise OptionError(
                _("unknown option {name!r} for {game}; options: {options}").format(
                    name=clip(name), game=game, options=names
                )
            )
    out: dict[str, OptionValue] = {}
    for spec in specs:
        value = given.get(spec.name)
        # None keeps a derived default, so a record can store "decide for me" explicitly.
        out[spec.name] = spec.default if value is None else spec.coerce(value)
    return out


def first_dealer(last: int, default: int | None = None) -> Option:
    """The option every game with a dealer has: the seat of the first dealer, ``0``..``last``
    (a menu counts the seats from 1), the last seat unless the game says otherwise.

    >>> spec = first_dealer(3)
    >>> spec.name, spec.default, (spec.low, spec.high), spec.seat
    ('dealer', None, (0, 3), True)
    """
    return Option(
        "dealer",
        default,
        N_("seat of the first dealer (default: the last seat)"),
        low=0,
        high=last,
        label=NP_("option", "First dealer"),
        seat=True,
    )
