"""Languages: every message a player reads, in English (the source) and Japanese.

Messages are English in the code and translated from gettext catalogues read with Babel:
``locale/cardtable.pot`` (the template, generated) and ``locale/ja/LC_MESSAGES/cardtable.po``
(the Japanese, written by hand). The ``.po`` is compiled in memory the first time a language is
used, so there is no ``.mo`` file and no build step.

>>> with using_language("ja"):
...     _("unknown game {name!r}; games: {games}").format(name="poker", games="cribbage")
"不明なゲーム 'poker'。ゲーム: cribbage"
>>> card_name(18), suit_name(3)
('five of hearts', 'spades')
>>> with using_language("ja"):
...     card_name(18), card_name(3), rank_name(12)
('ハートの5', 'スペードのエース', 'クイーン')

Adding or changing a message
----------------------------

1. Mark it where the text is built:
   ``_("{player} plays {card}").format(player=seat_word(s, start=True), card=card_word(c))``.
   Placeholders are always named ``str.format`` fields, filled *after* ``_()``; never an
   f-string or ``%`` inside ``_()``, and never a sentence glued from pieces (word order differs
   between languages: mark the whole sentence). ``ngettext(singular, plural, n)`` chooses the
   English plural by count (Japanese has one form). A module constant that is read before a
   language is chosen (a title, a summary, an option's help) is marked ``N_("...")``, which
   changes nothing, and translated where it is shown: :func:`game_title`,
   :func:`game_summary`, :func:`option_help`, or ``_(constant)``.
2. Run ``make messages``: it extracts every marked message into ``cardtable.pot`` and merges
   the template into ``ja/LC_MESSAGES/cardtable.po``, keeping every translation.
3. Translate the new (empty) entries in the ``.po``. An entry marked ``#, fuzzy`` is Babel's
   guess from a similar old message: check it, fix it and delete the ``fuzzy`` line.
4. ``pytest tests/test_i18n.py`` lists any message without a translation, a translation whose
   ``{placeholders}`` differ from the English, and catalogue entries the code no longer uses.

Japanese terms, kept the same everywhere (after the Japanese rules the game follows): a seat is
席 (席1), a player プレイヤー, the hand/crib/starter/show ハンド/クリブ/スターター/ショウ,
dealer ディーラー, non-dealer ノン・ディーラー, count カウント, game/deal/match
ゲーム/ディール/マッチ; scores フィフティーン, サーティー・ワン, ペア, ペア・ロイヤル,
ダブル・ペア・ロイヤル, ラン, フラッシュ, ヒズ・ノッブ, ヒズ・ヒール, ゴー, ラスト・カード,
申告 (claim), マッギン (muggins), スカンク, ダブル・スカンク, ラーチ, 勝ち点 (game points); a
call is the name and its points (ペア2点), a running total 計17点. Card notation (5H) and move
notation (play 5H) stay ASCII in every language; inside :func:`using_names` a card is written
with its suit symbol (5♥) and a seat by its player's name in every language ({player}が...).

How seats and cards are written is a second context, :func:`using_names`: inside it a seat is
its player's name and a card has its suit symbol (``Ann lays away 8♦ 10♦``), for faces that show
words; outside it (the default: the plain terminal, logs, records) a seat is ``seat 0`` and a
card its notation, which one may type back (``Seat 0 lays away 8D 10D``). Texts that name a seat
or a card build it with :func:`seat_word`, :func:`card_word` and :func:`cards_word`, never with
``card_str`` or a bare seat number.

The language is per process (:func:`set_language`, for
the command line and the terminal user interface) with a per-context override
(:func:`using_language`, a :class:`contextvars.ContextVar`: per thread, per asyncio task, so a
server can answer each request in its own language). The default is English; the command line
chooses from ``--lang`` or :func:`language_from_env`.
"""

from __future__ import annotations

import functools
import gettext
import os
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from io import BytesIO
from typing import TYPE_CHECKING, Protocol

from cardtable.errors import OptionError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


class Titled(Protocol):
    """Anything with a title and a summary in English marked ``N_()``: a game or its class."""

    @property
    def title(self) -> str: ...

    @property
    def summary(self) -> str: ...


class Helped(Protocol):
    """Anything with a help text in English marked ``N_()``: an option."""

    @property
    def help(self) -> str: ...


__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "NP_",
    "N_",
    "_",
    "card_name",
    "card_word",
    "cards_word",
    "catalogue_file",
    "game_summary",
    "game_title",
    "get_language",
    "join_and",
    "language_from_env",
    "move_words",
    "names_in_use",
    "ngettext",
    "normalize_language",
    "not_in_hand",
    "notation",
    "option_help",
    "pgettext",
    "rank_name",
    "seat_word",
    "seats_word",
    "set_language",
    "suit_name",
    "unwrap",
    "using_language",
    "using_names",
]

