"""Several server processes on one PostgreSQL and one Redis (issue 17), started for real on
loopback: a table whose seats are connected to different processes plays to its end, with a
spectator on a third connection; a process killed in the middle of several games loses nothing
(its clients reconnect to the other, which takes its tables' bots over once the lease lapses);
with Redis stopped for a while, play goes on by polling the database and nothing is lost.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis

from cardtable.i18n import using_names
from cardtable.records import from_record
from postgres_harness import postgres_url
from redis_harness import RedisServer, redis_server
from server_harness import Player, free_port, serve_process

#: Seconds after which a dead process's tables are taken over (short, for the tests).
LEASE = "2"


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    with postgres_url() as url:
        yield url


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    with redis_server() as server:
        yield server


class Cluster:
    """Server processes on one database and one Redis, each at ``base(i)``."""

    def __init__(self, database: str, redis_url: str, folder: Path, count: int = 2) -> None:
        self.ports = [free_port() for _ in range(count)]
        self.processes: list[subprocess.Popen[bytes]] = []
        for i, port in enumerate(self.ports):
            data = folder / f"p{i}"
            data.mkdir()
            self.processes.append(
                serve_process(database, port, data, "--redis-url", redis_url, "--lease", LEASE)
            )

    def base(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def kill(self, i: int) -> None:
        self.processes[i].send_signal(signal.SIGKILL)
        self.processes[i].wait(timeout=10)

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture
def cluster(database: str, redis: RedisServer, tmp_path: Path) -> Iterator[Cluster]:
    made = Cluster(database, redis.url, tmp_path)
    try:
        yield made
    finally:
        made.stop()


async def record_of(base: str, table: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base) as http:
        guest = await http.post("/api/guest", json={"name": "Rec", "language": "en"})
        guest.raise_for_status()
        answer = await http.get(f"/api/tables/{table}/record")
        answer.raise_for_status()
        record: dict[str, Any] = answer.json()
        return record


def listeners(redis: RedisServer) -> int:
    """How many connections listen to the tables' notices (one per server process)."""
    clients = redis.client().client_list()
    return sum(1 for c in clients if c.get("psub") == "1")


def check_against_record(player: Player, seat: int | None, record: dict[str, Any]) -> None:
    """The views the player got tell exactly the game of the record: every event of its seat,
    once each, in order; the plies it was shown never went back."""
    state = from_record(record)
    # Told in words: the players by the names the record keeps.
    with using_names(record["meta"]["players"]):
        expected = [state.game.describe(e) for e in state.events_for(seat)]
    assert player.event_texts() == expected
    plies = [f["ply"] for f in player.frames if f["type"] == "view"]
    assert plies[-1] == len(record["moves"])


def test_seats_on_two_processes_play_to_the_end(cluster: Cluster, redis: RedisServer) -> None:
    heard: list[dict[str, Any]] = []

    async def sniff() -> None:
        """Every notice the processes send each other over Redis."""
        client = aioredis.from_url(redis.url)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        await pubsub.psubscribe("cardtable:*")
        try:
            while True:
                message = await pubsub.get_message(timeout=0.5)
                if message is not None:
                    heard.append(json.loads(message["data"]))
        finally:
            await pubsub.aclose()  # type: ignore[no-untyped-call]
            await client.aclose()

    async def scenario() -> None:
        listening = asyncio.create_task(sniff())
        ann = await Player(cluster.base(0), "Ann").guest()
        bea = await Player(cluster.base(1), "Bea").guest()
        sam = await Player(cluster.base(1), "Sam").guest()
        made = await ann.post(
            "/api/tables",
            {"game": "calypso", "options": {}, "seats": ["open", "open", "rules", "rules"]},
        )
        table = made.json()["table"]["id"]
        # Bea sits through the other process, which reads the table from the database.
        assert (await bea.post(f"/api/tables/{table}/sit", {"seat": 1})).json() == {"seat": 1}
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        await ann.connect(table)
        await bea.connect(table)
        await sam.connect(table)
        last = await asyncio.gather(
            ann.play_out(random.Random(1)),
            bea.play_out(random.Random(2)),
            sam.play_out(random.Random(3)),
        )
        assert [v["status"] for v in last] == ["over"] * 3
        record = await record_of(cluster.base(0), table)
        assert len(record["moves"]) == 208  # four deals of 13 tricks
        check_against_record(ann, 0, record)
        check_against_record(bea, 1, record)
        # The spectator on its own connection saw every move, as public events.
        check_against_record(sam, None, record)
        for player in (ann, bea, sam):
            await player.close()
        listening.cancel()

    asyncio.run(scenario())
    # Redis carried notices only: versions and presence, never a hand, a seed or a view.
    assert {n["k"] for n in heard} == {"v", "presence"}
    assert all(set(n) <= {"k", "p", "v", "online", "watchers"} for n in heard)
    # A presence names who watches (the spectator), never anything of a seat's.
    watching = {tuple(n["watchers"]) for n in heard if n["k"] == "presence"}
    assert ("Sam",) in watching and watching <= {(), ("Sam",)}
    versions = [n["v"] for n in heard if n["k"] == "v"]
    assert len(versions) >= 208 and len(set(versions)) == len(versions)


