"""Krypkasino's codec: actions round-trip (captures naming their cards, stop keeping them
prefix-free), tensors have their sizes and exact cells, seen from the observer."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cardtable
from cardtable.encoding import FACE, next_actions
from cardtable.engine import Game, Move, State
from cardtable.errors import CardtableError
from cardtable.games.krypkasino.codec import STOP, TAKE_BASE, KrypkasinoCodec, offsets
from cardtable.registry import codec
from codec_checks import assert_moves_as_actions

OFF2 = offsets(2)


def kc_of(game: Game) -> KrypkasinoCodec:
    found = codec(game)
    assert isinstance(found, KrypkasinoCodec)
    return found


def cells(
    tensor: np.ndarray[Any, Any], name: str, size: int, off: dict[str, int] = OFF2
) -> list[int]:
    """The set cells of piece ``name`` (``size`` cells from its offset)."""
    at = off[name]
    return [int(i) for i in np.flatnonzero(tensor[at : at + size])]


def values(tensor: np.ndarray[Any, Any], name: str, size: int) -> list[float]:
    at = OFF2[name]
    return [float(v) for v in tensor[at : at + size]]


def faces(*cards: str, plane: int = 0) -> list[int]:
    return [plane * 52 + FACE[c] for c in cards]


def test_sizes_and_registration() -> None:
    for players in range(2, 7):
        kc = kc_of(cardtable.load("krypkasino", players=players))
        assert (kc.num_actions, kc.obs_size, kc.info_size) == (
            105,
            421 + 11 * players,
            52 * players,
        )
        assert kc.multi_action and not kc.exact_info
    kc = kc_of(cardtable.load("krypkasino", players=6, teams="threes", capture="most-cards"))
    assert (kc.obs_size, kc.info_size) == (487, 312)


def test_action_names_and_sequences() -> None:
    game = cardtable.load("krypkasino", players=2)
    kc = kc_of(game)
    names = [kc.action_name(a) for a in (0, 7, 37, 51, 52, 70, 103, 104)]
    assert names == [
        "play AC",
        "play 2S",
        "play 10D",
        "play KS",
        "take AC",
        "take 5H",
        "take KS",
        "stop",
    ]
    for bad in (-1, 105):
        with pytest.raises(CardtableError):
            kc.action_name(bad)
    texts = ("play 10H", "play 10H take 9S AC", "play 7C take 5D 5D", "play KS take 6C 7D")
    assert [kc.actions(game.parse_move(t)) for t in texts] == [
        (38,),
        (38, 52, 87, 104),
        (24, 69, 69, 104),  # both copies of 5D
        (51, 72, 77, 104),
    ]
    for odd in (Move("pass"), Move("play", (60,)), Move("play")):
        with pytest.raises(CardtableError):
            kc.actions(odd)


def test_next_actions_walks_a_capture() -> None:
    # Seed 23: 8H takes AC 2D 5S or AC 7D; the seat names AC, then 2D or 7D.
    state = cardtable.load("krypkasino", players=2).new_state(seed=23)
    kc = kc_of(state.game)
    legal = state.legal_moves()
    long, short = (
        state.game.parse_move("play 8H take AC 2D 5S"),
        state.game.parse_move("play 8H take AC 7D"),
    )
    assert kc.actions(long) == (30, 52, 57, 71, STOP) and kc.actions(short) == (30, 52, 77, STOP)
    fitting, nxt = next_actions(kc, legal, ())
    assert len(fitting) == 7 and nxt == [26, 30, 41, 44, 46, 51]
    assert next_actions(kc, legal, (30,)) == ([long, short], [52])
    assert next_actions(kc, legal, (30, 52)) == ([long, short], [57, 77])
    assert next_actions(kc, legal, (30, 52, 57)) == ([long], [])
    assert kc.decode(legal, (30, 52, 77)) is short
    assert kc.decode(legal, (26,)) is state.game.parse_move("play 7H")
    with pytest.raises(CardtableError):
        kc.decode(legal, (30,))  # still two moves


def test_stop_ends_a_capture_that_another_extends() -> None:
    # Seed 240: QS may take AH 2S 4D 5D (one group) or those and 5H 8D JS (three groups), so
    # the shorter capture's takes are a prefix of the longer's: only stop tells them apart.
    game = cardtable.load("krypkasino", players=2, deals=1)
    state = game.new_state(seed=240)
    for move in ("play JS", "play AH", "play 2S", "play 4D"):
        state.apply(move)
    kc = kc_of(game)
    legal = state.legal_moves()
    short = game.parse_move("play QS take AH 2S 4D 5D")
    long = game.parse_move("play QS take AH 2S 4D 5D 5H 8D JS")
    assert short in legal and long in legal
    assert kc.actions(short) == (47, 54, 59, 65, 69, STOP)
    assert kc.actions(long) == (47, 54, 59, 65, 69, 70, 81, 95, STOP)
    assert next_actions(kc, legal, (47, 54, 59, 65))[1] == [69, 70, 81]
    fitting, nxt = next_actions(kc, legal, (47, 54, 59, 65, 69))
    assert fitting == [long, short] and nxt == [70, STOP]
    assert kc.decode(legal, (47, 54, 59, 65, 69, STOP)) is short
    assert kc.decode(legal, (47, 54, 59, 65, 69, 70)) is long
    check_moves(kc, legal)


OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2, "deals": 1},
    {"players": 3, "deals": 1, "capture": "most-cards"},
    {"players": 4, "deals": 1, "teams": "pairs"},
    {"players": 5, "deals": 1},
    {"players": 6, "deals": 1, "teams": "threes"},
    {"players": 6, "deals": 2, "teams": "pairs", "dealer": 0},
]


def check_moves(kc: KrypkasinoCodec, legal: list[Move]) -> None:
    """Every legal move's sequence, as every codec's; here a card, then takes only."""
    assert_moves_as_actions(kc, legal)
    for move in legal:
        seq = kc.actions(move)
        assert seq[0] == move.cards[0] and all(a >= TAKE_BASE for a in seq[1:])


def check_tensors(kc: KrypkasinoCodec, state: State, seat: int | None) -> None:
    obs = state.observation(seat)
    t = kc.observe(obs)
    assert t.shape == (kc.obs_size,) and t.dtype == np.float32 and np.isfinite(t).all()
    off = offsets(kc.players)
    hand = obs.get("hand") or []
    assert isinstance(hand, list)
    assert len(cells(t, "hand", 104, off)) == len(hand)
    assert cells(t, "hand", 52, off) == sorted({FACE[c] for c in hand})
    info = kc.info_state(obs, state.events_for(seat))
    assert info.shape == (kc.obs_size + kc.info_size,) and info.dtype == np.float32
    assert np.array_equal(info[: kc.obs_size], t)


def test_round_trip_and_tensors() -> None:
    rng = random.Random(18)
    positions = multi = 0
    seen: set[int] = set()
    for options in OPTION_SETS:
        game = cardtable.load("krypkasino", **options)
        kc = kc_of(game)
        for _game_no in range(12):
            state = game.new_state(seed=rng.randrange(1 << 30))
            while state.to_move is not None:
                legal = state.legal_moves()
                check_moves(kc, legal)
                multi += sum(len(kc.actions(m)) > 1 for m in legal)
                seen.update(a for m in legal for a in kc.actions(m))
                if positions % 5 == 0:
                    check_tensors(kc, state, state.to_move)
                positions += 1
                state.apply(rng.choice(legal))
            # The final position, seen by every seat and by a spectator.
            for viewer in [*range(game.num_players), None]:
                check_tensors(kc, state, viewer)
    assert positions > 5000 and multi > 400
    assert STOP in seen and len(seen) > 90


def test_hand_picked_cells() -> None:
    # Seed 1, two players: seat 0 holds AD 3S 4D 5D 7S 10C; the table is 5D 8S AH AH.
    state = cardtable.load("krypkasino", players=2).new_state(seed=1)
    kc = kc_of(state.game)
    t0 = kc.observe(state.observation(0))
    assert cells(t0, "hand", 104) == sorted(faces("AD", "3S", "4D", "5D", "7S", "10C"))
    assert cells(t0, "table", 104) == sorted([*faces("5D", "8S", "AH"), *faces("AH", plane=1)])
    assert cells(t0, "to_move", 2) == [0] and cells(t0, "dealer", 2) == [1]
    assert values(t0, "stock", 4) == pytest.approx([88 / 104, 11 / 12, 1 / 2, 0.0])

    state.apply("play 7S")  # takes AH AH 5D; seat 1 to move
    mine = kc.observe(state.observation(1))
    assert cells(mine, "hand", 104) == sorted(faces("AC", "AD", "8C", "8H", "KD", "KS"))
    assert cells(mine, "table", 104) == faces("8S")
    captured = sorted([*faces("AH", "5D", "7S"), *faces("AH", plane=1)])
    assert cells(mine, "captured", 104) == captured
    assert values(mine, "hand_sizes", 2) == pytest.approx([1.0, 5 / 6])
    assert cells(mine, "to_move", 2) == [0] and cells(mine, "dealer", 2) == [0]
    assert cells(mine, "last_capturer", 2) == [1] and cells(mine, "team", 2) == [0]
    assert values(mine, "captured_points", 2) == pytest.approx([0.0, 3 / 42])
    assert values(mine, "hand_points", 2) == pytest.approx([0.0, 3 / 42])

    theirs = kc.observe(state.observation(0))  # the same position from seat 0
    assert cells(theirs, "hand", 104) == sorted(faces("AD", "3S", "4D", "5D", "10C"))
    assert cells(theirs, "captured", 104) == captured
    assert values(theirs, "hand_sizes", 2) == pytest.approx([5 / 6, 1.0])
    assert cells(theirs, "to_move", 2) == [1] and cells(theirs, "dealer", 2) == [1]
    assert cells(theirs, "last_capturer", 2) == [0]
    assert values(theirs, "captured_points", 2) == pytest.approx([3 / 42, 0.0])

    spectator = kc.observe(state.observation(None))
    assert cells(spectator, "hand", 104) == [] and cells(spectator, "table", 104) == faces("8S")

    # The hand's plays by seat, from seat 1: seat 0 (index 1) played 7S.
    state.apply("play 8C")
    info = kc.info_state(state.observation(1), state.events_for(1))
    assert cells(info, "played", 104) == [FACE["8C"], 52 + FACE["7S"]]
    assert info[OFF2["played"] + FACE["8C"]] == 0.5


def test_teams_and_scores_cells() -> None:
    # Four players in pairs: seat 1's partner is seat 3 (index 2 from seat 1).
    game = cardtable.load("krypkasino", players=4, teams="pairs", deals=1)
    kc = kc_of(game)
    off = offsets(4)
    state = game.new_state(seed=4)
    rng = random.Random(4)
    while state.to_move is not None:
        state.apply(rng.choice(state.legal_moves()))
    obs = state.observation(1)
    t = kc.observe(obs)
    assert cells(t, "team", 4, off) == [0, 2]
    assert cells(t, "to_move", 4, off) == []  # the game is over
    totals, scores = obs["totals"], obs["scores"]
    assert isinstance(totals, list) and isinstance(scores, list)
    scale = 42 * 1 / 4
    order = [1, 2, 3, 0]
    at = off["totals"]
    assert t[at : at + 4].tolist() == pytest.approx([totals[s] / scale for s in order])
    at = off["scores"]
    assert t[at : at + 4].tolist() == pytest.approx([scores[s] / scale for s in order])
    assert sum(scores) == 2 * 42 and t[off["last_hand"]] == 1.0