#: Every language a player may choose; English is the source language (msgids are English).
LANGUAGES: tuple[str, ...] = ("en", "ja")
DEFAULT_LANGUAGE = "en"
#: Each language's name in itself, for a language menu.
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "ja": "日本語"}
#: The gettext domain: the catalogue files are ``cardtable.pot`` and ``cardtable.po``.
DOMAIN = "cardtable"

# None: no override in this context, so the process-wide language applies. A thread or task
# started without a copy of the context (a plain thread, a worker) sees None, hence the
# process-wide language, never a stale copy of it.
_OVERRIDE: ContextVar[str | None] = ContextVar("cardtable_language", default=None)
_process_language = DEFAULT_LANGUAGE


def _check(lang: str) -> str:
    code = lang.strip().lower() if isinstance(lang, str) else lang
    if code not in LANGUAGES:
        raise OptionError(
            _("unknown language {lang!r}; allowed: {allowed}").format(
                lang=lang, allowed=", ".join(LANGUAGES)
            )
        )
    return code


def set_language(lang: str) -> None:
    """Make ``lang`` (a code from :data:`LANGUAGES`) the language of the whole process: every
    thread and task, including those already running.

    An unknown code raises :class:`~cardtable.errors.OptionError`. A :func:`using_language`
    block that is active keeps its own language until it ends.

    >>> set_language("fr")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: unknown language 'fr'; allowed: en, ja
    """
    global _process_language
    _process_language = _check(lang)


def get_language() -> str:
    """The language messages are translated into here and now."""
    return _OVERRIDE.get() or _process_language


@contextmanager
def using_language(lang: str) -> Iterator[str]:
    """Translate into ``lang`` inside the block (this thread or task only); restores after.

    >>> with using_language("ja"):
    ...     get_language()
    'ja'
    >>> get_language()
    'en'
    """
    token = _OVERRIDE.set(_check(lang))
    try:
        yield _OVERRIDE.get() or DEFAULT_LANGUAGE
    finally:
        _OVERRIDE.reset(token)


