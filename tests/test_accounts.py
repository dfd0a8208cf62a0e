"""Accounts (issue 28): a guest makes an account and keeps their games, signs in elsewhere, signs
out here or everywhere, renames, deletes; passwords and the sign-in rate limit; mutes; and a
database made before accounts (revision 0004) keeps its guests' games."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine

from cardtable.server.accounts_rules import ARGON2_ENV
from cardtable.server.app import COOKIE
from cardtable.server.models import now
from cardtable.server.protocol import TableIn
from postgres_harness import postgres_url
from server_harness import LiveServer, Player

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def cheap_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    # The production cost (t=3, m=64 MiB, p=4) takes a quarter second a hash on this machine.
    monkeypatch.setenv(ARGON2_ENV, "t=1,m=8,p=1")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


def _guest(server: LiveServer, name: str) -> httpx.Client:
    web = httpx.Client(base_url=server.base)
    assert web.post("/api/guest", json={"name": name}).status_code == 200
    return web


def _finished_table(server: LiveServer, *user_ids: str) -> str:
    """A two-seat table of these users, finished (seat 0 won), as the database keeps it."""

    async def go() -> str:
        hub = server.app.state.hub
        first, *others = [await hub.store.user(i) for i in user_ids]
        seats = ["open"] * (1 + len(others)) + ["random"] * (1 - len(others))
        room, _invite, _seat = await hub.create(first, TableIn(game="cribbage", seats=seats))
        for other in others:
            await room.sit(other, None)
        result = {"winners": [0], "scores": [121, 97]}
        await hub.store.set_status(room.id, "over", result=result, finished=now())
        hub.rooms.pop(room.id)  # a finished table is read back from the database
        return str(room.id)

    return server.call(go())


def _games(web: httpx.Client) -> list[tuple[str, int, bool]]:
    answer = web.get("/api/me/games")
    assert answer.status_code == 200, answer.text
    return [(g["table"], g["seat"], g["won"]) for g in answer.json()["games"]]


def _error(answer: httpx.Response) -> tuple[int, str, str]:
    error = answer.json()["error"]
    return answer.status_code, error["code"], error["message"]


@pytest.fixture(params=["sqlite", "postgresql"])
def any_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    if request.param == "sqlite":
        with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
            yield live
    else:
        with postgres_url() as url, LiveServer(url) as live:
            yield live


def test_a_guest_keeps_their_games_in_an_account_and_signs_in_elsewhere(
    any_server: LiveServer,
) -> None:
    server = any_server
    ann = _guest(server, "Ann")
    me = ann.get("/api/me").json()
    table = _finished_table(server, me["id"])
    assert _games(ann) == [(table, 0, True)]

    made = ann.post("/api/account", json={"login": "Ann_B", "password": PASSWORD})
    assert made.status_code == 200, made.text
    assert made.json() == {
        "id": me["id"],
        "name": "Ann",
        "language": "en",
        "kind": "person",
        "login": "Ann_B",
        "banned": False,
        "sessions": 1,
        "show_name": False,
    }
    assert _games(ann) == [(table, 0, True)]  # the same user: the game stays theirs

    # Another device signs in (the name in any case) and sees the same games.
    phone = httpx.Client(base_url=server.base)
    signed = phone.post("/api/signin", json={"login": "ann_b", "password": PASSWORD})
    assert signed.status_code == 200, signed.text
    assert (signed.json()["id"], signed.json()["sessions"]) == (me["id"], 2)
    assert _games(phone) == [(table, 0, True)]

    # A second account of one name, in any case, is refused; so is a second account.
    bob = _guest(server, "Bob")
    taken = bob.post("/api/account", json={"login": "ANN_b", "password": PASSWORD})
    assert _error(taken) == (409, "name-taken", "that sign-in name is taken; choose another")
    again = ann.post("/api/account", json={"login": "ann2", "password": PASSWORD})
    assert _error(again) == (409, "not-guest", "you have an account already")

    # A wrong password and an unknown name are refused alike.
    wrong = {"error": {"code": "wrong-sign-in", "message": "wrong sign-in name or password"}}
    bad = httpx.post(f"{server.base}/api/signin", json={"login": "ann_b", "password": "nope!"})
    assert (bad.status_code, bad.json()) == (401, wrong)
    nobody = httpx.post(f"{server.base}/api/signin", json={"login": "zed", "password": PASSWORD})
    assert (nobody.status_code, nobody.json()) == (401, wrong)


def test_passwords_and_names_are_checked(server: LiveServer) -> None:
    ann = _guest(server, "Ann")

    def refused(login: str, password: str) -> tuple[int, str, str]:
        return _error(ann.post("/api/account", json={"login": login, "password": password}))

    assert refused("ann", "kx8#mQ") == (400, "bad-password", "a password has at least 8 characters")
    assert refused("ann", "x" * 257) == (
        400,
        "bad-password",
        "a password has at most 256 characters",
    )
    common = "this password is one of the commonest passwords; choose another"
    assert refused("ann", "password1") == (400, "bad-password", common)
    assert refused("ann", "iloveyou") == (400, "bad-password", common)
    assert refused("annabelle", "Annabelle") == (
        400,
        "bad-password",
        "a password may not be your name",
    )
    assert refused("ann", "sunshine2")[2].startswith("this password is too easy to guess")
    rule = "a sign-in name is 2 to 24 letters, digits, dots, dashes or underscores"
    assert refused("a", PASSWORD) == (400, "bad-login", rule)
    assert refused("ann smith", PASSWORD) == (400, "bad-login", rule)
    assert (
        ann.post("/api/account", json={"login": "ann", "password": "kx8#mQ2z"}).status_code == 200
    )


def test_the_sign_in_limit_trips_at_ten_failures_and_says_when_to_retry(
    server: LiveServer,
) -> None:
    ann = _guest(server, "Ann")
    assert ann.post("/api/account", json={"login": "ann", "password": PASSWORD}).status_code == 200
    thief = httpx.Client(base_url=server.base)
    for _ in range(10):
        answer = thief.post("/api/signin", json={"login": "ann", "password": "guess-guess"})
        assert answer.status_code == 401
    # The eleventh is refused before its password is read: the right one too.
    for password in ("guess-guess", PASSWORD):
        answer = thief.post("/api/signin", json={"login": "ANN", "password": password})
        status, code, message = _error(answer)
        assert (status, code) == (429, "too-many-tries")
        wait = int(answer.headers["retry-after"])
        assert 890 <= wait <= 900
        assert message.startswith(
            "too many failed sign-ins: at most 10 in 15 minutes for one account or one address; "
            f"try again in {wait} seconds (at "
        )
    # The address is limited too: a name never tried is refused from here.
    other = thief.post("/api/signin", json={"login": "someone", "password": PASSWORD})
    assert _error(other)[:2] == (429, "too-many-tries")


def test_sign_out_ends_this_session_and_everywhere_ends_all(server: LiveServer) -> None:
    laptop = _guest(server, "Ann")
    assert (
        laptop.post("/api/account", json={"login": "ann", "password": PASSWORD}).status_code == 200
    )
    devices = [httpx.Client(base_url=server.base) for _ in range(2)]
    for device in devices:
        assert (
            device.post("/api/signin", json={"login": "ann", "password": PASSWORD}).status_code
            == 200
        )
    assert laptop.get("/api/account").json()["sessions"] == 3

    # Signing out here ends this device's session only; its old cookie opens nothing.
    kept = devices[0].cookies[COOKIE]
    assert devices[0].post("/api/signout").json() == {"ok": True}
    stale = httpx.get(f"{server.base}/api/me", cookies={COOKIE: kept})
    assert stale.status_code == 401
    assert laptop.get("/api/account").json()["sessions"] == 2

    # Everywhere: the laptop's cookie, held on, stops working as well.
    assert devices[1].post("/api/signout-all").json() == {"ok": True, "ended": 2}
    assert laptop.get("/api/me").status_code == 401
    assert devices[1].get("/api/me").status_code == 401


def test_a_cookie_from_before_sessions_works_for_its_guest_until_they_make_an_account(
    server: LiveServer,
) -> None:
    ann = _guest(server, "Ann")
    user_id = ann.get("/api/me").json()["id"]
    old = server.app.state.edge.sign(user_id)  # what the guest route set before accounts
    assert httpx.get(f"{server.base}/api/me", cookies={COOKIE: old}).json()["id"] == user_id
    assert ann.post("/api/account", json={"login": "ann", "password": PASSWORD}).status_code == 200
    assert httpx.get(f"{server.base}/api/me", cookies={COOKIE: old}).status_code == 401
    assert ann.get("/api/me").json()["id"] == user_id


def test_rename_and_delete_keep_the_games_under_an_anonymous_name(server: LiveServer) -> None:
    ann, bob = _guest(server, "Ann"), _guest(server, "Bob")
    ann_id = ann.get("/api/me").json()["id"]
    table = _finished_table(server, ann_id, bob.get("/api/me").json()["id"])
    assert ann.post("/api/account", json={"login": "ann", "password": PASSWORD}).status_code == 200

    renamed = ann.patch("/api/account", json={"name": " Annie "})
    assert (renamed.json()["name"], renamed.json()["login"]) == ("Annie", "ann")
    names = [s["name"] for s in bob.get(f"/api/tables/{table}").json()["seats"]]
    assert names == ["Annie", "Bob"]

    wrong = ann.request("DELETE", "/api/account", json={"password": "not-mine-at-all"})
    assert _error(wrong) == (401, "wrong-sign-in", "wrong sign-in name or password")
    gone = ann.request("DELETE", "/api/account", json={"password": PASSWORD})
    assert gone.json() == {"ok": True}
    assert ann.get("/api/me").status_code == 401
    again = httpx.post(f"{server.base}/api/signin", json={"login": "ann", "password": PASSWORD})
    assert again.status_code == 401
    # The game is still theirs, under the anonymous name, and still the other player's.
    names = [s["name"] for s in bob.get(f"/api/tables/{table}").json()["seats"]]
    assert names == ["Former player", "Bob"]
    # Shown in the reader's language; and nobody may take the name to pose as one.
    kenji = httpx.Client(base_url=server.base)
    assert kenji.post("/api/guest", json={"name": "Kenji", "language": "ja"}).status_code == 200
    names = [s["name"] for s in kenji.get(f"/api/tables/{table}").json()["seats"]]
    assert names == ["元プレイヤー", "Bob"]
    for pose in ("former PLAYER", "元プレイヤー"):
        refused = httpx.post(f"{server.base}/api/guest", json={"name": pose})
        assert _error(refused) == (
            400,
            "bad-name",
            f'"{pose}" is the name of deleted accounts: choose another',
        )
    assert _games(bob) == [(table, 1, False)]
    seats = server.call(server.app.state.hub.store.seats(table))
    assert seats[0].user_id == ann_id
    # The name is free again.
    carol = _guest(server, "Carol")
    assert (
        carol.post("/api/account", json={"login": "ANN", "password": PASSWORD}).status_code == 200
    )


async def _chat_round(base: str) -> dict[str, list[str]]:
    """Ann, Bob and Cy at one table; Bob mutes Ann; what each then reads."""
    people = {n: await Player(base, n).guest() for n in ("Ann", "Bob", "Cy")}
    ann, bob, cy = people.values()
    made = await ann.post(
        "/api/tables", {"game": "calypso", "seats": ["open", "open", "open", "random"]}
    )
    table = made.json()["table"]["id"]
    for person in (bob, cy):
        assert (await person.post(f"/api/tables/{table}/sit")).status_code == 200
    for person in people.values():
        await person.connect(table)
        await person.until("chat_log")
    await ann.send({"type": "chat", "text": "hello"})
    await ann.until("chat")
    line = (await bob.until("chat"))["id"]
    await cy.until("chat")
    muted = await bob.post("/api/mutes", {"line": line})
    assert muted.json() == {
        "muted": [{"id": (await ann.http.get("/api/me")).json()["id"], "name": "Ann"}]
    }
    await ann.send({"type": "chat", "text": "anyone there?"})
    await cy.send({"type": "chat", "text": "yes"})
    read: dict[str, list[str]] = {}
    for name, person in people.items():
        texts: list[str] = []
        while len(texts) < (1 if name == "Bob" else 2):
            message = await person.until("chat")
            texts.append(f"{message['from']}: {message['text']}")
        read[name] = texts
    # A log read afresh leaves out the muted author's lines too.
    await bob.ws.close()  # type: ignore[union-attr]
    await bob.connect(table)
    log = await bob.until("chat_log")
    read["Bob's log"] = [f"{line['from']}: {line['text']}" for line in log["lines"]]
    mine = await ann.post("/api/mutes", {"line": line})
    read["Ann mutes herself"] = [mine.json()["error"]["message"]]
    for person in people.values():
        await person.close()
    return read


def test_a_mute_hides_the_lines_for_the_muter_only(server: LiveServer) -> None:
    read = asyncio.run(_chat_round(server.base))
    assert read == {
        "Ann": ["Ann: anyone there?", "Cy: yes"],
        "Bob": ["Cy: yes"],
        "Cy": ["Ann: anyone there?", "Cy: yes"],
        "Bob's log": ["Cy: yes"],
        "Ann mutes herself": ["you cannot mute yourself"],
    }


def _alembic(url: str, revision: str) -> None:
    """Migrate to ``revision`` as the server does (SQLite's foreign keys checked)."""
    config = Config()
    folder = Path(__file__).parents[1] / "src/cardtable/server/migrations"
    config.set_main_option("script_location", str(folder))
    engine = create_engine(url)
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA foreign_keys=ON")
        connection.commit()
        with connection.begin():
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    engine.dispose()


def test_a_database_made_at_0004_keeps_its_guests_and_their_games(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    _alembic(f"sqlite:///{path}", "0004")
    when = datetime(2026, 11, 30, 12, tzinfo=UTC).isoformat(sep=" ")
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO users (id, name, language, created_at) VALUES ('u1', 'Old Ann', 'en', ?)",
            (when,),
        )
        db.execute(
            "INSERT INTO tables (id, game, options, deal, status, listed, invite_hash, created_by,"
            " bot_pause, marked, turn_based, result, created_at, started_at, finished_at)"
            " VALUES ('t1', 'cribbage', '{}', '{\"seed\": 7}', 'over', 0, 'h', 'u1', 0.6, 0, 0,"
            ' \'{"winners": [0], "scores": [121, 80]}\', ?, ?, ?)',
            (when, when, when),
        )
        db.execute(
            "INSERT INTO seats (table_id, seat, kind, user_id) VALUES ('t1', 0, 'human', 'u1')"
        )
        db.execute(
            "INSERT INTO seats (table_id, seat, kind, bot) VALUES ('t1', 1, 'bot', 'random')"
        )
    with LiveServer(f"sqlite+aiosqlite:///{path}") as server:  # migrates to the newest
        old = httpx.Client(base_url=server.base, cookies={COOKIE: server.app.state.edge.sign("u1")})
        assert old.get("/api/me").json() == {"id": "u1", "name": "Old Ann", "language": "en"}
        assert old.get("/api/account").json()["kind"] == "guest"
        assert _games(old) == [("t1", 0, True)]
        made = old.post("/api/account", json={"login": "oldann", "password": PASSWORD})
        assert (made.json()["id"], made.json()["kind"]) == ("u1", "person")
        assert _games(old) == [("t1", 0, True)]
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT kind, login, banned FROM users WHERE id = 'u1'").fetchone()
    assert row == ("person", "oldann", 0)
