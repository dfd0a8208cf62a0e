"""The latency guard: a level's work units trimmed to what this machine decides in time, never
below the floor, and the budget used kept in the game's record."""

from __future__ import annotations

import cardtable
from cardtable.bots.latency import FLOOR_SHARE, guarded, trimmed
from cardtable.play.session import Session
from cardtable.table.thinking import Ask, bot_move


def test_trimming_scales_the_work_units_down_to_the_floor_and_never_up() -> None:
    assert trimmed({"worlds": 30}, slowest=1.5) == {"worlds": 20}
    assert trimmed({"iterations": 1000, "rollout": "rules"}, slowest=4.0) == {
        "iterations": 500,
        "rollout": "rules",
    }
    assert trimmed({"worlds": 30}, slowest=1.0) == {"worlds": 30}
    assert trimmed({"worlds": 30}, slowest=0.01, limit=1.0) == {"worlds": 30}
    assert trimmed({"mistakes": 0.3}, slowest=9.0) == {"mistakes": 0.3}
    assert FLOOR_SHARE == 0.5


def test_a_level_is_timed_here_and_trimmed_to_the_limit() -> None:
    # Calypso's `hard` searches 30 worlds; no machine decides that in 1 ms, so it plays at
    # the floor: half the worlds the ladder measured.
    assert guarded("calypso", "hard", limit=0.001) == "pimc:worlds=15"
    assert guarded("calypso", "hard", limit=3600) == "pimc:worlds=30"
    assert guarded("calypso", "medium") == "rules"
    assert guarded("calypso", "pimc:worlds=7") == "pimc:worlds=7"


def test_the_guarded_bot_plays_and_the_record_keeps_its_budget() -> None:
    ask = Ask("cribbage", {}, {"seed": 1}, (), 0, "hard", 7)
    assert bot_move(ask) == "discard 7S QD"
    session = Session(cardtable.load("cribbage"), ["human", "medium"], seed=4)
    meta = session.record()["meta"]
    assert isinstance(meta, dict)
    assert meta["players"] == ["human", "medium"]
    assert meta["bots"] == ["human", "rules:pegging=greedy"]
