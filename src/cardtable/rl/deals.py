"""The published deal sets of the evaluation protocol: deal id -> one engine seed, per game.

Version ``v1`` holds deals 0 to 9,999 of every game; ``quick`` is its first 200. Deal ``i`` of
game ``g`` is dealt from the seed made of the first 8 bytes of the SHA-256 of the text
``cardtable-deals/v1/<g>/<i>`` (UTF-8), read big-endian and shifted right by one bit (63 bits,
so it fits a signed 64-bit integer anywhere): ``load(g, **options).new_state(seed)``, and
``reset(seed=...)`` in the environments and the OpenSpiel adapter's chance nodes deal the same.

The set of each game is published with the options it is played under (the short episodes of
``docs/research.md``) and a SHA-256 digest of every deal's first layout (each deal's
``card_places()`` before any move), for the quick set and the full set, in
``rl/data/deals-v1.json``: :func:`digest` recomputes it, and the tests compare.

>>> deal_seed("kloepper", 0)
6978184178679329033
>>> [deal for deal, _ in deal_set("cribbage", "quick")][-1], len(deal_set("cribbage", 5))
(199, 5)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from cardtable.engine import JSON
from cardtable.errors import OptionError, clip
from cardtable.registry import load

__all__ = [
    "FULL",
    "QUICK",
    "VERSION",
    "deal_ids",
    "deal_seed",
    "deal_set",
    "digest",
    "published",
]

#: The version of the deal sets this module deals.
VERSION = "v1"
#: Deals in a full set, and in the quick subset (its first deals).
FULL = 10_000
QUICK = 200
#: What ``deals`` may name besides a number of deals.
SETS = {"quick": QUICK, "full": FULL}


def deal_seed(game: str, deal: int, version: str = VERSION) -> int:
    """The engine seed of deal ``deal`` of ``game``'s set ``version`` (see the module).

    >>> deal_seed("cribbage", 7) == deal_seed("cribbage", 7) != deal_seed("kloepper", 7)
    True
    >>> deal_seed("cribbage", 10_000)
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: deal 10000 is not in set v1: deals are 0 to 9999
    """
    if version != VERSION:
        raise OptionError(f"unknown deal set version {clip(version)!r}; versions: {VERSION}")
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < FULL:
        raise OptionError(f"deal {clip(deal)!r} is not in set {version}: deals are 0 to {FULL - 1}")
    text = f"cardtable-deals/{version}/{game}/{deal}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def deal_ids(deals: int | str) -> range:
    """The ids a run plays: ``"quick"`` (the first 200), ``"full"`` (all 10,000), or the
    first ``deals`` of the set.

    >>> deal_ids("quick"), deal_ids(3)
    (range(0, 200), range(0, 3))
    >>> deal_ids("most")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: unknown deal set 'most': quick (200 deals), full (10000), \
or a number of deals from 1 to 10000
    """
    if isinstance(deals, str):
        count = SETS.get(deals)
        if count is None:
            raise OptionError(
                f"unknown deal set {clip(deals)!r}: quick ({QUICK} deals), full ({FULL}), "
                f"or a number of deals from 1 to {FULL}"
            )
        return range(count)
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= FULL:
        raise OptionError(f"deals must be a whole number from 1 to {FULL}, not {clip(deals)!r}")
    return range(deals)


def deal_set(game: str, deals: int | str = "quick") -> list[tuple[int, int]]:
    """``(deal id, engine seed)`` of each deal a run plays (:func:`deal_ids`)."""
    return [(deal, deal_seed(game, deal)) for deal in deal_ids(deals)]


@cache
def _data() -> dict[str, Any]:
    text = resources.files("cardtable.rl").joinpath(f"data/deals-{VERSION}.json").read_text()
    found: dict[str, Any] = json.loads(text)
    return found


def published(game: str) -> dict[str, Any] | None:
    """What the set of ``game`` is published with: ``options`` (what the protocol plays
    under), ``quick`` and ``full`` (the digests); None for a game not yet published (it is
    then played under its default options, with no digest to check).

    >>> published("kloepper")["options"]
    {'target': 1}
    """
    entry = _data()["games"].get(game)
    return dict(entry) if entry is not None else None


def digest(game: str, deals: int | str = "full", options: Mapping[str, JSON] | None = None) -> str:
    """The SHA-256 of the first layout of every deal a run plays: one line per deal, its id,
    its seed and its ``card_places()`` as compact JSON with sorted keys. ``options`` default to
    the published ones.

    >>> digest("kloepper", "quick") == published("kloepper")["quick"]
    True
    """
    if options is None:
        entry = published(game)
        options = entry["options"] if entry is not None else {}
    loaded = load(game, **dict(options))
    sha = hashlib.sha256()
    for deal, seed in deal_set(game, deals):
        places = loaded.new_state(seed=seed).card_places()
        layout = json.dumps(places, sort_keys=True, separators=(",", ":"))
        sha.update(f"{deal} {seed} {layout}\n".encode())
    return sha.hexdigest()
