"""Discard duel: two Cribbage bots play the same first deals whole (lay away, peg, show) from
both seats, and each deal's figure (bot A's points less bot B's, the mean of the two seatings)
is written as it finishes, so short runs (each within a time limit) add up to one measurement.

The deals are ``bench/cribbage_pegging.py --whole``'s; this script appends one line per deal
(``seed difference``) to ``--out`` and, with ``--report``, prints the mean over every line of
the given files with its 95% interval.

Run from /work/main: ``PYTHONPATH=src:bench nice -n 5 timeout 180 .venv/bin/python
bench/cribbage_discard_duel.py "pegger:pegs=1" pegger --seed 0 --deals 400 --out
/tmp/duel.txt``, then ``... --report /tmp/duel.txt``.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool
from pathlib import Path

from cardtable.bots.stats import mean_interval
from cribbage_pegging import _deal


def _one(task: tuple[str, str, int]) -> tuple[int, float]:
    a, b, seed = task
    difference, _ = _deal((a, b, seed, True))
    return seed, difference


def report(paths: list[str]) -> None:
    """Print the mean difference over every deal in ``paths`` (one seed per deal counted)."""
    found: dict[int, float] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            seed, value = line.split()
            found[int(seed)] = float(value)
    interval = mean_interval(list(found.values()))
    mean, half = interval.mean, interval.half_width
    print(
        f"{mean:+.3f} points a deal [{mean - half:+.3f}, {mean + half:+.3f}]"
        f" over {len(found)} deals x 2 seats"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", nargs="?")
    parser.add_argument("b", nargs="?")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default="/tmp/cribbage_discard_duel.txt")
    parser.add_argument("--report", nargs="+", help="files of earlier runs to sum up")
    args = parser.parse_args()
    if args.report:
        report(args.report)
        return
    tasks = [(args.a, args.b, args.seed + i) for i in range(args.deals)]
    with Pool(args.jobs) as pool, open(args.out, "a") as out:
        for seed, difference in pool.imap(_one, tasks):
            out.write(f"{seed} {difference}\n")
            out.flush()


if __name__ == "__main__":
    main()
