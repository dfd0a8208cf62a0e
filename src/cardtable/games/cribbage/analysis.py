"""Exact Cribbage analysis: which two cards to lay away, and how show scores are distributed.

Each discard also carries the kept hand's expected pegging (the pegging table,
:mod:`~cardtable.games.cribbage.pegging_table`) and, given the scores, the chance to win the
game after it (:mod:`~cardtable.games.cribbage.discard_win`); the order stays that of the exact
show points.

Both work by counting rather than by enumerating deals: fifteens, pairs and runs depend only on
ranks, so unseen cards are grouped by rank and each rank pattern is weighted by the number of ways
to pick its cards; flush and nobs, the only suit-dependent points, are counted separately.

>>> from cardtable.cards import card_str, parse_cards
>>> best = discard_advice(parse_cards("5H 5D 5C JS 4S 6H"), dealer=False)[0]
>>> [card_str(c) for c in best.discard], round(best.net, 4)
(['4S', '6H'], 12.7113)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.cards import cards_str, parse_cards
from cardtable.engine import JSON
from cardtable.errors import CardError
from cardtable.games.cribbage.discard_win import TARGETS, win_chance
from cardtable.games.cribbage.pegging_table import pegging_ev
from cardtable.games.cribbage.scoring import (
    FIVE_RANK_POINTS,
    RANK_WEIGHT,
)

__all__ = [
    "MAX_SCORE",
    "DiscardOption",
    "discard_advice",
    "mean_score",
    "score_distribution",
]

MAX_SCORE = 29
_JACK = 11
_UNSEEN = 46  # a 52-card pack less the six cards in hand
_STARTERS_AFTER_TOSS = _UNSEEN - 2
# (opponent's two-card toss, starter) deals: the denominator of every crib average.
_CRIB_DEALS = comb(_UNSEEN, 2) * _STARTERS_AFTER_TOSS


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay away two of six cards, with its exact expected show points.

    ``hand_ev`` averages the four kept cards over every starter; ``crib_ev`` averages the crib over
    every opponent toss and starter; ``net`` adds the crib for the dealer and subtracts it for the
    pone. ``pegs``: our expected pegs less the opponent's in the play of the kept cards (the
    pegging table, simulated); ``win``: the chance to win the game after this discard, where the
    scores were given (else None).
    """

    keep: tuple[int, ...]
    discard: tuple[int, ...]
    hand_ev: float
    crib_ev: float
    net: float
    pegs: float = 0.0
    win: float | None = None


