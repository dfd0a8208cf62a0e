"""Cribbage played through real deals: pegging, go, the show, heels, game end, skunks, matches,
three and four players, muggins and the options (RULES.md section 4, defaults of section 5).

Deals are built from explicit packs (top card first): :func:`make_pack` lays the wanted hands
out in dealing order and fills the rest of the pack with the unused cards.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

import cardtable
from cardtable.cards import parse_card, parse_cards
from cardtable.engine import Event, Move, State
from cardtable.games.cribbage.scoring import score_hand
from invariants import twin_refusals

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Canonical order: the order of card ids (rank, then suit C D H S), as hands are listed.
ALL_CARDS = tuple(r + s for r in RANKS for s in "CDHS")
ORDER = {c: i for i, c in enumerate(ALL_CARDS)}
JACKS = ("JC", "JD", "JH", "JS")

# (seat, reason, points, call, cards) of one score event.
Score = tuple[int | None, str, int, str, list[str]]


# --------------------------------------------------------------------------- helpers


def by_id(cards: Iterable[str]) -> list[str]:
    """Cards in the order the game lists a hand."""
    return sorted(cards, key=ORDER.__getitem__)


def make_pack(
    hands: Sequence[str],
    starter: str,
    *,
    dealer: int | None = None,
    crib_card: str | None = None,
) -> list[str]:
    """A full pack dealing ``hands`` (by seat, cards separated by spaces) with ``starter``.

    Cards go one at a time from the seat left of the dealer; with three players the next card
    (``crib_card``) goes to the crib; then comes the starter; the unused cards follow.
    """
    n = len(hands)
    per = 6 if n == 2 else 5
    first_dealer = n - 1 if dealer is None else dealer
    split = [h.split() for h in hands]
    assert all(len(h) == per for h in split), split
    top = [split[(first_dealer + 1 + k) % n][i] for i in range(per) for k in range(n)]
    if n == 3:
        assert crib_card is not None
        top.append(crib_card)
    else:
        assert crib_card is None
    top.append(starter)
    assert len(set(top)) == len(top), top
    assert all(c in ORDER for c in top), top
    return top + [c for c in ALL_CARDS if c not in top]


def random_packs(seed: int, count: int, jack_starter: bool = False) -> list[list[str]]:
    """Shuffled two-player packs from our own generator; optionally each turns up a jack."""
    rng = random.Random(seed)
    packs = []
    for _ in range(count):
        p = list(ALL_CARDS)
        rng.shuffle(p)
        if jack_starter:
            jack = rng.choice(JACKS)
            p.remove(jack)
            p.insert(12, jack)
        packs.append(p)
    return packs


def two_player_deal(
    keep0: str,
    lay0: str,
    keep1: str,
    lay1: str,
    starter: str,
    *,
    dealer: int = 1,
    **options: Any,
) -> State:
    """A two-player game whose first deal gives these hands; both discards made, so the
    state is at the start of the play (or wherever heels left it)."""
    hands = [f"{keep0} {lay0}", f"{keep1} {lay1}"]
    game = cardtable.load("cribbage", dealer=dealer, **options)
    state = game.new_state(decks=[make_pack(hands, starter, dealer=dealer)])
    lay = [lay0, lay1]
    state.apply(f"discard {lay[1 - dealer]}")
    state.apply(f"discard {lay[dealer]}")
    return state


def scores_of(events: Iterable[Event], phase: str | None = None) -> list[Score]:
    """The score events (of one phase: deal, play or show, if given)."""
    return [
        (e.seat, e.data["reason"], e.data["points"], e.data["call"], list(e.data["cards"]))
        for e in events
        if e.type == "score" and phase in (None, e.data["phase"])
    ]


def apply_new(state: State, move: str) -> list[Event]:
    """Apply a move and return the events it caused."""
    before = len(state.events)
    state.apply(move)
    return state.events[before:]


def play_random(state: State, rng: random.Random) -> None:
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))


def split_deals(events: Sequence[Event]) -> list[list[Event]]:
    """The events of each deal, each list starting with its ``deal`` event."""
    deals: list[list[Event]] = []
    for e in events:
        if e.type == "deal":
            deals.append([])
        if deals:
            deals[-1].append(e)
    return deals


def rule_kind(skunk: str, target: int, loser: int) -> tuple[str, int]:
    """RULES.md 4.7 and section 5: the kind of a win and its game points."""
    if skunk == "acc":
        margin = target - loser
        if margin >= 61:
            return "double skunk", 3
        if margin >= 31:
            return "skunk", 2
        return "win", 1
    if skunk == "hoyle":
        line = 61 if target == 121 else 31
        return ("lurch", 2) if loser < line else ("win", 1)
    return "win", 1


# --------------------------------------------------------------------------- pegging vectors

# RULES.md 4.11 #20-#24: cards alternate seat 0, seat 1, ...; expected score events per card.
PEG_VECTORS: list[tuple[str, list[str], list[list[tuple[str, int, str, list[str]]]]]] = [
    (
        "#20 5,5,5",
        ["5H", "5D", "5C"],
        [
            [],
            [("pair", 2, "pair for two", ["5H", "5D"])],
            [
                ("fifteen", 2, "fifteen two", ["5H", "5D", "5C"]),
                ("pair royal", 6, "pair royal for six", ["5H", "5D", "5C"]),
            ],
        ],
    ),
    (
        "#21 7,6,8",
        ["7H", "6D", "8C"],
        [[], [], [("run", 3, "run of 3", ["7H", "6D", "8C"])]],
    ),
    (
        "#22 5,2,4,3",
        ["5H", "2D", "4C", "3S"],
        [[], [], [], [("run", 4, "run of 4", ["5H", "2D", "4C", "3S"])]],
    ),
    (
        "#23 4,5,6",
        ["4H", "5D", "6C"],
        [
            [],
            [],
            [
                ("fifteen", 2, "fifteen two", ["4H", "5D", "6C"]),
                ("run", 3, "run of 3", ["4H", "5D", "6C"]),
            ],
        ],
    ),
    (
        "#24 3,3,4,5",
        ["3H", "3D", "4C", "5S"],
        [
            [],
            [("pair", 2, "pair for two", ["3H", "3D"])],
            [],
            [
                ("fifteen", 2, "fifteen two", ["3H", "3D", "4C", "5S"]),
                ("run", 3, "run of 3", ["3D", "4C", "5S"]),
            ],
        ],
    ),
]

FILLERS = ("KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "10C", "10D", "10H", "10S")


@pytest.mark.parametrize(
    ("name", "sequence", "expected"), PEG_VECTORS, ids=[v[0] for v in PEG_VECTORS]
)
def test_pegging_vectors_through_real_deals(
    name: str, sequence: list[str], expected: list[list[tuple[str, int, str, list[str]]]]
) -> None:
    fillers = iter(FILLERS)
    hands = []
    for seat in (0, 1):
        own = sequence[seat::2]
        hands.append(own + [next(fillers) for _ in range(6 - len(own))])
    state = two_player_deal(
        " ".join(hands[0][:4]),
        " ".join(hands[0][4:]),
        " ".join(hands[1][:4]),
        " ".join(hands[1][4:]),
        "9S",
    )
    assert state.observation(0)["phase"] == "play"
    totals = [0, 0]
    count = 0
    for i, card in enumerate(sequence):
        seat = i % 2
        assert state.to_move == seat
        events = apply_new(state, f"play {card}")
        count += min(10, RANKS.index(card[:-1]) + 1)
        assert events[0].type == "play"
        assert events[0].data == {"card": card, "count": count}
        got = scores_of(events)
        want = expected[i]
        assert [(s, r, p, c, cards) for s, r, p, c, cards in got] == [(seat, *w) for w in want], (
            f"{name}, card {i + 1}"
        )
        totals[seat] += sum(w[1] for w in want)
        assert state.scores == totals
        # Each score event carries the side's running total.
        running = totals[seat] - sum(w[1] for w in want)
        for e in (e for e in events if e.type == "score"):
            running += e.data["points"]
            assert e.data["total"] == running
            assert e.data["phase"] == "play"


# --------------------------------------------------------------------------- go, 31, resets


def test_go_for_one_to_the_last_player_and_event_order() -> None:
    # Seat 0 (pone) KS 8S 2C 6C, seat 1 (dealer) QH 9D 5D 7D.
    state = two_player_deal("KS 8S 2C 6C", "AD 3C", "QH 9D 5D 7D", "4S 6S", "AH")
    assert scores_of(apply_new(state, "play KS")) == []
    assert scores_of(apply_new(state, "play QH")) == []
    events = apply_new(state, "play 8S")  # 28: seat 1 holds nothing of 3 or less
    assert [(e.type, e.seat) for e in events] == [("play", 0), ("go", 1)]
    # The opponent of a player who said go plays every card he can.
    assert state.to_move == 0
    assert state.observation(0)["legal_moves"] == ["play 2C"]
    events = apply_new(state, "play 2C")  # 30: nobody can play
    assert [(e.type, e.seat) for e in events] == [("play", 0), ("score", 0), ("reset", 1)]
    assert scores_of(events) == [(0, "go", 1, "go", [])]
    assert events[1].data["total"] == 1
    assert state.scores == [1, 0]
    # The count restarts and the opponent of the last player leads.
    obs = state.observation(1)
    assert (obs["count"], obs["count_cards"], obs["to_move"]) == (0, [], 1)
    assert obs["played"] == [["KS", "8S", "2C"], ["QH"]]  # in the order played


def test_thirty_one_after_a_go_pegs_two_not_three() -> None:
    # KS QH 9C = 29: seat 1 (QH 9D 5D 7D) says go once; seat 0 plays 2C for 31: 2 points, no
    # go point on top.
    state = two_player_deal("KS 9C 2C AC", "4H 6H", "QH 9D 5D 7D", "4S 6S", "3H")
    state.apply("play KS")
    state.apply("play QH")
    events = apply_new(state, "play 9C")
    assert [(e.type, e.seat) for e in events] == [("play", 0), ("go", 1)]
    assert state.observation(0)["legal_moves"] == ["play AC", "play 2C"]
    events = apply_new(state, "play 2C")
    assert [(e.type, e.seat) for e in events] == [("play", 0), ("score", 0), ("reset", 1)]
    assert scores_of(events) == [
        (0, "thirty-one", 2, "thirty-one for two", ["KS", "QH", "9C", "2C"])
    ]
    assert state.scores == [2, 0]
    assert [e.type for e in state.events].count("go") == 1


def test_thirty_one_pegs_two_never_three_and_nothing_spans_a_reset() -> None:
    # Count 1: KS 4H 8C 9D = 31 by seat 1. Count 2 is led by seat 0 with 10C (8-9-10 would be a
    # run across the reset), then 9H, 2C, and 10H makes 31 with the last card of the play.
    state = two_player_deal("KS 8C 10C 2C", "AD 3C", "4H 9D 9H 10H", "6S 7C", "QD")
    for card in ("KS", "4H", "8C"):
        assert scores_of(apply_new(state, f"play {card}")) == []
    events = apply_new(state, "play 9D")
    assert [(e.type, e.seat) for e in events] == [("play", 1), ("score", 1), ("reset", 0)]
    assert scores_of(events) == [
        (1, "thirty-one", 2, "thirty-one for two", ["KS", "4H", "8C", "9D"])
    ]
    assert state.scores == [0, 2]
    assert state.to_move == 0
    assert state.observation(0)["count"] == 0
    assert scores_of(apply_new(state, "play 10C")) == []  # no run 8-9-10 across the reset
    assert scores_of(apply_new(state, "play 9H")) == []
    assert scores_of(apply_new(state, "play 2C")) == []
    events = apply_new(state, "play 10H")  # 31 with the last card: 2, not 3
    assert scores_of(events, "play") == [
        (1, "thirty-one", 2, "thirty-one for two", ["10C", "9H", "2C", "10H"])
    ]
    assert not any(e.type == "score" and e.data["reason"] == "last card" for e in events)
    play_scores = [e for e in state.events if e.type == "score" and e.data["phase"] == "play"]
    assert [(e.seat, e.data["points"]) for e in play_scores] == [(1, 2), (1, 2)]
    assert any(e.type == "show" for e in events)


def test_a_pair_across_a_reset_does_not_score() -> None:
    # Count 1 ends with 9D at 31; seat 0 leads 9C: no pair. 9C 10H 2C 10D = 31 again.
    state = two_player_deal("KS 8C 9C 2C", "AD 3C", "4H 9D 10H 10D", "6S 7C", "QD")
    for card in ("KS", "4H", "8C", "9D"):
        state.apply(f"play {card}")
    assert scores_of(apply_new(state, "play 9C")) == []
    assert scores_of(apply_new(state, "play 10H")) == []
    assert scores_of(apply_new(state, "play 2C")) == []
    assert scores_of(apply_new(state, "play 10D"), "play") == [
        (1, "thirty-one", 2, "thirty-one for two", ["9C", "10H", "2C", "10D"])
    ]


def test_last_card_pegs_one() -> None:
    # KS QH 9C (29): seat 1 says go; seat 0 plays AC (30) and takes the go. Seat 1 leads 9D,
    # seat 0 2C (11), seat 1 5D (16) and, seat 0 being out of cards, 7D (23): last card.
    state = two_player_deal("KS 9C 2C AC", "4H 6H", "QH 9D 5D 7D", "4S 6S", "3H")
    for card in ("KS", "QH", "9C", "AC"):
        state.apply(f"play {card}")
    assert state.scores == [1, 0]
    assert state.to_move == 1
    assert scores_of(apply_new(state, "play 9D")) == []
    assert scores_of(apply_new(state, "play 2C")) == []  # 11
    assert scores_of(apply_new(state, "play 5D")) == []  # 16
    events = apply_new(state, "play 7D")  # 23, last card of the play
    assert scores_of(events)[0] == (1, "last card", 1, "last card", [])
    assert events[1].data["total"] == 1
    assert any(e.type == "show" for e in events)


@pytest.mark.parametrize("seed", range(12))
def test_dealer_always_pegs_at_least_one_in_the_play(seed: int) -> None:
    state = cardtable.load("cribbage").new_state(seed=seed)
    play_random(state, random.Random(seed))
    checked = 0
    for deal in split_deals(state.events):
        dealer = deal[0].data["dealer"]
        types = [e.type for e in deal]
        if "show" not in types:
            continue  # the game ended before the play was over
        play = [
            e
            for e in deal[: types.index("show")]
            if e.type == "score" and e.data["phase"] == "play"
        ]
        assert sum(e.data["points"] for e in play if e.seat == dealer) >= 1
        # The last card of the play scores (last card 1, or 31 for 2) for whoever played it.
        last_play = [e for e in deal if e.type == "play"][-1]
        last_reason = [e for e in play if e.seat == last_play.seat][-1].data["reason"]
        assert last_reason in ("last card", "thirty-one")
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("seed", range(8))
def test_the_count_never_passes_31_and_restarts_after_go_or_31(seed: int) -> None:
    state = cardtable.load("cribbage").new_state(seed=seed)
    play_random(state, random.Random(seed))
    count = 0
    for e in state.events:
        if e.type == "play":
            assert e.data["count"] == count + min(10, RANKS.index(e.data["card"][:-1]) + 1)
            count = e.data["count"]
            assert count <= 31
        elif e.type in ("reset", "deal"):
            count = 0


# --------------------------------------------------------------------------- the show


def shown_worth(obs: dict[str, Any]) -> int:
    """The true count of the hand or crib being claimed (muggins never tells it)."""
    shown = obs["shown"][-1]
    cards = [parse_card(c) for c in shown["cards"]]
    return score_hand(cards, parse_card(obs["starter"]), shown["what"] == "crib")


def show_events(events: Iterable[Event]) -> list[Event]:
    return [e for e in events if e.type == "show"]


@pytest.mark.parametrize("seed", range(6))
def test_show_order_and_values(seed: int) -> None:
    state = cardtable.load("cribbage").new_state(seed=seed)
    play_random(state, random.Random(100 + seed))
    complete = 0
    for deal in split_deals(state.events):
        dealer = deal[0].data["dealer"]
        shows = show_events(deal)
        if any(e.type == "game over" for e in deal):
            continue
        assert [(e.seat, e.data["what"]) for e in shows] == [
            (1 - dealer, "hand"),
            (dealer, "hand"),
            (dealer, "crib"),
        ]
        for e in shows:
            cards = parse_cards(e.data["cards"])
            starter = parse_card(e.data["starter"])
            assert e.data["points"] == score_hand(cards, starter, e.data["what"] == "crib")
            assert sum(b["points"] for b in e.data["breakdown"]) == e.data["points"]
        complete += 1
    assert complete >= 5


def test_the_29_hand_in_the_show() -> None:
    state = two_player_deal("5H 5D 5C JS", "2C 3C", "KH QH 9H 8H", "4D 6D", "5S")
    rng = random.Random(1)
    while state.observation(0)["phase"] == "play":
        state.apply(rng.choice(state.legal_moves()))
    shows = show_events(state.events)
    assert [(e.seat, e.data["what"]) for e in shows] == [(0, "hand"), (1, "hand"), (1, "crib")]
    hand = shows[0]
    assert hand.data["cards"] == ["5C", "5D", "5H", "JS"]
    assert hand.data["starter"] == "5S"
    assert hand.data["points"] == 29
    kinds = [(b["kind"], b["points"]) for b in hand.data["breakdown"]]
    assert kinds.count(("fifteen", 2)) == 8
    assert kinds.count(("pair", 2)) == 6
    assert ("nobs", 1) in kinds
    assert len(kinds) == 15
    assert [b["cards"] for b in hand.data["breakdown"] if b["kind"] == "nobs"] == [["JS"]]
    # The score events that follow the show event add up to 29 and move the total by 29.
    events = state.events
    at = events.index(hand)
    after = events[at + 1 : at + 16]
    assert [e.type for e in after] == ["score"] * 15
    assert all(e.seat == 0 and e.data["phase"] == "show" for e in after)
    assert sum(e.data["points"] for e in after) == 29
    before = sum(e.data["points"] for e in events[:at] if e.type == "score" and e.seat == 0)
    assert after[-1].data["total"] == before + 29
    # The dealer's hand KH QH 9H 8H + 5S: fifteens 4, four-card flush 4 = 8; crib 9.
    assert shows[1].data["points"] == 8
    assert ("flush", 4) in [(b["kind"], b["points"]) for b in shows[1].data["breakdown"]]
    assert shows[2].data["cards"] == ["2C", "3C", "4D", "6D"]
    assert shows[2].data["points"] == 9


def test_crib_four_card_flush_does_not_score_and_his_nobs() -> None:
    # Pone 2C 4C 6C 8C (hand flush 4, fifteens 4 = 8); dealer JD KS QS 10S with 9D (run of 5,
    # nobs 1 = 6); crib AH 3H 5H 7H with 9D: fifteens 4 and no flush (RULES 4.11 #9).
    state = two_player_deal("2C 4C 6C 8C", "AH 3H", "JD KS QS 10S", "5H 7H", "9D")
    rng = random.Random(2)
    while state.observation(0)["phase"] == "play":
        state.apply(rng.choice(state.legal_moves()))
    pone, dealer, crib = show_events(state.events)[:3]
    assert (pone.seat, pone.data["points"]) == (0, 8)
    assert ("flush", 4, ["2C", "4C", "6C", "8C"]) in [
        (b["kind"], b["points"], b["cards"]) for b in pone.data["breakdown"]
    ]
    assert (dealer.seat, dealer.data["points"]) == (1, 6)
    dealer_kinds = [(b["kind"], b["points"], b["cards"]) for b in dealer.data["breakdown"]]
    assert ("nobs", 1, ["JD"]) in dealer_kinds
    assert [k for k in dealer_kinds if k[0] == "run"] == [
        ("run", 5, ["9D", "10S", "JD", "QS", "KS"])
    ]
    assert (crib.seat, crib.data["what"], crib.data["cards"]) == (
        1,
        "crib",
        ["AH", "3H", "5H", "7H"],
    )
    assert crib.data["points"] == 4
    assert [b["kind"] for b in crib.data["breakdown"]] == ["fifteen", "fifteen"]
    events = state.events
    at = events.index(crib)
    crib_scores = [e for e in events[at + 1 : at + 3]]
    assert [(e.seat, e.data["reason"], e.data["points"]) for e in crib_scores] == [
        (1, "fifteen", 2),
        (1, "fifteen", 2),
    ]


def test_crib_flush_with_matching_starter_scores_five() -> None:
    state = two_player_deal("2C 4C 6C 8C", "AH 3H", "JD KS QS 10S", "5H 7H", "9H")
    rng = random.Random(3)
    while state.observation(0)["phase"] == "play":
        state.apply(rng.choice(state.legal_moves()))
    crib = show_events(state.events)[2]
    assert crib.data["points"] == 9
    assert ("flush", 5) in [(b["kind"], b["points"]) for b in crib.data["breakdown"]]


# --------------------------------------------------------------------------- his heels


@pytest.mark.parametrize("muggins", [False, True])
def test_his_heels_pegs_two_for_the_dealer_at_once(muggins: bool) -> None:
    hands = ["2C 4C 6C 8C AH 3H", "9D KS QS 10S 5H 7H"]
    game = cardtable.load("cribbage", muggins=muggins)
    state = game.new_state(decks=[make_pack(hands, "JC")])
    state.apply("discard AH 3H")
    events = apply_new(state, "discard 5H 7H")
    assert [e.type for e in events if e.visible_to is None] == ["discard", "starter", "score"]
    assert events[-2].data == {"card": "JC"}
    assert scores_of(events) == [(1, "his heels", 2, "his heels", ["JC"])]
    assert events[-1].data["total"] == 2
    assert events[-1].data["phase"] == "deal"
    assert state.scores == [0, 2]
    obs = state.observation(0)
    assert (obs["phase"], obs["to_move"], obs["starter"]) == ("play", 0, "JC")
    assert obs["legal_moves"] == ["play 2C", "play 4C", "play 6C", "play 8C"]


def test_a_game_can_end_on_his_heels() -> None:
    # Every pack turns up a jack; random play until a dealer goes out on his heels.
    for seed in range(400):
        game = cardtable.load("cribbage", target=61)
        state = game.new_state(decks=random_packs(seed, 40, jack_starter=True))
        play_random(state, random.Random(seed))
        events = state.events
        if not (events[-2].type == "score" and events[-2].data["reason"] == "his heels"):
            continue
        heels, over = events[-2], events[-1]
        dealer = split_deals(events)[-1][0].data["dealer"]
        assert heels.seat == dealer
        assert heels.data["total"] == 61
        assert over.type == "game over"
        assert over.data["winners"] == [dealer]
        assert over.data["pegs"][dealer] == 61
        assert state.is_over and state.to_move is None
        assert state.scores[dealer] == 61
        assert state.result is not None and state.result["winners"] == [dealer]
        # Nothing was played in the last deal: the game ended at the cut.
        last = split_deals(events)[-1]
        assert [e.type for e in last if e.visible_to is None] == [
            "deal",
            "discard",
            "discard",
            "starter",
            "score",
            "game over",
        ]
        # The dealer needed 59 or 60 before the cut.
        before = [e for e in events[:-2] if e.type == "score" and e.seat == dealer]
        assert before[-1].data["total"] in (59, 60)
        return
    pytest.fail("no seed ended a game on his heels")


# --------------------------------------------------------------------------- winning at once


def find_deal_start(
    seeds: Iterable[int], want: Callable[[int, list[int]], bool], count: int = 40
) -> tuple[list[list[str]], list[str], int, int]:
    """Random play over our own packs until a deal starts in a position ``want(dealer, scores)``
    accepts; returns the packs, the moves so far, the deal number and the dealer."""
    for seed in seeds:
        packs = random_packs(seed, count)
        state = cardtable.load("cribbage").new_state(decks=packs)
        rng = random.Random(seed)
        deal = 1
        while not state.is_over:
            state.apply(rng.choice(state.legal_moves()))
            obs = state.observation(0)
            if obs["deal_number"] != deal and obs["game_number"] == 1:
                deal = obs["deal_number"]
                if want(obs["dealer"], state.scores):
                    return packs, list(state.history), deal, obs["dealer"]
    raise AssertionError("no position found")


def test_example_33_pone_goes_out_in_the_show_before_the_dealer_counts() -> None:
    # Pone at 115-120 and the dealer at 105-118: the pone's 6-point hand wins, although the
    # dealer's hand (12) and crib (2) would have taken him past 121 as well.
    packs, history, deal, dealer = find_deal_start(
        range(500), lambda d, s: 115 <= s[1 - d] <= 120 and 105 <= s[d] <= 118
    )
    pone = 1 - dealer
    hands = ["", ""]
    hands[pone] = "5H 10D 2S 8C 9C 4D"
    hands[dealer] = "7C 7D 8D 8H 3C 6S"
    packs[deal - 1] = make_pack(hands, "KC", dealer=dealer)
    state = cardtable.load("cribbage").new_state(decks=packs[:deal])
    state.apply_all(history)
    obs = state.observation(pone)
    assert (obs["deal_number"], obs["dealer"], obs["phase"]) == (deal, dealer, "discard")
    assert obs["hand"] == by_id(hands[pone].split())
    p, d = state.scores[pone], state.scores[dealer]
    assert 115 <= p <= 120 and 105 <= d <= 118
    state.apply("discard 9C 4D")
    state.apply("discard 3C 6S")
    # Pone pegs nothing; the dealer pegs a go and the last card.
    for card in ("10D", "8D", "2S"):
        assert scores_of(apply_new(state, f"play {card}")) == []
    events = apply_new(state, "play 8H")  # 28: neither can play
    assert [(e.type, e.seat) for e in events] == [
        ("play", dealer),
        ("go", pone),
        ("score", dealer),
        ("reset", pone),
    ]
    for card in ("5H", "7C", "8C"):
        assert scores_of(apply_new(state, f"play {card}")) == []
    events = apply_new(state, "play 7D")
    assert state.is_over
    assert scores_of(events)[0] == (dealer, "last card", 1, "last card", [])
    shows = show_events(events)
    assert [(e.seat, e.data["what"], e.data["points"]) for e in shows] == [(pone, "hand", 6)]
    assert events[-1].type == "game over"
    assert events[-1].data["winners"] == [pone]
    pegs = [0, 0]
    pegs[pone], pegs[dealer] = 121, d + 2
    assert events[-1].data["pegs"] == pegs
    assert state.scores == pegs
    show_scores = [e for e in events if e.type == "score" and e.data["phase"] == "show"]
    assert all(e.seat == pone for e in show_scores)
    assert show_scores[-1].data["total"] == 121
    assert all(e.data["total"] <= 121 for e in show_scores)
    # What the dealer would have shown.
    assert score_hand(parse_cards("7C 7D 8D 8H"), parse_card("KC")) == 12
    assert d + 2 + 12 + 2 >= 121


def test_a_player_going_out_in_the_play_wins_at_once() -> None:
    seen_play_end = 0
    for seed in range(40):
        state = cardtable.load("cribbage", target=61).new_state(seed=seed)
        play_random(state, random.Random(seed))
        events = state.events
        last_score = [e for e in events if e.type == "score"][-1]
        if last_score.data["phase"] != "play":
            continue
        seen_play_end += 1
        assert events[-1].type == "game over"
        assert last_score.data["total"] == 61
        assert events[-1].data["winners"] == [last_score.seat]
        # Nothing happens after the winning point: no further play, go or show.
        at = events.index(last_score)
        assert all(e.type in ("score", "game over") for e in events[at:])
    assert seen_play_end >= 3


# --------------------------------------------------------------------------- skunks


@functools.cache
def steered_game(loser_final: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Packs and moves of a muggins game that seat 0 wins 121 to ``loser_final`` on his heels.

    Every pack turns up a jack; each player claims only part of his hands (the opponent always
    passes) so that seat 0 deals at 119 or 120 while seat 1 stands exactly on ``loser_final``.
    """
    w, loser, goal_w = 0, 1, 119
    for seed in range(300):
        packs = random_packs(seed, 60, jack_starter=True)
        state = cardtable.load("cribbage", muggins=True).new_state(decks=packs)
        rng = random.Random(seed)
        while not state.is_over and state.scores[loser] <= loser_final:
            seat = state.to_move
            assert seat is not None
            obs = state.observation(seat)
            legal = state.legal_moves()
            if obs["phase"] == "claim":
                worth = shown_worth(obs)
                pw, pl = state.scores[w], state.scores[loser]
                closing = obs["dealer"] == loser  # then seat 0 deals next
                if seat == w:
                    want = goal_w - pw - (0 if closing else 8)
                elif closing and pw >= goal_w:
                    want = loser_final - pl
                else:
                    want = loser_final - pl - int(4 + 0.37 * (goal_w - pw))
                state.apply(f"claim {max(0, min(worth, want))}")
            elif obs["phase"] == "muggins":
                state.apply("pass")
            else:
                state.apply(rng.choice(legal))
        if state.is_over and state.scores == [121, loser_final]:
            return tuple(tuple(p) for p in packs), tuple(state.history)
    raise AssertionError(f"could not steer a game to 121-{loser_final}")


