"""Playing to the board: what a score is worth when the game is near its end.

``data/board.npz`` (built by ``bench/cribbage_tables.py board``) holds, for each target and
skunk rule, ``V[x, y]``: the expected game points of the pone at ``x`` against the dealer at
``y`` as a deal starts (+ the points of a win, - those of a loss; with no skunks that is
``2 P(win) - 1``), from the per-deal points of ``rules`` against ``rules``.
:func:`after_play` turns the end of a deal's play into that value: the shows in their order,
then the next deal with the seats' roles swapped.

>>> round(deal_value(0, 0, 121, "none"), 2)  # the first pone is behind from the start
-0.12
>>> deal_value(120, 0, 121, "none") > 0.95
True
>>> after_play(119, 100, 3, 0, pone=True, target=121, skunk="none")  # the pone counts first
1.0
"""

from __future__ import annotations

import functools
from importlib.resources import files
from io import BytesIO

import numpy as np
import numpy.typing as npt

__all__ = ["BOARD_FILE", "after_play", "deal_value", "mean_pegs", "show_value", "win_points"]

#: The table's file in the package.
BOARD_FILE = "board.npz"


def win_points(target: int, loser: int, skunk: str) -> int:
    """Game points of a win with the loser at ``loser``, as the game's skunk rule says.

    >>> win_points(121, 91, "acc"), win_points(121, 90, "acc"), win_points(121, 60, "acc")
    (1, 2, 3)
    >>> win_points(121, 60, "hoyle"), win_points(121, 61, "hoyle"), win_points(121, 0, "none")
    (2, 1, 1)
    """
    if skunk == "acc":
        margin = target - loser
        return 3 if margin >= 61 else 2 if margin >= 31 else 1
    if skunk == "hoyle":
        return 2 if loser < (target + 1) // 2 else 1
    return 1


Array = npt.NDArray[np.float64]


@functools.cache
def _tables() -> dict[str, Array]:
    raw = files("cardtable.games.cribbage").joinpath("data", BOARD_FILE).read_bytes()
    with np.load(BytesIO(raw)) as data:
        return {name: data[name].astype(np.float64) for name in data.files}


def deal_value(pone: int, dealer: int, target: int, skunk: str) -> float:
    """The pone's expected game points as a deal starts with these scores (both below
    ``target``).

    >>> deal_value(100, 100, 121, "none") > deal_value(100, 100, 121, "acc") - 1
    True
    """
    return float(_tables()[f"{target}_{skunk}"][pone, dealer])


def mean_pegs() -> tuple[float, float]:
    """The pone's and the dealer's mean pegs in the play of ``rules`` against ``rules`` (his
    heels apart), from the table's per-deal distribution.

    >>> pone, dealer = mean_pegs()
    >>> round(pone, 2), round(dealer, 2)
    (2.04, 3.27)
    """
    peg = _tables()["peg"]
    pone = float((peg.sum(axis=1) * np.arange(peg.shape[0])).sum())
    dealer = float((peg.sum(axis=0) * np.arange(peg.shape[1])).sum())
    return pone, dealer


def after_play(
    mine: int, theirs: int, my_show: int, their_show: int, pone: bool, target: int, skunk: str
) -> float:
    """My expected game points once the play is over with scores ``mine`` and ``theirs`` (both
    below ``target``) and these shows to come (the pone's first); ``pone``: I am the pone.

    >>> after_play(100, 119, 20, 2, pone=False, target=121, skunk="none")  # they count first
    -1.0
    """
    first, second = (mine, theirs) if pone else (theirs, mine)
    first_show, second_show = (my_show, their_show) if pone else (their_show, my_show)
    sign = 1.0 if pone else -1.0
    if first + first_show >= target:
        return sign * win_points(target, second, skunk)
    if second + second_show >= target:
        return -sign * win_points(target, first + first_show, skunk)
    # The dealer of this deal is the pone of the next.
    return -sign * deal_value(second + second_show, first + first_show, target, skunk)


def _trim(dist: Array) -> tuple[npt.NDArray[np.intp], Array]:
    """The support of a distribution (indices) and its probabilities there."""
    where = np.nonzero(dist)[0]
    return where, dist[where]


def show_value(
    my_shows: dict[int, float],
    mine: int,
    theirs: int,
    pone: bool,
    target: int,
    skunk: str,
    their_shift: float = 0.0,
) -> float:
    """My expected game points for a deal about to be played, from scores ``mine`` and
    ``theirs``, when my show (hand, and crib when I deal) is worth each key of ``my_shows`` with
    its probability; the pegs of both and the opponent's show are drawn from the table's
    per-deal distributions (``rules`` against ``rules``), in the order of the game, the
    opponent's show moved by ``their_shift`` points (what my discards add to its crib beyond
    the usual).

    >>> round(show_value({29: 1.0}, 92, 110, pone=True, target=121, skunk="none"), 2)
    0.98
    >>> show_value({4: 1.0}, 110, 110, True, 121, "none") < show_value({8: 1.0}, 110, 110,
    ...                                                               True, 121, "none")
    True
    """
    tables = _tables()
    values = tables[f"{target}_{skunk}"]
    pay = np.array([win_points(target, loser, skunk) for loser in range(target)], dtype=float)
    peg = tables["peg"]
    ps, _ = _trim(peg.sum(axis=1))
    ds, _ = _trim(peg.sum(axis=0))
    grid = peg[np.ix_(ps, ds)]
    ts, pt = _trim(tables["dealer_show"] if pone else tables["pone_show"])
    if their_shift:
        # A fractional shift: the two whole shifts around it, weighed by nearness.
        low = int(np.floor(their_shift))
        part = their_shift - low
        ts = np.maximum(np.concatenate([ts + low, ts + low + 1]), 0)
        pt = np.concatenate([pt * (1 - part), pt * part])
    x0, y0 = (mine, theirs) if pone else (theirs, mine)
    xs = x0 + ps[:, None]  # the pone's score after the play
    ys = y0 + ds[None, :]
    top = target - 1
    pone_out, dealer_out = xs >= target, ys >= target
    sign = 1.0 if pone else -1.0
    # Pegging out: the pone wins (sign), the dealer wins (-sign), both (a coin).
    in_play = np.where(
        pone_out & dealer_out,
        0.0,
        np.where(pone_out, sign * pay[y0], np.where(dealer_out, -sign * pay[x0], 0.0)),
    )
    going = ~(pone_out | dealer_out)
    xc, yc = np.minimum(xs, top), np.minimum(ys, top)
    total = 0.0
    for show, chance in my_shows.items():
        if pone:
            me = xc + show  # I count first
            later = yc[..., None] + ts  # then the dealer
            after = np.where(
                later >= target,
                -pay[np.minimum(me, top)][..., None],
                -values[np.minimum(later, top), np.minimum(me, top)[..., None]],
            )
            settled = np.where(me >= target, pay[yc], after @ pt)
        else:
            them = xc[..., None] + ts  # the pone counts first
            me = yc[..., None] + show
            after = np.where(
                me >= target,
                pay[np.minimum(them, top)],
                values[np.minimum(me, top), np.minimum(them, top)],
            )
            settled = np.where(them >= target, -pay[yc][..., None], after) @ pt
        value = np.where(going, settled, in_play)
        total += chance * float((grid * value).sum())
    return total
