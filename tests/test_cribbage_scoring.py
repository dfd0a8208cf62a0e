"""Cribbage show and pegging scores against RULES.md 4.11 and independent counts."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import parse_card, parse_cards
from cardtable.games.cribbage.scoring import (
    FIVE_RANK_POINTS,
    Combo,
    breakdown,
    describe,
    peg_points,
    peg_score,
    rank_points,
    score_hand,
)

# RULES.md 4.11, hands #1-#12: (hand, starter, crib, total, points by kind).
HAND_VECTORS = [
    ("5H 5D 5C JS", "5S", False, 29, {"fifteen": 16, "pair": 12, "nobs": 1}),
    ("5H 5D 5C JH", "5S", False, 28, {"fifteen": 16, "pair": 12}),
    ("5H 5D 5C 5S", "10H", False, 28, {"fifteen": 16, "pair": 12}),
    ("9C 6D 5H 4S", "4C", False, 14, {"fifteen": 6, "pair": 2, "run": 6}),
    ("4H 3D 3C 2S", "KH", False, 12, {"fifteen": 4, "pair": 2, "run": 6}),
    ("KH KD KC QS", "JH", False, 15, {"pair": 6, "run": 9}),
    ("8H 8D 7C 6S", "6H", False, 20, {"fifteen": 4, "pair": 4, "run": 12}),
    ("AH 3H 5H 7H", "9D", False, 8, {"fifteen": 4, "flush": 4}),
    ("AH 3H 5H 7H", "9D", True, 4, {"fifteen": 4}),
    ("AH 3H 5H 7H", "9H", False, 9, {"fifteen": 4, "flush": 5}),
    ("AH 3H 5H 7H", "9H", True, 9, {"fifteen": 4, "flush": 5}),
    ("2H 4D 6C 8S", "10H", False, 0, {}),
    ("JH 2D 4C 6S", "8H", False, 1, {"nobs": 1}),
]


def _by_kind(combos: list[Combo]) -> dict[str, int]:
    totals: Counter[str] = Counter()
    for c in combos:
        totals[c.kind] += c.points
    return dict(totals)


@pytest.mark.parametrize(("hand", "starter", "crib", "total", "kinds"), HAND_VECTORS)
def test_rules_hand_vectors(
    hand: str, starter: str, crib: bool, total: int, kinds: dict[str, int]
) -> None:
    cards = parse_cards(hand)
    turn = parse_card(starter)
    assert score_hand(cards, turn, crib) == total
    combos = breakdown(cards, turn, crib)
    assert _by_kind(combos) == kinds
    assert sum(c.points for c in combos) == total


def test_twenty_nine_itemised() -> None:
    hand = parse_cards("5H 5D 5C JS")
    combos = breakdown(hand, parse_card("5S"))
    fifteens = [c for c in combos if c.kind == "fifteen"]
    assert len(fifteens) == 8
    assert all(c.points == 2 for c in fifteens)
    # Four with the jack and one five each, four with three fives.
    assert sorted(len(c.cards) for c in fifteens) == [2, 2, 2, 2, 3, 3, 3, 3]
    assert len([c for c in combos if c.kind == "pair"]) == 6
    assert [c for c in combos if c.kind == "nobs"] == [Combo("nobs", 1, (parse_card("JS"),))]
    assert [c.kind for c in combos] == ["fifteen"] * 8 + ["pair"] * 6 + ["nobs"]


def test_double_run_itemised() -> None:
    combos = breakdown(parse_cards("9C 6D 5H 4S"), parse_card("4C"))
    assert [c for c in combos if c.kind == "run"] == [
        Combo("run", 3, tuple(parse_cards("4S 5H 6D"))),
        Combo("run", 3, tuple(parse_cards("4C 5H 6D"))),
    ]
    assert {c.cards for c in combos if c.kind == "fifteen"} == {
        tuple(parse_cards("9C 6D")),
        tuple(parse_cards("6D 5H 4S")),
        tuple(parse_cards("6D 5H 4C")),
    }
    assert [c for c in combos if c.kind == "pair"] == [
        Combo("pair", 2, tuple(parse_cards("4S 4C")))
    ]


def test_run_of_five_counts_once() -> None:
    hand = parse_cards("AC 2D 3H 4S")
    # 1+2+3+4+5 = 15 as well, so 5 for the run and 2 for the fifteen.
    assert score_hand(hand, parse_card("5C")) == 7
    runs = [c for c in breakdown(hand, parse_card("5C")) if c.kind == "run"]
    assert runs == [Combo("run", 5, tuple(parse_cards("AC 2D 3H 4S 5C")))]


def test_ace_is_low_only() -> None:
    # Q-K-A is no run; J-Q-K is.
    assert score_hand(parse_cards("QC KD AH 7S"), parse_card("2C")) == 0
    assert score_hand(parse_cards("QC KD JH 7S"), parse_card("2C")) == 3


@pytest.mark.parametrize(("starter", "hand_points", "crib_points"), [("10C", 4, 0), ("10H", 5, 5)])
def test_flush_hand_and_crib(starter: str, hand_points: int, crib_points: int) -> None:
    # All ranks even: no fifteen, no pair, no run, so the flush stands alone.
    hand = parse_cards("2H 4H 6H 8H")
    assert score_hand(hand, parse_card(starter)) == hand_points
    assert score_hand(hand, parse_card(starter), crib=True) == crib_points
    assert _by_kind(breakdown(hand, parse_card(starter), crib=True)) == (
        {"flush": crib_points} if crib_points else {}
    )


def test_three_hand_cards_and_starter_are_no_flush() -> None:
    assert score_hand(parse_cards("2H 4H 6H 8C"), parse_card("10H")) == 0


def test_nobs_needs_the_starter_suit_and_a_hand_jack() -> None:
    assert score_hand(parse_cards("JD 2C 4C 6S"), parse_card("8D")) == 1
    assert score_hand(parse_cards("JD 2C 4C 6S"), parse_card("8C")) == 0
    # A jack starter gives no nobs to a hand without the matching jack.
    assert score_hand(parse_cards("2C 4C 6S 8S"), parse_card("JC")) == 0
    assert score_hand(parse_cards("JC 2D 4D 8S"), parse_card("JD")) == 2  # the jacks pair


def test_describe_calls_the_twenty_nine() -> None:
    lines = describe(breakdown(parse_cards("5H 5D 5C JS"), parse_card("5S")))
    assert lines[:8] == [
        "fifteen 2 (5H JS)",
        "fifteen 4 (5D JS)",
        "fifteen 6 (5C JS)",
        "fifteen 8 (5S JS)",
        "fifteen 10 (5H 5D 5C)",
        "fifteen 12 (5H 5D 5S)",
        "fifteen 14 (5H 5C 5S)",
        "fifteen 16 (5D 5C 5S)",
    ]
    assert lines[8] == "pair (5H 5D) for 2, total 18"
    assert lines[13] == "pair (5C 5S) for 2, total 28"
    assert lines[14] == "nobs (JS) for 1, total 29"
    assert len(lines) == 15


def test_describe_flush_and_nothing() -> None:
    lines = describe(breakdown(parse_cards("2H 4H 6H 8H"), parse_card("10H")))
    assert lines == ["flush (2H 4H 6H 8H 10H) for 5, total 5"]
    assert describe(breakdown(parse_cards("2H 4D 6C 8S"), parse_card("10H"))) == []


def test_table_covers_every_five_rank_multiset() -> None:
    # C(17, 5) multisets of 13 ranks, less the 13 with five of one rank.
    assert len(FIVE_RANK_POINTS) == 6188 - 13
    assert max(FIVE_RANK_POINTS.values()) == 28  # the four fives and a ten card


def _naive_score(cards: list[int], starter: int, crib: bool) -> int:
    """Textbook scorer by enumeration of card subsets, independent of the table."""
    five = [*cards, starter]
    ranks = [c // 4 + 1 for c in five]
    points = 0
    for size in range(2, 6):
        for group in combinations(ranks, size):
            if sum(min(r, 10) for r in group) == 15:
                points += 2
    points += 2 * sum(1 for x, y in combinations(ranks, 2) if x == y)
    for size in (5, 4, 3):
        runs = sum(
            1
            for group in combinations(ranks, size)
            if sorted(group) == list(range(min(group), min(group) + size))
        )
        if runs:
            points += runs * size
            break
    if len({c % 4 for c in cards}) == 1:
        if starter % 4 == cards[0] % 4:
            points += 5
        elif not crib:
            points += 4
    points += sum(1 for c in cards if c // 4 + 1 == 11 and c % 4 == starter % 4)
    return points


five_cards = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@settings(max_examples=400, deadline=None)
@given(five_cards, st.booleans())
def test_breakdown_adds_up_to_score(cards: list[int], crib: bool) -> None:
    hand, starter = cards[:4], cards[4]
    total = score_hand(hand, starter, crib)
    combos = breakdown(hand, starter, crib)
    assert sum(c.points for c in combos) == total
    assert total == _naive_score(hand, starter, crib)
    assert 0 <= total <= 29
    assert total not in {19, 25, 26, 27}
    for c in combos:
        assert set(c.cards) <= set(cards)
        if c.kind == "fifteen":
            assert sum(min(x // 4 + 1, 10) for x in c.cards) == 15


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 13), min_size=5, max_size=5))
def test_rank_points_is_suit_free_part(ranks: list[int]) -> None:
    if len(set(ranks)) == 1:
        return  # not a hand from one pack
    # Give each rank distinct suits in turn so that no flush and no nobs can appear.
    seen: Counter[int] = Counter()
    cards = []
    for r in ranks:
        cards.append((r - 1) * 4 + seen[r])
        seen[r] += 1
    hand, starter = cards[:4], cards[4]
    flushless = _naive_score(hand, starter, crib=True)
    nobs = sum(1 for c in hand if c // 4 + 1 == 11 and c % 4 == starter % 4)
    flush = 5 if len({c % 4 for c in cards}) == 1 else 0
    assert rank_points(ranks) == flushless - nobs - flush


def _peg_sequence(ranks: list[int]) -> list[int]:
    """Points for each card of one count, played in order."""
    out = []
    total = 0
    for i, r in enumerate(ranks):
        total += min(r, 10)
        played = ranks[: i + 1]
        items = peg_points(played, total)
        assert peg_score(played, total) == sum(p for _, p in items)
        out.append(peg_score(played, total))
    return out


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        # RULES.md 4.11, pegging vectors 20-24.
        ([5, 5, 5], [0, 2, 8]),
        ([7, 6, 8], [0, 0, 3]),
        ([5, 2, 4, 3], [0, 0, 0, 4]),
        ([4, 5, 6], [0, 0, 5]),
        ([3, 3, 4, 5], [0, 2, 0, 5]),
        # A card between two of a rank breaks the pair, and the repeat spoils the run.
        ([3, 4, 3], [0, 0, 0]),
        ([5, 5, 6, 5], [0, 2, 0, 0]),
        ([3, 4, 5, 5, 6], [0, 0, 3, 2, 0]),
        ([2, 2, 2, 2], [0, 2, 6, 12]),
        # 31 with a pair royal: 2 + 6.
        ([8, 8, 5, 5, 5], [0, 2, 0, 2, 8]),
        # 31 with a pair of tenth cards: K K is a pair, K Q is not.
        ([11, 13, 13], [0, 0, 2]),
        ([1, 10, 13, 12], [0, 0, 0, 2]),
        # Runs of seven, in order and out of order; the last three need not be a run.
        ([1, 2, 3, 4, 5, 6, 7], [0, 0, 3, 4, 7, 6, 7]),
        ([4, 2, 6, 3, 5, 1, 7], [0, 0, 0, 2, 5, 6, 7]),
        ([3, 4, 1, 2, 5], [0, 0, 0, 4, 7]),
        # Only the most recent block counts: 9 stops the 2-3-4 block from extending.
        ([2, 3, 4, 9, 5], [0, 0, 3, 0, 0]),
        # Q-K-A is no run.
        ([12, 13, 1], [0, 0, 0]),
        ([11, 12, 13], [0, 0, 3]),
    ],
)
def test_pegging_sequences(ranks: list[int], expected: list[int]) -> None:
    assert _peg_sequence(ranks) == expected


def test_peg_points_names() -> None:
    assert peg_points([5, 5, 5], 15) == [("fifteen", 2), ("pair royal", 6)]
    assert peg_points([2, 2, 2, 2], 8) == [("double pair royal", 12)]
    assert peg_points([8, 8, 5, 5, 5], 31) == [("thirty-one", 2), ("pair royal", 6)]
    assert peg_points([10, 9, 2, 1, 3], 25) == [("run", 3)]
    assert peg_points([9, 6], 15) == [("fifteen", 2)]
    assert peg_points([9, 7], 16) == []
    assert peg_points([7, 7], 14) == [("pair", 2)]
