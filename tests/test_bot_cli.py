"""``cardtable bot`` (issue 28) as a child process against a live server: it takes up an
invitation and plays the table to its end (a search bot too, drawing worlds from the game's
twin of the state), declines a table of a game without a twin where its bot would need the
game's whole state, ends cleanly on Ctrl-C, and says a refused token in one line."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardtable
from bot_api_harness import make_bot, person
from cardtable.cli.bot_play import NeedsWorlds, _take_up, trial
from cardtable.server.accounts_rules import ARGON2_ENV
from highcard import registered
from server_harness import LiveServer, Player


@pytest.fixture(autouse=True)
def cheap_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ARGON2_ENV, "t=1,m=8,p=1")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


def _bot_process(base: str, token: str, spec: str) -> subprocess.Popen[str]:
    env = dict(os.environ, CARDTABLE_BOT_TOKEN=token, PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, "-m", "cardtable", "bot", base, "--bot", spec, "--poll", "0.3"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # Ctrl-C as at a terminal: a suite run in the background (a shell's `&`) would leave
        # the child ignoring SIGINT, and Python then never raises KeyboardInterrupt.
        preexec_fn=_interruptible,
    )


def _interruptible() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _stop(proc: subprocess.Popen[str]) -> tuple[int, list[str]]:
    """Ctrl-C, then its exit code and every line it wrote, without the times."""
    proc.send_signal(signal.SIGINT)
    out, _err = proc.communicate(timeout=30)
    return proc.returncode, [line.split(" ", 1)[1] for line in out.splitlines() if line]


async def _table_for_the_bot(ann: Player, options: dict[str, object]) -> str:
    made = await ann.post(
        "/api/tables", {"game": "cribbage", "options": options, "seats": ["open", "open"]}
    )
    table = str(made.json()["table"]["id"])
    invited = await ann.post(f"/api/tables/{table}/invitations", {"bot": "crib"})
    assert invited.status_code == 200, invited.text
    return table


async def _seated(ann: Player, table: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        seats = (await ann.http.get(f"/api/tables/{table}")).json()["seats"]
        if seats[1]["kind"] == "human":
            return
        await asyncio.sleep(0.2)
    raise AssertionError("the bot did not sit")


def _bot_plays(
    server: LiveServer, spec: str, game: str, options: dict[str, Any], seats: list[str], seed: int
) -> tuple[subprocess.Popen[str], str, dict[str, Any], int]:
    """``cardtable bot`` with ``spec``, invited to seat 1 of Ann's new table, plays it to its end
    against Ann's random moves: the process, the table, Ann's last view and the bot's moves."""

    async def go() -> tuple[subprocess.Popen[str], str, dict[str, Any], int]:
        ann = await person(server.base, "Ann")
        _bot_id, token = await make_bot(ann, "crib")
        proc = _bot_process(server.base, token, spec)
        made = await ann.post("/api/tables", {"game": game, "options": options, "seats": seats})
        table = str(made.json()["table"]["id"])
        invited = await ann.post(f"/api/tables/{table}/invitations", {"bot": "crib", "seat": 1})
        assert invited.status_code == 200, invited.text
        await _seated(ann, table, time.monotonic() + 60)
        await ann.connect(table)
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        final = await ann.play_out(random.Random(seed), timeout=90)
        replay = (await ann.http.get(f"/api/tables/{table}/replay")).json()
        await ann.close()
        return proc, table, final, sum(1 for m in replay["moves"] if m["seat"] == 1)

    return asyncio.run(go())


def test_cardtable_bot_plays_an_invited_table_to_its_end(server: LiveServer) -> None:
    proc, table, final, bot_moves = _bot_plays(
        server, "expert", "cribbage", {"target": 61}, ["open", "open"], 5
    )
    assert final["status"] == "over"
    code, lines = _stop(proc)
    assert code == 0
    assert lines[0] == f"signed in at {server.base} as BOT crib; waiting for invitations"
    assert lines[1] == f"invitation 1 accepted: cribbage at table {table}, seat 1, from Ann"
    moves = [line for line in lines if line.startswith(f"table {table}: move ")]
    assert len(moves) == bot_moves > 0
    assert f"table {table}: the game is over: {final['result_text']}" in lines
    assert lines[-1] == "stopped"
    assert not any("Traceback" in line for line in lines)


