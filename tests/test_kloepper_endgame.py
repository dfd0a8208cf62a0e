"""Kloepper's exact endgame solver against the engine itself: a plain minimax over the engine's
legal moves and scores must give the solver's value in every position, and the solver's line,
played by the engine, must reach it."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import cardtable
from cardtable.bots.evaluation import gain_reward
from cardtable.bots.levels import make_bot
from cardtable.errors import CardtableError
from cardtable.games.kloepper.endgame import finish, solvable, solve
from cardtable.games.kloepper.expert import KloepperExpertBot
from cardtable.games.kloepper.playout import LeanRules, play_out
from cardtable.games.kloepper.tables import PLAYING
from cardtable.seat_view import SeatView


def queens_value(before: Any, after: Any) -> float:
    """The deal's reward of a queens-side seat: the solver's value, read off the engine."""
    seat = next(s for s in range(4) if after.team >> s & 1)
    return gain_reward(before.points, after.points)[seat]


def minimax(state: Any, root: Any) -> float:
    """The value by the engine's own moves and scoring, every line searched (no pruning)."""
    if state.is_over:
        return queens_value(root, state)
    values = []
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        values.append(minimax(child, root))
    return max(values) if state.team >> state.to_move & 1 else min(values)


def alpha_beta(state: Any, root: Any, alpha: float, beta: float) -> float:
    """The same value with alpha-beta cuts alone (no bounds, no table, every card tried):
    fast enough for four tricks."""
    if state.is_over:
        return queens_value(root, state)
    maximize = bool(state.team >> state.to_move & 1)
    best = -math.inf if maximize else math.inf
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        value = alpha_beta(child, root, alpha, beta)
        if maximize:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def position(seed: int, left: int, into: int, options: dict[str, Any] | None = None) -> Any:
    """The deal of ``seed`` played by the rules bot to ``left`` tricks before the end and
    ``into`` cards into that trick; its game ends with the deal."""
    state: Any = cardtable.load("kloepper", **(options or {})).new_state(seed=seed)
    state.target = 0
    rules = LeanRules(random.Random(seed))
    tricks = state.deck.tricks

    def there() -> bool:
        at = tricks - state.trick_no == left and len(state.trick) == into
        return bool(state.phase == PLAYING and at)

    while not there():
        state.apply(rules.choose(state))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_the_solver_gives_the_engines_minimax_value(seed: int) -> None:
    state = position(seed, left=2 + seed % 2, into=seed % 4)
    assert solvable(state)
    value, line = solve(state)
    assert value == minimax(state, state)
    # Its line is legal and reaches the value.
    after = state.clone()
    finish(after, line, LeanRules(random.Random(seed)))
    assert after.is_over and queens_value(state, after) == value


@pytest.mark.parametrize("seed", range(4))
def test_four_tricks_against_alpha_beta_over_the_engines_moves(seed: int) -> None:
    state = position(seed, left=4, into=0)
    value, line = solve(state)
    assert value == alpha_beta(state, state, -math.inf, math.inf)
    after = state.clone()
    finish(after, line, LeanRules(random.Random(seed)))
    assert queens_value(state, after) == value


def test_a_lone_players_last_three_tricks() -> None:
    # The first deal of the seeds from 0 in which the rules bot goes alone.
    state = next(s for seed in range(200) if (s := position(seed, left=3, into=0)).alone)
    value, line = solve(state)
    assert value == minimax(state, state)
    finish(state, line, LeanRules(random.Random(0)))
    assert state.is_over


def test_the_tiny_pack_whose_last_trick_plays_itself() -> None:
    state = position(5, left=2, into=1, options={"deck": "tiny"})
    value, line = solve(state)
    assert value == minimax(state, state)
    after = state.clone()
    finish(after, line, LeanRules(random.Random(0)))
    assert after.is_over and queens_value(state, after) == value


def test_no_world_is_solved_while_a_knock_may_come() -> None:
    state: Any = cardtable.load("kloepper").new_state(seed=1)
    assert not solvable(state)  # declarations
    rules = LeanRules(random.Random(1))
    while state.trick_no < 1:
        state.apply(rules.choose(state))
    assert not solvable(state)  # the second trick's lead may still be a knock
    state.apply(rules.choose(state))
    assert solvable(state)


def test_a_play_out_hands_its_last_tricks_to_the_solver() -> None:
    state = position(7, left=4, into=0)
    solved = state.clone()
    play_out(solved, LeanRules(random.Random(3)), endgame=3)
    # The first of the four tricks by the rules bot, then the solver's line.
    by_rules = state.clone()
    rules = LeanRules(random.Random(3))
    by_rules.target = 0
    while by_rules.trick_no < 3:
        by_rules.apply(rules.choose(by_rules))
    value, line = solve(by_rules)
    finish(by_rules, line, rules)
    assert solved.points == by_rules.points
    assert queens_value(state, solved) == value


def test_the_experts_endgame_setting_is_bounded() -> None:
    bot = make_bot("kloepper", "pimc-risk:endgame=3")
    assert isinstance(bot, KloepperExpertBot) and bot.endgame == 3
    with pytest.raises(CardtableError, match="endgame"):
        make_bot("kloepper", "pimc-risk:endgame=5")


def test_a_table_whose_rows_break_the_order_is_searched_without_bounds() -> None:
    # With a high win worth less than a plain one, more points can be worth less: the
    # solver must not bound its search by the points left.
    options = {"scoring": "win-high=1, lose-high=1"}
    for seed in range(6):
        state = position(seed, left=3, into=seed % 4, options=options)
        assert solve(state)[0] == minimax(state, state)


def test_after_a_knock() -> None:
    state = next(s for seed in range(400) if (s := position(seed, left=3, into=1)).knocker >= 0)
    assert solve(state)[0] == minimax(state, state)


def test_a_blend_of_one_plays_as_the_expert_without_the_solver() -> None:
    # blend=1 takes every card's value from the rules play-out: the same cards, the same
    # values as no solver at all (the same worlds and draws from the same seed).
    state: Any = cardtable.load("kloepper").new_state(seed=12)
    plain = KloepperExpertBot(seed=5, worlds=8)
    blended = KloepperExpertBot(seed=5, worlds=8, endgame=3, blend=1)
    solved = KloepperExpertBot(seed=5, worlds=8, endgame=3)
    differ = 0
    while state.deal_no == 1:
        view = SeatView(state, state.to_move)
        move = plain.choose(view)
        assert blended.choose(view) is move
        assert blended.last_report == plain.last_report
        differ += solved.choose(view) is not move
        state.apply(move)
    assert differ > 0  # the solver itself does change cards
