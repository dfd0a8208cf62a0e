"""Exact two-player pegging near the end of a game, valued in game points, not pegs.

:func:`endgame_values` searches the rest of the play as
:func:`~cardtable.games.cribbage.solver.peg_value` does (best play by both, the opponent
knowing our cards), but with the scores on the board: a player who reaches the target in the
play wins at once, and a play that ends below it is worth what :func:`finish` says (the shows
in their order, then the board table). So at 119 two points now beat four later, and a
pegging line that gives away points costs nothing when the opponent cannot use them.

>>> from functools import partial
>>> finish = partial(toy_finish, target=121)
>>> endgame_values((5, 10), (10,), 0, (), 119, 100, finish, 121, "none")  # 10 first: 5 makes 15
{5: 1.0, 10: 1.0}
>>> endgame_values((5, 10), (10,), 0, (), 110, 119, finish, 121, "none")  # either gives 2
{5: -1.0, 10: -1.0}
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.games.cribbage.board import win_points
from cardtable.games.cribbage.scoring import peg_score

__all__ = ["endgame_values", "toy_finish"]

_VAL = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

#: My value once the play is over, from (my score, their score), both below the target.
Finish = Callable[[int, int], float]


def toy_finish(mine: int, theirs: int, target: int) -> float:
    """A stand-in for the shows and the board, for examples: the side ahead wins.

    >>> toy_finish(100, 90, 121), toy_finish(90, 90, 121)
    (1.0, 0.0)
    """
    return float((mine > theirs) - (mine < theirs))


def endgame_values(
    mine: tuple[int, ...],
    theirs: tuple[int, ...],
    count: int,
    run: tuple[int, ...],
    my_score: int,
    their_score: int,
    finish: Finish,
    target: int,
    skunk: str,
) -> dict[int, float]:
    """Each rank I may play (my sorted ``mine`` against their sorted ``theirs`` at ``count``
    after ``run``) with my expected game points under best play by both."""
    memo: dict[tuple[object, ...], float] = {}

    def won(side: int, loser: int) -> float:
        points = float(win_points(target, loser, skunk))
        return points if side == 0 else -points

    def node(
        mover: int,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        count: int,
        run: tuple[int, ...],
        scores: tuple[int, int],
    ) -> float:
        key = (mover, hands, count, run, scores)
        hit = memo.get(key)
        if hit is not None:
            return hit
        room = 31 - count
        values = [
            after(mover, hands, count, run, scores, rank)
            for rank in set(hands[mover])
            if _VAL[rank] <= room
        ]
        best = max(values) if mover == 0 else min(values)
        memo[key] = best
        return best

    def after(
        mover: int,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        count: int,
        run: tuple[int, ...],
        scores: tuple[int, int],
        rank: int,
    ) -> float:
        held = hands[mover]
        i = held.index(rank)
        rest = held[:i] + held[i + 1 :]
        other = hands[1 - mover]
        new_hands = (rest, other) if mover == 0 else (other, rest)
        count += _VAL[rank]
        run = (*run, rank)
        gained = peg_score(run, count)
        if count < 31:
            room = 31 - count
            if other and _VAL[other[0]] <= room:
                return pegged(mover, new_hands, scores, gained, 1 - mover, count, run)
            if rest and _VAL[rest[0]] <= room:
                return pegged(mover, new_hands, scores, gained, mover, count, run)
            gained += 1  # the go, or the last card
        nxt = 1 - mover if other else mover
        if not other and not rest:
            nxt = -1
        return pegged(mover, new_hands, scores, gained, nxt, 0, ())

    def pegged(
        mover: int,
        hands: tuple[tuple[int, ...], tuple[int, ...]],
        scores: tuple[int, int],
        gained: int,
        nxt: int,
        count: int,
        run: tuple[int, ...],
    ) -> float:
        if gained:
            total = scores[mover] + gained
            if total >= target:
                return won(mover, scores[1 - mover])
            scores = (total, scores[1]) if mover == 0 else (scores[0], total)
        if nxt < 0:
            return finish(*scores)
        return node(nxt, hands, count, run, scores)

    hands = (mine, theirs)
    room = 31 - count
    return {
        rank: after(0, hands, count, run, (my_score, their_score), rank)
        for rank in sorted(set(mine))
        if _VAL[rank] <= room
    }
