"""What the search bots need of Krypkasino: the horizon, the value, the teams.

- Horizon: the next deal of cards within the hand (or the hand's end).
- Value: the negated standing (lower wins): each seat's team's penalty points, the running
  hand's captured cards and tabbes included, so a 42-point hand scores as it goes. The cards
  left on the table at the hand's end (they go to the last capturer) are not foreseen.
- Sides: the teams (each player alone by default).

>>> import cardtable
>>> state = cardtable.load("krypkasino", players=4, teams="pairs").new_state(seed=1)
>>> SEARCH.horizon(state), SEARCH.sides(state)
((1, 5), [0, 1, 0, 1])
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardtable.games.krypkasino.reasons import REASONS
from cardtable.search_hooks import SearchHooks

__all__ = ["SEARCH"]


def _horizon(world: Any) -> Hashable:
    return (world.hand_no, world.extra_left)


def _sides(world: Any) -> list[int]:
    return list(world.team)


SEARCH = SearchHooks(scale=6.0, horizon=_horizon, sides=_sides, reasons=REASONS)
