"""What a Calypso position is worth when a deal ends: the points already won, and what each
unfinished calypso is expected to become in the deals still to come.

The game's own standing counts a card of an unfinished calypso as 20 points, as if the round
ended now; but eleven cards of a calypso with two deals to come usually grow into a finished
one (500 points or more). ``FUTURE[deals_left - 1][cards]`` is the mean final score of a seat's
calypsos beyond those already completed, measured by ``bench/calypso_values.py`` (40,000
rounds of four ``rules`` bots, ``--rounds 40000 --seed 1``: 1,253 to 49,546 lines a cell, each
mean within ±1.4 to ±14 points at 95%).

>>> value_at_end_of_deal(4, [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0])
[0, 500, 0, 0]
>>> value_at_end_of_deal(3, [0, 0, 0, 0], [0b111, 0, 0, 0], [2, 0, 0, 0]) == [
...     20 + FUTURE[0][3], FUTURE[0][0], FUTURE[0][0], FUTURE[0][0]]
True
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.calypso.sim import CALYPSO_TOTALS

__all__ = ["FUTURE", "value_at_end_of_deal"]

#: By deals left (1, 2, 3) and cards of the calypso in progress (0..12): the expected final
#: points of the seat's calypsos beyond those completed (see the module docs).
FUTURE: tuple[tuple[int, ...], ...] = (
    (130, 142, 154, 168, 181, 200, 217, 241, 274, 313, 373, 441, 525),
    (234, 257, 291, 306, 337, 369, 402, 437, 469, 507, 547, 595, 654),
    (415, 460, 469, 492, 519, 539, 560, 584, 605, 631, 663, 706, 785),
)


def value_at_end_of_deal(
    deal: int, completed: Sequence[int], progress: Sequence[int], pile: Sequence[int]
) -> list[int]:
    """Each seat's expected round points once deal ``deal`` (1..4) is over: its completed
    calypsos, its pile (10 a card) and what its calypso in progress (a rank mask) should
    become; after the fourth deal, exactly what the round scores."""
    out = []
    for s in range(4):
        cards = progress[s].bit_count()
        base = CALYPSO_TOTALS[completed[s]] + 10 * pile[s]
        out.append(base + (20 * cards if deal >= 4 else FUTURE[3 - deal][cards]))
    return out
