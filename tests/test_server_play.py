"""Whole games over real websockets on a real uvicorn on 127.0.0.1 (issue 15): people (scripted
clients) and bots at one table with a spectator; the final scores equal the record's."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.records import from_record
from cardtable.server.protocol import ViewOut
from server_harness import LiveServer, Player

GAMES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("cribbage", {"target": 61}, ["open", "rules"]),
    ("calypso", {}, ["open", "open", "rules", "easy"]),
    ("kloepper", {"target": 6}, ["open", "rules", "open", "random"]),
    ("krypkasino", {"players": 3, "deals": 1}, ["open", "rules", "random"]),
]


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


@pytest.mark.parametrize(("name", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_with_people_bots_and_a_spectator(
    server: LiveServer, name: str, options: dict[str, Any], seats: list[str]
) -> None:
    async def scenario() -> None:
        people = [await Player(server.base, f"P{i}").guest() for i in range(seats.count("open"))]
        watcher = await Player(server.base, "W").guest()
        made = await people[0].post(
            "/api/tables", {"game": name, "options": options, "seats": seats, "listed": True}
        )
        assert made.status_code == 200, made.text
        table = made.json()["table"]["id"]
        invite = made.json()["invite"]
        for person in people[1:]:
            joined = await person.post(f"/api/join/{invite}")
            assert joined.json()["table"]["id"] == table
            assert (await person.post(f"/api/tables/{table}/sit")).status_code == 200
        for client in [*people, watcher]:
            await client.connect(table)
        started = await people[0].post(f"/api/tables/{table}/start")
        assert started.status_code == 200, started.text
        rng = random.Random(7)
        finals = await asyncio.gather(
            *(p.play_out(random.Random(rng.random())) for p in people),
            watcher.play_out(rng),
        )
        record = (await people[0].http.get(f"/api/tables/{table}/record")).json()
        state = from_record(record)
        assert state.is_over
        for final in finals:
            ViewOut.model_validate(final)
            assert final["result"]["scores"] == state.scores
            assert final["ply"] == len(state.history)
        assert record["meta"]["table"] == table
        # The spectator saw no hand and no legal move, ever.
        for frame in watcher.frames:
            if frame["type"] == "view":
                assert frame["seat"] is None and frame["legal"] == []
                assert "hand" not in (frame["observation"] or {})
        games = (await people[0].http.get("/api/me/games")).json()["games"]
        assert [g["table"] for g in games] == [table]
        for client in [*people, watcher]:
            await client.close()

    asyncio.run(scenario())
