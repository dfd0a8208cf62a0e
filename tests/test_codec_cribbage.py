"""Cribbage's codec: actions round-trip, tensors have their sizes and exact cells, and the
information state tells apart histories that the observation does not."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cardtable
from cardtable.encoding import FACE, Codec
from cardtable.engine import Move, State
from cardtable.errors import CardtableError
from cardtable.games.cribbage.codec import CribbageCodec, info_layout, obs_layout, offsets
from cardtable.registry import codec
from codec_checks import assert_moves_as_actions

# The doctest deck of game.py: seat 1 deals; seat 0 holds 4S 5C 5H 5S 6H JS, seat 1 holds
# 2C 3C 3D 4C 4D 5D, and the starter is JD (his heels for the dealer).
FIRST = ["5H", "5D", "5C", "4C", "5S", "4D", "JS", "3C", "4S", "3D", "6H", "2C", "JD"]
DECK = [*FIRST, *(c for c in FACE if c not in FIRST)]


def cc_of(state: State) -> CribbageCodec:
    found = codec(state.game)
    assert isinstance(found, CribbageCodec)
    return found


def deal(*moves: str, **options: Any) -> State:
    state = cardtable.load("cribbage", **options).new_state(decks=[DECK])
    for move in moves:
        state.apply(move)
    return state


def cells(tensor: np.ndarray[Any, Any], name: str, players: int = 2) -> list[int]:
    """The set cells of piece ``name``, counted from its offset."""
    at = offsets(players)[name]
    size = dict(obs_layout(players) + info_layout(players))[name]
    return [int(i) for i in np.flatnonzero(tensor[at : at + size])]


def values(tensor: np.ndarray[Any, Any], name: str, players: int = 2) -> list[float]:
    at = offsets(players)[name]
    size = dict(obs_layout(players) + info_layout(players))[name]
    return [float(v) for v in tensor[at : at + size]]


def faces(cards: str, plane: int = 0) -> list[int]:
    return sorted(plane * 52 + FACE[c] for c in cards.split())


def test_sizes_and_registration() -> None:
    sizes = {}
    for players in (2, 3, 4):
        for muggins in (False, True):
            cc = codec(cardtable.load("cribbage", players=players, muggins=muggins))
            assert isinstance(cc, CribbageCodec) and cc.exact_info and not cc.multi_action
            sizes[players, muggins] = (cc.num_actions, cc.obs_size, cc.info_size)
    assert sizes == {
        (2, False): (1462, 495, 541),
        (2, True): (1462, 495, 541),
        (3, False): (1462, 606, 820),
        (3, True): (1462, 606, 820),
        (4, False): (1462, 717, 1115),
        (4, True): (1462, 717, 1115),
    }


def test_action_names_and_numbers() -> None:
    cc = cc_of(deal())
    picks = (0, 18, 51, 52, 103, 104, 105, 155, 1429, 1430, 1442, 1459, 1460, 1461)
    assert [cc.action_name(a) for a in picks] == [
        "play AC",
        "play 5H",
        "play KS",
        "discard AC",
        "discard KS",
        "discard AC AD",
        "discard AC AH",
        "discard AD AH",
        "discard KH KS",
        "claim 0",
        "claim 12",
        "claim 29",
        "muggins",
        "pass",
    ]
    for bad in (-1, 1462):
        with pytest.raises(CardtableError):
            cc.action_name(bad)
    game = cardtable.load("cribbage")
    texts = ("play 5H", "discard 5H", "discard 6C 5H", "claim 12", "muggins", "pass")
    assert [cc.actions(game.parse_move(t)) for t in texts] == [
        (18,),
        (70,),
        (104 + 765 + 1,),  # 51 + 50 + ... + 34 pairs start AC .. 5D; then 5H 5S, 5H 6C
        (1442,),
        (1460,),
        (1461,),
    ]
    # Every action names one move, whose notation is the action's name.
    for a in range(cc.num_actions):
        move = game.parse_move(cc.action_name(a))
        assert cc.actions(move) == (a,)
    with pytest.raises(CardtableError):
        cc.actions(Move("play", (17, 18)))  # a move no game made


OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2, "target": 61},
    {"players": 2, "target": 61, "muggins": True, "games": 2},
    {"players": 3, "target": 61},
    {"players": 3, "target": 61, "muggins": True},
    {"players": 4, "target": 61},
    {"players": 4, "target": 61, "muggins": True, "dealer": 0},
]


def test_round_trip_and_tensors() -> None:
    rng = random.Random(18)
    seen: set[int] = set()
    positions = 0
    for options in OPTION_SETS:
        game = cardtable.load("cribbage", **options)
        cc = codec(game)
        size = cc.obs_size + cc.info_size
        for _game_no in range(6):
            state = game.new_state(seed=rng.randrange(1 << 30))
            while state.to_move is not None:
                seat = state.to_move
                legal = state.legal_moves()
                seen |= assert_moves_as_actions(cc, legal)
                obs = state.observation(seat)
                t = cc.observe(obs)
                assert t.shape == (cc.obs_size,) and t.dtype == np.float32
                assert np.isfinite(t).all() and t.min() >= 0.0 and t.max() <= 2.0
                info = cc.info_state(obs, state.events_for(seat))
                assert info.shape == (size,) and info.dtype == np.float32
                assert np.array_equal(info[: cc.obs_size], t)
                assert info.max() <= 2.0
                positions += 1
                state.apply(rng.choice(legal))
            # The final position, seen by every seat and by a spectator.
            for who in [*range(game.num_players), None]:
                obs = state.observation(who)
                assert len(cc.info_state(obs, state.events_for(who))) == size
    assert positions > 2000
    # Every play, single discard, claim and answer was legal somewhere, and many pairs.
    assert set(range(104)) <= seen and set(range(1430, 1462)) <= seen
    assert len(seen & set(range(104, 1430))) > 1000


def test_hand_and_seat_relative_cells() -> None:
    start = deal()
    cc = cc_of(start)
    t0 = cc.observe(start.observation(0))
    assert cells(t0, "hand") == faces("4S 5C 5H 5S 6H JS")
    assert cells(t0, "to_move") == [0] and cells(t0, "dealer") == [1]
    assert cells(t0, "phase") == [0] and cells(t0, "starter") == []
    assert values(t0, "hand_sizes") == [1.0, 1.0] and values(t0, "target") == [1.0]

    state = deal("discard 4S 6H", "discard 4D 3D", "play JS", "play 2C", "play 5C")
    mine = cc.observe(state.observation(1))  # seat 1 to move: the observer is index 0
    assert cells(mine, "hand") == faces("3C 4C 5D")
    assert cells(mine, "laid_away") == faces("3D 4D")
    assert cells(mine, "starter") == faces("JD")
    assert cells(mine, "count_cards") == faces("JS 2C 5C")
    assert cells(mine, "played") == sorted(faces("2C", 0) + faces("JS 5C", 1))
    assert cells(mine, "count_last") == [1]  # seat 0 laid the last card
    assert cells(mine, "to_move") == [0] and cells(mine, "dealer") == [0]
    assert cells(mine, "phase") == [1] and cells(mine, "shows") == [0]
    assert values(mine, "scores") == pytest.approx([2 / 121, 0.0])  # his heels
    assert values(mine, "hand_sizes") == pytest.approx([3 / 6, 2 / 6])
    assert values(mine, "count") == pytest.approx([17 / 31])
    assert values(mine, "crib_size") == [1.0]

    theirs = cc.observe(state.observation(0))  # the same position from seat 0
    assert cells(theirs, "hand") == faces("5H 5S")
    assert cells(theirs, "laid_away") == faces("4S 6H")
    assert cells(theirs, "played") == sorted(faces("JS 5C", 0) + faces("2C", 1))
    assert cells(theirs, "count_last") == [0]
    assert cells(theirs, "to_move") == [1] and cells(theirs, "dealer") == [1]
    assert values(theirs, "scores") == pytest.approx([0.0, 2 / 121])

    spectator = cc.observe(state.observation(None))  # seen from seat 0, with no cards
    assert cells(spectator, "hand") == [] and cells(spectator, "laid_away") == []
    assert cells(spectator, "played") == cells(theirs, "played")


def test_four_players_seen_from_seat_2() -> None:
    state = cardtable.load("cribbage", players=4).new_state(seed=4)
    for move in ("discard 2S", "discard 2H", "discard 3S", "discard 3H", "play QD", "play 5C"):
        state.apply(move)  # seat 3 deals; seat 1's 5C makes fifteen for seats 1 and 3
    cc = cc_of(state)
    t = cc.observe(state.observation(2))  # index 0 seat 2, 1 seat 3, 2 seat 0, 3 seat 1
    assert cells(t, "hand", 4) == faces("4D 6D 9C KC")
    assert cells(t, "laid_away", 4) == faces("3S")
    assert cells(t, "played", 4) == sorted(faces("QD", 2) + faces("5C", 3))
    assert cells(t, "count_last", 4) == [3]
    assert cells(t, "to_move", 4) == [0] and cells(t, "dealer", 4) == [1]
    assert values(t, "scores", 4) == pytest.approx([0, 2 / 121, 0, 2 / 121])
    assert values(t, "hand_sizes", 4) == pytest.approx([4 / 6, 4 / 6, 3 / 6, 3 / 6])
    info = cc.info_state(state.observation(2), state.events_for(2))
    slot = 2 * 4 + 52
    assert cells(info, "plays", 4) == [2, 4 + FACE["QD"], slot + 3, slot + 4 + FACE["5C"]]


def test_show_and_history_cells() -> None:
    plays = ["JS", "2C", "5C", "3C", "5H", "4C", "5S", "5D"]  # seat 0 first, then in turn
    moves = ["discard 4S 6H", "discard 4D 3D", *(f"play {c}" for c in plays)]
    # Seat 0 claims 12 of its 22 and seat 1 takes the 10 missed; seat 1 claims 12 of its 8.
    state = deal(*moves, "claim 12", "muggins", "claim 12", muggins=True, target=61)
    cc = cc_of(state)
    obs = state.observation(1)
    info = cc.info_state(obs, state.events_for(1))
    assert cells(info, "shown_hands") == sorted(faces("2C 3C 4C 5D", 0) + faces("5C 5H 5S JS", 1))
    assert cells(info, "shown_crib") == [] and cells(info, "shows") == [2]
    assert cells(info, "phase") == [3] and cells(info, "to_move") == [1]
    assert values(info, "claimed") == pytest.approx([12 / 29])
    assert values(info, "scores") == pytest.approx([27 / 61, 12 / 61])
    slot = 2 * 2 + 52
    # From seat 1: seat 0 (index 1) plays first; seat 0 says go after the sixth card (4C).
    expected = [k * slot + (k + 1) % 2 for k in range(8)]
    expected += [k * slot + 2 + FACE[c] for k, c in enumerate(plays)]
    expected += [5 * slot + 2 + 52 + 1]
    assert cells(info, "plays") == sorted(expected)
    # Claims: seat 1's hand (index 0) 12; seat 0's hand (index 1) 12, and muggins taken.
    assert cells(info, "claims") == [12, 31 + 12, 31 + 30]
    seen_by_0 = cc.info_state(state.observation(0), state.events_for(0))
    assert cells(seen_by_0, "claims") == [12, 30, 31 + 12]


def test_history_tells_apart_what_the_observation_cannot() -> None:
    # Seat 0 lays JS then 5C, or 5C then JS, around seat 1's 2C: the same count and cards.
    first = deal("discard 4S 6H", "discard 4D 3D", "play JS", "play 2C", "play 5C")
    second = deal("discard 4S 6H", "discard 4D 3D", "play 5C", "play 2C", "play JS")
    cc = cc_of(first)
    slot = 2 * 2 + 52
    for seat in (0, 1, None):
        a, b = first.observation(seat), second.observation(seat)
        assert np.array_equal(cc.observe(a), cc.observe(b))
        ia = cc.info_state(a, first.events_for(seat))
        ib = cc.info_state(b, second.events_for(seat))
        assert not np.array_equal(ia, ib)
        me = seat or 0
        rel0, rel1 = (0 - me) % 2, (1 - me) % 2
        assert cells(ia, "plays") == sorted(
            [
                rel0,
                2 + FACE["JS"],
                slot + rel1,
                slot + 2 + FACE["2C"],
                2 * slot + rel0,
                2 * slot + 2 + FACE["5C"],
            ]
        )


def record(cc: Codec, state: State, views: dict[bytes, tuple[Any, ...]]) -> None:
    """Map each seat's information-state tensor to what that seat saw of the deal; a tensor
    that two different views share is a history the codec lost."""
    for seat in range(state.game.num_players):
        events = state.events_for(seat)
        start = max(i for i, e in enumerate(events) if e.type == "deal")
        view = (seat, tuple((e.type, e.seat, repr(e.data)) for e in events[start:]))
        key = cc.info_state(state.observation(seat), events).tobytes()
        assert views.setdefault(key, view) == view


def test_info_state_is_exact_on_one_deal() -> None:
    # Along random playouts of a first deal, every legal move is tried and followed a few
    # steps (lowest move first): sibling histories that differ only in that move meet at the
    # same depth, so a codec that dropped it would give two views one tensor.
    rng = random.Random(5)
    for options in ({"muggins": True}, {"players": 3}, {"players": 4, "muggins": True}):
        game = cardtable.load("cribbage", target=61, **options)
        cc = codec(game)
        views: dict[bytes, tuple[Any, ...]] = {}
        for _run in range(5):
            state = game.new_state(seed=7)  # one deal, played out five ways
            while state.to_move is not None and state.observation(0)["deal_number"] == 1:
                for move in state.legal_moves():
                    branch = state.clone()
                    branch.apply(move)
                    for _step in range(4):
                        record(cc, branch, views)
                        if branch.to_move is None:
                            break
                        branch.apply(branch.legal_moves()[0])
                state.apply(rng.choice(state.legal_moves()))
        assert len(views) > 1000
