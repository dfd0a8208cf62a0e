"""The browser table fits the screen, as card sites do: at every viewport from a phone held
upright to a desktop, and a phone on its side, the hand, the status line, the move buttons and
the board's main part are inside the viewport without scrolling the page, nothing scrolls
sideways, and every card of the hand leaves a finger at least 32 px to tap.

One server and one table a game; the viewport is resized for each size (the layout follows the
window, no reload). Checked at the first decision (the most cards in hand) and mid-deal, and in
the waiting room."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

from browser_harness import FrameLog, Served, console_errors, context
from browser_play import BrowserSeat, sign_in, start_table

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]

#: The issue's five sizes, and the smallest and largest screens the table is made for.
VIEWPORTS = [(1280, 800), (1366, 768), (390, 844), (360, 740), (844, 390), (360, 640), (2560, 1440)]
MIN_STRIP = 32

GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "calypso": (["open", "medium", "medium", "medium"], {}),
    "cribbage": (["open", "medium"], {}),
    "kloepper": (["open", "medium", "medium", "medium"], {}),
    "krypkasino": (["open", "medium", "medium"], {"players": 3}),
}

# Every problem of the page's layout at this size, in words (an empty list: it fits).
MEASURE = """
() => {
  const problems = [];
  const W = innerWidth, H = innerHeight;
  const inside = (what, el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return;
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      problems.push(`${what} outside the viewport: ${Math.round(r.left)},${Math.round(r.top)},` +
        `${Math.round(r.right)},${Math.round(r.bottom)} in ${W}x${H}`);
    }
  };
  const doc = document.documentElement;
  if (doc.scrollWidth > W) problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${W}`);
  if (doc.scrollHeight > H + 1) problems.push(`page scrolls: ${doc.scrollHeight} > ${H}`);
  for (const id of ["#status", "#actions"]) {
    const el = document.querySelector(id);
    if (!el) problems.push(`${id} missing`); else inside(id, el);
  }
  const main = document.querySelector("#board [data-main]") || document.querySelector("#board");
  inside("the board's main part", main);
  const cards = [...document.querySelectorAll("#hand button.hand-card")];
  cards.forEach((el, i) => {
    inside(`hand card ${i}`, el);
    const r = el.getBoundingClientRect();
    const next = cards[i + 1];
    if (!next) return;
    const n = next.getBoundingClientRect();
    // The next card in the same row covers this one's right part; in the next row, its top.
    if (Math.abs(n.top - r.top) < r.height / 2 && n.left - r.left < 32) {
      problems.push(`hand card ${i} shows ${Math.round(n.left - r.left)} px to tap`);
    }
    if (n.top - r.top >= r.height / 2 && n.top - r.top < 32) {
      problems.push(`hand card ${i} shows ${Math.round(n.top - r.top)} px high to tap`);
    }
  });
  return {problems, cards: cards.length};
}
"""


def check_all_sizes(page: Page, when: str) -> int:
    """Every viewport size, the page measured at each; the number of hand cards."""
    found: list[str] = []
    cards = 0
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(120)  # the hand's rows are laid out again on a resize
        measured = page.evaluate(MEASURE)
        cards = max(cards, int(measured["cards"]))
        found += [f"{when} at {width}x{height}: {p}" for p in measured["problems"]]
    assert found == []
    return cards


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_table_fits_every_screen(
    game: str, chromium: Browser, cardtable_server: Served
) -> None:
    seats, options = GAMES[game]
    base = cardtable_server.base
    with context(chromium, viewport=VIEWPORTS[0], base_url=base) as made:
        page = made.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        sign_in(page, base, "Ann")
        table = start_table(page, base, game, seats, options)["table"]["id"]
        page.goto(f"/t/{table}")
        seat = BrowserSeat(page, frames, random.Random(5))
        seat.wait_for_view()
        seat.wait_turn_or_end()
        page.wait_for_selector("#hand button.hand-card")
        first = seat.view()
        assert first is not None
        held = len(first["observation"]["hand"])
        assert check_all_sizes(page, "first decision") == held
        # Mid-deal: half the hand played (a capture, a trick or a count on the board).
        page.set_viewport_size({"width": 1280, "height": 800})
        for _ in range(max(1, held // 2)):
            seat.wait_turn_or_end()
            if seat.over():
                break
            seat.play_one("clicks")
        seat.wait_turn_or_end()
        page.wait_for_timeout(300)
        check_all_sizes(page, "mid-deal")
    assert errors == []


def steady_box(page: Page, selector: str) -> dict[str, float]:
    """The element's box once it is in the page: the waiting room is drawn again on each
    view (a seat's contribution to the deal brings one), and a box asked for while the old
    element is being replaced comes back empty."""
    for _ in range(50):
        page.locator(selector).wait_for(state="visible")
        box = page.locator(selector).bounding_box()
        if box is not None:
            return {"y": box["y"], "height": box["height"]}
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} never stayed in the page long enough to be measured")


def test_the_waiting_room_fits(chromium: Browser, cardtable_server: Served) -> None:
    base = cardtable_server.base
    with context(chromium, viewport=(360, 740), base_url=base) as made:
        page = made.new_page()
        errors = console_errors(page)
        sign_in(page, base, "Ann")
        table = start_table(page, base, "cribbage", ["open", "open"])["table"]["id"]
        page.goto(f"/t/{table}")
        page.wait_for_selector("#start")
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            box = steady_box(page, "#start")
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (width, height, box)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert page.evaluate("document.documentElement.scrollHeight") <= height + 1
    assert errors == []
