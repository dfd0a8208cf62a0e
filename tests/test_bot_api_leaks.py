"""No secrets on a bot's wire (issue 28, the wire leak test's bot case): a bot account that
sits by invitation and plays over its token receives the same frames in a twin deal that
differs only in cards its seat cannot see, and nothing before the end names the seed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import cardtable
from bot_api_harness import PASSWORD, BotPlayer, make_bot, person
from cardtable.server.accounts_rules import ARGON2_ENV
from cardtable.server.app import COOKIE
from cardtable.server.protocol import TableIn
from contract import twin
from server_harness import LiveServer, Player
from test_server_leaks import CASES, deal_of, partial_game

#: The bot's seat in every case.
BOT_SEAT = 1


@pytest.fixture(autouse=True)
def cheap_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ARGON2_ENV, "t=1,m=8,p=1")


async def bot_frames(
    server: LiveServer, name: str, options: dict[str, Any], deal: dict[str, Any], history: list[str]
) -> list[dict[str, Any]]:
    """Every view and error the bot account in :data:`BOT_SEAT` receives while ``history``
    is played, people in the other seats."""
    game = cardtable.load(name, **options)
    ann, token = await _owner_and_token(server)
    bot = BotPlayer(server.base, token)
    hub = server.app.state.hub
    creator = server.call(hub.store.user((await ann.http.get("/api/me")).json()["id"]))
    request = TableIn(game=name, options=options, seats=["open"] * game.num_players)
    table, _invite, _seat = server.call(hub.create(creator, request, deal))
    invited = await ann.post(f"/api/tables/{table.id}/invitations", {"bot": "leaky"})
    assert invited.json()["seat"] == BOT_SEAT
    await bot.accept_first()
    others = [await Player(server.base, f"P{i}").guest() for i in range(game.num_players - 2)]
    for other in others:
        assert (await other.post(f"/api/tables/{table.id}/sit")).status_code == 200
    seated = [ann, bot, *others]  # seat order: the creator 0, the bot 1, then the others
    for client in seated:
        await client.connect(table.id)
    for client in seated:
        await client.until("presence")
    assert (await ann.post(f"/api/tables/{table.id}/start")).status_code == 200
    views = {i: await client.until("view") for i, client in enumerate(seated)}
    for ply, move in enumerate(history):
        mover = next(i for i, v in views.items() if v["legal"])
        await seated[mover].send({"type": "move", "ply": ply, "move": move})
        for i, client in enumerate(seated):
            views[i] = await client.until("view")
    await bot.send({"type": "move", "ply": len(history) + 3, "move": "pass"})
    await bot.until("error")
    seen = [
        {k: v for k, v in f.items() if k not in ("table", "commitment")}
        for f in bot.frames
        if f["type"] in ("view", "error")
    ]
    for client in seated:
        await client.close()
    return seen


#: The bot's token, by server: one owner and one bot for every table, so that the names the
#: frames carry are the same in both twins.
_TOKENS: dict[int, str] = {}


async def _owner_and_token(server: LiveServer) -> tuple[Player, str]:
    """The owner (signed in again on this event loop) and the bot's token."""
    if server.port not in _TOKENS:
        ann = await person(server.base, "Ann")
        _bot_id, _TOKENS[server.port] = await make_bot(ann, "leaky")
        return ann, _TOKENS[server.port]
    ann = Player(server.base, "Ann")
    signed = await ann.post("/api/signin", {"login": "ann", "password": PASSWORD})
    assert signed.status_code == 200, signed.text
    ann.cookie = signed.cookies[COOKIE]
    return ann, _TOKENS[server.port]


@pytest.mark.parametrize(("name", "options", "moves"), CASES, ids=[c[0] for c in CASES])
def test_a_bot_connection_gets_the_same_frames_in_a_twin_deal(
    tmp_path: Path, name: str, options: dict[str, Any], moves: int
) -> None:
    checked = 0
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as server:
        for seed in range(40):
            run = partial_game(name, options, moves, seed)
            other = twin(run, BOT_SEAT)
            if other is None:
                continue
            real = asyncio.run(
                bot_frames(server, name, options, deal_of(run.state), list(run.state.history))
            )
            fake = asyncio.run(
                bot_frames(server, name, options, deal_of(other), list(other.history))
            )
            assert len(real) == len(fake) > len(run.state.history)
            for a, b in zip(real, fake, strict=True):
                assert a == b, f"the bot's seat tells the twins apart: {a} / {b}"
            for frame in real:
                assert "seed" not in frame and "decks" not in frame
            checked += 1
            if checked >= 2:
                break
    assert checked >= 2, f"too few twins found for {name}"
