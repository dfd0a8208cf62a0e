"""Nobody poses as a bot (issue 28): a guest's name and a rename that start with ``BOT `` (any
case or width) are refused with ``bad-name``; a bot account's own name keeps the mark, and its
seat is marked ``"account": "bot"`` in the summary, the view, the record and the export."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bot_api_harness import BotPlayer, make_bot, person
from cardtable.server.accounts_rules import ARGON2_ENV
from cardtable.server.app import COOKIE
from cardtable.server.bot_accounts_store import BOT_MARK
from cardtable.server.hub import Hub
from cardtable.table.seats import SeatKind
from cardtable.table.view import BOT_ACCOUNT_MARK, view
from server_harness import LiveServer, Player

REFUSAL = {
    "code": "bad-name",
    "message": 'a name may not start with "BOT ": that mark is kept for bot accounts',
}


@pytest.fixture(autouse=True)
def cheap_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ARGON2_ENV, "t=1,m=8,p=1")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


@pytest.mark.parametrize("name", ["BOT x", "bot Ann", " Bot  Crib", "ＢＯＴ x"])
def test_a_guest_may_not_take_a_bots_name(server: LiveServer, name: str) -> None:
    answer = httpx.post(f"{server.base}/api/guest", json={"name": name})
    assert answer.status_code == 400
    assert answer.json()["error"] == REFUSAL


def test_names_that_merely_start_with_bot_are_fine_and_a_rename_is_refused(
    server: LiveServer,
) -> None:
    with httpx.Client(base_url=server.base) as client:
        made = client.post("/api/guest", json={"name": "Botvinnik"})
        assert (made.status_code, made.json()["name"]) == (200, "Botvinnik")
        assert client.post("/api/guest", json={"name": "BOT"}).status_code == 200
        renamed = client.patch("/api/account", json={"name": "BOT Botvinnik"})
        assert (renamed.status_code, renamed.json()["error"]) == (400, REFUSAL)
        assert client.get("/api/me").json()["name"] == "BOT"


def test_a_bot_accounts_seat_is_marked_in_the_summary_the_view_the_record_and_the_export(
    server: LiveServer,
) -> None:
    """``account`` says who plays a seat: a bot account ("bot", its kind "human"), a person,
    or nobody with an account (a built-in bot); the open record names bots by name."""

    async def seat_up() -> tuple[Player, str]:
        ann = await person(server.base, "Ann")
        _bot_id, token = await make_bot(ann, "Robo")
        made = await ann.post(
            "/api/tables",
            {
                "game": "cribbage",
                "options": {"players": 3, "target": 61},
                "seats": ["open", "open", "rules"],
                "rated": True,
            },
        )
        table = str(made.json()["table"]["id"])
        assert (await ann.post(f"/api/tables/{table}/invitations", {"bot": "robo"})).is_success
        assert (await BotPlayer(server.base, token).accept_first())["seat"] == 1
        assert (await ann.post(f"/api/tables/{table}/start")).is_success
        return ann, table

    ann, table = asyncio.run(seat_up())
    http = httpx.Client(base_url=server.base, cookies={COOKIE: ann.cookie})
    seats = http.get(f"/api/tables/{table}").json()["seats"]
    assert [(s["kind"], s["account"], s["name"]) for s in seats] == [
        ("human", "person", "Ann"),
        ("human", "bot", "BOT Robo"),
        ("bot", None, "rules bot"),
    ]
    server.call(_play_out(server.app.state.hub, table))
    room = server.call(server.app.state.hub.room(table))
    players = view(room.table, 0, "en")["players"]
    assert [p["account"] for p in players] == ["person", "bot", None]
    record = http.get(f"/api/tables/{table}/record").json()
    assert record["meta"]["accounts"] == ["person", "bot", None]
    exported = http.get("/api/export", params={"game": "cribbage"}).text.splitlines()
    (line,) = [json.loads(text) for text in exported]
    assert line["meta"]["players"][1:] == ["BOT Robo", "rules bot"]
    assert line["meta"]["players"][0].startswith("p_")
    assert line["meta"]["accounts"] == ["person", "bot", None]
    assert line["meta"]["bots"] == [None, None, "rules"]


async def _play_out(hub: Hub, table_id: str) -> None:
    room = await hub.room(table_id)
    while room.table.status.live:
        state = room.table.playing()
        assert state.to_move is not None
        if room.table.seats[state.to_move].kind is SeatKind.BOT:
            await asyncio.sleep(0.01)  # the server's own bot moves
            continue
        await room.play(state.to_move, str(state.legal_moves()[0]), room.table.ply, None)


def test_the_marks_agree() -> None:
    assert BOT_ACCOUNT_MARK == BOT_MARK
