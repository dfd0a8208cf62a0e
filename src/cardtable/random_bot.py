"""The random bot: a uniform choice among the legal moves, from its own seeded generator.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> view = SeatView(cardtable.load("cribbage").new_state(seed=1), 0)
>>> move = RandomBot(seed=5).choose(view)
>>> move in view.legal_moves(), move is RandomBot(seed=5).choose(view)
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cardtable.bot_protocol import Bot, BotFactory
from cardtable.engine import Move
from cardtable.errors import CardtableError
from cardtable.seat_view import SeatView

__all__ = ["Blundering", "RandomBot", "may_blunder"]


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
        if not 0 <= rate <= 1:
            raise CardtableError(f"mistakes must be a share from 0 to 1, not {rate!r}")
        self.bot = bot
        self.rate = rate
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
        bot = make(seed, **settings)
        if not mistakes:
            return bot
        return Blundering(bot, mistakes, None if seed is None else seed + 7919, careful)

    return factory
