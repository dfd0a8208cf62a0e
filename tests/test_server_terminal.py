r"""``cardtable play --connect URL``, the terminal client of the table server: a whole game
between a scripted client and the terminal (a child process fed lines on its stdin), the
failures that are one ``error:`` line, and text from a hostile server made inert."""

from __future__ import annotations

import asyncio
import io
import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.cli.connect import Chat, Terminal, View, parse_address
from cardtable.errors import CardtableError
from cardtable.records import from_record
from server_harness import LiveServer, Player, free_port

runner = CliRunner()

#: What a hostile server (or a server with a bug) might say as a player's name.
HOSTILE = "Eve\x1b[2J\x1b]0;pwned\x07\u202e"
#: Every character a terminal acts on that the client must never print raw.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
WAIT = 20.0


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


class Screen:
    """What the terminal client printed so far, read as it comes."""

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self.stream = stream
        self.text = ""

    async def find(self, pattern: str, start: int) -> re.Match[str]:
        """The first match of ``pattern`` at or after ``start``, waiting for more output."""
        compiled = re.compile(pattern)
        try:
            async with asyncio.timeout(WAIT):
                while True:
                    match = compiled.search(self.text, start)
                    if match is not None:
                        return match
                    chunk = await self.stream.read(65536)
                    if not chunk:
                        break
                    self.text += chunk.decode("utf-8")
        except TimeoutError:
            pass
        raise AssertionError(f"no {pattern!r} after {start}:\n{self.text[max(0, start - 2000) :]}")


async def _rename(server: LiveServer, table: str, user: str, name: str) -> None:
    # As a server that forgot to clean names would hold it (the real one strips controls).
    server.app.state.hub.rooms[table].table.names[user] = name


def test_a_whole_game_from_the_terminal(server: LiveServer, tmp_path: Path) -> None:
    async def scenario() -> None:
        eve = await Player(server.base, "Eve\x1b[2J").guest()
        made = await eve.post(
            "/api/tables",
            {"game": "cribbage", "options": {"target": 61}, "seats": ["open", "open"]},
        )
        assert made.status_code == 200, made.text
        table, invite = made.json()["table"]["id"], made.json()["invite"]
        eve_id = (await eve.http.get("/api/me")).json()["id"]
        await asyncio.wrap_future(
            asyncio.run_coroutine_threadsafe(
                _rename(server, table, eve_id, HOSTILE), server.app.state.loop
            )
        )
        await eve.connect(table)
        env = dict(os.environ, CARDTABLE_DATA_DIR=str(tmp_path), LANG="C.UTF-8")
        env.pop("LC_ALL", None)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "cardtable",
            "play",
            "--connect",
            f"{server.base}/join/{invite}",
            "--name",
            "Bob",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
        )
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        stdin = proc.stdin
        screen = Screen(proc.stdout)

        async def type_line(line: str) -> None:
            stdin.write(line.encode() + b"\n")
            await stdin.drain()

        try:
            waiting = await screen.find(r"Waiting for the game to start\.\n", 0)
            assert "seat 1: Bob (you)" in screen.text
            # Bob is online once his websocket is: then Eve starts the game.
            async with asyncio.timeout(WAIT):
                while not all((await eve.until("presence"))["online"]):
                    pass
            await type_line("chat hello from the terminal")
            started = await eve.post(f"/api/tables/{table}/start")
            assert started.status_code == 200, started.text
            await eve.send({"type": "chat", "text": "gg \x1b[2J"})

            async def terminal_plays() -> int:
                """Answer each question with the first legal move `moves` lists."""
                at, asked = waiting.end(), 0
                while True:
                    found = await screen.find(r"seat 1> |Result: [^\n]*\n", at)
                    if found[0].startswith("Result"):
                        return asked
                    await type_line("moves")
                    legal = await screen.find(r"Legal moves: ([^\n]*)\n", found.end())
                    again = await screen.find(r"seat 1> ", legal.end())
                    await type_line(legal[1].split(", ")[0])
                    at, asked = again.end(), asked + 1

            final, asked = await asyncio.gather(
                eve.play_out(random.Random(3), timeout=WAIT), terminal_plays()
            )
            async with asyncio.timeout(WAIT):
                code = await proc.wait()
            errors = (await proc.stderr.read()).decode()
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        assert code == 0, errors
        assert asked > 10
        record = (await eve.http.get(f"/api/tables/{table}/record")).json()
        state = from_record(record)
        assert state.is_over and final["result"]["scores"] == state.scores
        (line,) = [line for line in screen.text.splitlines() if line.startswith("Result: ")]
        # The server's result line, in words: players by name (Eve at seat 0, Bob at 1).
        shown = [int(score) for score in re.findall(r" (-?\d+)(?=, |\)$)", line)]
        assert shown == state.scores, line
        (winner,) = state.result["winners"]  # type: ignore[index]
        assert line.startswith(f"Result: {['Eve', 'Bob'][winner]}"), line
        # Bob's chat reached Eve; Eve's reached Bob; the hostile name reached Bob inert.
        chats = [f for f in eve.frames if f["type"] == "chat"]
        assert ("Bob", "hello from the terminal") in [(c["from"], c["text"]) for c in chats]
        assert "Eve[2J says: gg [2J" in screen.text
        assert "seat 0: Eve\\x1b[2J\\x1b]0;pwned\\x07\\u202e" in screen.text
        assert not RAW.search(screen.text)
        await eve.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "url",
    ["ftp://127.0.0.1/join/x", "http://127.0.0.1:8000/", "http://127.0.0.1:99999/join/x", "x"],
)
def test_an_address_that_is_no_table_is_one_error_line(url: str) -> None:
    result = runner.invoke(app, ["play", "--connect", url, "--name", "Bob"])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: ") and "is not a table's address" in line
    assert result.stdout == ""


