"""Scripted clients of the bot API for its tests: a person with an account who makes bot
accounts, and a bot account's client (its token on every request and on the websocket)."""

from __future__ import annotations

from typing import Any

import httpx
from websockets.asyncio.client import connect

from cardtable.server.app import COOKIE
from server_harness import Player

__all__ = ["PASSWORD", "BotPlayer", "make_bot", "person"]

PASSWORD = "correct horse battery"


async def person(base: str, name: str) -> Player:
    """A guest who made an account (a person: may make bot accounts)."""
    player = await Player(base, name).guest()
    made = await player.post("/api/account", {"login": name.lower(), "password": PASSWORD})
    assert made.status_code == 200, made.text
    player.cookie = made.cookies[COOKIE]  # the account's new session
    return player


async def make_bot(owner: Player, name: str) -> tuple[str, str]:
    """A new bot account of ``owner``: its id and its first token."""
    made = await owner.post("/api/bots", {"name": name})
    assert made.status_code == 200, made.text
    body = made.json()
    return str(body["bot"]["id"]), str(body["token"])


class BotPlayer(Player):
    """A bot account's client: the same scripted client, its token instead of a cookie."""

    def __init__(self, base: str, token: str) -> None:
        super().__init__(base, "bot")
        self.token = token
        self.http = httpx.AsyncClient(
            base_url=base, timeout=30, headers={"Authorization": f"Bearer {token}"}
        )

    async def connect(self, table: str, origin: str | None = None) -> None:
        url = self.base.replace("http://", "ws://") + f"/ws/tables/{table}"
        headers = {"Authorization": f"Bearer {self.token}"}
        self.ws = await connect(url, additional_headers=headers, max_size=2**22)

    async def accept_first(self) -> dict[str, Any]:
        """Take up its first pending invitation; the answer (``table``, ``seat``)."""
        pending = (await self.http.get("/api/bot/invitations")).json()["invitations"]
        assert pending, "no invitation"
        answer = await self.post(f"/api/bot/invitations/{pending[0]['id']}/accept")
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        return body
