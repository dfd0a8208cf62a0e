"""The open record of games on PostgreSQL (issue 28): the cursor's and ``since``'s times
compare with ``timestamptz`` as they do with SQLite's text, in a session whose time zone is
not UTC (the session's zone does not move them)."""

from __future__ import annotations

import json

import httpx
from sqlalchemy import text

from postgres_harness import postgres_url
from server_harness import LiveServer
from test_export import _export, _finished, _guest, _records


def test_pages_and_since_on_postgresql() -> None:
    with postgres_url() as url, LiveServer(url) as server:
        # A session time zone far from UTC: the cursor's and since's times are moments.
        server.call(_set_zone(server))
        ann, _ann_id = _guest(server, "Ann")
        bob, _bob_id = _guest(server, "Bob")
        tables = [_finished(server, ann, bob, rated=True) for _ in range(3)]
        first = _export(server, limit=2)
        second = httpx.get(first.headers["link"][1:].split(">", 1)[0])
        seen = [r["meta"]["table"] for r in _records(first) + _records(second)]
        assert seen == tables and "link" not in second.headers
        finishes = [r["meta"]["finished"] for r in _records(_export(server))]
        later = _records(_export(server, since=finishes[1]))
        assert [r["meta"]["table"] for r in later] == tables[1:]
        assert all(json.dumps(r).count("p_") == 2 for r in later)


async def _set_zone(server: LiveServer) -> None:
    async with server.app.state.hub.store.engine.begin() as conn:
        await conn.execute(text("ALTER ROLE CURRENT_USER SET timezone TO 'Asia/Tokyo'"))
    await server.app.state.hub.store.engine.dispose()  # new connections take the zone
    async with server.app.state.hub.store.engine.begin() as conn:
        assert (await conn.execute(text("SHOW timezone"))).scalar() == "Asia/Tokyo"
