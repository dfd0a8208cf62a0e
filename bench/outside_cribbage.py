"""Cardtable's Cribbage bots against an outside program: the open-source simulator
markafitzgerald1/simulate-cribbage-games (MPL-2.0), used for measurement only.

Run from the repository root::

    PYTHONPATH=src .venv/bin/python bench/outside_cribbage.py --bot expert \\
        --opponent static --games 4000 --jobs 16 --json outside-expert-static.json

``--bot`` is any cardtable bot or level (``hard``, ``pimc:worlds=20``); ``--opponent`` is the
simulator's strongest static strategy (``static``) or its simulation-based one
(``simulation``, optionally ``simulation:discard=160:play=900``, its defaults). Full games to
121 on duplicate deals: every deal sequence is played twice with the seats swapped. It prints
the win rate and the points per deal with 95% intervals, the skunks and the time per move, and
writes the figures and every game as JSON.

A long match may be played in parts (``--first`` is the first deal sequence's index, so
``--games 500 --first 250`` plays sequences 250 to 499) and reported as one with
``--merge part1.json part2.json ... [--json all.json]``.

The simulator is looked for at ``--simulator``, else ``$CRIBBAGE_SIMULATOR``, else
``./.outside/simulate-cribbage-games``; when it (or a package it needs) is missing, the script
says how to get it and exits 0. Nothing is fetched, and none of its code is in cardtable.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from cardtable.bots.levels import make_bot
from cardtable.errors import CardtableError
from outside.match import run_games, tasks_for
from outside.opponents import parse_opponent
from outside.report import Report
from outside.simulator import (
    SimulatorMissing,
    find_simulator,
    load_simulator,
    missing_message,
    warm_up,
)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="expert", help="a cardtable bot or level (expert)")
    parser.add_argument(
        "--opponent",
        default="static",
        help="the simulator's strategy: static, or simulation[:discard=N][:play=N]",
    )
    parser.add_argument("--games", type=int, default=200, help="games (two a deal sequence)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (0: one a core)")
    parser.add_argument("--seed", type=int, default=0, help="deal sequence i from seed S+i")
    parser.add_argument("--first", type=int, default=0, help="the first deal sequence's index")
    parser.add_argument("--json", type=Path, help="where to write the results")
    parser.add_argument("--simulator", help="the simulator's checkout")
    parser.add_argument(
        "--merge",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="report the games of these JSON files (parts of one match, run with --first) "
        "together, and play nothing",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 0 or args.first < 0:
        parser.error("--games must be at least 1, --jobs and --first at least 0")
    return args


def merge(files: list[Path], out: Path | None) -> int:
    """Report the parts of one match together (the same bots, opponent and seed)."""
    parts = [Report.from_json(json.loads(f.read_text(encoding="utf-8"))) for f in files]
    first = parts[0]
    if any((p.bot, p.opponent, p.seed) != (first.bot, first.opponent, first.seed) for p in parts):
        print("error: the files are not parts of one match", file=sys.stderr)
        return 2
    deals = [o.result.deal for p in parts for o in p.outcomes]
    if len(set(deals)) * 2 != len(deals):
        print("error: the parts overlap or lack a seating", file=sys.stderr)
        return 2
    report = Report(first.bot, first.opponent, first.seed, [o for p in parts for o in p.outcomes])
    for line in report.lines():
        print(line)
    if out:
        out.write_text(json.dumps(report.to_json(), indent=1) + "\n", encoding="utf-8")
        print(f"saved {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.merge:
        return merge(args.merge, args.json)
    try:
        make_bot("cribbage", args.bot)  # a bad bot or setting fails here, before any game
        parse_opponent(args.opponent)
    except CardtableError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    folder = find_simulator(args.simulator)
    if folder is None:
        print(missing_message(args.simulator))
        return 0
    try:
        sim = load_simulator(folder)
    except SimulatorMissing as missing:
        print(f"{missing}\n{missing_message(args.simulator)}")
        return 0
    start = time.perf_counter()
    warm_up(sim, folder)
    jobs = args.jobs or os.cpu_count() or 1
    tasks = tasks_for(args.games, args.bot, args.opponent, args.seed, folder, args.first)
    outcomes = []
    step = max(1, len(tasks) // 20)
    for outcome in run_games(tasks, jobs):
        outcomes.append(outcome)
        if len(outcomes) % step == 0:
            print(
                f"  {len(outcomes)}/{len(tasks)} games, {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
            )
    seconds = time.perf_counter() - start
    report = Report(args.bot, args.opponent.split(":")[0], args.seed, outcomes)
    for line in report.lines():
        print(line)
    print(f"{seconds:.0f} s on {jobs} worker processes")
    if args.json:
        extra = {"opponent_spec": args.opponent, "seconds": round(seconds, 1), "jobs": jobs}
        args.json.write_text(json.dumps(report.to_json(extra), indent=1) + "\n", encoding="utf-8")
        print(f"saved {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
