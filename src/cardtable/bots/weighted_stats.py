"""A search's report when its worlds are weighted (by how likely the other seats' moves were in
each): every mean, error bar and paired gap over the worlds with their weights, the error bars
from the effective number of worlds, ``(sum w)^2 / sum w^2``, since a few heavy worlds tell
less than as many equal ones.

>>> stats = weighted_stats(["a", "b"], [[1.0, 2.0, 3.0], [3.0, 5.0, 4.0]], [1.0, 1.0, 1.0], [1, 0])
>>> [(s.move, s.mean, s.visits, s.margin, s.gap, s.gap_margin) for s in stats]
[('b', 4.0, 3, 1.1316, 0.0, 0.0), ('a', 2.0, 3, 1.1316, -2.0, 1.1316)]
>>> heavy = weighted_stats(["a"], [[0.0, 10.0, 4.0]], [2.0, 1.0, 1.0], [0])[0]
>>> heavy.mean, heavy.margin  # 2.67 effective worlds of 3
(3.5, 6.2135)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from cardtable.bots.search import Z95, MoveStats

__all__ = ["weighted_margin", "weighted_stats"]


def weighted_margin(
    values: Sequence[float], weights: Sequence[float]
) -> tuple[float, float | None]:
    """The weighted mean of ``values`` and its 95% margin: 1.96 weighted standard errors over
    the effective number of worlds, with the unbiased weighted variance (reliability weights);
    equal weights give the plain mean and margin. The margin is None under two effective
    worlds' worth of weight (one world, or one world holding nearly all of it).

    >>> weighted_margin([1.0, 2.0, 3.0], [2.0, 2.0, 2.0])
    (2.0, 1.1316)
    >>> weighted_margin([4.0, 9.0], [1.0, 0.0])
    (4.0, None)
    """
    top = max(weights, default=0.0)
    if top <= 0:
        return 0.0, None
    # Scaled to the largest: tiny weights would underflow when squared.
    scaled = [w / top for w in weights]
    total = sum(scaled)
    squares = sum(w * w for w in scaled)
    mean = sum(w * v for w, v in zip(scaled, values, strict=True)) / total
    n_eff = total * total / squares
    if n_eff < 2 - 1e-9:
        return mean, None
    spread = sum(w * (v - mean) ** 2 for w, v in zip(scaled, values, strict=True))
    variance = spread / (total - squares / total)
    return mean, round(Z95 * math.sqrt(variance / n_eff), 4)


def weighted_stats(
    texts: Sequence[str],
    by_move: Sequence[Sequence[float]],
    weights: Sequence[float],
    order: Sequence[int],
    counted: Sequence[Mapping[str, float]] | None = None,
) -> list[MoveStats]:
    """The report of a search that played every move in the same weighted worlds, as
    :class:`~cardtable.bots.search.MoveStats` in ``order`` (the move made first): each move's
    weighted mean (``by_move[i]``: move ``i``'s value world by world) with its 95% margin, its
    paired gap to the first, and ``counted[i]``: its reason counters as weighted means a
    world (kept as if summed over every world, so that
    :meth:`~cardtable.bots.search.MoveStats.rate` gives the weighted mean)."""
    first = order[0]
    worlds = len(weights)
    out: list[MoveStats] = []
    for i in order:
        mean, margin = weighted_margin(by_move[i], weights)
        diffs = [v - b for v, b in zip(by_move[i], by_move[first], strict=True)]
        gap, gap_margin = weighted_margin(diffs, weights)
        counters = dict(counted[i]) if counted is not None else {}
        out.append(
            MoveStats(
                texts[i],
                mean,
                worlds,
                margin,
                worlds if counted is not None else 0,
                counters,
                gap if i != first else 0.0,
                gap_margin if i != first else 0.0,
                True,
            )
        )
    return out
