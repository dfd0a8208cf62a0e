"""Calypso pairings on duplicate deals, several at once in one pool of worker processes, with
points per deal (a Calypso round is four deals) and 95% intervals, as the arena reports them.

Each pairing is ``A,B`` (bots, levels or ``name:key=value`` specs); every game of every pairing
goes into one pool, so sixteen cores stay busy to the end. The same seed gives the same games
as ``cardtable arena calypso --bots A,B --duplicate --deals N`` (same deal seeds, same bot seeds).

Run, from the repository root::

    PYTHONPATH=src .venv/bin/python bench/calypso_match.py --deals 128 --jobs 16 \\
        expert,hard expert,easy hard,easy
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from cardtable.bots.arena import GameResult, MatchResult, play_one, seatings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "pairings", nargs="+", help="A,B: two bots, levels or specs; A,B@N plays N deals"
    )
    parser.add_argument("--deals", type=int, default=16, help="arena deals (rounds) a pairing")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    tasks = []
    sizes = []
    for index, pairing in enumerate(args.pairings):
        names, _, count = pairing.partition("@")
        args.pairings[index] = names
        sizes.append(int(count) if count else args.deals)
        bots = tuple(names.split(","))
        for deal in range(sizes[-1]):
            for seating in seatings(4, 2):
                tasks.append((index, ("calypso", (), bots, args.seed, deal, seating, ())))
    games: dict[int, list[GameResult]] = {i: [] for i in range(len(args.pairings))}
    start = time.perf_counter()
    # A pairing is reported as soon as its games are in (the first pairings finish first).
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(play_one, task): index for index, task in tasks}
        for future in as_completed(futures):
            index = futures[future]
            games[index].append(future.result())
            if len(games[index]) == 2 * sizes[index]:
                report(args.pairings[index], games[index], args.seed)
                print(f"  ({time.perf_counter() - start:.0f} s)", flush=True)


def report(pairing: str, games: list[GameResult], seed: int) -> None:
    """Print one pairing's difference, win rate and time per move."""
    bots = pairing.split(",")
    ordered = sorted(games, key=lambda g: (g.deal, g.seating))
    result = MatchResult("calypso", {}, bots, seed, True, ordered)
    stats = result.summary()
    deals = sum(g.deals for g in result.games)
    rate = stats[bots[0]]["win_rate"]
    ms = [f"{stats[b]['ms_per_move']:.1f}" for b in bots]
    print(
        f"{bots[0]} vs {bots[1]}: {len(result.games)} games, {deals} deals; "
        f"{result.difference()} points per deal; win rate {rate}; ms/move {' / '.join(ms)}",
        flush=True,
    )


if __name__ == "__main__":
    main()
