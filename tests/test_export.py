"""The open record of games (issue 28): ``GET /api/export`` pages through a game's finished
rated tables with its cursor and stops; unrated, unfinished and abandoned tables and other
games never appear; people are stable pseudonymous ids unless they chose to show their names;
each line is the record route's record and replays; ``cardtable export`` writes the same lines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app as cli
from cardtable.records import from_record
from cardtable.server import export_routes
from cardtable.server.config import DATA_ENV, SECRET_ENV
from cardtable.server.export_names import pseudonym
from cardtable.server.hub import Hub
from cardtable.server.models import now
from server_harness import LiveServer

SECRET = "test-secret"  # the LiveServer's
GAMES = 5


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One server with five finished rated Cribbage games of Ann and Bob (guests), an unrated
    finished one, a rated one still playing and a rated one abandoned."""
    folder = tmp_path_factory.mktemp("export")
    url = f"sqlite+aiosqlite:///{folder / 'server.db'}"
    # These tests ask for many pages at once: the rate limit has a test of its own.
    with pytest.MonkeyPatch.context() as patch, LiveServer(url) as server:
        patch.setattr(export_routes, "BURST", 10_000)
        ann, ann_id = _guest(server, "Ann")
        bob, bob_id = _guest(server, "Bob")
        rated = [_finished(server, ann, bob, rated=True) for _ in range(GAMES)]
        unrated = _finished(server, ann, bob, rated=False)
        playing = _table(server, ann, bob, rated=True)
        abandoned = _table(server, ann, bob, rated=True)
        hub: Hub = server.app.state.hub
        assert server.call(hub.store.abandon(abandoned, now())) is not None
        yield {
            "server": server,
            "url": url,
            "ann": ann,
            "bob": bob,
            "ids": (ann_id, bob_id),
            "rated": rated,
            "others": {unrated, playing, abandoned},
        }


def _guest(server: LiveServer, name: str) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=server.base, timeout=30)
    answer = client.post("/api/guest", json={"name": name})
    assert answer.status_code == 200, answer.text
    return client, str(answer.json()["id"])


def _table(server: LiveServer, ann: httpx.Client, bob: httpx.Client, rated: bool) -> str:
    made = ann.post(
        "/api/tables",
        json={
            "game": "cribbage",
            "options": {"target": 61},
            "seats": ["open", "open"],
            "rated": rated,
        },
    )
    assert made.status_code == 200, made.text
    table_id = str(made.json()["table"]["id"])
    assert bob.post(f"/api/tables/{table_id}/sit", json={}).status_code == 200
    assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id


async def _play_out(hub: Hub, table_id: str) -> None:
    room = await hub.room(table_id)
    while room.table.status.live:
        state = room.table.playing()
        assert state.to_move is not None
        await room.play(state.to_move, str(state.legal_moves()[0]), room.table.ply, None)


def _finished(server: LiveServer, ann: httpx.Client, bob: httpx.Client, rated: bool) -> str:
    table_id = _table(server, ann, bob, rated)
    server.call(_play_out(server.app.state.hub, table_id))
    return table_id


def _export(server: LiveServer, **query: Any) -> httpx.Response:
    """An export asked by nobody in particular: no cookie, no token."""
    return httpx.get(f"{server.base}/api/export", params={"game": "cribbage", **query})


def _records(answer: httpx.Response) -> list[dict[str, Any]]:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/x-ndjson"
    assert answer.text == "" or answer.text.endswith("\n")
    return [json.loads(line) for line in answer.text.splitlines()]


def test_pages_follow_the_cursor_and_stop(world: dict[str, Any]) -> None:
    server: LiveServer = world["server"]
    seen: list[str] = []
    sizes = []
    answer = _export(server, limit=2)
    while True:
        records = _records(answer)
        sizes.append(len(records))
        seen += [r["meta"]["table"] for r in records]
        if "link" not in answer.headers:
            assert "x-next-cursor" not in answer.headers
            break
        cursor = answer.headers["x-next-cursor"]
        link = re.fullmatch(r'<(.+)>; rel="next"', answer.headers["link"])
        assert link is not None
        assert httpx.URL(link.group(1)).params["cursor"] == cursor
        assert httpx.URL(link.group(1)).params["limit"] == "2"
        answer = httpx.get(link.group(1))
    assert sizes == [2, 2, 1]
    assert seen == world["rated"]  # oldest first by finish, each once
    assert not set(seen) & world["others"]
    everything = _records(_export(server))
    assert [r["meta"]["table"] for r in everything] == world["rated"]
    finishes = [r["meta"]["finished"] for r in everything]
    assert finishes == sorted(finishes) and all(f.endswith("+00:00") for f in finishes)
    # After a page's cursor, the rest; since the third game's finish, the last three.
    rest = _records(_export(server, cursor=_export(server, limit=3).headers["x-next-cursor"]))
    assert [r["meta"]["table"] for r in rest] == world["rated"][3:]
    later = _records(_export(server, since=finishes[2]))
    assert [r["meta"]["table"] for r in later] == world["rated"][2:]
    assert _records(_export(server, since="2999-01-01")) == []
    assert _records(_export(server, game="kloepper")) == []


