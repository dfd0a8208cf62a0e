"""Nobody poses as a bot (issue 28): a guest's name and a rename that start with ``BOT `` (any
case or width) are refused with ``bad-name``; a bot account's own name keeps the mark."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cardtable.server.accounts_rules import ARGON2_ENV
from server_harness import LiveServer

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
