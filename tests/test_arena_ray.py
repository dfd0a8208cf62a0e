"""The arena on Ray: the same games as the process pool, from the library and the command line."""

from __future__ import annotations

import json
import socket
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.bots.arena import GameResult, MatchResult, ray_session, run_match
from cardtable.cli import app
from cardtable.errors import CardtableError

needs_ray = pytest.mark.skipif(
    find_spec("ray") is None, reason="Ray is not installed: pip install 'cardtable[ray]'"
)

MATCH = ["cribbage", "--bots", "rules,random", "--deals", "8", "--duplicate", "--seed", "5"]
MATCH += ["-o", "target=61"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    # One local Ray for the whole module: starting one takes seconds. run_match uses it as it
    # is, and leaves it running.
    with ray_session(cpus=2):
        yield


def _timeless(games: list[GameResult]) -> list[GameResult]:
    # Everything but the time the bots took, which no two runs share.
    return [replace(g, seconds=()) for g in games]


def _match(ray: bool, progress: Callable[[int], None] | None = None) -> MatchResult:
    return run_match(
        "cribbage",
        ["rules", "random"],
        deals=8,
        duplicate=True,
        seed=5,
        options={"target": 61},
        jobs=2,
        ray=ray,
        progress=progress,
    )


@needs_ray
def test_ray_plays_the_same_games_as_the_process_pool(local_ray: None) -> None:
    pool = _match(ray=False)
    done: list[int] = []
    on_ray = _match(ray=True, progress=done.append)
    assert len(pool.games) == 16 and sum(done) == 16
    assert _timeless(on_ray.games) == _timeless(pool.games)
    assert on_ray.difference() == pool.difference()


def _rows(output: str) -> list[list[str]]:
    # The table's rows without the last column (ms/move: a time), and the difference line.
    rows = [
        [c.strip() for c in line.split("│")[1:-2]] for line in output.splitlines() if "│" in line
    ]
    return rows + [[line] for line in output.splitlines() if line.startswith("rules - random")]


@needs_ray
def test_the_command_line_on_ray_prints_the_same_table(local_ray: None, tmp_path: Path) -> None:
    runner = CliRunner()
    outputs: list[tuple[list[list[str]], dict[str, Any]]] = []
    for how in (["-j", "2"], ["-j", "2", "--ray"]):
        json_file = tmp_path / f"{len(outputs)}.json"
        outcome = runner.invoke(
            app, ["arena", *MATCH, *how, "--json", str(json_file), "--png", str(tmp_path / "a.png")]
        )
        assert outcome.exit_code == 0, outcome.output
        outputs.append((_rows(outcome.output), json.loads(json_file.read_text())))
    (pool_rows, pool_json), (ray_rows, ray_json) = outputs
    assert ray_rows == pool_rows and len(pool_rows) >= 4
    games = [_timeless(MatchResult.from_json(data).games) for data in (pool_json, ray_json)]
    assert games[0] == games[1] and len(games[0]) == 16


def _closed_port() -> int:
    # A port nobody listens at: one just given up.
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


@needs_ray
def test_a_bad_address_is_one_clear_line() -> None:
    address = f"127.0.0.1:{_closed_port()}"
    outcome = CliRunner().invoke(app, ["arena", *MATCH, "--no-save", "--ray-address", address])
    assert outcome.exit_code == 2
    assert f"cannot reach the Ray cluster at '{address}'" in outcome.output
    assert "Traceback" not in outcome.output
    with pytest.raises(CardtableError, match="not a Ray address: 'nowhere'"):
        run_match("cribbage", ["rules", "random"], deals=1, ray="nowhere")


def test_without_ray_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails
    with pytest.raises(CardtableError, match=r"pip install 'cardtable\[ray\]'"):
        run_match("cribbage", ["rules", "random"], deals=1, ray=True)
