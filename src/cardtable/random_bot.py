"""The random bot: a uniform choice among the legal moves, from its own seeded generator; and
the checks of a bot's settings, which every bot makes when it is made (never at its first move).

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> view = SeatView(cardtable.load("cribbage").new_state(seed=1), 0)
>>> move = RandomBot(seed=5).choose(view)
>>> move in view.legal_moves(), move is RandomBot(seed=5).choose(view)
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, ClassVar, overload

from cardtable.bot_protocol import Bot, BotFactory
from cardtable.engine import Move
from cardtable.errors import CardtableError, OptionError
from cardtable.i18n import _
from cardtable.seat_view import SeatView

__all__ = [
    "Blundering",
    "RandomBot",
    "choice_setting",
    "may_blunder",
    "number_setting",
    "show_setting",
    "whole_setting",
]


def show_setting(value: object) -> str:
    """A setting's value as an error shows it: text quoted, a number as Python writes it, a
    whole number too long to write as ``~1eN``, and anything long cut short.

    >>> show_setting("greedy"), show_setting(1.5), show_setting(float("nan")), show_setting(True)
    ("'greedy'", '1.5', 'nan', 'True')
    >>> show_setting(10**5000)
    '~1e5000'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"{'-' if value < 0 else ''}~1e{math.floor(abs(value).bit_length() * math.log10(2))}"
    try:
        text = repr(value)
    except ValueError:  # a container holding a whole number too long to write
        text = type(value).__name__
    return text if len(text) <= 40 else text[:40] + "…"


@overload
def whole_setting(name: str, value: object, low: int, high: int) -> int: ...
@overload
def whole_setting(
    name: str, value: object, low: int, high: int, *, optional: bool
) -> int | None: ...
def whole_setting(
    name: str, value: object, low: int, high: int, *, optional: bool = False
) -> int | None:
    """``value`` as a whole number from ``low`` to ``high``: an int, or a float that is whole
    (``2.0``), never a boolean; with ``optional`` None stays None. Anything else raises an
    :class:`OptionError` naming the setting, the value and the range.

    >>> whole_setting("worlds", 10.0, 1, 10000)
    10
    >>> whole_setting("worlds", 100000000, 1, 10000)
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: bot setting 'worlds' must be a whole number from 1 to 10000, \
not 100000000
    """
    if value is None and optional:
        return None
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and math.isfinite(value) and value.is_integer():
        number = int(value)
    if number is None or not low <= number <= high:
        raise OptionError(
            _(
                "bot setting {name!r} must be a whole number from {low} to {high}, not {value}"
            ).format(name=name, low=low, high=high, value=show_setting(value))
        )
    return number


@overload
def number_setting(name: str, value: object, low: float, high: float) -> float: ...
@overload
def number_setting(
    name: str, value: object, low: float, high: float, *, optional: bool
) -> float | None: ...
def number_setting(
    name: str, value: object, low: float, high: float, *, optional: bool = False
) -> float | None:
    """``value`` as a finite number from ``low`` to ``high`` (an int or a float, never a
    boolean, NaN or an infinity); with ``optional`` None stays None.

    >>> number_setting("mistakes", 1, 0, 1)
    1.0
    >>> number_setting("exploration", float("nan"), 0, 10)
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: bot setting 'exploration' must be a number from 0 to 10, not nan
    """
    if value is None and optional:
        return None
    number: float | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        # A whole number too large for a float is out of every range here.
        number = float(value) if value.bit_length() <= 1000 else math.inf
    elif isinstance(value, float):
        number = value
    if number is None or not (math.isfinite(number) and low <= number <= high):
        raise OptionError(
            _("bot setting {name!r} must be a number from {low} to {high}, not {value}").format(
                name=name, low=low, high=high, value=show_setting(value)
            )
        )
    return number


def choice_setting(name: str, value: object, choices: Sequence[str]) -> str:
    """``value`` if it is one of the words ``choices``.

    >>> choice_setting("rollout", "greedy", ("random", "rules"))
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: bot setting 'rollout' must be one of random, rules, not 'greedy'
    """
    if not isinstance(value, str) or value not in choices:
        raise OptionError(
            _("bot setting {name!r} must be one of {choices}, not {value}").format(
                name=name, choices=", ".join(choices), value=show_setting(value)
            )
        )
    return value


class RandomBot:
    """Chooses uniformly among the legal moves; the same seed gives the same choices."""

    name: ClassVar[str] = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        """A legal move for the view's seat, which must be the seat to act."""
        return self.pick(self.legal_for(view))

    def pick(self, moves: list[Move]) -> Move:
        """One of ``moves`` at random."""
        # Random.random() is the draw Python keeps identical across versions, unlike choice().
        return moves[int(self.rng.random() * len(moves))]

    @staticmethod
    def legal_for(view: SeatView) -> list[Move]:
        """The seat's legal moves, after checking that it is the one to act."""
        legal = view.legal_moves()
        if not legal:
            if view.to_move is None:
                raise CardtableError("there is no move to choose: the game is over")
            raise CardtableError(
                f"seat {view.seat} cannot move now; the seat to act is {view.to_move}"
            )
        return legal


class Blundering:
    """Another bot that, at a ``rate`` of its decisions with more than one legal move, plays a
    random legal move instead: the lower levels' way of making the mistakes people make.
    Decisions offering a move whose verb is ``careful`` (Kloepper's calls and knocks, which
    raise the stakes) are always the bot's own. Its own seeded generator decides, so the same
    seed gives the same game.

    >>> import cardtable
    >>> from cardtable.seat_view import SeatView
    >>> view = SeatView(cardtable.load("cribbage").new_state(seed=1), 0)
    >>> always = Blundering(RandomBot(seed=1), rate=1.0, seed=2)
    >>> always.name, always.choose(view) in view.legal_moves()
    ('random', True)
    """

    def __init__(
        self,
        bot: Bot,
        rate: float,
        seed: int | None = None,
        careful: frozenset[str] = frozenset(),
    ) -> None:
        self.rate = number_setting("mistakes", rate, 0, 1)
        self.bot = bot
        self.careful = careful
        self.random = RandomBot(seed)

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, view: SeatView) -> Move:
        """The wrapped bot's move, or at the rate of mistakes a random one."""
        legal = RandomBot.legal_for(view)
        if (
            len(legal) > 1
            and not any(m.verb in self.careful for m in legal)
            and self.random.rng.random() < self.rate
        ):
            return self.random.pick(legal)
        return self.bot.choose(view)


def may_blunder(make: BotFactory, careful: frozenset[str] = frozenset()) -> BotFactory:
    """``make``, taking also ``mistakes``: the share of decisions played at random (never
    those offering a ``careful`` verb); how a game's rules bot plays the lower levels.

    >>> import cardtable
    >>> from cardtable.seat_view import SeatView
    >>> factory = may_blunder(RandomBot)
    >>> type(factory(1)).__name__, type(factory(1, mistakes=0.5)).__name__
    ('RandomBot', 'Blundering')
    """

    def factory(seed: int | None = None, mistakes: float = 0.0, **settings: Any) -> Bot:
        rate = number_setting("mistakes", mistakes, 0, 1)
        bot = make(seed, **settings)
        if not rate:
            return bot
        return Blundering(bot, rate, None if seed is None else seed + 7919, careful)

    return factory
