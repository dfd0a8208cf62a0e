"""How the search bots score a playout, from the hooks a game registered.

A search bot plays out a sampled world (its own object; the real state it never sees) only up
to the game's **horizon**, and scores the playout with a **reward per seat**, both built from
the game's :class:`~cardtable.search_hooks.SearchHooks`:

- ``marker(world)``: the hooks' ``horizon``; a playout stops as soon as it differs from the
  marker at its start, or the game is over.
- ``standing(world)``: per seat, "higher is better" points: the hooks' ``value``, else the
  world's :meth:`~cardtable.engine.State.standing`, negated where the lowest total wins.
- ``reward(before, after)``: per seat, what its side gained between two standings minus the
  best gain of any other side (:func:`side_reward`); where sides are hidden, its gain minus the
  largest gain that differs from its own (:func:`gain_reward`).

What each game chose is said in its own ``search.py``.

>>> import cardtable, random
>>> state = cardtable.load("kloepper").new_state(seed=3)
>>> ev = evaluation_for(state.game)
>>> start, before = ev.marker(state), ev.standing(state)
>>> rng = random.Random(0)
>>> while ev.marker(state) == start and not state.is_over:
...     moves = state.legal_moves(); state.apply(moves[int(rng.random() * len(moves))])
>>> reward = ev.reward(before, ev.standing(state))
>>> sorted(reward)[0] < 0 < sorted(reward)[-1]
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from cardtable.engine import Game, State
from cardtable.errors import CardtableError
from cardtable.registry import entry
from cardtable.search_hooks import SearchHooks

__all__ = ["Evaluation", "evaluation_for", "gain_reward", "hooks_for", "side_reward"]


def side_reward(
    before: Sequence[float], after: Sequence[float], sides: Sequence[int]
) -> list[float]:
    """Per seat: its side's gain minus the best gain of another side (``sides[s]`` names the
    side of seat ``s``; teammates share a standing).

    >>> side_reward([0, 0, 0], [5, 2, 7], [0, 1, 2])
    [-2, -5, 2]
    >>> side_reward([0, 0, 0, 0], [4, 1, 4, 1], [0, 1, 0, 1])
    [3, -3, 3, -3]
    """
    gains = [a - b for a, b in zip(after, before, strict=True)]
    by_side: dict[int, float] = {}
    for seat, side in enumerate(sides):
        by_side[side] = gains[seat]
    out: list[float] = []
    for seat, side in enumerate(sides):
        rivals = [g for s, g in by_side.items() if s != side]
        out.append(gains[seat] - max(rivals) if rivals else gains[seat])
    return out


def gain_reward(before: Sequence[float], after: Sequence[float]) -> list[float]:
    """Per seat: its gain minus the largest gain that differs from its own, for games whose
    sides are hidden (the winners of a deal gain alike, the losers alike).

    >>> gain_reward([0, 0, 0, 0], [2, -1, 2, -1])
    [3.0, -3.0, 3.0, -3.0]
    >>> gain_reward([1, 1], [1, 1])
    [0.0, 0.0]
    """
    gains = [a - b for a, b in zip(after, before, strict=True)]
    out: list[float] = []
    for g in gains:
        others = [o for o in gains if o != g]
        out.append(float(g - max(others)) if others else 0.0)
    return out


@dataclass(frozen=True)
class Evaluation:
    """How one game's playouts stop and are scored (see the module docs)."""

    game: str
    #: A typical size of one deal's reward, in the game's points (scales the exploration).
    scale: float
    marker: Callable[[State], Hashable]
    standing: Callable[[State], list[float]]
    reward: Callable[[Sequence[float], Sequence[float]], list[float]]


def hooks_for(game: Game | str) -> SearchHooks:
    """The search hooks ``game`` registered; a game without them is refused by name.

    >>> hooks_for("cribbage").scale
    8.0
    """
    name = game if isinstance(game, str) else game.name
    hooks = entry(name).search
    if hooks is None:
        raise CardtableError(f"{name} cannot be searched: the game registered no search hooks")
    return hooks


def _signed_standing(world: State) -> list[float]:
    return [float(p) for p in world.standing()]


def _negated_standing(world: State) -> list[float]:
    return [-float(p) for p in world.standing()]


def evaluation_for(game: Game | str, world: State | None = None) -> Evaluation:
    """The evaluation of ``game`` for worlds like ``world`` (a sampled world, or any state of
    that game with the same options; a fresh one is made when None).

    >>> import cardtable
    >>> evaluation_for(cardtable.load("calypso")).scale
    300.0
    """
    if world is None:
        world = (entry(game).game() if isinstance(game, str) else game).new_state(seed=0)
    hooks = hooks_for(game)
    value = hooks.value
    if value is None:
        value = _negated_standing if world.game.lower_wins else _signed_standing
    reward: Callable[[Sequence[float], Sequence[float]], list[float]]
    if hooks.sides is None:
        reward = gain_reward
    else:
        sides = list(hooks.sides(world))

        def reward(before: Sequence[float], after: Sequence[float]) -> list[float]:
            return side_reward(before, after, sides)

    return Evaluation(world.game.name, hooks.scale, hooks.horizon, value, reward)
