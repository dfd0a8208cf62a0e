"""``cardtable admin`` (issue 28) on a running server's database: list users, ban (the user may
not sit or chat, and their sessions end) and unban, list a table's chat and remove a line."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.server.accounts_rules import ARGON2_ENV
from cardtable.server.app import COOKIE
from server_harness import LiveServer, Player

PASSWORD = "correct horse battery"
runner = CliRunner()


@pytest.fixture(autouse=True)
def cheap_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ARGON2_ENV, "t=1,m=8,p=1")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[LiveServer, str]]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'server.db'}"
    with LiveServer(url) as live:
        yield live, url


def admin(url: str, *args: str) -> tuple[int, str]:
    # Wide enough that no column of a table is cut.
    result = runner.invoke(app, ["admin", *args, "--database-url", url], env={"COLUMNS": "200"})
    return result.exit_code, result.output


async def _ban_round(base: str, url: str) -> dict[str, object]:
    ann, bob = await Player(base, "Ann").guest(), await Player(base, "Bob").guest()
    made = await ann.post("/api/account", {"login": "ann", "password": PASSWORD})
    assert made.status_code == 200
    ann.cookie = ann.http.cookies[COOKIE]  # the account's new session
    table = (await bob.post("/api/tables", {"game": "cribbage", "seats": ["open", "open"]})).json()
    table_id = table["table"]["id"]
    await ann.connect(table_id)  # watching
    await bob.connect(table_id)
    for person in (ann, bob):
        await person.until("chat_log")
    seen: dict[str, object] = {}
    # A running event loop is this test's own: the command runs in a thread of its own.
    seen["ban"] = await asyncio.to_thread(admin, url, "ban", "ANN")
    seen["signed out"] = (await ann.http.get("/api/me")).status_code
    await ann.send({"type": "chat", "text": "hello"})
    seen["chat"] = await ann.until("error")
    again = await ann.post("/api/signin", {"login": "ann", "password": PASSWORD})
    seen["signed in"] = (again.status_code, again.json()["banned"])
    sit = await ann.post(f"/api/tables/{table_id}/sit")
    seen["sit"] = (sit.status_code, sit.json())
    create = await ann.post("/api/tables", {"game": "cribbage", "seats": ["open", "random"]})
    seen["create"] = create.status_code
    listed = await asyncio.to_thread(admin, url, "users", "--search", "an")
    seen["listed"] = [
        [cell.strip() for cell in line.split("│")[2:6]]
        for line in listed[1].splitlines()
        if "│ Ann " in line
    ]
    seen["unban"] = await asyncio.to_thread(admin, url, "unban", "ann")
    seen["sit after"] = (await ann.post(f"/api/tables/{table_id}/sit")).json()
    for person in (ann, bob):
        await person.close()
    return seen


def test_a_banned_user_cannot_sit_or_chat_until_unbanned(served: tuple[LiveServer, str]) -> None:
    server, url = served
    seen = asyncio.run(_ban_round(server.base, url))
    ann_id = seen["ban"][1].split("(")[1].split(")")[0]  # type: ignore[index]
    assert seen["ban"] == (0, f"banned Ann ({ann_id}); their sessions are ended\n")
    assert seen["signed out"] == 401
    assert seen["chat"] == {
        "type": "error",
        "code": "banned",
        "message": "you are banned from this server and may not chat",
    }
    assert seen["signed in"] == (200, True)
    assert seen["sit"] == (
        403,
        {
            "error": {
                "code": "banned",
                "message": "you are banned from this server and may not sit at a table",
            }
        },
    )
    assert seen["create"] == 403
    assert seen["listed"] == [["Ann", "ann", "account", "yes"]]
    assert seen["unban"] == (0, f"unbanned Ann ({ann_id})\n")
    assert seen["sit after"] == {"seat": 1}


async def _chat(base: str, table_id: str | None = None) -> tuple[str, list[str]]:
    """Bob's table after he says two lines (made when ``table_id`` is None); else the log
    another player seated at the table reads."""
    bob = await Player(base, "Bob").guest()
    if table_id is None:
        made = await bob.post("/api/tables", {"game": "cribbage", "seats": ["open", "open"]})
        table_id = made.json()["table"]["id"]
    else:
        assert (await bob.post(f"/api/tables/{table_id}/sit")).status_code == 200
    await bob.connect(table_id)
    log = [line["text"] for line in (await bob.until("chat_log"))["lines"]]
    if not log:
        for text in ("hi", "something rude"):
            await bob.send({"type": "chat", "text": text})
            await bob.until("chat")
    await bob.close()
    return table_id, log


def test_an_operator_lists_a_tables_chat_and_removes_a_line(
    served: tuple[LiveServer, str],
) -> None:
    server, url = served
    table_id, _log = asyncio.run(_chat(server.base))
    code, listed = admin(url, "chat", table_id)
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in listed.splitlines()]
    lines = [(row[0], row[2], row[3], row[4]) for row in rows if len(row) == 5 and row[0].isdigit()]
    assert code == 0
    assert [line[1:] for line in lines] == [
        ("players", "Bob", "hi"),
        ("players", "Bob", "something rude"),
    ]
    rude = lines[1][0]
    assert admin(url, "chat-remove", rude) == (0, f"removed chat line {rude}\n")
    assert asyncio.run(_chat(server.base, table_id))[1] == ["hi"]
    assert admin(url, "chat-remove", rude) == (2, f"error: there is no chat line {rude}\n")
    assert admin(url, "ban", "nobody") == (
        2,
        "error: no user is named 'nobody' (a sign-in name, a user id or a display name)\n",
    )
