"""The plain line mode and the play session: a whole game typed as a script, with mistakes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import cardtable
from cardtable.cards import card_str
from cardtable.errors import OptionError, RecordError
from cardtable.i18n import using_language
from cardtable.play.plain import PlainTable, result_line
from cardtable.play.session import Session, parse_players
from cardtable.play.storage import saved_records
from cardtable.records import read_record
from scripted import first_moves


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def script_for(seed: int) -> tuple[list[str], Session]:
    """The moves seat 0 makes if it always takes the first legal move, and the finished game."""
    probe = Session(cardtable.load("cribbage"), ["human", "rules"], seed=seed)
    return first_moves(probe), probe


def run_plain(lines: list[str], players: list[str], seed: int) -> tuple[str, PlainTable]:
    session = Session(cardtable.load("cribbage"), players, seed=seed)
    out = io.StringIO()
    table = PlainTable(session, io.StringIO("".join(line + "\n" for line in lines)), out)
    table.run()
    return out.getvalue(), table


def test_a_whole_game_from_a_script_with_a_wrong_card_and_an_illegal_move() -> None:
    moves, finished = script_for(seed=11)
    first_play = next(i for i, m in enumerate(moves) if m.startswith("play"))
    hand_then = Session(cardtable.load("cribbage"), ["human", "rules"], seed=11)
    for move in moves[:first_play]:
        hand_then.run_bots()
        hand_then.play(move)
    hand_then.run_bots()
    held = hand_then.state.observation(0)["hand"]
    not_held = next(card_str(c) for c in range(52) if card_str(c) not in held)
    bare = moves[first_play].split()[1]  # "5H" alone stands for "play 5H"
    script = [
        "help",
        *moves[:first_play],
        "moves",
        "play 1X",
        f"play {not_held}",
        "",
        bare,
        *moves[first_play + 1 :],
        "n",  # no rematch
    ]
    text, table = run_plain(script, ["human", "rules"], seed=11)
    lines = text.splitlines()
    assert "seat 0> help" in lines
    assert "Commands: help, moves, hand, rules, hint, score, quit." in lines
    legal = ", ".join(m.text for m in hand_then.state.legal_moves())
    assert (
        "error: malformed move 'play 1X': malformed card '1X': a card is a rank "
        "(A 2 3 4 5 6 7 8 9 10 J Q K, T for 10) followed by a suit (C D H S or ♣ ♦ ♥ ♠), in "
        f"either case, e.g. 10H, TH, 10♥, as, qd; legal moves: {legal}"
    ) in lines, text
    assert (
        f"error: illegal move 'play {not_held}' for seat 0: {not_held} is not in your "
        f"hand; legal moves: {legal}"
    ) in lines, text
    # The game went on to the same end as the script without mistakes.
    assert result_line(finished.state) in lines
    assert table.session.state.history == finished.state.history
    # The record was saved, and replays to the same scores.
    (path,) = saved_records()
    assert table.saved == [str(path)]
    assert read_record(path).scores == finished.state.scores
    assert json.loads(path.read_text())["meta"]["players"] == ["human", "rules"]


def test_the_person_sees_only_their_own_cards() -> None:
    moves, finished = script_for(seed=5)
    text, _table = run_plain([*moves, "n"], ["human", "rules"], seed=5)
    assert "Seat 0 is dealt" in text
    assert "Seat 1 is dealt" not in text
    # The bot's lay-aways are told only as a count.
    assert "Seat 1 lays away 2 cards" in text
    bot_discards = [m for i, m in enumerate(finished.state.history) if m.startswith("discard")]
    for line in text.splitlines():
        if line.strip().startswith("Seat 1 lays away"):
            assert line.strip() == "Seat 1 lays away 2 cards", bot_discards
    # Their own lay-aways are told once, with the cards (not also as a count).
    assert "Seat 0 lays away 2 cards" not in text
    own = [line.strip() for line in text.splitlines() if line.strip().startswith("Seat 0 lays")]
    assert own and all(line != "Seat 0 lays away 2 cards" for line in own)
    assert own[0] == f"Seat 0 lays away {moves[0].split(maxsplit=1)[1]}"


def test_end_of_input_saves_the_unfinished_game() -> None:
    moves, _finished = script_for(seed=3)
    text, table = run_plain(moves[:3], ["human", "rules"], seed=3)
    (path,) = saved_records()
    assert f"The game so far is saved to {path}" in text
    record = json.loads(path.read_text())
    assert record["result"] is None
    assert read_record(path).history == table.session.state.history


def test_quit_and_commands() -> None:
    text, table = run_plain(["rules", "score", "hint", "hand", "quit"], ["human", "rules"], seed=8)
    assert "Cribbage: two players with six cards each" in text
    assert "Scores: seat 0 0, seat 1 0 (game to 121)" in text
    hint = table.session.hint(0).text
    assert f"Hint: {hint}" in text
    assert not table.session.state.history


def test_two_people_at_one_keyboard_are_told_whose_turn_it_is() -> None:
    session = Session(cardtable.load("cribbage"), ["human", "human"], seed=2)
    first = session.state.legal_moves()[0].text
    out = io.StringIO()
    PlainTable(session, io.StringIO(first + "\n"), out, save=False).run()
    text = out.getvalue()
    assert "Seat 0, your turn." in text and "Seat 1, your turn." in text
    # Nobody's dealt hand is printed as an event: each sees their cards at their own prompt.
    assert "is dealt" not in text


def test_a_japanese_game_plays_to_the_end() -> None:
    with using_language("ja"):
        moves, finished = script_for(seed=21)
        text, _table = run_plain([*moves, "n"], ["human", "rules"], seed=21)
        expected = result_line(finished.state)
    assert expected in text.splitlines()
    assert expected.startswith("結果")
    assert "席0" in text and "Seat" not in text


def test_players_are_checked() -> None:
    game = cardtable.load("cribbage")
    with pytest.raises(OptionError, match="unknown player 'robot'; allowed: human, beginner"):
        parse_players(game, "human,robot")
    with pytest.raises(OptionError, match="2 seats, but 3 players"):
        parse_players(game, "human,easy,easy")


def test_a_game_left_unfinished_is_resumed_where_it_stopped() -> None:
    moves, finished = script_for(seed=11)
    text, table = run_plain([moves[0], "quit"], ["human", "rules"], seed=11)
    assert "The game so far is saved to" in text
    record = json.loads(Path(table.saved[-1]).read_text(encoding="utf-8"))
    resumed = Session.resume(record)
    assert resumed.players == ["human", "rules"]
    assert resumed.state.history == record["moves"]
    out = io.StringIO()
    PlainTable(resumed, io.StringIO("".join(m + "\n" for m in moves[1:]) + "n\n"), out).run()
    # The same game as played without a pause: the same moves and the same result.
    assert resumed.state.history == finished.state.history
    assert resumed.state.result == finished.state.result
    with pytest.raises(RecordError, match="is over: replay it instead"):
        Session.resume(resumed.record())


def test_an_endless_line_is_refused_in_one_short_line_and_the_game_goes_on() -> None:
    text, table = run_plain(["play " + "X" * 3_000_000, "4C JD", "quit"], ["human", "rules"], 4)
    assert max(len(line) for line in text.splitlines()) < 300
    assert "error: a line is at most 10000 characters" in text
    assert table.session.state.history[0] == "discard 4C JD"
