"""Endgame duel: two Cribbage bots finish games that start near the end, from both seats.

Each game starts at its first deal with both scores drawn at random from ``--low`` to 120 (the
same for both seatings), so almost every game is decided within a few deals and playing to the
board is what differs. The figure is bot A's share of wins (both seatings of each start, a
95% interval on the pairs) and bot A's time per decision (50th and 95th percentile).

Run from /work/main: ``PYTHONPATH=src .venv/bin/python bench/cribbage_endgame.py pegger
pegger:board=0 --games 300 --jobs 2`` (bots by level or name with settings).
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

import cardtable
from cardtable.bots.levels import make_bot
from cardtable.bots.stats import mean_interval
from cardtable.seat_view import SeatView
from move_times import percentile


def _finish(spec_a: str, spec_b: str, seed: int, low: int, a_seat: int) -> tuple[int, list[float]]:
    """1 if bot A (in ``a_seat``) wins the game of ``seed`` from its drawn start, else 0."""
    state = cardtable.load("cribbage").new_state(seed=seed)
    rng = random.Random(seed)
    raw: object = state
    raw.pegs = [rng.randrange(low, 121), rng.randrange(low, 121)]  # type: ignore[attr-defined]
    bots = {
        a_seat: make_bot("cribbage", spec_a, seed=seed),
        1 - a_seat: make_bot("cribbage", spec_b, seed=seed + 1),
    }
    times: list[float] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        start = time.perf_counter()
        move = bots[seat].choose(SeatView(state, seat))
        if seat == a_seat and len(state.legal_moves()) > 1:
            times.append(time.perf_counter() - start)
        state.apply(move)
    result = state.result
    assert result is not None
    return int(a_seat in result["winners"]), times


def _pair(args: tuple[str, str, int, int]) -> tuple[float, list[float]]:
    spec_a, spec_b, seed, low = args
    first, t1 = _finish(spec_a, spec_b, seed, low, 0)
    second, t2 = _finish(spec_a, spec_b, seed, low, 1)
    return (first + second) / 2, t1 + t2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=300, help="starts, each played twice")
    parser.add_argument("--low", type=int, default=85)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    tasks = [(args.a, args.b, args.seed + i, args.low) for i in range(args.games)]
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        results = pool.map(_pair, tasks, chunksize=4)
    shares = [s for s, _ in results]
    times = sorted(t for _, ts in results for t in ts)
    found = mean_interval(shares)
    mean, half = found.mean, found.half_width
    p50 = percentile(times, 0.5) * 1000 if times else 0.0
    p95 = percentile(times, 0.95) * 1000 if times else 0.0
    print(
        f"{args.a} vs {args.b} from {args.low}-120: {100 * mean:.1f}% of wins "
        f"[{100 * (mean - half):.1f}, {100 * (mean + half):.1f}] over {len(shares)} starts x 2 "
        f"seats; {args.a} ms a decision p50 {p50:.0f} p95 {p95:.0f} "
        f"({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
