"""OpenSpiel's Python ISMCTS against cardtable's rules bot, in one-deal Kloepper.

The ISMCTS bot (``openspiel-ismcts``, :class:`cardtable.rl.openspiel.OpenSpielBot`) searches
through the OpenSpiel adapter: worlds sampled for its seat, random rollouts to the end of the
deal. The duplicate arena plays every deal in both seatings, so the cards cancel out of the
difference. Needs ``pip install 'cardtable[openspiel]'``.

    python examples/openspiel_ismcts.py --deals 60 --simulations 200
"""

from __future__ import annotations

import argparse
import time

from cardtable.bots.arena import run_match
from cardtable.rl.openspiel import register


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60, help="deals, each played twice")
    parser.add_argument("--simulations", type=int, default=200, help="ISMCTS simulations")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    register()  # the cardtable_* games in OpenSpiel, and the openspiel-ismcts bot
    bot = f"openspiel-ismcts:simulations={args.simulations}"
    start = time.perf_counter()
    result = run_match(
        "kloepper",
        [bot, "rules"],
        deals=args.deals,
        duplicate=True,
        seed=args.seed,
        options={"target": 1},
    )
    seconds = time.perf_counter() - start

    print(f"one-deal Kloepper, {args.deals} deals x 2 seatings, seed {args.seed}")
    for label, row in result.summary().items():
        print(
            f"  {label:34} points per deal {row['points_per_deal']}"
            f"  ({row['ms_per_move']:.0f} ms a move)"
        )
    print(f"  difference (ISMCTS - rules)        {result.difference()}  (95% interval)")
    print(f"  {len(result.games)} games in {seconds:.0f} s")


if __name__ == "__main__":
    main()
