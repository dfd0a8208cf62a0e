"""The latency guard: a level's budget trimmed to what this machine decides in time.

Levels are budgets in work units (worlds, iterations), never seconds, so that a seed repeats a
game on any machine. A slow machine would then make a person wait; so where a person plays,
the level is first timed here: its bot decides a few reference positions (seeded, the same on
every machine), and if the slowest of them took longer than :data:`LIMIT_SECONDS`, the level's
work units are scaled down to fit, never below :data:`FLOOR_SHARE` of the ladder's budget (the
floor: a level is still what ``docs/strength.md`` measured, only thinner). The timing is done
once per process and level. The budget used is an explicit bot spec, which the table keeps in
the game's record, so the game replays exactly on another machine.

The arena and the ladder never use the guard: they measure the budgets as written.

>>> guarded("cribbage", "rules")  # not a level: as it is
'rules'
>>> guarded("cribbage", "beginner")  # no work units: the row as it is
'random'
"""

from __future__ import annotations

import functools
import math
import time

from cardtable.bots.levels import LEVELS, Budget, describe_level, level_bot, make_bot
from cardtable.registry import load
from cardtable.seat_view import SeatView

__all__ = ["FLOOR_SHARE", "LIMIT_SECONDS", "WORK_UNITS", "guarded", "trimmed"]

#: The most a decision should take where a person waits (the slowest reference decision).
LIMIT_SECONDS = 1.0
#: The least share of a level's work units the guard leaves.
FLOOR_SHARE = 0.5
#: The settings that count work, the first one a level's row has is the one scaled.
WORK_UNITS = ("worlds", "iterations", "simulations", "samples", "playouts")
#: Reference positions timed per level.
REFERENCES = 4


def trimmed(budget: Budget, slowest: float, limit: float = LIMIT_SECONDS) -> Budget:
    """``budget`` with its work units scaled so that a decision that took ``slowest`` seconds
    takes about ``limit``; never below the floor, never above the budget.

    >>> trimmed({"worlds": 40, "rollout": "rules"}, slowest=2.0)
    {'worlds': 20, 'rollout': 'rules'}
    >>> trimmed({"worlds": 40}, slowest=10.0), trimmed({"worlds": 40}, slowest=0.5)
    ({'worlds': 20}, {'worlds': 40})
    """
    unit = next((k for k in WORK_UNITS if isinstance(budget.get(k), int)), None)
    if unit is None or slowest <= limit:
        return dict(budget)
    full = int(budget[unit])
    floor = max(1, math.ceil(full * FLOOR_SHARE))
    return {**budget, unit: max(floor, int(full * limit / slowest))}


def _references(game: str, count: int) -> list[SeatView]:
    """Seeded positions where a bot has a real choice (the same on every machine)."""
    views: list[SeatView] = []
    seed = 0
    while len(views) < count and seed < 50:
        state = load(game).new_state(seed=seed)
        rules = make_bot(game, "rules", seed=seed)
        step = 0
        while not state.is_over and len(views) < count:
            seat = state.to_move
            assert seat is not None
            view = SeatView(state, seat)
            if step % 7 == 3 and len(view.legal_moves()) > 2:
                views.append(SeatView(state.clone(), seat))
            state.apply(rules.choose(view))
            step += 1
        seed += 1
    return views


@functools.cache
def _spec_here(game: str, level: str, limit: float) -> str:
    row = level_bot(game, level)
    assert row is not None
    name, budget = row
    if not any(isinstance(budget.get(k), int) for k in WORK_UNITS):
        return describe_level(game, level, sep=":")
    bot = make_bot(game, describe_level(game, level, sep=":"), seed=0)
    slowest = 0.0
    for view in _references(game, REFERENCES):
        start = time.perf_counter()
        bot.choose(view)
        slowest = max(slowest, time.perf_counter() - start)
    used = trimmed(budget, slowest, limit)
    return ":".join([name, *(f"{k}={v}" for k, v in used.items())])


def guarded(game: str, spec: str, limit: float = LIMIT_SECONDS) -> str:
    """The bot spec to play ``spec`` with here: a level becomes its row with the budget this
    machine decides in time (timed once per process); any other spec stays as it is."""
    if spec not in LEVELS or level_bot(game, spec) is None:
        return spec
    return _spec_here(game, spec, limit)
