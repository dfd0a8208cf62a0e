"""Speed figures for cardtable's Kloepper, with OpenSpiel's Skat and Euchre for comparison.

Run with ``python bench/bench_kloepper.py [--deals N]``. A "deal" is one hand of each game
played out by uniform random moves: for Kloepper the declarations, knocks and six tricks of one
deal; for OpenSpiel's ``skat`` and ``euchre`` one game (which is one deal there). It prints
figures only; nothing here passes or fails.
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
from cardtable.bot_protocol import choose_for
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.random_bot import RandomBot
from timing import RUNS, load_pyspiel, openspiel_run


def ours_run(deals: int, index: int) -> tuple[float, int]:
    """Seconds for ``deals`` random deals of our Kloepper (games to 30, cut at the count), and
    the moves they took."""
    game = cardtable.load("kloepper")
    rng = random.Random(index)
    done = moves = 0
    seed = 0
    start = time.perf_counter()
    while done < deals:
        state = game.new_state(seed=seed)
        seed += 1
        deal = 1
        while not state.is_over:
            legal = state.legal_moves()
            state.apply(legal[int(rng.random() * len(legal))])
            now = state.deal_no  # type: ignore[attr-defined]
            if now != deal:
                deal = now
                done += 1
                if done == deals:
                    break
        else:
            done += 1
        moves += len(state.history)
    return time.perf_counter() - start, moves


def random_deals(
    deals: int, pyspiel: Any | None, names: tuple[str, ...]
) -> dict[str, tuple[float, float]]:
    """Best seconds and moves per deal, by game. The runs alternate (ours, then each of
    OpenSpiel's), so a busy spell of this shared machine slows every side alike."""
    runs: dict[str, list[tuple[float, int]]] = {"kloepper": []}
    for index in range(RUNS):
        runs["kloepper"].append(ours_run(deals, index))
        if pyspiel is not None:
            for name in names:
                try:
                    runs.setdefault(name, []).append(openspiel_run(pyspiel, name, deals, index))
                except Exception:
                    runs.pop(name, None)
    return {name: (min(t for t, _ in rs), rs[0][1] / deals) for name, rs in runs.items() if rs}


def rules_bot_decisions(deals: int) -> tuple[float, int]:
    """A ``rules`` bot at each seat in turn against random ones: seconds per decision (mean)."""
    game = cardtable.load("kloepper", target=999)
    decisions = 0
    spent = 0.0
    for i in range(deals):
        state = game.new_state(seed=i)
        me = i % 4
        bots: list[Any] = [
            KloepperRulesBot(seed=i) if s == me else RandomBot(seed=4 * i + s) for s in range(4)
        ]
        while state.deal_no == 1:  # type: ignore[attr-defined]
            seat = state.to_move or 0
            if seat == me:
                start = time.perf_counter()
                move = choose_for(bots[seat], state)
                spent += time.perf_counter() - start
                decisions += 1
            else:
                move = choose_for(bots[seat], state)
            state.apply(move)
    return spent / decisions, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000, help="random deals per run")
    args = parser.parse_args()
    console = Console()
    console.print(
        f"cardtable {cardtable.__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}) on {platform.machine()}; best of {RUNS} runs, "
        f"{args.deals} deals a run"
    )
    table = Table("Figure", "Value", "Notes", title="Kloepper benchmarks", title_justify="left")
    pyspiel = load_pyspiel()
    names = ("skat", "euchre")
    figures = random_deals(args.deals, pyspiel, names)
    seconds, moves = figures["kloepper"]
    ours = args.deals / seconds
    table.add_row(
        "random deals, cardtable kloepper", f"{ours:,.0f} deals/s", f"{moves:.1f} moves a deal"
    )
    if pyspiel is None:
        console.print("OpenSpiel (pyspiel) is not installed: its figures are skipped.")
    for name in names:
        if name not in figures:
            continue
        spiel_seconds, actions = figures[name]
        rate = args.deals / spiel_seconds
        table.add_row(
            f"random deals, OpenSpiel {name}",
            f"{rate:,.0f} deals/s",
            f"{actions:.1f} actions a deal (C++, driven from Python)",
        )
        table.add_row(f"kloepper / {name}", f"{ours / rate:.2f}x", "deals per second")
    per_move, decisions = rules_bot_decisions(300)
    table.add_row(
        "rules bot decision",
        f"{per_move * 1e6:,.0f} µs",
        f"mean of {decisions:,} in 300 deals against random bots",
    )
    console.print(table)


if __name__ == "__main__":
    main()
