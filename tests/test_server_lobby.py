"""What the browser's table and lobby are given (issue 25): the chat back after a reload, the
players told who watches, an invitation that seats its opener, a lobby that tells the truth
(games a bot keeps your seat in, options in words, age, who is present, Start for a full
table, tables their creator has left left out, games to watch) and a session asked without
an error."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.server.hub import Hub
from cardtable.server.protocol import ChatLogOut, LobbyOut, PresenceOut, SessionOut, ViewOut
from server_harness import LiveServer, Player


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


def _hub(server: LiveServer) -> Hub:
    hub: Hub = server.app.state.hub
    return hub


async def _cribbage(ann: Player, listed: bool = True, rated: bool = False) -> tuple[str, str]:
    """A two-seat Cribbage table to 61 made by Ann: its id and its invitation."""
    made = await ann.post(
        "/api/tables",
        {
            "game": "cribbage",
            "options": {"target": 61},
            "seats": ["open", "open"],
            "listed": listed,
            "rated": rated,
        },
    )
    assert made.status_code == 200, made.text
    return made.json()["table"]["id"], made.json()["invite"]


async def _lobby(person: Player) -> dict[str, Any]:
    answer = await person.http.get("/api/lobby")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    LobbyOut.model_validate(body)
    return body


def _lines(frame: dict[str, Any]) -> list[tuple[str, str]]:
    ChatLogOut.model_validate(frame)
    return [(line["from"], line["text"]) for line in frame["lines"]]


def _again(server: LiveServer, person: Player) -> Player:
    """The same person in a new page (a reload): the cookie kept, a new connection."""
    page = Player(server.base, person.name)
    page.cookie = person.cookie
    page.http.cookies.set("cardtable_user", person.cookie)
    return page


async def _enter(person: Player, table: str) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """Connect: the first view, and the chat log that follows it at once."""
    await person.connect(table)
    view = await person.until("view", seats=True)
    ViewOut.model_validate(view)
    log = await person.receive()
    return view, _lines(log)


def test_chat_comes_back_to_each_room_and_players_see_who_watches(server: LiveServer) -> None:
    async def scenario() -> None:
        ann, bob, eve, dan = [
            await Player(server.base, name).guest() for name in ("Ann", "Bob", "Eve", "Dan")
        ]
        table, invite = await _cribbage(ann)
        assert (await bob.post(f"/api/join/{invite}")).json()["seat"] == 1
        for person in (ann, bob):
            view, lines = await _enter(person, table)
            assert (view["watchers"], view["spectators"], lines) == ([], 0, [])
        await ann.send({"type": "chat", "text": "hi Bob"})
        assert (await bob.until("chat"))["text"] == "hi Bob"
        # Eve watches in two tabs, and Dan: the players are told each name once.
        eve2 = _again(server, eve)
        for watcher in (eve, eve2, dan):
            view, lines = await _enter(watcher, table)
            assert lines == []  # the players' room is not the spectators'
        presence = await ann.until("presence")
        while presence["spectators"] < 3:
            presence = await ann.until("presence")
        PresenceOut.model_validate(presence)
        assert presence["watchers"] == ["Dan", "Eve"]
        await eve.send({"type": "chat", "text": "go Bob"})
        assert (await dan.until("chat"))["text"] == "go Bob"
        # Bob reloads: the players' room comes back with his view.
        await bob.close()
        bob2 = _again(server, bob)
        view, lines = await _enter(bob2, table)
        assert (view["watchers"], view["spectators"], lines) == (
            ["Dan", "Eve"],
            3,
            [("Ann", "hi Bob")],
        )
        assert bob2.frames[-1]["lines"][0]["at"].endswith("+00:00")
        # Dan reloads: the spectators' room, only.
        await dan.close()
        dan2 = _again(server, dan)
        assert (await _enter(dan2, table))[1] == [("Eve", "go Bob")]
        for person in (ann, bob2, eve, eve2, dan2):
            await person.close()

    asyncio.run(scenario())


def test_a_seat_taken_moves_the_chat_room_and_the_log_is_bounded(server: LiveServer) -> None:
    async def scenario() -> None:
        ann, cat = (
            await Player(server.base, "Ann").guest(),
            await Player(server.base, "Cat").guest(),
        )
        table, _invite = await _cribbage(ann)
        await ann.connect(table)
        await ann.until("view", seats=True)
        await ann.receive()
        hub = _hub(server)
        ann_id = (await ann.http.get("/api/me")).json()["id"]
        for i in range(105):
            server.call(hub.store.add_chat(table, ann_id, "players", f"line {i}"))
        await cat.connect(table)  # not seated yet: she watches
        await cat.until("view", seats=True)
        assert _lines(await cat.receive()) == []
        assert (await cat.post(f"/api/tables/{table}/sit")).status_code == 200
        # Her connection moves to the seat: a whole view of it, then the players' room.
        seated = await cat.until("view", seats=True)
        assert seated["seat"] == 1 and seated["first_event"] == 0
        log = await cat.until("chat_log")
        assert len(log["lines"]) == 100
        assert log["lines"][0]["text"] == "line 5" and log["lines"][-1]["text"] == "line 104"
        for person in (ann, cat):
            await person.close()

    asyncio.run(scenario())


def test_the_lobby_tells_the_truth(server: LiveServer) -> None:
    async def scenario() -> None:
        ann, bob, cat = [await Player(server.base, n).guest() for n in ("Ann", "Bob", "Cat")]
        table, invite = await _cribbage(ann)
        hub = _hub(server)
        # Listed, in words, with its age; nobody connected yet.
        [entry] = (await _lobby(cat))["open"]
        assert entry["id"] == table
        assert entry["options_text"] == [
            "Target score: 61 points",
            "Skunk rule: ACC: a skunk at 31 points ahead, a double at 61",
            "Muggins: off",
            "Games in the match: 1",
        ]
        assert entry["created_at"].endswith("+00:00")
        assert entry["present"] == [] and entry["can_start"] is False and entry["held"] is False
        assert entry["rated"] is False
        await _enter(ann, table)
        assert (await _lobby(cat))["open"][0]["present"] == ["Ann"]
        # The invitation seats Bob; the full table says Start to its creator only.
        joined = await bob.post(f"/api/join/{invite}")
        assert joined.json()["seat"] == 1 and joined.json()["table"]["your_seat"] == 1
        again = await bob.post(f"/api/join/{invite}")
        assert again.json()["seat"] == 1  # opening it twice keeps the one seat
        assert (await _lobby(ann))["open"][0]["can_start"] is True
        assert (await _lobby(bob))["open"][0]["can_start"] is False
        # Ann leaves for good: after a minute the table is no longer offered to others.
        await ann.close()
        await asyncio.sleep(0.2)
        room = hub.rooms[table]
        room.seen = {uid: t - 120 for uid, t in room.seen.items()}
        room.born -= 120
        assert (await _lobby(cat))["open"] == []
        assert [t["id"] for t in (await _lobby(bob))["open"]] == [table]  # he sits there
        # Ann comes back and starts; Cat may watch the game, Bob has it among his games.
        ann = _again(server, ann)
        await _enter(ann, table)
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        watch = (await _lobby(cat))["watch"]
        assert [(w["id"], w["title"], w["names"]) for w in watch] == [
            (table, "Cribbage", ["Ann", "Bob"])
        ]
        assert watch[0]["started_at"].endswith("+00:00")
        bobs = await _lobby(bob)
        assert [t["id"] for t in bobs["playing"]] == [table] and bobs["watch"] == []
        # Bob is away; Ann hands his seat to a bot: his lobby offers it back.
        handed = await ann.post(f"/api/tables/{table}/seats/1/bot", {"bot": "rules"})
        assert handed.status_code == 200, handed.text
        [held] = (await _lobby(bob))["playing"]
        assert (held["id"], held["held"], held["held_for_you"], held["your_seat"]) == (
            table,
            True,
            1,
            None,
        )
        assert (await _lobby(bob))["watch"] == [] and (await _lobby(bob))["your_turn"] == []
        assert (await bob.post(f"/api/tables/{table}/reclaim")).json() == {"seat": 1}
        [back] = (await _lobby(bob))["playing"]
        assert (back["held"], back["your_seat"]) == (False, 1)
        await ann.close()

    asyncio.run(scenario())


def test_a_rated_table_says_so_in_the_lobby(server: LiveServer) -> None:
    async def scenario() -> None:
        dan, eve = [await Player(server.base, n).guest() for n in ("Dan", "Eve")]
        table, _invite = await _cribbage(dan, rated=True)
        entries = [e for e in (await _lobby(eve))["open"] if e["id"] == table]
        assert [e["rated"] for e in entries] == [True]

    asyncio.run(scenario())


def test_a_session_is_asked_without_an_error(server: LiveServer) -> None:
    async def scenario() -> None:
        ann = Player(server.base, "Ann")
        first = await ann.http.get("/api/session")
        assert (first.status_code, first.json()) == (200, {"user": None})
        assert (await ann.http.get("/api/me")).status_code == 401
        await ann.guest()
        known = (await ann.http.get("/api/session")).json()
        SessionOut.model_validate(known)
        assert (known["user"]["name"], known["user"]["language"]) == ("Ann", "en")

    asyncio.run(scenario())