EXAMPLE_34 = [
    ("acc", 90, "skunk", 2),
    ("acc", 91, "win", 1),
    ("acc", 60, "double skunk", 3),
    ("acc", 61, "skunk", 2),
    ("hoyle", 60, "lurch", 2),
    ("hoyle", 61, "win", 1),
    ("hoyle", 90, "win", 1),
    ("none", 60, "win", 1),
    ("none", 90, "win", 1),
]


@pytest.mark.parametrize(("skunk", "loser", "kind", "points"), EXAMPLE_34)
def test_example_34_skunk_and_lurch_lines(skunk: str, loser: int, kind: str, points: int) -> None:
    packs, moves = steered_game(loser)
    state = cardtable.load("cribbage", muggins=True, skunk=skunk).new_state(decks=packs)
    state.apply_all(moves)
    assert state.is_over
    assert state.result == {
        "winners": [0],
        "scores": [121, loser],
        "games": [
            {"game": 1, "winners": [0], "pegs": [121, loser], "kind": kind, "points": points}
        ],
    }
    over = state.events[-1]
    assert over.type == "game over"
    assert (over.data["kind"], over.data["points"]) == (kind, points)
    # It ended on his heels, with the loser exactly where the example puts him.
    assert state.events[-2].data["reason"] == "his heels"


