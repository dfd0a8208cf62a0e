"""Checks every game's random-game tests share (ARCHITECTURE.md's invariants)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from hypothesis import HealthCheck, settings

import cardtable
from cardtable.engine import Move, State
from cardtable.errors import IllegalMoveError

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


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything a refused move must leave as it was: the record, every seat's observation,
    the events, the scores and where every card is."""
    seats = state.game.num_players
    return (
        json.dumps(state.to_record(), sort_keys=True),
        [json.dumps(state.observation(s), sort_keys=True) for s in range(seats)],
        len(state.events),
        state.scores,
        sorted(map(tuple, state.card_places().values())),
    )


def assert_refuses(state: State, probes: Iterable[Move]) -> None:
    """Each probe that is not legal now is refused with a message and changes nothing."""
    legal = state.legal_moves()
    before = snapshot(state)
    for probe in probes:
        if probe in legal:
            continue
        try:
            state.apply(probe)
        except IllegalMoveError as err:
            assert str(err)
        else:
            raise AssertionError(f"{probe} was accepted but is not legal")
        assert snapshot(state) == before
