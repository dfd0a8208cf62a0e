"""Calypso's expert: the lean simulator against the game, its rules policy against the rules
bot, the deal's-end values, and the ``search`` bot's settings, choices and level."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import cardtable
from calypso_deals import new, twin_for
from cardtable.bots import choose_for, make_bot
from cardtable.errors import OptionError
from cardtable.games.calypso import CalypsoState
from cardtable.games.calypso.bot import RulesTable
from cardtable.games.calypso.expert import CalypsoSearchBot
from cardtable.games.calypso.horizon import FUTURE, value_at_end_of_deal
from cardtable.games.calypso.moves import PLAY
from cardtable.games.calypso.sim import Sim, _Scorer, line_points
from cardtable.seat_view import SeatView

RULES = ("standard", "lead-ranks", "last-trump", "all-fours")


def fresh(seed: int, rule: str = "standard") -> CalypsoState:
    state = cardtable.load("calypso", trick_rule=rule).new_state(seed=seed)
    assert isinstance(state, CalypsoState)
    return state


@pytest.mark.parametrize("rule", RULES)
def test_the_simulator_plays_and_scores_as_the_game(rule: str) -> None:
    """Two whole games a rule, half the cards at random and half by the simulator's rules
    policy: the same legal cards at every step, the same turns, voids, calypsos and piles, and
    the same final score of each partnership."""
    for seed in range(2):
        state = fresh(seed, rule)
        sim = Sim.of(state)
        rng = random.Random(seed)
        while not state.is_over:
            assert sorted(sim.legal()) == sorted(m.cards[0] for m in state.legal_moves())
            face = rng.choice(sim.legal()) if rng.random() < 0.5 else sim.rules_card()
            state.apply(PLAY[face])
            sim.play(face)
            if not state.is_over:
                assert (sim.turn, sim.voids, sim.progress) == (
                    state.turn,
                    state.voids,
                    state.progress,
                )
                assert sim.pile == [len(p) for p in state.piles]
        assert sim.over
        points = sim.points()
        assert state.result is not None
        assert [points[0] + points[2], points[1] + points[3]] == state.result["sides"]


@pytest.mark.parametrize("rule", RULES)
def test_the_rules_policy_scores_every_card_as_the_rules_bot(rule: str) -> None:
    """Every legal card of every decision of a game: the simulator's value is the rules bot's
    (read from the seat's observation) to the last rounding error."""
    state = fresh(7, rule)
    rng = random.Random(7)
    checked = 0
    while not state.is_over:
        seat = state.turn
        table = RulesTable(SeatView(state, seat).observation())
        sim = Sim.of(state)
        scorer = _Scorer(sim)
        for face in sim.legal():
            assert scorer.value(face) == pytest.approx(table.value(face), abs=1e-9)
            checked += 1
        state.apply(rng.choice(state.legal_moves()))
    assert checked > 208


def test_a_played_out_world_never_changes_its_source() -> None:
    state = cardtable.load("calypso").new_state(seed=2)
    sim = Sim.of(state)
    copy = sim.copy()
    while not copy.over:
        copy.play(copy.rules_card())
    assert (sim.deal_no, [len(h) for h in sim.hands], sum(sim.left)) == (1, [13] * 4, 208)
    assert (copy.deal_no, [len(h) for h in copy.hands], sum(copy.left)) == (4, [0] * 4, 0)


def test_the_end_of_a_deal_values_calypsos_by_what_they_should_become() -> None:
    assert line_points(0, 12) == 240 and line_points(2, 1) == 1270
    eleven = (1 << 11) - 1
    # After deal 2 (two deals to come): a completed calypso, three pile cards and eleven cards
    # in progress for seat 0; nothing for the others.
    assert value_at_end_of_deal(2, [1, 0, 0, 0], [eleven, 0, 0, 0], [3, 0, 0, 0]) == [
        500 + 30 + 595,
        234,
        234,
        234,
    ]
    # After the last deal the points are the round's own.
    assert value_at_end_of_deal(4, [1, 0, 0, 0], [eleven, 0, 0, 0], [3, 0, 0, 0]) == [
        500 + 30 + 220,
        0,
        0,
        0,
    ]
    for row in FUTURE:
        assert list(row) == sorted(row) and len(row) == 13
    for fewer, more in pairwise(FUTURE):
        assert all(a < b for a, b in zip(fewer, more, strict=True))


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"worlds": 0}, "'worlds'"),
        ({"worlds": 2.5}, "'worlds'"),
        ({"value": "standing"}, "'value'"),
        ({"noise": 1.5}, "'noise'"),
        ({"noise": True}, "'noise'"),
    ],
)
def test_every_setting_is_checked(settings: dict[str, object], named: str) -> None:
    with pytest.raises(OptionError, match=named):
        CalypsoSearchBot(seed=1, **settings)  # type: ignore[arg-type]


def test_the_expert_level_is_the_search() -> None:
    bot = make_bot("calypso", "expert")
    assert isinstance(bot, CalypsoSearchBot)
    assert (bot.worlds, bot.value, bot.noise) == (80, "future", 0.1)
    assert make_bot("calypso", "hard").name == "pimc"
    other = make_bot("calypso", "search:worlds=5:value=deal:noise=0", seed=1)
    assert isinstance(other, CalypsoSearchBot)
    assert (other.worlds, other.value, other.noise) == (5, "deal", 0.0)


def test_trumps_in_to_feed_the_partners_calypso() -> None:
    # As the rules bot's test: West, void in clubs, trumps in with a diamond (any wins, as it
    # plays last) to lay the trick's 3C and AC on East's (its partner's) calypso; which
    # diamond is within the search's noise, but every diamond comes before every other card.
    state = new(([["2C"], ["3C"], ["AC"], ["2D", "9H", "9S"]], ("", "", "", "C")))
    for card in ("2C", "3C", "AC"):
        state.apply(f"play {card}")
    bot = CalypsoSearchBot(seed=0, worlds=8)
    assert bot.choose(SeatView(state, 3)).text == "play KD"
    assert [row[0] for row in bot.last_report[:4]] == ["play KD", "play AD", "play QD", "play 2D"]
    assert bot.last_report[3][1] > bot.last_report[4][1] + 100
    assert {row[2] for row in bot.last_report} == {8}


def test_the_same_seed_and_view_give_the_same_card() -> None:
    """The swap test: hidden cards permuted within their suits (every void kept) change
    nothing the bot sees, so neither its worlds nor its choice."""
    rng = random.Random(3)
    for trial in range(3):
        state = fresh(40 + trial)
        for _ in range(rng.randrange(20, 120)):
            state.apply(rng.choice(state.legal_moves()))
        seat = state.turn
        twin = twin_for(state, seat, rng)
        first = CalypsoSearchBot(seed=trial, worlds=6)
        second = CalypsoSearchBot(seed=trial, worlds=6)
        assert choose_for(first, state) is choose_for(second, twin)
        assert first.last_report == second.last_report
