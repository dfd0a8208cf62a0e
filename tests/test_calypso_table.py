"""Calypso at the table: a whole game by key presses against three rules bots (English and
Japanese, every trick rule), two friends and a bot in the plain line mode, and the table showing
a seat nothing it may not see."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

import pytest
from textual.widgets import RichLog

import cardtable
from calypso_deals import twin_for
from cardtable.games.calypso import CalypsoState
from cardtable.games.calypso.tui import CalypsoFace
from cardtable.i18n import set_language, suit_name, using_language
from cardtable.play.look import colour_cards
from cardtable.play.plain import PlainTable, result_line
from cardtable.play.session import Session
from cardtable.play.storage import saved_records
from cardtable.play.tui import CardtableApp
from cardtable.play.tui.faces import face_for
from cardtable.play.tui.screens import ResultScreen
from cardtable.play.tui.table import TableScreen
from cardtable.records import read_record
from test_play_tui import SIZE, play_by_keys, text_of

PLAYERS = ["human", "rules", "rules", "rules"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def test_the_face_is_calypsos_own() -> None:
    assert isinstance(face_for(cardtable.load("calypso")), CalypsoFace)


def test_a_whole_game_by_keys_against_three_rules_bots() -> None:
    async def scenario() -> None:
        game = cardtable.load("calypso")
        app = CardtableApp(game=game, players=PLAYERS, seed=6, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            counts = await play_by_keys(app, pilot, limit=6000)
            assert counts["digits"] and counts["hints"] and counts["clicks"]
            table = app.table
            assert isinstance(table, TableScreen)
            state = table.session.state
            assert state.is_over
            screen = app.screen
            assert isinstance(screen, ResultScreen)
            body = text_of(screen.body)
            assert result_line(state) in body
            # The scoring sheet of the round is in the result box.
            assert "Round 1: the scoring" in body and "× 20 =" in body
            (path,) = saved_records()
            assert read_record(path).scores == state.scores
            logged = "\n".join(strip.text for strip in table.query_one("#log", RichLog).lines)
            assert "Seat 0 is dealt" in logged and "Seat 1 is dealt" not in logged
            assert "wins the trick" in logged and "lays" in logged

    asyncio.run(scenario())


def test_a_japanese_game_to_the_end() -> None:
    async def scenario() -> None:
        set_language("ja")
        try:
            game = cardtable.load("calypso", trick_rule="last-trump")
            app = CardtableApp(game=game, players=PLAYERS, seed=3, bot_delay=0)
            async with app.run_test(size=SIZE) as pilot:
                await play_by_keys(app, pilot, limit=6000)
                screen = app.screen
                assert isinstance(screen, ResultScreen)
                body = text_of(screen.body)
                assert "結果" in body and "得点" in body
                assert "Seat" not in body and "Round" not in body
        finally:
            set_language("en")

    asyncio.run(scenario())


def test_the_table_shows_a_seat_only_what_it_may_see() -> None:
    """The drawn table of a seat is the same for two states that differ only in cards hidden
    from it, and shows its own hand's cards nowhere else."""
    rng = random.Random(2)
    face = face_for(cardtable.load("calypso"))
    for trial in range(12):
        state = cardtable.load("calypso").new_state(seed=trial)
        assert isinstance(state, CalypsoState)
        for _ in range(rng.randrange(200)):
            state.apply(rng.choice(state.legal_moves()))
        seat = rng.randrange(4)
        twin = twin_for(state, seat, rng)
        for which in (state, twin):
            assert which.observation(seat)["hand"] == state.observation(seat)["hand"]
        views = []
        for which in (state, twin):
            obs = which.observation(seat)
            views.append(
                (
                    text_of(face.board(obs, PLAYERS, seat)),
                    text_of(face.table(obs, PLAYERS, seat)),
                    face.status(obs, PLAYERS, seat),
                    text_of(face.last_play(obs, which.events_for(seat))),
                )
            )
        assert views[0] == views[1]


