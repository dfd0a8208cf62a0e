"""Exact Cribbage analysis: discard advice against brute force, and the show-score distributions."""

from __future__ import annotations

import functools
import random
from fractions import Fraction
from itertools import combinations

import pytest

from cardtable.cards import card_str, parse_cards
from cardtable.errors import CardError
from cardtable.games.cribbage.analysis import (
    DiscardOption,
    _hand_total,
    discard_advice,
    mean_score,
    score_distribution,
)
from cardtable.games.cribbage.scoring import score_hand

DEALS = 12_994_800  # C(52, 4) four-card hands times 48 starters

HAND_DISTRIBUTION = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
    7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
    14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 19: 0, 20: 8068, 21: 2496,
    22: 444, 23: 356, 24: 3680, 25: 0, 26: 0, 27: 0, 28: 76, 29: 4,
}  # fmt: skip

# Obtained from the fast count and confirmed by scoring all 12,994,800 deals one by one.
CRIB_DISTRIBUTION = {
    0: 1022208, 1: 99792, 2: 2839800, 3: 508908, 4: 2868960, 5: 703496, 6: 1787176,
    7: 755320, 8: 1118336, 9: 358368, 10: 378240, 11: 43880, 12: 310956, 13: 16548,
    14: 88132, 15: 9072, 16: 57288, 17: 11196, 18: 2264, 19: 0, 20: 7828, 21: 2472,
    22: 444, 23: 356, 24: 3680, 25: 0, 26: 0, 27: 0, 28: 76, 29: 4,
}  # fmt: skip


def test_hand_distribution_exact() -> None:
    dist = score_distribution()
    assert dist == HAND_DISTRIBUTION
    assert sum(dist.values()) == DEALS
    assert round(mean_score(dist), 4) == 4.7692


def test_crib_distribution_exact() -> None:
    dist = score_distribution(crib=True)
    assert dist == CRIB_DISTRIBUTION
    assert sum(dist.values()) == DEALS


def _four_card_flushes() -> dict[int, int]:
    """Hand scores of the deals whose only flush is the four hand cards (starter off-suit)."""
    counts: dict[int, int] = {}
    for suit in range(4):
        for hand in combinations(range(suit, 52, 4), 4):
            for starter in range(52):
                if starter % 4 != suit:
                    s = score_hand(hand, starter)
                    counts[s] = counts.get(s, 0) + 1
    return counts


def test_crib_differs_from_hand_only_by_four_card_flushes() -> None:
    hand = score_distribution()
    crib = score_distribution(crib=True)
    flushes = _four_card_flushes()
    assert sum(flushes.values()) == 4 * 715 * 39
    # Each such deal loses exactly its 4 flush points when counted as a crib.
    for score in range(30):
        moved = hand[score] - flushes.get(score, 0) + flushes.get(score + 4, 0)
        assert crib[score] == moved, score
    points_lost = 4 * 4 * 715 * 39
    hand_points = sum(s * n for s, n in hand.items())
    crib_points = sum(s * n for s, n in crib.items())
    assert crib_points == hand_points - points_lost
    assert mean_score(crib) == pytest.approx(float(Fraction(crib_points, DEALS)), abs=1e-12)
    assert round(mean_score(crib), 6) == 4.734819
    assert mean_score(crib) < mean_score(hand)


def test_distribution_is_a_fresh_copy() -> None:
    dist = score_distribution()
    dist[0] = -1
    assert score_distribution()[0] == HAND_DISTRIBUTION[0]


def test_mean_score_rejects_empty() -> None:
    with pytest.raises(ValueError):
        mean_score({})


@functools.cache
def _brute_force(hand6: tuple[int, ...]) -> dict[tuple[int, int], tuple[Fraction, Fraction]]:
    """Expected hand and crib points of every discard by enumerating every toss and starter."""
    unseen = [c for c in range(52) if c not in hand6]
    result = {}
    for discard in combinations(hand6, 2):
        keep = tuple(c for c in hand6 if c not in discard)
        hand_ev = Fraction(sum(score_hand(keep, s) for s in unseen), len(unseen))
        crib_total = 0
        deals = 0
        for toss in combinations(unseen, 2):
            crib = (*discard, *toss)
            for starter in unseen:
                if starter != toss[0] and starter != toss[1]:
                    crib_total += score_hand(crib, starter, crib=True)
                    deals += 1
        assert deals == 1035 * 44
        result[(discard[0], discard[1])] = (hand_ev, Fraction(crib_total, deals))
    return result


BRUTE_HANDS = [
    "5H 5D 5C JS 4S 6H",  # pairs, our jack, symmetrical ties
    "2H 7H 9H JH QH KC",  # five hearts: crib flushes and our jack of the crib flush suit
    "AC 2D 3S 4H 8C 10D",  # no jack held: every nobs comes from the opponent's toss
    "JC JD 5S 5H 10C KD",  # two jacks, tosses of one suit with and without a jack
]


