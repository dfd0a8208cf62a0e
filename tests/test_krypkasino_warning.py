"""Krypkasino's move warning: a play that leaves the table sweepable by one card names the
ranks that would sweep it, from what the mover may know (the table, the set-aside and captured
cards, the mover's own hand), never from the other hands or the stock."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.cards import PACK_SIZE, parse_cards
from cardtable.games.krypkasino.captures import FACE_KEY, rank_code
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.i18n import using_language
from cardtable.table.core import Table
from cardtable.table.seats import Seat, SeatKind, Status
from cardtable.table.view import view


def ids(text: str) -> list[int]:
    """Card ids of ``text``, a repeated card taking the second pack's copy."""
    out: list[int] = []
    for card in parse_cards(text):
        out.append(card + PACK_SIZE if card in out else card)
    return out


def position(
    table: str,
    hands: list[str],
    *,
    turn: int = 0,
    dealer: int = 1,
    stock: str | None = None,
    piles: list[str] | None = None,
) -> KrypkasinoState:
    """A two-player state with this table and these hands, ``turn`` to play."""
    state = cardtable.load("krypkasino", players=len(hands)).new_state(seed=1)
    assert isinstance(state, KrypkasinoState)
    state.table = ids(table)
    state.code = rank_code(state.table)
    state.aside = []
    state.hands = [ids(h) for h in hands]
    state.piles = [ids(p) for p in piles] if piles else [[] for _ in hands]
    if stock is not None:
        state.stock = ids(stock)
    state.turn = turn
    state.dealer = dealer
    state._legal_cache = None
    return state


def warnings(state: KrypkasinoState) -> dict[str, str | None]:
    return {m.text: state.move_warning(m) for m in state.legal_moves()}


def test_a_creep_that_leaves_a_sweep_names_the_ranks_and_one_that_does_not_is_silent() -> None:
    # 5H creeps: 2 + 7 + 5 = 14 is swept by a hand ace, and 7 | 2 + 5 by a seven.
    # 10S creeps: 2 + 7 + 10 = 19 is no group of one card's value.
    state = position("2C 7D", ["5H 10S", "KD KC"])
    assert warnings(state) == {
        "play 5H": "leaves a sweep: any 7 or A takes the whole table",
        "play 10S": None,
    }


def test_a_capture_warns_about_what_it_leaves() -> None:
    # 9H takes 6S and one 3 (either), leaving 3 + 4 = 7; 8S creeps: 8 + 4 | 6 + 3 + 3 = 12 + 12.
    state = position("3C 3D 4H 6S", ["9H 8S", "KD KC"])
    assert warnings(state) == {
        "play 9H take 3C 6S": "leaves a sweep: any 7 takes the whole table",
        "play 9H take 3D 6S": "leaves a sweep: any 7 takes the whole table",
        "play 8S": "leaves a sweep: any Q takes the whole table",
    }


def test_a_sweep_leaves_nothing_to_sweep() -> None:
    state = position("4S 5D", ["9H 5C", "KD KC"])
    assert warnings(state) == {"play 9H": None}


def test_a_lone_table_ace_is_never_swept() -> None:
    # AD (14 from the hand) takes 5D 8S AH and leaves one ace, worth 1: no card sweeps it.
    state = position("5D 8S AH AH", ["AD 4D", "KD KC"])
    assert warnings(state)["play AD"] is None


def test_a_rank_whose_eight_copies_the_mover_sees_is_left_out() -> None:
    # Seven sevens lie captured, the eighth on the table: only the ace can sweep 2 7 5.
    state = position("2C 7D", ["5H 10S", "KD KC"], piles=["7C 7H 7S 7C", "7D 7H 7S"])
    assert warnings(state)["play 5H"] == "leaves a sweep: any A takes the whole table"


def test_the_dealers_last_card_before_an_extra_deal_leaves_the_courts_out() -> None:
    # The court cards go to the last capturer before the extra deal: 2 + 9 is left, and a jack
    # sweeps it. With the stock empty the hand ends there: nothing to warn of.
    hands = ["KH", "4C"]
    dealt = position("2C 9D", hands, dealer=0, stock="3C " * 4)
    assert warnings(dealt) == {"play KH": "leaves a sweep: any J takes the whole table"}
    last = position("2C 9D", hands, dealer=0, stock="")
    assert warnings(last) == {"play KH": None}


def test_the_warning_in_japanese() -> None:
    state = position("2C 7D", ["5H 10S", "KD KC"])
    with using_language("ja"):
        move = state.game.parse_move("play 5H")
        assert state.move_warning(move) == "タッベを残します: 7かAなら場札をすべて取れます"


def test_the_view_carries_the_warning() -> None:
    state = position("2C 7D", ["5H 10S", "KD KC"])
    seats = [Seat(0, SeatKind.HUMAN, "ann"), Seat(1, SeatKind.BOT, bot="rules")]
    table = Table("T1", state.game, {"seed": 1}, seats, Status.PLAYING, state=state)
    table.names["ann"] = "Ann"
    legal = view(table, 0, "en")["legal"]
    assert [(m["move"], m["warn"]) for m in legal] == [
        ("play 5H", "leaves a sweep: any 7 or A takes the whole table"),
        ("play 10S", None),
    ]
    assert view(table, 1, "en")["legal"] == []


def redealt(state: KrypkasinoState, rng: random.Random) -> KrypkasinoState:
    """A twin of ``state``: the hidden cards (the other hands and the stock) shuffled among
    themselves, each hand keeping its size; everything the mover sees is the same."""
    twin = state._copy_position()
    mover = state.turn
    others = [s for s in range(state.n) if s != mover]
    hidden = [c for s in others for c in state.hands[s]] + list(state.stock)
    rng.shuffle(hidden)
    for s in others:
        size = len(state.hands[s])
        twin.hands[s] = sorted(hidden[:size], key=FACE_KEY.__getitem__)
        hidden = hidden[size:]
    twin.stock = hidden
    twin._legal_cache = None
    return twin


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_warning_never_depends_on_the_hidden_cards(players: int) -> None:
    rng = random.Random(players)
    checked = warned = 0
    for seed in range(4):
        state = cardtable.load("krypkasino", players=players).new_state(seed=seed)
        assert isinstance(state, KrypkasinoState)
        while not state.is_over:
            moves = state.legal_moves()
            if state.history and len(state.history) % 3 == 0:
                expected = {m.text: state.move_warning(m) for m in moves}
                twins = [redealt(state, rng), state.sample_world(state.turn, rng)]
                for twin in twins:
                    assert isinstance(twin, KrypkasinoState)
                    assert {m.text: twin.move_warning(m) for m in twin.legal_moves()} == expected
                checked += 1
                warned += sum(w is not None for w in expected.values())
            state.apply(rng.choice(moves))
    # The check meant something: many positions, many of them with warnings.
    assert checked > 100 and warned > 50
