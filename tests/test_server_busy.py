"""A database that cannot keep up (every connection taken for longer than a request waits, as a
soak on two busy cores found): an HTTP request is answered 503 ``busy`` with ``Retry-After`` and
no traceback; a person's move is refused over the websocket, the connection stays and the table
is as it was; a bot's move is tried again once the database answers, so the table never waits
on it for ever."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncConnection
from websockets.exceptions import InvalidStatus

from cardtable.server import store as store_module
from server_harness import LiveServer, Player

BUSY_MESSAGE = "the server is busy; nothing was changed: try again in a moment"


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    # SQLite's pool is one connection; a request waits 0.3 s for it instead of 10.
    monkeypatch.setattr(store_module, "POOL_TIMEOUT", 0.3)
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}", bot_pause=0.5) as live:
        yield live


def _hold(server: LiveServer) -> AsyncConnection:
    """Take the database's only connection on the server's loop, as a long request would."""

    async def take() -> AsyncConnection:
        conn: AsyncConnection = await server.app.state.edge.store.engine.connect()
        return conn

    return server.call(take())


def _release(server: LiveServer, conn: AsyncConnection) -> None:
    server.call(conn.close())


async def _table(ann: Player, seats: list[str]) -> str:
    """A Cribbage table to 61 that Ann makes with these seats; its id."""
    body = {"game": "cribbage", "options": {"target": 61}, "seats": seats}
    made = await ann.post("/api/tables", body)
    return str(made.json()["table"]["id"])


def test_a_request_the_database_cannot_take_is_answered_busy(
    server: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    async def ask(player: Player) -> Any:
        return await player.http.post("/api/guest", json={"name": "Ann"})

    ann = Player(server.base, "Ann")
    held = _hold(server)
    with caplog.at_level(logging.WARNING):
        answer = asyncio.run(ask(ann))
    _release(server, held)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "5"
    assert answer.json() == {"error": {"code": "busy", "message": BUSY_MESSAGE}}
    assert "busy: POST /api/guest: TimeoutError" in caplog.text
    assert "Traceback" not in caplog.text
    # Once the database answers, the same request is served.
    assert asyncio.run(ask(Player(server.base, "Ann"))).status_code == 200


def test_a_move_the_database_cannot_store_is_refused_and_the_table_is_unchanged(
    server: LiveServer,
) -> None:
    async def scenario() -> None:
        ann = await Player(server.base, "Ann").guest()
        bob = await Player(server.base, "Bob").guest()
        table = await _table(ann, ["open", "open"])
        assert (await bob.post(f"/api/tables/{table}/sit")).json() == {"seat": 1}
        await ann.connect(table)
        await bob.connect(table)
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        view = await ann.until("view")
        await bob.until("view")
        move = view["legal"][0]["move"]
        held = await asyncio.to_thread(_hold, server)
        await ann.send({"type": "move", "ply": view["ply"], "move": move})
        refused = await ann.until("error")
        await asyncio.to_thread(_release, server, held)
        assert (refused["code"], refused["message"]) == ("busy", BUSY_MESSAGE)
        # The connection stays, and the table is where it was: the same move is taken now.
        await ann.send({"type": "sync"})
        again = await ann.until("view")
        assert (again["ply"], again["legal"]) == (view["ply"], view["legal"])
        await ann.send({"type": "move", "ply": view["ply"], "move": move})
        taken = await ann.until("view")
        assert taken["ply"] == view["ply"] + 1

    asyncio.run(scenario())


def test_a_bot_whose_move_met_a_busy_database_moves_once_it_answers(server: LiveServer) -> None:
    async def scenario() -> None:
        ann = await Player(server.base, "Ann").guest()
        table = await _table(ann, ["open", "rules"])
        await ann.connect(table)
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        first = await ann.until("view")
        await ann.send({"type": "move", "ply": first["ply"], "move": first["legal"][0]["move"]})
        mine = await ann.until("view")
        assert mine["ply"] == first["ply"] + 1
        # The bot's discard comes next, 0.5 s after Ann's: the database is taken before that
        # and kept past two of its tries.
        held = await asyncio.to_thread(_hold, server)
        await asyncio.sleep(2.5)
        await asyncio.to_thread(_release, server, held)
        after = await ann.until("view", timeout=15)
        assert after["ply"] == mine["ply"] + 1

    asyncio.run(scenario())


def test_a_websocket_the_database_cannot_open_is_answered_busy(server: LiveServer) -> None:
    async def scenario() -> None:
        ann = await Player(server.base, "Ann").guest()
        table = await _table(ann, ["open", "rules"])
        held = await asyncio.to_thread(_hold, server)
        with pytest.raises(InvalidStatus) as refused:
            await ann.connect(table)
        await asyncio.to_thread(_release, server, held)
        assert refused.value.response.status_code == 503
        assert json.loads(refused.value.response.body) == {
            "error": {"code": "busy", "message": BUSY_MESSAGE}
        }
        await ann.connect(table)  # once the database answers, the table opens
        assert (await ann.until("view", seats=True))["status"] == "open"

    asyncio.run(scenario())
