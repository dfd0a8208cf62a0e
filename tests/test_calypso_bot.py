"""The Calypso ``rules`` bot: exact choices in built positions, the swap test, and its margin
over ``random``."""

from __future__ import annotations

import random

import cardtable
from calypso_deals import new, twin_for
from cardtable.bots import choose_for, make_bot
from cardtable.games.calypso import CalypsoState
from cardtable.games.calypso.bot import CalypsoRulesBot
from cardtable.random_bot import RandomBot
from cardtable.seat_view import SeatView


def bot_move(state: CalypsoState, seed: int = 0) -> str:
    return CalypsoRulesBot(seed=seed).choose(SeatView(state, state.turn)).text


def test_trumps_in_to_feed_the_partners_calypso() -> None:
    # North leads 2C, East (clubs, the bot's partner) 3C, South AC; West, void in clubs, can
    # trump in with 2D: the trick's 3C and AC go onto East's calypso.
    state = new(([["2C"], ["3C"], ["AC"], ["2D", "9H", "9S"]], ("", "", "", "C")))
    for card in ("2C", "3C", "AC"):
        state.apply(f"play {card}")
    assert bot_move(state) == "play 2D"


def test_keeps_a_card_the_opponents_need_out_of_their_trick() -> None:
    # Lead-ranks: North's led AS cannot be beaten (a trump-in must outrank it). West (the bot)
    # is void in spades and holds 4H (South's calypso lacks it) and clubs and diamonds (its
    # side's suits): it gives the opponents no heart, and lets its lowest card go.
    deal = ([["AS"], ["2S"], ["3S"], ["4H", "7C"]], ("", "", "", "SH"))
    state = new(deal, trick_rule="lead-ranks")
    for card in ("AS", "2S", "3S"):
        state.apply(f"play {card}")
    hand = state.observation(3)["hand"]
    assert "4H" in hand and "2C" in hand and "2D" in hand
    assert bot_move(state) in ("play 2C", "play 2D")


def test_leads_its_own_suit_low_when_it_stands() -> None:
    # North holds three spades among clubs and diamonds (the opponents' suits): a led spade
    # stands unless someone trumps in, and under the standard rule its rank does not matter.
    state = new(([["AS", "7S", "2S"], [], [], []], ("HS", "", "", "")))
    assert bot_move(state) == "play 2S"


def test_follows_low_when_the_partner_has_the_trick() -> None:
    # Standard rule: North leads KS, East trumps in with AC, South follows 2S. West (the bot,
    # East's partner) must follow spades and keeps the 9 for later.
    state = new(([["KS"], ["AC"], ["2S"], ["9S", "3S"]], ("", "S", "", "S")))
    for card in ("KS", "AC", "2S"):
        state.apply(f"play {card}")
    assert [m.text for m in state.legal_moves()] == ["play 9S", "play 3S"]
    assert bot_move(state) == "play 3S"


def test_the_bot_sees_only_its_view() -> None:
    """States that differ only in cards hidden from the bot's seat give the same choice."""
    rng = random.Random(5)
    game = cardtable.load("calypso")
    for trial in range(30):
        state = game.new_state(seed=trial)
        assert isinstance(state, CalypsoState)
        for _ in range(rng.randrange(120)):
            state.apply(rng.choice(state.legal_moves()))
        seat = state.turn
        twin = twin_for(state, seat, rng)
        assert twin.observation(seat) == state.observation(seat)
        bot_a, bot_b = CalypsoRulesBot(seed=trial), CalypsoRulesBot(seed=trial)
        assert choose_for(bot_a, state) is choose_for(bot_b, twin)


def test_registered_as_rules_and_medium() -> None:
    assert make_bot("calypso", "rules").name == "rules"
    assert isinstance(make_bot("calypso", "medium"), CalypsoRulesBot)


def test_beats_random_clearly() -> None:
    """Ten games (40 deals) each way round: the rules side wins at least 18 of 20."""
    game = cardtable.load("calypso")
    wins = 0
    margin = 0
    for i in range(10):
        for side in (0, 1):
            state = game.new_state(seed=100 + i)
            bots = [
                CalypsoRulesBot(seed=i) if s % 2 == side else RandomBot(seed=i + s)
                for s in range(4)
            ]
            while not state.is_over:
                state.apply(choose_for(bots[state.to_move or 0], state))
            result = state.result
            assert result is not None
            ours, theirs = result["sides"][side], result["sides"][1 - side]
            wins += ours > theirs
            margin += ours - theirs
    assert wins >= 18
    assert margin / 80 > 100  # points per deal
