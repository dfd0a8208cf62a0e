"""The opening leads, solved: for every four kept ranks against every four the other holds,
the net pegs of best play after each lead.

The pegging solver's costliest question is the first one of a deal, the pone's lead with four
cards against four (two thirds of the expert's solving time, and it is asked afresh for every
likely hand of the opponent). Its answer depends on the two hands of ranks only, so
``data/leads.npz`` holds it for all 1,820 × 1,820 pairs: per pair, the value of leading each
distinct rank of the leader's hand, lowest rank first, as
:func:`~cardtable.games.cribbage.solver.play_values` gives it (:data:`NONE` where the pair
cannot be dealt from one pack or the hand has fewer distinct ranks). ``bench/cribbage_tables.py
leads`` builds it (about three minutes on two cores); ``tests/test_cribbage_solver.py`` checks
it against the solver.

>>> lead_values((5, 5, 10, 11), (1, 4, 6, 13))
{5: -5, 10: -6, 11: -6}
>>> lead_values((5, 5, 5, 5), (5, 6, 7, 8)) is None  # five fives: no pack deals it
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from importlib.resources import files
from io import BytesIO

import numpy as np
import numpy.typing as npt

from cardtable.games.cribbage.pegging_table import kept_hands, kept_index

__all__ = ["LEADS_FILE", "NONE", "dealable", "lead_values"]

#: The table's file in the package.
LEADS_FILE = "leads.npz"
#: A cell with no lead: the pair cannot be dealt, or the hand has no more distinct ranks.
NONE = -128


def dealable(mine: Sequence[int], other: Sequence[int]) -> bool:
    """Whether one pack holds both hands (no rank more than four times).

    >>> dealable((5, 5, 5, 6), (5, 6, 6, 6)), dealable((5, 5, 5, 6), (5, 5, 6, 6))
    (True, False)
    """
    both = [*mine, *other]
    return all(both.count(r) <= 4 for r in set(both))


@functools.cache
def _table() -> npt.NDArray[np.int8]:
    raw = files("cardtable.games.cribbage").joinpath("data", LEADS_FILE).read_bytes()
    with np.load(BytesIO(raw)) as data:
        values: npt.NDArray[np.int8] = data["values"]
    hands = len(kept_hands())
    if values.shape != (hands, hands, 4):
        raise ValueError(f"the lead table has shape {values.shape}; rebuild it")
    return values


def lead_values(mine: Sequence[int], other: Sequence[int]) -> dict[int, int] | None:
    """Each rank the holder of four ``mine`` may lead against four ``other``, with the net pegs
    of best play after it (None where one pack cannot deal both hands).

    >>> lead_values((1, 2, 3, 4), (10, 10, 10, 10))
    {1: 0, 2: 0, 3: 0, 4: 0}
    """
    row = _table()[kept_index(mine), kept_index(other)]
    if row[0] == NONE:
        return None
    ranks = sorted(set(mine))
    return {rank: int(row[k]) for k, rank in enumerate(ranks)}
