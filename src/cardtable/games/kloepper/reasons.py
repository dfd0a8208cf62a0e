"""Kloepper's reasons for a hint: what the play-outs of a card counted, in words.

Counted for the searching seat alone (partnerships are hidden) over each play-out, to the end
of the deal, from the world's own log (the search's sampled world, never the real deal):

- ``points``: the card points in the tricks the seat wins;
- ``tricks``: the tricks the seat wins.

>>> import cardtable
>>> state = cardtable.load("kloepper").new_state(seed=1)
>>> after = state.clone()
>>> while after.deal_no == 1 and not after.is_over:  # the deal, each seat its first move
...     after.apply(after.legal_moves()[0])
>>> [count(state, after, seat) for seat in (0, 3)]
[{'points': 0.0, 'tricks': 0.0}, {'points': 120.0, 'tricks': 6.0}]
"""

from __future__ import annotations

from typing import Any

from cardtable.i18n import _
from cardtable.reason_hooks import Counter, ReasonHooks

__all__ = ["REASONS", "count"]


def count(before: Any, after: Any, seat: int) -> dict[str, float]:
    """The counters of one play-out for ``seat`` (see the module docs)."""
    points = tricks = 0.0
    for entry in after._log[len(before._log) :]:
        if entry[0] == "trick" and entry[1] == seat:
            tricks += 1
            points += entry[5]
    return {"points": points, "tricks": tricks}


# The words are called when a hint is said, so they are in the asker's language.
REASONS = ReasonHooks(
    count=count,
    counters=(
        Counter("points", 1.0, False, lambda: _("you take {amount} card points on average")),
        Counter("tricks", 0.5, False, lambda: _("you win {amount} tricks on average")),
    ),
    unit=lambda: _("points against the others"),
)
