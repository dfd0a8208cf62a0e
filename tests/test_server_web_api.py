"""What the server gives the browser client (issue 16): its pages and files behind strict
headers, its words, the games' catalogue, ``why`` and ``hint`` over the websocket, the view's
additions, replays of finished games, and ``cardtable serve --open``."""

from __future__ import annotations

import asyncio
import http.client
import json
import random
import re
import sys
import webbrowser
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import BaseModel

import cardtable
from cardtable.bots.levels import LEVELS
from cardtable.cli import serve as serve_cli
from cardtable.registry import games
from cardtable.server.protocol import (
    ErrorOut,
    HintOut,
    ReplayOut,
    TableIn,
    ViewOut,
    WhyOut,
)
from cardtable.server.web import (
    WEB,
    client_version,
    extract_strings,
    face_folder,
    versioned,
    web_strings,
)
from server_harness import LiveServer, Player

ROOT = Path(__file__).resolve().parents[1]
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


def _secured(answer: httpx.Response) -> None:
    assert answer.headers["content-security-policy"] == CSP
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["x-frame-options"] == "DENY"


# ---------------------------------------------------------------------- pages and files


def test_pages_files_and_api_answers_carry_the_security_headers(server: LiveServer) -> None:
    # The page as served points at the client's files by their version (cached for good).
    index = versioned((WEB / "index.html").read_text(), client_version()).encode()
    with httpx.Client(base_url=server.base) as web:
        for page in ("/", "/t/x", "/join/abc", "/replay/x", "/rules/cribbage"):
            answer = web.get(page)
            assert answer.status_code == 200, page
            assert answer.content == index
            assert answer.headers["content-type"].startswith("text/html")
            _secured(answer)
        script = web.get("/static/js/i18n.js")
        assert script.status_code == 200
        assert script.headers["content-type"].startswith("text/javascript")
        assert script.headers["cache-control"] == "no-cache"
        assert "etag" in script.headers
        _secured(script)
        again = web.get("/static/js/i18n.js", headers={"If-None-Match": script.headers["etag"]})
        assert again.status_code == 304
        _secured(again)
        icon = web.get("/static/favicon.svg")
        assert icon.status_code == 200
        assert icon.headers["content-type"].startswith("image/svg+xml")
        assert icon.text.lstrip().startswith("<svg")
        for answer in (web.get("/api/catalog"), web.get("/api/me"), web.get("/static/nothing")):
            _secured(answer)  # errors too
        assert web.get("/static/nothing").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server/app.py",
        "/static/%2e%2e/server/app.py",
        "/static/%2e%2e%2fserver%2fapp.py",
        "/static/..%2f..%2fserver/app.py",
        "/static/js/../../server/app.py",
        "/static//etc/passwd",
    ],
)
def test_the_static_files_stay_in_their_folder(server: LiveServer, path: str) -> None:
    # http.client sends the path as written (httpx would remove the dots itself).
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        body = answer.read()
    finally:
        connection.close()
    assert answer.status == 404, path
    assert b"create_app" not in body and b"root:" not in body


# ---------------------------------------------------------------------- words


def test_the_client_strings_come_from_its_javascript(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "a.js").write_text(
        'import { _, ngettext } from "./i18n.js";\n'
        'export const a = _("it is not your turn");\n'
        "const b = _(variable);\n"
        "const c = ngettext(\n"
        '  "{count} card in hand",\n'
        '  "{count} cards in hand",\n'
        "  n,\n"
        ");\n",
        encoding="utf-8",
    )
    (tmp_path / "games" / "b.js").write_text('show(_("spectators do not play"));\n')
    (tmp_path / "notes.txt").write_text('_("not a script")\n')
    assert extract_strings(tmp_path) == [
        "it is not your turn",
        "{count} card in hand",
        "spectators do not play",
    ]
    ja = web_strings("ja", tmp_path)
    assert ja["it is not your turn"] == "あなたの番ではありません"
    assert ja["{count} card in hand"] == "手札{count}枚"
    assert ja["spectators do not play"] != "spectators do not play"
    en = web_strings("en", tmp_path)
    assert en == {m: m for m in extract_strings(tmp_path)}


