"""The random bot: a uniform choice among the legal moves, from its own seeded generator.

>>> import cardtable
>>> from cardtable.bots.view import SeatView
>>> view = SeatView(cardtable.load("cribbage").new_state(seed=1), 0)
>>> move = RandomBot(seed=5).choose(view)
>>> move in view.legal_moves(), move is RandomBot(seed=5).choose(view)
(True, True)
"""

from __future__ import annotations

import random
from typing import ClassVar

from cardtable.bots.view import SeatView
from cardtable.engine import Move
from cardtable.errors import CardtableError

__all__ = ["RandomBot"]


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
