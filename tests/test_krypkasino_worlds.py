"""Krypkasino sampled worlds: what the seat knows is kept, both packs are counted, the tabbe
obligation is respected, and worlds play on to the end."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.cards import PACK_SIZE, card_str
from cardtable.errors import CardtableError
from cardtable.games.krypkasino.captures import HAND_VALUE
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.games.krypkasino.sampling import forbidden_values, sample_world, unseen_cards


def after_random_moves(players: int, seed: int, moves: int, **options: object) -> KrypkasinoState:
    state = cardtable.load("krypkasino", players=players, **options).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        state.apply(legal[int(rng.random() * len(legal))])
    assert isinstance(state, KrypkasinoState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_worlds_keep_what_the_seat_knows(players: int) -> None:
    for seed in range(6):
        real = after_random_moves(players, seed, 7 * seed + 3)
        for seat in range(players):
            world = sample_world(real, seat, random.Random(seed))
            assert world.observation(seat) == real.observation(seat)
            assert world.history == [] and world.decks == () and world.seed != real.seed
            places = world.card_places()
            assert sorted(c for cards in places.values() for c in cards) == list(range(104))
            assert [len(h) for h in world.hands] == [len(h) for h in real.hands]
            assert len(world.stock) == len(real.stock)
            # The hidden cards are the same faces (both packs counted), dealt anew.
            hidden_real = sorted(
                card_str(c) for s in range(players) if s != seat for c in real.hands[s]
            ) + [card_str(c) for c in real.stock]
            hidden_world = sorted(
                card_str(c) for s in range(players) if s != seat for c in world.hands[s]
            ) + [card_str(c) for c in world.stock]
            assert sorted(hidden_real) == sorted(hidden_world)
            assert len(unseen_cards(real, seat)) == len(hidden_real)


def test_worlds_repeat_for_a_seed_and_vary_across_seeds() -> None:
    real = after_random_moves(4, 1, 9)
    a = sample_world(real, 2, random.Random(5))
    b = sample_world(real, 2, random.Random(5))
    c = sample_world(real, 2, random.Random(6))
    assert a.hands == b.hands and a.stock == b.stock
    assert a.hands != c.hands


def test_worlds_play_on_to_the_end_with_42_points() -> None:
    real = after_random_moves(3, 4, 20, deals=2)
    world = sample_world(real, 0, random.Random(1))
    rng = random.Random(2)
    while not world.is_over:
        legal = world.legal_moves()
        world.apply(legal[int(rng.random() * len(legal))])
    assert world.result is not None
    assert [sum(h) for h in world.result["hands"]] == [42, 42]


def test_a_player_who_did_not_sweep_holds_no_sweeping_card_in_the_world() -> None:
    # Seat 0 (two players, seat 1 deals) faces 4S 5D: 9 would sweep, it plays 5C instead, so
    # it holds no nine; the worlds seat 1 samples never give it one.
    pack = ["5C", "2C", "2D", "9C", "10S", "10C", "4S", "5D", "2H", "4H", "6C", "10H", "10D"]
    pack += ["JS", "KC", "KD"]
    rest = [card_str(c % PACK_SIZE) for c in range(104)]
    for card in pack:
        rest.remove(card)
    state = cardtable.load("krypkasino", players=2).new_state(decks=[pack + rest])
    assert isinstance(state, KrypkasinoState)
    assert state.observation(0)["hand"] == ["2C", "2D", "2H", "4H", "5C", "6C"]
    state.apply("play 5C")  # 5C takes 5D, leaving 4S: a non-sweeping turn on 4S 5D
    state.apply("play 10S")  # seat 1 creeps
    state.apply("play 2C")  # seat 0 on 4S 10S: 14 would sweep (an ace), 4 would not
    forbidden = forbidden_values(state)
    assert 9 in forbidden[0] and 14 in forbidden[0]
    for k in range(50):
        world = sample_world(state, 1, random.Random(k))
        assert not {HAND_VALUE[c] for c in world.hands[0]} & forbidden[0]


def test_a_bad_seat_is_refused() -> None:
    real = after_random_moves(2, 1, 0)
    with pytest.raises(CardtableError, match="seat must be a whole number from 0 to 1"):
        real.sample_world(2, random.Random(1))
