"""A person at a browser table, driven by Playwright: reads the seat's views from the websocket
frames (what the page itself was sent) and makes each move the way a person does, by tapping the
cards of the hand (those the view's legal move names in ``cards``) and the move buttons, or by
the keyboard (digits or arrows for a card, Enter).

The moves are chosen at random among the legal ones; the test then checks what the page shows
against the game rebuilt from the server's record.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from browser_harness import FrameLog

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

__all__ = [
    "BrowserSeat",
    "attrs",
    "eventually",
    "shown_cards",
    "sign_in",
    "start_table",
    "texts",
]


def sign_in(page: Page, base: str, name: str, language: str = "en") -> None:
    """A guest with this name, through the page's own request context (its cookies)."""
    answer = page.request.post(f"{base}/api/guest", data={"name": name, "language": language})
    assert answer.ok, answer.text()


def start_table(
    page: Page,
    base: str,
    game: str,
    seats: list[str],
    options: dict[str, Any] | None = None,
    bot_pause: float = 0.0,
) -> dict[str, Any]:
    """A new table made by the page's guest, started when no seat is left open; its answer.
    The bots move at once unless ``bot_pause`` says otherwise (a test needs no time to follow
    the game with its eyes)."""
    answer = page.request.post(
        f"{base}/api/tables",
        data={"game": game, "options": options or {}, "seats": seats, "bot_pause": bot_pause},
    )
    assert answer.ok, answer.text()
    made: dict[str, Any] = answer.json()
    if seats.count("open") == 1:
        started = page.request.post(f"{base}/api/tables/{made['table']['id']}/start")
        assert started.ok, started.text()
    return made