@pytest.mark.parametrize(
    ("skunk", "target"), [("acc", 121), ("hoyle", 121), ("hoyle", 61), ("none", 121)]
)
def test_game_kind_matches_the_final_pegs(skunk: str, target: int) -> None:
    # Seat 1 claims only a share of his hands (muggins on, the opponent passes), which spreads
    # the losing totals over every kind.
    seen = set()
    for seed in range(24):
        game = cardtable.load("cribbage", muggins=True, skunk=skunk, target=target)
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        share = (seed % 6) / 5
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            obs = state.observation(seat)
            legal = state.legal_moves()
            if obs["phase"] == "claim":
                worth = shown_worth(obs)
                state.apply(f"claim {worth if seat == 0 else int(worth * share)}")
            elif obs["phase"] == "muggins":
                state.apply("pass")
            else:
                state.apply(rng.choice(legal))
        assert state.result is not None
        (summary,) = state.result["games"]
        pegs = summary["pegs"]
        winner = summary["winners"][0]
        assert pegs[winner] == target
        kind, points = rule_kind(skunk, target, pegs[1 - winner])
        assert (summary["kind"], summary["points"]) == (kind, points)
        seen.add(kind)
    expected = {
        "acc": {"win", "skunk", "double skunk"},
        "hoyle": {"win", "lurch"},
        "none": {"win"},
    }[skunk]
    assert seen == expected


