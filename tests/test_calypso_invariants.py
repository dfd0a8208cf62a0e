"""Random Calypso games with Calypso's own invariants checked after every move.

The invariants every game keeps (cards conserved, legal moves, refusals, JSON observations,
the leak test with twins, records that replay, outcome and standing) are checked for Calypso by
``tests/test_contract.py``; this file holds what only Calypso promises:

- the 208 cards are accounted for: at every move hands + table + calypsos + trick piles +
  undealt = 208, and at the end of each round 13 x calypsos + cards of unfinished calypsos +
  trick-pile cards = 208 (RULES.md 1.12, vector 41);
- a seat follows suit whenever it can (all-fours: or plays its own suit);
- partners share one score;
- public events name only cards that have been played;
- sampled worlds keep what the seat knows and every void shown;
- two deals that differ only in East's and West's hands look the same to North.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards import card_str, parse_card
from cardtable.engine import Move
from cardtable.games.calypso import CalypsoState
from invariants import RANDOM_GAMES

RULES = ["standard", "lead-ranks", "last-trump", "all-fours"]
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"trick_rule": "lead-ranks"},
    {"trick_rule": "last-trump", "dealer": 0},
    {"trick_rule": "all-fours", "suits": "hdsc"},
    {"rounds": 2, "suits": "dsch"},
]


def random_pack(rng: random.Random) -> list[str]:
    cards = list(range(208))
    rng.shuffle(cards)
    return [card_str(c) for c in cards]


def check_invariants(state: CalypsoState) -> None:
    obs = state.observation(0)
    in_hands = sum(obs["hand_sizes"])
    on_table = len(obs["trick"])
    laid = sum(13 * k + len(c) for k, c in zip(obs["completed"], obs["calypsos"], strict=True))
    assert laid + sum(obs["pile_sizes"]) + in_hands + on_table + obs["undealt"] == 208
    assert sum(obs["played"].values()) == laid + sum(obs["pile_sizes"]) + on_table
    assert obs["scores"][0] == obs["scores"][2] and obs["scores"][1] == obs["scores"][3]


def check_follow(state: CalypsoState, move: Move) -> None:
    """The move follows suit when the seat can (all-fours: or is of the seat's own suit)."""
    obs = state.observation(state.turn)
    led = obs["led"]
    if led is None:
        return
    suit = str(move)[-1]
    holds = any(c[-1] == led for c in obs["hand"])
    own = obs["suits"][state.turn]
    allowed = {led} | ({own} if obs["trick_rule"] == "all-fours" else set())
    assert not holds or suit in allowed


def assert_public_events_name_played_cards(state: CalypsoState) -> None:
    places = state.card_places()
    played = [
        c for name, cards in places.items() if name != "stock" and "hand" not in name for c in cards
    ]
    faces = {c % 52 for c in played}
    for event in state.events_for(None):
        for key in ("card", "cards"):
            value = event.data.get(key)
            names = value if isinstance(value, list) else [value] if value else []
            for name in names:
                assert parse_card(name) in faces or event.type == "round over"


def assert_world_fits(state: CalypsoState, seat: int, rng: random.Random) -> None:
    """A sampled world gives each seat as many cards as it holds, of no suit it showed void
    in (that the world keeps what the seat sees is the contract's)."""
    world = state.sample_world(seat, rng)
    for other in range(4):
        assert len(world.hands[other]) == len(state.hands[other])
        for card in world.hands[other]:
            assert not state.voids[other] >> (card & 3) & 1, "a world breaks a shown void"


def play_checked(seed: int, options: dict[str, Any], thorough: bool) -> CalypsoState:
    rng = random.Random(seed)
    packs = [random_pack(rng) for _ in range(int(options.get("rounds", 1)))]
    state = cardtable.load("calypso", **options).new_state(seed=seed, decks=packs)
    assert isinstance(state, CalypsoState)
    check_invariants(state)
    while not state.is_over:
        legal = state.legal_moves()
        if thorough and rng.random() < 0.04:
            assert_world_fits(state, rng.randrange(4), rng)
        move = rng.choice(legal)
        check_follow(state, move)
        state.apply(move)
        check_invariants(state)
    if thorough:
        assert_public_events_name_played_cards(state)
    result = state.result
    assert result is not None and result["cards"] == 208
    for summary in result["rounds"]:
        seats = summary["seats"]
        assert sum(13 * s["calypsos"] + s["in_progress"] + s["pile"] for s in seats) == 208
    return state


@settings(RANDOM_GAMES, max_examples=40)
@given(seed=st.integers(0, 2**31 - 1), options=st.sampled_from(OPTION_SETS))
def test_random_games_keep_every_invariant(seed: int, options: dict[str, Any]) -> None:
    play_checked(seed, options, thorough=True)


def test_thousands_of_random_deals() -> None:
    """800 random games (3,200 deals or more, every option set) with Calypso's invariants after
    every move."""
    sides = [0, 0]
    for i in range(800):
        state = play_checked(i, OPTION_SETS[i % len(OPTION_SETS)], thorough=False)
        result = state.result
        assert result is not None
        sides[0] += result["sides"][0] > result["sides"][1]
        sides[1] += result["sides"][1] > result["sides"][0]
    assert min(sides) > 200  # random play: neither side wins every time


def test_leak_two_deals_differing_in_who_holds_a_card() -> None:
    """Two deals that differ only in East's and West's hands look the same to North."""
    rng = random.Random(3)
    base = random_pack(rng)
    other = base[:]
    # Dealer seat 3 deals from seat 0: East (1) gets 1, 5, 9, ...; West (3) 3, 7, 11, ...
    other[1], other[3] = other[3], other[1]
    other[5], other[100] = other[100], other[5]
    game = cardtable.load("calypso")
    a = game.new_state(decks=[base])
    b = game.new_state(decks=[other])
    assert base[1] != base[3] or base[5] != base[100]
    assert a.observation(0) == b.observation(0)
    assert [e.to_dict() for e in a.events_for(0)] == [e.to_dict() for e in b.events_for(0)]
    assert a.observation(1) != b.observation(1) or a.observation(3) != b.observation(3)
