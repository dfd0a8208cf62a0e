"""The ratings over HTTP: a rated table made by request, five rated games played through the
move's door, then the profile and the leaderboard, checked against their models."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.ratings import Outcome, Rating, rate
from cardtable.server.hub import Hub
from cardtable.server.protocol import TableIn
from cardtable.server.ratings_protocol import LeaderboardOut, ProfileOut
from cardtable.server.ratings_reads import MIN_GAMES
from server_harness import LiveServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


def _guest(server: LiveServer, name: str) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=server.base, timeout=30)
    answer = client.post("/api/guest", json={"name": name})
    assert answer.status_code == 200, answer.text
    return client, str(answer.json()["id"])


async def _rated_table(hub: Hub, user_id: str, seed: int) -> str:
    user = await hub.store.user(user_id)
    assert user is not None
    request = TableIn(game="cribbage", options={"target": 61}, seats=["open", "open"], rated=True)
    room, _invite, _seat = await hub.create(user, request, deal={"seed": seed})
    return room.id


async def _play_out(hub: Hub, table_id: str) -> list[int]:
    room = await hub.room(table_id)
    while room.table.status.live:
        state = room.table.playing()
        assert state.to_move is not None
        await room.play(state.to_move, str(state.legal_moves()[0]), room.table.ply, None)
    assert room.table.state is not None
    return list(room.table.state.scores)


def test_a_profile_and_a_leaderboard_after_rated_games(server: LiveServer) -> None:
    hub: Hub = server.app.state.hub
    ann, ann_id = _guest(server, "Ann")
    bob, bob_id = _guest(server, "Bob")
    made = ann.post("/api/tables", json={"game": "cribbage", "seats": ["open", "open"]})
    assert made.json()["table"]["rated"] is False  # unrated unless asked for
    expected: dict[str, Rating] = {}
    tables = []
    for seed in range(MIN_GAMES):
        table_id = server.call(_rated_table(hub, ann_id, seed))
        assert ann.get(f"/api/tables/{table_id}").json()["rated"] is True
        assert bob.post(f"/api/tables/{table_id}/sit", json={}).status_code == 200
        assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
        scores = server.call(_play_out(hub, table_id))
        outcome = Outcome(sides=((0,), (1,)), scores=tuple(scores))
        changes = rate(outcome, [ann_id, bob_id], expected)
        expected.update({p: c.after for p, c in changes.items()})
        tables.append(table_id)

    profile = ProfileOut.model_validate(bob.get(f"/api/players/{ann_id}").json())
    assert (profile.name, profile.bot, [r.game for r in profile.ratings]) == (
        "Ann",
        False,
        ["cribbage"],
    )
    (cribbage,) = profile.ratings
    assert cribbage.games == MIN_GAMES and len(cribbage.history) == MIN_GAMES
    assert cribbage.ordinal == round(expected[ann_id].ordinal, 3)
    assert (cribbage.mu, cribbage.sigma) == (
        round(expected[ann_id].mu, 3),
        round(expected[ann_id].sigma, 3),
    )
    assert [p.table for p in cribbage.history] == tables
    assert [g.replay for g in profile.recent] == [f"/replay/{t}" for t in reversed(tables)]
    assert profile.recent[0].ordinal == cribbage.ordinal

    board = LeaderboardOut.model_validate(ann.get("/api/leaderboard/cribbage").json())
    order = sorted([ann_id, bob_id], key=lambda p: -expected[p].ordinal)
    assert [row.id for row in board.players] == order
    assert [row.rank for row in board.players] == [1, 2]
    assert board.min_games == MIN_GAMES and board.bots == []
    assert sum(row.wins for row in board.players) == MIN_GAMES  # Cribbage has no draw
    empty = LeaderboardOut.model_validate(ann.get("/api/leaderboard/calypso").json())
    assert empty.players == []


def test_unknown_players_and_games_are_refused_clearly(server: LiveServer) -> None:
    ann, _ann_id = _guest(server, "Ann")
    missing = ann.get("/api/players/0123456789abcdef0123456789abcdef")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not-found"
    unknown: Any = ann.get("/api/leaderboard/poker")
    assert unknown.status_code == 400
    assert unknown.json()["error"]["code"] == "bad-table"
    assert "poker" in unknown.json()["error"]["message"]
    assert "cribbage" in unknown.json()["error"]["message"]
    assert httpx.get(f"{server.base}/api/leaderboard/cribbage").status_code == 401
