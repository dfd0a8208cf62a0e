"""Speed figures for cardtable's Cribbage, with OpenSpiel's Cribbage for comparison.

Run with ``make bench`` (which first tries to install ``open-spiel``) or ``python bench/bench.py
[--games N]``. It prints figures only; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

import cardtable
from cardtable.games.cribbage import analysis
from cardtable.games.cribbage.analysis import discard_advice, score_distribution
from cardtable.games.cribbage.scoring import score_hand

RUNS = 3


def best_of(runs: int, job: Callable[[int], float]) -> float:
    """The shortest of ``runs`` timings; ``job(run)`` returns the seconds it measured."""
    return min(job(run) for run in range(runs))


def ours_games(games: int) -> tuple[float, float]:
    """Seconds for ``games`` random games of our Cribbage (best run), and moves per game."""
    game = cardtable.load("cribbage")
    moves = 0

    def run(index: int) -> float:
        nonlocal moves
        rng = random.Random(index)
        moves = 0
        start = time.perf_counter()
        for i in range(games):
            state = game.new_state(seed=i)
            while not state.is_over:
                state.apply(rng.choice(state.legal_moves()))
            moves += len(state.history)
        return time.perf_counter() - start

    return best_of(RUNS, run), moves / games


def load_pyspiel() -> Any | None:
    """The ``pyspiel`` module, or None when OpenSpiel is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def openspiel_games(pyspiel: Any, games: int) -> tuple[float, float]:
    """Seconds for ``games`` random games of OpenSpiel's Cribbage, driven from Python the same
    way (best run), and player actions per game (chance outcomes not counted)."""
    game = pyspiel.load_game("cribbage")
    actions = 0

    def run(index: int) -> float:
        nonlocal actions
        rng = random.Random(index)
        actions = 0
        start = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    actions += 1
        return time.perf_counter() - start

    return best_of(RUNS, run), actions / games


def hand_scoring(count: int) -> float:
    """Seconds to score ``count`` pre-generated random hands with their starters (best run)."""
    rng = random.Random(52)
    deals = []
    for _ in range(count):
        *hand, starter = rng.sample(range(52), 5)
        deals.append((tuple(hand), starter))

    def run(_: int) -> float:
        start = time.perf_counter()
        for hand, starter in deals:
            score_hand(hand, starter)
        return time.perf_counter() - start

    return best_of(RUNS, run)


def clear_distribution_cache() -> None:
    """Forget cached distributions so that each timing computes them afresh."""
    # The cache sits on the public function or on its private worker, depending on the version.
    for obj in (score_distribution, getattr(analysis, "_distribution", None)):
        clear = getattr(obj, "cache_clear", None)
        if callable(clear):
            clear()


def distribution(crib: bool) -> float:
    """Seconds for one exact ``score_distribution`` computed from nothing (best run)."""

    def run(_: int) -> float:
        clear_distribution_cache()
        start = time.perf_counter()
        score_distribution(crib=crib)
        return time.perf_counter() - start

    return best_of(RUNS, run)


def advice(hands: int) -> float:
    """Mean seconds for one exact ``discard_advice`` over ``hands`` random six-card hands."""
    rng = random.Random(6)
    deals = [rng.sample(range(52), 6) for _ in range(hands)]
    start = time.perf_counter()
    for i, hand in enumerate(deals):
        discard_advice(hand, dealer=i % 2 == 0)
    return (time.perf_counter() - start) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="random games per run")
    parser.add_argument("--hands", type=int, default=100_000, help="hands to score per run")
    args = parser.parse_args()
    console = Console()
    console.print(
        f"cardtable {cardtable.__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}) on {platform.machine()}; best of {RUNS} runs, "
        f"{args.games} games a run"
    )

    table = Table("Figure", "Value", "Notes", title="cardtable benchmarks", title_justify="left")
    seconds, moves = ours_games(args.games)
    ours_rate = args.games / seconds
    table.add_row(
        "random games, cardtable",
        f"{ours_rate:,.0f} games/s",
        f"{moves:.1f} moves a game",
    )
    pyspiel = load_pyspiel()
    if pyspiel is None:
        console.print("OpenSpiel (pyspiel) is not installed: its figures are skipped.")
    else:
        seconds, actions = openspiel_games(pyspiel, args.games)
        spiel_rate = args.games / seconds
        table.add_row(
            "random games, OpenSpiel",
            f"{spiel_rate:,.0f} games/s",
            f"{actions:.1f} actions a game (C++)",
        )
        table.add_row("cardtable / OpenSpiel", f"{ours_rate / spiel_rate:.2f}x", "games per second")
    seconds = hand_scoring(args.hands)
    table.add_row("score_hand", f"{args.hands / seconds:,.0f} /s", f"{args.hands:,} random hands")
    for crib in (False, True):
        table.add_row(
            f"{'crib' if crib else 'hand'} distribution",
            f"{distribution(crib) * 1000:.1f} ms",
            "12,994,800 deals, exact",
        )
    table.add_row("discard_advice", f"{advice(50) * 1000:.2f} ms", "one hand, mean of 50")
    console.print(table)


if __name__ == "__main__":
    main()
