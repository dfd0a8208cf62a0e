"""The arena and its statistics: known cases, determinism, the command line."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.bots.arena import GameResult, MatchResult, run_match, seatings
from cardtable.bots.stats import elo, mean_interval, paired_interval, win_rate
from cardtable.cli import app
from cardtable.errors import CardtableError


def test_a_bot_against_itself_is_even() -> None:
    result = run_match(
        "cribbage", ["rules", "rules"], deals=30, duplicate=True, seed=3, options={"target": 61}
    )
    diff = result.difference()
    assert diff.low < 0 < diff.high
    summary = result.summary()
    assert list(summary) == ["rules#1", "rules#2"]
    assert summary["rules#1"]["wins"] + summary["rules#2"]["wins"] == 60


def test_a_constructed_biased_match_gives_its_known_values() -> None:
    # Bot 0 scores 3 a deal and bot 1 scores 1 in every game; bot 0 wins 3 games in 4.
    games = [
        GameResult(
            deal=i,
            seating=(0, 1),
            scores=(3.0, 1.0),
            winners=(0,) if i % 4 else (1,),
            deals=1,
            moves=(10, 10),
            seconds=(0.01, 0.02),
        )
        for i in range(40)
    ]
    result = MatchResult("cribbage", {}, ["a", "b"], seed=0, duplicate=False, games=games)
    diff = result.difference()
    assert (diff.mean, diff.low, diff.high) == (2.0, 2.0, 2.0)
    summary = result.summary()
    assert summary["a"]["wins"] == 30 and summary["a"]["win_rate"].mean == 0.75
    assert summary["a"]["ms_per_move"] == pytest.approx(1.0)
    assert summary["b"]["ms_per_move"] == pytest.approx(2.0)
    # 75% against one opponent is 400 log10(3) Elo points.
    ratings = elo([("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10)
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)


def test_intervals() -> None:
    m = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m.mean == 2.5
    # The half-width is z * s / sqrt(n) with s the sample deviation (sqrt(5/3)).
    assert m.half_width == pytest.approx(1.959964 * math.sqrt(5 / 3) / 2, rel=1e-6)
    assert paired_interval([1.0, 2.0], [1.0, 2.0]).mean == 0.0
    rate = win_rate(50, 100)
    assert rate.mean == 0.5 and rate.low == pytest.approx(0.4038, abs=1e-4)


def test_seatings_turn_round_the_table() -> None:
    assert seatings(4, 2) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert len(seatings(6, 3)) == 3 and len(seatings(4, 4)) == 4


def test_the_same_seed_gives_the_same_results_with_any_number_of_workers() -> None:
    one = run_match("kloepper", ["rules", "random"], deals=6, duplicate=True, seed=5, jobs=1)
    two = run_match("kloepper", ["rules", "random"], deals=6, duplicate=True, seed=5, jobs=2)
    assert [(g.deal, g.seating, g.scores, g.winners) for g in one.games] == [
        (g.deal, g.seating, g.scores, g.winners) for g in two.games
    ]
    assert len(one.games) == 12  # two seatings of each deal


def test_a_match_played_in_parts_is_the_whole_match() -> None:
    whole = run_match("kloepper", ["rules", "random"], deals=5, duplicate=True, seed=5)
    parts = [
        run_match("kloepper", ["rules", "random"], deals=n, duplicate=True, seed=5, first=f)
        for f, n in ((0, 2), (2, 3))
    ]
    key = [(g.deal, g.seating, g.scores, g.winners, g.deals) for g in whole.games]
    assert [
        (g.deal, g.seating, g.scores, g.winners, g.deals) for p in parts for g in p.games
    ] == key
    # A saved match reads back with the same figures.
    again = MatchResult.from_json(json.loads(json.dumps(whole.to_json())))
    assert again.difference() == whole.difference() and again.bots == ["rules", "random"]
    with pytest.raises(CardtableError, match="not an arena result"):
        MatchResult.from_json({"format": "something-else"})
    with pytest.raises(CardtableError, match="corrupt arena result"):
        MatchResult.from_json({**whole.to_json(), "games": [{"deal": 1}]})


def test_the_strength_script_resumes_where_it_left_off(tmp_path: Path) -> None:
    script = Path(__file__).parents[1] / "bench" / "strength.py"
    args = [sys.executable, str(script), "--only", "cribbage", "--scale", "0.01"]
    args += ["--jobs", "1", "--data", str(tmp_path), "--out", str(tmp_path / "strength.md")]
    subprocess.run(args, check=True, capture_output=True)
    files = sorted(p.name for p in tmp_path.glob("*.json"))
    assert files == [
        "cribbage-easy-vs-beginner.json",
        "cribbage-expert-vs-easy.json",
        "cribbage-expert-vs-hard.json",
        "cribbage-hard-vs-medium.json",
        "cribbage-medium-vs-easy.json",
    ]
    saved = {name: (tmp_path / name).read_text() for name in files}
    # 10 games needed: one part of 8 deals in both seatings (16 games) completes each pairing.
    assert all(len(json.loads(text)["games"]) == 16 for text in saved.values())
    subprocess.run(args, check=True, capture_output=True)
    assert {name: (tmp_path / name).read_text() for name in files} == saved  # nothing replayed
    report = (tmp_path / "strength.md").read_text()
    assert "| easy vs beginner | 16 |" in report and "| expert vs easy | 16 |" in report
    # Cribbage's target is against an outside program: its table, not a target line here.
    assert "Target:" not in report and "## Against outside programs" in report
    assert "| cribbage | expert vs openspiel-ismcts:simulations=1000 | 0 | 0 |" in report
    assert "## calypso" in report and "| medium vs easy | 0 | 0 | not yet played |" in report
    assert "## Earlier levels" not in report
    # A level that changed: its games move to earlier/ and stay in the report, the pairing
    # is played again under the new bots.
    path = tmp_path / "cribbage-easy-vs-beginner.json"
    old = json.loads(path.read_text())
    old["bots"][0] = "rules:mistakes=0.5"
    path.write_text(json.dumps(old))
    subprocess.run([*args, "--pairing", "easy-vs-beginner"], check=True, capture_output=True)
    assert (
        json.loads((tmp_path / "earlier" / "cribbage-easy-vs-beginner-1.json").read_text()) == old
    )
    assert json.loads(path.read_text())["bots"][0] != "rules:mistakes=0.5"
    report = (tmp_path / "strength.md").read_text()
    assert "## Earlier levels" in report
    assert "| cribbage | `rules:mistakes=0.5` vs `random` | 16 |" in report


def test_lowest_total_wins_turns_the_sign() -> None:
    result = run_match(
        "krypkasino",
        ["rules", "random"],
        deals=4,
        duplicate=True,
        seed=2,
        options={"players": 2, "deals": 1},
    )
    for g in result.games:
        assert sum(g.scores) == -42  # penalty points, negated: more is better
    assert result.difference().mean > 0


def test_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    json_file = tmp_path / "match.json"
    png_file = tmp_path / "match.png"
    outcome = runner.invoke(
        app,
        [
            "arena",
            "cribbage",
            "--bots",
            "rules,random",
            "--deals",
            "3",
            "--duplicate",
            "-o",
            "target=61",
            "-j",
            "1",
            "--json",
            str(json_file),
            "--png",
            str(png_file),
        ],
    )
    assert outcome.exit_code == 0, outcome.output
    assert "rules - random:" in outcome.output and "95% interval" in outcome.output
    data = json.loads(json_file.read_text())
    assert data["format"] == "cardtable-arena/1" and len(data["games"]) == 6
    assert set(data["summary"]) == {"rules", "random"}
    assert png_file.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    three = runner.invoke(
        app,
        [
            "arena",
            "calypso",
            "--bots",
            "rules,random,rules",
            "--deals",
            "2",
            "--no-save",
            "-j",
            "1",
        ],
    )
    assert three.exit_code == 0, three.output
    assert "Elo" in three.output and "rules#2" in three.output
    bad = runner.invoke(app, ["arena", "cribbage", "--bots", "rules,wizard", "--deals", "1"])
    assert bad.exit_code == 2
    assert "no bot 'wizard' for cribbage" in bad.output
