"""The games' own experts explain their hints: error bars and paired gaps from their worlds,
and reason counters counted on their lean play-outs exactly as the game's reasons count them
on the real game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable
from cardtable.bots.explain import explaining, hint_rows, weighed
from cardtable.bots.search import world_stats
from cardtable.bots.weighted_stats import weighted_stats
from cardtable.cards import parse_card
from cardtable.engine import Move, State
from cardtable.games.calypso import reasons as calypso_reasons
from cardtable.games.calypso.expert import COUNTERS as CALYPSO_COUNTERS
from cardtable.games.calypso.expert import CalypsoSearchBot, count_deal, count_trick
from cardtable.games.calypso.sim import Sim
from cardtable.games.cribbage.expert import CribbageExpertBot
from cardtable.games.kloepper.expert import KloepperExpertBot
from cardtable.games.krypkasino import reasons as krypkasino_reasons
from cardtable.games.krypkasino.expert import COUNTERS as KRYPKASINO_COUNTERS
from cardtable.games.krypkasino.expert import KrypkasinoSearchBot, count_play
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.games.krypkasino.lean import open_lean
from cardtable.i18n import using_language, using_names
from cardtable.seat_view import SeatView


def _calypso_move(state: State, face: int) -> Move:
    return next(m for m in state.legal_moves() if m.cards[0] == face)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_calypso_lean_counts_equal_the_games_reasons(seed: int) -> None:
    # A deal played out on the lean simulator and on the game, card for card: the counters
    # counted on the lean one are the game's own reasons, for both sides.
    state = cardtable.load("calypso").new_state(seed=seed)
    before_state = state.clone()
    sim = Sim.of(state)
    base = sim.copy()
    tallies = [dict.fromkeys(CALYPSO_COUNTERS, 0.0) for _ in (0, 1)]
    rng = random.Random(seed)
    deal = sim.deal_no
    while not sim.over and sim.deal_no == deal:
        moves = sim.legal()
        face = moves[int(rng.random() * len(moves))] if rng.random() < 0.3 else sim.rules_card()
        if len(sim.trick) == 3:
            for side in (0, 1):
                count_trick(sim, face, side, tallies[side])
        state.apply(_calypso_move(state, face))
        sim.play(face)
    for side in (0, 1):
        count_deal(base, sim, side, tallies[side])
        assert tallies[side] == calypso_reasons.count(before_state, state, side)


def _krypkasino_move(state: State, face: int, taken: tuple[int, ...]) -> Move:
    obs = state.observation(state.to_move)
    for move, takes in zip(obs["legal_moves"], obs["takes"], strict=True):
        cards = sorted(parse_card(c) % 52 for c in takes)
        found = next(m for m in state.legal_moves() if m.text == move)
        if found.cards[0] % 52 == face and cards == sorted(taken):
            return found
    raise AssertionError(f"no move plays {face} taking {taken}")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (4, 3), (6, 4)])
def test_krypkasino_lean_counts_equal_the_games_reasons(players: int, seed: int) -> None:
    state = cardtable.load("krypkasino", players=players).new_state(seed=seed)
    before_state = state.clone()
    assert isinstance(state, KrypkasinoState)
    world = open_lean(state)
    tallies = [dict.fromkeys(KRYPKASINO_COUNTERS, 0.0) for _ in range(players)]
    rng = random.Random(seed)
    while not world.over and world.packets < 2:
        face, taken = world.rules_option(rng, 0.3)
        for seat in range(players):
            count_play(world, face, taken, seat, tallies[seat])
        state.apply(_krypkasino_move(state, face, taken))
        world.play(face, taken)
    for seat in range(players):
        assert tallies[seat] == krypkasino_reasons.count(before_state, state, seat)


def test_world_stats_pair_the_gaps_world_by_world() -> None:
    stats = world_stats(["a", "b", "c"], [[1.0, 2.0], [4.0, 4.0], [0.0, 5.0]], [1, 0, 2])
    assert [(s.move, s.mean, s.gap, s.gap_margin, s.paired) for s in stats] == [
        ("b", 4.0, 0.0, 0.0, True),
        ("a", 1.5, -2.5, 0.98, True),
        ("c", 2.5, -1.5, 4.9, True),
    ]


def _deep(game: str, options: dict[str, int], seed: int, plies: int) -> State:
    state = cardtable.load(game, **options).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        legal = state.legal_moves()
        state.apply(legal[int(rng.random() * len(legal))])
    return state


def _rows(
    state: State, bot: Any, move: Move, language: str, names: list[str] | None = None
) -> list[dict[str, Any]]:
    """The hint's rows for ``bot``'s last choice, as a reader of ``language`` sees them."""
    with using_language(language), using_names(names or ["Ann", "Bob", "Cy", "Di"]):
        return hint_rows(state, weighed(bot, move.text))


def test_krypkasino_expert_hint_has_error_bars_and_reasons() -> None:
    state = _deep("krypkasino", {"players": 4}, 3, 7)
    bot = explaining(KrypkasinoSearchBot(seed=5))
    assert state.to_move is not None
    move = bot.choose(SeatView(state, state.to_move))
    rows = _rows(state, bot, move, "en")
    # The rules bot's card stands (the search found none better by a standard error), and the
    # hint says so: the next card's mean is a little higher, well within its error bar.
    assert [r["words"] for r in rows] == [
        "Play K♠ onto the table",
        "Play 7♥ onto the table",
        "Play 7♣ onto the table",
    ]
    assert rows[0]["line"] == (
        "Play K♠ onto the table: +0.5 points (minus your side's penalty) on average over 24 "
        "deals (±1.8), 0.3 points worse than 7♥ over the same deals (±2.6); you take 1.0 "
        "penalty points on average (1.8 after 7♥)"
    )
    said = _rows(state, bot, move, "ja")[0]["line"]
    unit = "点（自分の側の罰点の符号を変えたもの）"
    assert said.startswith(f"K♠を場に出す: 24通りの配りで平均 +0.5 {unit}")


def test_calypso_expert_hint_has_error_bars_and_reasons() -> None:
    state = _deep("calypso", {}, 2, 9)
    bot = explaining(CalypsoSearchBot(seed=5, worlds=40))
    assert state.to_move is not None
    move = bot.choose(SeatView(state, state.to_move))
    rows = _rows(state, bot, move, "en")
    assert rows[0]["margin"] is not None and rows[0]["reason"] is not None
    assert rows[1]["line"].startswith(f"{rows[1]['words']}: ")
    assert " worse than " in rows[1]["line"] and "over the same deals (±" in rows[1]["line"]


def test_weighted_stats_weigh_means_gaps_and_counters() -> None:
    # Worlds weighted 2:1:1 (2.67 effective worlds): a's values 0, 10, 4 and b's 1, 6, 6.
    stats = weighted_stats(
        ["a", "b"],
        [[0.0, 10.0, 4.0], [1.0, 6.0, 6.0]],
        [2.0, 1.0, 1.0],
        [0, 1],
        [{"points": 6.0}, {"points": 3.0}],
    )
    assert [(s.move, s.mean, s.visits, s.margin, s.gap, s.gap_margin) for s in stats] == [
        ("a", 3.5, 3, 6.2135, 0.0, 0.0),
        # b: weighted variance 12.5 / 1.25 = 10, margin 1.96 sqrt(10 / 2.67); b less a world
        # by world: +1, -4, +2, weighted mean 0, variance 11 / 1.25 = 8.8.
        ("b", 3.5, 3, 3.7955, 0.0, 3.5605),
    ]
    assert [s.rate("points") for s in stats] == [2.0, 1.0]


def test_kloepper_expert_hint_has_error_bars_and_reasons() -> None:
    state = _deep("kloepper", {}, 3, 8)
    assert state.to_move is not None
    bot = explaining(KloepperExpertBot(seed=5, worlds=40))
    move = bot.choose(SeatView(state, state.to_move))
    # Counting reasons changes nothing the bot weighs.
    plain = KloepperExpertBot(seed=5, worlds=40)
    assert plain.choose(SeatView(state, state.to_move)) is move
    assert plain.last_report == bot.last_report
    rows = _rows(state, bot, move, "en")
    assert [r["words"] for r in rows] == ["Play A♠", "Play J♣", "Play K♦"]
    assert rows[0]["line"] == (
        "Play A♠: +4.3 points against the others on average over 40 deals (±1.5), 0.4 points "
        "better than J♣ over the same deals (±1.4); you take 24.7 card points on average "
        "(20.7 after J♣)"
    )
    said = _rows(state, bot, move, "ja")[0]["line"]
    assert said.startswith("A♠を出す: 40通りの配りで平均 +4.3 点 (他の人との差) (±1.5)")


def test_cribbage_expert_pegging_hint_has_error_bars() -> None:
    state = cardtable.load("cribbage").new_state(seed=1)
    state.apply_all(["discard 2H 4C", "discard 3H 4S"])
    bot = explaining(CribbageExpertBot(seed=2))
    assert state.to_move == 0
    move = bot.choose(SeatView(state, 0))
    rows = _rows(state, bot, move, "en", ["Ann", "Bob"])
    assert [r["words"] for r in rows] == [
        "Play 7♠ (count 7)",
        "Play 9♠ (count 9)",
        "Play J♣ (count 10)",
    ]
    # The 50 likeliest hands of the opponent, each solved exactly; its means are the report's.
    assert [(r["deals"], round(r["value"], 3)) for r in rows] == [
        (50, round(bot.last_report[i][1], 3)) for i in range(3)
    ]
    assert rows[0]["line"] == (
        "Play 7♠ (count 7): -2.0 net pegs against their best replies on average over 50 deals "
        "(±0.7), 0.6 points better than 9♠ over the same deals (±0.6)"
    )
    said = _rows(state, bot, move, "ja", ["Ann", "Bob"])[0]["line"]
    assert said.startswith("7♠を出す (カウント7): 50通りの配りで平均 -2.0 ペグ点の差")
    # The discard is the advisor's: no search, no stats, the game's own unit.
    bot.choose(SeatView(cardtable.load("cribbage").new_state(seed=1), 0))
    assert (bot.last_stats, bot.value_unit) == ([], None)
