"""What every benchmark script shares: best-of timing and OpenSpiel's games driven from Python.

The scripts import it as a sibling module (``python bench/bench_calypso.py`` puts ``bench/`` on
the path). Nothing here passes or fails.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["RUNS", "best_of", "load_pyspiel", "openspiel_run"]

#: Runs per figure; the best (shortest) is reported, the least disturbed by this shared machine.
RUNS = 5


def best_of(runs: int, job: Callable[[int], float]) -> float:
    """The shortest of ``runs`` timings; ``job(run)`` returns the seconds it measured."""
    return min(job(run) for run in range(runs))


def load_pyspiel() -> Any | None:
    """The ``pyspiel`` module, or None when OpenSpiel is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def openspiel_run(
    pyspiel: Any,
    name: str,
    games: int,
    index: int,
    params: Mapping[str, Any] | None = None,
) -> tuple[float, int]:
    """Seconds for ``games`` random games of an OpenSpiel game driven from Python as ours are
    (a seeded generator picks every chance outcome and action), and the player actions taken
    (chance outcomes not counted)."""
    game = pyspiel.load_game(name, dict(params or {}))
    rng = random.Random(index)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                actions += 1
    return time.perf_counter() - start, actions
