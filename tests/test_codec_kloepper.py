"""Kloepper's codec: actions round-trip, tensors have their sizes and exact cells, and the
information state tells apart histories that the observation does not."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cardtable
from cardtable.engine import State
from cardtable.errors import CardtableError
from cardtable.games.kloepper.codec import CARDS, OFFSETS, KloepperCodec
from cardtable.registry import codec
from codec_checks import assert_moves_as_actions

# The doctest deck of game.py: seat 0 holds both black queens, seat 1 holds AH.
DECK_TEXT = "QC QS JC JS JH JD  AD 10D KD QD 9D AC  10C KC 9C AH 10H KH QH 9H AS 10S KS 9S"
DECK = DECK_TEXT.split()
HAND0 = ["QC", "QS", "JC", "10C", "KC", "9C"]


def kc_of(state: State) -> KloepperCodec:
    found = codec(state.game)
    assert isinstance(found, KloepperCodec)
    return found


def deal(*moves: str) -> State:
    state = cardtable.load("kloepper").new_state(decks=[DECK])
    for move in moves:
        state.apply(move)
    return state


def cells(tensor: np.ndarray[Any, Any], name: str, size: int) -> list[int]:
    """The set cells of piece ``name`` (``size`` cells from its offset)."""
    at = OFFSETS[name]
    return [int(i) for i in np.flatnonzero(tensor[at : at + size])]


def card_cells(cards: list[str], plane: int = 0) -> list[int]:
    return sorted(plane * 24 + CARDS.index(c) for c in cards)


def test_sizes_and_registration() -> None:
    kc = kc_of(cardtable.load("kloepper").new_state(seed=1))
    assert (kc.num_actions, kc.obs_size, kc.info_size, kc.exact_info) == (31, 308, 717, True)
    other = codec(cardtable.load("kloepper", target=1, dealer=0))
    assert (other.num_actions, other.obs_size, other.info_size) == (31, 308, 717)


def test_action_names() -> None:
    kc = kc_of(cardtable.load("kloepper").new_state(seed=1))
    names = [kc.action_name(a) for a in (0, 3, 4, 16, 19, 23, 24, 25, 26, 27, 28, 29, 30)]
    assert names == [
        "play AC",
        "play AS",
        "play 9C",
        "play QC",
        "play QS",
        "play KS",
        "call AC",
        "call AH",
        "call AS",
        "alone",
        "pass",
        "knock",
        "knock-off",
    ]
    with pytest.raises(CardtableError):
        kc.action_name(31)
    with pytest.raises(CardtableError):
        kc.action_name(-1)
    game = cardtable.load("kloepper")
    assert [kc.actions(game.parse_move(t)) for t in ("play 10H", "call AS", "knock")] == [
        (10,),
        (26,),
        (29,),
    ]
    with pytest.raises(CardtableError):
        kc.actions(game.parse_move("play 2C"))  # not in the Kloepper pack


OPTION_SETS: list[dict[str, Any]] = [
    {"target": 1},
    {"target": 1, "dealer": 0},
    {"target": 1, "dealer": 2, "scoring": "knock=10,knock-off=12"},
    {"target": 4},
]


def test_round_trip_and_tensors() -> None:
    rng = random.Random(18)
    seen: set[int] = set()
    positions = 0
    for options in OPTION_SETS:
        game = cardtable.load("kloepper", **options)
        kc = codec(game)
        for _game_no in range(60):
            state = game.new_state(seed=rng.randrange(1 << 30))
            while state.to_move is not None:
                seat = state.to_move
                legal = state.legal_moves()
                seen |= assert_moves_as_actions(kc, legal)
                obs = state.observation(seat)
                t = kc.observe(obs)
                assert t.shape == (kc.obs_size,) and t.dtype == np.float32
                assert np.isfinite(t).all() and t.min() >= 0.0
                info = kc.info_state(obs, state.events_for(seat))
                assert info.shape == (kc.obs_size + kc.info_size,) and info.dtype == np.float32
                assert np.array_equal(info[: kc.obs_size], t)
                positions += 1
                state.apply(rng.choice(legal))
            # The final position, seen by every seat and by a spectator.
            for viewer in (0, 1, 2, 3, None):
                obs = state.observation(viewer)
                assert len(kc.info_state(obs, state.events_for(viewer))) == 1025
    assert positions > 5000
    assert seen == set(range(31))  # every action was legal somewhere


def test_hand_and_seat_relative_cells() -> None:
    state = deal("call AH", "pass", "pass", "pass", "play 10C", "play JS", "play 9H")
    kc = kc_of(state)
    t0 = kc.observe(deal().observation(0))
    assert cells(t0, "hand", 24) == card_cells(HAND0)
    assert cells(t0, "to_move", 4) == [0] and cells(t0, "dealer", 4) == [3]
    assert cells(t0, "phase", 4) == [0]

    mine = kc.observe(state.observation(3))  # seat 3 to move: the observer is index 0
    assert cells(mine, "hand", 24) == card_cells(["QD", "9D", "AC", "10S", "KS", "9S"])
    played = card_cells(["10C"], 1) + card_cells(["JS"], 2) + card_cells(["9H"], 3)
    assert cells(mine, "played", 96) == sorted(played)
    assert cells(mine, "trick", 96) == sorted(played)
    assert cells(mine, "to_move", 4) == [0] and cells(mine, "leader", 4) == [1]
    assert cells(mine, "dealer", 4) == [0] and cells(mine, "caller", 4) == [1]
    assert cells(mine, "call", 3) == [1]  # AH
    assert cells(mine, "phase", 4) == [2] and cells(mine, "trick_number", 6) == [0]
    # Seat 3 knows itself an opponent and seat 0 (the caller) on the queens team.
    assert cells(mine, "roles", 12) == [2, 3]
    assert cells(mine, "voids", 16) == [2 * 4 + 1, 3 * 4 + 1]  # seats 1, 2: no clubs
    assert mine[OFFSETS["hand_sizes"] : OFFSETS["hand_sizes"] + 4].tolist() == pytest.approx(
        [1.0, 5 / 6, 5 / 6, 5 / 6]
    )

    theirs = kc.observe(state.observation(1))  # the same position from seat 1
    assert cells(theirs, "hand", 24) == card_cells(["JH", "JD", "AH", "10H", "KH"])
    played = card_cells(["JS"], 0) + card_cells(["9H"], 1) + card_cells(["10C"], 3)
    assert cells(theirs, "played", 96) == sorted(played)
    assert cells(theirs, "to_move", 4) == [2] and cells(theirs, "leader", 4) == [3]
    # Seat 1 holds AH: it knows every side, and its partner is seat 0 (index 3 from seat 1).
    assert cells(theirs, "roles", 12) == [0, 3 + 2, 6 + 2, 9]
    assert cells(theirs, "partner", 4) == [3]


def test_history_cells() -> None:
    state = deal("call AH", "pass", "pass", "pass", "play 10C", "knock")
    kc = kc_of(state)
    info = kc.info_state(state.observation(2), state.events_for(2))
    # Declarations from seat 2: seat 0 (index 2) called AH, then seats 1, 2, 3 passed.
    assert cells(info, "declarations", 36) == [
        2,
        4 + 2,
        9 + 3,
        9 + 4 + 0,
        18 + 0,
        18 + 4,
        27 + 1,
        31,
    ]
    assert cells(info, "plays", 24 * 28) == [2, 4 + CARDS.index("10C")]
    assert cells(info, "knock_after", 5) == [1]
    assert cells(info, "no_knock_off", 4) == []

    alone = cardtable.load("kloepper").new_state(decks=[DECK])
    alone.apply("alone")
    own = kc.info_state(alone.observation(0), alone.events_for(0))
    seen = kc.info_state(alone.observation(1), alone.events_for(1))
    assert cells(own, "declarations", 36) == [0, 4 + 4]  # its own secret: "alone"
    assert cells(seen, "declarations", 36) == [3, 4 + 0]  # others: "no call"


def test_history_tells_apart_what_the_observation_cannot() -> None:
    # Seat 1 knocks after the first card, or after winning the first trick: the same position.
    early = deal("call AH", "pass", "pass", "pass", "play 10C", "knock", "pass", "pass", "pass")
    for move in ("play JS", "play 9H", "play AC"):
        early.apply(move)
    late = deal("call AH", "pass", "pass", "pass", "play 10C", "play JS", "play 9H", "play AC")
    for move in ("knock", "pass", "pass", "pass"):
        late.apply(move)
    kc = kc_of(early)
    for seat in range(4):
        a, b = early.observation(seat), late.observation(seat)
        assert a == b
        assert np.array_equal(kc.observe(a), kc.observe(b))
        ia = kc.info_state(a, early.events_for(seat))
        ib = kc.info_state(b, late.events_for(seat))
        assert not np.array_equal(ia, ib)
        assert cells(ia, "knock_after", 5) == [1] and cells(ib, "knock_after", 5) == [4]


def test_info_state_is_exact_on_one_deal() -> None:
    # Many playouts of one deal: two positions a seat tells apart (its events of the deal
    # differ) never share a tensor, and the same events always give the same tensor.
    rng = random.Random(5)
    game = cardtable.load("kloepper", target=1)
    kc = codec(game)
    views: dict[bytes, tuple[Any, ...]] = {}
    for _run in range(150):
        state = game.new_state(decks=[DECK])
        while state.to_move is not None:
            for seat in range(4):
                events = state.events_for(seat)
                view = (seat, tuple((e.type, e.seat, repr(e.data)) for e in events))
                key = kc.info_state(state.observation(seat), events).tobytes()
                assert views.setdefault(key, view) == view
            state.apply(rng.choice(state.legal_moves()))
    assert len(views) > 3000
