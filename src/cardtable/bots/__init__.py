"""Bots: players that know only the engine's protocol, the observation and the legal moves.

A bot is any object with ``choose(state, seat) -> Move``; :func:`make_bot` gives the best bot
this package has for a game, and :class:`RandomBot` plays any game.

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=2)
>>> bots = [make_bot("cribbage", seed=seat) for seat in range(2)]
>>> while not state.is_over:
...     seat = state.to_move
...     state.apply(bots[seat].choose(state, seat))
>>> max(state.scores)
121
"""

from __future__ import annotations

from typing import Protocol

from cardtable.bots.cribbage_bot import CribbageBot
from cardtable.bots.random_bot import RandomBot
from cardtable.engine import Move, State

__all__ = ["Bot", "CribbageBot", "RandomBot", "make_bot"]


class Bot(Protocol):
    """What every bot offers: a name and a legal move for the seat to act."""

    @property
    def name(self) -> str: ...

    def choose(self, state: State, seat: int) -> Move: ...


# The game-specific bots, by game name; every other game gets the random bot.
_BEST: dict[str, type[RandomBot]] = {"cribbage": CribbageBot}


def make_bot(game: str, seed: int | None = None) -> Bot:
    """The best bot this package has for ``game``, with its own seeded generator.

    >>> make_bot("cribbage").name, make_bot("kloepper").name
    ('cribbage', 'random')
    """
    return _BEST.get(game, RandomBot)(seed)