@functools.cache
def _triples() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The 455 multisets of three ranks (the opponent's toss and the starter) as arrays: for
    each, its distinct ranks (1..13; 0 pads) and how many cards of each it takes, and for every
    pair of ranks laid away (row ``13 * a + b`` for ranks ``a`` and ``b``, 0..12 as
    ``card // 4``, in either order) the five ranks' fifteens, pairs and runs
    (0 where five ranks are no hand: the ways to draw them are then 0 too)."""
    triples = list(combinations_with_replacement(range(1, 14), 3))
    ranks_of = np.zeros((len(triples), 3), np.int64)
    takes_of = np.zeros((len(triples), 3), np.int64)
    for t, ranks in enumerate(triples):
        for k, r in enumerate(sorted(set(ranks))):
            ranks_of[t, k], takes_of[t, k] = r, ranks.count(r)
    points = np.zeros((13 * 13, len(triples)), np.int64)
    for a in range(13):
        for b in range(13):
            base = RANK_WEIGHT[a + 1] + RANK_WEIGHT[b + 1]
            for t, ranks in enumerate(triples):
                key = base + sum(RANK_WEIGHT[r] for r in ranks)
                points[a * 13 + b, t] = FIVE_RANK_POINTS.get(key, 0)
    return ranks_of, takes_of, points


def _check_six(hand6: Sequence[int]) -> tuple[int, ...]:
    cards = tuple(hand6)
    if len(cards) != 6:
        raise CardError(f"a Cribbage hand to discard from holds 6 cards, not {len(cards)}")
    if any(not isinstance(c, int) or not 0 <= c < 52 for c in cards):
        raise CardError(f"cards must be faces 0..51, got {list(cards)}")
    if len(set(cards)) != 6:
        raise CardError("the six cards of a hand must all be different")
    return cards


def _hand_total(keep: tuple[int, ...], rank_left: list[int], suit_left: list[int]) -> int:
    """The kept four's show points summed over every unseen starter (``rank_left`` and
    ``suit_left``: the unseen cards of each rank and suit): fifteens, pairs and runs by the
    starter's rank, then the flush and nobs by its suit.
    :func:`~cardtable.games.cribbage.scoring.score_hand` per starter gives the same sum, more
    slowly.

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.games.cribbage.scoring import score_hand
    >>> hand = parse_cards("5H 5D 5C JS 4S 6H")
    >>> keep, unseen = tuple(parse_cards("5H 5D JS 6H")), set(range(52)) - set(hand)
    >>> rank_left = [0] + [4 - sum(c // 4 == r for c in hand) for r in range(13)]
    >>> suit_left = [13 - sum(c & 3 == s for c in hand) for s in range(4)]
    >>> _hand_total(keep, rank_left, suit_left) == sum(score_hand(keep, s) for s in unseen)
    True
    """
    weights = RANK_WEIGHT
    kept = weights[keep[0] // 4 + 1] + weights[keep[1] // 4 + 1]
    kept += weights[keep[2] // 4 + 1] + weights[keep[3] // 4 + 1]
    total = sum(n * FIVE_RANK_POINTS[kept + weights[r]] for r, n in enumerate(rank_left) if n)
    suit = keep[0] & 3
    if keep[1] & 3 == suit and keep[2] & 3 == suit and keep[3] & 3 == suit:
        total += 4 * _UNSEEN + suit_left[suit]  # four for the hand's flush, five with the starter
    for card in keep:
        if card // 4 + 1 == _JACK:
            total += suit_left[card & 3]  # nobs: a starter of the jack's suit
    return total


def discard_advice(
    hand6: Sequence[int],
    dealer: bool,
    scores: Sequence[int] | None = None,
    target: int = 121,
) -> list[DiscardOption]:
    """All 15 discards of a two-player hand of six, best first by exact expected net points,
    each with its kept cards' expected pegging and, given ``scores`` (ours, then the
    opponent's, as the deal starts, below ``target``: 121 or 61), the chance to win the game.

    The opponent's toss is taken as uniform over the 1035 pairs of unseen cards, the starter as
    uniform over the 44 cards left; ties are broken by the discarded cards, lowest first.

    >>> from cardtable.cards import card_str, parse_cards
    >>> options = discard_advice(parse_cards("5H 5D 5C JS 4S 6H"), dealer=True)
    >>> best = options[0]
    >>> [card_str(c) for c in best.keep], round(best.hand_ev, 4), round(best.crib_ev, 4)
    (['5H', '5D', '4S', '6H'], 15.8043, 6.8667)
    >>> len(options)
    15
    >>> round(best.pegs, 3), best.win  # no scores: no chance to win
    (2.402, None)
    >>> best = discard_advice(parse_cards("5H 5D 5C JS 4S 6H"), True, scores=(100, 110))[0]
    >>> round(best.win, 3)
    0.588
    """
    cards = _check_six(hand6)
    if scores is not None and len(scores) != 2:
        raise CardError(f"give two scores, ours and the opponent's, not {list(scores)}")
    held = set(cards)
    unseen = [c for c in range(52) if c not in held]
    rank_left = [0] * 14
    suit_left = [0] * 4
    for c in unseen:
        rank_left[c // 4 + 1] += 1
        suit_left[c & 3] += 1

    # The opponent's two cards and the starter, as a multiset of three ranks: each set of three
    # unseen cards arises as three (toss, starter) deals, one per choice of starter. The ways
    # to draw each of the 455 multisets from the unseen cards, as one array (numpy: the loop
    # over them took most of the advice's time).
    counts = np.array([[comb(n, k) for k in range(4)] for n in rank_left], np.int64)
    ranks_of, takes_of, points_by_pair = _triples()
    ways = 3 * counts[ranks_of, takes_of].prod(axis=1)

    # Nobs from a jack the opponent tosses: the starter is another unseen card of its suit and
    # the toss's other card any of the 44 cards left.
    their_nobs = sum((suit_left[s] - 1) * (_UNSEEN - 2) for s in range(4) if (40 + s) not in held)
    per_starter = _CRIB_DEALS // _UNSEEN  # crib deals sharing one starter, as a hand weight

    scored: list[tuple[int, tuple[int, ...], DiscardOption]] = []
    for i, j in combinations(range(6), 2):
        discard = (cards[i], cards[j])
        keep = tuple(c for k, c in enumerate(cards) if k != i and k != j)
        hand_total = _hand_total(keep, rank_left, suit_left)

        pair = discard[0] // 4 * 13 + discard[1] // 4
        crib_total = their_nobs + int(points_by_pair[pair] @ ways)
        suit = discard[0] & 3
        if discard[1] & 3 == suit:
            # A crib flush needs the toss and the starter in our two cards' suit too.
            crib_total += 5 * 3 * comb(suit_left[suit], 3)
        for d in discard:
            if d // 4 + 1 == _JACK:
                # Our jack, any starter of its suit, any toss from the other 45 cards.
                crib_total += suit_left[d & 3] * comb(_UNSEEN - 1, 2)

        net_total = hand_total * per_starter + (crib_total if dealer else -crib_total)
        option = DiscardOption(
            keep=keep,
            discard=discard,
            hand_ev=hand_total / _UNSEEN,
            crib_ev=crib_total / _CRIB_DEALS,
            net=net_total / _CRIB_DEALS,
        )
        # Sorting on the exact integer numerator keeps equal options equal despite rounding.
        scored.append((-net_total, tuple(sorted(discard)), option))
    scored.sort(key=lambda t: (t[0], t[1]))
    ranked = [option for _, _, option in scored]
    # The pone's usual crib gift, as the board table's dealer shows count it: the best discard's.
    usual = ranked[0].crib_ev
    out: list[DiscardOption] = []
    for option in ranked:
        pegs = pegging_ev([c // 4 + 1 for c in option.keep], dealer)
        win = None
        if scores is not None:
            win = win_chance(
                cards,
                option.keep,
                dealer,
                option.crib_ev,
                option.crib_ev - usual,
                pegs,
                int(scores[0]),
                int(scores[1]),
                target,
            )
        out.append(replace(option, pegs=pegs, win=win))
    return out


@functools.cache
def _distribution(crib: bool) -> tuple[int, ...]:
    counts = [0] * (MAX_SCORE + 1)
    points = FIVE_RANK_POINTS
    four_flush = 0 if crib else 4
    for hand_ranks in combinations_with_replacement(range(1, 14), 4):
        held = [0] * 14
        for r in hand_ranks:
            held[r] += 1
        suit_ways = 1  # ways to give the hand's ranks suits
        for r in set(hand_ranks):
            suit_ways *= comb(4, held[r])
        hand_weight = sum(RANK_WEIGHT[r] for r in hand_ranks)
        jacks = held[_JACK]
        distinct = len(set(hand_ranks)) == 4
        for starter_rank in range(1, 14):
            same = held[starter_rank]
            if same == 4:
                continue
            total = suit_ways * (4 - same)
            base = points[hand_weight + RANK_WEIGHT[starter_rank]]
            # Nobs: the starter's suit is one of the hand jacks' suits but none of the suits
            # already taken by hand cards of the starter's rank. Jack sets and same-rank sets
            # are chosen independently, so count (jack suits, same-rank suits, starter suit)
            # by the starter suit first; a jack starter can never match a hand jack.
            nobs = 0
            if jacks and starter_rank != _JACK:
                others = suit_ways // (comb(4, jacks) * comb(4, same))
                nobs = 4 * comb(3, jacks - 1) * comb(3, same) * others
            if distinct:
                # Four suits alike: with the starter's rank absent from the hand, one starter
                # suit makes a five-card flush (and nobs, if a jack is held) and three do not;
                # otherwise the same-rank card already holds the flush suit, so three do not.
                five = 4 if same == 0 else 0
                five_nobs = five if jacks else 0
                counts[base + 5 + (1 if jacks else 0)] += five
                counts[base + four_flush] += 12
                plain = total - five - 12
                counts[base + 1] += nobs - five_nobs
                counts[base] += plain - (nobs - five_nobs)
            else:
                counts[base + 1] += nobs
                counts[base] += total - nobs
    return tuple(counts)


def score_distribution(crib: bool = False) -> dict[int, int]:
    """How many of the 12,994,800 (four-card hand, starter) deals score each total 0..29.

    Every total from 0 to 29 is a key, with 0 for those no hand can make. With ``crib`` the deals
    are scored as cribs (no four-card flush).

    >>> dist = score_distribution()
    >>> sum(dist.values()), dist[29], dist[19]
    (12994800, 4, 0)
    """
    return dict(enumerate(_distribution(crib)))


def mean_score(dist: dict[int, int]) -> float:
    """The mean score of a distribution given as ``{score: count}``.

    >>> round(mean_score(score_distribution()), 4)
    4.7692
    >>> mean_score({0: 1, 2: 3})
    1.5
    """
    deals = sum(dist.values())
    if deals <= 0:
        raise ValueError("the distribution is empty")
    return sum(score * n for score, n in dist.items()) / deals


#: The rows of discard advice a hint carries (of the 15 ways to lay away two of six).
ADVICE_ROWS = 6


def advice_rows(observation: Mapping[str, Any]) -> list[dict[str, JSON]] | None:
    """The best ways to lay away two of six cards, from one seat's observation of a
    two-player discard (else None): the cards, the kept hand's and the crib's expected points
    (the crib + for the dealer, - for the other seat), their sum, the expected pegging (ours
    less theirs) and the chance to win the game from the scores (None for a target the board
    table lacks).

    >>> import cardtable
    >>> rows = advice_rows(cardtable.load("cribbage").new_state(seed=1).observation(0))
    >>> len(rows), rows[0]
    (6, {'discard': ['7S', 'QD'], 'keep': ['2H', '4C', '9S', 'JC'], 'hand': 4.37, 'crib': -3.83, \
'net': 0.54, 'pegs': -1.72, 'win': 0.361})
    """
    hand = observation.get("hand")
    if (
        observation.get("phase") != "discard"
        or observation.get("players") != 2
        or not isinstance(hand, list)
        or len(hand) != 6
    ):
        return None
    seat = observation.get("seat")
    dealer = observation.get("dealer") == seat
    target = observation.get("target")
    points = observation.get("scores")
    scores = None
    known = isinstance(target, int) and target in TARGETS
    if known and isinstance(points, list) and isinstance(seat, int):
        scores = (int(points[seat]), int(points[1 - seat]))
    cards = parse_cards([str(c) for c in hand])
    options = discard_advice(cards, dealer, scores, target if isinstance(target, int) else 121)
    rows: list[dict[str, JSON]] = []
    for option in options[:ADVICE_ROWS]:
        crib = option.crib_ev if dealer else -option.crib_ev
        rows.append(
            {
                "discard": list(cards_str(option.discard)),
                "keep": list(cards_str(option.keep)),
                "hand": round(option.hand_ev, 2),
                "crib": round(crib, 2),
                "net": round(option.net, 2),
                "pegs": round(option.pegs, 2),
                "win": None if option.win is None else round(option.win, 3),
            }
        )
    return rows
