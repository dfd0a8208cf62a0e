"""The command line: exact outputs for the Cribbage tools, determinism, records, and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cardtable
from cardtable.cards import parse_cards, pretty
from cardtable.cli import app
from cardtable.games.cribbage import CribbageGame, discard_advice
from cardtable.registry import games as game_names

runner = CliRunner()


def run(*args: str) -> str:
    """Run a command that must succeed and return its output."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def rows(output: str) -> list[list[str]]:
    """The cells of every body row of the rich tables in ``output``."""
    return [
        [cell.strip() for cell in line.strip().strip("│").split("│")]
        for line in output.splitlines()
        if line.startswith("│")
    ]


def cards(faces: tuple[int, ...]) -> str:
    return " ".join(pretty(c) for c in faces)


def test_score_29() -> None:
    out = run("cribbage", "score", "5H", "5D", "5C", "JS", "--starter", "5S")
    table = rows(out)
    kinds = [row[0] for row in table]
    assert kinds == ["fifteen"] * 8 + ["pair"] * 6 + ["nobs"]
    assert [row[2] for row in table] == ["2"] * 14 + ["1"]
    assert table[-1] == ["nobs", "J♠", "1", "29"]
    assert "Total: 29" in out


def test_score_crib_flush_rule() -> None:
    hand = ("AH", "3H", "5H", "7H")
    assert "Total: 4" in run("cribbage", "score", *hand, "--starter", "9D", "--crib")
    assert "Total: 8" in run("cribbage", "score", *hand, "--starter", "9D")
    assert "Total: 9" in run("cribbage", "score", *hand, "--starter", "9H", "--crib")


def test_score_nothing() -> None:
    out = run("cribbage", "score", "2H", "4D", "6C", "8S", "-s", "10H")
    assert "Total: 0" in out
    assert rows(out) == []


@pytest.mark.parametrize(
    ("hand", "flag"),
    [
        ("5H 5D 5C JS 4S 6H", "--dealer"),
        ("AC 4D 5S 6C 7D KC", "--pone"),
        ("2S 3S 4S 9H 10D QC", "--dealer"),
    ],
)
def test_discard_top_line_matches_advice(hand: str, flag: str) -> None:
    out = run("cribbage", "discard", *hand.split(), flag)
    table = rows(out)
    assert len(table) == 15
    best = discard_advice(parse_cards(hand), dealer=flag == "--dealer")[0]
    assert table[0] == [
        "1",
        cards(best.keep),
        cards(best.discard),
        f"{best.hand_ev:.3f}",
        f"{best.crib_ev:.3f}",
        f"{best.net:.3f}",
        f"{best.pegs:+.2f}",
    ]
    nets = [float(row[5]) for row in table]
    assert nets == sorted(nets, reverse=True)


def test_stats() -> None:
    out = run("cribbage", "stats")
    table = {row[0]: row for row in rows(out)}
    assert table["29"][1] == "4"
    assert table["19"][1] == table["19"][3] == "0"
    assert table["total"][1] == table["total"][3] == "12,994,800"
    assert table["mean"][1] == "4.7692"


def test_games_lists_every_registered_game() -> None:
    out = run("games")
    names = [row[0] for row in rows(out)]
    assert "cribbage" in names
    assert names == game_names()


def test_rules_lists_every_option() -> None:
    out = run("rules", "cribbage")
    listed = [row[0] for row in rows(out) if row[0]]
    assert listed == [spec.name for spec in CribbageGame.option_specs]
    assert "his heels" in out


def test_simulate_is_deterministic() -> None:
    first = run("simulate", "cribbage", "--games", "5", "--seed", "1")
    assert first == run("simulate", "cribbage", "--games", "5", "--seed", "1")
    table = rows(first)
    assert [row[0] for row in table] == ["0", "1"]
    assert sum(int(row[1]) for row in table) == 5
    assert all(float(row[4]) > 0 for row in table)  # points per deal
    assert first != run("simulate", "cribbage", "--games", "5", "--seed", "2")


def test_simulate_with_options() -> None:
    out = run("simulate", "cribbage", "-n", "3", "-o", "players=3", "-o", "target=61")
    table = rows(out)
    assert len(table) == 3
    assert sum(int(row[1]) for row in table) == 3
    assert "target=61" in out


def test_demo_record_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = run("demo", "cribbage", "--seed", "5", "--delay", "0", "--record", str(path))
    assert "Result: seat" in out
    state = cardtable.read_record(path)
    assert state.is_over
    assert json.loads(path.read_text(encoding="utf-8"))["meta"]["source"] == "cardtable demo"

    replayed = run("replay", str(path))
    assert "Seat 0 is dealt" in replayed and "Seat 1 is dealt" in replayed
    assert "Scores: seat 0" in replayed
    result_line = [line for line in out.splitlines() if line.startswith("Result:")]
    assert replayed.splitlines()[-1:] == result_line
    assert (
        out.splitlines()[-1] == f"Record saved to {path}; replay it with: cardtable replay {path}"
    )

    seat0 = run("replay", str(path), "--seat", "0")
    assert "Seat 0 is dealt" in seat0 and "Seat 1 is dealt" not in seat0

    data = json.loads(run("replay", str(path), "--json"))
    assert data["result"] == state.result
    assert data["events"] == [e.to_dict() for e in state.events]
    hidden = json.loads(run("replay", str(path), "--json", "--seat", "1"))["events"]
    assert all(e["visible_to"] == "all" or 1 in e["visible_to"] for e in hidden)
    assert len(hidden) < len(data["events"])