def test_no_server_is_one_error_line_and_exit_code_2(tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    result = runner.invoke(app, ["play", "--connect", f"http://127.0.0.1:{port}/join/abc"])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"error: cannot reach http://127.0.0.1:{port}/api/guest")
    assert "Traceback" not in result.output


def test_a_table_or_invitation_that_is_not_there(server: LiveServer) -> None:
    for path, message in [
        ("join/nope", "error: this invitation opens no table"),
        ("tables/nope", "error: there is no table nope"),
    ]:
        result = runner.invoke(app, ["play", "--connect", f"{server.base}/{path}"])
        assert result.exit_code == 2
        assert result.stderr.splitlines() == [message]


def test_a_full_table_is_watched(server: LiveServer) -> None:
    async def scenario() -> None:
        eve = await Player(server.base, "Eve").guest()
        made = await eve.post(
            "/api/tables", {"game": "cribbage", "options": {}, "seats": ["open", "rules"]}
        )
        table = made.json()["table"]["id"]
        assert (await eve.post(f"/api/tables/{table}/start")).status_code == 200
        await eve.close()
        result = await asyncio.to_thread(
            runner.invoke,
            app,
            ["play", "--connect", f"{server.base}/tables/{table}", "--name", "Wat"],
            input="play 5H\nmoves\nquit\n",
        )
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert "You watch this table as a spectator." in lines
        assert "error: spectators do not play" in lines

    asyncio.run(scenario())


def test_a_server_that_goes_away_is_one_error_line(tmp_path: Path) -> None:
    async def scenario() -> None:
        with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as server:
            eve = await Player(server.base, "Eve").guest()
            made = await eve.post(
                "/api/tables", {"game": "cribbage", "options": {}, "seats": ["open", "open"]}
            )
            env = dict(os.environ, CARDTABLE_DATA_DIR=str(tmp_path), LANG="C.UTF-8")
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                *("-m", "cardtable", "play", "--connect"),
                f"{server.base}/join/{made.json()['invite']}",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=env,
            )
            assert proc.stdout is not None and proc.stderr is not None
            try:
                await Screen(proc.stdout).find(r"Waiting for the game to start\.\n", 0)
                await eve.close()
            except BaseException:
                proc.kill()
                raise
        # The server has stopped, the terminal's stdin is still open.
        try:
            async with asyncio.timeout(WAIT):
                code = await proc.wait()
        finally:
            if proc.returncode is None:
                proc.kill()
        errors = (await proc.stderr.read()).decode()
        assert code == 2
        assert errors.splitlines() == ["error: the connection to the server was lost"]

    asyncio.run(scenario())


def test_name_and_game_do_not_go_with_the_wrong_mode() -> None:
    result = runner.invoke(app, ["play", "--name", "Bob"])
    assert result.exit_code == 2 and result.stderr.startswith("error: --name goes with")
    result = runner.invoke(app, ["play", "cribbage", "--connect", "http://127.0.0.1:1/join/x"])
    assert result.exit_code == 2 and result.stderr.startswith("error: --connect plays at")


def test_a_hostile_server_never_puts_raw_control_characters_on_the_screen() -> None:
    bad = "\x1b[2J\x1b]0;pwned\x07\x9b31m\u202e\r\x08"
    out = io.StringIO()
    terminal = Terminal(out, 0, interactive=False)
    terminal.header(
        {
            "title": "Cribbage" + bad,
            "options": {"target" + bad: bad},
            "seats": [{"seat": 0, "name": "Ann" + bad}, {"seat": 1, "name": bad, "online": 1}],
            "status": "open",
        }
    )
    view = View.model_validate(
        {
            "type": "view",
            "table": "T",
            "ply": 0,
            "seat": 0,
            "status": "playing",
            "observation": {},
            "events": [{"i": 0, "type": "deal", "seat": None, "data": {}, "text": "deal" + bad}],
            "first_event": 0,
            "prompt": "Your hand" + bad + "\nsecond line",
            "legal": [{"move": "play 5H", "words": "play 5H" + bad}],
            "to_move": 0,
            "players": [{"seat": 1, "name": "Mal" + bad, "kind": "human", "online": False}],
            "result": None,
        }
    )
    terminal.show(view)
    terminal.moves()
    terminal.presence([True, True])
    terminal.chat(
        Chat.model_validate(
            {"type": "chat", "from": "Mal" + bad, "seat": 1, "text": bad, "at": "now"}
        )
    )
    terminal.error("illegal" + bad)
    over = {"status": "over", "result": {"scores": [bad, 2]}, "result_text": "Result: " + bad}
    terminal.show(view.model_copy(update=over))
    text = out.getvalue()
    assert not RAW.search(text), text
    assert "\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m\\u202e\\x0d\\x08" in text
    assert "Mal\\x1b[2J" in text and "Legal moves: play 5H\\x1b" in text
    assert "Your hand" in text and "\nsecond line\n" in text  # a prompt keeps its lines
    assert "Result: \\x1b[2J" in text


def test_addresses() -> None:
    assert parse_address("http://h:1/api/join/a%2Fb").invite == "a/b"
    assert parse_address("http://[::1]:8000/tables/T").socket_base == "ws://[::1]:8000"
    with pytest.raises(CardtableError):
        parse_address("http://h:1/join/a/b")
