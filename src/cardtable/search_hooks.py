"""What a game tells the search bots: where a playout stops and what it was worth.

A game hands these to :func:`cardtable.registry.register`; the generic search bots
(:mod:`cardtable.bots.search`) read them, so ``pimc`` and ``ismcts`` play any game that has
them, and a game without them is refused by name before play.

- ``horizon(world)``: a value that changes exactly when a playout should stop (the deal or
  hand ends); a playout stops once it differs from its value at the start, or the game is over.
- ``value(world)``: per seat, "higher is better" points; by default the seat's
  :meth:`~cardtable.engine.State.standing`, negated when the game's lowest total wins.
- ``sides(world)``: per seat, the side it plays for (partners share one); None where sides
  are hidden (Kloepper): a seat's reward is then its gain minus the best gain that differs.
- ``scale``: a typical size of one deal's reward, in the game's points.
- ``rules_verbs``: verbs whose moves the game's ``rules`` bot makes (where one is legal, the
  bot decides and the search only chooses among the other moves if it declines).
- ``delegated(observation)``: decisions left wholly to the ``rules`` bot.

>>> hooks = SearchHooks(scale=1.0, horizon=lambda world: 0)
>>> hooks.rules_verbs, hooks.delegated({"phase": "play"})
(frozenset(), False)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import State
from cardtable.reason_hooks import ReasonHooks

__all__ = ["SearchHooks", "never"]


def never(observation: Mapping[str, Any]) -> bool:
    """No decision is delegated (the default of :attr:`SearchHooks.delegated`)."""
    return False


@dataclass(frozen=True)
class SearchHooks:
    """How a game's playouts stop and are scored; see the module docs."""

    scale: float
    horizon: Callable[[State], Hashable]
    value: Callable[[State], list[float]] | None = None
    sides: Callable[[State], Sequence[int]] | None = None
    rules_verbs: frozenset[str] = field(default_factory=frozenset)
    delegated: Callable[[Mapping[str, Any]], bool] = never
    #: The play-outs' counters and their words, for a hint's reasons (None: no reasons).
    reasons: ReasonHooks | None = None
