"""Pegging duel: two Cribbage bots peg the same first deals from both seats.

Both seats lay away by the exact advisor (the ``rules`` bot), so only the play differs (with
``--whole`` each bot lays away for itself and the figure counts the whole deal); each deal is
played twice with the seats swapped, and the figure is bot A's pegs less bot B's per deal
(the mean of the two seatings), with a 95% interval. Also bot A's time per play (50th and 95th
percentile). A fast, low-variance check of a pegging change before a full arena.

Run from /work/main: ``PYTHONPATH=src .venv/bin/python bench/cribbage_pegging.py pegger rules
--deals 400 --jobs 2`` (bots by level or name with settings, as ``cardtable arena`` takes them).
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

import cardtable
from cardtable.bots.levels import make_bot
from cardtable.bots.stats import mean_interval
from cardtable.seat_view import SeatView
from move_times import percentile


def _peg(spec_a: str, spec_b: str, seed: int, a_seat: int, whole: bool) -> tuple[int, list[float]]:
    """Bot A's pegs less bot B's in the first deal of game ``seed``, A in ``a_seat``; with
    ``whole`` the bots also lay away and the points are the whole deal's (shows too)."""
    state = cardtable.load("cribbage").new_state(seed=seed)
    bots = {
        a_seat: make_bot("cribbage", spec_a, seed=seed),
        1 - a_seat: make_bot("cribbage", spec_b, seed=seed + 1),
    }
    discarder = make_bot("cribbage", "rules", seed=seed)
    while not whole and state.observation(0)["phase"] == "discard":
        seat = state.to_move
        assert seat is not None
        state.apply(discarder.choose(SeatView(state, seat)))
    before = list(state.scores)
    times: list[float] = []
    while not state.is_over and (
        state.observation(0)["deal_number"] == 1
        if whole
        else state.observation(0)["phase"] == "play"
    ):
        seat = state.to_move
        assert seat is not None
        start = time.perf_counter()
        move = bots[seat].choose(SeatView(state, seat))
        if seat == a_seat and len(state.legal_moves()) > 1:
            times.append(time.perf_counter() - start)
        state.apply(move)
    # With --whole the next deal has begun: the scores hold the whole first deal.
    gained = [state.scores[s] - before[s] for s in range(2)]
    return gained[a_seat] - gained[1 - a_seat], times


def _deal(args: tuple[str, str, int, bool]) -> tuple[float, list[float]]:
    spec_a, spec_b, seed, whole = args
    first, t1 = _peg(spec_a, spec_b, seed, 0, whole)
    second, t2 = _peg(spec_a, spec_b, seed, 1, whole)
    return (first + second) / 2, t1 + t2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--whole", action="store_true", help="the bots lay away too; count the whole deal"
    )
    args = parser.parse_args()
    tasks = [(args.a, args.b, args.seed + i, args.whole) for i in range(args.deals)]
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        results = pool.map(_deal, tasks, chunksize=4)
    diffs = [d for d, _ in results]
    times = sorted(t for _, ts in results for t in ts)
    found = mean_interval(diffs)
    mean, half = found.mean, found.half_width
    p50 = percentile(times, 0.5) * 1000 if times else 0.0
    p95 = percentile(times, 0.95) * 1000 if times else 0.0
    print(
        f"{args.a} - {args.b}: {mean:+.3f} {'points' if args.whole else 'pegs'} a deal "
        f"[{mean - half:+.3f}, {mean + half:+.3f}]"
        f" over {len(diffs)} deals x 2 seats; {args.a} ms a play p50 {p50:.0f} p95 {p95:.0f}"
        f" ({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
