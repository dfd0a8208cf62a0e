"""The random bot: a uniform choice among the legal moves, from its own seeded generator.

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> bot = RandomBot(seed=5)
>>> move = bot.choose(state, 0)
>>> move in state.legal_moves(), move is RandomBot(seed=5).choose(state, 0)
(True, True)
"""

from __future__ import annotations

import random
from typing import ClassVar

from cardtable.engine import Move, State

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among ``state.legal_moves()``; the same seed gives the same choices."""

    name: ClassVar[str] = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Move:
        """A legal move for ``seat``, which must be the seat to act."""
        legal = self.legal_for(state, seat)
        return self.pick(legal)

    def pick(self, moves: list[Move]) -> Move:
        """One of ``moves`` at random."""
        # Random.random() is the draw Python keeps identical across versions, unlike choice().
        return moves[int(self.rng.random() * len(moves))]

    @staticmethod
    def legal_for(state: State, seat: int) -> list[Move]:
        """The legal moves, after checking that ``seat`` is the one to act."""
        if state.to_move != seat:
            raise ValueError(f"seat {seat} cannot move now; the seat to act is {state.to_move}")
        legal = state.legal_moves()
        if not legal:
            raise ValueError("there is no legal move: the game is over")
        return legal
