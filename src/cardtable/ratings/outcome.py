"""How a finished game ranks its sides: by final score (the lowest first where the game's lowest
total wins), ties sharing a place, and every side with a leaver last whatever its score.

A *side* is the seats that play together and share a result: partners in Calypso, a team in
Krypkasino, a partnership in four-handed Cribbage, each seat alone where the game has no
teams (the engine's :meth:`~cardtable.engine.State.sides`).

>>> placings(Outcome(sides=((0,), (1,), (2,)), scores=(5, 9, 5)))
[2, 1, 2]
>>> placings(Outcome(sides=((0, 2), (1, 3)), scores=(3, 8, 3, 8), lower_wins=True))
[1, 2]
>>> placings(Outcome(sides=((0,), (1,)), scores=(121, 80), leavers=frozenset({0})))
[2, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.errors import CardtableError

__all__ = ["Outcome", "placings"]


@dataclass(frozen=True)
class Outcome:
    """A finished game as the ratings read it: its sides (seat numbers), each seat's final
    score (partners show their side's), whether the lowest score wins, and the seats whose
    person left the game (their side is placed last)."""

    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    lower_wins: bool = False
    leavers: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        seats = sorted(s for side in self.sides for s in side)
        if seats != list(range(len(self.scores))) or len(self.sides) < 2:
            raise CardtableError(
                f"the sides {list(map(list, self.sides))} must hold every seat from 0 to "
                f"{len(self.scores) - 1} once, in at least two sides"
            )
        stray = sorted(s for s in self.leavers if not 0 <= s < len(self.scores))
        if stray:
            raise CardtableError(
                f"leavers {stray} are not seats: a seat is from 0 to {len(self.scores) - 1}"
            )

    def side_of(self, seat: int) -> int:
        """The index of the side that ``seat`` plays on.

        >>> Outcome(sides=((0, 2), (1, 3)), scores=(1, 2, 1, 2)).side_of(3)
        1
        """
        return next(i for i, side in enumerate(self.sides) if seat in side)


def _key(outcome: Outcome, side: Sequence[int]) -> tuple[int, int]:
    """A side's sort key, best first: not left, then its score (its best seat's, which every
    partner shares), the lowest first where the lowest wins."""
    left = any(s in outcome.leavers for s in side)
    scores = [outcome.scores[s] for s in side]
    score = min(scores) if outcome.lower_wins else -max(scores)
    return (1 if left else 0, score)


def placings(outcome: Outcome) -> list[int]:
    """Each side's place, 1 the best, sides level on score (and on leaving) sharing a place:
    every side with a leaver comes after every side without one."""
    keys = [_key(outcome, side) for side in outcome.sides]
    return [1 + sum(1 for other in keys if other < key) for key in keys]
