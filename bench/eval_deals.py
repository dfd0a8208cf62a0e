"""Publish the evaluation protocol's deal sets: the options each game's set is played under,
and the digests of its quick and full sets (``src/cardtable/rl/data/deals-v1.json``).

A published set never changes (the tests compare the digests); run this to publish a new
game's set, or to see the digests of the sets as they are dealt now:

    python bench/eval_deals.py                       # print every game's digests
    python bench/eval_deals.py --write               # add games not yet published to the file
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtable.registry import games
from cardtable.rl.deals import FULL, QUICK, VERSION, digest, published

DATA = Path(__file__).resolve().parents[1] / "src/cardtable/rl/data" / f"deals-{VERSION}.json"

#: The options of each set: the short episodes of docs/research.md (one deal where the game
#: has such an option; Cribbage's shortest game).
OPTIONS: dict[str, dict[str, Any]] = {
    "calypso": {"rounds": 1},
    "cribbage": {"target": 61},
    "kloepper": {"target": 1},
    "krypkasino": {"deals": 1},
}

DERIVATION = (
    "deal i of game g is dealt from seed = the first 8 bytes of SHA-256('cardtable-deals/"
    f"{VERSION}/<g>/<i>'), big-endian, shifted right by one bit; digest = SHA-256 of one line "
    "per deal: '<id> <seed> <card_places() as compact JSON, sorted keys>\\n'"
)


def entry(game: str) -> dict[str, Any]:
    options = OPTIONS.get(game, {})
    return {
        "options": options,
        "quick": digest(game, "quick", options),
        "full": digest(game, "full", options),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="publish games not yet published")
    args = parser.parse_args(argv)
    data = json.loads(DATA.read_text()) if DATA.exists() else {}
    data.setdefault("format", "cardtable-deals/1")
    data["version"] = VERSION
    data["deals"] = FULL
    data["quick"] = QUICK
    data["derivation"] = DERIVATION
    data.setdefault("games", {})
    for game in games():
        now = entry(game)
        known = published(game) if DATA.exists() else None
        same = "new" if known is None else "same" if known == now else "CHANGED"
        print(f"{game}: {now['options']} quick {now['quick'][:16]} full {now['full'][:16]} {same}")
        if known is None:
            data["games"][game] = now
    if args.write:
        DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {DATA}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
