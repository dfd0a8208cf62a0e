"""What the search bots need of Calypso: the horizon and the partnerships.

- Horizon: the end of the deal (13 tricks).
- Value: the standing (the finished rounds' totals plus the round's provisional points of each
  seat's partnership: completed calypsos, calypso cards in progress, trick-pile cards).
- Sides: the partnerships, seats 0 and 2 against 1 and 3.

>>> import cardtable
>>> state = cardtable.load("calypso").new_state(seed=1)
>>> SEARCH.horizon(state), SEARCH.sides(state)
((1, 1), [0, 1, 0, 1])
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardtable.games.calypso.reasons import REASONS
from cardtable.search_hooks import SearchHooks

__all__ = ["SEARCH"]


def _horizon(world: Any) -> Hashable:
    return (world.round_no, world.deal_no)


def _sides(world: Any) -> list[int]:
    return [0, 1, 0, 1]


SEARCH = SearchHooks(scale=300.0, horizon=_horizon, sides=_sides, reasons=REASONS)
