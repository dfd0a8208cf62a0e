"""Installing the research API needs none of the table server's or the terminal's packages.

The core install (pyproject's ``dependencies``) is the games, the bots, the records, the
research API's core and the commands that need nothing more; the server (``server``), the
full-screen terminal (``terminal``) and the arena's chart (``plot``) are extras. Here a child
Python that cannot import any of those packages (a finder on ``sys.meta_path`` answers
``ModuleNotFoundError`` for them, as on a machine without them) still loads every game, plays
bots, builds every environment and runs the command line; and a command that needs an extra
says which one in a single line with exit code 2.
"""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from cardtable.cli.extras import EXTRAS

ROOT = Path(__file__).resolve().parents[1]

#: What a research install lacks: the server's, the terminal's and the chart's packages.
#: (Not pydantic: Typer, which the core's command line is, depends on it.)
ABSENT = (
    "fastapi",
    "starlette",
    "uvicorn",
    "websockets",
    "sqlalchemy",
    "alembic",
    "aiosqlite",
    "asyncpg",
    "redis",
    "itsdangerous",
    "httpx",
    "textual",
    "matplotlib",
)

#: Run first in every child: from then on the packages of ABSENT cannot be imported.
WITHOUT = f"""
import importlib.abc, sys

class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {ABSENT!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Absent())
"""

#: The research API and the commands that need no extra, in the child; prints a JSON summary.
RESEARCH = """
import json, os, sys
import numpy as np
import cardtable
from cardtable import rl
from cardtable.bots import choose_for, make_bot
from typer.testing import CliRunner
from cardtable.cli import app

summary = {"games": {}}
for name in cardtable.games():
    game = cardtable.load(name)
    state = game.new_state(seed=3)
    bots = [make_bot(name, "random", seat) for seat in range(game.num_players)]
    rules = make_bot(name, "rules", 0)
    state.apply(choose_for(rules, state))
    while not state.is_over:
        state.apply(choose_for(bots[state.to_move], state))
    aec = rl.env(name)
    aec.reset(seed=3)
    first = aec.agent_selection
    mask = aec.observe(first)["action_mask"]
    aec.step(int(np.flatnonzero(mask)[0]))
    one = rl.single(name, opponents="random")
    obs, info = one.reset(seed=3)
    summary["games"][name] = {"over": state.is_over, "agent": first, "obs": int(obs.size)}

runner = CliRunner()
folder = os.environ["CARDTABLE_DATA_DIR"]
os.makedirs(os.path.join(folder, "records"))
record = os.path.join(folder, "records", "demo.json")
commands = {
    "help": ["--help"],
    "games": ["games"],
    "rules": ["rules", "kloepper"],
    "simulate": ["simulate", "kloepper", "-n", "1", "--no-progress", "-o", "target=1"],
    "demo": ["demo", "kloepper", "--seed", "5", "--delay", "0", "-o", "target=1",
             "--record", record],
    "replay": ["replay", record, "--plain"],
    "replay-json": ["replay", record, "--json"],
    "records": ["records"],
    "play-plain": ["play", "kloepper", "--plain", "--players", "rules,rules,rules,rules",
                   "--seed", "2", "--no-save", "-o", "target=1"],
    "cribbage": ["cribbage", "score", "5H", "5D", "5C", "JS", "--starter", "5S"],
    "arena": ["arena", "kloepper", "--bots", "random,rules", "-n", "2", "-j", "1",
              "-o", "target=1", "--json", os.path.join(folder, "arena.json")],
    "arena-png": ["arena", "kloepper", "--bots", "random,rules", "-n", "2",
                  "--png", os.path.join(folder, "arena.png")],
    "serve": ["serve"],
    "connect": ["play", "--connect", "http://127.0.0.1:9/tables/x"],
}
summary["cli"] = {}
for key, args in commands.items():
    result = runner.invoke(app, args)
    summary["cli"][key] = {"code": result.exit_code, "output": result.output}
summary["loaded"] = sorted(
    {m.partition(".")[0] for m in sys.modules} & set(ABSENT)
    | {m for m in sys.modules if m.startswith(("cardtable.server", "cardtable.play.tui"))}
)
print(json.dumps(summary))
"""


