"""A fifth game that exists only in the tests (``tests/highcard.py``) plugs into everything a
registered game gets: the contract of ``tests/test_contract.py``, the plain line mode, the
search bots through its hooks, records and other processes; and a game without search hooks is
refused by the search bots by name."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardtable
from cardtable.bots import bot_names, choose_for, make_bot
from cardtable.errors import OptionError
from cardtable.play.plain import PlainTable, result_line
from cardtable.play.session import Session
from cardtable.play.storage import saved_records
from cardtable.records import read_record
from contract import assert_same_games_in_other_processes, check_contract, option_sets
from highcard import HighCardGame, PlainHighCardGame, registered
from scripted import first_moves


@pytest.fixture(scope="module", autouse=True)
def fifth_game() -> Iterator[None]:
    with registered():
        yield


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def test_it_is_registered_only_while_the_tests_ask() -> None:
    assert {"highcard", "highcard-plain"} <= set(cardtable.games())
    assert cardtable.load("highcard", tricks=5).options == {"tricks": 5}
    with pytest.raises(OptionError, match="option 'tricks' does not allow 4; allowed: 3, 5"):
        cardtable.load("highcard", tricks=4)


@pytest.mark.parametrize("options", option_sets(HighCardGame), ids=str)
def test_the_contract_holds(options: dict[str, int]) -> None:
    check_contract("highcard", options, games=300, thorough=40, first_seed=1000)


def test_a_seed_plays_the_same_in_other_processes() -> None:
    games = [("highcard", {}, 3), ("highcard", {"tricks": 5}, 4)]
    assert_same_games_in_other_processes(games, modules=["highcard"])


def _first_moves(seed: int) -> tuple[list[str], Session]:
    """Seat 0's moves if it always plays its first legal move against the random bot, and the
    game they make."""
    probe = Session(cardtable.load("highcard", tricks=5), ["human", "random"], seed=seed)
    return first_moves(probe), probe


def test_a_whole_game_in_the_plain_line_mode() -> None:
    moves, finished = _first_moves(seed=11)
    start = Session(cardtable.load("highcard", tricks=5), ["human", "random"], seed=11)
    hand = start.state.observation(0)["hand"]
    assert isinstance(hand, list)
    not_held = next(c for c in ("AS", "KS", "QS", "JS", "10S") if c not in hand)
    bare = moves[0].split()[1]  # "5H" alone stands for "play 5H"
    script = ["help", "moves", "hand", "hint", "play 1X", f"play {not_held}", "", bare]
    script += [*moves[1:], "n"]
    session = Session(cardtable.load("highcard", tricks=5), ["human", "random"], seed=11)
    out = io.StringIO()
    table = PlainTable(session, io.StringIO("".join(line + "\n" for line in script)), out)
    table.run()
    lines = out.getvalue().splitlines()
    assert lines[0] == "High card (tricks=5), seed 11"
    assert "Commands: help, moves, hand, rules, hint, score, quit." in lines
    legal = ", ".join(m.text for m in start.state.legal_moves())
    assert f"Legal moves: {legal}" in lines
    assert "Deal: 5 cards each" in lines
    assert f"  Seat 0 holds {' '.join(hand)}" in lines
    assert "Seat 1 holds" not in out.getvalue()  # the person sees only their own cards
    assert any(line.startswith("Hint: play ") for line in lines)
    assert any(line.startswith("error: malformed move 'play 1X'") for line in lines)
    assert (
        f"error: illegal move 'play {not_held}' for seat 0: {not_held} is not in your hand; "
        f"legal moves: {legal}"
    ) in lines
    assert result_line(finished.state) in lines
    assert table.session.state.history == finished.state.history
    (path,) = saved_records()
    assert read_record(path).scores == finished.state.scores
    assert json.loads(path.read_text())["game"] == "highcard"


@pytest.mark.parametrize("spec", ["pimc:worlds=5", "ismcts:iterations=50"])
def test_search_bots_play_it_through_its_hooks(spec: str) -> None:
    for seed in range(6):
        bots = [make_bot("highcard", spec, seed=seed), make_bot("highcard", "random", seed=seed)]
        if seed % 2:
            bots.reverse()  # the search bot takes each seat in turn
        state = cardtable.load("highcard", tricks=5).new_state(seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            move = choose_for(bots[seat], state)
            assert move in state.legal_moves()
            state.apply(move, seat=seat)
        result = state.result
        assert result is not None and result["winners"] == state.outcome()
        assert sum(state.scores) == 5 and len(state.history) == 10


def test_search_bots_refuse_a_game_without_hooks() -> None:
    name = PlainHighCardGame.name
    assert "pimc" not in bot_names(name) and "ismcts" not in bot_names(name)
    assert "pimc" in bot_names("highcard")
    for spec in ("pimc", "pimc:worlds=5", "ismcts:iterations=50"):
        bot = spec.split(":")[0]
        message = f"bot '{bot}' cannot play {name}: the game has no search hooks"
        with pytest.raises(OptionError, match=message):
            make_bot(name, spec)
    assert make_bot(name, "random", seed=1).name == "random"
