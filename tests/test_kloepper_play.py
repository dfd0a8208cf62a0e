"""Kloepper at the terminal: a whole game by key presses against three rules bots (Textual
pilot), the plain line mode from a script, and a table that never shows another seat's cards."""

from __future__ import annotations

import asyncio
import io
import random
import re
from pathlib import Path

import pytest

import cardtable
from cardtable.bots import make_bot
from cardtable.cards import card_str
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.tui import KloepperFace
from cardtable.i18n import set_language, using_language
from cardtable.play.plain import PlainTable, result_line
from cardtable.play.session import Session
from cardtable.play.tui import CardtableApp
from cardtable.play.tui.face import Seen
from cardtable.play.tui.faces import face_for
from cardtable.play.tui.screens import InfoScreen, ResultScreen
from cardtable.play.tui.table import CardWidget, TableScreen
from scripted import first_moves
from test_krypkasino_play import ascii_cards
from test_play_tui import SIZE, text_of

PLAYERS = ["human", "random", "random", "random"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def with_rules_bots(session: Session) -> Session:
    """Seats 1..3 played by the Kloepper rules bot (until the registry names it for the game)."""
    session.bots = [
        None if b is None else KloepperRulesBot(seed=i) for i, b in enumerate(session.bots)
    ]
    return session


def hidden_from(session: Session, viewer: int) -> set[str]:
    """Cards in other seats' hands that the viewer may not know the place of (a called ace's
    name is public, its place is not, so it is left out of the check)."""
    state = session.state
    obs = state.observation(viewer)
    cards = {card_str(c) for s in range(4) if s != viewer for c in state.hands[s]}  # type: ignore[attr-defined]
    return cards - {obs["call"]}


def shown_cards(text: str) -> set[str]:
    return set(re.findall(r"\b(?:10|[9JQKA])[CDHS]\b", text))


def test_the_face_is_found_and_draws_only_what_the_seat_may_see() -> None:
    session = with_rules_bots(Session(cardtable.load("kloepper"), PLAYERS, seed=5))
    face = face_for(session.game)
    assert isinstance(face, KloepperFace)
    rng = random.Random(1)
    checked = 0
    while not session.state.is_over:
        session.run_bots()
        if session.state.is_over:
            break
        obs = session.state.observation(0)
        text = "\n".join(
            text_of(part)
            for part in (
                face.board(obs, session.players, 0),
                face.table(obs, session.players, 0),
                face.last_play(obs, session.state.events_for(0)),
                face.tricks(Seen(obs, session.state.events_for(0), None)),
            )
        ) + face.status(obs, session.players, 0)
        assert not shown_cards(text) & hidden_from(session, 0)
        assert set(obs["hand"]) <= shown_cards(text) | set(obs["hand"])
        checked += 1
        legal = session.state.legal_moves()
        session.play(legal[int(rng.random() * len(legal))])
    assert checked > 20
    summary = face.deal_summary(session.state.events_for(0))
    assert summary is not None and "card points" in text_of(summary)


async def play_kloepper_by_keys(app: CardtableApp, pilot: object) -> dict[str, int]:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    counts = {"digits": 0, "clicks": 0, "list": 0, "knocks": 0, "boxes": 0}
    for _ in range(4000):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, ResultScreen):
            return counts
        if isinstance(screen, InfoScreen):
            counts["boxes"] += 1
            await pilot.press("space")
            continue
        table = app.table
        assert isinstance(table, TableScreen)
        session = table.session
        if not session.human_to_move() or not table._my_turn():
            continue
        # The seat's view on screen never shows another seat's hidden cards.
        shown = text_of(table.face.table(session.state.observation(0), session.players, 0))
        assert not shown_cards(shown) & hidden_from(session, 0)
        legal = session.state.legal_moves()
        turn = len(session.state.history)
        plays = [m for m in legal if m.verb == "play"]
        if "knock" in [m.text for m in legal] and counts["knocks"] == 0:
            # The knock is the last entry of the list of moves.
            await pilot.press("end", "enter")
            counts["knocks"] += 1
        elif plays and turn % 2 == 0:
            await pilot.press(str(table.hand_cards.index(plays[0].text.split()[1]) + 1))
            counts["digits"] += 1
        elif plays:
            target = plays[-1].text.split()[1]
            widget = next(w for w in table.query(CardWidget) if w.card == target)
            await pilot.click(widget)
            counts["clicks"] += 1
        else:
            await pilot.press("enter")  # declaring, or answering a knock: the list of moves
            counts["list"] += 1
        await pilot.pause()
        assert len(session.state.history) > turn, f"the keys did not make a move at turn {turn}"
    raise AssertionError("the game did not end")


