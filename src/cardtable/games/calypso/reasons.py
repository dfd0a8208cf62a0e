"""Calypso's reasons for a hint: what the play-outs of a card counted, in words.

Counted for the searching seat's partnership over each play-out (to the end of the deal),
from the world's own log (the search's sampled world, never the real deal):

- ``tricks``: the tricks the partnership wins;
- ``laid``: the cards laid on the partnership's calypsos;
- ``calypso``: whether the partnership completes a calypso;
- ``lost``: the cards of the partnership's trump suits the other side wins (lost to its
  calypsos: they ruin none outright, four packs being in play, but each must come again);
- ``their_calypso``: whether the other side completes a calypso.

>>> import cardtable
>>> state = cardtable.load("calypso").new_state(seed=1)
>>> after = state.clone()
>>> while after.deal_no == 1:  # the first deal played out, each seat its first legal card
...     after.apply(after.legal_moves()[0])
>>> count(state, after, 0)
{'tricks': 5.0, 'laid': 9.0, 'calypso': 0.0, 'lost': 17.0, 'their_calypso': 0.0}
"""

from __future__ import annotations

from typing import Any

from cardtable.i18n import _
from cardtable.reason_hooks import Counter, ReasonHooks

__all__ = ["REASONS", "count"]


def count(before: Any, after: Any, seat: int) -> dict[str, float]:
    """The counters of one play-out for ``seat``'s partnership (see the module docs)."""
    side = seat & 1
    suits = (after.trumps[side], after.trumps[side + 2])
    tricks = laid = lost = 0.0
    calypso = theirs = 0.0
    for entry in after._log[len(before._log) :]:
        kind = entry[0]
        if kind == "trick":
            if entry[1] & 1 == side:
                tricks += 1
            else:
                lost += sum(1 for c in entry[2] if c & 3 in suits)
        elif kind == "lay":
            if entry[1] & 1 == side:
                laid += 1
        elif kind == "calypso":
            if entry[1] & 1 == side:
                calypso = 1.0
            else:
                theirs = 1.0
    return {
        "tricks": tricks,
        "laid": laid,
        "calypso": calypso,
        "lost": lost,
        "their_calypso": theirs,
    }


# The words are called when a hint is said, so they are in the asker's language.
REASONS = ReasonHooks(
    count=count,
    counters=(
        Counter("tricks", 10.0, False, lambda: _("your side wins {amount} tricks on average")),
        Counter(
            "laid", 20.0, False, lambda: _("it lays {amount} cards on your calypsos on average")
        ),
        Counter(
            "calypso", 500.0, True, lambda: _("your side completes a calypso in {amount} of deals")
        ),
        Counter(
            "lost",
            -20.0,
            False,
            lambda: _("they take {amount} cards of your calypso suits on average"),
        ),
        Counter(
            "their_calypso", -500.0, True, lambda: _("they complete a calypso in {amount} of deals")
        ),
    ),
    unit=lambda: _("points against theirs"),
)