# --------------------------------------------------------------------------- matches


@pytest.mark.parametrize("seed", range(6))
def test_match_of_three_games(seed: int) -> None:
    state = cardtable.load("cribbage", games=3).new_state(seed=seed)
    rng = random.Random(seed)
    match = [0, 0]
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
        # In a match, scores are game points, never the pegs of the game in progress.
        overs = [e for e in state.events if e.type == "game over"]
        match = [0, 0]
        for o in overs:
            match[o.data["winners"][0]] += o.data["points"]
        assert state.scores == match
    events = state.events
    overs = [e for e in events if e.type == "game over"]
    assert [o.data["game"] for o in overs] == [1, 2, 3]
    first_deals = [e for e in events if e.type == "deal" and e.data["deal"] == 1]
    assert [e.data["game"] for e in first_deals] == [1, 2, 3]
    assert first_deals[0].data["dealer"] == 1
    for over, nxt in zip(overs, first_deals[1:], strict=False):
        loser = 1 - over.data["winners"][0]
        assert over.data["pegs"][loser] < 121 == over.data["pegs"][1 - loser]
        assert nxt.data["dealer"] == loser
        assert events.index(nxt) == events.index(over) + 1
    for o in overs:
        loser_pegs = o.data["pegs"][1 - o.data["winners"][0]]
        assert (o.data["kind"], o.data["points"]) == rule_kind("acc", 121, loser_pegs)
    result = state.result
    assert result is not None
    assert result["scores"] == match == state.scores
    assert result["winners"] == [s for s in (0, 1) if match[s] == max(match)]
    assert result["games"] == [dict(o.data) for o in overs]
    assert state.observation(0)["match_points"] == match


