"""Cribbage's reasons for a hint: what the play-outs of a pegging move counted, in words.

Counted for the searching seat over each play-out, from the world's own log (the search's
sampled world, never the real deal):

- ``pegs``: the points its side pegs from the move to the end of the play;
- ``their_pegs``: the points the other sides peg in that time;
- ``their_15``, ``their_pair``, ``their_31``, ``their_go``: whether, in answer to the move
  (before the seat's side plays again), another side made fifteen, a pair, thirty-one, or took
  the go.

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> state.apply_all(["discard 2H 4C", "discard 3H 4S"])
>>> after = state.clone()
>>> after.apply_all(["play 7S", "play 8C"])  # seat 0 leads 7S: seat 1 makes fifteen
>>> sorted(key for key, value in count(state, after, 0).items() if value)
['their_15', 'their_pegs']
"""

from __future__ import annotations

from typing import Any

from cardtable.games.cribbage.scoring import peg_score
from cardtable.games.cribbage.tables import RANK
from cardtable.i18n import _
from cardtable.reason_hooks import Counter, ReasonHooks

__all__ = ["REASONS", "count"]

_GOES = ("go", "last card")


def count(before: Any, after: Any, seat: int) -> dict[str, float]:
    """The counters of one play-out for ``seat`` (see the module docs)."""
    side = after.side
    mine = side[seat]
    pegs = theirs = 0.0
    answer = {"their_15": 0.0, "their_pair": 0.0, "their_31": 0.0, "their_go": 0.0}
    answering = False  # after the seat's move, until its side plays again
    played = False
    for entry in after._log[len(before._log) :]:
        kind = entry[0]
        if kind == "play":
            ours = side[entry[1]] == mine
            if ours and played:
                answering = False
            elif ours:
                played = answering = True
        elif kind == "peg":
            _, who, cards, total, _before = entry
            points = float(peg_score([RANK[c] for c in cards], total))
            if side[who] == mine:
                pegs += points
                continue
            theirs += points
            if answering:
                if total == 15:
                    answer["their_15"] = 1.0
                if total == 31:
                    answer["their_31"] = 1.0
                if len(cards) > 1 and RANK[cards[-1]] == RANK[cards[-2]]:
                    answer["their_pair"] = 1.0
        elif kind == "score" and entry[3] in _GOES:
            if side[entry[1]] == mine:
                pegs += entry[2]
            else:
                theirs += entry[2]
                if answering:
                    answer["their_go"] = 1.0
    return {"pegs": pegs, "their_pegs": theirs, **answer}


# The words are called when a hint is said, so they are in the asker's language.
REASONS = ReasonHooks(
    count=count,
    counters=(
        Counter("pegs", 1.0, False, lambda: _("it pegs {amount} points on average")),
        Counter("their_pegs", -1.0, False, lambda: _("they peg {amount} points on average")),
        Counter(
            "their_15", -2.0, True, lambda: _("it lets them make fifteen in {amount} of deals")
        ),
        Counter("their_pair", -2.0, True, lambda: _("it lets them pair it in {amount} of deals")),
        Counter(
            "their_31", -2.0, True, lambda: _("it lets them make thirty-one in {amount} of deals")
        ),
        Counter("their_go", -1.0, True, lambda: _("it gives them the go in {amount} of deals")),
    ),
    unit=lambda: _("points against theirs"),
)