def normalize_language(value: str) -> str | None:
    """The supported language of a code or locale name (``ja_JP.UTF-8``, ``en-US``), or None.

    >>> normalize_language("ja_JP.UTF-8"), normalize_language("EN_us"), normalize_language("C")
    ('ja', 'en', None)
    """
    if not isinstance(value, str):
        return None
    base = value.strip().split(".")[0].split("@")[0].replace("-", "_")
    code = base.split("_")[0].lower()
    return code if code in LANGUAGES else None


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for: the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
    ``LANGUAGE`` (a colon-separated list) that is set; English if none names a known one.

    >>> language_from_env({"LANG": "ja_JP.UTF-8"}), language_from_env({})
    ('ja', 'en')
    >>> language_from_env({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name)
        if not value:
            continue
        for part in value.split(":") if name == "LANGUAGE" else (value,):
            code = normalize_language(part)
            if code is not None:
                return code
        return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def catalogue_file(lang: str) -> Traversable:
    """The ``.po`` file of a language (it need not exist: English has none)."""
    from importlib.resources import files

    return files("cardtable") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def _translations(lang: str) -> gettext.NullTranslations:
    # Imported on first use: a process that stays in English never loads Babel.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    try:
        with catalogue_file(lang).open("rb") as fp:
            catalog = read_po(fp, locale=lang, domain=DOMAIN)
    except OSError:
        return gettext.NullTranslations()  # no catalogue: the English messages stand
    buffer = BytesIO()
    write_mo(buffer, catalog)  # fuzzy entries are left out, so they read as English
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _(message: str) -> str:
    """``message`` (an English msgid) in the current language."""
    lang = _OVERRIDE.get() or _process_language
    if lang == DEFAULT_LANGUAGE or not message:  # "" would give the catalogue's header
        return message
    return _translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a message with a plural, in the current language.

    >>> ngettext("{n} card", "{n} cards", 2).format(n=2)
    '2 cards'
    """
    lang = _OVERRIDE.get() or _process_language
    if lang == DEFAULT_LANGUAGE:
        return singular if n == 1 else plural
    return _translations(lang).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a message for the catalogue without translating it (yet); returns it unchanged."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as meant in ``context`` (``"move"``: a verb of the
    move notation, which must not take the translation of the same English word elsewhere)."""
    lang = _OVERRIDE.get() or _process_language
    if lang == DEFAULT_LANGUAGE:
        return message
    return _translations(lang).pgettext(context, message)


def NP_(context: str, message: str) -> str:
    """Mark a message with a context for the catalogue, untranslated; returns it unchanged."""
    return message


def move_words(text: str) -> str:
    """Move notation in the words of the current language: each verb translated (context
    ``"move"``), the cards and numbers as they are. Every form is typed back by :func:`notation`.

    >>> move_words("play 7C take 2C 5H")
    'play 7C take 2C 5H'
    >>> with using_language("ja"):
    ...     move_words("play 7C take 2C 5H"), move_words("claim 12")
    ('出す 7C 取る 2C 5H', '申告 12')
    """
    lang = _OVERRIDE.get() or _process_language
    if lang == DEFAULT_LANGUAGE:
        return text
    translate = _translations(lang).pgettext
    return " ".join(translate("move", word) for word in text.split(" "))


@functools.cache
def _verbs_of_words() -> dict[str, str]:
    """Every language's word for each verb of the notation, to the verb itself."""
    verbs: dict[str, str] = {}
    for lang in LANGUAGES:
        if lang == DEFAULT_LANGUAGE:
            continue
        catalogue = getattr(_translations(lang), "_catalog", {})
        for key, word in catalogue.items():
            # gettext keeps a message with a context under "context\x04message".
            if isinstance(key, str) and key.startswith("move\x04") and isinstance(word, str):
                verbs[word] = key.split("\x04", 1)[1]
    return verbs


def notation(text: str) -> str:
    """Typed text with the verbs of any language put back into the notation (English verbs,
    which are accepted in every language); text without such words is returned unchanged.

    >>> notation("出す 7C 取る 2C 5H"), notation("play 5H"), notation("パス")
    ('play 7C take 2C 5H', 'play 5H', 'pass')
    """
    verbs = _verbs_of_words()
    words = text.split()
    if not any(word in verbs for word in words):
        return text
    return " ".join(verbs.get(word, word) for word in words)


def join_and(items: Iterable[str]) -> str:
    """Items joined as a list in words: ``0 and 2`` (Japanese ``0と2``).

    >>> join_and(["0", "2"]), join_and(["5H"]), join_and([])
    ('0 and 2', '5H', '')
    """
    out: str | None = None
    for item in items:
        out = item if out is None else _("{first} and {second}").format(first=out, second=item)
    return out or ""


def not_in_hand(cards: Iterable[int]) -> str:
    """The refusal of a move with cards the player does not hold, the cards in words.

    >>> not_in_hand([0]), not_in_hand([0, 48])
    ('AC is not in your hand', 'AC and KC are not in your hand')
    """
    words = [card_word(c) for c in cards]
    return ngettext(
        "{cards} is not in your hand", "{cards} are not in your hand", len(words)
    ).format(cards=join_and(words))


def game_title(game: Titled) -> str:
    """A game's title (class or instance) in the current language: 'Cribbage', 'クリベッジ'."""
    return _(game.title)


def game_summary(game: Titled) -> str:
    """A game's rules summary in the current language (paragraphs separated by blank lines)."""
    return _(game.summary)


def option_help(spec: Helped) -> str:
    """What an option means, in the current language (its allowed values: ``spec.allowed()``)."""
    return _(spec.help)


_SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
_RANK_NAMES = (
    N_("ace"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
)


def suit_name(suit: int) -> str:
    """A suit's name, 0 (clubs) .. 3 (spades), in the current language."""
    if not 0 <= suit < 4:
        raise ValueError(f"a suit is 0 to 3, not {suit!r}")
    return _(_SUIT_NAMES[suit])


def rank_name(rank: int) -> str:
    """A rank's name, 1 (ace) .. 13 (king), in the current language."""
    if not 1 <= rank <= 13:
        raise ValueError(f"a rank is 1 to 13, not {rank!r}")
    return _(_RANK_NAMES[rank - 1])


def card_name(card: int) -> str:
    """A card (any card id, as in :mod:`cardtable.cards`) in words: 'five of hearts'."""
    face = card % 52
    return _("{rank} of {suit}").format(rank=rank_name(face // 4 + 1), suit=suit_name(face % 4))


# None: the plain mode (seat numbers, card notation). A tuple: the players' names by seat.
_NAMES: ContextVar[tuple[str, ...] | None] = ContextVar("cardtable_names", default=None)

# cardtable.cards imports this module, so the two ways of writing a face are built here.
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_NOTATION = tuple(_RANKS[f // 4] + "CDHS"[f % 4] for f in range(52))
_SYMBOLS = tuple(_RANKS[f // 4] + "♣♦♥♠"[f % 4] for f in range(52))
_SYMBOL_OF = dict(zip(_NOTATION, _SYMBOLS, strict=True))


@contextmanager
def using_names(names: Sequence[str] | None) -> Iterator[tuple[str, ...] | None]:
    """Write seats by their players' names (``names[seat]``) and cards with suit symbols inside
    the block (this thread or task only); ``None`` is the plain mode, seat numbers and notation.

    >>> with using_names(["Ann", "Bob"]):
    ...     seat_word(1), cards_word([38, 1])
    ('Bob', '10♥ A♦')
    >>> seat_word(1), cards_word([38, 1])
    ('seat 1', '10H AD')
    """
    value = None if names is None else tuple(str(name) for name in names)
    token = _NAMES.set(value)
    try:
        yield value
    finally:
        _NAMES.reset(token)


def names_in_use() -> bool:
    """Whether seats and cards are written in words here (inside :func:`using_names`).

    >>> names_in_use()
    False
    >>> with using_names(["Ann"]):
    ...     names_in_use()
    True
    """
    return _NAMES.get() is not None


def seat_word(seat: int, start: bool = False) -> str:
    """A seat as a player reads it: the player's name inside :func:`using_names`; else
    ``seat 0`` (``Seat 0`` at the ``start`` of a sentence; Japanese ``席0``).

    A seat past the names given (a name list that is short) is written ``Player 5``, one-based,
    as a person counts, never as a seat number counted from 0.

    >>> seat_word(2), seat_word(2, start=True)
    ('seat 2', 'Seat 2')
    >>> with using_language("ja"):
    ...     seat_word(2)
    '席2'
    >>> with using_names(["Ann", "Bob"]):
    ...     seat_word(0, start=True), seat_word(3)
    ('Ann', 'Player 4')
    """
    names = _NAMES.get()
    if names is None:
        return (_("Seat {seat}") if start else _("seat {seat}")).format(seat=seat)
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Player {number}").format(number=seat + 1)


def seats_word(seats: Iterable[int], start: bool = False) -> str:
    """Seats as a player reads them: ``Ann and Cat`` inside :func:`using_names`; else
    ``seats 0 and 2`` (``Seats 0 and 2`` at the ``start``; one seat ``seat 0``).

    >>> seats_word([0, 2]), seats_word([1], start=True)
    ('seats 0 and 2', 'Seat 1')
    >>> with using_names(["Ann", "Bob", "Cat"]):
    ...     seats_word([0, 2])
    'Ann and Cat'
    """
    seats = list(seats)
    if _NAMES.get() is not None:
        return join_and(seat_word(seat) for seat in seats)
    numbers = join_and(str(seat) for seat in seats)
    if start:
        return ngettext("Seat {seats}", "Seats {seats}", len(seats)).format(seats=numbers)
    return ngettext("seat {seats}", "seats {seats}", len(seats)).format(seats=numbers)


def card_word(card: int | str) -> str:
    """A card (any card id, or its notation) as a player reads it: ``10♥`` inside
    :func:`using_names` (in every language), else its notation ``10H``.

    >>> card_word(38), card_word("10H")
    ('10H', '10H')
    >>> with using_names([]):
    ...     card_word(38), card_word(52), card_word("AD")
    ('10♥', 'A♣', 'A♦')
    """
    if isinstance(card, str):
        # Events and observations carry notation; text that is no card is shown as it is.
        return _SYMBOL_OF.get(card, card) if _NAMES.get() is not None else card
    table = _NOTATION if _NAMES.get() is None else _SYMBOLS
    return table[card % 52]


def cards_word(cards: Iterable[int | str]) -> str:
    """Cards (ids or notation) as a player reads them, joined by spaces (see :func:`card_word`).

    >>> cards_word([0, 51]), cards_word(["AC", "KS"])
    ('AC KS', 'AC KS')
    >>> with using_names([]):
    ...     cards_word([0, 51])
    'A♣ K♠'
    """
    # One look at the context for all the cards: a hand is written in every view.
    if _NAMES.get() is None:
        return " ".join(card if isinstance(card, str) else _NOTATION[card % 52] for card in cards)
    symbol = _SYMBOL_OF.get
    return " ".join(
        symbol(card, card) if isinstance(card, str) else _SYMBOLS[card % 52] for card in cards
    )


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


#: Wide characters that end a phrase: no space follows them when lines are joined.
_CLOSING = frozenset("。、，．・：；？！」』）〕］｝〉》】〙〗〟’”ー…‥〜～々")


def unwrap(paragraph: str) -> str:
    """A paragraph's source lines as one line: joined by a space, but by nothing between two
    Japanese characters or after a full-width stop, as Japanese has no spaces between words
    (the width of a character is Unicode's East Asian width).

    >>> unwrap("Trumps, high to low:\\nQC QS"), unwrap("配ります。\\n13枚ずつ、\\n切り札は")
    ('Trumps, high to low: QC QS', '配ります。13枚ずつ、切り札は')
    """
    joined = ""
    for line in paragraph.splitlines():
        words = " ".join(line.split())
        if not words:
            continue
        if joined:
            last = joined[-1]
            tight = _wide(last) and (_wide(words[0]) or last in _CLOSING)
            joined += "" if tight else " "
        joined += words
    return joined