def test_the_strings_endpoint_serves_every_message_of_the_client(server: LiveServer) -> None:
    with httpx.Client(base_url=server.base) as web:
        ja = web.get("/api/strings", params={"language": "ja"})
        assert ja.status_code == 200
        _secured(ja)
        # The client's and every game's face's.
        faces = [f for f in (face_folder(g) for g in games()) if f is not None]
        assert len(faces) == 4 and "Peg board" in extract_strings(*faces)
        assert set(ja.json()) == set(extract_strings(WEB, *faces))
        assert web.get("/api/strings", params={"language": "fr"}).status_code == 400


# ---------------------------------------------------------------------- catalogue


def test_the_catalogue_lists_every_game_with_its_options_and_levels(server: LiveServer) -> None:
    with httpx.Client(base_url=server.base) as web:
        answer = web.get("/api/catalog").json()
    assert answer["language"] == "en"
    assert [g["name"] for g in answer["games"]] == games()
    by_name = {g["name"]: g for g in answer["games"]}
    crib = by_name["cribbage"]
    assert crib["title"] == "Cribbage"
    assert crib["summary"].startswith("Cribbage: two players with six cards each")
    assert "\n" not in crib["summary"] and crib["rules"][0] == crib["summary"]
    target = next(o for o in crib["options"] if o["name"] == "target")
    assert target == {
        "name": "target",
        "label": "Target score",
        "help": "points that win a game",
        "default": 121,
        "kind": "int",
        "choices": [{"value": 121, "label": "121 points"}, {"value": 61, "label": "61 points"}],
        "low": None,
        "high": None,
    }
    muggins = next(o for o in crib["options"] if o["name"] == "muggins")
    assert muggins["kind"] == "bool" and muggins["default"] is False
    assert muggins["choices"] == [
        {"value": False, "label": "off"},
        {"value": True, "label": "on"},
    ]
    dealer = next(o for o in crib["options"] if o["name"] == "dealer")
    assert dealer["default"] is None and (dealer["low"], dealer["high"]) == (0, 3)
    assert {n: g["players"] for n, g in by_name.items()} == {
        "calypso": {"fixed": 4},
        "cribbage": {"option": "players"},
        "kloepper": {"fixed": 4},
        "krypkasino": {"option": "players"},
    }
    assert [lv["name"] for lv in crib["levels"]] == list(LEVELS)
    assert crib["levels"][0] == {
        "name": "beginner",
        "label": "beginner",
        "description": "Picks any legal move at random.",
    }
    assert by_name["calypso"]["levels"][-1]["description"] == (
        "Before each card, imagines 80 ways the hidden cards may lie, plays each out by rules "
        "of thumb and picks the move that does best across them."
    )
    # The documented example is the real thing.
    example = _json_blocks(ROOT / "docs" / "protocol.md", '"games"')[0]
    documented = example["games"][0]
    assert documented["options"][0] == target
    assert documented["players"] == crib["players"]


def test_the_catalogue_speaks_the_users_language(server: LiveServer) -> None:
    async def scenario() -> None:
        ann = await Player(server.base, "Ann", "ja").guest()
        mine = (await ann.http.get("/api/catalog")).json()
        asked = (await ann.http.get("/api/catalog", params={"language": "en"})).json()
        await ann.close()
        assert mine["language"] == "ja" and asked["language"] == "en"
        crib = next(g for g in mine["games"] if g["name"] == "cribbage")
        assert crib["title"] == "クリベッジ"
        assert crib["levels"][0]["label"] == "初級"
        target = next(o for o in crib["options"] if o["name"] == "target")
        assert target["label"] == "目標点"
        assert crib["summary"].startswith("クリベッジ: 2人なら各6枚")
        assert "\n" not in crib["summary"]

    asyncio.run(scenario())


# ---------------------------------------------------------------------- why, hint, view