def test_the_loser_of_a_game_deals_first_in_the_next() -> None:
    # Over several seeds the loser of game 1 is sometimes seat 0 and sometimes seat 1.
    losers = set()
    for seed in range(12):
        state = cardtable.load("cribbage", games=2, target=61).new_state(seed=seed)
        play_random(state, random.Random(seed))
        events = state.events
        over = next(e for e in events if e.type == "game over")
        nxt = events[events.index(over) + 1]
        loser = 1 - over.data["winners"][0]
        assert (nxt.type, nxt.data["game"], nxt.data["dealer"]) == ("deal", 2, loser)
        losers.add(loser)
    assert losers == {0, 1}


# --------------------------------------------------------------------------- three players


THREE = ["KC 7C 8C 9C 2H", "QD 4D 6D 8D 3H", "5H 6H 7H 8H AS"]


def test_three_player_deal() -> None:
    pack = make_pack(THREE, "KD", crib_card="2S")
    assert pack[15] == "2S" and pack[16] == "KD"
    assert pack[:3] == ["KC", "QD", "5H"]
    state = cardtable.load("cribbage", players=3).new_state(decks=[pack])
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["hand"] == by_id(THREE[seat].split())
        assert (obs["players"], obs["dealer"], obs["crib_size"], obs["starter"]) == (
            3,
            2,
            1,
            None,
        )
        assert obs["hand_sizes"] == [5, 5, 5]
    hands = [e for e in state.events if e.type == "hand"]
    assert [(e.seat, e.data["cards"], e.visible_to) for e in hands] == [
        (s, by_id(THREE[s].split()), (s,)) for s in range(3)
    ]
    # One card each to the crib, in seat order from the dealer's left.
    for seat, card in ((0, "2H"), (1, "3H"), (2, "AS")):
        assert state.to_move == seat
        assert state.legal_moves()[0].text.startswith("discard ")
        assert len(state.legal_moves()) == 5
        state.apply(f"discard {card}")
    obs = state.observation(0)
    assert (obs["phase"], obs["crib_size"], obs["starter"], obs["to_move"]) == (
        "play",
        4,
        "KD",
        0,
    )
    assert obs["hand_sizes"] == [4, 4, 4]
    # The crib is the pack card and the three discards; it is shown last, for the dealer.
    rng = random.Random(3)
    while state.observation(0)["deal_number"] == 1:
        state.apply(rng.choice(state.legal_moves()))
    crib = show_events(state.events)[-1]
    assert (crib.seat, crib.data["what"]) == (2, "crib")
    assert crib.data["cards"] == ["AS", "2H", "2S", "3H"]
    assert crib.data["starter"] == "KD"
    # Fifteens KD 2 3 (twice) and KD A 2 2: 6; pair 2; double run A-2-3: 6.
    assert crib.data["points"] == 14


