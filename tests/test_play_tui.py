"""The full-screen table, driven by Textual's pilot: a whole game by key presses."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from rich.console import Console, RenderableType
from textual.widgets import RichLog

import cardtable
from cardtable.i18n import set_language
from cardtable.play.plain import result_line
from cardtable.play.storage import saved_records
from cardtable.play.tui import CardtableApp
from cardtable.play.tui.replay import ReplayScreen
from cardtable.play.tui.screens import ConfirmScreen, InfoScreen, PassScreen, ResultScreen
from cardtable.play.tui.table import CardWidget, TableScreen
from cardtable.records import read_record

SIZE = (150, 50)


def text_of(renderable: RenderableType) -> str:
    """What a renderable shows, as plain text."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


async def play_by_keys(app: CardtableApp, pilot: object, limit: int = 3000) -> dict[str, int]:
    """Answer every question of the table with key presses until the result shows."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    counts = {"digits": 0, "hints": 0, "list": 0, "clicks": 0, "boxes": 0}
    for _ in range(limit):
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
        move = legal[-1]
        turn = len(session.state.history)
        if move.cards and turn % 3 == 0:
            # Pick the cards by their number keys, then Enter when more than one is needed.
            for text in move.text.split()[1:]:
                index = table.hand_cards.index(text)
                if index < 10:
                    await pilot.press(str((index + 1) % 10))
                else:  # past the number keys: the cursor
                    while table.cursor != index:
                        await pilot.press("right")
                    await pilot.press("space")
            if len(move.cards) > 1:
                await pilot.press("enter")
            counts["digits"] += 1
        elif move.cards and turn % 3 == 1:
            # Ask for a hint and take it.
            await pilot.press("h", "enter")
            counts["hints"] += 1
        elif move.cards:
            # A click on the card (the mouse), for a one-card move.
            target = move.text.split()[1]
            if len(move.cards) == 1:
                widget = next(w for w in table.query(CardWidget) if w.card == target)
                await pilot.click(widget)
                counts["clicks"] += 1
            else:
                await pilot.press("h", "enter")
                counts["hints"] += 1
        else:
            # Moves without cards come from the list of moves.
            await pilot.press("enter")
            counts["list"] += 1
        await pilot.pause()
        assert len(session.state.history) > turn, f"the keys did not make a move at turn {turn}"
    raise AssertionError("the game did not end")


def test_the_pilot_plays_a_whole_match_from_the_menu_against_the_rules_bot() -> None:
    async def scenario() -> None:
        app = CardtableApp(bot_delay=0, menu_game="cribbage")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.click("#start")
            await pilot.pause()
            table = app.table
            assert isinstance(table, TableScreen)
            assert table.session.players == ["human", "easy"]
            assert table.session.bots[1] is not None and table.session.bots[1].name == "rules"
            counts = await play_by_keys(app, pilot)
            assert counts["digits"] and counts["hints"] and counts["clicks"] and counts["boxes"]
            state = table.session.state
            assert state.is_over
            screen = app.screen
            assert isinstance(screen, ResultScreen)
            assert result_line(state) in text_of(screen.body)
            (path,) = saved_records()
            replayed = read_record(path)
            assert replayed.scores == state.scores
            assert max(state.scores) == 121
            # The log told the person only what seat 0 may know.
            logged = [strip.text for strip in table.query_one("#log", RichLog).lines]
            text = "\n".join(logged)
            assert "Seat 0 is dealt" in text and "Seat 1 is dealt" not in text
            assert "Seat 1 lays away 2 cards" in text
            assert not [
                line
                for line in logged
                if line.startswith("Seat 1 lays away ")
                and not line.startswith("Seat 1 lays away 2 cards")
            ]
            await pilot.press("q")

    asyncio.run(scenario())


def test_a_japanese_table_with_rematch() -> None:
    async def scenario() -> None:
        set_language("ja")
        try:
            game = cardtable.load("cribbage", target=61)
            app = CardtableApp(game=game, players=["human", "random"], seed=4, bot_delay=0)
            async with app.run_test(size=SIZE) as pilot:
                await play_by_keys(app, pilot)
                table = app.table
                assert table is not None
                screen = app.screen
                assert isinstance(screen, ResultScreen)
                assert "結果" in text_of(screen.body)
                await pilot.press("r")
                await pilot.pause()
                again = app.table
                assert again is not None and again is not table
                assert isinstance(app.screen, TableScreen)
                assert again.session.players == ["human", "random"]
                assert again.session.seed != table.session.seed
        finally:
            set_language("en")

    asyncio.run(scenario())


def test_hotseat_hides_the_hand_between_two_people() -> None:
    async def scenario() -> None:
        game = cardtable.load("cribbage")
        app = CardtableApp(game=game, players=["human", "human"], seed=9, bot_delay=0, save=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.table
            assert table is not None and table.viewer == 0
            await pilot.press("h", "enter")  # seat 0 lays away the hinted cards
            await pilot.pause()
            assert isinstance(app.screen, PassScreen)
            # While the keyboard passes, no hand is on the table.
            assert table.hidden and not list(table.query(CardWidget))
            await pilot.press("space")
            await pilot.pause()
            assert table.viewer == 1 and not table.hidden
            seat1 = table.session.state.observation(1)["hand"]
            assert [w.card for w in table.query(CardWidget)] == seat1

    asyncio.run(scenario())


def test_replay_steps_forwards_and_backwards() -> None:
    async def scenario() -> None:
        state = cardtable.load("cribbage", target=61).new_state(seed=3)
        bots = [cardtable.bots.make_bot("cribbage", "rules", s) for s in (1, 2)]
        while not state.is_over:
            state.apply(cardtable.bots.choose_for(bots[state.to_move or 0], state))
        app = CardtableApp(replay=state)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            assert screen.index == 0
            await pilot.press("right", "right", "right")
            assert screen.index == 3
            assert screen.state.history == state.history[:3]
            await pilot.press("left")
            assert screen.index == 2
            await pilot.press("end")
            assert screen.state.scores == state.scores
            await pilot.press("home")
            assert screen.index == 0 and screen.state.scores == [0, 0]

    asyncio.run(scenario())


def test_the_advisor_and_the_rules_open_on_their_keys() -> None:
    async def scenario() -> None:
        game = cardtable.load("cribbage")
        app = CardtableApp(game=game, players=["human", "rules"], seed=6, bot_delay=0, save=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, InfoScreen)
            body = text_of(screen.body)
            assert "Lay away" in body and "Net" in body
            # The rows are the game's advice for the seat (State.advice), best first.
            assert "The best 6 of the 15 ways to lay away two cards" in body
            rows = [line.split("│")[1:6] for line in body.splitlines() if "│" in line]
            cells = [[cell.strip() for cell in row] for row in rows if len(row) == 5]
            assert cells[:2] == [
                ["2♣ J♦", "6♦ 7♣ 7♥ 7♠", "9.43", "-4.61", "4.82"],
                ["7♣ J♦", "2♣ 6♦ 7♥ 7♠", "8.65", "-3.94", "4.71"],
            ]
            await pilot.press("space", "r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, InfoScreen)
            assert "fifteens 2" in text_of(screen.body)

    asyncio.run(scenario())


def test_the_menu_seats_follow_the_players_option_and_start_the_chosen_table() -> None:
    async def scenario() -> None:
        from textual.widgets import Select

        app = CardtableApp(bot_delay=0, save=False, menu_game="cribbage")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            seats = app.screen.query(".seat")
            assert [s.value for s in seats if isinstance(s, Select)] == ["human", "easy"]
            players = app.screen.query_one("#opt-players", Select)
            players.value = 1  # the second choice: 3 players
            await pilot.pause()
            await pilot.pause()
            chosen = [s for s in app.screen.query(".seat") if isinstance(s, Select)]
            assert [s.value for s in chosen] == ["human", "easy", "easy"]
            assert all(s.region.height > 0 for s in chosen)  # on screen, not cropped
            chosen[2].value = "random"
            await pilot.press("ctrl+s")
            await pilot.pause()
            table = app.table
            assert table is not None
            assert table.session.players == ["human", "easy", "random"]
            assert table.session.game.options["players"] == 3

    asyncio.run(scenario())


def test_a_card_that_would_pass_31_is_refused_with_the_reason() -> None:
    async def scenario() -> None:
        game = cardtable.load("cribbage")
        app = CardtableApp(game=game, players=["human", "rules"], seed=1, bot_delay=0, save=False)
        notes: list[str] = []
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            table = app.table
            assert table is not None
            app.notify = lambda message, **_kw: notes.append(str(message))  # type: ignore[method-assign]
            # Play on with hints until seat 0 holds a card that does not fit the count.
            for _ in range(400):
                await pilot.pause()
                if isinstance(app.screen, InfoScreen | PassScreen):
                    await pilot.press("space")
                    continue
                state = table.session.state
                if state.is_over:
                    break
                if not table._my_turn():
                    continue
                legal = {m.text.split()[-1] for m in state.legal_moves()}
                too_big = [c for c in table.hand_cards if c not in legal]
                if state.observation(0)["phase"] == "play" and too_big:
                    before = list(state.history)
                    await pilot.press(str(table.hand_cards.index(too_big[0]) + 1))
                    await pilot.pause()
                    assert state.history == before
                    count = state.observation(0)["count"]
                    said = table.status_line.plain
                    assert said.startswith(f"the count is {count}; ") and "over 31" in said
                    assert notes == []  # said where the eye is, with no toast over the moves
                    return
                await pilot.press("h", "enter")
            raise AssertionError("no card over 31 came up")

    asyncio.run(scenario())


def test_leaving_a_table_keeps_its_choices_in_the_menu() -> None:
    async def scenario() -> None:
        from textual.widgets import Select

        from cardtable.play.tui.menu import MenuScreen

        game = cardtable.load("cribbage", target=61)
        app = CardtableApp(game=game, players=["human", "random"], seed=2, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("q")  # asks first; any key but y stays
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            await pilot.press("q", "y")
            await pilot.pause()
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, MenuScreen)
            assert menu.query_one("#opt-target", Select).value == 1  # 61, the second choice
            assert menu.query_one("#opt-dealer", Select).value == -1  # auto
            seats = [s.value for s in menu.query(".seat") if isinstance(s, Select)]
            assert seats == ["human", "random"]
            # Leaving saved nothing: no move had been made.
            assert saved_records() == []

    asyncio.run(scenario())


def test_enter_with_one_card_for_the_crib_says_why_in_the_status_line() -> None:
    async def scenario() -> None:
        game = cardtable.load("cribbage")
        app = CardtableApp(game=game, players=["human", "rules"], seed=1, bot_delay=0, save=False)
        notes: list[str] = []
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            table = app.table
            assert table is not None
            app.notify = lambda message, **_kw: notes.append(str(message))  # type: ignore[method-assign]
            await pilot.press("1", "enter")
            await pilot.pause()
            assert table.session.state.history == []
            status = table.status_line.plain
            assert status == "lay away exactly 2 cards"
            assert notes == []

    asyncio.run(scenario())


def test_the_bots_wait_while_a_box_is_open() -> None:
    async def scenario() -> None:
        game = cardtable.load("cribbage")
        app = CardtableApp(game=game, players=["human", "rules"], seed=4, bot_delay=0, save=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.table
            assert table is not None
            await pilot.press("r")  # the rules box opens over the table
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen)
            table.session.play("discard 4C JD")  # the person's move; the bot is to lay away
            table.after_move()
            for _ in range(5):
                await pilot.pause(0.05)
            assert table.session.state.history == ["discard 4C JD"]
            await pilot.press("space")  # the box closes; the bot plays on
            for _ in range(5):
                await pilot.pause(0.05)
            assert len(table.session.state.history) > 1

    asyncio.run(scenario())


def test_the_menu_resumes_the_unfinished_game_at_the_bot_pause_chosen() -> None:
    """Leave a game after two moves; the menu offers it, with the pause chosen for the bots."""

    async def scenario() -> None:
        from textual.widgets import Button, Select

        from cardtable.play.tui.menu import MenuScreen

        game = cardtable.load("cribbage")
        app = CardtableApp(game=game, players=["human", "rules"], seed=1, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("1", "2", "enter")  # lay away 2H 4C; the bot lays away too
            await pilot.pause()
            first = app.table
            assert first is not None
            played = list(first.session.state.history)
            assert played[0] == "discard 2H 4C" and len(played) == 2
            await pilot.press("q", "y")
            await pilot.pause()
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, MenuScreen)
            assert menu.unfinished is not None
            note = " ".join(str(s.render()) for s in menu.query(".note"))
            assert "Unfinished: Cribbage after 2 moves" in note
            delay = menu.query_one("#delay", Select)
            assert delay.value == 0
            delay.value = 0.8
            await pilot.pause()
            menu.query_one("#resume", Button).press()
            await pilot.pause()
            await pilot.pause()
            table = app.table
            assert table is not None and table is not first
            assert table.session.state.history == played
            assert table.session.players == ["human", "rules"]
            assert (app.bot_delay, table.bot_delay) == (0.8, 0.8)

    asyncio.run(scenario())


def test_the_menu_in_japanese_names_the_options_and_values_in_japanese() -> None:
    async def scenario() -> None:
        from textual.widgets import Label, Select

        set_language("ja")
        app = CardtableApp(bot_delay=0.4, save=False, menu_game="cribbage")
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            labels = [str(label.render()) for label in app.screen.query(Label)]
            assert "目標点" in labels and "スカンクの規則" in labels
            skunk = app.screen.query_one("#opt-skunk", Select)
            assert [str(prompt) for prompt, _value in skunk._options] == [
                "ACC: 31点差でスカンク、61点差でダブル",
                "ホイル: 負けた側が半分未満ならラーチ",
                "スカンクなし",
            ]
            delays = app.screen.query_one("#delay", Select)
            assert [str(p) for p, _v in delays._options] == [
                "間なし",
                "0.2秒",
                "0.4秒",
                "0.8秒",
                "1.5秒",
            ]
            assert delays.value == 0.4

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("name", "options", "seed", "line"),
    [
        (
            "calypso",
            {},
            0,
            "Result: seats 1 and 3 win, the partnership of clubs and diamonds "
            "(seat 0 1340, seat 1 1790, seat 2 1340, seat 3 1790)",
        ),
        (
            "cribbage",
            {},
            3,
            "Result: seat 1 wins, with a skunk (2 game points) (seat 0 81, seat 1 121)",
        ),
        (
            "cribbage",
            {"players": 4},
            3,
            "Result: seats 1 and 3 win, as partners, with a skunk (2 game points) "
            "(seat 0 73, seat 1 121, seat 2 73, seat 3 121)",
        ),
        (
            "krypkasino",
            {"teams": "pairs"},
            0,
            "Result: seats 1 and 3 win, as a team (seat 0 98, seat 1 70, seat 2 98, seat 3 70)",
        ),
    ],
)
def test_the_result_names_the_winning_side_and_a_skunk(
    name: str, options: dict[str, object], seed: int, line: str
) -> None:
    import random

    state = cardtable.load(name, **options).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    assert result_line(state) == line


@pytest.mark.parametrize(
    ("name", "options"),
    [("calypso", {}), ("kloepper", {}), ("krypkasino", {"players": 6}), ("cribbage", {})],
)
def test_the_table_works_at_80_by_24(name: str, options: dict[str, object]) -> None:
    """The smallest terminal the table supports: every card of the hand, the status line, the
    moves and the keys are on screen; the log beside the table is dropped (``g`` shows it)."""

    async def scenario() -> None:
        game = cardtable.load(name, **options)
        players = ["human"] + ["rules"] * (game.num_players - 1)
        app = CardtableApp(game=game, players=players, seed=4, bot_delay=0, save=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = app.table
            assert table is not None
            screen = app.screen.region
            assert table.has_class("-narrow") and table.has_class("-short")
            assert not table.query_one("#log").display
            cards = list(table.query(CardWidget))
            assert len(cards) == len(table.hand_cards) > 0
            for widget in [
                *cards,
                *(table.query_one(f"#{i}") for i in ("status", "moves", "keys")),
            ]:
                region = widget.region
                assert region.height > 0 and screen.contains_region(region), widget
            assert "g log" in str(table.query_one("#keys").render())
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen)
            assert "Seat 0 is dealt" in text_of(app.screen.body)

    asyncio.run(scenario())


def test_an_unknown_key_and_an_idle_key_say_why_in_the_status_line() -> None:
    async def scenario() -> None:
        game = cardtable.load("cribbage")
        app = CardtableApp(game=game, players=["human", "rules"], seed=1, bot_delay=0, save=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.table
            assert table is not None
            await pilot.press("z")
            await pilot.pause()
            assert table.status_line.plain == (
                "The key z does nothing here; the keys are listed at the bottom."
            )
            await pilot.press("7")  # six cards in hand
            await pilot.pause()
            assert table.status_line.plain == "There is no card 7: your hand holds 6."
            assert table.session.state.history == []
            # The keys line says how to reach the moves: the same in every game.
            assert "↑↓ the moves" in str(table.query_one("#keys").render())

    asyncio.run(scenario())


def test_each_game_draws_with_the_face_in_its_own_folder_and_others_with_the_generic() -> None:
    from cardtable.play.tui.face import TableFace
    from cardtable.play.tui.faces import face_for
    from highcard import registered

    for name in cardtable.games():
        face = face_for(cardtable.load(name))
        assert type(face).__module__ == f"cardtable.games.{name}.tui"
        assert type(face).game_name == name
    with registered():
        assert type(face_for(cardtable.load("highcard"))) is TableFace


def test_the_menu_opens_on_the_first_of_the_games() -> None:
    async def scenario() -> None:
        from textual.widgets import Select

        app = CardtableApp(bot_delay=0, save=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            chosen = app.screen.query_one("#game", Select)
            assert chosen.value == cardtable.games()[0] == "calypso"
            await pilot.click("#start")
            await pilot.pause()
            table = app.table
            assert table is not None
            assert table.session.game.name == "calypso"
            assert table.session.players == ["human", "easy", "easy", "easy"]

    asyncio.run(scenario())


def test_a_hand_s_scoring_says_its_board_is_the_next_deal_s() -> None:
    async def scenario() -> None:
        game = cardtable.load("kloepper")
        app = CardtableApp(
            game=game,
            players=["human", "rules", "rules", "rules"],
            seed=11,
            bot_delay=0,
            save=False,
        )
        async with app.run_test(size=SIZE) as pilot:
            table = app.table
            assert table is not None
            for _ in range(300):
                await pilot.pause()
                if isinstance(app.screen, InfoScreen):
                    break
                if table._my_turn():
                    await pilot.press("enter")
            screen = app.screen
            assert isinstance(screen, InfoScreen)
            assert screen.title_text == "The hand's scoring"
            body = text_of(screen.body)
            # The hand's result first, then the board under its caption: the next deal's.
            assert "the queens team wins: seats 1 and 3 +2 each" in body
            caption = body.index("The table as the next deal begins:")
            assert body.index("the queens team wins") < caption < body.index("Seat 0 (you)")
            assert table.session.state.observation(0)["deal_number"] == 2

    asyncio.run(scenario())
