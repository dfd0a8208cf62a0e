"""The table core (issue 24): one table's rules for the terminal and the server, each request a
check that changes nothing when it refuses and a commit; the rematch passes the deal on in the
terminal as in the server; the one view carries everything a face needs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import cardtable
from cardtable.errors import IllegalMoveError
from cardtable.play.session import Session
from cardtable.table.core import Table
from cardtable.table.errors import Fault, TableError
from cardtable.table.seats import SeatKind, Status
from cardtable.table.view import Presence, view

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _first_dealer(session: Session) -> int | None:
    return next((e.seat for e in session.state.events if e.type == "deal"), None)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_terminal_rematch_of_kloepper_passes_the_deal_on(seed: int) -> None:
    session = Session(cardtable.load("kloepper", target=4), ["rules"] * 4, seed=seed)
    first = _first_dealer(session)
    session.run_bots()
    assert session.state.is_over and first is not None
    again = session.rematch()
    # RULES.md 5: the seat after the last game's first dealer deals the next game's first hand.
    assert _first_dealer(again) == (first + 1) % 4
    assert again.players == session.players and again.seed != session.seed


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_terminal_rematch_of_cribbage_lets_the_loser_deal(seed: int) -> None:
    session = Session(cardtable.load("cribbage", target=61), ["rules", "rules"], seed=seed)
    session.run_bots()
    winners = session.state.outcome()
    assert winners is not None and len(winners) == 1
    loser = 1 - winners[0]
    # RULES.md 5: the loser of a game deals first in the next.
    assert _first_dealer(session.rematch()) == loser


def test_a_rematch_before_the_end_keeps_the_options() -> None:
    session = Session(cardtable.load("kloepper", dealer=2), ["human", "rules", "rules", "rules"])
    assert session.rematch().game.options == session.game.options


def _table(seats: list[str] | None = None) -> Table:
    return Table.create(
        "T1", cardtable.load("cribbage"), {"seed": 1}, "ann", "Ann", seats or ["open", "open"]
    )


def test_seating_refusals_carry_a_code_and_change_nothing() -> None:
    table = _table()
    with pytest.raises(TableError) as refused:
        table.check_sit("bob", 0)
    assert refused.value.code is Fault.SEAT_TAKEN
    assert str(refused.value) == "seat 0 is not free; free seats: 1"
    assert table.check_sit("bob", None) == 1
    with pytest.raises(TableError) as early:
        table.check_start("ann")
    assert early.value.code is Fault.SEATS_OPEN
    table.sit(1, "bob", "Bob")
    with pytest.raises(TableError) as other:
        table.check_start("bob")
    assert other.value.code is Fault.NOT_CREATOR
    assert [s.kind for s in table.seats] == [SeatKind.HUMAN, SeatKind.HUMAN]
    table.check_start("ann")
    table.start(T0)
    assert table.status is Status.PLAYING
    with pytest.raises(TableError) as late:
        table.check_sit("cy", None)
    assert late.value.code is Fault.STARTED


def test_a_move_is_decided_then_committed() -> None:
    table = _table(["open", "rules"])
    table.start(T0)
    with pytest.raises(TableError) as wrong_seat:
        table.decide(1, "discard 2H 4C", 0)
    assert wrong_seat.value.code is Fault.NOT_YOUR_SEAT
    with pytest.raises(TableError) as illegal:
        table.decide(0, "discard AS KS", 0)
    assert illegal.value.code is Fault.ILLEGAL_MOVE
    assert str(illegal.value) == "AS and KS are not in your hand"
    assert table.ply == 0
    move = table.decide(0, "discard 2H 4C", 0)
    assert table.ply == 0  # deciding changes nothing
    assert table.commit(move, 0, T0 + timedelta(seconds=3)) is False
    assert table.ply == 1 and table.turn_started_at == T0 + timedelta(seconds=3)
    with pytest.raises(TableError) as stale:
        table.decide(0, "discard 7S 9S", 0)
    assert stale.value.code is Fault.STALE


def test_the_clock_runs_for_the_seat_to_move_and_banks_the_increment() -> None:
    table = Table.create(
        "T1",
        cardtable.load("cribbage"),
        {"seed": 1},
        "ann",
        "Ann",
        ["open", "rules"],
        clock={"bank": 60, "increment": 5},
    )
    table.start(T0)
    later = T0 + timedelta(seconds=20)
    assert table.clock_left(0, later) == 40_000
    assert table.clock_left(1, later) == 60_000
    assert table.bank_after(0, later) == 45_000
    assert table.out_of_time(0, T0 + timedelta(seconds=61))
    assert not table.out_of_time(1, T0 + timedelta(seconds=61))  # a bot's clock never runs out


def test_a_seat_goes_to_a_bot_only_when_its_person_is_away() -> None:
    table = _table()
    table.sit(1, "bob", "Bob")
    table.start(T0)
    with pytest.raises(TableError) as here:
        table.check_hand_to_bot("ann", 1, "medium", online=True, moment=T0)
    assert here.value.code is Fault.STILL_HERE
    with pytest.raises(TableError) as bad:
        table.check_hand_to_bot("ann", 1, "wizard", online=False, moment=T0)
    assert bad.value.code is Fault.BAD_BOT
    table.check_hand_to_bot("ann", 1, "medium", online=False, moment=T0)
    table.hand_to_bot(1, "medium")
    assert table.marked and table.held_for("bob") == 1 and table.seat_of("bob") is None
    assert table.check_reclaim("bob") == 1
    table.reclaim(1)
    assert table.seat_of("bob") == 1


def test_the_view_carries_everything_a_face_needs() -> None:
    table = _table(["open", "open"])
    table.sit(1, "bob", "Bob")
    before = view(table, 1, "en", user_id="bob", presence=Presence([True, False], 2))
    assert before["status"] == "open" and before["observation"] is None
    assert before["status_text"] == "Every seat is taken: the table's creator starts the game"
    assert [(p["name"], p["online"]) for p in before["players"]] == [("Ann", True), ("Bob", False)]
    assert before["spectators"] == 2 and before["you_created"] is False
    table.start(T0)
    mine = view(table, 0, "en", user_id="ann", moment=T0)
    assert mine["you_created"] is True and mine["held_for_you"] is None
    assert mine["legal"][0] == {
        "move": "discard 2H 4C",
        "words": "Lay away 2♥ 4♣ to Bob's crib",
        "cards": ["2H", "4C"],
        "takes": [],
        "warn": None,
    }
    assert "vocabulary" in mine
    assert "vocabulary" not in view(table, 0, "en", user_id="ann", first_event=1)
    theirs = view(table, 1, "ja", user_id="bob")
    assert theirs["legal"] == [] and theirs["status_text"] == "Annを待っています"


def test_the_view_of_a_krypkasino_capture_names_what_it_takes() -> None:
    game = cardtable.load("krypkasino")
    table = Table.create("T", game, {"seed": 3}, "ann", "Ann", ["open", "rules", "rules", "rules"])
    table.start(T0)
    state = table.state
    assert state is not None
    seat = state.to_move
    assert seat is not None
    table.seats[seat].kind, table.seats[seat].user_id = SeatKind.HUMAN, "ann"
    legal = view(table, seat, "en", user_id="ann")["legal"]
    assert [(m["move"], m["cards"], m["takes"]) for m in legal][:3] == [
        ("play 2D", ["2D"], ["2C", "2H"]),
        ("play 5S", ["5S"], ["5H"]),
        ("play 7C take 2C 5H", ["7C"], ["2C", "5H"]),
    ]


def test_the_terminal_refuses_an_illegal_move_in_its_own_words() -> None:
    session = Session(cardtable.load("cribbage"), ["human", "rules"], seed=1)
    with pytest.raises(IllegalMoveError, match="illegal move 'discard AS KS' for seat 0"):
        session.play("discard AS KS")
    assert session.state.history == []
