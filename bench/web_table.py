"""Figures of the browser table (issue 25): where the hand is, what a table load costs, and how
long a tap takes to show its move.

Run from a checkout, with its sources on ``PYTHONPATH`` (the server is started from them)::

    PYTHONPATH=src .venv/bin/python bench/web_table.py [--out figures.json] [--quick]

It starts ``cardtable serve`` (SQLite in a temporary folder, bots with no pause) as a child
process and drives Debian's Chromium (``/usr/bin/chromium``) through Playwright, a guest against
medium bots: Calypso with 4 seats, Cribbage with 2, Kloepper with 4, Krypkasino with 3 players.

- **Hand**: for each game and viewport (1280×800, 1920×1080, 390×844, 360×740, 844×390) the
  person plays the first few decisions of a game by tapping; at the decision with the most cards
  in hand (the first of them on a tie), with the page scrolled to its top, where ``#hand``
  starts and ends in px from the top of the page (its bounding box plus ``scrollY``), whether it
  lies inside the viewport, the narrowest strip of a card a finger can tap (a card's width less
  what the next card covers), the page's height and whether it scrolls sideways.
- **Weight**: a table at 1280×800 loaded in a fresh browser profile (cold) and then reloaded
  (warm); requests counted from the Chrome DevTools Protocol's ``Network.requestWillBeSent``
  (websockets are not requests there), bytes transferred from ``Network.loadingFinished``'s
  ``encodedDataLength`` (headers and body as they crossed the wire, compressed if they were),
  bytes decoded from ``Network.dataReceived``'s ``dataLength``; requests answered from the
  browser's cache (memory or disk) counted apart.
- **Tap**: one whole game per game at 1280×800 (or ``--tap-moves`` of the person's moves), by
  taps; for each move, from the click that makes it (``performance.now()`` in a capturing
  listener, before the page's own handler) until the page's DOM changes after the view that
  carries the move has arrived (a ``MutationObserver`` on the page, the view seen by a listener
  on the websocket that runs before the page's own): median, p90 and max, and the part of it
  until the view arrived.

It prints a table per figure and writes them all as JSON with ``--out``; it passes or fails
nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The tests' own way to start a server and Chromium, and to tap a card (this file sits beside
# tests/ in the checkout).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser_harness import launch_chromium, serve_for_browser
from browser_play import tap

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, WebSocket


#: game -> (options, seats); the person takes the open seat.
GAMES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "calypso": ({}, ["open", "medium", "medium", "medium"]),
    "cribbage": ({}, ["open", "medium"]),
    "kloepper": ({}, ["open", "medium", "medium", "medium"]),
    "krypkasino": ({"players": 3}, ["open", "medium", "medium"]),
}
VIEWPORTS = [(1280, 800), (1920, 1080), (390, 844), (360, 740), (844, 390)]

#: Installed in every page before its scripts: the tap clock and the websocket's view plies.
PROBE = """
(() => {
  const probe = { armed: null, samples: [], lastPly: -1, frameAt: 0 };
  window.__bench = probe;
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      // Added before the page sets its own handler, so it runs first.
      this.addEventListener("message", (event) => {
        if (typeof event.data !== "string" || !event.data.startsWith('{"type":"view"')) return;
        const ply = JSON.parse(event.data).ply;
        probe.lastPly = ply;
        const a = probe.armed;
        if (a && a.clickAt !== null && a.viewAt === null && ply > a.ply) {
          a.viewAt = performance.now();
        }
      });
    }
  }
  window.WebSocket = Watched;
  // Capturing, on the window: before any handler of the page.
  window.addEventListener("click", () => {
    const a = probe.armed;
    if (a && a.clickAt === null) a.clickAt = performance.now();
  }, true);
  new MutationObserver(() => {
    const a = probe.armed;
    if (!a || a.viewAt === null) return;
    const now = performance.now();
    probe.samples.push({ total: now - a.clickAt, view: a.viewAt - a.clickAt });
    probe.armed = null;
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();
"""

#: The hand's box at the top of the page, the narrowest tap strip of its cards, the page's size.
MEASURE = """
() => {
  window.scrollTo(0, 0);
  const hand = document.querySelector("#hand");
  if (!hand) return null;
  const r = hand.getBoundingClientRect();
  const buttons = [...hand.querySelectorAll("button.hand-card")];
  const cards = buttons.map((b) => b.getBoundingClientRect());
  let strip = Infinity;
  cards.forEach((c, i) => {
    const next = cards[i + 1];
    const sameRow = next && Math.abs(next.top - c.top) < 2 && next.left > c.left;
    strip = Math.min(strip, sameRow ? Math.min(c.width, next.left - c.left) : c.width);
  });
  const doc = document.documentElement;
  return {
    cards: cards.length,
    top: Math.round(r.top + scrollY),
    bottom: Math.round(r.bottom + scrollY),
    left: Math.round(r.left),
    right: Math.round(r.right),
    in_view: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
    tap_px: cards.length ? Math.round(strip) : null,
    page_height: doc.scrollHeight,
    sideways: doc.scrollWidth > innerWidth,
  };
}
"""


# ---------------------------------------------------------------------------------- a seat


class Seat:
    """The person's page at a table: the views it was sent, and taps that make moves."""

    def __init__(self, page: Page, rng: random.Random) -> None:
        self.page = page
        self.rng = rng
        self.last: dict[str, Any] | None = None
        page.on("websocket", self._opened)

    def _opened(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._frame)

    def _frame(self, payload: bytes | str) -> None:
        if isinstance(payload, str) and payload.startswith('{"type":"view"'):
            self.last = json.loads(payload)

    def turn(self) -> bool:
        return bool(self.last and self.last["legal"] and self.last["status"] == "playing")

    def over(self) -> bool:
        return bool(self.last and self.last["status"] in ("over", "abandoned"))

    def wait(self, timeout: float = 30) -> None:
        """Until it is this seat's turn or the game is over."""
        deadline = time.monotonic() + timeout
        while not (self.turn() or self.over()):
            if time.monotonic() > deadline:
                raise TimeoutError("no turn and no end")
            self.page.wait_for_timeout(10)

    def play(self, timed: bool = False) -> None:
        """A random legal move by taps, as a person makes it; back when the server took it."""
        view = self.last
        assert view is not None
        ply = int(view["ply"])
        entry = self.rng.choice(view["legal"])
        move, cards = str(entry["move"]), [str(c) for c in entry["cards"]]
        page = self.page
        page.wait_for_selector("#hand button.hand-card, #actions button", timeout=10_000)
        final: Any
        on_card = False  # the second tap on a card plays it
        if cards:
            for card in cards:
                tap(
                    page.locator(f'#hand button.hand-card:not(.selected)[data-card="{card}"]').first
                )
                page.locator(f'#hand button.hand-card.selected[data-card="{card}"]').first.wait_for(
                    timeout=5000
                )
            alone = [m for m in view["legal"] if sorted(m["cards"]) == sorted(cards)]
            if len(alone) == 1 and len(cards) == 1:
                on_card = True
                final = page.locator(
                    f'#hand button.hand-card.selected[data-card="{cards[0]}"]'
                ).first
            else:
                final = page.locator(f'#actions button[data-move="{move}"]')
        else:
            select = page.locator("#number-move")
            if select.count() and move in select.locator("option").evaluate_all(
                "os => os.map(o => o.value)"
            ):
                select.select_option(move)
                final = page.locator(".number-move button")
            else:
                final = page.locator(f'#actions button[data-move="{move}"]')
        if timed:
            page.evaluate(
                "ply => { window.__bench.armed = {ply, clickAt: null, viewAt: null}; }", ply
            )
        if on_card:
            tap(final)
        else:
            final.click()
        deadline = time.monotonic() + 20
        while not self.last or int(self.last["ply"]) <= ply:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the move {move} was not taken")
            page.wait_for_timeout(5)
        if timed:
            page.wait_for_function("() => window.__bench.armed === null", timeout=5000)


def open_table(made: BrowserContext, base: str, game: str) -> tuple[Page, Seat, str]:
    """A guest's page in ``made`` at a new table of ``game`` against bots; not yet loaded."""
    page = made.new_page()
    seat = Seat(page, random.Random(7))
    answer = page.request.post(f"{base}/api/guest", data={"name": "Ann", "language": "en"})
    assert answer.ok, answer.text()
    options, seats = GAMES[game]
    answer = page.request.post(
        f"{base}/api/tables",
        data={"game": game, "options": options, "seats": seats, "bot_pause": 0},
    )
    assert answer.ok, answer.text()
    table = answer.json()["table"]["id"]
    answer = page.request.post(f"{base}/api/tables/{table}/start")
    assert answer.ok, answer.text()
    return page, seat, f"{base}/t/{table}"


def new_context(browser: Browser, viewport: tuple[int, int]) -> BrowserContext:
    made = browser.new_context(
        locale="en-US", viewport={"width": viewport[0], "height": viewport[1]}
    )
    made.add_init_script(PROBE)
    return made


# ---------------------------------------------------------------------------------- figures


def hand_figures(browser: Browser, base: str, decisions: int) -> list[dict[str, Any]]:
    rows = []
    for game in GAMES:
        for viewport in VIEWPORTS:
            made = new_context(browser, viewport)
            try:
                page, seat, url = open_table(made, base, game)
                page.goto(url)
                best: dict[str, Any] | None = None
                for _ in range(decisions):
                    seat.wait()
                    if seat.over():
                        break
                    page.wait_for_selector("#hand button.hand-card", timeout=10_000)
                    page.wait_for_timeout(300)  # cards that fly in land first
                    found = page.evaluate(MEASURE)
                    if found and (best is None or found["cards"] > best["cards"]):
                        best = found
                    seat.play()
                rows.append(
                    {"game": game, "viewport": f"{viewport[0]}x{viewport[1]}", **(best or {})}
                )
            finally:
                made.close()
    return rows


class NetworkCount:
    """Requests and bytes of one page, from the Chrome DevTools Protocol."""

    def __init__(self, made: BrowserContext, page: Page) -> None:
        self.session = made.new_cdp_session(page)
        self.session.send("Network.enable")
        self.reset()
        self.session.on("Network.requestWillBeSent", self._sent)
        self.session.on("Network.loadingFinished", self._finished)
        self.session.on("Network.dataReceived", self._data)
        self.session.on("Network.requestServedFromCache", self._cached)
        self.session.on("Network.responseReceived", self._response)

    def reset(self) -> None:
        self.urls: list[str] = []
        self.transferred = 0
        self.decoded = 0
        self.from_cache: set[str] = set()
        self.statuses: dict[int, int] = {}

    def _sent(self, event: dict[str, Any]) -> None:
        self.urls.append(event["request"]["url"])

    def _finished(self, event: dict[str, Any]) -> None:
        self.transferred += int(event["encodedDataLength"])

    def _data(self, event: dict[str, Any]) -> None:
        self.decoded += int(event["dataLength"])

    def _cached(self, event: dict[str, Any]) -> None:
        self.from_cache.add(event["requestId"])

    def _response(self, event: dict[str, Any]) -> None:
        response = event["response"]
        if response.get("fromDiskCache") or response.get("fromPrefetchCache"):
            self.from_cache.add(event["requestId"])
        status = int(response["status"])
        self.statuses[status] = self.statuses.get(status, 0) + 1

    def figures(self) -> dict[str, Any]:
        return {
            "requests": len(self.urls),
            "from_cache": len(self.from_cache),
            "transferred_bytes": self.transferred,
            "decoded_bytes": self.decoded,
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
        }


def weight_figures(browser: Browser, base: str) -> list[dict[str, Any]]:
    rows = []
    for game in GAMES:
        made = new_context(browser, (1280, 800))
        try:
            page, _seat, url = open_table(made, base, game)
            count = NetworkCount(made, page)
            row: dict[str, Any] = {"game": game}
            for phase in ("cold", "warm"):
                count.reset()
                if phase == "cold":
                    page.goto(url)
                else:
                    page.reload()
                page.wait_for_selector("#hand button.hand-card", timeout=20_000)
                page.wait_for_load_state("networkidle")
                page.wait_for_timeout(300)
                row[phase] = count.figures()
            rows.append(row)
        finally:
            made.close()
    return rows


def tap_figures(browser: Browser, base: str, limit: int) -> list[dict[str, Any]]:
    rows = []
    for game in GAMES:
        made = new_context(browser, (1280, 800))
        try:
            page, seat, url = open_table(made, base, game)
            page.goto(url)
            started = time.monotonic()
            moves = 0
            while moves < limit:
                seat.wait()
                if seat.over():
                    break
                seat.play(timed=True)
                moves += 1
            samples = page.evaluate("() => window.__bench.samples")
            totals = sorted(s["total"] for s in samples)
            views = sorted(s["view"] for s in samples)
            rows.append(
                {
                    "game": game,
                    "moves": moves,
                    "game_over": seat.over(),
                    "seconds": round(time.monotonic() - started, 1),
                    "median_ms": round(statistics.median(totals), 1),
                    "p90_ms": round(percentile(totals, 0.9), 1),
                    "max_ms": round(totals[-1], 1),
                    "view_median_ms": round(statistics.median(views), 1),
                }
            )
        finally:
            made.close()
    return rows


def percentile(ordered: list[float], share: float) -> float:
    """The nearest-rank percentile of an ordered list.

    >>> percentile([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0], 0.9)
    9.0
    """
    return ordered[max(0, min(len(ordered) - 1, -(-int(share * len(ordered) * 1000) // 1000) - 1))]


# ---------------------------------------------------------------------------------- output


def show(figures: dict[str, Any]) -> None:
    print(f"\nHand at the decision with the most cards (page at its top), {figures['source']}")
    print(f"{'game':<11}{'viewport':<11}{'cards':>6}{'top':>7}{'bottom':>8}{'in view':>9}"
          f"{'tap px':>8}{'page h':>8}{'sideways':>10}")  # fmt: skip
    for r in figures["hand"]:
        print(f"{r['game']:<11}{r['viewport']:<11}{r.get('cards', '-'):>6}{r.get('top', '-'):>7}"
              f"{r.get('bottom', '-'):>8}{r.get('in_view', '-')!s:>9}{r.get('tap_px')!s:>8}"
              f"{r.get('page_height', '-'):>8}{r.get('sideways', '-')!s:>10}")  # fmt: skip
    print("\nTable load at 1280x800 (requests; bytes transferred / decoded; from cache)")
    for r in figures["weight"]:
        parts = [
            f"{phase} {r[phase]['requests']} req, {r[phase]['transferred_bytes'] / 1000:.1f} kB / "
            f"{r[phase]['decoded_bytes'] / 1000:.1f} kB, {r[phase]['from_cache']} cached"
            for phase in ("cold", "warm")
        ]
        print(f"{r['game']:<11}" + "; ".join(parts))
    print("\nTap to update at 1280x800 (ms from the click to the DOM showing the move)")
    print(f"{'game':<11}{'moves':>6}{'over':>6}{'median':>8}{'p90':>7}{'max':>7}{'view med':>9}")
    for r in figures["tap"]:
        print(f"{r['game']:<11}{r['moves']:>6}{r['game_over']!s:>6}{r['median_ms']:>8}"
              f"{r['p90_ms']:>7}{r['max_ms']:>7}{r['view_median_ms']:>9}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    parser.add_argument("--decisions", type=int, default=3, help="decisions looked at per game")
    parser.add_argument("--tap-moves", type=int, default=400, help="the person's moves at most")
    parser.add_argument("--parts", default="hand,weight,tap", help="which figures, comma-separated")
    parser.add_argument("--quick", action="store_true", help="20 moves per game for the taps")
    args = parser.parse_args()
    import cardtable

    source = str(Path(cardtable.__file__).resolve().parent.parent)
    started = time.monotonic()
    with (
        tempfile.TemporaryDirectory() as folder,
        serve_for_browser(Path(folder), bot_pause=0) as served,
        launch_chromium() as browser,
    ):
        base = served.base
        parts = args.parts.split(",")
        figures: dict[str, Any] = {"source": source, "hand": [], "weight": [], "tap": []}
        if "hand" in parts:
            figures["hand"] = hand_figures(browser, base, args.decisions)
        if "weight" in parts:
            figures["weight"] = weight_figures(browser, base)
        if "tap" in parts:
            moves = 20 if args.quick else args.tap_moves
            figures["tap"] = tap_figures(browser, base, moves)
    figures["seconds"] = round(time.monotonic() - started, 1)
    show(figures)
    print(f"\n{figures['seconds']} s")
    if args.out:
        args.out.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
