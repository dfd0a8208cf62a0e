"""Cribbage scoring: the show (hand and crib) and the points made while pegging.

Cards are faces 0..51 as in :mod:`cardtable.cards`; the ace is always low. The show score is
table-driven: fifteens, pairs and runs depend only on the five ranks, so they are looked up by a
key that sums a per-rank weight (``8 ** (rank - 1)``: at most four cards share a rank, so the
three-bit digits never carry); flush and nobs are added with a few integer operations.

>>> from cardtable.cards import parse_cards
>>> *hand, starter = parse_cards("5H 5D 5C JS 5S")
>>> score_hand(hand, starter)
29
>>> describe(breakdown(hand, starter))[-1]
'nobs (JS) for 1, total 29'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from cardtable.cards import card_str

__all__ = [
    "CARD_WEIGHT",
    "FIVE_RANK_POINTS",
    "RANK_WEIGHT",
    "Combo",
    "breakdown",
    "describe",
    "peg_points",
    "peg_score",
    "rank_points",
    "score_hand",
    "score_tiny",
]

# Index 0 is unused so that ``RANK_WEIGHT[rank]`` needs no offset.
RANK_WEIGHT: tuple[int, ...] = (0, *(8 ** (r - 1) for r in range(1, 14)))
CARD_WEIGHT: tuple[int, ...] = tuple(RANK_WEIGHT[f // 4 + 1] for f in range(52))

_JACK = 11
_PAIR_POINTS = (0, 0, 2, 6, 12)  # by the number of cards of one rank in a row (or in a hand)
_PAIR_NAMES = ("", "", "pair", "pair royal", "double pair royal")


def _value(rank: int) -> int:
    return rank if rank < 10 else 10


def rank_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of any number of ranks (1..13): the part of a show score
    that ignores suits.

    >>> rank_points([5, 5, 5, 11, 5])
    28
    >>> rank_points([3, 3, 4, 4, 5])  # quadruple run 12, two pairs 4, two fifteens 4
    20
    """
    sums = [0]
    for r in ranks:
        v = _value(r)
        sums += [s + v for s in sums]
    points = 2 * sums.count(15)
    counts = [0] * 15  # padded so a run can end at the king without a bounds test
    for r in ranks:
        counts[r] += 1
    for c in counts:
        points += c * (c - 1)  # c cards of a rank hold c(c-1)/2 pairs of 2 points
    length = 0
    ways = 1
    for r in range(1, 15):
        c = counts[r]
        if c:
            length += 1
            ways *= c
            continue
        if length >= 3:
            points += length * ways
        length = 0
        ways = 1
    return points


def _build_table() -> dict[int, int]:
    table: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if ranks[0] == ranks[4]:
            continue  # five of one rank cannot come from one pack
        table[sum(RANK_WEIGHT[r] for r in ranks)] = rank_points(ranks)
    return table


_TABLE = _build_table()
FIVE_RANK_POINTS: Mapping[int, int] = _TABLE
"""Fifteens + pairs + runs of every multiset of five ranks, keyed by its sum of ``RANK_WEIGHT``."""


def score_hand(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """Show score of four cards (faces 0..51) with the starter; ``crib`` applies the crib flush
    rule (five cards of one suit or no flush).

    >>> from cardtable.cards import parse_cards
    >>> score_hand(parse_cards("AH 3H 5H 7H"), parse_cards("9D")[0])
    8
    >>> score_hand(parse_cards("AH 3H 5H 7H"), parse_cards("9D")[0], crib=True)
    4
    """
    a, b, c, d = hand
    w = CARD_WEIGHT
    points = _TABLE[w[a] + w[b] + w[c] + w[d] + w[starter]]
    suit = a & 3
    if suit == b & 3 == c & 3 == d & 3:
        if starter & 3 == suit:
            points += 5
        elif not crib:
            points += 4
    # The jack of the starter's suit is face 40 + suit.
    if 40 + (starter & 3) in hand:
        points += 1
    return points


def score_tiny(hand: Sequence[int], starter: int) -> int:
    """Show score of a hand or crib of any size with the starter under the tiny deck's rules:
    fifteens, pairs, runs and nobs as usual; a flush only when every card and the starter share
    a suit, one point a card.

    >>> from cardtable.cards import parse_cards
    >>> score_tiny(parse_cards("4H 5H"), parse_cards("6H")[0])  # fifteen 2, run 3, flush 3
    8
    >>> score_tiny(parse_cards("5S"), parse_cards("5H")[0])  # a pair
    2
    """
    return sum(combo.points for combo in breakdown(hand, starter, whole_flush=True))


@dataclass(frozen=True, slots=True)
class Combo:
    """One scoring combination of a show: ``kind`` is fifteen, pair, run, flush or nobs."""

    kind: str
    points: int
    cards: tuple[int, ...]


def _rank(card: int) -> int:
    return card % 52 // 4 + 1


def breakdown(
    hand: Sequence[int], starter: int, crib: bool = False, whole_flush: bool = False
) -> list[Combo]:
    """Every combination that scores in a show, in the order fifteens, pairs, runs, flush, nobs.

    The points always add up to :func:`score_hand` (to :func:`score_tiny` with
    ``whole_flush``: the tiny deck's flush, every card and the starter of one suit, one point
    a card, in the hand as in the crib).

    >>> from cardtable.cards import parse_cards
    >>> combos = breakdown(parse_cards("9C 6D 5H 4S"), parse_cards("4C")[0])
    >>> [(c.kind, c.points) for c in combos]
    [('fifteen', 2), ('fifteen', 2), ('fifteen', 2), ('pair', 2), ('run', 3), ('run', 3)]
    """
    cards = (*hand, starter)
    combos: list[Combo] = []
    for size in range(2, 6):
        for group in combinations(cards, size):
            if sum(_value(_rank(c)) for c in group) == 15:
                combos.append(Combo("fifteen", 2, group))
    for x, y in combinations(cards, 2):
        if _rank(x) == _rank(y):
            combos.append(Combo("pair", 2, (x, y)))
    # Only the longest runs count, so try the longest first and stop at the first size found.
    for size in (5, 4, 3):
        runs = []
        for group in combinations(cards, size):
            ranks = sorted(_rank(c) for c in group)
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(size - 1)):
                runs.append(Combo("run", size, tuple(sorted(group, key=_rank))))
        if runs:
            combos += runs
            break
    suits = {c % 4 for c in hand}
    if whole_flush:
        if len(suits) == 1 and starter % 4 in suits:
            combos.append(Combo("flush", len(cards), cards))
    elif len(suits) == 1:
        if starter % 4 in suits:
            combos.append(Combo("flush", 5, cards))
        elif not crib:
            combos.append(Combo("flush", 4, tuple(hand)))
    combos += [Combo("nobs", 1, (c,)) for c in hand if _rank(c) == _JACK and c % 4 == starter % 4]
    return combos