def test_the_table_draws_calypsos_voids_and_the_last_trick() -> None:
    from calypso_deals import new

    state = new(([["AS", "5S"], ["JS", "9S"], ["5D", "2H"], ["3S", "JS"]], ("", "", "S", "")))
    for card in ("AS", "JS", "5D", "3S", "5S", "9S", "2H", "JS"):
        state.apply(f"play {card}")
    face = face_for(state.game)
    text = text_of(face.table(state.observation(0), PLAYERS, 0))
    assert "standard (any trump-in beats a led trump)" in text
    # North's calypso: A . . J . 9 . . . 5 . 3 . ; South void in spades.
    lines = [line.strip() for line in text.splitlines()]
    north = next(line for line in lines if line.startswith("Seat 0 (you) ♠"))
    assert "A♠ ·  ·  J♠ ·   9♠ ·  ·  ·  5♠ ·  3♠ ·  pile 1" in north
    south = next(line for line in lines if line.startswith("Seat 2"))
    assert "void: ♠" in south and "2♥" in south
    last = next(line for line in lines if line.startswith("Last trick"))
    assert "0:5♠  1:9♠  2:2♥  3:J♠  → Seat 2 (rules bot): trumps in" in last
    board = text_of(face.board(state.observation(0), PLAYERS, 0))
    assert "140" in board  # North 5 calypso cards + 1 pile card, South 1 + 1: 110 + 30
    with using_language("ja"):
        assert "切り札で割り込み" in text_of(face.table(state.observation(0), PLAYERS, 0))


@pytest.mark.parametrize("rule", ["standard", "lead-ranks", "last-trump", "all-fours"])
def test_two_friends_and_a_bot_in_the_plain_mode(rule: str) -> None:
    players = ["human", "rules", "human", "random"]
    game = cardtable.load("calypso", trick_rule=rule)
    probe = Session(game, players, seed=5)
    moves: list[str] = []
    while True:
        probe.run_bots()
        if probe.state.is_over:
            break
        # The bare card is enough: every Calypso move is "play".
        move = probe.state.legal_moves()[-1]
        moves.append(move.text.split()[1])
        probe.play(move)
    session = Session(game, players, seed=5)
    out = io.StringIO()
    table = PlainTable(session, io.StringIO("".join(m + "\n" for m in [*moves, "n"])), out)
    table.run()
    text = out.getvalue()
    assert session.state.is_over
    assert session.state.scores == probe.state.scores
    assert result_line(session.state) in text
    assert "Round 1 over: seats 0+2 score" in text
    assert "Seat 1 is dealt" not in text and "Seat 3 is dealt" not in text


def test_a_hint_shows_what_the_search_weighed() -> None:
    async def scenario() -> None:
        app = CardtableApp(game=cardtable.load("calypso"), players=PLAYERS, seed=6, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.table
            assert isinstance(table, TableScreen) and table.session.human_to_move()
            await pilot.press("h")
            await pilot.pause()
            report = table.session.hint_report
            # The hard level is a search bot: its report ranks the moves it weighed.
            assert len(report) > 1 and all(visits > 0 for _, _, visits in report)
            status = table.status_line.plain
            # Each of the best moves a line: its value, error bar and reason.
            best = f"{report[0][0]}: {report[0][1]:+.1f} points against theirs on average"
            assert colour_cards(f"Hint: {report[0][0]} (Enter plays it)").plain in status
            assert colour_cards(best).plain in status

    asyncio.run(scenario())


def test_the_led_suit_is_named_in_words_not_as_a_letter() -> None:
    state = cardtable.load("calypso").new_state(seed=1)
    state.apply(state.legal_moves()[0])  # seat 0 leads 10C
    obs = state.observation(1)
    assert obs["led"] == "C"
    assert "Follow clubs if you can" in state.game.prompt(obs)
    face = face_for(state.game)
    assert face.status(state.observation(0), ["human"] * 4, 0).endswith("; clubs was led.")
    with using_language("ja"):
        clubs = suit_name(0)
        assert clubs != "clubs" and clubs in state.game.prompt(obs)