def test_three_player_go() -> None:
    state = cardtable.load("cribbage", players=3).new_state(
        decks=[make_pack(THREE, "KD", crib_card="2S")]
    )
    for card in ("2H", "3H", "AS"):
        state.apply(f"discard {card}")
    assert scores_of(apply_new(state, "play KC")) == []
    assert scores_of(apply_new(state, "play QD")) == []
    events = apply_new(state, "play 5H")  # 25: seat 0 holds nothing under 7
    assert [(e.type, e.seat) for e in events] == [("play", 2), ("go", 0)]
    assert state.to_move == 1  # the others continue
    events = apply_new(state, "play 4D")  # 29: nobody can play
    assert [(e.type, e.seat) for e in events] == [
        ("play", 1),
        ("go", 2),
        ("score", 1),
        ("reset", 2),
    ]
    assert scores_of(events) == [(1, "go", 1, "go", [])]
    assert state.scores == [0, 1, 0]
    assert state.to_move == 2
    assert state.observation(2)["count"] == 0


@pytest.mark.parametrize("seed", range(3))
def test_three_player_show_order(seed: int) -> None:
    state = cardtable.load("cribbage", players=3).new_state(seed=seed)
    play_random(state, random.Random(seed))
    deals = [d for d in split_deals(state.events) if not any(e.type == "game over" for e in d)]
    assert len(deals) >= 3
    for deal in deals:
        dealer = deal[0].data["dealer"]
        order = [(e.seat, e.data["what"]) for e in show_events(deal)]
        assert order == [
            ((dealer + 1) % 3, "hand"),
            ((dealer + 2) % 3, "hand"),
            (dealer, "hand"),
            (dealer, "crib"),
        ]
    assert [d[0].data["dealer"] for d in deals[:3]] == [2, 0, 1]


# --------------------------------------------------------------------------- four players


def test_four_player_deal_discards_and_show_order() -> None:
    hands = ["KC 7C 8C 9C 2H", "QD 4D 6D 8D 3H", "5H 6H 7H 8H AS", "10S JS QS KS 2C"]
    pack = make_pack(hands, "AD")
    assert pack[20] == "AD" and pack[:4] == ["KC", "QD", "5H", "10S"]
    state = cardtable.load("cribbage", players=4).new_state(decks=[pack])
    for seat in range(4):
        assert state.observation(seat)["hand"] == by_id(hands[seat].split())
    for seat, card in ((0, "2H"), (1, "3H"), (2, "AS"), (3, "2C")):
        assert state.to_move == seat
        assert all(len(m.cards) == 1 for m in state.legal_moves())
        state.apply(f"discard {card}")
    obs = state.observation(0)
    assert (obs["crib_size"], obs["starter"], obs["phase"], obs["to_move"]) == (4, "AD", "play", 0)
    rng = random.Random(4)
    while state.observation(0)["deal_number"] == 1:
        state.apply(rng.choice(state.legal_moves()))
        sc = state.scores
        assert sc[0] == sc[2] and sc[1] == sc[3]
    order = [(e.seat, e.data["what"]) for e in show_events(state.events)]
    assert order == [(0, "hand"), (1, "hand"), (2, "hand"), (3, "hand"), (3, "crib")]
    crib = show_events(state.events)[-1]
    assert crib.data["cards"] == ["AS", "2C", "2H", "3H"]