@pytest.mark.parametrize("text", BRUTE_HANDS)
@pytest.mark.parametrize("dealer", [True, False])
def test_discard_advice_matches_brute_force(text: str, dealer: bool) -> None:
    hand6 = tuple(parse_cards(text))
    exact = _brute_force(hand6)
    options = discard_advice(hand6, dealer)
    assert len(options) == 15
    sign = 1 if dealer else -1
    expected_order = sorted(
        exact, key=lambda d: (-(exact[d][0] + sign * exact[d][1]), tuple(sorted(d)))
    )
    assert [o.discard for o in options] == expected_order
    for o in options:
        hand_ev, crib_ev = exact[(o.discard[0], o.discard[1])]
        assert o.keep == tuple(c for c in hand6 if c not in o.discard)
        assert o.hand_ev == pytest.approx(float(hand_ev), abs=1e-9)
        assert o.crib_ev == pytest.approx(float(crib_ev), abs=1e-9)
        assert o.net == pytest.approx(float(hand_ev + sign * crib_ev), abs=1e-9)


def _summary(option: DiscardOption) -> tuple[list[str], list[str], float, float, float]:
    return (
        [card_str(c) for c in option.keep],
        [card_str(c) for c in option.discard],
        round(option.hand_ev, 4),
        round(option.crib_ev, 4),
        round(option.net, 4),
    )


def test_ranking_three_fives_and_jack() -> None:
    hand6 = parse_cards("5H 5D 5C JS 4S 6H")
    dealer = discard_advice(hand6, dealer=True)
    # The dealer keeps 4-5-5-6 and gives his own crib a five and the jack; the three choices of
    # five tie exactly and are ordered by the discarded cards.
    assert [_summary(o) for o in dealer[:4]] == [
        (["5H", "5D", "4S", "6H"], ["5C", "JS"], 15.8043, 6.8667, 22.671),
        (["5H", "5C", "4S", "6H"], ["5D", "JS"], 15.8043, 6.8667, 22.671),
        (["5D", "5C", "4S", "6H"], ["5H", "JS"], 15.8043, 6.8667, 22.671),
        (["5H", "5D", "5C", "JS"], ["4S", "6H"], 16.6304, 3.9191, 20.5496),
    ]
    assert dealer[0].net == dealer[1].net == dealer[2].net
    pone = discard_advice(hand6, dealer=False)
    # The pone keeps the fives and the jack and gives the dealer the least useful pair.
    assert _summary(pone[0]) == (["5H", "5D", "5C", "JS"], ["4S", "6H"], 16.6304, 3.9191, 12.7113)
    assert _summary(pone[1]) == (["5H", "5D", "5C", "4S"], ["JS", "6H"], 12.6304, 3.5492, 9.0813)
    assert [o.net for o in pone] == sorted((o.net for o in pone), reverse=True)


def test_discard_advice_keeps_the_given_order() -> None:
    hand6 = parse_cards("KC 2D 9S 4H 8C 10D")
    options = discard_advice(hand6, dealer=True)
    for o in options:
        assert list(o.keep) == [c for c in hand6 if c in o.keep]
        assert list(o.discard) == [c for c in hand6 if c in o.discard]
    assert {frozenset(o.discard) for o in options} == {frozenset(d) for d in combinations(hand6, 2)}


@pytest.mark.parametrize(
    "cards",
    [[0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 4], [0, 1, 2, 3, 4, 52], [0, 1, 2, 3, 4, -1]],
)
def test_discard_advice_rejects_bad_hands(cards: list[int]) -> None:
    with pytest.raises(CardError):
        discard_advice(cards, dealer=True)


def test_the_hand_total_by_rank_and_suit_is_every_starter_counted() -> None:
    # The advisor sums a kept hand's show over the starters by rank (fifteens, pairs, runs)
    # and by suit (flush, nobs); counted starter by starter it must be the same, flushes of
    # four and of five and both jacks' nobs included.
    rng = random.Random(8)
    hearts = [c for c in range(52) if c & 3 == 0]
    for n in range(400):
        if n % 2:
            hand = rng.sample(range(52), 6)
        else:
            hand = [*rng.sample(hearts, 5), rng.choice([c for c in range(52) if c & 3])]
        unseen = [c for c in range(52) if c not in hand]
        rank_left = [0] * 14
        suit_left = [0] * 4
        for c in unseen:
            rank_left[c // 4 + 1] += 1
            suit_left[c & 3] += 1
        for keep in combinations(hand, 4):
            assert _hand_total(keep, rank_left, suit_left) == sum(
                score_hand(keep, s) for s in unseen
            )
