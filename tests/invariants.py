"""Checks every game's random-game tests share (ARCHITECTURE.md's invariants)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, settings

import cardtable
from cardtable.engine import State

#: Hypothesis settings of the random-game tests: reproducible examples, no time limit.
RANDOM_GAMES = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def assert_replays(state: State) -> None:
    """The game's record, through JSON, replays to the same moves, result and events."""
    record = json.loads(json.dumps(state.to_record()))
    replay = cardtable.from_record(record)
    assert replay.history == state.history
    assert replay.result == state.result
    assert [e.to_dict() for e in replay.events] == [e.to_dict() for e in state.events]