async def _cribbage_table(
    server: LiveServer, options: dict[str, Any] | None = None, seed: int = 1
) -> tuple[str, list[Player], Player]:
    """A two-person Cribbage table dealt from ``seed``, both people and a spectator connected
    and past their first view."""
    people = [await Player(server.base, f"P{i}").guest() for i in range(2)]
    watcher = await Player(server.base, "W", "ja").guest()
    hub = server.app.state.hub
    me = (await people[0].http.get("/api/me")).json()
    creator = server.call(hub.store.user(me["id"]))
    request = TableIn(game="cribbage", options=options or {}, seats=["open", "open"])
    table, _invite, _seat = server.call(hub.create(creator, request, {"seed": seed}))
    assert (await people[1].post(f"/api/tables/{table.id}/sit")).status_code == 200
    for client in [*people, watcher]:
        await client.connect(table.id)
        await client.until("presence")
    assert (await people[0].post(f"/api/tables/{table.id}/start")).status_code == 200
    for client in [*people, watcher]:
        await client.until("view")
    return table.id, people, watcher


def test_why_gives_the_games_refusal_to_the_asker_only(server: LiveServer) -> None:
    async def scenario() -> None:
        _table, (ann, bob), watcher = await _cribbage_table(server)
        # Seed 1: seat 0 holds 2H 4C 7S 9S JC QD, and the deal begins with the discard.
        await ann.send({"type": "why", "move": "play 2H"})
        answer = await ann.until("why")
        WhyOut.model_validate(answer)
        assert answer == {
            "type": "why",
            "move": "play 2H",
            # In words: the notation hint "(discard C C)" is the plain terminal's alone.
            "reason": "it is time to lay away 2 cards to the crib",
        }
        await ann.send({"type": "why", "move": "discard 2H 4C"})
        assert (await ann.until("why"))["reason"] is None
        await ann.send({"type": "why", "move": "2h 4c"})  # the shorthand reads too
        assert (await ann.until("why"))["reason"] is None
        await ann.send({"type": "why", "move": "fly me to the moon"})
        assert (await ann.until("why"))["reason"]
        await watcher.send({"type": "why", "move": "discard 2H 4C"})
        assert (await watcher.until("why"))["reason"] == "あなたの番ではありません"
        # Both discard in turn: seat 0 first, so seat 1 is not to move yet.
        await bob.send({"type": "why", "move": "discard JH QC"})
        assert (await bob.until("why"))["reason"] == "it is not your turn"
        # Nobody else heard a word of it.
        await ann.send({"type": "ping"})
        assert (await ann.receive())["type"] == "pong"
        for client in (bob, watcher):
            await client.send({"type": "ping"})
            assert (await client.receive())["type"] == "pong"
        for client in (ann, bob, watcher):
            await client.close()

    asyncio.run(scenario())


