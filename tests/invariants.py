"""Checks the random-game tests share: the contract's (``tests/contract.py``) and each game's
own (``tests/test_<game>_invariants.py``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings

import cardtable
from cardtable.cards import PACK_SIZE
from cardtable.engine import Move, State

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


def twin_refusals(
    game: cardtable.Game,
    pack: list[int],
    x: int,
    y: int,
    probes: list[Move],
    *,
    holders: set[int],
    going: Callable[[State], bool],
    plies: int = 10_000,
) -> int:
    """Play the same moves in a deal of ``pack`` and of its twin (the cards ``x`` and ``y``,
    hidden in the hands of the seats ``holders`` or in the stock, swapped) while ``going``
    holds; whenever a seat outside ``holders`` is to move, every probe must be refused in the
    same words, and the spectator must see the same. Moves naming ``x`` or ``y`` are never
    played. The comparisons made."""
    real = game.new_state(decks=[pack])
    twin = game.new_state(decks=[[y if c == x else x if c == y else c for c in pack]])
    faces = {x % PACK_SIZE, y % PACK_SIZE}
    compared = 0
    for _ in range(plies):
        if real.is_over or not going(real) or real.to_move != twin.to_move:
            break
        if real.to_move not in holders:
            assert [real.refusal(m) for m in probes] == [twin.refusal(m) for m in probes]
            assert real.observation(None) == twin.observation(None)
            compared += 1
        common = [m for m in real.legal_moves() if m in twin.legal_moves()]
        common = [m for m in common if not faces & {c % PACK_SIZE for c in m.cards}]
        if not common:
            break
        real.apply(common[0])
        twin.apply(common[0])
    return compared