class _Lobby:
    """What ``_take_up`` asks of the server's lobby when it declines: the invitations declined."""

    def __init__(self) -> None:
        self.declined: list[int] = []

    def decline(self, invitation: int) -> None:
        self.declined.append(invitation)


def test_cardtable_bot_declines_a_game_its_bot_cannot_play_over_the_wire(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Every built-in game has a twin now; the test game (registered without one) stands for a
    # game whose seat cannot draw worlds over the wire.
    with registered():
        with pytest.raises(NeedsWorlds):
            trial(cardtable.load("highcard"), "pimc:worlds=4")
        lobby = _Lobby()
        invitation = {"id": 4, "table": "T1", "game": "highcard", "options": {}}
        _take_up(lobby, "pimc:worlds=4", invitation, threading.Event())  # type: ignore[arg-type]
    assert lobby.declined == [4]
    assert capsys.readouterr().out.strip().split(" ", 1)[1] == (
        "invitation 4 to table T1 declined: bot pimc:worlds=4 searches worlds drawn from "
        "the game's state, which a seat over the wire does not have"
    )


#: A search bot's table per game: the options, the seats (the bot takes seat 1), the seed of
#: Ann's random moves, and the bot's moves a whole game there takes (least, most).
SEARCH_TABLES: dict[str, tuple[dict[str, Any], list[str], int, tuple[int, int]]] = {
    # A round of four deals of thirteen cards.
    "calypso": ({"rounds": 1}, ["open", "open", "rules", "rules"], 7, (52, 52)),
    # One deal: the seat's declaration, its six cards, perhaps a knock or an answer to one.
    "kloepper": ({"target": 1}, ["open", "open", "rules", "rules"], 11, (7, 8)),
    # A hand of two players: 6 cards dealt to each, then 4 in each of the 11 extra deals.
    "krypkasino": ({"players": 2, "deals": 1}, ["open", "open"], 13, (50, 50)),
    # Each whole deal is a lay-away and four cards played; 61 points take two deals at least.
    "cribbage": ({"target": 61}, ["open", "open"], 17, (10, 1000)),
}


@pytest.mark.parametrize("game", sorted(SEARCH_TABLES))
def test_cardtable_bot_plays_a_search_bot_over_the_wire(server: LiveServer, game: str) -> None:
    """A bot that draws worlds (pimc) plays a whole game over the wire: its worlds come from
    the game's twin of the state, made from what the server sent the seat."""
    options, seats, seed, (least, most) = SEARCH_TABLES[game]
    proc, table, final, bot_moves = _bot_plays(server, "pimc:worlds=4", game, options, seats, seed)
    assert final["status"] == "over"
    code, lines = _stop(proc)
    assert code == 0
    assert lines[1] == f"invitation 1 accepted: {game} at table {table}, seat 1, from Ann"
    moves = [line for line in lines if line.startswith(f"table {table}: move ")]
    assert len(moves) == bot_moves
    assert least <= bot_moves <= most
    assert f"table {table}: the game is over: {final['result_text']}" in lines
    assert not any("Traceback" in line or "error" in line for line in lines)


def test_a_refused_token_is_one_error_line(server: LiveServer) -> None:
    proc = _bot_process(server.base, "ctb_" + "y" * 43, "rules")
    out, _err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert out == "error: this bot token is not known to this server\n"


def test_the_plain_python_example_plays_a_table(server: LiveServer) -> None:
    example = Path(__file__).parent.parent / "examples" / "bot_client.py"

    async def go() -> tuple[subprocess.Popen[str], str]:
        ann = await person(server.base, "Ann")
        _bot_id, token = await make_bot(ann, "crib")
        proc = subprocess.Popen(
            [sys.executable, str(example), server.base, "--token", token, "--games", "1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        table = await _table_for_the_bot(ann, {"target": 61})
        await _seated(ann, table, time.monotonic() + 60)
        await ann.connect(table)
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        final = await ann.play_out(random.Random(6), timeout=90)
        await ann.close()
        return proc, str(final["result_text"])

    proc, result = asyncio.run(go())
    out, _err = proc.communicate(timeout=60)
    assert proc.returncode == 0
    lines = out.splitlines()
    assert lines[0] == "signed in as BOT crib"
    assert lines[1].endswith(f": {result}")