def test_demo_is_deterministic_for_a_seed() -> None:
    assert run("demo", "--seed", "11") == run("demo", "--seed", "11")


@pytest.mark.parametrize("options", [["players=3"], ["players=4"], ["muggins=on", "target=61"]])
def test_demo_plays_to_the_end(options: list[str]) -> None:
    args = [arg for option in options for arg in ("-o", option)]
    out = run("demo", "cribbage", "--seed", "2", *args)
    assert "over: Seat" in out and "Result: seat" in out


@pytest.mark.parametrize(
    "command",
    [
        [],
        ["games"],
        ["rules"],
        ["simulate"],
        ["replay"],
        ["demo"],
        ["cribbage"],
        ["cribbage", "score"],
        ["cribbage", "discard"],
        ["cribbage", "stats"],
    ],
)
def test_help(command: list[str]) -> None:
    assert "Usage" in run(*command, "--help")


def test_the_list_of_commands_wraps_each_line_to_the_terminal() -> None:
    # Typer's list keeps a docstring's line breaks: "(the menu if no GAME is given), or" then a
    # line of its own for "at a server's table". Each command's sentence is rewrapped instead.
    out = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "80"}, terminal_width=80).output
    lines = out.splitlines()
    assert any("no GAME is given), or at a server's table with --connect URL." in x for x in lines)
    assert any("report per bot the win rate and points per deal" in x for x in lines)
    assert all(len(line) <= 80 for line in lines)


def test_version() -> None:
    assert run("--version").strip() == f"cardtable {cardtable.__version__}"


def _record_with_illegal_move(tmp_path: Path) -> Path:
    state = cardtable.load("cribbage").new_state(seed=4)
    record = state.to_record()
    record["moves"] = ["play AS"]  # the game opens with the discard, so no play is legal
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _corrupt_record(tmp_path: Path) -> Path:
    path = tmp_path / "corrupt.json"
    path.write_text('{"format": "cardtable-record/1", "moves": [', encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("args", "mentions"),
    [
        (["cribbage", "score", "XX", "5D", "5C", "JS", "--starter", "5S"], "'XX'"),
        (["cribbage", "score", "5H", "5D", "5C", "--starter", "5S"], "4 cards"),
        (["cribbage", "score", "5H", "5D", "5C", "5H", "--starter", "5S"], "5H more than once"),
        (["cribbage", "score", "5H", "5D", "5C", "JS", "--starter", "5H"], "starter 5H"),
        (["cribbage", "score", "5H", "5D", "5C", "JS", "--starter", "1Z"], "'1Z'"),
        (["cribbage", "discard", "5H", "5D", "5C", "JS", "4S", "6H"], "--dealer"),
        (
            ["cribbage", "discard", "5H", "5D", "5C", "JS", "4S", "6H", "--dealer", "--pone"],
            "--pone",
        ),
        (["cribbage", "discard", "5H", "5D", "5C", "JS", "4S", "--pone"], "6 cards"),
        (["simulate", "nosuch"], "unknown game 'nosuch'"),
        (["rules", "nosuch"], "unknown game 'nosuch'"),
        (["demo", "nosuch"], "unknown game 'nosuch'"),
        (["simulate", "cribbage", "-o", "foo=1"], "unknown option 'foo'"),
        (["simulate", "cribbage", "-o", "target=100"], "does not allow 100"),
        (["demo", "-o", "target"], "malformed option 'target'"),
        (["replay", "{tmp}/missing.json"], "cannot read record"),
        (["replay", "{corrupt}"], "not valid JSON"),
        (["replay", "{illegal}"], "illegal move 'play AS'"),
        (["replay", "{illegal}", "--json"], "illegal move 'play AS'"),
    ],
)
def test_user_errors_are_one_line(tmp_path: Path, args: list[str], mentions: str) -> None:
    paths = {
        "tmp": str(tmp_path),
        "corrupt": str(_corrupt_record(tmp_path)),
        "illegal": str(_record_with_illegal_move(tmp_path)),
    }
    result = runner.invoke(app, [arg.format(**paths) for arg in args])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: ")
    assert mentions in lines[0]
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, cardtable.CardtableError)


def test_replay_seat_out_of_range(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run("demo", "cribbage", "--seed", "1", "--record", str(path))
    result = runner.invoke(app, ["replay", str(path), "--seat", "2"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: --seat must be a seat from 0 to 1, not 2"


def test_demo_record_in_missing_folder(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["demo", "--seed", "1", "--record", str(tmp_path / "no" / "g.json")]
    )
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: no folder {str(tmp_path / 'no')!r} to save the record in"
    ]


def test_readme_python_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    blocks = [part.split("```", 1)[0] for part in readme.split("```python\n")[1:]]
    assert len(blocks) >= 2
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)
    printed = capsys.readouterr().out
    assert "the game is over" in printed
    assert "'winners'" in printed


def test_demo_without_a_game_plays_the_first_of_the_games() -> None:
    first = cardtable.games()[0]
    out = run("demo", "--seed", "4")
    assert out == run("demo", first, "--seed", "4")
    assert "Result: seat" in out
