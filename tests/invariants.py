"""Checks the random-game tests share: the contract's (``tests/contract.py``) and each game's
own (``tests/test_<game>_invariants.py``)."""

from __future__ import annotations

import json
from typing import Any

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


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything a refused move must leave as it was: the record, every seat's observation
    and the spectator's, the events, the scores, the seat to move, the legal moves and where
    every card is."""
    seats = range(state.game.num_players)
    return (
        json.dumps(state.to_record(), sort_keys=True),
        [json.dumps(state.observation(s), sort_keys=True) for s in [*seats, None]],
        [e.to_dict() for e in state.events],
        state.scores,
        state.to_move,
        [m.text for m in state.legal_moves()],
        sorted(map(tuple, state.card_places().values())),
    )