def test_the_pilot_plays_a_whole_game_to_30_against_three_rules_bots() -> None:
    async def scenario() -> None:
        app = CardtableApp(
            game=cardtable.load("kloepper"), players=PLAYERS, seed=8, bot_delay=0, save=False
        )
        assert app.start_game is not None
        with_rules_bots(app.start_game)
        async with app.run_test(size=SIZE) as pilot:
            counts = await play_kloepper_by_keys(app, pilot)
            table = app.table
            assert table is not None
            state = table.session.state
            assert state.is_over and max(state.scores) >= 30
            assert counts["digits"] and counts["clicks"] and counts["list"] and counts["knocks"]
            assert state.deal_no == 4  # type: ignore[attr-defined]
            screen = app.screen
            assert isinstance(screen, ResultScreen)
            assert result_line(state) in text_of(screen.body)

    asyncio.run(scenario())


def test_a_japanese_table_plays_to_the_end() -> None:
    async def scenario() -> None:
        set_language("ja")
        try:
            app = CardtableApp(
                game=cardtable.load("kloepper", target=12),
                players=PLAYERS,
                seed=8,
                bot_delay=0,
                save=False,
            )
            assert app.start_game is not None
            with_rules_bots(app.start_game)
            async with app.run_test(size=SIZE) as pilot:
                await play_kloepper_by_keys(app, pilot)
                screen = app.screen
                assert isinstance(screen, ResultScreen)
                assert "結果" in text_of(screen.body)
        finally:
            set_language("en")

    asyncio.run(scenario())


def script_for(seed: int) -> list[str]:
    """The moves seat 0 makes taking its first legal move each time, against rules bots."""
    return first_moves(with_rules_bots(Session(cardtable.load("kloepper"), PLAYERS, seed=seed)))


def test_a_whole_game_in_the_plain_mode_from_a_script() -> None:
    moves = script_for(seed=3)
    first_play = next(i for i, m in enumerate(moves) if m.startswith("play"))
    bare = moves[first_play].split()[1]  # "QS" alone stands for "play QS" when only plays
    script = [
        "help",
        *moves[:first_play],
        "play 2C",
        "call AD",
        bare if moves[first_play] != "knock" else moves[first_play],
        *moves[first_play + 1 :],
        "n",
    ]
    session = with_rules_bots(Session(cardtable.load("kloepper"), PLAYERS, seed=3))
    out = io.StringIO()
    PlainTable(session, io.StringIO("".join(line + "\n" for line in script)), out, save=False).run()
    text = out.getvalue()
    lines = text.splitlines()
    assert any(
        "error: illegal move 'play 2C'" in line and "not in the Kloepper pack" in line
        for line in lines
    ), text
    assert any(line.startswith("error: illegal move 'call AD'") for line in lines)
    assert session.state.is_over
    assert result_line(session.state) in lines
    assert lines[-1] == "Play again? (y/n)"
    # Seat 0 saw its own hands and no other seat's.
    assert any(line.strip().startswith("Seat 0 is dealt") for line in lines)
    assert not any(re.match(r"\s*Seat [123] is dealt", line) for line in lines)


def test_the_face_speaks_japanese() -> None:
    session = with_rules_bots(Session(cardtable.load("kloepper"), PLAYERS, seed=2))
    face = face_for(session.game)
    obs = session.state.observation(0)
    with using_language("ja"):
        text = text_of(face.board(obs, session.players, 0))
    assert "席0" in text