def eventually(check: Callable[[], None], page: Page, timeout: float = 5) -> None:
    """Run ``check`` until it passes: the page draws a view just after its frame arrives."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            check()
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(50)


def texts(page: Page, selector: str, squash: bool = False) -> list[str]:
    """The text of every element ``selector`` matches, trimmed (``squash``: runs of white
    space made one space)."""
    script = "e.textContent.trim()" + (".replace(/\\s+/g, ' ')" if squash else "")
    found: list[str] = page.eval_on_selector_all(selector, f"els => els.map(e => {script})")
    return found


def attrs(page: Page, selector: str, name: str) -> list[str]:
    """The attribute ``name`` of every element ``selector`` matches."""
    found: list[str] = page.eval_on_selector_all(
        selector, f"els => els.map(e => e.getAttribute('{name}'))"
    )
    return found


def shown_cards(page: Page, root: str = "#app") -> list[str]:
    """Every card face the page shows under ``root`` (their ``data-card``)."""
    return attrs(page, f"{root} [data-card]", "data-card")


#: A point of a card that a tap reaches (cards of a hand overlap: the middle of one may be the
#: next card), relative to the card; else what covers its middle.
OPEN_POINT = """
(card) => {
  const r = card.getBoundingClientRect();
  for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) {
    for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9, 0.03, 0.97]) {
      const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
      if (hit && card.contains(hit)) return { x: fx * r.width, y: fy * r.height };
    }
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit) return "nothing";
  return `${hit.tagName}.${hit.getAttribute("class")} in #${hit.closest("[id]")?.id}`;
}
"""


def tap(target: Locator, force: bool = False, timeout: float = 5) -> None:
    """Tap ``target`` where a finger reaches it, once it is in view and has landed (a card
    that flies in); ``force``: also when it is marked disabled (``aria-disabled``, which
    Playwright otherwise waits out). Fails naming what covers it."""
    deadline = time.monotonic() + timeout
    point: Any = None  # {x, y} within the card
    while point is None:
        target.scroll_into_view_if_needed()
        reached = target.evaluate(OPEN_POINT)
        if isinstance(reached, dict):
            point = reached
        else:
            assert time.monotonic() < deadline, f"{target} is covered by {reached}"
            target.page.wait_for_timeout(50)
    target.click(position=point, force=force)


class BrowserSeat:
    """One person's page at a table."""

    def __init__(self, page: Page, frames: FrameLog, rng: random.Random) -> None:
        self.page = page
        self.frames = frames
        self.rng = rng
        self.moves_made = 0

    def view(self) -> dict[str, Any] | None:
        """The last view the page was sent."""
        for frame in reversed(self.frames.received):
            if frame.startswith('{"type":"view"') or '"type": "view"' in frame[:30]:
                message: dict[str, Any] = json.loads(frame)
                return message
        return None

    def _ply(self) -> int:
        view = self.view()
        return int(view["ply"]) if view else -1

    def my_turn(self) -> bool:
        view = self.view()
        return bool(view and view["legal"] and view["status"] == "playing")

    def over(self) -> bool:
        view = self.view()
        return bool(view and view["status"] in ("over", "abandoned"))

    def wait_for_view(self, timeout: float = 20) -> dict[str, Any]:
        self.frames.wait_for(lambda _frames: self.view() is not None, timeout)
        view = self.view()
        assert view is not None
        return view

    def wait_turn_or_end(self, timeout: float = 30) -> None:
        self.frames.wait_for(lambda _frames: self.my_turn() or self.over(), timeout)

    def play_one(
        self, by: str, pick: Callable[[list[dict[str, Any]]], dict[str, Any]] | None = None
    ) -> str:
        """Make one legal move through the page (``by`` "clicks" or "keys"): ``pick``'s of the
        view's legal moves, else one at random; wait until the server has taken it; the
        move's notation."""
        view = self.view()
        assert view is not None and view["legal"], "not this seat's turn"
        ply = int(view["ply"])
        legal: list[dict[str, Any]] = view["legal"]
        entry = pick(legal) if pick is not None else self.rng.choice(legal)
        move = str(entry["move"])
        # The hand on screen must be the seat's hand, and the move buttons the legal moves.
        self.page.wait_for_selector("#hand button.hand-card, #actions button", timeout=10_000)
        # The hand cards a move uses are the view's, as the page reads them.
        cards = [str(c) for c in entry["cards"]]
        if cards:
            self._select(cards, by)
            alone = [m for m in legal if sorted(m["cards"]) == sorted(cards)]
            if len(alone) == 1 and len(cards) == 1:
                # The second tap on a card plays it (or Enter, which confirms the one move).
                if by == "keys":
                    self.page.keyboard.press("Enter")
                else:
                    self.page.locator(
                        f'#hand button.hand-card.selected[data-card="{cards[0]}"]'
                    ).first.click(position={"x": 6, "y": 24})
            elif len(alone) == 1 and by == "keys":
                self.page.keyboard.press("Enter")
            else:
                self._button(move, by)
        else:
            select = self.page.locator("#number-move")
            if select.count() and move in select.locator("option").evaluate_all(
                "os => os.map(o => o.value)"
            ):
                select.select_option(move)
                self.page.locator(".number-move button").click()
            else:
                self._button(move, by)
        self.frames.wait_for(lambda _frames: self._ply() > ply, timeout=20)
        self.moves_made += 1
        return move

    def _select(self, cards: list[str], by: str) -> None:
        for card in cards:
            target = self.page.locator(
                f'#hand button.hand-card:not(.selected)[data-card="{card}"]'
            ).first
            index = int(target.get_attribute("data-index") or 0)
            if by == "keys":
                if index < 10:
                    self.page.keyboard.press(str((index + 1) % 10))
                else:
                    # Past ten cards: the arrows walk the hand, Space taps the card in focus.
                    self.page.locator("#hand button.hand-card").nth(9).focus()
                    for _ in range(index - 9):
                        self.page.keyboard.press("ArrowRight")
                    self.page.keyboard.press("Space")
            else:
                # Near the card's left edge: on a phone the next card overlaps its right part.
                target.click(position={"x": 6, "y": 24})
            self.page.locator(
                f'#hand button.hand-card.selected[data-card="{card}"]'
            ).first.wait_for(timeout=5000)

    def _button(self, move: str, by: str) -> None:
        button = self.page.locator(f'#actions button[data-move="{move}"]')
        if by == "keys":
            button.focus()
            self.page.keyboard.press("Enter")
        else:
            button.click()

    def play_out(self, limit: int = 2000, by: str = "mixed") -> dict[str, Any]:
        """Play this seat's moves until the game ends (every other move by keys when
        ``by`` is "mixed"); the last view."""
        for _ in range(limit):
            self.wait_turn_or_end()
            if self.over():
                break
            how = by if by != "mixed" else ("keys" if self.moves_made % 2 else "clicks")
            self.play_one(how)
        view = self.view()
        assert view is not None and self.over(), "the game did not end"
        return view
