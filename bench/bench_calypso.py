"""Speed figures for cardtable's Calypso, with OpenSpiel's Spades and Hearts for comparison.

Run with ``make bench`` or ``python bench/bench_calypso.py [--games N]``. It prints figures
only; nothing here passes or fails. A Calypso game (one round) is four deals of 52 cards; each
OpenSpiel game of Spades or Hearts is one deal of 52 cards (Spades with its bids, Hearts with
its passes), so deals per second compare like with like.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from rich.console import Console
from rich.table import Table

import cardtable
from cardtable.bots import choose_for, make_bot
from cardtable.games.calypso.tricks import RULE_NAMES
from timing import RUNS, load_pyspiel, openspiel_run


def ours_run(games: int, index: int, rule: str) -> float:
    """Seconds for ``games`` random games (four deals each) of our Calypso."""
    game = cardtable.load("calypso", trick_rule=rule)
    rng = random.Random(index)
    start = time.perf_counter()
    for i in range(games):
        state = game.new_state(seed=i)
        while not state.is_over:
            state.apply(rng.choice(state.legal_moves()))
    return time.perf_counter() - start


def rules_bot_decision(games: int) -> tuple[float, int]:
    """Four ``rules`` bots playing whole games: mean seconds per decision, decisions made."""
    game = cardtable.load("calypso")
    spent = 0.0
    decisions = 0
    for i in range(games):
        state = game.new_state(seed=i)
        bots = [make_bot("calypso", "rules", seed=4 * i + s) for s in range(4)]
        while not state.is_over:
            start = time.perf_counter()
            move = choose_for(bots[state.to_move or 0], state)
            spent += time.perf_counter() - start
            decisions += 1
            state.apply(move)
    return spent / decisions, decisions


def world_sampling(count: int) -> float:
    """Mean seconds for one ``sample_world`` from mid-deal positions with voids shown."""
    game = cardtable.load("calypso")
    rng = random.Random(3)
    states = []
    for i in range(20):
        state = game.new_state(seed=i)
        for _ in range(52 + 40):  # into the second deal, when voids have appeared
            state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    start = time.perf_counter()
    for k in range(count):
        state = states[k % len(states)]
        state.sample_world(state.to_move or 0, rng)
    return (time.perf_counter() - start) / count


def margin(games: int, rule: str) -> tuple[float, float, int, int]:
    """The ``rules`` bots (one partnership) against ``random`` (the other), each game dealt
    twice with the sides swapped: mean points per deal, its 95% half-width, wins, games."""
    game = cardtable.load("calypso", trick_rule=rule)
    diffs = []
    wins = 0
    for i in range(games):
        for side in (0, 1):
            state = game.new_state(seed=i)
            bots = [
                make_bot("calypso", "rules" if s % 2 == side else "random", seed=8 * i + s)
                for s in range(4)
            ]
            while not state.is_over:
                state.apply(choose_for(bots[state.to_move or 0], state))
            sides = state.result["sides"] if state.result else [0, 0]
            diffs.append((sides[side] - sides[1 - side]) / 4)
            wins += sides[side] > sides[1 - side]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
    return mean, 1.96 * sd / n**0.5, wins, n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="random games (4 deals) per run")
    parser.add_argument(
        "--margin",
        type=int,
        default=0,
        help="also measure the rules bot against random over this many games each way round",
    )
    args = parser.parse_args()
    console = Console()
    console.print(
        f"cardtable {cardtable.__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}) on {platform.machine()}; best of {RUNS} runs"
    )
    table = Table("Figure", "Value", "Notes", title="Calypso benchmarks", title_justify="left")
    pyspiel = load_pyspiel()
    deals = 4 * args.games
    theirs: dict[str, list[float]] = {"spades": [], "hearts": []}
    ours: list[float] = []
    # Alternate ours and theirs, so a busy spell of the machine slows both alike.
    for index in range(RUNS):
        ours.append(ours_run(args.games, index, "standard"))
        if pyspiel is not None:
            for name in theirs:
                theirs[name].append(openspiel_run(pyspiel, name, deals, index)[0])
    ours_rate = deals / min(ours)
    table.add_row("random deals, cardtable", f"{ours_rate:,.0f} deals/s", "trick_rule=standard")
    for rule in RULE_NAMES[1:]:
        rate = deals / min(ours_run(args.games, i, rule) for i in range(RUNS))
        table.add_row(f"random deals, {rule}", f"{rate:,.0f} deals/s", "")
    if pyspiel is None:
        console.print("OpenSpiel (pyspiel) is not installed: its figures are skipped.")
    else:
        for name, runs in theirs.items():
            rate = deals / min(runs)
            table.add_row(
                f"random deals, OpenSpiel {name}",
                f"{rate:,.0f} deals/s",
                f"C++ game driven from Python; cardtable is {ours_rate / rate:.2f}x",
            )
    per_move, decisions = rules_bot_decision(10)
    table.add_row(
        "rules bot decision", f"{per_move * 1e3:.3f} ms", f"mean of {decisions:,} in 10 games"
    )
    table.add_row(
        "sample_world", f"{world_sampling(2000) * 1e3:.3f} ms", "mean of 2,000, voids shown"
    )
    console.print(table)
    if args.margin:
        rows = Table(
            "Trick rule",
            "Points per deal",
            "Games won",
            title=f"rules partnership against random ({args.margin} games each way, 4 deals each)",
            title_justify="left",
        )
        for rule in RULE_NAMES:
            mean, half, wins, n = margin(args.margin, rule)
            rows.add_row(rule, f"{mean:+.1f} ± {half:.1f}", f"{wins}/{n}")
        console.print(rows)


if __name__ == "__main__":
    main()
