"""What a game tells a hint about its play-outs: counters of what happened, and their words.

A search bot asked to explain itself (the hint's) counts, in the same play-outs that value its
moves, what the game's :class:`ReasonHooks` say happened for the searching seat (pegs made, the
opponent's fifteen after the move, tricks won, sweeps...), summed per move; the hint then says
of each of its best moves the counter that sets it apart (:mod:`cardtable.bots.explain`). A
game registers them as :attr:`cardtable.search_hooks.SearchHooks.reasons`, from its own
``reasons.py``.

- ``count(before, after, seat)``: the counters of one play-out for ``seat``, from the sampled
  world before the move to the world at the play-out's end (both the search's own worlds).
- ``counters``: each counter's key, what one of it is worth to the seat in the game's points
  (its sign says good or bad; it picks the counter that explains a gap), whether it is counted
  once a play-out at most (said as a share of deals) or said as an average, and its words.
- ``unit``: the words of the game's points in a hint's value.

>>> hooks = ReasonHooks(lambda before, after, seat: {"pegs": 2.0}, (), lambda: "points")
>>> dict(hooks.count(None, None, 0)), hooks.counter("pegs") is None, hooks.unit()
({'pegs': 2.0}, True, 'points')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Counter", "ReasonHooks"]


@dataclass(frozen=True)
class Counter:
    """One counter of a game's play-outs: its key, its worth to the seat per unit (negative:
    bad for the seat), whether it is a share (0 or 1 a play-out, said as a percentage of deals)
    or an amount (said as an average), and its words: a template with ``{amount}``, translated
    when called (so in the language of the asker)."""

    key: str
    worth: float
    share: bool
    words: Callable[[], str]


@dataclass(frozen=True)
class ReasonHooks:
    """A game's play-out counters and their words; see the module docs."""

    # The worlds are the game's own State objects: typed loosely, as the game reads its own.
    count: Callable[[Any, Any, int], Mapping[str, float]]
    counters: tuple[Counter, ...]
    unit: Callable[[], str]

    def counter(self, key: str) -> Counter | None:
        """The counter named ``key``, or None."""
        return next((c for c in self.counters if c.key == key), None)