def test_people_are_pseudonyms_unless_they_show_their_names(world: dict[str, Any]) -> None:
    server: LiveServer = world["server"]
    ann_id, bob_id = world["ids"]
    ann_p, bob_p = pseudonym(SECRET, ann_id), pseudonym(SECRET, bob_id)
    assert re.fullmatch(r"p_[0-9a-f]{16}", ann_p) and ann_p != bob_p
    first = _export(server).text
    records = [json.loads(line) for line in first.splitlines()]
    assert {tuple(r["meta"]["players"]) for r in records} == {(ann_p, bob_p)}
    assert {tuple(r["meta"]["accounts"]) for r in records} == {("person", "person")}
    assert _export(server).text == first  # stable across calls
    for text in ("Ann", "Bob", ann_id, bob_id):
        assert text not in first

    bob: httpx.Client = world["bob"]
    shown = bob.patch("/api/account", json={"show_name": True})
    assert (shown.status_code, shown.json()["show_name"]) == (200, True)
    try:
        records = _records(_export(server))
        assert {tuple(r["meta"]["players"]) for r in records} == {(ann_p, "Bob")}
        assert ann_id not in json.dumps(records)
    finally:
        assert bob.patch("/api/account", json={"show_name": False}).json()["show_name"] is False
    assert _export(server).text == first


def test_each_line_is_the_record_and_replays(world: dict[str, Any]) -> None:
    server: LiveServer = world["server"]
    ann: httpx.Client = world["ann"]
    bob: httpx.Client = world["bob"]
    for client in (ann, bob):
        assert client.patch("/api/account", json={"show_name": True}).status_code == 200
    try:
        lines = _export(server).text.splitlines()
    finally:
        for client in (ann, bob):
            assert client.patch("/api/account", json={"show_name": False}).status_code == 200
    assert len(lines) == GAMES
    for line, table_id in zip(lines, world["rated"], strict=True):
        record = json.loads(line)
        # With both names shown, exactly what the record route gives.
        assert record == ann.get(f"/api/tables/{table_id}/record").json()
        assert sorted(record["meta"]["fair_deal"]) == [
            "commitment",
            "contributions",
            "secret",
            "seed",
            "version",
        ]
        state = from_record(record)
        assert state.is_over and list(state.history) == record["moves"]
        assert record["meta"]["players"] == ["Ann", "Bob"]


def test_the_command_writes_the_same_lines(
    world: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server: LiveServer = world["server"]
    monkeypatch.setenv(SECRET_ENV, SECRET)
    target = tmp_path / "cribbage.jsonl"
    done = CliRunner().invoke(
        cli, ["export", "--game", "cribbage", "--database-url", world["url"], "-o", str(target)]
    )
    assert done.exit_code == 0, done.output
    assert target.read_text(encoding="utf-8") == _export(server, limit=1000).text
    since = _records(_export(server))[3]["meta"]["finished"]
    done = CliRunner().invoke(
        cli, ["export", "--game", "cribbage", "--since", since, "--database-url", world["url"]]
    )
    assert done.exit_code == 0, done.output
    assert done.stdout == _export(server, since=since).text
    assert done.stdout.count("\n") == 2


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"limit": 0}, "limit is a whole number from 1 to 1000, not 0"),
        ({"limit": 1001}, "limit is a whole number from 1 to 1000, not 1001"),
        (
            {"since": "yesterday"},
            "since is an ISO date (2026-12-01) or date and time (2026-12-01T10:00:00Z), "
            "not 'yesterday'",
        ),
        (
            {"cursor": "abc"},
            "cursor 'abc' is not one this server gave: pass the last page's as it is",
        ),
        (
            {"game": "poker"},
            "there is no game 'poker'; games: calypso, cribbage, kloepper, krypkasino",
        ),
    ],
)
def test_bad_requests_are_refused_clearly(
    world: dict[str, Any], query: dict[str, Any], message: str
) -> None:
    answer = _export(world["server"], **query)
    assert (answer.status_code, answer.json()["error"]) == (
        400,
        {"code": "bad-export", "message": message},
    )


def test_the_limit_bounds_a_page(world: dict[str, Any]) -> None:
    answer = _export(world["server"], limit=1)
    assert [r["meta"]["table"] for r in _records(answer)] == world["rated"][:1]
    assert "x-next-cursor" in answer.headers


def test_one_address_is_rate_limited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # One request in a hundred seconds, in bursts of three: the bucket refills by next to
    # nothing while the test runs.
    monkeypatch.setattr(export_routes, "RATE", 0.01)
    monkeypatch.setattr(export_routes, "BURST", 3)
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as server:
        statuses = [_export(server).status_code for _ in range(3)]
        refused = _export(server)
        other = _export(server, game="kloepper")
    assert statuses == [200] * 3
    assert (refused.status_code, other.status_code) == (429, 429)
    wait = int(refused.headers["retry-after"])
    assert 99 <= wait <= 100
    assert refused.json()["error"] == {
        "code": "too-fast",
        "message": "too many export requests: at most 0.01 a second from one address; "
        f"try again in {wait} seconds",
    }


def test_the_command_never_makes_up_a_key(
    world: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SECRET_ENV, raising=False)
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    done = CliRunner().invoke(cli, ["export", "--game", "cribbage", "--database-url", world["url"]])
    assert done.exit_code == 2
    assert "the server's secret key is not set (CARDTABLE_SECRET) nor kept at" in done.output
    assert not (tmp_path / "server-secret").exists()
    refused = CliRunner().invoke(cli, ["export", "--game", "poker"])
    assert refused.exit_code == 2
    assert "there is no game 'poker'" in refused.output
