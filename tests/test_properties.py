"""Random games with the invariants of ARCHITECTURE.md checked after every move.

- cards are conserved (each card in exactly one place, the dealt ones all accounted for);
- legal moves are never empty while the game goes on, and every one of them applies;
- an illegal move is refused and changes nothing;
- a seat's observation and events do not change when cards hidden from it are swapped (leak);
- a record replays to the same game, events and result.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards import card_str, pack, parse_card
from cardtable.engine import Move, State
from cardtable.games.cribbage.moves import CLAIM, DISCARD1, MUGGINS, PASS, PLAY, parse_move
from invariants import RANDOM_GAMES, assert_refuses, assert_replays, snapshot

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

# Moves that cover every verb; whichever of them is not legal at a moment must be refused.
PROBES: list[Move] = [PLAY[0], PLAY[51], DISCARD1[7], parse_move("discard 2C 9H"), CLAIM[29]]
PROBES += [MUGGINS, PASS]


def random_decks(rng: random.Random, count: int) -> list[list[str]]:
    decks = []
    for _ in range(count):
        cards = pack()
        rng.shuffle(cards)
        decks.append([card_str(c) for c in cards])
    return decks


def check_invariants(state: State) -> None:
    n = state.game.num_players
    if state.is_over:
        assert state.to_move is None
        assert state.legal_moves() == []
        assert state.result is not None
    else:
        assert state.to_move in range(n)
        assert state.legal_moves(), "no legal move while the game goes on"
        assert state.result is None
    places = state.card_places()
    everything = sorted(c for cards in places.values() for c in cards)
    assert everything == list(range(52)), "a card is lost or in two places"
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
    assert json.loads(json.dumps(obs)) == obs


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


def swapped_twin(
    state: State, decks: list[list[str]], turns: list[int], seat: int, rng: random.Random
) -> State | None:
    """The same game with the cards hidden from ``seat`` in the current deal permuted, or None.

    The twin must be a world the seat cannot rule out: the same moves replay, with the same
    seat to act at every step and the same public events (an automatic "go" tells everyone a
    hand holds no card that fits). A free permutation may break that; one among cards of equal
    counting value rarely does. Nothing is compared when neither gives such a twin; that public
    events show no hidden card is checked on its own by :func:`assert_public_events_public`.
    """
    deals = [e for e in state.events if e.type == "deal"]
    current = len(deals) - 1
    hidden = sorted(set(range(52)) - visible_cards(state, seat))
    if len(hidden) < 2:
        return None
    start = state.deal_start  # type: ignore[attr-defined]
    public_events = [e.to_dict() for e in state.events_for(None)]
    for by_value in (False, True):
        sigma: dict[int, int] = {}
        groups: dict[int, list[int]] = {}
        for c in hidden:
            groups.setdefault(min(c // 4 + 1, 10) if by_value else 0, []).append(c)
        for group in groups.values():
            shuffled = group[:]
            rng.shuffle(shuffled)
            sigma.update(zip(group, shuffled, strict=True))
        new_decks = [list(d) for d in decks]
        new_decks[current] = [
            card_str(sigma.get(parse_card(c), parse_card(c))) for c in decks[current]
        ]
        moves = list(state.history[:start])
        for text in state.history[start:]:
            move = parse_move(text)
            mapped = tuple(sorted(sigma.get(c, c) for c in move.cards))
            moves.append(Move(move.verb, mapped, move.number).text)
        twin = state.game.new_state(seed=state.seed, decks=new_decks)
        consistent = True
        for i, move_text in enumerate(moves):
            if twin.to_move != turns[i] or move_text not in [m.text for m in twin.legal_moves()]:
                consistent = False
                break
            twin.apply(move_text)
        public = [e.to_dict() for e in twin.events_for(None)]
        if consistent and twin.to_move == state.to_move and public == public_events:
            return twin
    return None


def assert_no_leak(
    state: State, decks: list[list[str]], turns: list[int], rng: random.Random, require: bool
) -> None:
    for seat in range(state.game.num_players):
        twin = swapped_twin(state, decks, turns, seat, rng)
        if twin is None:
            assert not require, "at the start of a deal a swapped twin always exists"
            continue
        assert twin.observation(seat) == state.observation(seat)
        mine = [e.to_dict() for e in state.events_for(seat)]
        assert [e.to_dict() for e in twin.events_for(seat)] == mine


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
    game = cardtable.load("cribbage", **options)
    decks = random_decks(rng, 90)
    state = game.new_state(seed=seed, decks=decks)
    check_invariants(state)
    turns: list[int] = []
    while not state.is_over:
        legal = state.legal_moves()
        # Right after a deal nothing about hidden hands is public yet, so a twin must exist.
        deal_no = state.observation(0)["deal_number"]
        fresh = len(state.history) == state.deal_start  # type: ignore[attr-defined]
        fresh_deal = thorough and fresh and deal_no <= 2
        if fresh_deal or (thorough and rng.random() < 0.02):
            assert_no_leak(state, decks, turns, rng, require=fresh_deal)
        if thorough:
            assert_public_events_public(state)
        if thorough and rng.random() < 0.05:
            for move in legal:  # every legal move applies, on a copy; the original is untouched
                before = snapshot(state)
                copy = state.clone()
                copy.apply(move)
                check_invariants(copy)
                assert snapshot(state) == before
            assert_refuses(state, PROBES)
        turns.append(state.to_move)  # type: ignore[arg-type]
        state.apply(rng.choice(legal))
        check_invariants(state)
    assert_scores_follow_events(state)
    assert_replays(state)
    return state


@settings(RANDOM_GAMES, max_examples=100)
@given(seed=st.integers(0, 2**31 - 1), options=st.sampled_from(OPTION_SETS))
def test_random_games_keep_every_invariant(seed: int, options: dict[str, Any]) -> None:
    play_checked(seed, options, thorough=True)


def test_thousands_of_random_games() -> None:
    """2,000 random games (all option sets) with the cheaper invariants after every move."""
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
