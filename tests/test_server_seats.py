"""Seats over time (issue 15): an absent person's seat handed to a bot by the others (the table
marked) and reclaimed by its person; a game nobody attends closed as abandoned, its record kept;
presence told to the table."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.records import from_record
from server_harness import LiveServer, Player


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


async def _table(server: LiveServer, seats: int) -> tuple[str, list[Player]]:
    """A Kloepper table for four people, started, each connected and shown the first view."""
    people = [await Player(server.base, f"P{i}").guest() for i in range(seats)]
    made = await people[0].post(
        "/api/tables",
        {"game": "kloepper", "options": {"target": 4}, "seats": ["open"] * 4},
    )
    table = made.json()["table"]["id"]
    for person in people[1:]:
        assert (await person.post(f"/api/tables/{table}/sit")).status_code == 200
    for person in people:
        await person.connect(table)
    assert (await people[0].post(f"/api/tables/{table}/start")).status_code == 200
    for person in people:
        await person.until("view")
    return table, people


def test_an_absent_seat_goes_to_a_bot_and_comes_back(server: LiveServer) -> None:
    async def scenario() -> None:
        table, people = await _table(server, 4)
        # Presence: seat 3 leaves, and the others are told.
        await people[3].close()
        gone = await people[0].until("presence")
        assert gone["online"] == [True, True, True, False]
        # Only an absent person's seat may be handed over, by someone at the table.
        here = await people[1].post(f"/api/tables/{table}/seats/2/bot", {"bot": "rules"})
        assert here.status_code == 409 and here.json()["error"]["code"] == "still-here"
        handed = await people[1].post(f"/api/tables/{table}/seats/3/bot", {"bot": "rules"})
        assert handed.status_code == 200, handed.text
        assert handed.json()["marked"] is True
        assert handed.json()["seats"][3]["kind"] == "bot"
        # The three people play on; the bot plays seat 3 until its person comes back.
        rng = random.Random(3)
        await asyncio.gather(
            *(p.play_out(random.Random(rng.random()), until_ply=12) for p in people[:3])
        )
        back = Player(server.base, "P3")
        back.cookie = people[3].cookie
        back.http.cookies.set("cardtable_user", back.cookie)
        reclaimed = await back.post(f"/api/tables/{table}/reclaim")
        assert reclaimed.json() == {"seat": 3}
        await back.connect(table)
        view = await back.until("view")
        assert view["seat"] == 3 and "hand" in view["observation"]
        finals = await asyncio.gather(
            *(p.play_out(random.Random(rng.random())) for p in [*people[:3], back])
        )
        record = (await back.http.get(f"/api/tables/{table}/record")).json()
        assert record["meta"]["marked"] is True
        # The seat the bot kept, with the spec it played (the latency guard's, here as asked).
        assert record["meta"]["bots"] == [None, None, None, "rules"]
        assert finals[3]["result"]["scores"] == from_record(record).scores
        for person in [*people[:3], back]:
            await person.close()

    asyncio.run(scenario())


def test_a_game_nobody_attends_is_closed_as_abandoned(server: LiveServer) -> None:
    async def scenario() -> None:
        table, people = await _table(server, 4)
        hub = server.app.state.hub
        server.settings.abandon_after = 0.0
        assert server.call(hub.close_abandoned()) == []  # people are here
        for person in people:
            await person.close()
        await asyncio.sleep(0.2)
        assert server.call(hub.close_abandoned()) == [table]
        late = await Player(server.base, "Late").guest()
        info = (await late.http.get(f"/api/tables/{table}")).json()
        assert info["status"] == "abandoned"
        record = (await late.http.get(f"/api/tables/{table}/record")).json()
        assert record["meta"]["status"] == "abandoned" and record["moves"] == []
        await late.close()

    asyncio.run(scenario())


async def _for_two(
    server: LiveServer, extra: dict[str, object]
) -> tuple[str, Player, Player, dict[str, Any]]:
    """A Cribbage table for Ann and Bob with ``extra`` in its request, started: the table id,
    the two players and the started table as the server describes it."""
    ann = await Player(server.base, "Ann").guest()
    bob = await Player(server.base, "Bob").guest()
    made = await ann.post("/api/tables", {"game": "cribbage", "seats": ["open", "open"], **extra})
    assert made.status_code == 200, made.text
    table = made.json()["table"]["id"]
    assert (await bob.post(f"/api/tables/{table}/sit")).status_code == 200
    started = await ann.post(f"/api/tables/{table}/start")
    assert started.status_code == 200, started.text
    return table, ann, bob, started.json()


def test_a_time_bank_runs_gains_its_increment_and_runs_out(server: LiveServer) -> None:
    async def scenario() -> None:
        table, ann, bob, started = await _for_two(
            server, {"options": {"target": 61}, "clock": {"bank": 2, "increment": 30}}
        )
        assert started["clock"] == {"bank": 2, "increment": 30}
        await ann.connect(table)
        await bob.connect(table)
        view = await ann.until("view")
        await bob.until("view")
        mover = view["to_move"]
        people = [ann, bob]
        clocks = [p["clock_ms"] for p in view["players"]]
        assert all(0 < c <= 2000 for c in clocks)
        # The first mover moves at once: about two seconds left, plus thirty.
        await people[mover].send({"type": "sync"})
        mine = await people[mover].until("view")
        await people[mover].send(
            {"type": "move", "ply": mine["ply"], "move": mine["legal"][0]["move"]}
        )
        after = await people[mover].until("view")
        assert 30_000 < after["players"][mover]["clock_ms"] <= 32_000
        # The other person lets the bank run out: everyone is told, and the seat may go to a bot.
        other = 1 - mover
        late = await people[mover].until("view", timeout=10)
        assert late["players"][other]["out_of_time"] is True
        assert late["players"][other]["clock_ms"] == 0
        handed = await people[mover].post(f"/api/tables/{table}/seats/{other}/bot", {})
        assert handed.status_code == 200, handed.text
        while (await people[mover].until("view", timeout=10))["ply"] < 2:
            pass  # the bot lays away for the seat
        await ann.close()
        await bob.close()

    asyncio.run(scenario())


def test_a_turn_based_table_waits_for_its_people(server: LiveServer) -> None:
    async def scenario() -> None:
        table, ann, bob, started = await _for_two(
            server, {"clock": {"per_move": 86400}, "turn_based": True}
        )
        to_move = started["to_move"]
        person = [ann, bob][to_move]
        lobby = (await person.http.get("/api/lobby")).json()
        assert [t["id"] for t in lobby["your_turn"]] == [table]
        assert (await [bob, ann][to_move].http.get("/api/lobby")).json()["your_turn"] == []
        clock = started["seats"][to_move]["clock_ms"]
        assert 86_390_000 < clock <= 86_400_000
        # Nobody connected, and still not abandoned: its people come back over the day.
        hub = server.app.state.hub
        server.settings.abandon_after = 0.0
        assert server.call(hub.close_abandoned()) == []
        await ann.close()
        await bob.close()

    asyncio.run(scenario())
