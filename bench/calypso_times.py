"""Milliseconds per Calypso decision of a bot, at the 50th and 95th percentile and the worst.

The bot (a bot, level or ``name:key=value`` spec) plays seats 0 and 2 against the ``rules``
bot for whole games (one round, four deals); every decision it makes counts, forced ones too,
as a player waits for them all. Run, from the repository root, with the machine otherwise idle::

    PYTHONPATH=src .venv/bin/python bench/calypso_times.py expert --games 2
"""

from __future__ import annotations

import argparse
import time

import cardtable
from cardtable.bots import choose_for, make_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bot", help="a bot, level or spec, e.g. expert or search:worlds=40")
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    game = cardtable.load("calypso")
    times: list[float] = []
    for index in range(args.games):
        state = game.new_state(seed=100 + index)
        bots = [make_bot("calypso", args.bot if s % 2 == 0 else "rules", seed=s) for s in range(4)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            start = time.perf_counter()
            move = choose_for(bots[seat], state)
            if seat % 2 == 0:
                times.append(time.perf_counter() - start)
            state.apply(move)
    times.sort()
    n = len(times)
    p50, p95, worst = (times[i] * 1e3 for i in (n // 2, min(n - 1, int(n * 0.95)), -1))
    print(f"{args.bot}: {n} decisions, p50 {p50:.0f} ms, p95 {p95:.0f} ms, worst {worst:.0f} ms")


if __name__ == "__main__":
    main()