def child(
    script: str, tmp_path: Path, terminal: int | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a new Python that cannot import any package of :data:`ABSENT`; its
    stdin and stdout the terminal ``terminal`` where given (a file descriptor)."""
    # In English (the lines below are compared exactly), the records in a folder of the test's.
    env = {**os.environ, "CARDTABLE_DATA_DIR": str(tmp_path), "COLUMNS": "200", "LC_ALL": "C"}
    return subprocess.run(
        [sys.executable, "-c", f"{WITHOUT}\nABSENT = {ABSENT!r}\n{script}"],
        stdin=terminal,
        stdout=subprocess.PIPE if terminal is None else terminal,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


SERVE_LINE = (
    "error: cardtable serve needs fastapi, uvicorn, websockets, sqlalchemy, alembic, aiosqlite, "
    "asyncpg, itsdangerous, httpx, redis, not installed here: pip install 'cardtable[server]'\n"
)


def test_the_research_api_and_the_plain_commands_need_no_extra(tmp_path: Path) -> None:
    done = child(RESEARCH, tmp_path)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    # Every game played to its end; the four of today with their observations' sizes.
    assert [name for name, game in summary["games"].items() if not game["over"]] == []
    four = ("calypso", "cribbage", "kloepper", "krypkasino")
    assert {name: summary["games"][name] for name in four} == {
        "calypso": {"over": True, "agent": "seat_0", "obs": 979},
        "cribbage": {"over": True, "agent": "seat_0", "obs": 495},
        "kloepper": {"over": True, "agent": "seat_0", "obs": 308},
        "krypkasino": {"over": True, "agent": "seat_0", "obs": 570},
    }
    # Nothing of the server, the terminal or the chart was loaded on the way.
    assert summary["loaded"] == []
    cli = summary["cli"]
    plain = ("help", "games", "rules", "simulate", "demo", "replay", "replay-json", "records")
    for key in (*plain, "play-plain"):
        assert cli[key]["code"] == 0, (key, cli[key]["output"])
    commands = ("play", "arena", "serve", "games", "rules", "simulate", "replay", "records", "demo")
    assert [c for c in commands if f"│ {c} " not in cli["help"]["output"]] == []
    assert cli["rules"]["output"].startswith("Kloepper\n")
    assert "Record saved to" in cli["demo"]["output"]
    assert "Game over: " in cli["play-plain"]["output"]
    assert json.loads(cli["replay-json"]["output"])["events"][0]["type"] == "deal"
    assert "demo.json" in cli["records"]["output"]
    assert cli["cribbage"]["code"] == 0, cli["cribbage"]["output"]
    assert "Total: 29" in cli["cribbage"]["output"]
    # The arena plays and saves its JSON; the chart is the plot extra's.
    arena = tmp_path / "arena.json"
    assert cli["arena"]["code"] == 0, cli["arena"]["output"]
    assert json.loads(arena.read_text(encoding="utf-8"))["game"] == "kloepper"
    assert cli["arena"]["output"].splitlines()[-1] == (
        f"Saved {arena} (no chart: matplotlib is not installed here; pip install 'cardtable[plot]')"
    )
    assert cli["arena-png"] == {
        "code": 2,
        "output": "error: the chart of --png needs matplotlib, not installed here: "
        "pip install 'cardtable[plot]', or leave out --png\n",
    }
    assert cli["connect"] == {
        "code": 2,
        "output": "error: cardtable play --connect needs httpx, websockets, not installed here: "
        "pip install 'cardtable[terminal]'\n",
    }
    assert cli["serve"] == {"code": 2, "output": SERVE_LINE}


def test_serve_without_the_server_extra_says_what_to_install(tmp_path: Path) -> None:
    done = child(
        "sys.argv = ['cardtable', 'serve']\nfrom cardtable.cli import main\nmain()", tmp_path
    )
    assert (done.returncode, done.stdout, done.stderr) == (2, "", SERVE_LINE)


def test_the_full_screen_table_without_the_terminal_extra_says_what_to_install(
    tmp_path: Path,
) -> None:
    # On a terminal (a pseudo-terminal here) `cardtable play` opens the full-screen table.
    leader, follower = pty.openpty()
    try:
        done = child(
            "sys.argv = ['cardtable', 'play', 'kloepper']\nfrom cardtable.cli import main\nmain()",
            tmp_path,
            terminal=follower,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2
    assert done.stderr == (
        "error: the full-screen table needs textual, not installed here: "
        "pip install 'cardtable[terminal]', or use --plain\n"
    )


def _pyproject() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        project: dict[str, object] = tomllib.load(file)["project"]
    return project


def _names(requirements: list[str], extras: dict[str, list[str]]) -> set[str]:
    """The distribution names ``requirements`` install, cardtable's own extras followed."""
    names: set[str] = set()
    for requirement in requirements:
        name, _, rest = re.match(r"([A-Za-z0-9_.-]+)(\[([^\]]*)\])?", requirement).groups()  # type: ignore[union-attr]
        if name == "cardtable":
            for extra in (rest or "").split(","):
                names |= _names(extras[extra.strip()], extras)
        else:
            names.add(name.lower().replace("_", "-"))
    return names


def test_the_core_dependencies_and_the_research_extras() -> None:
    project = _pyproject()
    assert project["dependencies"] == [
        "numpy>=1.26",
        "babel>=2.14",
        "platformdirs>=4.2",
        "typer>=0.29",
        "rich>=13.7",
    ]
    extras = project["optional-dependencies"]
    assert isinstance(extras, dict)
    table = _names(extras["server"], extras) | _names(extras["terminal"], extras)
    table |= _names(extras["plot"], extras)
    assert table == {
        "fastapi",
        "uvicorn",
        "websockets",
        "sqlalchemy",
        "alembic",
        "aiosqlite",
        "asyncpg",
        "pydantic",
        "itsdangerous",
        "httpx",
        "redis",
        "argon2-cffi",
        "zxcvbn",
        "openskill",
        "textual",
        "matplotlib",
    }
    for research in ("rl", "openspiel", "train", "ray"):
        assert not _names(extras[research], extras) & table, research
    assert _names(extras["rl"], extras) == {"gymnasium", "pettingzoo", "supersuit"}
    assert "supersuit>=3.9" in extras["rl"]
    assert _names(extras["all"], extras) == table
    # `make test` installs dev (and train): every extra the tests import.
    for needed in ("all", "rl", "openspiel", "ray"):
        assert _names(extras[needed], extras) <= _names(extras["dev"], extras), needed


def test_each_extra_the_commands_check_is_the_one_pyproject_installs() -> None:
    extras = _pyproject()["optional-dependencies"]
    assert isinstance(extras, dict)
    # The module a distribution installs, where their names differ.
    distribution = {"argon2": "argon2-cffi"}
    for extra, modules in EXTRAS.items():
        assert {distribution.get(m, m) for m in modules} <= _names(extras[extra], extras), extra
    assert {distribution.get(m, m) for m in EXTRAS["server"]} == _names(extras["server"], extras)
