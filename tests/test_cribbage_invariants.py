"""Random Cribbage games with Cribbage's own invariants checked after every move.

The invariants every game keeps (cards conserved, legal moves, refusals, JSON observations,
the leak test with twins, records that replay, outcome and standing) are checked for Cribbage
by ``tests/test_contract.py``; this file holds what only Cribbage promises:

- the cards dealt are accounted for: hands, crib, cards played and the starter, the rest in the
  stock;
- the pegging count is the sum of the count cards' values and never above 31;
- scores stay between 0 and the target, partners share one score, and each score event moves
  its side's total by its points (capped at the target), nothing scored once a side has won;
- public events name only cards every seat can see;
- two deals that differ only in the opponent's hand look the same to seat 0.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards import card_str, pack, parse_card
from cardtable.engine import State
from invariants import RANDOM_GAMES

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"target": 61},
    {"players": 3},
    {"players": 4},
    {"muggins": True},
    {"players": 3, "muggins": True, "target": 61},
    {"players": 4, "muggins": True, "target": 61},
    {"games": 2, "target": 61},
    {"games": 3, "target": 61, "skunk": "hoyle"},
    {"dealer": 0, "skunk": "none"},
]


def check_invariants(state: State) -> None:
    n = state.game.num_players
    places = state.card_places()
    obs = state.observation(0)
    per = 6 if n == 2 else 5
    dealt = n * per + (1 if n == 3 else 0) + (1 if obs["starter"] is not None else 0)
    assert 52 - len(places["stock"]) == dealt
    assert sum(obs["hand_sizes"]) + obs["crib_size"] + sum(map(len, obs["played"])) == dealt - (
        1 if obs["starter"] is not None else 0
    )
    assert 0 <= obs["count"] <= 31
    assert obs["count"] == sum(min(parse_card(c) // 4 + 1, 10) for c in obs["count_cards"])
    target = state.game.options["target"]
    assert isinstance(target, int)
    assert all(0 <= p <= target for p in obs["scores"])
    if n == 4:
        assert obs["scores"][0] == obs["scores"][2] and obs["scores"][1] == obs["scores"][3]


def visible_cards(state: State, seat: int) -> set[int]:
    """Every card the observation shows this seat (its own cards, the table, shown hands)."""
    obs = state.observation(seat)
    names: list[str] = [*obs["hand"], *obs["laid_away"], *obs["count_cards"]]
    if obs["starter"]:
        names.append(obs["starter"])
    for played in obs["played"]:
        names += played
    for shown in obs["shown"]:
        names += shown["cards"]
    return {parse_card(c) for c in names}


def _card_names(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [n for v in value.values() for n in _card_names(v)]
    if isinstance(value, list):
        return [n for v in value for n in _card_names(v)]
    if isinstance(value, str):
        try:
            parse_card(value)
        except ValueError:
            return []
        return [value]
    return []


def assert_public_events_public(state: State) -> None:
    """Cards named in this deal's public events are cards every seat can see."""
    public = [e.to_dict() for e in state.events_for(None)]
    start = max(i for i, e in enumerate(public) if e["type"] == "deal")
    named = {parse_card(n) for e in public[start:] for n in _card_names(e)}
    seen_by_all = set.intersection(
        *(visible_cards(state, s) for s in range(state.game.num_players))
    )
    assert named <= seen_by_all, f"public events name hidden cards {named - seen_by_all}"


def assert_scores_follow_events(state: State) -> None:
    """Each score event moves its side's total by its points (capped at the target), nothing
    is scored once a side reaches the target, and the game's final pegs match the events."""
    target = state.game.options["target"]
    n = state.game.num_players
    side = [s % 2 for s in range(n)] if n == 4 else list(range(n))
    totals = [0] * n
    events = state.events
    for i, event in enumerate(events):
        if event.type == "deal" and event.data["deal"] == 1:
            totals = [0] * n
        if event.type != "score":
            continue
        assert event.seat is not None
        before = totals[side[event.seat]]
        assert event.data["total"] == min(target, before + event.data["points"])
        for s in range(n):
            if side[s] == side[event.seat]:
                totals[s] = event.data["total"]
        if event.data["total"] == target:
            assert events[i + 1].type == "game over", "points scored after the game was won"
            assert events[i + 1].data["pegs"] == totals


def play_checked(seed: int, options: dict[str, Any], thorough: bool) -> State:
    rng = random.Random(seed)
    state = cardtable.load("cribbage", **options).new_state(seed=seed)
    check_invariants(state)
    while not state.is_over:
        if thorough:
            assert_public_events_public(state)
        legal = state.legal_moves()
        state.apply(legal[int(rng.random() * len(legal))])
        check_invariants(state)
    assert_scores_follow_events(state)
    return state


@settings(RANDOM_GAMES, max_examples=100)
@given(seed=st.integers(0, 2**31 - 1), options=st.sampled_from(OPTION_SETS))
def test_random_games_keep_every_invariant(seed: int, options: dict[str, Any]) -> None:
    play_checked(seed, options, thorough=True)


def test_thousands_of_random_games() -> None:
    """2,000 random games (all option sets) with the invariants after every move."""
    winners = 0
    for i in range(2000):
        options = OPTION_SETS[i % len(OPTION_SETS)]
        state = play_checked(i, options, thorough=False)
        result = state.result
        assert result is not None
        winners += len(result["winners"])
    assert winners >= 2000


def test_leak_two_deals_differing_in_the_opponents_hand() -> None:
    """Two deals that differ only in the opponent's hand look the same to seat 0."""
    base = [card_str(c) for c in pack()]
    other = base[:]
    # Seat 1 (the dealer) gets positions 1, 3, ..., 11; swap two of them with undealt cards.
    other[1], other[20] = other[20], other[1]
    other[3], other[30] = other[30], other[3]
    game = cardtable.load("cribbage")
    a = game.new_state(decks=[base])
    b = game.new_state(decks=[other])
    assert a.observation(0) == b.observation(0)
    assert [e.to_dict() for e in a.events_for(0)] == [e.to_dict() for e in b.events_for(0)]
    assert a.observation(1) != b.observation(1)
