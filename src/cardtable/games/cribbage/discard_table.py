"""The suit-free discard table: every six-card hand of ranks, each of its 15 discards, with the
kept cards' and the crib's expected fifteens, pairs and runs.

Suits only add flush and nobs, which are small and cheap to add at run time, so the 18,395
multisets of six ranks (no rank more than four times) cover every two-player hand. For each the
table holds, per discard (positions ``(i, j)`` of the sorted ranks in
``itertools.combinations(range(6), 2)`` order), the kept four's mean over every starter and the
crib's mean over every (opponent toss, starter) of the 46 unseen cards, as the exact advisor
counts them (:func:`~cardtable.games.cribbage.analysis.discard_advice`, less suits). The
expert bot reads it to judge how likely an opponent's hidden discard was (inference), which
needs thousands of hands a second.

``bench/cribbage_tables.py`` computes it (:func:`rank_discard_values` for every hand) and writes
``data/discards.npz``; the values are stored in thousandths of a point.

>>> values = rank_discard_values((4, 5, 5, 5, 6, 11))
>>> [round(v, 4) for v in values[DISCARD_PAIRS.index((0, 4))]]  # lay away 4 and 6: keep 5 5 5 J
[16.3913, 3.8882]
>>> table_values((4, 5, 5, 5, 6, 11)) == [(round(h, 3), round(c, 3)) for h, c in
...     rank_discard_values((4, 5, 5, 5, 6, 11))]
True
"""

from __future__ import annotations

import functools
from importlib.resources import files
from io import BytesIO
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from cardtable.games.cribbage.scoring import FIVE_RANK_POINTS, RANK_WEIGHT

__all__ = [
    "DISCARD_PAIRS",
    "SCALE",
    "TABLE_FILE",
    "discard_regrets",
    "hand_index",
    "rank_discard_values",
    "rank_hands",
    "regret_rows",
    "table_values",
]

#: The 15 ways to lay away two of six sorted ranks, as positions, in table order.
DISCARD_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(6), 2))
#: Stored values are points times this.
SCALE = 1000
#: The table's file in the package.
TABLE_FILE = "discards.npz"
_UNSEEN = 46
_CRIB_DEALS = comb(_UNSEEN, 2) * (_UNSEEN - 2)


def rank_hands() -> list[tuple[int, ...]]:
    """Every sorted six-rank hand a pack can deal, in table order.

    >>> hands = rank_hands()
    >>> len(hands), hands[0], hands[-1]
    (18395, (1, 1, 1, 1, 2, 2), (12, 12, 13, 13, 13, 13))
    """
    return [
        ranks
        for ranks in combinations_with_replacement(range(1, 14), 6)
        if all(ranks.count(r) <= 4 for r in set(ranks))
    ]


def rank_discard_values(ranks6: tuple[int, ...]) -> list[tuple[float, float]]:
    """(kept hand's mean, crib's mean) of each discard of sorted ``ranks6``, suits left out.

    >>> [round(v, 3) for v in rank_discard_values((1, 2, 3, 4, 5, 6))[0]]  # lay away A 2
    [9.848, 4.127]
    """
    left = [0] + [4] * 13
    for r in ranks6:
        left[r] -= 1
    points = FIVE_RANK_POINTS
    w = RANK_WEIGHT
    triples: list[tuple[int, int]] = []
    for ranks in combinations_with_replacement(range(1, 14), 3):
        ways = 1
        for r in set(ranks):
            ways *= comb(left[r], ranks.count(r))
        if ways:
            triples.append((w[ranks[0]] + w[ranks[1]] + w[ranks[2]], 3 * ways))
    out: list[tuple[float, float]] = []
    for i, j in DISCARD_PAIRS:
        keep = sum(w[r] for k, r in enumerate(ranks6) if k != i and k != j)
        hand = sum(left[r] * points[keep + w[r]] for r in range(1, 14) if left[r])
        base = w[ranks6[i]] + w[ranks6[j]]
        crib = sum(points[base + weight] * ways for weight, ways in triples)
        out.append((hand / _UNSEEN, crib / _CRIB_DEALS))
    return out


@functools.cache
def _table() -> tuple[dict[tuple[int, ...], int], npt.NDArray[np.float64]]:
    raw = files("cardtable.games.cribbage").joinpath("data", TABLE_FILE).read_bytes()
    with np.load(BytesIO(raw)) as data:
        values = data["values"].astype(np.float64) / SCALE
    index = {ranks: i for i, ranks in enumerate(rank_hands())}
    if values.shape != (len(index), len(DISCARD_PAIRS), 2):
        raise ValueError(f"the discard table has shape {values.shape}; rebuild it")
    return index, values


def table_values(ranks6: tuple[int, ...]) -> list[tuple[float, float]]:
    """The shipped table's (hand, crib) means of each discard of sorted ``ranks6``.

    >>> table_values((1, 2, 3, 4, 5, 6))[0]
    (9.848, 4.127)
    """
    index, values = _table()
    return [(float(h), float(c)) for h, c in values[index[ranks6]]]


def hand_index(ranks6: tuple[int, ...]) -> int:
    """The table row of sorted ``ranks6``.

    >>> hand_index((1, 1, 1, 1, 2, 2)), hand_index((12, 12, 13, 13, 13, 13))
    (0, 18394)
    """
    return _table()[0][ranks6]


@functools.cache
def _regrets(dealer: bool) -> npt.NDArray[np.float64]:
    values = _table()[1]
    net = values[:, :, 0] + values[:, :, 1] if dealer else values[:, :, 0] - values[:, :, 1]
    result: npt.NDArray[np.float64] = net.max(axis=1, keepdims=True) - net
    return result


def regret_rows(rows: npt.NDArray[np.intp], dealer: bool) -> npt.NDArray[np.float64]:
    """For each table row in ``rows``, each discard's expected net points given up against the
    best discard (0 for the best), for the dealer or the pone, suits left out.

    >>> import numpy as np
    >>> regrets = regret_rows(np.array([hand_index((4, 5, 5, 5, 6, 11))]), dealer=False)
    >>> regrets.shape, float(regrets[0].min()), DISCARD_PAIRS[int(regrets[0].argmin())]
    ((1, 15), 0.0, (0, 4))
    """
    result: npt.NDArray[np.float64] = _regrets(dealer)[rows]
    return result


def discard_regrets(ranks6: tuple[int, ...], dealer: bool) -> npt.NDArray[np.float64]:
    """:func:`regret_rows` of one sorted six-rank hand.

    >>> [round(float(r), 3) for r in discard_regrets((4, 5, 5, 5, 6, 11), dealer=False)[:4]]
    [9.859, 9.859, 9.859, 0.0]
    """
    rows = regret_rows(np.array([hand_index(ranks6)], dtype=np.intp), dealer)
    row: npt.NDArray[np.float64] = rows[0]
    return row
