"""Random Krypkasino games with Krypkasino's own invariants checked after every move, at
every player count and team setting.

The invariants every game keeps (cards conserved, legal moves with distinct notation,
refusals, JSON observations, the leak test with twins, sampled worlds, records that replay,
outcome and standing) are checked for Krypkasino by ``tests/test_contract.py``; this file holds
what only Krypkasino promises:

- the stock and the extra deals left agree; hand sizes differ by at most one; only court
  cards are set aside;
- 42 penalty points in every hand, tabbe points cancel, team scores add up;
- the rules bot chooses the same move in two states that differ only in cards hidden from its
  seat;
- two deals that differ only in the other hand and the stock look the same to seat 0.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards import PACK_SIZE, card_str, parse_card
from cardtable.engine import State
from cardtable.games.krypkasino.bot import KrypkasinoRulesBot
from cardtable.games.krypkasino.captures import POINTS
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.seat_view import SeatView
from invariants import RANDOM_GAMES

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
    obs = state.observation(0)
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


def assert_rules_bot_blind(
    state: State, decks: list[list[str]], rng: random.Random, require: bool
) -> None:
    """The rules bot of the seat to move chooses the same move in a twin (the contract's leak
    test checks what the seat sees; this, that the bot reads nothing else)."""
    seat = state.to_move
    assert seat is not None
    twin = None
    for by_value in (False, True):
        twin = swapped_twin(state, decks, seat, rng, by_value)
        if twin is not None:
            break
    if twin is None:
        assert not require, "a permutation among cards of one value always fits"
        return
    assert twin.legal_moves() == state.legal_moves()
    choices = [KrypkasinoRulesBot(seat).choose(SeatView(s, seat)) for s in (state, twin)]
    assert choices[0] is choices[1]


def play_checked(seed: int, options: dict[str, Any], thorough: bool) -> State:
    rng = random.Random(seed)
    game = cardtable.load("krypkasino", **options)
    decks = random_decks(rng, int(game.options["deals"]))  # type: ignore[arg-type]
    state = game.new_state(seed=seed, decks=decks)
    check_invariants(state)
    while not state.is_over:
        legal = state.legal_moves()
        fresh = len(state.history) == kstate(state).deal_start
        if thorough and (fresh or rng.random() < 0.05):
            assert_rules_bot_blind(state, decks, rng, require=fresh)
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
