"""Kloepper ``expert`` against other bots on duplicate deals, with 95% intervals.

Run from the repository root:

    PYTHONPATH=src .venv/bin/python bench/kloepper_expert.py --deals 1000 --jobs 16 \
        --against medium,hard

Each pairing plays ``--deals`` games (each from its seed, to 30 points) in both seatings and
prints the expert's points per deal less the other bot's (paired by game, 95% interval), the
win rates, and each bot's mean milliseconds per decision. ``--times N`` then plays N more games
in this process only to give the expert's ms per decision at the 50th and 95th percentile (the
decisions where it had a choice). It prints figures only; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import time

import cardtable
from cardtable.bots.arena import run_match
from cardtable.bots.levels import make_bot
from cardtable.seat_view import SeatView


def pairing(expert: str, other: str, deals: int, jobs: int, seed: int) -> None:
    """Play and print one pairing."""
    start = time.perf_counter()
    result = run_match("kloepper", [expert, other], deals, duplicate=True, seed=seed, jobs=jobs)
    took = time.perf_counter() - start
    diff = result.difference()
    rows = result.summary()
    print(f"{expert} vs {other}: {len(result.games)} games ({deals} duplicate deals), {took:.0f} s")
    shown = f"{diff.mean:+.3f} [{diff.low:+.3f}, {diff.high:+.3f}]"
    print(f"  points per deal, {expert} - {other}: {shown}", flush=True)
    for label, row in rows.items():
        rate = row["win_rate"]
        print(
            f"  {label}: win rate {rate.mean:.1%} [{rate.low:.1%}, {rate.high:.1%}], "
            f"{row['ms_per_move']:.1f} ms a decision"
        )


def move_times(spec: str, games: int) -> None:
    """The bot's ms per decision with a choice, 50th and 95th percentile, at every seat."""
    game = cardtable.load("kloepper")
    bot = make_bot("kloepper", spec, seed=1)
    times: list[float] = []
    for seed in range(games):
        state = game.new_state(seed=10_000 + seed)
        while not state.is_over:
            view = SeatView(state, state.to_move or 0)
            t = time.perf_counter()
            move = bot.choose(view)
            if len(state.legal_moves()) > 1:
                times.append(time.perf_counter() - t)
            state.apply(move)
    times.sort()
    p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
    print(
        f"{spec}: {len(times)} decisions, ms p50 {1000 * p50:.1f}, p95 {1000 * p95:.1f}, "
        f"max {1000 * times[-1]:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--expert", default="expert")
    parser.add_argument("--against", default="medium,hard")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--times", type=int, default=0)
    args = parser.parse_args()
    for other in args.against.split(","):
        pairing(args.expert, other, args.deals, args.jobs, args.seed)
    if args.times:
        move_times(args.expert, args.times)


if __name__ == "__main__":
    main()
