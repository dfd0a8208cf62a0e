"""Random Krypkasino games with the invariants of ARCHITECTURE.md checked after every move, at
every player count and team setting:

- the 104 cards are conserved (each in exactly one place); stock and extra deals agree;
- 42 penalty points in every hand, tabbe points cancel, team scores add up;
- legal moves are never empty while the game goes on, have distinct notation, and each applies;
- an illegal move is refused and changes nothing;
- leak (swap) test: swapping cards hidden from a seat changes nothing that seat sees (its
  observation, events, legal moves, sampled worlds and the rules bot's choice);
- a record replays to the same game.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards import PACK_SIZE, card_str, parse_card
from cardtable.engine import Move, State
from cardtable.games.krypkasino.bot import KrypkasinoRulesBot
from cardtable.games.krypkasino.captures import POINTS
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.games.krypkasino.moves import PLAY, play_take
from cardtable.seat_view import SeatView
from invariants import RANDOM_GAMES, assert_refuses, assert_replays, snapshot

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2, "deals": 2},
    {"players": 3, "deals": 1},
    {"players": 4, "deals": 1},
    {"players": 5, "deals": 1},
    {"players": 6, "deals": 1},
    {"players": 4, "teams": "pairs", "deals": 1},
    {"players": 6, "teams": "pairs", "deals": 1},
    {"players": 6, "teams": "threes", "deals": 1},
    {"players": 2, "capture": "most-cards", "deals": 1},
    {"players": 4, "capture": "most-cards", "dealer": 0, "deals": 2},
]

PROBES: list[Move] = [
    PLAY[0],
    PLAY[51],
    play_take(38, (0, 35)),
    play_take(4, (4,)),
    Move("discard", (7,)),
    Move("pass"),
]


def random_decks(rng: random.Random, count: int) -> list[list[str]]:
    decks = []
    for _ in range(count):
        cards = list(range(2 * PACK_SIZE))
        rng.shuffle(cards)
        decks.append([card_str(c) for c in cards])
    return decks


def kstate(state: State) -> KrypkasinoState:
    assert isinstance(state, KrypkasinoState)
    return state


def check_invariants(state: State) -> None:
    k = kstate(state)
    n = k.n
    if state.is_over:
        assert state.to_move is None and state.legal_moves() == [] and state.result is not None
    else:
        assert state.to_move in range(n) and state.result is None
        legal = state.legal_moves()
        assert legal, "no legal move while the game goes on"
        assert len({m.text for m in legal}) == len(legal), "two moves with the same notation"
    places = state.card_places()
    everything = sorted(c for cards in places.values() for c in cards)
    assert everything == list(range(2 * PACK_SIZE)), "a card is lost or in two places"
    obs = state.observation(0)
    assert json.loads(json.dumps(obs)) == obs
    if not state.is_over:
        assert obs["stock"] == obs["extra_deals_left"] * 4 * n
        on_hands = sum(POINTS[c] for h in k.hands for c in h) + sum(POINTS[c] for c in k.stock)
        lying = sum(POINTS[c] for c in k.table) + sum(POINTS[c] for c in k.aside)
        assert sum(obs["captured_points"]) + on_hands + lying == 42
        assert sum(obs["tabbe_points"]) == 0
        sizes = obs["hand_sizes"]
        assert max(sizes) - min(sizes) <= 1
        assert all(c[0] in "JQK" for c in obs["set_aside"])
    team = obs["teams"]
    totals = obs["totals"]
    assert obs["scores"] == [
        sum(totals[t] for t in range(n) if team[t] == team[s]) for s in range(n)
    ]


def hidden_from(state: State, seat: int) -> list[int]:
    k = kstate(state)
    return sorted([c for s in range(k.n) if s != seat for c in k.hands[s]] + k.stock)


def swapped_twin(
    state: State, decks: list[list[str]], seat: int, rng: random.Random, by_value: bool
) -> State | None:
    """The same game with the cards hidden from ``seat`` permuted in the current hand's pack
    (freely, or among cards of one capture value), replayed; None if the moves no longer fit
    or the public events differ (a world the seat can rule out)."""
    k = kstate(state)
    hidden = hidden_from(state, seat)
    if len(hidden) < 2:
        return None
    groups: dict[int, list[int]] = {}
    for c in hidden:
        groups.setdefault(c % PACK_SIZE // 4 if by_value else 0, []).append(c)
    sigma: dict[int, int] = {}
    for group in groups.values():
        shuffled = group[:]
        rng.shuffle(shuffled)
        sigma.update(zip(group, shuffled, strict=True))
    current = k.hand_no - 1
    # The pack read back as ids: the n-th copy of a face in the pack is that copy's id.
    seen: dict[str, int] = {}
    ids = []
    for text in decks[current]:
        copy = seen.get(text, 0)
        seen[text] = copy + 1
        ids.append(copy * PACK_SIZE + parse_card(text))
    # Ids, not notation, for the changed pack: which copy lies where is kept exactly.
    mapped: list[int | str] = [sigma.get(c, c) for c in ids]
    new_decks: list[list[int | str]] = [list(d) for d in decks]
    new_decks[current] = mapped
    twin = state.game.new_state(seed=state.seed, decks=new_decks)
    for text in state.history:
        if text not in [m.text for m in twin.legal_moves()]:
            return None
        twin.apply(text)
    if [e.to_dict() for e in twin.events_for(None)] != [
        e.to_dict() for e in state.events_for(None)
    ]:
        return None
    return twin


def assert_no_leak(state: State, decks: list[list[str]], rng: random.Random, require: bool) -> None:
    n = state.game.num_players
    for seat in range(n):
        twin = None
        for by_value in (False, True):
            twin = swapped_twin(state, decks, seat, rng, by_value)
            if twin is not None:
                break
        if twin is None:
            assert not require, "a permutation among cards of one value always fits"
            continue
        assert twin.observation(seat) == state.observation(seat)
        assert [e.to_dict() for e in twin.events_for(seat)] == [
            e.to_dict() for e in state.events_for(seat)
        ]
        if state.to_move == seat:
            assert twin.legal_moves() == state.legal_moves()
            choices = [KrypkasinoRulesBot(seat).choose(SeatView(s, seat)) for s in (state, twin)]
            assert choices[0] is choices[1]
        worlds = [s.sample_world(seat, random.Random(seat)) for s in (state, twin)]
        assert [worlds[0].observation(t) for t in range(n)] == [
            worlds[1].observation(t) for t in range(n)
        ]
        assert [card_str(c) for c in kstate(worlds[0]).stock] == [
            card_str(c) for c in kstate(worlds[1]).stock
        ]


def play_checked(seed: int, options: dict[str, Any], thorough: bool) -> State:
    rng = random.Random(seed)
    game = cardtable.load("krypkasino", **options)
    decks = random_decks(rng, int(game.options["deals"]))  # type: ignore[arg-type]
    state = game.new_state(seed=seed, decks=decks)
    check_invariants(state)
    while not state.is_over:
        legal = state.legal_moves()
        fresh = len(state.history) == kstate(state).deal_start
        if thorough and (fresh or rng.random() < 0.02):
            assert_no_leak(state, decks, rng, require=fresh)
        if thorough and rng.random() < 0.03:
            for move in legal:
                before = snapshot(state)
                copy = state.clone()
                copy.apply(move)
                check_invariants(copy)
                assert snapshot(state) == before
            assert_refuses(state, PROBES)
        state.apply(legal[int(rng.random() * len(legal))])
        if thorough or rng.random() < 0.1:
            check_invariants(state)
    check_invariants(state)
    result = state.result
    assert result is not None
    assert all(sum(points) == 42 for points in result["hands"])
    ends = [e for e in state.events if e.type == "hand over"]
    assert [sum(e.data["points"]) for e in ends] == [42] * len(ends)
    assert len(ends) == game.options["deals"]
    assert_replays(state)
    return state


@settings(RANDOM_GAMES, max_examples=60)
@given(seed=st.integers(0, 2**31 - 1), options=st.sampled_from(OPTION_SETS))
def test_random_games_keep_every_invariant(seed: int, options: dict[str, Any]) -> None:
    play_checked(seed, options, thorough=True)


def test_hundreds_of_random_hands_count_42() -> None:
    """300 random games of one or two hands, over every option set, with cheaper checks."""
    hands = 0
    for i in range(300):
        state = play_checked(i, OPTION_SETS[i % len(OPTION_SETS)], thorough=False)
        result = state.result
        assert result is not None
        hands += len(result["hands"])
    assert hands == 360


def test_two_deals_differing_in_the_other_hands_look_the_same() -> None:
    """Seat 0 cannot tell two deals apart that differ only in the dealer's cards and stock."""
    base = [card_str(c % PACK_SIZE) for c in range(2 * PACK_SIZE)]
    other = base[:]
    # Two players, dealer seat 1: seat 1's first packet is pack cards 3..5; 20+ is the stock.
    other[3], other[40] = other[40], other[3]
    other[4], other[90] = other[90], other[4]
    game = cardtable.load("krypkasino", players=2)
    a, b = game.new_state(decks=[base]), game.new_state(decks=[other])
    assert a.observation(1) != b.observation(1)
    assert a.observation(0) == b.observation(0)
    assert [e.to_dict() for e in a.events_for(0)] == [e.to_dict() for e in b.events_for(0)]
    assert a.legal_moves() == b.legal_moves()
    wa, wb = a.sample_world(0, random.Random(3)), b.sample_world(0, random.Random(3))
    assert wa.observation(1) == wb.observation(1)
