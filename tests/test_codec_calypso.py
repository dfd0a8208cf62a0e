"""Calypso's codec: actions round-trip, tensors have their sizes and exact cells, and the
information state tells apart play orders that the observation does not."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

import cardtable
from calypso_deals import new
from cardtable.cards import PACK_SIZE, SUIT_LETTERS, parse_card
from cardtable.engine import Move, State
from cardtable.errors import CardtableError
from cardtable.games.calypso.codec import OFFSETS, CalypsoCodec
from cardtable.games.calypso.tricks import REASONS
from cardtable.registry import codec
from codec_checks import assert_moves_as_actions

# Seat 0 holds three 5H and two AS (four packs): AC 3C KD AH 5H 5H 5H 3H 2H AS AS 3S 2S.
HANDS: tuple[list[str], ...] = (["5H", "5H", "5H", "AS", "AS", "KD"], ["2C"], [], [])
AVOID = ("D", "", "", "")
# Seat 0 leads AS and wins (led trump: AS 5S 8S QS go on its calypso); seat 0 leads 5H and
# seat 3 wins with QH (highest: the four hearts go to seat 3's pile).
TWO_TRICKS = [f"play {c}" for c in ("AS", "5S", "8S", "QS", "5H", "4H", "9H", "QH")]


def cc_of(state: State) -> CalypsoCodec:
    found = codec(state.game)
    assert isinstance(found, CalypsoCodec)
    return found


def cells(tensor: np.ndarray[Any, Any], name: str, size: int) -> list[int]:
    """The set cells of piece ``name`` (``size`` cells from its offset)."""
    at = OFFSETS[name]
    return [int(i) for i in np.flatnonzero(tensor[at : at + size])]


def values(tensor: np.ndarray[Any, Any], name: str, size: int) -> list[float]:
    at = OFFSETS[name]
    return [float(v) for v in tensor[at : at + size]]


def faces(*cards: str, plane: int = 0) -> list[int]:
    return sorted(plane * PACK_SIZE + parse_card(c) for c in cards)


def test_sizes_and_registration() -> None:
    for options in ({}, {"trick_rule": "all-fours", "suits": "dhcs", "rounds": 4, "dealer": 0}):
        cc = codec(cardtable.load("calypso", **options))
        assert isinstance(cc, CalypsoCodec)
        assert (cc.num_actions, cc.obs_size, cc.info_size) == (52, 979, 2756)
        assert cc.exact_info and not cc.multi_action
    assert OFFSETS["plays"] == 979


def test_action_names() -> None:
    cc = codec(cardtable.load("calypso"))
    names = [cc.action_name(a) for a in (0, 1, 2, 3, 4, 36, 38, 40, 51)]
    assert names == [
        "play AC",
        "play AD",
        "play AH",
        "play AS",
        "play 2C",
        "play 10C",
        "play 10H",
        "play JC",
        "play KS",
    ]
    for bad in (-1, 52):
        with pytest.raises(CardtableError):
            cc.action_name(bad)
    game = cardtable.load("calypso")
    assert [cc.actions(game.parse_move(t)) for t in ("play 10H", "play T♥", "play ks")] == [
        (38,),
        (38,),
        (51,),
    ]
    with pytest.raises(CardtableError):
        cc.actions(Move("pass"))


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"trick_rule": "all-fours", "suits": "sdhc", "dealer": 0},
    {"trick_rule": "last-trump", "suits": "dhcs", "dealer": 1},
    {"trick_rule": "lead-ranks", "suits": "chds", "rounds": 2},
]


def check_cells(cc: CalypsoCodec, obs: dict[str, Any], t: np.ndarray[Any, Any]) -> None:
    """The card pieces and the suits, read back from the tensor, match the observation."""
    me = obs["seat"] or 0
    order = [(me + k) % 4 for k in range(4)]
    hand = Counter(obs.get("hand") or [])
    want = sorted(k * 52 + parse_card(c) for c, n in hand.items() for k in range(n))
    assert cells(t, "hand", 208) == want
    want = sorted(k * 52 + parse_card(c) for c, n in obs["played"].items() for k in range(n))
    assert cells(t, "played", 208) == want
    want = sorted(order.index(p["seat"]) * 52 + parse_card(p["card"]) for p in obs["trick"])
    assert cells(t, "trick", 208) == want
    want = [k * 4 + SUIT_LETTERS.index(obs["suits"][s]) for k, s in enumerate(order)]
    assert cells(t, "suits", 16) == want
    want = [k * 4 + SUIT_LETTERS.index(v) for k, s in enumerate(order) for v in obs["voids"][s]]
    assert cells(t, "voids", 16) == want
    want = [k * 13 + parse_card(c) // 4 for k, s in enumerate(order) for c in obs["calypsos"][s]]
    assert cells(t, "calypsos", 52) == sorted(want)
    assert values(t, "points", 4) == pytest.approx([obs["points"][s] / 2000 for s in order])


def test_round_trip_and_tensors() -> None:
    rng = random.Random(18)
    seen: set[int] = set()
    positions = 0
    for options in OPTION_SETS:
        game = cardtable.load("calypso", **options)
        cc = cc_of(game.new_state(seed=0))
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
                if positions % 7 == 0:
                    check_cells(cc, obs, t)
                    info = cc.info_state(obs, state.events_for(seat))
                    assert info.shape == (cc.obs_size + cc.info_size,)
                    assert info.dtype == np.float32
                    assert np.array_equal(info[: cc.obs_size], t)
                positions += 1
                state.apply(rng.choice(legal))
            # The final position, seen by every seat and by a spectator.
            for viewer in (0, 1, 2, 3, None):
                obs = state.observation(viewer)
                t = cc.info_state(obs, state.events_for(viewer))
                assert len(t) == 3735 and np.isfinite(t).all()
                check_cells(cc, obs, t)
    assert positions == 208 * 6 * 5
    assert seen == set(range(52))  # every action was legal somewhere


def test_hand_and_seat_relative_cells() -> None:
    state = new((HANDS, AVOID))
    cc = cc_of(state)
    t0 = cc.observe(state.observation(0))
    hand = ["AC", "3C", "KD", "AH", "5H", "3H", "2H", "AS", "3S", "2S"]
    assert cells(t0, "hand", 208) == faces(*hand) + faces("5H", "AS", plane=1) + faces(
        "5H", plane=2
    )
    assert cells(t0, "suits", 16) == [3, 4 + 0, 8 + 2, 12 + 1]  # S C H D from seat 0
    assert cells(t0, "dealer", 4) == [3] and cells(t0, "to_move", 4) == [0]
    assert cells(t0, "round", 4) == [0] and cells(t0, "deal", 4) == [0]
    assert cells(t0, "trick_rule", 4) == [0]
    assert values(t0, "undealt", 1) == [1.0] and values(t0, "rounds", 1) == [0.25]
    assert values(t0, "hand_sizes", 4) == [1.0] * 4
    assert cells(t0, "played", 208) == cells(t0, "trick", 208) == []

    t1 = cc.observe(state.observation(1))  # seat 1: seat 0 is index 3
    assert cells(t1, "suits", 16) == [0, 4 + 2, 8 + 1, 12 + 3]  # C H D S from seat 1
    assert cells(t1, "dealer", 4) == [2] and cells(t1, "to_move", 4) == [3]
    spectator = cc.observe(state.observation(None))  # seen from seat 0, no hand
    assert cells(spectator, "hand", 208) == []
    assert np.array_equal(spectator[208:], t0[208:])

    state.apply("play 5H")
    state.apply("play 4H")
    t2 = cc.observe(state.observation(2))  # seat 2 to move: the observer is index 0
    assert cells(t2, "trick", 208) == sorted([2 * 52 + parse_card("5H"), 3 * 52 + parse_card("4H")])
    assert cells(t2, "trick_leader", 4) == [2] and cells(t2, "led", 4) == [2]  # hearts
    assert cells(t2, "played", 208) == faces("5H", "4H")
    assert cells(t2, "to_move", 4) == [0]
    assert values(t2, "hand_sizes", 4) == pytest.approx([1.0, 1.0, 12 / 13, 12 / 13])
    t0 = cc.observe(state.observation(0))
    assert cells(t0, "hand", 208) == faces(*hand) + faces("5H", "AS", plane=1)
    assert cells(t0, "trick", 208) == sorted([parse_card("5H"), 52 + parse_card("4H")])


def test_last_trick_calypsos_and_scores() -> None:
    state = new((HANDS, AVOID))
    state.apply_all(TWO_TRICKS)
    cc = cc_of(state)
    t = cc.observe(state.observation(1))  # seat 1: seats 2, 3, 0 are indexes 1, 2, 3
    assert cells(t, "trick", 208) == [] and cells(t, "led", 4) == []
    last = [3 * 52 + parse_card("5H"), parse_card("4H"), 52 + parse_card("9H")]
    assert cells(t, "last_trick", 208) == sorted([*last, 2 * 52 + parse_card("QH")])
    assert cells(t, "last_leader", 4) == [3] and cells(t, "last_winner", 4) == [2]
    assert cells(t, "last_reason", len(REASONS)) == [REASONS.index("highest")]
    # Seat 0's calypso holds AS 5S 8S QS: ranks A 5 8 Q at index 3.
    assert cells(t, "calypsos", 52) == [39 + 0, 39 + 4, 39 + 7, 39 + 11]
    assert values(t, "pile_sizes", 4) == pytest.approx([0.0, 0.0, 4 / 80, 0.0])
    assert values(t, "points", 4) == pytest.approx([0.0, 0.0, 40 / 2000, 80 / 2000])
    assert values(t, "scores", 2) == [0.0, 0.0]
    assert cells(t, "to_move", 4) == [2]
    assert cells(t, "played", 208) == faces("AS", "5S", "8S", "QS", "5H", "4H", "9H", "QH")


def test_history_cells() -> None:
    state = new((HANDS, AVOID))
    state.apply_all([*TWO_TRICKS, "play QC"])
    cc = cc_of(state)
    info = cc.info_state(state.observation(1), state.events_for(1))
    trick = 4 + 4 * 52
    want = [3, 4 + parse_card("AS")]  # trick 1: seat 0 (index 3) leads AS
    want += [4 + 52 + parse_card("5S"), 4 + 104 + parse_card("8S"), 4 + 156 + parse_card("QS")]
    want += [trick + 3, trick + 4 + parse_card("5H"), trick + 4 + 52 + parse_card("4H")]
    want += [trick + 4 + 104 + parse_card("9H"), trick + 4 + 156 + parse_card("QH")]
    want += [2 * trick + 2, 2 * trick + 4 + parse_card("QC")]  # seat 3 (index 2) leads QC
    assert cells(info, "plays", cc.info_size) == want

    # The next deal starts empty: its history holds only its own plays.
    rng = random.Random(3)
    while state.observation(0)["deal"] == 1:
        state.apply(rng.choice(state.legal_moves()))
    seat = state.to_move
    assert seat is not None
    info = cc.info_state(state.observation(seat), state.events_for(seat))
    assert cells(info, "plays", cc.info_size) == []


def test_history_tells_apart_what_the_observation_cannot() -> None:
    # Seat 0 wins three tricks of diamonds (the opponents' suit: all to its pile); the first
    # two come in either order, and after the third every observation is the same.
    hands = (["AD", "KD", "QD"], ["2D", "5D", "8D"], ["3D", "6D", "9D"], ["4D", "7D", "10D"])
    a = ["AD", "2D", "3D", "4D"]
    b = ["KD", "5D", "6D", "7D"]
    c = ["QD", "8D", "9D", "10D"]
    first = new((hands, ("D", "D", "D", "D")))
    second = new((hands, ("D", "D", "D", "D")))
    first.apply_all([f"play {x}" for x in a + b + c])
    second.apply_all([f"play {x}" for x in b + a + c])
    cc = cc_of(first)
    for seat in range(4):
        one, two = first.observation(seat), second.observation(seat)
        assert one == two
        assert np.array_equal(cc.observe(one), cc.observe(two))
        i1 = cc.info_state(one, first.events_for(seat))
        i2 = cc.info_state(two, second.events_for(seat))
        assert not np.array_equal(i1, i2)
        assert np.array_equal(i1[: cc.obs_size], i2[: cc.obs_size])


def test_info_state_is_exact_on_one_deal() -> None:
    # Many playouts of one deal's first tricks: two positions a seat tells apart (its events
    # differ) never share a tensor, and the same events always give the same tensor.
    rng = random.Random(5)
    game = cardtable.load("calypso")
    cc = codec(game)
    views: dict[bytes, tuple[Any, ...]] = {}
    for _run in range(150):
        state = game.new_state(seed=11)
        for _ply in range(12):
            for seat in range(4):
                events = state.events_for(seat)
                view = (seat, tuple((e.type, e.seat, repr(e.data)) for e in events))
                key = cc.info_state(state.observation(seat), events).tobytes()
                assert views.setdefault(key, view) == view
            state.apply(rng.choice(state.legal_moves()))
    assert len(views) > 4000
