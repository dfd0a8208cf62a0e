"""The lean rules policy takes the rules bot's decisions, tie draws included, move for move."""

from __future__ import annotations

import random
from typing import Any

import cardtable
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.playout import LeanRules, play_out
from cardtable.seat_view import SeatView


def _compare(
    options: dict[str, object], games: int, wild: float, decks: list[list[str]] | None = None
) -> tuple[int, set[str]]:
    """Play ``games`` deals, a share ``wild`` of the moves at random (to reach knocks, lone
    games and odd positions), and check the lean policy against the rules bot at every
    decision: the same move and the same generator state after it. Returns the decisions
    checked and the verbs that were offered among two or more moves."""
    game = cardtable.load("kloepper", **options)
    checked, verbs = 0, set[str]()
    for g in range(games):
        state: Any = game.new_state(seed=g) if decks is None else game.new_state(decks=[decks[g]])
        noise = random.Random(1000 + g)
        while state.deal_no == 1 and not state.is_over:
            seat = state.to_move
            bot = KloepperRulesBot(seed=g * 100 + checked)
            rng = random.Random(g * 100 + checked)
            expected = bot.choose(SeatView(state, seat))
            assert LeanRules(rng).choose(state) is expected, (g, state.history)
            assert rng.getstate() == bot.rng.getstate()
            checked += 1
            legal = state.legal_moves()
            if len(legal) > 1:
                verbs.update(m.verb for m in legal)
            state.apply(
                legal[int(noise.random() * len(legal))] if noise.random() < wild else expected
            )
    return checked, verbs


def test_the_lean_policy_is_the_rules_bot_move_for_move() -> None:
    checked, verbs = _compare({}, 120, 0.15)
    assert checked > 2500
    assert verbs == {"play", "call", "alone", "pass", "knock", "knock-off"}


def test_the_lean_policy_knocks_as_the_rules_bot_does() -> None:
    # Seat 0 holds both black queens and every jack: it goes alone and knocks a sure sweep.
    deck = "QC QS JC 9C 10C KC AS 10S KS AH 10H KH JS JH JD 9S AC QH AD 10D KD QD 9D 9H"
    cards = deck.split(" ")
    rotated = [cards[i:] + cards[:i] for i in (0, 3, 6, 9)]
    checked, verbs = _compare({}, 4, 0.0, rotated)
    assert "knock" in verbs and checked > 40


def test_the_lean_policy_is_the_rules_bot_in_the_tiny_pack() -> None:
    checked, _verbs = _compare({"deck": "tiny"}, 60, 0.2)
    assert checked > 200


def test_a_play_out_ends_the_deal_as_the_rules_bot_would() -> None:
    game = cardtable.load("kloepper")
    for seed in range(20):
        lean: Any = game.new_state(seed=seed)
        real: Any = game.new_state(seed=seed)
        play_out(lean, LeanRules(random.Random(seed)))
        bot = KloepperRulesBot(seed=seed)
        while real.deal_no == 1:
            real.apply(bot.choose(SeatView(real, real.to_move)))
        assert lean.points == real.points and lean.history == real.history


def test_a_play_out_stops_at_its_deal_even_when_the_first_move_ends_it() -> None:
    # The tiny pack's last trick plays itself: the fourth card of the first trick ends the deal.
    state: Any = cardtable.load("kloepper", deck="tiny").new_state(seed=2)
    bot = KloepperRulesBot(seed=1)
    while not (state.trick_no == 0 and len(state.trick) == 3):
        state.apply(bot.choose(SeatView(state, state.to_move)))
    last = state.legal_moves()[0]
    world, real = state.clone(), state.clone()
    play_out(world, LeanRules(random.Random(1)), last)
    real.apply(last)
    assert (world.deal_no, world.is_over) == (1, True)
    assert real.deal_no == 2 and world.points == real.points