@pytest.mark.parametrize("seed", range(4))
def test_four_player_partners_share_scores(seed: int) -> None:
    state = cardtable.load("cribbage", players=4, target=61).new_state(seed=seed)
    rng = random.Random(seed)
    scored_by = set()
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
        sc = state.scores
        assert sc[0] == sc[2] and sc[1] == sc[3]
        assert state.observation(seed % 4)["scores"] == sc
    for e in state.events:
        if e.type == "score":
            scored_by.add(e.seat)
    assert scored_by == {0, 1, 2, 3}
    assert state.result is not None
    winners = state.result["winners"]
    assert winners in ([0, 2], [1, 3])
    assert [state.scores[s] for s in winners] == [61, 61]


# --------------------------------------------------------------------------- muggins


def play_out(state: State, seed: int) -> None:
    rng = random.Random(seed)
    while state.observation(0)["phase"] == "play":
        state.apply(rng.choice(state.legal_moves()))


ALL_CLAIMS = [f"claim {n}" for n in range(30)]


def counts_of(events: Iterable[Event]) -> list[tuple[int | None, str, int, int]]:
    return [
        (e.seat, e.data["what"], e.data["points"], e.data["claimed"])
        for e in events
        if e.type == "count"
    ]


def test_muggins_claims() -> None:
    # Pone's hand is worth 8, the dealer's 6, the crib 4 (see the flush test above).
    state = two_player_deal("2C 4C 6C 8C", "AH 3H", "JD KS QS 10S", "5H 7H", "9D", muggins=True)
    play_out(state, 5)
    obs = state.observation(0)
    assert (obs["phase"], obs["to_move"]) == ("claim", 0)
    # RULES.md 5: any claim 0-29, so that the legal moves do not tell the count.
    assert obs["legal_moves"] == ALL_CLAIMS
    assert state.observation(1)["legal_moves"] == []
    # The hand is laid out without its count.
    (shown,) = show_events(state.events)
    assert dict(shown.data) == {"what": "hand", "cards": ["2C", "4C", "6C", "8C"], "starter": "9D"}
    assert state.game.describe(shown) == "Seat 0 shows hand 2C 4C 6C 8C + 9D"
    assert state.game.prompt(state.observation(0)) == (
        "Your hand: 2C 4C 6C 8C with the starter 9D. Claim its points (claim 0 to 29)."
    )
    start = list(state.scores)
    # Claiming less: the next opponent is asked and takes the difference.
    events = apply_new(state, "claim 5")
    assert scores_of(events) == [(0, "claim", 5, "claims 5", [])]
    assert state.scores == [start[0] + 5, start[1]]
    obs = state.observation(1)
    assert (obs["phase"], obs["to_move"], obs["legal_moves"], obs["claimed"]) == (
        "muggins",
        1,
        ["muggins", "pass"],
        5,
    )
    assert state.game.prompt(state.observation(1)) == (
        "Seat 0 claims 5. Call muggins to take any points missed, or pass."
    )
    events = apply_new(state, "muggins")
    assert scores_of(events) == [(1, "muggins", 3, "muggins for 3", [])]
    # The true count is told to everyone only after the answer.
    assert counts_of(events) == [(0, "hand", 8, 5)]
    assert state.scores == [start[0] + 5, start[1] + 3]
    # Claiming the full worth: the opponent is still asked, and muggins takes nothing.
    assert (state.to_move, state.observation(1)["phase"]) == (1, "claim")
    assert state.observation(1)["legal_moves"] == ALL_CLAIMS
    events = apply_new(state, "claim 6")
    assert scores_of(events) == [(1, "claim", 6, "claims 6", [])]
    assert (state.to_move, state.observation(0)["phase"]) == (0, "muggins")
    events = apply_new(state, "muggins")
    assert scores_of(events) == []
    assert counts_of(events) == [(1, "hand", 6, 6)]
    assert (state.to_move, state.observation(1)["phase"]) == (1, "claim")
    # The crib (worth 4): one point short; the opponent passes and the point is lost.
    events = apply_new(state, "claim 3")
    assert scores_of(events) == [(1, "claim", 3, "claims 3", [])]
    assert (state.to_move, state.observation(0)["phase"]) == (0, "muggins")
    events = apply_new(state, "pass")
    assert scores_of(events) == []
    assert counts_of(events) == [(1, "crib", 4, 3)]
    assert state.scores == [start[0] + 5, start[1] + 12]
    obs = state.observation(0)
    assert (obs["phase"], obs["deal_number"], obs["dealer"]) == ("discard", 2, 0)
    shown_order = [(e.seat, e.data["what"]) for e in show_events(state.events)]
    assert shown_order == [(0, "hand"), (1, "hand"), (1, "crib")]
    # The claims and muggins are the only show-phase scores: no automatic counting.
    show_scores = scores_of(state.events, "show")
    assert [(seat, reason, points) for seat, reason, points, _, _ in show_scores] == [
        (0, "claim", 5),
        (1, "muggins", 3),
        (1, "claim", 6),
        (1, "claim", 3),
    ]


def test_muggins_claim_of_nothing_scores_nothing() -> None:
    state = two_player_deal("2C 4C 6C 8C", "AH 3H", "JD KS QS 10S", "5H 7H", "9D", muggins=True)
    play_out(state, 5)
    start = list(state.scores)
    events = apply_new(state, "claim 0")
    assert scores_of(events) == []
    assert (state.to_move, state.observation(1)["phase"]) == (1, "muggins")
    events = apply_new(state, "muggins")
    assert scores_of(events) == [(1, "muggins", 8, "muggins for 8", [])]
    assert state.scores == [start[0], start[1] + 8]


def test_muggins_over_claim_is_corrected_down_and_costs_nothing_more() -> None:
    # RULES.md 5: an over-claim is corrected down to the true total (the hand is worth 8).
    state = two_player_deal("2C 4C 6C 8C", "AH 3H", "JD KS QS 10S", "5H 7H", "9D", muggins=True)
    play_out(state, 5)
    start = list(state.scores)
    events = apply_new(state, "claim 29")
    assert [e.data["points"] for e in events if e.type == "claim"] == [29]
    assert scores_of(events) == [(0, "claim", 8, "claims 8", [])]
    events = apply_new(state, "muggins")
    assert scores_of(events) == []
    assert counts_of(events) == [(0, "hand", 8, 29)]
    assert state.scores == [start[0] + 8, start[1]]


