"""What every bot offers, and how a game loop asks one for a move.

>>> import cardtable
>>> from cardtable.random_bot import RandomBot
>>> state = cardtable.load("cribbage").new_state(seed=2)
>>> choose_for(RandomBot(seed=0), state) in state.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from cardtable.engine import Move, State
from cardtable.errors import CardtableError
from cardtable.seat_view import SeatView

__all__ = ["Bot", "BotFactory", "choose_for"]


class Bot(Protocol):
    """A player: a name (``random``, ``rules``, ...) and a legal move for the seat of a view
    whose turn it is. Bots see the game only through :class:`SeatView`."""

    @property
    def name(self) -> str: ...

    def choose(self, view: SeatView) -> Move: ...


#: How a bot is made: ``factory(seed, **settings)`` (settings: a search budget, ``mistakes``).
BotFactory = Callable[..., Bot]


def choose_for(bot: Bot, state: State) -> Move:
    """The move ``bot`` makes for the seat to act in ``state``, seen through that seat's view.

    >>> import cardtable
    >>> from cardtable.random_bot import RandomBot
    >>> state = cardtable.load("cribbage", target=61).new_state(seed=2)
    >>> while not state.is_over:
    ...     state.apply(choose_for(RandomBot(seed=len(state.history)), state))
    >>> choose_for(RandomBot(), state)
    Traceback (most recent call last):
    ...
    cardtable.errors.CardtableError: the game is over: no seat is to act
    """
    seat = state.to_move
    if seat is None:
        raise CardtableError("the game is over: no seat is to act")
    return bot.choose(SeatView(state, seat))
