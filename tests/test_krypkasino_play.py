"""Krypkasino at the terminal: the full-screen table driven by Textual's pilot (a whole game by
key presses, capture families chosen from the list of moves), the plain line mode from a script,
and the face drawing only what the seat may see."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import OptionList, RichLog

import cardtable
from cardtable.bots import make_bot
from cardtable.cards import card_str
from cardtable.games.krypkasino.bot import KrypkasinoRulesBot
from cardtable.games.krypkasino.expert import KrypkasinoSearchBot
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.games.krypkasino.tui import KrypkasinoFace
from cardtable.i18n import _, seat_word, using_language
from cardtable.play.plain import PlainTable, result_line
from cardtable.play.session import Session
from cardtable.play.tui import CardtableApp
from cardtable.play.tui.face import Seen
from cardtable.play.tui.faces import face_for
from cardtable.play.tui.screens import InfoScreen, PassScreen, ResultScreen
from cardtable.play.tui.table import TableScreen
from scripted import first_moves
from test_play_tui import SIZE, text_of

RULES = "rules"


@pytest.fixture(autouse=True)
def setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    yield


def test_the_registry_gives_the_rules_bot_and_the_face() -> None:
    assert isinstance(make_bot("krypkasino", RULES), KrypkasinoRulesBot)
    assert isinstance(make_bot("krypkasino", "hard"), KrypkasinoRulesBot)
    assert isinstance(make_bot("krypkasino", "expert"), KrypkasinoSearchBot)
    assert isinstance(face_for(cardtable.load("krypkasino")), KrypkasinoFace)


def ascii_cards(text: str) -> str:
    """Text with the suit symbols the table draws turned back into letters."""
    return text.translate(str.maketrans("♣♦♥♠", "CDHS"))


async def play_by_keys(app: CardtableApp, pilot: object, limit: int = 3000) -> dict[str, int]:
    """Answer every question of the table with key presses until the result shows: a digit for
    a card that is a whole move, the arrows and Enter to choose among capture families."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    counts = {"digits": 0, "list": 0, "boxes": 0, "panels": 0}
    for _step in range(limit):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, ResultScreen):
            return counts
        if isinstance(screen, InfoScreen | PassScreen):
            counts["boxes"] += 1
            await pilot.press("space")
            continue
        table = app.table
        assert isinstance(table, TableScreen)
        session = table.session
        if not session.human_to_move() or not table._my_turn():
            continue
        legal = session.state.legal_moves()
        turn = len(session.state.history)
        takes = [m for m in legal if len(m.cards) > 1]
        if takes:
            if counts["panels"] < 2:
                await pilot.press("a")  # the capture choices, then back to the table
                await pilot.pause()
                assert isinstance(app.screen, InfoScreen)
                assert ascii_cards(takes[0].text) in ascii_cards(text_of(app.screen.body))
                await pilot.press("space")
                await pilot.pause()
                counts["panels"] += 1
            # Choose the last family of the list with the arrows.
            index = legal.index(takes[-1])
            await pilot.press(*(["down"] * index), "enter")
            counts["list"] += 1
        else:
            move = legal[turn % len(legal)]
            await pilot.press(str(table.hand_cards.index(move.text.split()[1]) + 1))
            counts["digits"] += 1
        await pilot.pause()
        assert len(session.state.history) > turn, f"the keys did not make a move at turn {turn}"
        if takes:
            assert session.state.history[turn] == takes[-1].text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("options", "players", "language"),
    [
        ({"players": 2, "deals": 1}, ["human", RULES], "en"),
        ({"players": 4, "teams": "pairs", "deals": 1}, ["human", RULES, RULES, RULES], "ja"),
        ({"players": 6, "teams": "threes", "deals": 1}, ["human"] + [RULES] * 5, "en"),
    ],
)
def test_the_pilot_plays_a_whole_game_by_keys(
    options: dict[str, object], players: list[str], language: str
) -> None:
    async def scenario() -> None:
        game = cardtable.load("krypkasino", **options)
        app = CardtableApp(game=game, players=players, seed=7, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.table
            assert isinstance(table, TableScreen)
            assert isinstance(table.face, KrypkasinoFace)
            counts = await play_by_keys(app, pilot)
            assert counts["digits"]
            if options["players"] == 2:
                assert counts["list"] and counts["panels"]  # families chosen from the list
            state = table.session.state
            assert state.is_over
            screen = app.screen
            assert isinstance(screen, ResultScreen)
            assert result_line(state) in text_of(screen.body)
            assert sum(state.result["hands"][0]) == 42  # type: ignore[index]
            # The log told the person only what seat 0 may know.
            logged = "\n".join(strip.text for strip in table.query_one("#log", RichLog).lines)
            dealt = _("{player} is dealt {cards}").split("{cards}")[0]
            assert dealt.format(player=seat_word(0, start=True)) in logged
            assert all(
                dealt.format(player=seat_word(s, start=True)) not in logged
                for s in range(1, len(players))
            )

    with using_language(language):
        asyncio.run(scenario())


def hidden_faces(state: KrypkasinoState, seat: int) -> set[str]:
    """Faces that lie only in other hands or the stock: nothing of them is visible to seat."""
    obs = state.observation(seat)
    visible = set(obs["hand"]) | set(obs["table"]) | set(obs["set_aside"])
    for pile in obs["captured"]:
        visible |= set(pile)
    elsewhere = {card_str(c) for s in range(state.n) if s != seat for c in state.hands[s]}
    return elsewhere - visible


def test_the_face_shows_a_seat_nothing_hidden_from_it() -> None:
    game = cardtable.load("krypkasino", players=4, teams="pairs")
    state = game.new_state(seed=3)
    assert isinstance(state, KrypkasinoState)
    for _move in range(9):
        state.apply(state.legal_moves()[0])
    face = face_for(game)
    assert isinstance(face, KrypkasinoFace)
    players = ["human", RULES, RULES, RULES]
    for seat in range(4):
        obs = state.observation(seat)
        secret = hidden_faces(state, seat)
        assert secret
        shown = "\n".join(
            text_of(r)
            for r in (
                face.board(obs, players, seat),
                face.table(obs, players, seat),
                face.captures_panel(Seen(obs, state.events_for(seat), None)),
                face.piles_panel(Seen(obs, state.events_for(seat), None)),
                face.last_play(obs, state.events_for(seat)),
            )
        )
        shown += face.status(obs, players, seat)
        words = set(ascii_cards(shown).replace(",", " ").replace(".", " ").split())
        assert not secret & words, secret & words
        own = set(obs["hand"])
        assert own <= words or obs["to_move"] != seat


def test_the_face_draws_the_table() -> None:
    game = cardtable.load("krypkasino", players=4, teams="pairs")
    state = game.new_state(seed=3)
    face = face_for(game)
    obs = state.observation(0)
    players = ["human", RULES, RULES, RULES]
    table = text_of(face.table(obs, players, 0))
    assert "Hand   1 of 4" in table or "1 of 4" in table
    assert "80 cards, 5 extra deals left" in table
    assert "Seat 0 (you), team 1" in table and "Seat 1 (rules bot), team 2" in table
    assert " ".join(obs["table"]) in ascii_cards(table)
    board = text_of(face.board(obs, players, 0))
    assert "Seat 0 (you) + Seat 2 (rules bot)" in board
    assert face.status(obs, players, 0).startswith("Your hand: ")
    state.apply(state.legal_moves()[0])
    assert face.status(state.observation(0), players, 0) == "Seat 1 (rules bot) to play."
    assert face.deal_summary(state.events_for(0)) is None


def script_for(seed: int, options: dict[str, object]) -> tuple[list[str], Session]:
    """The moves seat 0 makes if it always takes the first legal move, and the finished game."""
    game = cardtable.load("krypkasino", **options)
    players = ["human"] + [RULES] * (game.num_players - 1)
    probe = Session(game, players, seed=seed)
    return first_moves(probe), probe


def run_plain(lines: list[str], seed: int, options: dict[str, object]) -> tuple[str, PlainTable]:
    game = cardtable.load("krypkasino", **options)
    players = ["human"] + [RULES] * (game.num_players - 1)
    session = Session(game, players, seed=seed)
    out = io.StringIO()
    table = PlainTable(session, io.StringIO("".join(line + "\n" for line in lines)), out)
    table.run()
    return out.getvalue(), table


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_plain_game_from_a_script_with_mistakes(language: str) -> None:
    options: dict[str, object] = {"players": 3, "deals": 1}
    with using_language(language):
        moves, finished = script_for(5, options)
        bare = moves[0].split(maxsplit=1)[1]  # "5H" alone stands for "play 5H"
        script = ["play 1X", "play", "moves", bare, *moves[1:], "n"]
        text, table = run_plain(script, 5, options)
        expected = result_line(finished.state)
    lines = text.splitlines()
    assert expected in lines
    assert table.session.state.history == finished.state.history
    if language == "en":
        assert any("malformed card '1X'" in line for line in lines)
        assert "Seat 0 is dealt" in text and "Seat 1 is dealt" not in text
        assert any(line.startswith("Your hand: ") for line in lines)
    else:
        assert expected.startswith("結果")


def test_a_card_with_two_captures_is_chosen_in_the_list_and_played_by_enter() -> None:
    """Seed 3, seat 0: 7C takes 2C 5H or 2H 5H. Key 3 picks it and highlights the first family
    in the list; Enter plays the highlighted family; a card with one way (2D) plays at once."""

    async def scenario() -> None:
        game = cardtable.load("krypkasino")
        app = CardtableApp(game=game, players=["human", RULES, RULES, RULES], seed=3, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.table
            assert isinstance(table, TableScreen)
            assert table.hand_cards == ["2D", "5S", "7C", "8C", "10S"]
            await pilot.press("3")
            await pilot.pause()
            assert table.session.state.history == []
            status = ascii_cards(table.status_line.plain)
            assert "7C can be played 2 ways" in status
            await pilot.press("down", "enter")
            await pilot.pause()
            assert table.session.state.history[0] == "play 7C take 2H 5H"

    asyncio.run(scenario())


SEED3_MOVES = [
    "play 2D (takes 2C 2H)",
    "play 5S (takes 5H)",
    "play 7C take 2C 5H",
    "play 7C take 2H 5H",
    "play 8C",
    "play 10S",
]


def test_every_move_says_what_it_captures() -> None:
    # Seed 3, seat 0, table 2H 2C 9C 5H: 2D must take both twos, though "play 2D" names none.
    state = cardtable.load("krypkasino").new_state(seed=3)
    assert [state.describe_move(m) for m in state.legal_moves()] == SEED3_MOVES
    obs = state.observation(0)
    assert obs["takes"] == [["2C", "2H"], ["5H"], ["2C", "5H"], ["2H", "5H"], [], []]
    assert "takes" not in state.observation(None)
    panel = ascii_cards(text_of(KrypkasinoFace(state.game).captures_panel(Seen(obs, [], None))))
    assert "play 2D  takes 2C 2H" in panel
    assert "play 8C  takes nothing" in panel
    # A family names its cards itself.
    assert "play 7C take 2C 5H" in panel and "5H  takes" not in panel


def test_a_card_with_a_single_way_is_played_at_once() -> None:
    async def scenario() -> None:
        game = cardtable.load("krypkasino")
        app = CardtableApp(game=game, players=["human", RULES, RULES, RULES], seed=3, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.table
            assert isinstance(table, TableScreen)
            options = table.query_one("#moves", OptionList)
            shown = [
                ascii_cards(str(options.get_option_at_index(i).prompt))
                for i in range(options.option_count)
            ]
            assert shown == SEED3_MOVES
            await pilot.press("1")  # 2D: its only move, which takes both twos
            await pilot.pause()
            assert table.session.state.history[0] == "play 2D"

    asyncio.run(scenario())