def describe(combos: Sequence[Combo]) -> list[str]:
    """One line per combination with the running total, as the score is called aloud.

    An empty list means the hand scores nothing.

    >>> from cardtable.cards import parse_cards
    >>> for line in describe(breakdown(parse_cards("4H 3D 3C 2S"), parse_cards("KH")[0])):
    ...     print(line)
    fifteen 2 (2S 3D KH)
    fifteen 4 (2S 3C KH)
    pair (3D 3C) for 2, total 6
    run (2S 3D 4H) for 3, total 9
    run (2S 3C 4H) for 3, total 12
    """
    lines = []
    total = 0
    for combo in combos:
        total += combo.points
        # Fifteens are listed with the lowest cards first, the way they are usually counted.
        names = " ".join(
            card_str(c)
            for c in (sorted(combo.cards, key=_rank) if combo.kind == "fifteen" else combo.cards)
        )
        if combo.kind == "fifteen":
            lines.append(f"fifteen {total} ({names})")
        else:
            lines.append(f"{combo.kind} ({names}) for {combo.points}, total {total}")
    return lines


def _same_rank_run(ranks: Sequence[int]) -> int:
    """How many of the last cards share the rank of the last one, without interruption."""
    n = len(ranks)
    last = ranks[n - 1]
    k = 1
    while k < n and ranks[n - 1 - k] == last:
        k += 1
    return k


def _run_length(ranks: Sequence[int]) -> int:
    """Longest n >= 3 such that the last n cards are n consecutive ranks, else 0."""
    best = 0
    seen = 0
    lo = 14
    hi = 0
    for n, r in enumerate(reversed(ranks), 1):
        bit = 1 << r
        if seen & bit:
            break  # a repeated rank spoils this block and every longer one
        seen |= bit
        if r < lo:
            lo = r
        if r > hi:
            hi = r
        if n >= 3 and hi - lo == n - 1:
            best = n
    return best


def peg_points(run_ranks: Sequence[int], total: int, limit: int = 31) -> list[tuple[str, int]]:
    """What the card just played scores: ``run_ranks`` are the ranks played in the current count,
    oldest first, ending with that card, and ``total`` the count after it. Reaching the count's
    ``limit`` scores 2: thirty-one, or the tiny deck's ``limit`` (10).

    >>> peg_points([5, 5, 5], 15)
    [('fifteen', 2), ('pair royal', 6)]
    >>> peg_points([3, 3, 4, 5], 15)
    [('fifteen', 2), ('run', 3)]
    >>> peg_points([5, 5], 10, limit=10)
    [('limit', 2), ('pair', 2)]
    """
    items: list[tuple[str, int]] = []
    if total == 15:
        items.append(("fifteen", 2))
    elif total == limit:
        items.append(("thirty-one" if limit == 31 else "limit", 2))
    if run_ranks:
        same = _same_rank_run(run_ranks)
        if same >= 2:
            items.append((_PAIR_NAMES[same], _PAIR_POINTS[same]))
        run = _run_length(run_ranks)
        if run:
            items.append(("run", run))
    return items


def peg_score(run_ranks: Sequence[int], total: int, limit: int = 31) -> int:
    """The points of :func:`peg_points`, added up without building the list.

    >>> peg_score([7, 6, 8], 21), peg_score([2, 9], 11), peg_score([4, 6], 10, limit=10)
    (3, 0, 2)
    """
    points = 2 if total == 15 or total == limit else 0
    n = len(run_ranks)
    if n >= 2:
        last = run_ranks[n - 1]
        if run_ranks[n - 2] == last:
            points += _PAIR_POINTS[_same_rank_run(run_ranks)]
        elif n >= 3:
            # A pair just made rules out every run, hence the elif.
            points += _run_length(run_ranks)
    return points
