"""What a two-player opponent's hidden discard says about the cards it kept.

A player lays away the two cards that leave it the most expected points (hand, plus or minus the
crib); so, of the hands that agree with what the seat has seen, the likely ones are those whose
owner would have thrown away two cards that cost little. :func:`opponent_deals` draws candidate
hands of the opponent (consistent with every card seen and every go said) with two hidden
discards each, and weighs each by the chance that a player choosing by a softmax of the suit-free
advisor values (:func:`~cardtable.games.cribbage.discard_table.discard_regrets`, sharpness
``beta`` per point) lays those two away: P(world | what the seat saw) is proportional to it, as
every deal is equally likely. :func:`held_only` sums the weights by the ranks still held, which
is all the pegging solver needs; near the end of a game the discards count too (in the crib).

>>> import random
>>> from cardtable.cards import parse_cards
>>> seen = parse_cards("5H 5D 5C JS 4S 6H KD")  # our six and the starter
>>> deals = opponent_deals(seen, [], 4, -1, dealer=True, draws=50, per_hand=4,
...                        beta=2.0, rng=random.Random(1))
>>> round(sum(deals.values()), 6), all(len(held) == 4 for held, _ in deals)
(1.0, True)
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from cardtable.games.cribbage.discard_table import (
    DISCARD_PAIRS,
    hand_index,
    rank_hands,
    regret_rows,
)
from cardtable.games.cribbage.scoring import peg_score
from cardtable.games.cribbage.tables import RANK, VALUE

__all__ = [
    "PastPlay",
    "held_only",
    "likeliest_holdings",
    "missed_pegs",
    "opponent_deals",
    "past_plays",
]

#: One play of the opponent: the count's ranks before it, the count, the rank it played and
#: the ranks it played later in the deal.
PastPlay = tuple[tuple[int, ...], int, int, tuple[int, ...]]


def past_plays(plays: Sequence[tuple[int, int]], seat: int) -> list[PastPlay]:
    """The plays of ``seat`` among the deal's (seat, card) ``plays`` in order, each with the
    count it was made on (two players: the count starts again when a card does not fit).

    >>> from cardtable.cards import parse_cards
    >>> ten, five, king, six = parse_cards("10H 5S KD 6C")
    >>> past_plays([(0, ten), (1, five), (0, king), (1, six)], 1)
    [((10,), 10, 5, (6,)), ((10, 5, 13), 25, 6, ())]
    """
    out: list[tuple[tuple[int, ...], int, int]] = []
    run: list[int] = []
    count = 0
    for who, card in plays:
        if count == 31 or count + VALUE[card] > 31:
            run, count = [], 0
        if who == seat:
            out.append((tuple(run), count, RANK[card]))
        run.append(RANK[card])
        count += VALUE[card]
    ranks = [rank for _, _, rank in out]
    return [(r, c, rank, tuple(ranks[i + 1 :])) for i, (r, c, rank) in enumerate(out)]


def missed_pegs(plays: Sequence[PastPlay], held: tuple[int, ...]) -> int:
    """The points a player now holding ``held`` gave up in ``plays``: at each, the most a card
    it then held could peg at once less what the card it played pegged.

    >>> missed_pegs([((10,), 10, 6, ())], (5,))  # it held a 5 and did not make fifteen
    2
    >>> missed_pegs([((10,), 10, 6, ())], (9,))
    0
    """
    missed = 0
    for run, count, rank, later in plays:
        room = 31 - count
        line = [*run, 0]
        best = 0
        for r in {*held, *later}:
            if min(r, 10) > room:
                continue
            line[-1] = r
            best = max(best, peg_score(line, count + min(r, 10)))
        line[-1] = rank
        missed += max(0, best - peg_score(line, count + min(rank, 10)))
    return missed


# (first position, second position) of a discard in the sorted six ranks -> table column.
_PAIR_COLUMN = {pair: k for k, pair in enumerate(DISCARD_PAIRS)}


def _column(ranks6: tuple[int, ...], a: int, b: int) -> int:
    i = ranks6.index(a)
    j = i + 1 if a == b else ranks6.index(b)
    return _PAIR_COLUMN[(i, j)]


def opponent_deals(
    seen: Sequence[int],
    opp_played: Sequence[int],
    held: int,
    limit: int,
    dealer: bool,
    draws: int,
    per_hand: int,
    beta: float,
    rng: random.Random,
    plays: Sequence[PastPlay] = (),
    gamma: float = 0.0,
    batch: bool = False,
) -> dict[tuple[tuple[int, ...], tuple[int, int]], float]:
    """The opponent's possible (held ranks, discarded ranks), sorted tuples, with their
    probabilities (summing to 1), from ``draws`` hands of ``held`` cards drawn from the cards
    not ``seen`` (``seen``: every card the seat knows the place of, the opponent's
    ``opp_played`` cards included) that are worth more than ``limit`` (its go), each with
    ``per_hand`` drawn discards. ``dealer``: the opponent deals (its discards go to its own
    crib). With ``plays`` (the opponent's plays of this deal, see :func:`past_plays`) each hand
    is also weighed by ``exp(-gamma * missed)``, ``missed`` being the points its owner could have
    pegged at once but did not (:func:`missed_pegs`). ``batch`` draws every hand at once with
    numpy (a generator seeded from ``rng``): the same distribution, other draws, several times
    faster.

    >>> import random
    >>> from cardtable.cards import parse_cards
    >>> seen = parse_cards("AH 2H 3H 4H 6H 7H 8H 9H 10H JH QH KH KS KD KC")
    >>> deals = opponent_deals(seen, parse_cards("KS KD KC"), 1, 9, False, 20, 2, 1.0,
    ...                        random.Random(3))
    >>> sorted({held for held, _ in deals})  # after a go at 22 it holds a ten-card (no king)
    [(10,), (11,), (12,)]
    >>> batched = opponent_deals(seen, parse_cards("KS KD KC"), 1, 9, False, 20, 2, 1.0,
    ...                          random.Random(3), batch=True)
    >>> sorted({held for held, _ in batched})
    [(10,), (11,), (12,)]
    """
    if batch:
        base, thrown, chosen = _weighed_draws(
            seen, opp_played, held, limit, dealer, draws, per_hand, beta, rng, plays, gamma
        )
        pairs = zip(base.tolist(), thrown.tolist(), strict=True)
        return _normalised([(tuple(h), (x, y)) for h, (x, y) in pairs], chosen.tolist())
    known = set(seen)
    unseen = [c for c in range(52) if c not in known]
    played = [RANK[c] for c in opp_played]
    kept, rows, cols = _draw_one_by_one(unseen, played, held, limit, draws, per_hand, rng)
    weights = _chosen(rows, cols, dealer, beta).tolist()
    if plays and gamma > 0:
        by_play: dict[tuple[int, ...], float] = {}
        for i, (ranks, _) in enumerate(kept):
            factor = by_play.get(ranks)
            if factor is None:
                factor = by_play[ranks] = math.exp(-gamma * missed_pegs(plays, ranks))
            weights[i] *= factor
    return _normalised(kept, weights)


def _normalised(
    kept: list[tuple[tuple[int, ...], tuple[int, int]]], weights: list[float]
) -> dict[tuple[tuple[int, ...], tuple[int, int]], float]:
    """The weights of the drawn (held, discarded) ranks summed by key, scaled to sum to 1."""
    summed: dict[tuple[tuple[int, ...], tuple[int, int]], float] = {}
    for key, w in zip(kept, weights, strict=True):
        summed[key] = summed.get(key, 0.0) + w
    total = math.fsum(summed.values())
    return {key: w / total for key, w in summed.items()}


def _weighed_draws(
    seen: Sequence[int],
    opp_played: Sequence[int],
    held: int,
    limit: int,
    dealer: bool,
    draws: int,
    per_hand: int,
    beta: float,
    rng: random.Random,
    plays: Sequence[PastPlay],
    gamma: float,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """The batch draws of :func:`opponent_deals`: held ranks and discarded ranks (a row per
    discard drawn) and each row's weight, before they are summed."""
    known = set(seen)
    unseen = [c for c in range(52) if c not in known]
    played = [RANK[c] for c in opp_played]
    base, thrown, rows, cols = _draw_arrays(unseen, played, held, limit, draws, per_hand, rng)
    chosen = _chosen(rows, cols, dealer, beta)
    if plays and gamma > 0:
        chosen = chosen * np.exp(-gamma * _missed_rows(plays, base))
    return base, thrown, chosen


def likeliest_holdings(
    seen: Sequence[int],
    opp_played: Sequence[int],
    held: int,
    limit: int,
    dealer: bool,
    draws: int,
    per_hand: int,
    beta: float,
    rng: random.Random,
    most: int,
    plays: Sequence[PastPlay] = (),
    gamma: float = 0.0,
) -> list[tuple[tuple[int, ...], float]]:
    """The ``most`` likeliest held ranks of :func:`opponent_deals` drawn with ``batch``, their
    weights scaled to sum to 1, likeliest first (equal weights: the lower ranks first): what
    the pegging search solves, weighed in arrays from the draws to the end.

    >>> import random
    >>> from cardtable.cards import parse_cards
    >>> seen = parse_cards("AH 2H 3H 4H 6H 7H 8H 9H 10H JH QH KH KS KD KC")
    >>> top = likeliest_holdings(seen, parse_cards("KS KD KC"), 1, 9, False, 20, 2, 1.0,
    ...                          random.Random(3), most=2)
    >>> deals = opponent_deals(seen, parse_cards("KS KD KC"), 1, 9, False, 20, 2, 1.0,
    ...                        random.Random(3), batch=True)  # the same draws, as a dict
    >>> every = sorted(held_only(deals).items(), key=lambda item: (-item[1], item[0]))
    >>> [held for held, _ in top] == [held for held, _ in every[:2]]
    True
    """
    base, _, chosen = _weighed_draws(
        seen, opp_played, held, limit, dealer, draws, per_hand, beta, rng, plays, gamma
    )
    # Sum the weights by the held ranks (read as a number: the order of the tuples).
    codes = base @ (14 ** np.arange(held - 1, -1, -1, dtype=np.int64))
    keys, first, which = np.unique(codes, return_index=True, return_inverse=True)
    sums = np.bincount(which.ravel(), weights=chosen, minlength=len(keys))
    top = np.lexsort((keys, -sums))[:most]
    total = float(sums[top].sum())
    hands = base[first[top]].tolist()
    return [(tuple(h), float(w) / total) for h, w in zip(hands, sums[top].tolist(), strict=True)]


def _chosen(
    rows: npt.NDArray[np.intp], cols: npt.NDArray[np.intp], dealer: bool, beta: float
) -> npt.NDArray[np.float64]:
    """The chance that a player choosing by a softmax of the discards' values (sharpness
    ``beta`` a point) lays away the discard at each (row, column) of the discard table."""
    exp = np.exp(-beta * regret_rows(rows, dealer))
    chosen: npt.NDArray[np.float64] = exp[np.arange(len(rows)), cols] / exp.sum(axis=1)
    return chosen


def _missed_rows(plays: Sequence[PastPlay], held: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """:func:`missed_pegs` of every row of ranks in ``held`` at once.

    >>> _missed_rows([((10,), 10, 6, ())], np.array([[5], [9]])).tolist()
    [2, 0]
    """
    missed = np.zeros(len(held), dtype=np.int64)
    for run, count, rank, later in plays:
        room = 31 - count
        line = [*run, 0]
        # What each rank would have pegged (0: it does not fit, or all four are in the count).
        gains = np.zeros(14, dtype=np.int64)
        for r in range(1, 14):
            if min(r, 10) <= room and run.count(r) < 4:
                line[-1] = r
                gains[r] = peg_score(line, count + min(r, 10))
        line[-1] = rank
        made = peg_score(line, count + min(rank, 10))
        best = max((int(gains[r]) for r in later), default=0)
        if held.shape[1]:
            best_held = gains[held].max(axis=1)
            missed += np.maximum(0, np.maximum(best_held, best) - made)
        else:
            missed += max(0, best - made)
    return missed


# What a sampler gives: each drawn (held ranks, discarded ranks), its six's row of the discard
# table and the discard's column there.
_Drawn = tuple[
    list[tuple[tuple[int, ...], tuple[int, int]]], npt.NDArray[np.intp], npt.NDArray[np.intp]
]


def _draw_one_by_one(
    unseen: list[int],
    played: list[int],
    held: int,
    limit: int,
    draws: int,
    per_hand: int,
    rng: random.Random,
) -> _Drawn:
    """The opponent's hands and discards drawn with ``rng``, one card set at a time."""
    eligible = [c for c in unseen if VALUE[c] > limit]
    kept: list[tuple[tuple[int, ...], tuple[int, int]]] = []
    rows: list[int] = []
    cols: list[int] = []
    for _ in range(draws):
        hand = rng.sample(eligible, held) if held else []
        hand_set = set(hand)
        rest = [c for c in unseen if c not in hand_set]
        ranks = tuple(sorted(RANK[c] for c in hand))
        base = played + list(ranks)
        for _ in range(per_hand):
            x, y = rng.sample(rest, 2)
            a, b = sorted((RANK[x], RANK[y]))
            six = tuple(sorted([*base, a, b]))
            kept.append((ranks, (a, b)))
            rows.append(hand_index(six))
            cols.append(_column(six, a, b))
    return kept, np.array(rows, dtype=np.intp), np.array(cols, dtype=np.intp)


_RANKS = np.array(RANK, dtype=np.int64)
_VALUES = np.array(VALUE, dtype=np.int64)
# (first position, second position) of a discard in the sorted six -> the table's column.
_COLUMNS = np.zeros((6, 6), dtype=np.intp)
for (_i, _j), _k in _PAIR_COLUMN.items():
    _COLUMNS[_i, _j] = _k
# Powers of 14: a sorted six of ranks read as a number, most significant first, grows in the
# table's order, so a search of the sorted codes finds its row.
_POWERS = 14 ** np.arange(5, -1, -1, dtype=np.int64)


def _draw_arrays(
    unseen: list[int],
    played: list[int],
    held: int,
    limit: int,
    draws: int,
    per_hand: int,
    rng: random.Random,
) -> tuple[
    npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.intp], npt.NDArray[np.intp]
]:
    """The drawn hands' held ranks and discarded ranks (a row per discard drawn, sorted), the
    discard table's row and column of each, every hand drawn at once (a numpy generator seeded
    from ``rng``)."""
    gen = np.random.default_rng(rng.getrandbits(64))
    cards = np.array(unseen, dtype=np.int64)
    eligible = np.flatnonzero(_VALUES[cards] > limit)  # positions in ``unseen``, ascending
    if len(eligible) < held:
        raise ValueError(f"{held} cards to draw from {len(eligible)}")
    places = np.sort(eligible[_distinct(gen, len(eligible), draws, held)], axis=1)
    held_ranks = np.sort(_RANKS[cards[places]], axis=1)
    # The discards: two of the cards not held, per hand drawn. The k-th card not held is the
    # k-th position once every held position at or below it is stepped over (in order).
    rest = _distinct(gen, len(unseen) - held, draws * per_hand, 2)
    for column in np.repeat(places, per_hand, axis=0).T:
        rest += rest >= column[:, None]
    thrown = np.sort(_RANKS[cards[rest]], axis=1)
    base = np.repeat(held_ranks, per_hand, axis=0)
    fixed = np.broadcast_to(np.array(played, dtype=np.int64), (len(base), len(played)))
    six = np.sort(np.concatenate([fixed, base, thrown], axis=1), axis=1)
    rows = np.searchsorted(_codes(), six @ _POWERS)
    a, b = thrown[:, 0], thrown[:, 1]
    first = (six < a[:, None]).sum(axis=1)
    second = np.where(a == b, first + 1, (six < b[:, None]).sum(axis=1))
    cols = _COLUMNS[first, second]
    return base, thrown, rows.astype(np.intp), cols


def _distinct(gen: np.random.Generator, high: int, rows: int, k: int) -> npt.NDArray[np.int64]:
    """``rows`` rows of ``k`` distinct indices below ``high``, each row a uniform draw: Floyd's
    sampling, every row at once (step ``j`` draws below ``j + 1`` and takes ``j`` itself when
    the draw is already in the row).

    >>> rows = _distinct(np.random.default_rng(1), 5, 1000, 4)
    >>> rows.shape, all(len(set(row)) == 4 for row in rows.tolist()), int(rows.max())
    ((1000, 4), True, 4)
    """
    out = np.empty((rows, k), dtype=np.int64)
    for step, j in enumerate(range(high - k, high)):
        draw = gen.integers(0, j + 1, rows)
        taken = np.zeros(rows, dtype=bool)
        for before in range(step):
            taken |= out[:, before] == draw
        out[:, step] = np.where(taken, j, draw)
    return out


@functools.cache
def _codes() -> npt.NDArray[np.int64]:
    """Each row's six ranks of the discard table read as a number (see :data:`_POWERS`)."""
    return np.array(rank_hands(), dtype=np.int64) @ _POWERS


def held_only(
    deals: dict[tuple[tuple[int, ...], tuple[int, int]], float],
) -> dict[tuple[int, ...], float]:
    """The probabilities of :func:`opponent_deals` summed over the discards.

    >>> held_only({((5,), (1, 2)): 0.25, ((5,), (3, 4)): 0.5, ((6,), (1, 2)): 0.25})
    {(5,): 0.75, (6,): 0.25}
    """
    out: dict[tuple[int, ...], float] = {}
    for (held, _), w in deals.items():
        out[held] = out.get(held, 0.0) + w
    return out
