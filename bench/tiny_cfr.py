"""CFR and exploitability on the tiny variants, through OpenSpiel's exact tools.

The tiny Cribbage's tree (1,980 decision nodes) is small enough for a test
(``tests/test_rl_openspiel_cfr.py``); the tiny Kloepper's (99,126 decision nodes over its 2,520
deals, four players) takes about a minute a CFR iteration through the Python game, so its
figures are measured here and quoted in ``docs/research.md``::

    python bench/tiny_cfr.py                          # both tiny variants, 3 iterations
    python bench/tiny_cfr.py --game kloepper --iterations 5

Each line gives the iteration, its time, OpenSpiel's ``nash_conv`` of the average policy (the
players' best-response gains summed, in the game's points) and the time it took.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

#: The OpenSpiel game string of each tiny variant, dealt card by card.
VARIANTS = {
    "cribbage": ("cardtable_cribbage", {"deck": "tiny", "deal": "cards"}),
    "kloepper": ("cardtable_kloepper", {"deck": "tiny", "deal": "cards", "target": 1}),
}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(VARIANTS), action="append")
    parser.add_argument("--iterations", type=int, default=3)
    args = parser.parse_args(argv)
    try:
        import pyspiel

        from cardtable.rl.openspiel import register
    except ImportError:
        print("OpenSpiel is not installed here: pip install 'cardtable[openspiel]'")
        return
    register(bots=False)
    for name in args.game or sorted(VARIANTS):
        short, params = VARIANTS[name]
        game = pyspiel.load_game(short, params)
        start = time.perf_counter()
        solver = pyspiel.CFRSolver(game)
        print(f"{name} tiny: the solver walked the tree in {time.perf_counter() - start:.1f} s")
        for iteration in range(1, args.iterations + 1):
            start = time.perf_counter()
            solver.evaluate_and_update_policy()
            step = time.perf_counter() - start
            start = time.perf_counter()
            conv = pyspiel.nash_conv(game, solver.average_policy())
            print(
                f"  iteration {iteration}: {step:.1f} s; NashConv {conv:.6f} "
                f"({time.perf_counter() - start:.1f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
