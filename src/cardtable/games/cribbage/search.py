"""What the search bots need of Cribbage: the horizon, the value of a position, the sides.

- Horizon: the end of the deal (pegging, then the show).
- Value: the pegs of each seat's side, plus :data:`WIN_BONUS` pegs once the side has reached
  the target, as winning the game matters more than the margin.
- Discards, claims and muggins are left to the ``rules`` bot's exact advisor (``delegated``).

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> SEARCH.horizon(state), SEARCH.value(state), SEARCH.sides(state)
((1, 1), [0.0, 0.0], [0, 1])
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from cardtable.games.cribbage.reasons import REASONS
from cardtable.search_hooks import SearchHooks

__all__ = ["SEARCH", "WIN_BONUS"]

#: Pegs a side's value gains on reaching the target (winning beats any margin).
WIN_BONUS = 60


def _horizon(world: Any) -> Hashable:
    return (world.game_no, world.deal_no)


def _value(world: Any) -> list[float]:
    pegs, target = world.pegs, world.target
    # Within one game of a match pegs only grow; the horizon stops at the game's end anyway.
    return [
        float(pegs[side] + (WIN_BONUS if pegs[side] >= target else 0))
        for side in world.side[: world.n]
    ]


def _sides(world: Any) -> list[int]:
    return list(world.side[: world.n])


def _delegated(observation: Mapping[str, Any]) -> bool:
    return observation.get("phase") != "play"


SEARCH = SearchHooks(
    scale=8.0,
    horizon=_horizon,
    value=_value,
    sides=_sides,
    delegated=_delegated,
    reasons=REASONS,
)
