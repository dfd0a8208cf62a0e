"""The server survives being killed (issue 15): SIGKILL in the middle of several games, on SQLite
and on PostgreSQL; started again, it rebuilds every table from its move log, the clients
reconnect with their cookies and finish; no move is lost or doubled."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.records import from_record
from postgres_harness import postgres_url
from server_harness import LiveServer, Player, free_port, serve_process

TABLES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("cribbage", {"target": 121}, ["open", "open"]),
    ("calypso", {}, ["open", "rules", "open", "random"]),
    ("kloepper", {"target": 8}, ["open", "open", "random", "open"]),
]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'server.db'}"
    else:
        with postgres_url() as url:
            yield url


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


async def _tables(base: str) -> list[tuple[str, list[Player]]]:
    made = []
    for name, options, seats in TABLES:
        people = [await Player(base, f"{name}{i}").guest() for i in range(seats.count("open"))]
        answer = await people[0].post(
            "/api/tables", {"game": name, "options": options, "seats": seats}
        )
        assert answer.status_code == 200, answer.text
        table = answer.json()["table"]["id"]
        for person in people[1:]:
            assert (await person.post(f"/api/tables/{table}/sit")).status_code == 200
        for person in people:
            await person.connect(table)
        assert (await people[0].post(f"/api/tables/{table}/start")).status_code == 200
        made.append((table, people))
    return made


def test_a_killed_server_comes_back_and_every_game_finishes(database: str, tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = serve_process(database, port, tmp_path)
    rng = random.Random(5)

    async def first_half() -> list[tuple[str, list[Player]]]:
        tables = await _tables(base)
        await asyncio.gather(
            *(
                p.play_out(random.Random(rng.random()), until_ply=25)
                for _t, ps in tables
                for p in ps
            )
        )
        return tables

    tables = asyncio.run(first_half())
    seen = {(t, i): p.event_texts() for t, ps in tables for i, p in enumerate(ps)}
    # One more move in flight as the server dies: it is either kept or refused, never half.
    _first, people = tables[0]

    async def last_word() -> None:
        for person in people:
            views = [f for f in person.frames if f["type"] == "view"]
            if views and views[-1]["legal"]:
                move = views[-1]["legal"][0]["move"]
                await person.send({"type": "move", "ply": views[-1]["ply"], "move": move})
                return

    asyncio.run(last_word())
    workers = children_of(server.pid)
    assert workers, "the bots ran in no process of their own"
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=30)
    # The bot processes end with the server, even killed: none is left waiting forever.
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, "bot processes outlived the killed server"
        time.sleep(0.1)
    server = serve_process(database, port, tmp_path)
    try:

        async def second_half() -> None:
            for table, people in tables:
                for person in people:
                    person.frames.clear()
                    person.ws = None
                    # A fresh loop: the old connections died with the server.
                    person.http = type(person.http)(base_url=base, timeout=30)
                    person.http.cookies.set("cardtable_user", person.cookie)
                    await person.connect(table)
            finals = await asyncio.gather(
                *(p.play_out(random.Random(rng.random())) for _t, ps in tables for p in ps)
            )
            for (table_id, player), final in zip(
                [(t, p) for t, ps in tables for p in ps], finals, strict=True
            ):
                record = (await player.http.get(f"/api/tables/{table_id}/record")).json()
                state = from_record(record)
                assert state.is_over and len(state.history) == final["ply"]
                assert final["result"]["scores"] == state.scores
            for table, people in tables:
                for i, person in enumerate(people):
                    # What each seat saw before the kill is exactly the start of what it saw.
                    before = seen[(table, i)]
                    assert person.event_texts()[: len(before)] == before
                    await person.close()

        asyncio.run(second_half())
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def test_a_whole_game_on_postgresql(tmp_path: Path) -> None:
    with postgres_url() as url, LiveServer(url) as server:

        async def scenario() -> None:
            ann, bob = Player(server.base, "Ann"), Player(server.base, "Bob")
            await ann.guest()
            await bob.guest()
            made = await ann.post(
                "/api/tables",
                {"game": "cribbage", "options": {"target": 61}, "seats": ["open", "open"]},
            )
            table = made.json()["table"]["id"]
            assert (await bob.post(f"/api/join/{made.json()['invite']}")).status_code == 200
            assert (await bob.post(f"/api/tables/{table}/sit")).status_code == 200
            await ann.connect(table)
            await bob.connect(table)
            assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
            a, b = await asyncio.gather(
                ann.play_out(random.Random(1)), bob.play_out(random.Random(2))
            )
            record = (await ann.http.get(f"/api/tables/{table}/record")).json()
            assert (
                a["result"] == b["result"] and a["result"]["scores"] == from_record(record).scores
            )
            await ann.close()
            await bob.close()

        asyncio.run(scenario())
