"""Short Kloepper screens that add up: one-deal games (target 1), duplicate, saved as they end.

Run from the repository root, as often as wanted (each run plays for about ``--seconds``):

    nice -n 5 .venv/bin/python bench/kloepper_screen.py --bots expert,hard \
        --out /tmp/expert-vs-hard.json --seconds 170

Each run plays duplicate deals in parts of ``--part`` deals, from the first deal seed its file
has not played yet (a new file: ``--start``, so two files may play other deals side by side),
and adds every part's games to ``--out``; it then prints the first bot's
points per deal less the second's over every game in the file (paired game by game, 95%
interval). A one-deal game is the cheapest paired sample: the award of one deal, both
seatings of the same cards. ``--report`` only prints the file's figure. It prints figures only.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cardtable.bots.arena import MatchResult, run_match


def _load(path: Path, bots: list[str]) -> MatchResult | None:
    if not path.exists():
        return None
    result = MatchResult.from_json(json.loads(path.read_text()))
    if result.bots != bots:
        raise SystemExit(f"{path} holds {','.join(result.bots)}, not {','.join(bots)}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True, help="two bots or levels, comma-separated")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seconds", type=float, default=170.0)
    parser.add_argument("--part", type=int, default=5)
    parser.add_argument("--start", type=int, default=0, help="the first deal of a new file")
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args()
    bots = args.bots.split(",")
    result = _load(args.out, bots)
    stop = time.perf_counter() + args.seconds
    while not args.report and time.perf_counter() < stop:
        first = args.start if result is None else max(g.deal for g in result.games) + 1
        part = run_match(
            "kloepper", bots, args.part, duplicate=True, seed=0, options={"target": 1}, first=first
        )
        if result is None:
            result = part
        else:
            result.games.extend(part.games)
        args.out.write_text(json.dumps(result.to_json()))
    if result is None:
        raise SystemExit(f"{args.out}: no games yet")
    diff = result.difference()
    deals = len({g.deal for g in result.games})
    print(
        f"{bots[0]} - {bots[1]}: {diff.mean:+.3f} [{diff.low:+.3f}, {diff.high:+.3f}] points "
        f"a deal over {deals} duplicate deals ({len(result.games)} games)"
    )


if __name__ == "__main__":
    main()
