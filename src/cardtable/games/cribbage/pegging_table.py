"""The pegging table: what four kept ranks can expect to peg, less the opponent's pegs, as the
pone and as the dealer.

Suits never matter in the play, so the 1,820 multisets of four ranks cover every kept hand.
For each and each role ``data/pegging.npz`` holds the mean of our pegs less the opponent's over
simulated deals (our other two cards, the opponent's six and the starter dealt at random from
the rest of the pack; the opponent keeping the four the suit-free discard table ranks best for
its role; both seats pegging as the ``rules`` bot does,
:func:`~cardtable.games.cribbage.rank_play.play_deal`) and the standard deviation of one deal,
in thousandths of a point. ``bench/cribbage_pegging_table.py`` builds it; every deal index uses
one shuffled pack for every hand and role, so the differences between hands, which the
discards weigh, are measured closer than the means themselves.

>>> round(pegging_ev((2, 2, 3, 3), dealer=False), 2), round(pegging_ev((5, 5, 5, 6), False), 2)
(1.49, -3.88)
>>> kept_index((1, 1, 1, 1)), kept_index((13, 13, 13, 13)), len(kept_hands())
(0, 1819, 1820)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from importlib.resources import files
from io import BytesIO
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from cardtable.errors import CardError

__all__ = ["PEGGING_FILE", "SCALE", "kept_hands", "kept_index", "pegging_ev", "pegging_sd"]

#: The table's file in the package.
PEGGING_FILE = "pegging.npz"
#: Stored values are points times this.
SCALE = 1000


@functools.cache
def kept_hands() -> tuple[tuple[int, ...], ...]:
    """Every sorted four-rank hand (1 = ace .. 13 = king), in table order.

    >>> kept_hands()[:2]
    ((1, 1, 1, 1), (1, 1, 1, 2))
    """
    return tuple(combinations_with_replacement(range(1, 14), 4))


@functools.cache
def _index() -> dict[tuple[int, ...], int]:
    return {ranks: i for i, ranks in enumerate(kept_hands())}


def kept_index(ranks: Sequence[int]) -> int:
    """The table row of four kept ranks (any order).

    >>> kept_index((10, 5, 5, 10)) == kept_index((5, 5, 10, 10))
    True
    >>> kept_index((5, 5, 5, 5, 5))
    Traceback (most recent call last):
    ...
    cardtable.errors.CardError: a kept hand is four ranks from 1 to 13, not [5, 5, 5, 5, 5]
    """
    key = tuple(sorted(ranks))
    row = _index().get(key)
    if row is None:
        raise CardError(f"a kept hand is four ranks from 1 to 13, not {list(key)}")
    return row


@functools.cache
def _table() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], int]:
    raw = files("cardtable.games.cribbage").joinpath("data", PEGGING_FILE).read_bytes()
    with np.load(BytesIO(raw)) as data:
        means = data["means"].astype(np.float64) / SCALE
        sds = data["sds"].astype(np.float64) / SCALE
        deals = int(data["deals"])
    if means.shape != (len(kept_hands()), 2) or sds.shape != means.shape:
        raise ValueError(f"the pegging table has shape {means.shape}; rebuild it")
    return means, sds, deals


def pegging_ev(ranks: Sequence[int], dealer: bool) -> float:
    """Our expected pegs less the opponent's in the play of four kept ranks, as the dealer or
    the pone (the shipped table's mean).

    >>> pegging_ev((5, 5, 10, 10), dealer=True) > pegging_ev((5, 5, 10, 10), dealer=False)
    True
    """
    means = _table()[0]
    return float(means[kept_index(ranks), int(dealer)])


def pegging_sd(ranks: Sequence[int], dealer: bool) -> tuple[float, int]:
    """The standard deviation of one deal's pegging difference behind :func:`pegging_ev`,
    and the number of simulated deals the mean is taken over (its standard error is the one
    over the square root of the other).

    >>> sd, deals = pegging_sd((5, 5, 10, 10), dealer=True)
    >>> 1 < sd < 6, deals >= 1000
    (True, True)
    """
    _, sds, deals = _table()
    return float(sds[kept_index(ranks), int(dealer)]), deals
