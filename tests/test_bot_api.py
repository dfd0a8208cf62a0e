"""The bot API (issue 28): a person makes bot accounts and tokens (shown once, kept as
SHA-256, listed by prefix, revocable); a token names its bot on the HTTP API and the
websocket, and a revoked or unknown one is refused with 401; a bot may not use another
person's bot routes nor take seats uninvited; invitations by name."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from bot_api_harness import BotPlayer, make_bot, person
from cardtable.server.accounts_rules import ARGON2_ENV
from server_harness import LiveServer, Player


@pytest.fixture(autouse=True)
def cheap_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ARGON2_ENV, "t=1,m=8,p=1")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


async def _socket_status(base: str, table: str, token: str) -> tuple[int, bytes]:
    url = base.replace("http://", "ws://") + f"/ws/tables/{table}"
    try:
        async with connect(url, additional_headers={"Authorization": f"Bearer {token}"}):
            return 101, b""
    except InvalidStatus as err:
        return err.response.status_code, bytes(err.response.body or b"")


def test_tokens_are_shown_once_kept_hashed_listed_by_prefix_and_revocable(
    server: LiveServer,
) -> None:
    async def go() -> None:
        ann = await person(server.base, "Ann")
        bot_id, token = await make_bot(ann, "DeepCrib")
        assert token.startswith("ctb_") and len(token) == 4 + 43  # 32 random bytes
        bot = BotPlayer(server.base, token)
        me = (await bot.http.get("/api/me")).json()
        assert (me["id"], me["name"]) == (bot_id, "BOT DeepCrib")
        second = (await ann.post(f"/api/bots/{bot_id}/tokens")).json()
        assert second["prefix"] == second["token"][:12]
        listing = (await ann.http.get("/api/bots")).json()["bots"]
        assert [(b["name"], b["display_name"]) for b in listing] == [("DeepCrib", "BOT DeepCrib")]
        assert [t["prefix"] for t in listing[0]["tokens"]] == [token[:12], second["prefix"]]
        assert listing[0]["tokens"][0]["last_used"] is not None
        assert listing[0]["tokens"][1]["last_used"] is None
        # The database holds the hash, never the token.
        stored = server.call(_token_rows(server))
        assert hashlib.sha256(token.encode()).hexdigest() in stored
        assert not any(token in row for row in stored)
        table = await ann.post("/api/tables", {"game": "cribbage", "seats": ["open", "open"]})
        table_id = table.json()["table"]["id"]
        # Revoked: refused on HTTP and on the websocket, saying so; the other token works.
        revoked = await ann.http.delete(f"/api/bots/{bot_id}/tokens/{token[:12]}")
        assert [t["revoked_at"] is not None for t in revoked.json()["bots"][0]["tokens"]] == [
            True,
            False,
        ]
        answer = await bot.http.get("/api/me")
        assert answer.status_code == 401
        assert answer.json()["error"] == {
            "code": "revoked-token",
            "message": "this bot token was revoked; the bot's owner may make a new one",
        }
        status, body = await _socket_status(server.base, table_id, token)
        assert (status, b"revoked-token" in body) == (401, True)
        assert await _socket_status(server.base, table_id, second["token"]) == (101, b"")
        unknown = "ctb_" + "x" * 43
        answer = await BotPlayer(server.base, unknown).http.get("/api/me")
        assert (answer.status_code, answer.json()["error"]["code"]) == (401, "bad-token")
        assert (await _socket_status(server.base, table_id, unknown))[0] == 401
        again = await ann.http.delete(f"/api/bots/{bot_id}/tokens/{token[:12]}")
        assert (again.status_code, again.json()["error"]["code"]) == (404, "no-token")
        for client in (ann, bot):
            await client.close()

    asyncio.run(go())


async def _token_rows(server: LiveServer) -> list[str]:
    from sqlalchemy import select

    from cardtable.server.bot_models import BotToken

    store = server.app.state.hub.store
    async with store.sessions() as session:
        rows = await session.execute(select(BotToken.token_hash, BotToken.prefix))
        return [h for h, _p in rows] + [p for _h, p in rows]


def test_only_the_owner_manages_a_bot_and_a_bot_only_plays(server: LiveServer) -> None:
    async def go() -> None:
        ann = await person(server.base, "Ann")
        bea = await person(server.base, "Bea")
        guest = await Player(server.base, "Cy").guest()
        bot_id, token = await make_bot(ann, "pegger9")
        bot = BotPlayer(server.base, token)

        def error(answer: object) -> tuple[int, str]:
            assert hasattr(answer, "json") and hasattr(answer, "status_code")
            return answer.status_code, answer.json()["error"]["code"]

        # Another person's cookie: the bot is not theirs (as if it did not exist).
        assert error(await bea.post(f"/api/bots/{bot_id}/tokens")) == (404, "no-bot")
        assert error(await bea.http.delete(f"/api/bots/{bot_id}/tokens/{token[:12]}")) == (
            404,
            "no-bot",
        )
        assert (await bea.http.get("/api/bots")).json() == {"bots": []}
        # A guest has no account, a bot is no person: neither makes bots.
        assert error(await guest.post("/api/bots", {"name": "x1"})) == (403, "not-person")
        assert error(await bot.post("/api/bots", {"name": "x2"})) == (403, "not-person")
        # Names are unique among every account's, in any case.
        assert error(await bea.post("/api/bots", {"name": "PEGGER9"})) == (409, "name-taken")
        assert error(await bea.post("/api/bots", {"name": "ann"})) == (409, "name-taken")
        assert error(await bea.post("/api/bots", {"name": "a b"})) == (400, "bad-login")
        # A bot plays where it is invited: no tables of its own, no seat uninvited, no
        # rename (its name stays marked as a bot's).
        made = await ann.post("/api/tables", {"game": "cribbage", "seats": ["open", "open"]})
        table_id = made.json()["table"]["id"]
        assert error(await bot.post("/api/tables", {"game": "cribbage", "seats": ["open"]})) == (
            403,
            "bot-refused",
        )
        assert error(await bot.post(f"/api/tables/{table_id}/sit")) == (403, "bot-refused")
        assert error(await bot.http.patch("/api/account", json={"name": "Ann"})) == (
            403,
            "bot-refused",
        )
        assert error(await ann.http.get("/api/bot/invitations")) == (403, "not-bot")
        # Invitations: by someone seated, by name, to an open seat.
        assert error(await bea.post(f"/api/tables/{table_id}/invitations", {"bot": "pegger9"})) == (
            403,
            "not-seated",
        )
        assert error(await ann.post(f"/api/tables/{table_id}/invitations", {"bot": "nobody"})) == (
            404,
            "no-bot",
        )
        assert error(
            await ann.post(f"/api/tables/{table_id}/invitations", {"bot": "pegger9", "seat": 0})
        ) == (409, "seat-taken")
        invited = await ann.post(f"/api/tables/{table_id}/invitations", {"bot": "Pegger9"})
        assert (invited.json()["seat"], invited.json()["by"]) == (1, "Ann")
        pending = (await bot.http.get("/api/bot/invitations")).json()["invitations"]
        assert [(i["table"], i["seat"], i["game"]) for i in pending] == [(table_id, 1, "cribbage")]
        accepted = await bot.accept_first()
        assert accepted["seat"] == 1
        assert [s["name"] for s in accepted["table"]["seats"]] == ["Ann", "BOT pegger9"]
        assert (await bot.http.get("/api/bot/invitations")).json() == {"invitations": []}
        for client in (ann, bea, guest, bot):
            await client.close()

    asyncio.run(go())
