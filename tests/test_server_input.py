"""Bad input at the server (issue 15): malformed JSON, unknown message types, huge messages, a
wrong Origin, someone else's seat, a move for a finished table, an invalid option, forged
cookies: each gets a clear error and changes nothing."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardtable.cards import parse_card, pretty
from server_harness import LiveServer, Player


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("server")
    with LiveServer(f"sqlite+aiosqlite:///{folder / 'server.db'}") as live:
        yield live


async def _two_at_a_table(
    server: LiveServer, extra: dict[str, Any] | None = None
) -> tuple[str, Player, Player]:
    ann = await Player(server.base, "Ann").guest()
    bob = await Player(server.base, "Bob").guest()
    made = await ann.post(
        "/api/tables",
        {"game": "cribbage", "options": {"target": 61}, "seats": ["open", "open"], **(extra or {})},
    )
    table = made.json()["table"]["id"]
    assert (await bob.post(f"/api/tables/{table}/sit")).json() == {"seat": 1}
    await ann.connect(table)
    await bob.connect(table)
    assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
    await ann.until("view")
    await bob.until("view")
    return table, ann, bob


async def _state(player: Player) -> dict[str, Any]:
    """A full view, to compare before and after a refusal."""
    await player.send({"type": "sync"})
    view = await player.until("view")
    return {k: v for k, v in view.items() if k != "players"}


def test_bad_messages_get_clear_errors_and_change_nothing(server: LiveServer) -> None:
    async def scenario() -> None:
        table, ann, bob = await _two_at_a_table(server)
        before = await _state(ann)
        cases: list[tuple[Player, str, str, str]] = [
            (ann, "{not json", "bad-message", "a message must be one JSON object"),
            (ann, "[1, 2]", "bad-message", "a message must be one JSON object"),
            (ann, '{"type": "dance"}', "bad-message", "unknown message type 'dance'"),
            (ann, '{"type": "move", "ply": 0}', "bad-message", "bad move message: move"),
            (ann, '{"type": "move", "ply": -1, "move": "x"}', "bad-message", "ply"),
            (ann, json.dumps({"type": "chat", "text": "x" * 5000}), "too-big", "4096 bytes"),
            # Not Ann's turn: seat 1 (the pone) lays away first... whichever seat it is not.
            (bob, '{"type": "move", "ply": 7, "move": "discard 2H 4C"}', "stale", "move 7"),
            (ann, '{"type": "move", "ply": 0, "move": "fly me"}', "illegal-move", "malformed"),
        ]
        for player, raw, code, words in cases:
            assert player.ws is not None
            await player.ws.send(raw)
            answer = await player.until("error")
            assert answer["code"] == code and words in answer["message"], (raw, answer)
        # A stale move is answered with a full view too.
        assert (await bob.until("view"))["ply"] == 0
        # The seat not to move is told so, and a card not in hand is refused by name only.
        to_move = before["to_move"]
        idle, mover = (bob, ann) if to_move == 0 else (ann, bob)
        await idle.send({"type": "move", "ply": 0, "move": "discard 2H 4C"})
        assert (await idle.until("error"))["code"] == "not-your-seat"
        # Two cards the mover does not hold (the deal is drawn anew each run).
        held = set((await _state(mover))["observation"]["hand"])
        absent = [c for c in ("AS", "AH", "KS", "KH", "QS", "QH", "JS", "JH") if c not in held]
        absent = sorted(absent[:2], key=parse_card)  # the order a refusal names them in
        await mover.send({"type": "move", "ply": 0, "move": f"discard {absent[0]} {absent[1]}"})
        refused = await mover.until("error")
        assert refused["code"] == "illegal-move"
        # Players read card names with suit symbols, not notation.
        named = [pretty(parse_card(c)) for c in absent]
        assert refused["message"] == f"{named[0]} and {named[1]} are not in your hand"
        assert await _state(ann) == before
        await ann.close()
        await bob.close()
        assert table

    asyncio.run(scenario())


def test_a_spectator_cannot_move_and_a_finished_table_takes_no_moves(server: LiveServer) -> None:
    async def scenario() -> None:
        table, ann, bob = await _two_at_a_table(server)
        eve = await Player(server.base, "Eve").guest()
        await eve.connect(table)
        view = await eve.until("view")
        assert view["seat"] is None and "hand" not in view["observation"]
        await eve.send({"type": "move", "ply": view["ply"], "move": "discard 2H 4C"})
        assert (await eve.until("error"))["code"] == "not-your-seat"
        # Someone else's seat cannot be taken once the game runs.
        taken = await eve.post(f"/api/tables/{table}/sit", {"seat": 0})
        assert taken.status_code == 409 and taken.json()["error"]["code"] == "started"
        for player in (ann, bob):
            await player.send({"type": "sync"})  # a full view, to play from
        await asyncio.gather(ann.play_out(random.Random(1)), bob.play_out(random.Random(2)))
        for player in (ann, bob, eve):
            await player.close()
        # Over: a late comer sees the end, and a move is answered "game over".
        late = await Player(server.base, "Late").guest()
        await late.connect(table)
        final = await late.until("view")
        assert final["status"] == "over" and final["result"] is not None
        await late.send({"type": "move", "ply": final["ply"], "move": "pass"})
        assert (await late.until("error"))["code"] == "not-your-seat"
        await ann.connect(table)
        await ann.until("view")
        await ann.send({"type": "move", "ply": final["ply"], "move": "pass"})
        assert (await ann.until("error"))["code"] == "game-over"
        await ann.close()
        record = await late.http.get(f"/api/tables/{table}/record")
        assert record.status_code == 200 and record.json()["format"] == "cardtable-record/1"
        assert "seed" in record.json()  # the record has it, once the game is over
        await late.close()

    asyncio.run(scenario())


def test_wrong_origin_and_forged_cookies_are_refused(server: LiveServer) -> None:
    async def scenario() -> None:
        table, ann, bob = await _two_at_a_table(server)
        with pytest.raises(InvalidStatus):
            await ann.connect(table, origin="http://evil.example")
        await ann.connect(table, origin=server.base)  # the server's own page may
        assert (await ann.until("view"))["seat"] == 0
        forged = httpx.AsyncClient(base_url=server.base)
        forged.cookies.set("cardtable_user", ann.cookie[:-2] + "xx")
        answer = await forged.get("/api/me")
        assert answer.status_code == 401
        assert answer.json()["error"]["message"] == "say who you are first: POST /api/guest"
        await forged.aclose()
        for player in (ann, bob):
            await player.close()

    asyncio.run(scenario())


def test_a_flood_is_slowed_then_cut(server: LiveServer) -> None:
    async def scenario() -> None:
        table, ann, bob = await _two_at_a_table(server)
        assert ann.ws is not None
        with pytest.raises(ConnectionClosed):
            for _ in range(400):
                await ann.ws.send('{"type": "ping"}')
            while True:
                await ann.receive(timeout=10)
        codes = {f.get("code") for f in ann.frames if f["type"] == "error"}
        assert codes == {"too-fast"}
        await bob.close()
        assert table

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("body", "language", "status", "message"),
    [
        (
            {"game": "cribbage", "options": {"target": 7}, "seats": ["open", "rules"]},
            "en",
            400,
            "option 'target' does not allow 7; allowed: 121, 61",
        ),
        (
            {"game": "cribbage", "options": {"target": 7}, "seats": ["open", "rules"]},
            "ja",
            400,
            "オプション 'target' に 7 は指定できません。指定できる値: 121, 61",
        ),
        (
            {"game": "poker", "seats": ["open"]},
            "en",
            400,
            "unknown game 'poker'; games: calypso, cribbage, kloepper, krypkasino",
        ),
        (
            {"game": "cribbage", "seats": ["open", "wizard"]},
            "en",
            400,
            "no bot 'wizard' for cribbage",
        ),
        (
            {"game": "cribbage", "seats": ["open"]},
            "en",
            400,
            "Cribbage with these options seats 2; 1 seats were given",
        ),
        (
            {"game": "cribbage", "seats": ["rules", "rules"]},
            "en",
            400,
            "leave at least one seat open for yourself",
        ),
    ],
)
def test_a_bad_table_is_refused_in_the_asker_language(
    server: LiveServer, body: dict[str, Any], language: str, status: int, message: str
) -> None:
    async def scenario() -> None:
        ann = await Player(server.base, "Ann", language).guest()
        answer = await ann.post("/api/tables", body)
        assert answer.status_code == status
        assert message in answer.json()["error"]["message"]
        await ann.close()

    asyncio.run(scenario())


def test_names_are_inert_text(server: LiveServer) -> None:
    async def scenario() -> None:
        odd = await Player(server.base, "<b>Ann</b>\x1b[2J\u202e").guest()
        me = (await odd.http.get("/api/me")).json()
        assert me["name"] == "<b>Ann</b>[2J"  # control characters dropped, the rest as given
        blank = Player(server.base, "\x1b\x07")
        with pytest.raises(httpx.HTTPStatusError):
            await blank.guest()
        await odd.close()
        await blank.close()

    asyncio.run(scenario())


def test_chat_keeps_players_and_spectators_apart(server: LiveServer) -> None:
    async def scenario() -> None:
        table, ann, bob = await _two_at_a_table(server)
        eve = await Player(server.base, "Eve").guest()
        await eve.connect(table)
        await eve.until("view")
        await ann.send({"type": "chat", "text": "good luck\x1b[2J"})
        heard = await bob.until("chat")
        assert (heard["from"], heard["seat"], heard["text"]) == ("Ann", 0, "good luck[2J")
        assert (await ann.until("chat"))["text"] == "good luck[2J"
        await eve.send({"type": "chat", "text": "go Bob"})
        assert (await eve.until("chat"))["text"] == "go Bob"
        await ann.send({"type": "chat", "text": "y" * 301})
        assert (await ann.until("error"))["code"] == "bad-message"
        await ann.send({"type": "ping"})
        assert (await ann.until("pong"))["type"] == "pong"
        # The spectators' line never reached the players, nor the players' the spectator.
        assert [f["text"] for f in bob.frames if f["type"] == "chat"] == ["good luck[2J"]
        assert [f["text"] for f in eve.frames if f["type"] == "chat"] == ["go Bob"]
        for player in (ann, bob, eve):
            await player.close()

    asyncio.run(scenario())


def test_a_rematch_seats_everyone_again_with_the_loser_dealing(server: LiveServer) -> None:
    async def scenario() -> None:
        clock = {"bank": 3600, "increment": 5}
        table, ann, bob = await _two_at_a_table(server, {"clock": clock})
        early = await ann.post(f"/api/tables/{table}/rematch")
        assert early.status_code == 409 and early.json()["error"]["code"] == "not-over"
        for player in (ann, bob):
            await player.send({"type": "sync"})
        a, _b = await asyncio.gather(ann.play_out(random.Random(3)), bob.play_out(random.Random(4)))
        scores = a["result"]["scores"]
        loser = scores.index(min(scores))
        again = await bob.post(f"/api/tables/{table}/rematch")
        assert again.status_code == 200, again.text
        new = again.json()["table"]
        assert new["options"]["dealer"] == loser and new["options"]["target"] == 61
        assert new["clock"] == clock
        assert [s["name"] for s in new["seats"]] == ["Ann", "Bob"]
        told = await ann.until("rematch")
        assert told["table"] == new["id"]
        started = await bob.post(f"/api/tables/{new['id']}/start")
        assert started.status_code == 200 and started.json()["status"] == "playing"
        # Every bank starts full again.
        banks = [s["clock_ms"] for s in started.json()["seats"]]
        assert all(3_590_000 < b <= 3_600_000 for b in banks)
        for player in (ann, bob):
            await player.close()

    asyncio.run(scenario())


def test_a_huge_request_body_is_refused_unread(server: LiveServer) -> None:
    answer = httpx.post(
        f"{server.base}/api/guest",
        content=b'{"name": "' + b"x" * 100_000 + b'"}',
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "too-big"


def test_a_guest_changes_language_and_the_server_answers_in_it(server: LiveServer) -> None:
    async def scenario() -> None:
        ann = await Player(server.base, "Ann").guest()
        changed = await ann.post("/api/me/language", {"language": "ja"})
        assert changed.json()["language"] == "ja"
        answer = await ann.post("/api/tables", {"game": "poker", "seats": ["open"]})
        assert answer.json()["error"]["message"].startswith("不明なゲーム 'poker'")
        refused = await ann.post("/api/me/language", {"language": "fr"})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad-request"
        await ann.close()

    asyncio.run(scenario())


def test_the_cookie_is_http_only_and_secure_when_asked(tmp_path: Path) -> None:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'secure.db'}") as live:
        plain = httpx.post(f"{live.base}/api/guest", json={"name": "Ann"})
        cookie = plain.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "secure" not in cookie
        live.settings.secure_cookie = True
        secure = httpx.post(f"{live.base}/api/guest", json={"name": "Bob"})
        assert "; secure" in secure.headers["set-cookie"].lower()
