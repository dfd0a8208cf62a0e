"""Speed figures for cardtable's Cribbage, with OpenSpiel's Cribbage for comparison.

Run with ``make bench`` (which first tries to install ``open-spiel``) or ``python bench/bench.py
[--games N]``. It prints figures only; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import Any

from rich.console import Console
from rich.table import Table

import cardtable
from cardtable.games.cribbage import analysis
from cardtable.games.cribbage.analysis import discard_advice, score_distribution
from cardtable.games.cribbage.scoring import score_hand
from timing import RUNS, best_of, load_pyspiel, openspiel_run


def ours_run(games: int, index: int) -> tuple[float, int]:
    """Seconds for ``games`` random games of our Cribbage, and the moves they took."""
    game = cardtable.load("cribbage")
    rng = random.Random(index)
    moves = 0
    start = time.perf_counter()
    for i in range(games):
        state = game.new_state(seed=i)
        while not state.is_over:
            state.apply(rng.choice(state.legal_moves()))
        moves += len(state.history)
    return time.perf_counter() - start, moves


def random_games(games: int, pyspiel: Any | None) -> tuple[float, float, float | None, float]:
    """Best seconds and moves per game for ours and (if installed) OpenSpiel's.

    The runs alternate, ours then OpenSpiel's, so a busy spell of this shared machine slows
    both sides alike and the ratio stays fair.
    """
    ours: list[tuple[float, int]] = []
    theirs: list[tuple[float, int]] = []
    for index in range(RUNS):
        ours.append(ours_run(games, index))
        if pyspiel is not None:
            theirs.append(openspiel_run(pyspiel, "cribbage", games, index))
    best_ours = min(t for t, _ in ours)
    best_theirs = min(t for t, _ in theirs) if theirs else None
    their_actions = theirs[0][1] / games if theirs else 0.0
    return best_ours, ours[0][1] / games, best_theirs, their_actions


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


def rules_bot_games(games: int) -> tuple[float, int]:
    """Two ``rules`` bots playing whole games: seconds per decision (mean), decisions made."""
    from cardtable.bots import choose_for, make_bot

    game = cardtable.load("cribbage")
    decisions = 0
    spent = 0.0
    for i in range(games):
        state = game.new_state(seed=i)
        bots = [make_bot("cribbage", "rules", seed=2 * i + s) for s in range(2)]
        while not state.is_over:
            seat = state.to_move or 0
            start = time.perf_counter()
            move = choose_for(bots[seat], state)
            spent += time.perf_counter() - start
            decisions += 1
            state.apply(move)
    return spent / decisions, decisions


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
    pyspiel = load_pyspiel()
    seconds, moves, spiel_seconds, actions = random_games(args.games, pyspiel)
    ours_rate = args.games / seconds
    table.add_row(
        "random games, cardtable",
        f"{ours_rate:,.0f} games/s",
        f"{moves:.1f} moves a game",
    )
    if pyspiel is None or spiel_seconds is None:
        console.print("OpenSpiel (pyspiel) is not installed: its figures are skipped.")
    else:
        spiel_rate = args.games / spiel_seconds
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
    per_move, decisions = rules_bot_games(20)
    table.add_row(
        "rules bot decision",
        f"{per_move * 1000:.2f} ms",
        f"mean of {decisions:,} in 20 whole games (discards, pegging)",
    )
    console.print(table)


if __name__ == "__main__":
    main()