def test_the_registry_gives_the_rules_bot_and_the_face() -> None:
    assert isinstance(make_bot("kloepper", "rules"), KloepperRulesBot)
    assert isinstance(make_bot("kloepper", "medium"), KloepperRulesBot)
    assert isinstance(face_for(cardtable.load("kloepper")), KloepperFace)


def tail(trick: dict[str, object]) -> list[str]:
    return [f"{trick['winner']},", str(trick["points"])]


def test_the_fourth_card_of_a_trick_stays_in_sight_and_the_deal_box_shows_the_last_trick() -> None:
    """Seed 7: after each trick the table shows it as the last trick until a card is led; the
    box at the end of the deal shows the deal's last trick over the next deal's empty table."""
    state = cardtable.load("kloepper").new_state(seed=7)
    face = face_for(state.game)
    players = ["human", "rules", "rules", "rules"]
    seen = 0
    while state.observation(0)["deal_number"] == 1:
        obs = state.observation(0)
        if obs["tricks"] and not obs["trick"]:
            last = obs["tricks"][-1]
            text = text_of(face.table(obs, players, 0))
            row = next(line for line in ascii_cards(text).splitlines() if "Last trick" in line)
            assert row.split() == ["Last", "trick", *last["cards"], "→", "seat", *tail(last)]
            seen += 1
        state.apply(state.legal_moves()[0])
    assert seen == 5  # the sixth trick ends the deal
    box = face.deal_summary(state.events_for(0))
    assert box is not None
    final = [e for e in state.events if e.type == "trick"][-1]  # deal 1's sixth
    shown = ascii_cards(text_of(box))
    assert f"Last trick: {' '.join(final.data['cards'])}" in shown
    assert f"→ seat {final.seat}, {final.data['points']}" in shown


def test_a_hint_leaves_the_trick_in_view_at_80_by_24() -> None:
    # The hint's reasons take seven lines of an 80x24 terminal and leave the table three: its
    # first row is the trick (seat 3 led AD to trick 2), so the cards to play to stay in view.
    async def scenario() -> None:
        app = CardtableApp(
            game=cardtable.load("kloepper"),
            players=PLAYERS,
            seed=0,
            bot_delay=0,
            save=False,
        )
        assert app.start_game is not None
        with_rules_bots(app.start_game)
        async with app.run_test(size=(80, 24)) as pilot:
            table = app.table
            assert table is not None
            # Enter makes seat 0's first move until it has a choice of cards in a trick someone
            # else led: after KD JH 9D QS, AD is led to trick 2 and seat 0 holds five plays.
            for _ in range(200):
                await pilot.pause()
                state = table.session.state
                if state.to_move != 0:
                    continue
                if state.trick and len(state.legal_moves()) > 2:  # type: ignore[attr-defined]
                    break
                await pilot.press("enter")
            await pilot.press("h")
            await pilot.pause()
            await pilot.pause()
            box = table.query_one("#table-box")
            assert str(table.status_line).startswith("Hint: play ")
            assert box.max_scroll_y > 0 and box.scroll_y == 0  # the hint took the room
            obs = table.session.state.observation(0)
            first = text_of(table.face.table(obs, table.session.players, 0)).splitlines()[0]
            assert first.split() == ["Trick", "2/6", "seat", "3", "A♦"]

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("options", "shown", "over"), [({}, "1/6", "6/6"), ({"deck": "tiny"}, "1/2", "2/2")]
)
def test_the_trick_row_counts_the_tricks_of_the_deal(
    options: dict[str, str], shown: str, over: str
) -> None:
    # The tiny pack deals two cards a seat: its deal is two tricks, not six; at the end of the
    # game every hand is empty and the last trick's number stands.
    game = cardtable.load("kloepper", target=1, **options)
    state = game.new_state(seed=1)
    face = KloepperFace(game)
    first = text_of(face.table(state.observation(0), PLAYERS, 0)).splitlines()[0]
    assert first.split()[:2] == ["Trick", shown]
    while not state.is_over:
        state.apply(state.legal_moves()[0])
    last = text_of(face.table(state.observation(0), PLAYERS, 0)).splitlines()[0]
    assert last.split()[:2] == ["Trick", over]
