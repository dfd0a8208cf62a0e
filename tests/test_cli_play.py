"""The play, records and replay commands, and --lang, as a person types them."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import cardtable
from cardtable.cli.app import app
from cardtable.play.plain import result_line, scores_line
from cardtable.play.session import Session
from cardtable.play.storage import saved_records

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def bots_game(seed: int) -> tuple[list[str], str]:
    """The scores between deals and the result line of a 61-point game between two rules bots
    at a table with this seed."""
    session = Session(cardtable.load("cribbage", target=61), ["rules", "rules"], seed=seed)
    between = []
    deals = 0
    while session.bots_to_move():
        session.step_bot()
        now = sum(e.type == "deal" for e in session.state.events)
        if now > deals:
            if deals:
                between.append("  " + scores_line(session.state))
            deals = now
    return between, result_line(session.state)


def test_play_in_plain_lines_saves_the_record_and_replay_shows_it() -> None:
    args = ["play", "cribbage", "--players", "rules,rules", "--seed", "3", "-o", "target=61"]
    result = runner.invoke(app, args, input="n\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == (
        "Cribbage (players=2, target=61, skunk=acc, muggins=off, games=1, dealer=1), seed 3"
    )
    assert lines[1] == "seat 0: rules bot, seat 1: rules bot"
    between, final = bots_game(3)
    assert final in lines
    # The scores told between deals are those of that moment.
    assert [line for line in lines if line.startswith("  Scores:")] == between
    assert len(set(between)) == len(between) > 2
    (path,) = saved_records()
    assert f"Record saved to {path}" in lines
    listed = runner.invoke(app, ["records"])
    assert listed.exit_code == 0
    assert "Cribbage" in listed.output and path.name[:20] in listed.output
    # Without a terminal, replay prints the events; with no file named it takes the last game.
    replayed = runner.invoke(app, ["replay"])
    assert replayed.exit_code == 0, replayed.output
    assert "seed 3, 50 moves; every card shown" in " ".join(replayed.output.split())
    assert replayed.output.splitlines()[-1].startswith("Result: seat")


def test_japanese_from_the_option_or_the_locale() -> None:
    args = ["play", "cribbage", "--players", "rules,rules", "--seed", "5", "-o", "target=61"]
    by_option = runner.invoke(app, ["--lang", "ja", *args], input="")
    by_locale = runner.invoke(app, args, input="", env={"LANG": "ja_JP.UTF-8"})
    for result in (by_option, by_locale):
        assert result.exit_code == 0, result.output
        assert "クリベッジ" in result.output.splitlines()[0]
        assert any(line.startswith("結果: 席") for line in result.output.splitlines())
    rules = runner.invoke(app, ["--lang", "ja", "rules", "cribbage"])
    assert rules.exit_code == 0
    assert rules.output.startswith("クリベッジ")


def test_mistakes_on_the_command_line_are_one_line_each() -> None:
    cases = {
        ("--lang", "fr", "games"): "error: unknown language 'fr'; allowed: en, ja",
        ("play", "--players", "human,robot"): "error: unknown player 'robot'; allowed: human, "
        "beginner, easy, medium, hard, expert, ismcts, pimc, random, rules",
        ("play", "--players", "human,pimc:planets=3"): "error: bad settings for bot 'pimc': "
        "planets=3",
        ("play", "bridge"): "error: unknown game 'bridge'",
        ("replay",): "error: no saved games yet in",
    }
    for args, message in cases.items():
        result = runner.invoke(app, list(args), input="")
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith(message), (args, result.output)
        assert "Traceback" not in result.output


def test_play_resume_goes_on_with_the_last_unfinished_game() -> None:
    first = runner.invoke(
        app, ["play", "cribbage", "--seed", "4", "--plain"], input="4C JD\nquit\n"
    )
    assert first.exit_code == 0, first.output
    (saved,) = saved_records()
    resumed = runner.invoke(app, ["play", "--resume", "--plain"], input="play 2S\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Seat 0 lays away 4C JD" in resumed.output  # the game so far, told again
    assert "seat 0> play 2S" in resumed.output
    newest = saved_records()[-1]
    assert newest != saved
    record = cardtable.read_record(newest)
    assert record.history[:3] == ["discard 4C JD", record.history[1], "play 2S"]
    # A named record resumes too; a finished or missing one is one error line.
    again = runner.invoke(app, ["play", "--resume", str(saved), "--plain"], input="quit\n")
    assert again.exit_code == 0, again.output
    missing = runner.invoke(app, ["play", "--resume", "nowhere.json", "--plain"])
    assert missing.exit_code == 2
    assert missing.output.strip().splitlines() == [
        "error: cannot read record 'nowhere.json': No such file or directory"
    ]


def test_play_resume_with_nothing_saved_says_so() -> None:
    result = runner.invoke(app, ["play", "--resume", "--plain"])
    assert result.exit_code == 2
    assert (
        result.output.strip()
        == "error: no unfinished game is saved; start one with: cardtable play"
    )
