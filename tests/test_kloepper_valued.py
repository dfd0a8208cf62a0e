"""The Kloepper ``valued`` bot: its features say what a card does in the trick as the seat knows
the sides, it reads nothing its seat cannot see, it leaves declarations and knocks to the rules
bot, and its shipped weights load."""

from __future__ import annotations

import hashlib
from importlib.resources import files

import numpy as np
import pytest

import cardtable
from cardtable.bot_protocol import choose_for
from cardtable.bots.levels import make_bot
from cardtable.cards import parse_card
from cardtable.engine import State
from cardtable.errors import OptionError
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.valued import FEATURES, KloepperValuedBot, card_features
from cardtable.seat_view import SeatView
from contract import twin
from test_server_leaks import partial_game

#: Seat 0 is dealt all six of QC QS JC JS JH JD; the deal order is the game's own.
DECK = [
    *("QC", "QS", "JC", "9C", "10C", "KC", "AS", "10S", "KS", "AH", "10H", "KH"),
    *("JS", "JH", "JD", "9S", "AC", "QH", "AD", "10D", "KD", "QD", "9D", "9H"),
]


def column(name: str) -> int:
    return FEATURES.index(name)


def seat_of(state: State) -> int:
    assert state.to_move is not None
    return state.to_move


def first_trick() -> State:
    """Seat 0 (all six trumps: QC QS JC JS JH JD) called AH; seat 3 holds it. Seat 0 leads QC,
    seat 1 throws 9C, seat 2 (AD 10D KD AS 10S KS) is to follow."""
    state = cardtable.load("kloepper", target=1).new_state(decks=[DECK])
    for move in ("call AH", "pass", "pass", "pass", "play QC", "play 9C"):
        state.apply(move)
    return state


def test_the_features_of_each_card_in_a_known_trick() -> None:
    state = first_trick()
    obs = state.observation(2)
    assert obs["legal_moves"] == ["play AD", "play 10D", "play KD"]
    cards = [parse_card(c) for c in ("AD", "10D", "KD")]
    rows = card_features(obs, cards, 2)
    ace = rows[0]
    assert ace[column("a trump")] == 1 and ace[column("follows the led suit")] == 1
    assert ace[column("wins the trick now")] == 0  # QC is the highest trump
    assert ace[column("points on the trick")] == 3  # QC 3, 9C 0
    assert ace[column("points")] == 11
    # Seat 2 knows seat 0 holds the queens and is against them itself (it lacks AH).
    assert ace[column("the trick's winner: own side 1, other -1")] == -1
    assert ace[column("opponents")] == 1 and ace[column("side unknown")] == 0
    assert ace[column("seats after on own side")] == 0  # seat 3's side is not shown
    assert ace[column("cards held of its kind")] == 3 and ace[column("trumps kept")] == 2
    assert ace[column("cards on the trick")] == 2 and ace[column("last to play")] == 0
    assert rows[:, column("the rules card")].tolist() == [0, 0, 1]
    assert rows[:, column("cards to choose from")].tolist() == [3, 3, 3]
    state.apply("play KD")
    # Seat 3 holds the called ace: it knows every side, and its partner (seat 0) is winning.
    obs = state.observation(3)
    rows = card_features(obs, [parse_card("QD"), parse_card("9D")], 1)
    assert rows[0, column("the trick's winner: own side 1, other -1")] == 1
    assert rows[0, column("queens side")] == 1 and rows[0, column("last to play")] == 1
    assert rows[0, column("points on the trick")] == 7  # QC 3, 9C 0, KD 4


def test_declarations_and_knocks_are_the_rules_bots() -> None:
    for seed in range(20):
        state = cardtable.load("kloepper", target=1).new_state(seed=seed)
        valued, rules = KloepperValuedBot(seed=seed), KloepperRulesBot(seed=seed)
        while not state.is_over:
            seat = seat_of(state)
            view = SeatView(state, seat)
            move = valued.choose(view)
            expected = rules.choose(view)
            if expected.verb != "play":
                assert move is expected
            state.apply(move)


@pytest.mark.parametrize("moves", [6, 11, 17])
def test_a_twin_deal_gives_the_same_features_and_the_same_card(moves: int) -> None:
    checked = 0
    for seed in range(40):
        run = partial_game("kloepper", {"target": 1}, moves, seed)
        seat = run.state.to_move
        if seat is None or run.state.observation(seat)["phase"] != "play":
            continue
        other = twin(run, seat)
        if other is None:
            continue
        a, b = SeatView(run.state, seat), SeatView(other, seat)
        plays = [m.cards[0] for m in a.legal_moves() if m.verb == "play"]
        assert np.array_equal(
            card_features(a.observation(), plays, 0), card_features(b.observation(), plays, 0)
        )
        assert KloepperValuedBot(seed).choose(a).text == KloepperValuedBot(seed).choose(b).text
        checked += 1
        if checked == 3:
            break
    assert checked == 3


#: The SHA-256 of the shipped weights (bench/kloepper_fit.py wrote them; a new file is a new
#: bot, whose figures docs/research.md must state again).
DIGEST = "131888cefc947e9367d52acfd682571de8a331ff096641f3e0a39e028bf5deca"


def test_the_shipped_weights_and_the_setting() -> None:
    data = files("cardtable.games.kloepper").joinpath("data", "valued.npz").read_bytes()
    assert hashlib.sha256(data).hexdigest() == DIGEST
    # A seeded card where it departs from the rules bot.
    state = cardtable.load("kloepper", target=1).new_state(seed=3)
    for k in range(9):
        state.apply(KloepperRulesBot(k).choose(SeatView(state, seat_of(state))))
    view = SeatView(state, seat_of(state))
    assert KloepperRulesBot(1).choose(view).text == "play 9D"
    assert KloepperValuedBot(1).choose(view).text == "play JD"
    bot = make_bot("kloepper", "valued", seed=1)
    assert isinstance(bot, KloepperValuedBot)
    assert bot.net.meta["features"] == list(FEATURES)
    assert bot.margin == bot.net.meta["margin"]
    with pytest.raises(OptionError):
        KloepperValuedBot(margin=-1)
    # With a margin no prediction clears, every move is the rules bot's.
    state = cardtable.load("kloepper", target=1).new_state(seed=5)
    stubborn, rules = KloepperValuedBot(seed=3, margin=100), KloepperRulesBot(seed=3)
    while not state.is_over:
        view = SeatView(state, seat_of(state))
        move = stubborn.choose(view)
        assert move is rules.choose(view)
        state.apply(move)


def test_it_plays_whole_games_of_the_tiny_pack_and_to_a_target() -> None:
    for options in ({"deck": "tiny", "target": 5}, {"target": 10}):
        state = cardtable.load("kloepper", **options).new_state(seed=2)
        bot = KloepperValuedBot(seed=2)
        while not state.is_over:
            move = choose_for(bot, state)
            assert move in state.legal_moves()
            state.apply(move)
        assert state.result is not None
