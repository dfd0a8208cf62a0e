"""Online play in the browser (issue 25): two people and a spectator in separate browser
contexts. The tab's title and the turn signal, chat that comes back after a reload, a seat handed
to a bot and taken back from the lobby, the spectator's "Watching" banner and the players' list of
watchers; and, at a server of its own, a tap refused visibly while the server is down and play
going on after it restarts with the same database.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from browser_harness import FrameLog, Served, console_errors, context, serve_for_browser
from browser_play import eventually, sign_in, start_table, tap, texts
from server_harness import free_port

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]

#: Collects every ``cardtable:signal`` event the page dispatches (signals.js), in order.
SIGNAL_LOG = """
window.__signals = [];
window.addEventListener("cardtable:signal", (event) => window.__signals.push(event.detail));
"""
OFFLINE_TAP = "You are offline: the move was not sent. Waiting for the connection…"
LOST = "The connection was lost; trying again…"


def views(frames: FrameLog) -> list[dict[str, Any]]:
    """The view frames a page was sent, in order."""
    return [json.loads(f) for f in frames.received if f.startswith('{"type":"view"')]


def last_view(frames: FrameLog) -> dict[str, Any]:
    found = views(frames)
    assert found, "no view yet"
    return found[-1]


def frames_of(frames: FrameLog, kind: str) -> list[dict[str, Any]]:
    """The frames of one ``type`` (``chat_log``, ``presence``...)."""
    return [json.loads(f) for f in frames.received if f.startswith(f'{{"type":"{kind}"')]


def my_turn(frames: FrameLog) -> bool:
    """What signals.js calls the viewer's turn: the seat to move, with legal moves."""
    found = views(frames)
    if not found:
        return False
    view = found[-1]
    return bool(view["legal"]) and view["status"] == "playing" and view["to_move"] == view["seat"]


def play_a_card(page: Page, frames: FrameLog) -> int:
    """Play the first legal move of the view by taps (its cards, then a second tap or its
    button); the ply it was made at, once the server has taken it."""
    view = last_view(frames)
    ply, move = int(view["ply"]), view["legal"][0]
    for card in move["cards"]:
        tap(page.locator(f'#hand button.hand-card:not(.selected)[data-card="{card}"]').first)
    if len(move["cards"]) == 1:
        tap(page.locator(f'#hand button.hand-card.selected[data-card="{move["cards"][0]}"]').first)
    else:
        page.locator(f'#actions button[data-move="{move["move"]}"]').click()
    frames.wait_for(lambda _f: int(last_view(frames)["ply"]) > ply, timeout=20)
    return ply


def lobby_table(page: Page, base: str) -> tuple[str, str]:
    """Ann makes a two-player Cribbage table in the lobby's form, seat 2 left open; its id and
    the invitation link the waiting room shows."""
    page.goto(base + "/")
    page.fill("#guest-name", "Ann")
    page.click("form.guest button[type=submit]")
    page.check("#game-cribbage")
    page.select_option("#seat-1", "open")
    page.click("#create")
    link = page.locator("#invite-link")
    link.wait_for()
    invite = str(link.input_value())
    return page.url.rsplit("/", 1)[1], invite


