"""What a bot sees of a game: one seat's view, never the state itself.

A :class:`SeatView` answers only what that seat may know (its observation, its events, its legal
moves when it is to act) and can complete the hidden cards at random (a world to search), so a
bot cannot peek at other hands, the pack or the record by accident.

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> view = SeatView(state, 1)
>>> view.seat, view.to_move, view.legal_moves(), view.observation()["hand_sizes"]
(1, 0, [], [6, 6])
>>> len(SeatView(state, 0).legal_moves())
15
"""

from __future__ import annotations

import random

from cardtable.engine import JSON, Event, Game, Move, State, check_seat

__all__ = ["SeatView"]


class SeatView:
    """A read-only view of ``state`` for ``seat``: the observation, the seat's events, its legal
    moves (none unless it is to act) and random worlds consistent with what it knows.

    The state stays in a private attribute; the view offers no history, record or state.

    >>> import cardtable
    >>> view = SeatView(cardtable.load("cribbage").new_state(seed=1), 0)
    >>> hasattr(view, "state"), hasattr(view, "history"), view.game.options["target"]
    (False, False, 121)
    >>> SeatView(cardtable.load("cribbage").new_state(seed=1), 2)
    Traceback (most recent call last):
    ...
    cardtable.errors.CardtableError: seat must be a whole number from 0 to 1, not 2
    """

    __slots__ = ("__seat", "__state")

    def __init__(self, state: State, seat: int) -> None:
        check_seat(seat, state.game.num_players)
        self.__state = state
        self.__seat = seat

    @property
    def seat(self) -> int:
        """The seat this view belongs to."""
        return self.__seat

    @property
    def game(self) -> Game:
        """The game being played, with its (public) options."""
        return self.__state.game

    @property
    def to_move(self) -> int | None:
        """The seat that must act now; None when the game is over."""
        return self.__state.to_move

    def observation(self) -> dict[str, JSON]:
        """Everything the seat may know now, as the game's JSON-safe observation."""
        return self.__state.observation(self.__seat)

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves: empty unless it is the seat to act."""
        state = self.__state
        return state.legal_moves() if state.to_move == self.__seat else []

    def events(self) -> list[Event]:
        """The events the seat may see, oldest first."""
        return self.__state.events_for(self.__seat)

    def sample_world(self, rng: random.Random) -> State:
        """A complete state the seat cannot tell from the real one, hidden cards dealt at random
        (see :meth:`cardtable.engine.State.sample_world`)."""
        return self.__state.sample_world(self.__seat, rng)

    def __repr__(self) -> str:
        return f"SeatView({self.__state.game.name!r}, seat={self.__seat})"