def test_a_hint_is_a_legal_move_with_discard_advice(server: LiveServer) -> None:
    async def scenario() -> None:
        _table, (ann, bob), watcher = await _cribbage_table(server)
        view = ann.frames[-1]
        assert view["type"] == "view" and view["ply"] == 0
        ViewOut.model_validate(view)
        assert view["result_note"] == ""
        assert all(entry["warn"] is None for entry in view["legal"])
        # The first hint starts a worker process: the second asks while it works.
        await ann.send({"type": "hint", "ply": 0})
        await ann.send({"type": "hint", "ply": 0})
        busy = await ann.receive()
        assert busy["type"] == "error" and busy["code"] == "too-fast", busy
        hint = await ann.until("hint")
        HintOut.model_validate(hint)
        assert hint["ply"] == 0
        assert hint["move"] in [entry["move"] for entry in view["legal"]]
        # The hint is told in words: the move's own sentence in the view's list.
        words = {entry["move"]: entry["words"] for entry in view["legal"]}
        assert hint["words"] == words[hint["move"]]
        assert hint["words"].startswith("Lay away ") and hint["words"].endswith(" crib")
        # The advice is a table the game declares: its caption, its columns, its rows.
        assert hint["advice"]["caption"] == (
            "The best ways to lay away two cards, by expected points"
        )
        assert [(c["key"], c["title"], c["kind"]) for c in hint["advice"]["columns"]] == [
            ("discard", "Lay away", "cards"),
            ("keep", "Keep", "cards"),
            ("hand", "Hand", "points"),
            ("crib", "Crib", "signed"),
            ("net", "Net", "points"),
            ("pegs", "Pegging", "signed"),
            ("win", "Win chance", "percent"),
        ]
        advice = hint["advice"]["rows"]
        assert len(advice) == 6
        hand = set(view["observation"]["hand"])
        for row in advice:
            assert set(row["discard"]) | set(row["keep"]) == hand
            assert len(row["discard"]) == 2 and len(row["keep"]) == 4
            assert row["crib"] < 0  # seat 1 deals: the crib counts against seat 0
            assert abs(row["hand"] + row["crib"] - row["net"]) <= 0.011
        assert [row["net"] for row in advice] == sorted((r["net"] for r in advice), reverse=True)
        # A spectator, a seat not to move and a past ply get errors, no hint.
        await watcher.send({"type": "hint", "ply": 0})
        assert (await watcher.until("error"))["code"] == "not-your-seat"
        await bob.send({"type": "hint", "ply": 0})
        assert (await bob.until("error"))["code"] == "not-your-seat"
        await ann.send({"type": "hint", "ply": 3})
        stale = await ann.until("error")
        ErrorOut.model_validate(stale)
        assert stale["code"] == "stale" and stale["ply"] == 3
        for client in (ann, bob, watcher):
            await client.close()

    asyncio.run(scenario())


def test_a_hint_in_the_play_has_no_advice(server: LiveServer) -> None:
    async def scenario() -> None:
        _table, (ann, bob), watcher = await _cribbage_table(server)
        await ann.send({"type": "move", "ply": 0, "move": "discard 7S QD"})
        await bob.until("view")
        await bob.send({"type": "move", "ply": 1, "move": "discard JH QC"})
        view = await ann.until("view")
        while view["ply"] < 2:
            view = await ann.until("view")
        # The pone leads the play: seat 0 again.
        assert view["observation"]["phase"] == "play" and view["legal"]
        await ann.send({"type": "hint", "ply": 2})
        hint = await ann.until("hint")
        assert hint["advice"] is None
        assert hint["move"] in [entry["move"] for entry in view["legal"]]
        for client in (ann, bob, watcher):
            await client.close()

    asyncio.run(scenario())


# ---------------------------------------------------------------------- replays


def _rebuilt(record: dict[str, Any], ply: int) -> Any:
    game = cardtable.load(record["game"], **record["options"])
    state = game.new_state(seed=record["seed"])
    for move in record["moves"][:ply]:
        state.apply(move if isinstance(move, str) else move["move"])
    return state