def test_a_killed_process_loses_no_game(cluster: Cluster) -> None:
    async def scenario() -> None:
        people = [await Player(cluster.base(0), f"P{i}").guest() for i in range(3)]
        tables = []
        for person in people:
            made = await person.post(
                "/api/tables",
                {"game": "cribbage", "options": {"target": 61}, "seats": ["open", "rules"]},
            )
            table = made.json()["table"]["id"]
            assert (await person.post(f"/api/tables/{table}/start")).status_code == 200
            await person.connect(table)
            tables.append(table)
        rngs = [random.Random(10 + i) for i in range(3)]
        await asyncio.gather(
            *(p.play_out(r, until_ply=12) for p, r in zip(people, rngs, strict=True))
        )
        # The process that holds the tables, their bots and their people's sockets dies.
        cluster.kill(0)
        for person, table in zip(people, tables, strict=True):
            person.base = cluster.base(1)
            await person.connect(table)
        last = await asyncio.gather(
            *(p.play_out(r, timeout=60) for p, r in zip(people, rngs, strict=True))
        )
        assert [v["status"] for v in last] == ["over"] * 3
        for person, table in zip(people, tables, strict=True):
            record = await record_of(cluster.base(1), table)
            # One move per ply (the key (table, ply)), and the person saw exactly those.
            check_against_record(person, 0, record)
            await person.close()

    asyncio.run(scenario())


def test_play_goes_on_while_redis_is_away(cluster: Cluster, redis: RedisServer) -> None:
    async def scenario() -> None:
        ann = await Player(cluster.base(0), "Ann").guest()
        bea = await Player(cluster.base(1), "Bea").guest()
        made = await ann.post(
            "/api/tables", {"game": "cribbage", "options": {"target": 61}, "seats": ["open"] * 2}
        )
        table = made.json()["table"]["id"]
        await bea.post(f"/api/tables/{table}/sit", {"seat": 1})
        await ann.post(f"/api/tables/{table}/start")
        await ann.connect(table)
        await bea.connect(table)
        rng_a, rng_b = random.Random(5), random.Random(6)
        await asyncio.gather(ann.play_out(rng_a, until_ply=6), bea.play_out(rng_b, until_ply=6))
        redis.stop()
        # Each process learns of the other's moves from the database now (about a second).
        # (play_out returned on the view of ply 6 without answering it: ask for it again.)
        for player in (ann, bea):
            await player.send({"type": "sync"})
        await asyncio.gather(ann.play_out(rng_a, until_ply=16), bea.play_out(rng_b, until_ply=16))
        redis.start()
        # Both processes listen again (the pattern subscription of each is back).
        deadline = asyncio.get_running_loop().time() + 15
        while listeners(redis) != 2:
            assert asyncio.get_running_loop().time() < deadline, "the processes did not return"
            await asyncio.sleep(0.2)
        for player in (ann, bea):
            await player.send({"type": "sync"})
        last = await asyncio.gather(ann.play_out(rng_a), bea.play_out(rng_b))
        assert [v["status"] for v in last] == ["over"] * 2
        record = await record_of(cluster.base(0), table)
        check_against_record(ann, 0, record)
        check_against_record(bea, 1, record)
        await ann.close()
        await bea.close()

    asyncio.run(scenario())


def test_the_chat_log_and_the_lobby_span_the_processes(cluster: Cluster) -> None:
    async def scenario() -> None:
        ann = await Player(cluster.base(0), "Ann").guest()
        bob = await Player(cluster.base(1), "Bob").guest()
        cat = await Player(cluster.base(1), "Cat").guest()
        made = await ann.post(
            "/api/tables",
            {"game": "cribbage", "seats": ["open"] * 2, "listed": True},
        )
        table, invite = made.json()["table"]["id"], made.json()["invite"]
        # Made on process 0, listed by process 1 (nobody connected yet: it is new).
        listed = (await cat.http.get("/api/lobby")).json()["open"]
        assert [t["id"] for t in listed] == [table]
        await ann.connect(table)
        await ann.until("view", seats=True)
        await ann.send({"type": "chat", "text": "hello from 0"})
        await ann.until("chat")
        # Bob opens the invitation on process 1: seated there, and the line said on
        # process 0 comes back to him from the database.
        assert (await bob.post(f"/api/join/{invite}")).json()["seat"] == 1
        await bob.connect(table)
        await bob.until("view", seats=True)
        log = await bob.until("chat_log")
        assert [(line["from"], line["text"]) for line in log["lines"]] == [("Ann", "hello from 0")]
        for person in (ann, bob, cat):
            await person.close()

    asyncio.run(scenario())
