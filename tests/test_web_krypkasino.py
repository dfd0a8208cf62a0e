"""The Krypkasino face in the browser (``web/js/games/krypkasino.js``): the table's cards and the
set-aside court cards, the stock and extra deals left, each player's hand size, captured cards
and points, tabbe marks and points, penalty points of the hand and the game, the teams, the
"must sweep" notice, the capture choices of a card (one button each, the board's cards it takes
marked on hover and focus), the sweep warning, the panels, the score sheet at the end, and a
Japanese phone page with no English left on the board. What the page shows is checked against
the views the server sent it (its websocket frames)."""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from browser_harness import FrameLog, Served, console_errors, context
from browser_play import BrowserSeat, attrs, eventually, sign_in, start_table, texts

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]

CARD = re.compile(r"^(10|[2-9AJQK])[SHDC]$")


def plural(n: int, one: str, many: str) -> str:
    return (one if n == 1 else many).format(count=n)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}"


# Everything check_board compares, read from the page in one call.
READ_BOARD = """() => {
  const all = (sel, root) => [...(root || document).querySelectorAll(sel)];
  const text = (sel, root) => all(sel, root).map((e) => e.textContent.trim());
  const board = document.querySelector("#board .kk-board");
  if (!board) return null;
  return {
    table: all(".kk-table-cards [data-card]", board).map((e) => e.getAttribute("data-card")),
    aside: all(".kk-aside [data-card]", board).map((e) => e.getAttribute("data-card")),
    stock: text(".kk-stock", board),
    must: !!board.querySelector(".kk-must"),
    moving: all(".kk-player.to-move", board).map((e) => Number(e.dataset.seat)),
    players: all(".kk-player", board).map((p) => ({
      name: text(".kk-name strong", p).join(""),
      hand: text(".kk-hand > span", p),
      taken: text(".kk-taken", p),
      marks: text(".kk-marks", p),
      tabbe: text(".kk-tabbe-points", p),
      hand_points: text(".kk-hand-points", p),
      game_points: text(".kk-game-points", p),
    })),
    chips: all(".seat-chip").map((c) => text(".kk-seat-info .score", c)),
    names: all(".seat-chip .seat-name").map((e) => e.textContent),
  };
}"""