def test_two_people_and_a_spectator(chromium: Browser, cardtable_server: Served) -> None:
    base = cardtable_server.base
    with (
        context(chromium) as first,
        context(chromium, viewport=(390, 844)) as second,
        context(chromium, viewport=(844, 390)) as third,
    ):
        for made in (first, second, third):
            made.add_init_script(SIGNAL_LOG)
        ann, bea, cy = first.new_page(), second.new_page(), third.new_page()
        errors = {name: console_errors(p) for name, p in (("Ann", ann), ("Bea", bea), ("Cy", cy))}
        ann_frames, bea_frames, cy_frames = FrameLog(ann), FrameLog(bea), FrameLog(cy)
        table, invite = lobby_table(ann, base)

        sign_in(bea, base, "Bea")
        bea.goto(invite)  # the invitation seats the friend who opens it
        ann.locator(".waiting-seats").get_by_text("Bea").wait_for()
        ann.click("#start:not([disabled])")
        sign_in(cy, base, "Cy")
        cy.goto(f"{base}/t/{table}")

        # The spectator: the banner, no hand, no advisor; the players: who watches.
        cy_frames.wait_for(lambda _f: bool(views(cy_frames)))
        cy.locator("#banner.watching").wait_for()
        assert cy.locator("#banner").inner_text() == "Watching: you see what every spectator sees."
        assert cy.locator("#hand button.hand-card").count() == 0
        assert last_view(cy_frames)["seat"] is None
        for page, frames in ((ann, ann_frames), (bea, bea_frames)):
            page.locator(".seats li.watchers").get_by_text("Watching: Cy").wait_for()
            presence = frames_of(frames, "presence")
            assert presence and presence[-1]["watchers"] == ["Cy"]
            assert page.locator("#banner.watching").count() == 0

        # The tab's title says whose turn it is; the signal rings when the turn comes.
        pages = {"Ann": (ann, ann_frames), "Bea": (bea, bea_frames)}
        for _ in range(20):
            ann_frames.wait_for(lambda _f: my_turn(ann_frames) or my_turn(bea_frames))
            mover = "Ann" if my_turn(ann_frames) else "Bea"
            other = "Bea" if mover == "Ann" else "Ann"
            page, frames = pages[mover]
            eventually(partial(_title_is, page, "● Your turn – Cribbage"), page)
            if not my_turn(pages[other][1]):
                eventually(partial(_title_is, pages[other][0], "Cribbage – cardtable"), page)
            ply = play_a_card(page, frames)
            nxt, nxt_frames = pages[other]
            if my_turn(nxt_frames) and int(last_view(nxt_frames)["ply"]) > ply:
                turn = int(last_view(nxt_frames)["ply"])
                eventually(partial(_signalled, nxt, turn), nxt)
                detail = nxt.evaluate("() => window.__signals.at(-1)")
                assert detail["kind"] == "turn" and detail["ply"] == turn
                assert detail["sound"] is True and detail["notify"] is False
                assert nxt.evaluate("document.documentElement.dataset.lastSignal") == f"turn:{turn}"
                break
        else:
            raise AssertionError("the turn never passed from one person to the other")

        # Chat comes back after a reload, from the server's log.
        ann.keyboard.press("c")
        ann.fill("#chat-input", "gl Bea")
        ann.press("#chat-input", "Enter")
        bea.keyboard.press("c")
        bea.locator("#chat-lines li").get_by_text("Ann: gl Bea").wait_for()
        bea_frames.received.clear()
        bea.reload()
        bea_frames.wait_for(lambda _f: bool(frames_of(bea_frames, "chat_log")))
        lines = frames_of(bea_frames, "chat_log")[-1]["lines"]
        assert [(line["from"], line["text"]) for line in lines] == [("Ann", "gl Bea")]
        bea.keyboard.press("c")
        bea.locator("#chat-lines li").first.wait_for()
        assert texts(bea, "#chat-lines li strong", squash=True) == ["Ann:"]
        assert texts(bea, "#chat-lines li", squash=True) == ["Ann: gl Bea Mute"]

        # Bea mutes Ann's chat, for herself only: Ann's next line reaches Ann, not Bea.
        bea.once("dialog", lambda dialog: dialog.accept())
        bea.get_by_role("button", name="Mute Ann").click()

        def muted() -> None:
            found = bea.evaluate("fetch('/api/mutes').then(r => r.json())")
            assert [m["name"] for m in found["muted"]] == ["Ann"]

        eventually(muted, bea)
        bea_frames.received.clear()
        ann.fill("#chat-input", "are you there")
        ann.press("#chat-input", "Enter")
        ann.locator("#chat-lines li").get_by_text("Ann: are you there").wait_for()
        bea.fill("#chat-input", "yes")
        bea.press("#chat-input", "Enter")
        bea.locator("#chat-lines li").get_by_text("Bea: yes").wait_for()
        assert [f["text"] for f in frames_of(bea_frames, "chat")] == ["yes"]

        # Bea leaves; Ann hands her seat to a bot; Bea finds it in the lobby and takes it back.
        bea.goto("about:blank")
        chip = ann.locator(".seat-chip[data-seat='1']")
        chip.get_by_text("away").wait_for()
        chip.get_by_role("button", name="Replace by bot").click()
        chip.get_by_text("bot", exact=True).wait_for()
        bea.goto(base + "/")
        held = bea.locator(f"li[data-table='{table}']")
        held.get_by_text("A bot is playing your seat.").wait_for()
        bea_frames.received.clear()
        held.get_by_role("button", name="Take my seat back").click()
        bea.wait_for_url(f"{base}/t/{table}")
        bea.wait_for_selector("#hand button.hand-card")
        assert last_view(bea_frames)["seat"] == 1
        ann.locator(".seat-chip[data-seat='1']").get_by_text("here").wait_for()
        # The spectator never held a card of either hand.
        assert all(not v["observation"].get("hand") for v in views(cy_frames))
        assert errors == {"Ann": [], "Bea": [], "Cy": []}


def _title_is(page: Page, title: str) -> None:
    assert page.title() == title


def _signalled(page: Page, ply: int) -> None:
    assert page.evaluate("document.documentElement.dataset.lastSignal") == f"turn:{ply}"


def test_an_offline_tap_is_refused_and_play_goes_on_after_a_restart(
    chromium: Browser, tmp_path: Path
) -> None:
    port = free_port()
    with context(chromium) as made:
        page = made.new_page()
        frames = FrameLog(page)
        with serve_for_browser(tmp_path, bot_pause=0, port=port) as served:
            sign_in(page, served.base, "Ann")
            table = start_table(page, served.base, "cribbage", ["open", "medium"])["table"]["id"]
            page.goto(f"{served.base}/t/{table}")
            frames.wait_for(lambda _f: my_turn(frames), timeout=20)
            page.wait_for_selector("#hand button.hand-card")
        # The server is down: the hand is disabled and the banner stays through two taps.
        ply = int(last_view(frames)["ply"])
        page.locator("#status.offline").get_by_text(LOST).wait_for(timeout=10_000)
        assert page.locator("#hand.offline").count() == 1
        cards = page.locator("#hand button.hand-card")
        assert set(cards.evaluate_all("bs => bs.map(b => b.getAttribute('aria-disabled'))")) == {
            "true"
        }
        sent = len(frames.sent)
        for _ in range(2):
            tap(page.locator("#hand button.hand-card").first, force=True)
            assert page.locator("#status").inner_text() == OFFLINE_TAP
            assert page.locator("#hand button.hand-card.selected").count() == 0
        assert [f for f in frames.sent[sent:] if '"move"' in f] == []
        # Started again with the same database: the page reconnects and play goes on.
        with serve_for_browser(tmp_path, bot_pause=0, port=port):
            frames.wait_for(lambda _f: len(views(frames)) > 1 and my_turn(frames), timeout=30)
            page.locator("#hand:not(.offline) button.hand-card").first.wait_for(timeout=10_000)
            assert int(last_view(frames)["ply"]) == ply
            assert page.locator("#status").inner_text() != OFFLINE_TAP
            play_a_card(page, frames)
            frames.wait_for(lambda _f: my_turn(frames), timeout=20)
            assert int(last_view(frames)["ply"]) > ply
