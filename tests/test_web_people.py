"""Two people at one browser table (issue 16): a table made in the lobby's form, the invitation
link opened in a second browser, a seat taken, the game started and played to its end by both;
each page shows only what its seat may see; chat is text, never markup; a seat handed to a bot
while its person is away is taken back from the page.
"""

from __future__ import annotations

import json
import random
import re
from typing import TYPE_CHECKING, Any

from browser_harness import FrameLog, Served, console_errors, context, request_log
from browser_play import BrowserSeat, shown_cards, sign_in
from cardtable.records import from_record

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]

CARD = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")


def seen_by(seat: BrowserSeat) -> set[str]:
    """Every card the seat was ever told of: its views' observations and its events."""
    cards: set[str] = set()
    for frame in seat.frames.received:
        message = json.loads(frame)
        if message.get("type") == "view":
            cards |= set(CARD.findall(json.dumps(message["observation"])))
            cards |= set(CARD.findall(json.dumps([e["data"] for e in message["events"]])))
    return cards


def made_in_the_lobby(page: Page, base: str) -> str:
    """Ann makes a two-player Cribbage table to 61 in the lobby's form, seat 1 left open; the
    invitation link the waiting room shows."""
    page.goto(base + "/")
    page.fill("#guest-name", "Ann")
    page.click("form.guest button[type=submit]")
    page.check("#game-cribbage")
    page.select_option("#opt-target", "61")
    page.select_option("#seat-1", "open")
    page.click("#create")
    link = page.locator("#invite-link")
    link.wait_for()
    assert page.is_disabled("#start")  # a seat is still open
    return str(link.input_value())


def test_two_people_play_a_game_made_in_the_lobby(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium) as first, context(chromium, viewport=(390, 844)) as second:
        ann, bea = first.new_page(), second.new_page()
        # Two lists that fill as the pages run (a sum made now would stay empty).
        ann_errors, bea_errors = console_errors(ann), console_errors(bea)
        ann_frames, bea_frames = FrameLog(ann), FrameLog(bea)
        invite = made_in_the_lobby(ann, base)
        assert re.fullmatch(re.escape(base) + r"/join/[\w-]{20,}", invite)

        sign_in(bea, base, "Bea")
        bea.goto(invite)  # the invitation seats her: no "Sit here" to press
        bea.locator(".waiting-seats").get_by_text("Bea").wait_for()
        ann.locator(".waiting-seats").get_by_text("Bea").wait_for()
        ann.click("#start:not([disabled])")

        seats = [
            BrowserSeat(ann, ann_frames, random.Random(1)),
            BrowserSeat(bea, bea_frames, random.Random(2)),
        ]
        for seat in seats:
            seat.wait_for_view()
        # Chat is text: markup from the other person stays letters.
        ann.keyboard.press("c")
        ann.fill("#chat-input", "<b>gg</b> & <img src=x>")
        ann.press("#chat-input", "Enter")
        bea.keyboard.press("c")
        line = bea.locator("#chat-lines li").first
        line.wait_for()
        assert line.inner_text() == "Ann: <b>gg</b> & <img src=x> Mute"  # and its Mute button
        assert bea.locator("#chat-lines b, #chat-lines img").count() == 0
        # A line half typed survives the other's move (every move redraws the side), focus
        # and all: the rest is typed where it was left.
        ann_frames.wait_for(lambda _f: any(s.my_turn() for s in seats))
        moving = next(s for s in seats if s.my_turn())
        typer, other = (seats[1], ann) if moving is seats[0] else (seats[0], bea)
        name = "Bea" if typer is seats[1] else "Ann"
        draft = typer.page.locator("#chat-input")
        draft.fill("half a line")
        ply = int((typer.view() or {})["ply"])
        moving.play_one("clicks")
        typer.frames.wait_for(lambda _f: int((typer.view() or {})["ply"]) > ply)
        typer.page.wait_for_timeout(300)  # the page draws the frame Playwright has seen
        assert draft.input_value() == "half a line"
        assert typer.page.evaluate("document.activeElement.id") == "chat-input"
        typer.page.keyboard.type(" and the rest")
        typer.page.keyboard.press("Enter")
        other.locator("#chat-lines li").get_by_text(f"{name}: half a line and the rest").wait_for()
        for page in (ann, bea):
            # Esc leaves the chat (its input keeps the keys) for the cards, as a player does.
            page.keyboard.press("Escape")
            assert page.evaluate("document.activeElement.id") != "chat-input"

        turns = 0
        while not seats[0].over():
            mover = next((s for s in seats if s.my_turn()), None)
            if mover is None:
                ann.wait_for_timeout(50)
                continue
            mover.play_one("clicks" if turns % 3 else "keys")
            turns += 1
            if turns % 10 == 0:
                # Each page shows only cards its own seat was told of.
                for seat in seats:
                    assert set(shown_cards(seat.page)) <= seen_by(seat)
        for seat in seats:
            seat.wait_turn_or_end()
            assert seat.over()

        table = (seats[0].view() or {})["table"]
        record = ann.request.get(f"{base}/api/tables/{table}/record").json()
        result: dict[str, Any] = from_record(record).result or {}
        for page in (ann, bea):
            page.wait_for_selector("#result .final-score")
            shown = page.eval_on_selector_all(
                "#result .final-score", "tds => tds.map(td => Number(td.textContent))"
            )
            assert shown == result["scores"]
        assert record["meta"]["players"] == ["Ann", "Bea"]
        assert ann_errors == [] and bea_errors == []


def test_a_seat_handed_to_a_bot_is_taken_back(chromium: Browser, cardtable_server: Served) -> None:
    base = cardtable_server.base
    with context(chromium) as first, context(chromium) as second:
        ann, bea = first.new_page(), second.new_page()
        errors = console_errors(ann)
        ann_asked = request_log(ann)
        invite = made_in_the_lobby(ann, base)
        sign_in(bea, base, "Bea")
        bea.goto(invite)  # the invitation seats her
        ann.locator(".waiting-seats").get_by_text("Bea").wait_for()
        ann.click("#start:not([disabled])")
        bea.wait_for_selector("#hand button.hand-card")
        # Bea goes away; Ann hands her seat to a bot, and the table is marked.
        bea.goto("about:blank")
        chip = ann.locator(".seat-chip[data-seat='1']")
        chip.get_by_text("away").wait_for()
        chip.get_by_role("button", name="Replace by bot").click()
        chip.get_by_text("bot", exact=True).wait_for()
        ann.locator(".table-head .badge").get_by_text("marked").wait_for()
        # Back at the table, Bea sees the bot in her seat and takes it back.
        frames = FrameLog(bea)
        bea_asked = request_log(bea)
        table = ann.url.rsplit("/", 1)[1]
        bea.goto(f"{base}/t/{table}")
        bea.get_by_text("A bot is playing your seat.").wait_for()
        bea.get_by_role("button", name="Take my seat back").click()
        bea.wait_for_selector("#hand button.hand-card")
        views = [json.loads(f) for f in frames.received if f.startswith('{"type":"view"')]
        assert views[-1]["seat"] == 1 and views[-1]["observation"]["hand"]
        ann.locator(".seat-chip[data-seat='1']").get_by_text("here").wait_for()
        # Each page asked for the table once, at its load: the seat handed to a bot, its
        # return, presence and the start came in the views.
        summary = f"{base}/api/tables/{table}"
        assert ann_asked.count(summary) == 1 and bea_asked.count(summary) == 1
        assert errors == []