def expected_board(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """What the board should show of one view, in the shape READ_BOARD reads; ``names`` are
    the seats' names as the page's seat strip shows them."""
    obs = view["observation"]
    extra = obs["extra_deals_left"]
    deals = "extra deal" if extra == 1 else "extra deals"
    players = []
    for seat, size in enumerate(obs["hand_sizes"]):
        name = names[seat]
        taken = len(obs["captured"][seat])
        line = plural(taken, "{count} card taken", "{count} cards taken")
        line += f", worth {obs['captured_points'][seat]}"
        if obs["last_capturer"] == seat:
            line += " (last capture)"
        tabbes, points = obs["tabbes"][seat], obs["tabbe_points"][seat]
        players.append(
            {
                "name": f"{name}, team {obs['teams'][seat] + 1}",
                "hand": [plural(size, "{count} card in hand", "{count} cards in hand")],
                "taken": [line],
                "marks": [plural(tabbes, "{count} tabbe", "{count} tabbes")] if tabbes else [],
                "tabbe": [f"tabbe points {signed(points)}"] if points else [],
                "hand_points": [str(obs["hand_points"][seat])],
                "game_points": [str(obs["totals"][seat])],
            }
        )
    return {
        "table": obs["table"],
        "aside": obs["set_aside"],
        "stock": [f"Stock {obs['stock']} cards, {extra} {deals} left"],
        "must": bool(obs.get("must_sweep")),
        "moving": [obs["to_move"]] if view["status"] == "playing" else [],
        "players": players,
        "chips": [
            [f"team {team + 1}: {score} penalty points"]
            for team, score in zip(obs["teams"], obs["scores"], strict=True)
        ],
        "names": names,
    }


def check_board(page: Page, view: dict[str, Any]) -> None:
    """The board and the seats' badges against one view."""
    shown = page.evaluate(READ_BOARD)
    assert shown is not None
    assert shown["names"][view["seat"]].endswith(" (you)")
    assert shown == expected_board(view, shown["names"])


def test_the_board_shows_each_view_and_the_sheet_the_hands(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium, viewport=(1280, 900)) as made:
        page = made.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        page.goto(base + "/")
        sign_in(page, base, "Ann")
        options = {"players": 6, "teams": "threes", "deals": 1}
        made_table = start_table(page, base, "krypkasino", ["open"] + ["medium"] * 5, options)
        page.goto(f"{base}/t/{made_table['table']['id']}")
        seat = BrowserSeat(page, frames, random.Random(16))
        seat.wait_for_view()
        checked = 0
        while True:
            seat.wait_turn_or_end()
            view = seat.view()
            assert view is not None
            eventually(functools.partial(check_board, page, view), page)
            checked += 1
            if seat.over():
                break
            seat.play_one("clicks")
        assert checked > 10
        # The sheet at the end: a row a player, its hand's points, the total, the team's.
        result = view["result"]
        for s in range(6):
            row = texts(page, f'#result .kk-sheet tr[data-seat="{s}"] td')
            points = [str(hand[s]) for hand in result["hands"]]
            assert row == [*points, str(result["totals"][s]), str(result["scores"][s])]
        eventually(lambda: check_board(page, view), page)
        assert errors == []


def choice_turn(seat: BrowserSeat, limit: int = 250) -> dict[str, Any]:
    """Play on (random cards) until a card in hand has several capture choices; that view."""
    for _ in range(limit):
        seat.wait_turn_or_end()
        assert not seat.over(), "no capture choice came up"
        view = seat.view()
        assert view is not None
        by_card = Counter(m["cards"][0] for m in view["legal"])
        if max(by_card.values()) > 1:
            return view
        seat.play_one("clicks")
    raise AssertionError("no capture choice came up")


def test_a_cards_capture_choices_mark_what_each_takes(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium, viewport=(390, 844)) as made:
        page = made.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        page.goto(base + "/")
        sign_in(page, base, "Ann")
        options = {"players": 2, "deals": 10}
        made_table = start_table(page, base, "krypkasino", ["open", "medium"], options)
        page.goto(f"{base}/t/{made_table['table']['id']}")
        seat = BrowserSeat(page, frames, random.Random(5))
        seat.wait_for_view()
        view = choice_turn(seat)
        obs = view["observation"]
        by_card = Counter(m["cards"][0] for m in view["legal"])
        card = next(c for c, n in by_card.items() if n > 1)
        page.locator(f'#hand button.hand-card[data-card="{card}"]').first.click()
        buttons = page.locator("#actions button.move.primary")

        def one_button_a_choice() -> None:
            assert buttons.count() == by_card[card]

        eventually(one_button_a_choice, page)
        for entry in view["legal"]:
            if entry["cards"] != [card]:
                continue
            button = page.locator(f'#actions button[data-move="{entry["move"]}"]')
            assert button.inner_text().startswith(entry["words"])
            if entry["warn"]:
                assert texts(page, f'#actions button[data-move="{entry["move"]}"] .warning') == [
                    entry["warn"]
                ]
            # Hover, then focus: each marks exactly the cards this choice takes.
            for act in (button.hover, button.focus):
                act()
                marked = attrs(page, "#board .kk-table-cards .card.highlight", "data-card")
                assert sorted(marked) == sorted(entry["takes"]), entry["move"]
        # Clearly visible on the felt: a lifted card with a dashed ring.
        style = page.eval_on_selector(
            "#board .card.highlight",
            "e => { const s = getComputedStyle(e); return [s.outlineStyle, s.transform]; }",
        )
        assert style[0] == "dashed" and style[1] != "none"
        # The panel of capture choices: a row a card, a line a move, its cards and warning.
        page.locator("#tab-a").click()
        lines = attrs(page, "#side .kk-choices li", "data-move")
        assert lines == [m["move"] for m in view["legal"]]
        for entry in view["legal"]:
            item = f'#side .kk-choices li[data-move="{entry["move"]}"]'
            taken = attrs(page, f"{item} .mini-card", "aria-label")
            assert len(taken) == len(entry["takes"])
            assert texts(page, f"{item} .kk-warn") == ([entry["warn"]] if entry["warn"] else [])
        # The captured cards panel: every player's pile.
        page.locator("#tab-b").click()
        for s, pile in enumerate(obs["captured"]):
            shown = texts(page, f'#side .kk-pile[data-seat="{s}"] .mini-card')
            assert len(shown) == len(pile)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert errors == []


SYMBOL_CARD = re.compile("(?:10|[2-9AJQK])[♠♥♦♣]\ufe0e?")
# Words allowed on a Japanese board: card codes, numbers, the players' names.
ASCII_WORD = re.compile(r"[0-9A-Za-z]*[A-Za-z][0-9A-Za-z]*")
# The board's words, each text node apart; the card faces' own indices ("K") left out.
BOARD_WORDS = """() => {
  const walker = document.createTreeWalker(document.querySelector("#board"), NodeFilter.SHOW_TEXT);
  const words = [];
  while (walker.nextNode()) {
    if (!walker.currentNode.parentElement.closest("svg")) words.push(walker.currentNode.nodeValue);
  }
  return words.join(" ");
}"""


def test_a_japanese_phone_board_has_no_english_left(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium, locale="ja-JP", viewport=(390, 844)) as made:
        page = made.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        page.goto(base + "/")
        sign_in(page, base, "Ann", "ja")
        options = {"players": 4, "teams": "pairs", "deals": 2}
        made_table = start_table(page, base, "krypkasino", ["open"] + ["medium"] * 3, options)
        page.goto(f"{base}/t/{made_table['table']['id']}")
        seat = BrowserSeat(page, frames, random.Random(3))
        seat.wait_for_view()
        for turn in range(12):
            seat.wait_turn_or_end()
            if seat.over():
                break
            view = seat.view()
            assert view is not None
            names = {p["name"] for p in view["players"]}
            page.wait_for_selector("#board .kk-board")
            text = page.evaluate(BOARD_WORDS)
            for name in names:
                text = text.replace(name, "")
            # Cards are written with suit symbols ("A♦"): their ranks are no English.
            text = SYMBOL_CARD.sub("", text)
            english = [w for w in ASCII_WORD.findall(text) if not CARD.match(w)]
            assert english == [], (turn, english)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            seat.play_one("clicks")
        page.screenshot(path=str(cardtable_server.folder / "krypkasino-ja.png"), full_page=True)
        assert errors == []
