"""What the search bots need of Kloepper: the horizon, and which decisions are not searched.

- Horizon: the end of the deal.
- Value: the standing (game points). Partnerships are hidden and change each deal, so no sides
  are given: the winners of a deal gain the award, the losers nothing, and a seat's reward is
  its gain minus the largest gain that differs from its own.
- Declarations and knocks are the ``rules`` bot's (:data:`RULES_VERBS`): in sampled worlds
  every card is known, so a search knocks or goes alone far too often (it never sees the risk
  it would take on the real deal).

>>> import cardtable
>>> state = cardtable.load("kloepper").new_state(seed=1)
>>> SEARCH.horizon(state), SEARCH.sides, sorted(SEARCH.rules_verbs)
(1, None, ['alone', 'call', 'knock', 'knock-off'])
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardtable.games.kloepper.reasons import REASONS
from cardtable.search_hooks import SearchHooks

__all__ = ["RULES_VERBS", "SEARCH"]

#: The verbs whose moves the ``rules`` bot makes (it declines, and the search chooses among
#: the other moves, where it would not make one).
RULES_VERBS = frozenset({"call", "alone", "knock", "knock-off"})


def _horizon(world: Any) -> Hashable:
    deal: int = world.deal_no
    return deal


SEARCH = SearchHooks(scale=2.0, horizon=_horizon, rules_verbs=RULES_VERBS, reasons=REASONS)
