"""Krypkasino's reasons for a hint: what the play-outs of a card counted, in words.

Counted for the searching seat over each play-out (to the next deal of cards, the search's
horizon), from the world's own log (the search's sampled world, never the real deal):

- ``penalty``: the penalty points of the cards the seat captures;
- ``swept``: the sweeps (tabbes) the seat must make, each costing it 5 or 10;
- ``given``: the sweeps the next player makes on a table the seat left, each taking 5 or 10
  off the seat's penalty.

>>> import cardtable
>>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
>>> after = state.clone()
>>> while after.extra_left == state.extra_left:  # the packet, each its first legal card
...     after.apply(after.legal_moves()[0])
>>> [count(state, after, seat) for seat in (0, 1)]
[{'penalty': 7.0, 'swept': 1.0, 'given': 1.0}, {'penalty': 0.0, 'swept': 1.0, 'given': 1.0}]
"""

from __future__ import annotations

from typing import Any

from cardtable.games.krypkasino.captures import POINTS
from cardtable.i18n import _
from cardtable.reason_hooks import Counter, ReasonHooks

__all__ = ["REASONS", "count"]


def count(before: Any, after: Any, seat: int) -> dict[str, float]:
    """The counters of one play-out for ``seat`` (see the module docs)."""
    penalty = swept = given = 0.0
    for entry in after._log[len(before._log) :]:
        if entry[0] != "play":
            continue
        _, who, card, taken, sweep, prev = entry
        if who == seat and taken:
            penalty += POINTS[card] + sum(POINTS[c] for c in taken)
            if sweep:
                swept += 1
        elif sweep and prev == seat:
            given += 1
    return {"penalty": penalty, "swept": swept, "given": given}


# The words are called when a hint is said, so they are in the asker's language.
REASONS = ReasonHooks(
    count=count,
    counters=(
        Counter("penalty", -1.0, False, lambda: _("you take {amount} penalty points on average")),
        Counter("swept", -5.0, False, lambda: _("you must sweep {amount} times on average")),
        Counter(
            "given", 5.0, False, lambda: _("the next player must sweep {amount} times on average")
        ),
    ),
    unit=lambda: _("points (the others' penalty less yours)"),
)
