"""The Kloepper expert (``pimc-risk``): legal, repeatable, its settings checked, knocking where
the search says a knock pays, and its world weights favouring the real deal."""

from __future__ import annotations

import math
import random

import pytest

import cardtable
from cardtable.bots.levels import level_bot, make_bot
from cardtable.errors import OptionError
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.expert import KloepperExpertBot, weighted_gain
from cardtable.games.kloepper.inference import public_moves, world_weight
from cardtable.games.kloepper.moves import KNOCK
from cardtable.seat_view import SeatView


def one_deal(seed: int, bot_seed: int) -> list[str]:
    """The moves of one deal with a small expert at seat 0 and rules bots elsewhere."""
    state = cardtable.load("kloepper", target=999).new_state(seed=seed)
    bots = [KloepperExpertBot(seed=bot_seed, worlds=3, decide=4)] + [
        KloepperRulesBot(s) for s in (1, 2, 3)
    ]
    while state.deal_no == 1:  # type: ignore[attr-defined]
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(SeatView(state, seat))
        assert move in state.legal_moves()
        state.apply(move)
    return state.history


def test_expert_is_the_level_and_repeatable() -> None:
    assert level_bot("kloepper", "expert") == (
        "pimc-risk",
        {"worlds": 80, "risk": 0.5, "endgame": 3},
    )
    assert make_bot("kloepper", "expert").name == "pimc-risk"
    for seed in (0, 26, 64):
        assert one_deal(seed, 5) == one_deal(seed, 5)


@pytest.mark.parametrize(
    ("setting", "value", "message"),
    [
        ("worlds", 0, "bot setting 'worlds' must be a whole number from 1 to 2000, not 0"),
        ("decide", 2.5, "bot setting 'decide' must be a whole number from 1 to 2000, not 2.5"),
        ("risk", -1, "bot setting 'risk' must be a number from 0 to 10, not -1"),
        ("noise", 2, "bot setting 'noise' must be a number from 0 to 1, not 2"),
        ("trust", 11, "bot setting 'trust' must be a number from 0 to 10, not 11"),
        ("knock_risk", -0.5, "bot setting 'knock_risk' must be a number from 0 to 10, not -0.5"),
    ],
)
def test_settings_are_checked(setting: str, value: float, message: str) -> None:
    with pytest.raises(OptionError) as caught:
        KloepperExpertBot(**{setting: value})  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_knocks_where_the_rules_bot_waits_for_a_sure_sweep() -> None:
    # Seat 1 holds six trumps (QS JC JS JH JD AD) after AC was led: no sure sweep, since QC is
    # out, but QC is its partner's, so the side takes every trick in nearly every world.
    state = cardtable.load("kloepper", target=999).new_state(seed=26)
    for move in ("pass", "pass", "pass", "pass", "play AC"):
        state.apply(move)
    view = SeatView(state, 1)
    assert view.observation()["hand"] == ["QS", "JC", "JS", "JH", "JD", "AD"]
    assert KloepperRulesBot(1).choose(view) is not KNOCK
    bot = KloepperExpertBot(seed=1, decide=24)
    assert bot.choose(view) is KNOCK
    assert bot.last_report[0][0] == "knock" and bot.last_report[0][1] > 0


def test_a_knock_clears_its_own_risk() -> None:
    # Seat 3 may knock after AS KS 9S; its knock gains about 3 points over its card in the
    # worlds (the same worlds whatever the risks: a fresh bot draws the same ones), not in all:
    # cleared at one standard error and not at ten, whatever the declarations' risk.
    state = cardtable.load("kloepper", target=999).new_state(seed=64)
    for move in ("pass", "pass", "pass", "pass", "play AS", "play KS", "play 9S"):
        state.apply(move)
    view = SeatView(state, 3)
    assert KNOCK in state.legal_moves() and KloepperRulesBot(1).choose(view) is not KNOCK
    assert KloepperExpertBot(seed=1, decide=24, risk=10, knock_risk=1).choose(view) is KNOCK
    assert KloepperExpertBot(seed=1, decide=24, risk=0, knock_risk=10).choose(view) is not KNOCK


def test_no_knock_without_the_strength_for_it() -> None:
    state = cardtable.load("kloepper", target=999).new_state(seed=1)
    rules = KloepperRulesBot(3)
    bot = KloepperExpertBot(seed=2, worlds=4, decide=16)
    asked = 0
    while state.trick_no < 2:  # type: ignore[attr-defined]
        seat = state.to_move
        assert seat is not None
        view = SeatView(state, seat)
        if KNOCK in state.legal_moves():
            asked += 1
            assert bot.choose(view) is not KNOCK
        state.apply(rules.choose(view))
    assert asked == 3


def test_a_card_trust_keeps_the_rules_card_unless_the_search_is_sure() -> None:
    # A fresh bot draws the rules bot's seed first, then the same worlds whatever its trust, so
    # the three bots below weigh the same cards in the same worlds.
    state = cardtable.load("kloepper", target=999).new_state(seed=3)
    departed = kept = 0
    while state.deal_no == 1:  # type: ignore[attr-defined]
        seat = state.to_move
        assert seat is not None
        view = SeatView(state, seat)
        legal = state.legal_moves()
        if len(legal) > 1 and all(m.verb == "play" for m in legal):
            default = KloepperRulesBot(int(random.Random(7).random() * 2**32)).choose(view)
            free = KloepperExpertBot(seed=7, worlds=8).choose(view)
            sure = KloepperExpertBot(seed=7, worlds=8, trust=10).choose(view)
            slight = KloepperExpertBot(seed=7, worlds=8, trust=0.01).choose(view)
            assert sure is default
            if free is not default:
                departed += 1
                assert slight is not default
            kept += free is default
        state.apply(KloepperRulesBot(seat).choose(view))
    assert (departed, kept) == (6, 4)


def test_weighted_gain_counts_the_risk() -> None:
    assert weighted_gain([12.0, 12.0, -18.0], [1.0, 1.0, 1.0], 0.0) == 2.0
    assert weighted_gain([12.0, 12.0, -18.0], [1.0, 1.0, 1.0], 1.0) < 0
    # A world seen as unlikely counts for less.
    assert weighted_gain([12.0, 12.0, -18.0], [1.0, 1.0, 0.1], 1.0) > 0


def test_the_real_deal_weighs_more_than_sampled_ones_against_the_rules_bot() -> None:
    game = cardtable.load("kloepper", target=999)
    above = total = 0
    for seed in range(6):
        state = game.new_state(seed=seed)
        bots = [KloepperRulesBot(seed * 4 + s) for s in range(4)]
        while state.deal_no == 1:  # type: ignore[attr-defined]
            seat = state.to_move
            assert seat is not None
            if state.trick_no == 3 and not state.trick:  # type: ignore[attr-defined]
                view = SeatView(state, seat)
                moves = public_moves(view.observation())
                sampled = [
                    world_weight(view.sample_world(random.Random(i)), moves, seat, 0.25)
                    for i in range(10)
                ]
                real = world_weight(state, moves, seat, 0.25)
                total += 1
                above += math.log(real) > sum(math.log(w) for w in sampled) / len(sampled)
                assert world_weight(state, moves, seat, 1.0) == 1.0
            state.apply(bots[seat].choose(SeatView(state, seat)))
    assert (above, total) == (6, 6)