def test_muggins_claim_beyond_29_is_refused_with_the_range() -> None:
    state = two_player_deal("2C 4C 6C 8C", "AH 3H", "JD KS QS 10S", "5H 7H", "9D", muggins=True)
    play_out(state, 5)
    before = (state.observation(0), state.observation(1), list(state.history), len(state.events))
    with pytest.raises(cardtable.CardtableError, match="29") as info:
        state.apply("claim 30")
    # The range of claims, never the hand's worth.
    assert "8" not in str(info.value).replace("claim 30", "")
    with pytest.raises(cardtable.IllegalMoveError, match="0 to 29"):
        state.apply("play 2C")
    assert before == (
        state.observation(0),
        state.observation(1),
        list(state.history),
        len(state.events),
    )


def test_muggins_pegging_stays_automatic() -> None:
    state = two_player_deal("KS 8S 2C 6C", "AD 3C", "QH 9D 5D 7D", "4S 6S", "AH", muggins=True)
    for card in ("KS", "QH", "8S"):
        state.apply(f"play {card}")
    events = apply_new(state, "play 2C")
    assert scores_of(events) == [(0, "go", 1, "go", [])]
    assert all(m.verb == "play" for m in state.legal_moves())


# --------------------------------------------------------------------------- options


def test_dealer_zero_makes_seat_one_receive_and_play_first() -> None:
    hands = ["2C 4C 6C 8C AH 3H", "JD KS QS 10S 5H 7H"]
    pack = make_pack(hands, "9D", dealer=0)
    assert pack[:2] == ["JD", "2C"]
    state = cardtable.load("cribbage", dealer=0).new_state(decks=[pack])
    assert state.observation(1)["hand"] == by_id(hands[1].split())
    assert state.observation(0)["hand"] == by_id(hands[0].split())
    assert state.observation(0)["dealer"] == 0
    assert state.to_move == 1
    state.apply("discard 5H 7H")
    assert state.to_move == 0
    state.apply("discard AH 3H")
    assert state.to_move == 1
    assert state.observation(1)["phase"] == "play"
    play_out(state, 6)
    order = [(e.seat, e.data["what"]) for e in show_events(state.events)]
    assert order == [(1, "hand"), (0, "hand"), (0, "crib")]
    assert state.observation(0)["dealer"] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_option(players: int) -> None:
    state = cardtable.load("cribbage", players=players).new_state(seed=1)
    assert state.game.num_players == players
    obs = state.observation(0)
    assert obs["players"] == players
    assert obs["dealer"] == players - 1
    assert len(obs["hand"]) == (6 if players == 2 else 5)
    assert len(state.scores) == players
    assert state.to_move == 0


@pytest.mark.parametrize("seed", range(5))
def test_target_61_ends_the_game_at_61(seed: int) -> None:
    state = cardtable.load("cribbage", target=61).new_state(seed=seed)
    play_random(state, random.Random(seed))
    assert max(state.scores) == 61
    assert min(state.scores) < 61
    assert state.observation(0)["target"] == 61
    assert state.result is not None
    assert state.result["winners"] == [state.scores.index(61)]
    assert state.legal_moves() == []
    assert state.to_move is None


@pytest.mark.parametrize(
    ("players", "muggins", "seed"), [(2, False, 0), (2, True, 1), (3, True, 2), (4, False, 3)]
)
def test_observation_lists_exactly_the_legal_moves(players: int, muggins: bool, seed: int) -> None:
    state = cardtable.load("cribbage", players=players, muggins=muggins, target=61).new_state(
        seed=seed
    )
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        legal = [str(m) for m in state.legal_moves()]
        assert legal
        for seat in range(players):
            obs = state.observation(seat)
            assert obs["to_move"] == state.to_move
            assert obs["legal_moves"] == (legal if seat == state.to_move else [])
        state.apply(rng.choice(state.legal_moves()))
        steps += 1
    for seat in range(players):
        assert state.observation(seat)["legal_moves"] == []
        assert state.observation(seat)["to_move"] is None
    assert steps > 20


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_same_seed_and_moves_give_the_same_game(players: int, seed: int) -> None:
    def run() -> State:
        state = cardtable.load("cribbage", players=players, games=2, target=61).new_state(seed=seed)
        play_random(state, random.Random(seed))
        return state

    a, b = run(), run()
    assert [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]
    assert a.to_record() == b.to_record()
    assert a.history == b.history
    # The same moves replayed on a fresh state give the same game too.
    c = cardtable.load("cribbage", players=players, games=2, target=61).new_state(seed=seed)
    c.apply_all(a.history)
    assert [e.to_dict() for e in c.events] == [e.to_dict() for e in a.events]
    assert c.to_record() == a.to_record()


# --------------------------------------------------------------------------- refusals leak nothing


@pytest.mark.parametrize("players", [2, 3])
def test_refusals_name_only_what_the_mover_may_see(players: int) -> None:
    pack = list(range(52))
    random.Random(3).shuffle(pack)
    game = cardtable.load("cribbage", players=players)
    # Seat k (the dealer is the last seat) is dealt pack[k], pack[k + n], ... The twins swap
    # two cards of one rank (so they play alike): one of seat 1's and one of seat 2's, or with
    # two players one never dealt.
    dealt = players * (6 if players == 2 else 5)
    others = pack[dealt + 1 :] if players == 2 else pack[2:dealt:players]
    x, y = next((a, b) for a in pack[1:dealt:players] for b in others if a // 4 == b // 4)
    holders = {1} if players == 2 else {1, 2}
    rng = random.Random(0)
    pairs = [tuple(sorted(rng.sample(range(52), 2))) for _ in range(40)]
    probes = [Move("play", (c,)) for c in range(52)] + [Move("discard", (c,)) for c in range(52)]
    probes += [Move("discard", pair) for pair in pairs] + [Move("discard", (x, pack[0]))]
    probes += [Move("claim", (), n) for n in (0, 5, 29)] + [Move("muggins"), Move("pass")]
    probes += [Move("play", ()), Move("play", (60,)), Move("frobnicate")]

    def dealing_or_pegging(state: State) -> bool:
        return state.observation(None)["phase"] in ("discard", "play")

    assert twin_refusals(game, pack, x, y, probes, holders=holders, going=dealing_or_pegging) >= 5
    state = game.new_state(decks=[pack])
    assert state.refusal(Move("play", (x,))) == (
        f"it is time to lay away {'2 cards' if players == 2 else '1 card'} to the crib "
        f"(discard C{' C' if players == 2 else ''})"
    )