def test_a_replay_is_given_once_the_game_is_over(server: LiveServer) -> None:
    async def scenario() -> None:
        ann = await Player(server.base, "Ann").guest()
        other = await Player(server.base, "Cy").guest()
        made = await ann.post(
            "/api/tables",
            {"game": "cribbage", "options": {"target": 61}, "seats": ["open", "rules"]},
        )
        table = made.json()["table"]["id"]
        await ann.connect(table)
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        early = await other.http.get(f"/api/tables/{table}/replay")
        assert early.status_code == 409
        assert early.json()["error"]["code"] == "not-over"
        final = await ann.play_out(random.Random(3))
        assert final["status"] == "over"
        ViewOut.model_validate(final)
        record = (await ann.http.get(f"/api/tables/{table}/record")).json()
        plies = len(record["moves"])
        assert final["ply"] == plies

        start = (await other.http.get(f"/api/tables/{table}/replay")).json()
        ReplayOut.model_validate(start)
        assert (start["ply"], start["seat"], start["status"]) == (0, None, "over")
        assert start["plies"] == plies and len(start["moves"]) == plies
        assert [m["ply"] for m in start["moves"]] == list(range(plies))
        assert [m["move"] for m in start["moves"]] == [
            m if isinstance(m, str) else m["move"] for m in record["moves"]
        ]
        assert start["moves"][0]["seat"] == 0
        assert [len(hand) for hand in start["hands"]] == [6, 6]
        assert start["result"] is None and start["legal"] == []
        assert [p["online"] for p in start["players"]] == [False, False]
        assert [p["name"] for p in start["players"]] == ["Ann", "rules bot"]

        end = (await other.http.get(f"/api/tables/{table}/replay", params={"ply": 10**6})).json()
        assert end["ply"] == plies and end["result"] == final["result"]
        assert end["result_note"] == final["result_note"]

        middle = plies // 2
        seen = await other.http.get(
            f"/api/tables/{table}/replay", params={"ply": middle, "seat": 1}
        )
        assert seen.status_code == 200
        one = seen.json()
        ReplayOut.model_validate(one)
        assert one["seat"] == 1 and one["ply"] == middle and "hands" not in one
        state = _rebuilt(record, middle)
        assert one["observation"] == json.loads(json.dumps(state.observation(1)))
        hidden = set(state.observation(0).get("hand", [])) - set(
            state.observation(1).get("hand", [])
        )
        public = json.dumps(state.observation(None))
        for card in hidden:
            if card not in public:
                assert card not in json.dumps(one["observation"]), card
        everyone = (
            await other.http.get(f"/api/tables/{table}/replay", params={"ply": middle})
        ).json()
        assert everyone["hands"] == [state.observation(s).get("hand") for s in range(2)]
        assert everyone["observation"] == json.loads(json.dumps(state.observation(None)))

        for bad in ("x", "2", "-1"):
            answer = await other.http.get(f"/api/tables/{table}/replay", params={"seat": bad})
            assert answer.status_code == 400, bad
        assert (await other.http.get("/api/tables/nope/replay")).status_code == 404

        games_list = (await ann.http.get("/api/me/games")).json()["games"]
        assert games_list[0]["title"] == "Cribbage"
        assert games_list[0]["options"]["target"] == 61
        await ann.close()
        await other.close()

    asyncio.run(scenario())


# ---------------------------------------------------------------------- the documentation


def _json_blocks(path: Path, containing: str) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    return [
        json.loads(b)
        for b in blocks
        if containing in b and "..." not in b.replace('"Cribbage: two players ..."', "")
    ]


def test_the_documented_messages_match_the_models() -> None:
    doc = ROOT / "docs" / "protocol.md"
    models: dict[str, type[BaseModel]] = {"why": WhyOut, "hint": HintOut}
    checked = set()
    for block in _json_blocks(doc, '"type"'):
        kind = block.get("type")
        if kind in models:
            models[kind].model_validate(block)
            checked.add(kind)
        elif kind == "view" and "plies" in block:
            ReplayOut.model_validate(block)
            checked.add("replay")
    assert checked == {"why", "hint", "replay"}


# ---------------------------------------------------------------------- serve --open


class _Listening:
    started = True
    should_exit = False


def test_open_without_a_browser_prints_the_address(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_browser(*_args: object) -> webbrowser.BaseBrowser:
        raise webbrowser.Error("could not locate runnable browser")

    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(webbrowser, "get", no_browser)
    serve_cli._open_when_listening(_Listening(), "http://127.0.0.1:8000/")  # type: ignore[arg-type]
    assert "http://127.0.0.1:8000/" in capsys.readouterr().out


def test_open_without_a_display_opens_no_text_browser(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A text browser (w3m, lynx) would take over the server's terminal.
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(webbrowser, "open", pytest.fail)
    monkeypatch.setattr(sys, "platform", "linux")
    serve_cli._open_when_listening(_Listening(), "http://127.0.0.1:8000/")  # type: ignore[arg-type]
    assert "http://127.0.0.1:8000/" in capsys.readouterr().out


def test_open_opens_the_address_once_listening(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(webbrowser, "get", lambda *_a: object())

    def record(url: str) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(webbrowser, "open", record)
    serve_cli._open_when_listening(_Listening(), "http://127.0.0.1:8000/")  # type: ignore[arg-type]
    assert opened == ["http://127.0.0.1:8000/"]
