"""The Calypso face in the browser (``web/js/games/calypso.js``): the calypsos as thirteen slots,
the piles, voids and completed calypsos, the partnerships' points, the trick round the table
from the viewer's seat and the last trick until the next one starts, the trick rule in words,
the seats' badges, the hand with the player's own suit first, the round's scoring sheet, and a
Japanese phone page with no English left on the board. What the page shows is checked against
the views the server sent it (its websocket frames) and the game's own words."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from browser_harness import FrameLog, Served, console_errors, context
from browser_play import BrowserSeat, attrs, eventually, sign_in, start_table, texts
from cardtable.games.calypso.text import reason_words, rule_words
from cardtable.records import from_record

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]

SEATS = ["open", "medium", "medium", "medium"]
SLOTS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
RANKS = SLOTS[::-1]  # low to high
PLACES = ["bottom", "left", "top", "right"]


def events_of(frames: FrameLog) -> list[dict[str, Any]]:
    """Every event the seat was sent, once each, in order."""
    seen: dict[int, dict[str, Any]] = {}
    for frame in frames.received:
        message = json.loads(frame)
        if message.get("type") == "view":
            for event in message["events"]:
                seen[event["i"]] = event
    return [seen[i] for i in sorted(seen)]


def strongest(trump: str, leading: bool) -> Callable[[list[dict[str, Any]]], dict[str, Any]]:
    """Of one-card moves, the one that takes tricks most often: leading, the highest card;
    following (a void lets it trump in), a card of its own trump suit first."""

    def key(move: dict[str, Any]) -> tuple[int, int]:
        card = str(move["cards"][0])
        rank, own = RANKS.index(card[:-1]), int(card[-1] == trump)
        return (rank, own) if leading else (own, rank)

    return lambda legal: max(legal, key=key)


def check_board(page: Page, view: dict[str, Any], events: list[dict[str, Any]]) -> str:
    """The board against the view: every assertion of the face; which trick it showed."""
    obs = view["observation"]
    me = view["seat"]
    names = [p["name"] for p in view["players"]]
    shown = [f"{n} (you)" if s == me else n for s, n in enumerate(names)]
    for seat in range(4):
        row = f'.cal-row[data-seat="{seat}"]'
        assert len(page.query_selector_all(f"{row} .cal-slot")) == 13
        suit = obs["suits"][seat]
        filled = attrs(page, f"{row} .cal-slot.filled", "aria-label")
        ranks = [card[:-1] for card in obs["calypsos"][seat]]
        expected = [r for r in SLOTS if r in ranks]
        assert len(filled) == len(expected), (seat, filled, obs["calypsos"][seat])
        assert texts(page, f"{row} .cal-slot.filled") == [
            f"{r}{'♠♥♦♣'['SHDC'.index(suit)]}\ufe0e" for r in expected
        ]
        assert texts(page, f"{row} .cal-count") == [f"{len(expected)} of 13"]
        assert texts(page, f"{row} .cal-pile") == [f"pile {obs['pile_sizes'][seat]}"]
        done = obs["completed"][seat]
        assert texts(page, f"{row} .cal-done") == ([f"calypsos: {done}"] if done else [])
        voids = obs["voids"][seat]
        symbols = " ".join("♠♥♦♣"["SHDC".index(s)] for s in voids)
        assert texts(page, f"{row} .cal-void") == ([f"void: {symbols}"] if voids else [])
        # The seats' badges: cards in hand, the side, the partner.
        chip = f'.seat-chip[data-seat="{seat}"]'
        count = obs["hand_sizes"][seat]
        assert texts(page, f"{chip} .cal-cards") == [
            f"{count} card in hand" if count == 1 else f"{count} cards in hand"
        ]
        assert texts(page, f"{chip} .side-tag") == [f"Seats {seat % 2 + 1} + {seat % 2 + 3}"]
        assert texts(page, f"{chip} .cal-tag") == (["Partner"] if seat == (me + 2) % 4 else [])
        # Places round the table: the viewer at the bottom, then clockwise in play order.
        spot = f'.cal-spot[data-seat="{seat}"]'
        assert attrs(page, spot, "data-place") == [PLACES[(seat - me) % 4]]
    for side in (0, 1):
        tr = f'table.cal-teams tr[data-side="{side}"]'
        assert texts(page, f"{tr} .cal-total") == [str(obs["scores"][side])]
        assert texts(page, f"{tr} .cal-round-points") == [
            str(obs["points"][side] + obs["points"][side + 2])
        ]
    # The facts fold away: unfolded once, they stay open over the redraws.
    if page.get_attribute(".cal-about", "open") is None:
        page.click(".cal-about summary")
    about = page.inner_text(".cal-about")
    assert rule_words(obs["trick_rule"]) in about
    assert f"round {obs['round']} of {obs['rounds']}, deal {obs['deal']} of 4" in about
    assert f"Undealt\n{obs['undealt']}" in about or f"Undealt\t{obs['undealt']}" in about
    # The hand: the player's own suit first, the rest as the server sorts it.
    own = obs["suits"][me]
    hand = obs["hand"]
    assert attrs(page, "#hand button.hand-card", "data-card") == [
        c for c in hand if c[-1] == own
    ] + [c for c in hand if c[-1] != own]
    # The trick: the cards played so far at their seats; between tricks, the last one.
    if obs["trick"]:
        assert page.inner_text(".cal-trick h3") == "Trick"
        plays = {p["seat"]: p["card"] for p in obs["trick"]}
        for seat in range(4):
            cards = attrs(page, f'.cal-spot[data-seat="{seat}"] [data-card]', "data-card")
            assert cards == ([plays[seat]] if seat in plays else [])
        assert page.inner_text(".cal-led").startswith("Led: ")
        return "trick"
    last = obs["last_trick"]
    if last is None:
        tricks = [e for e in events if e["type"] == "trick"]
        if not tricks:
            assert page.query_selector(".cal-trick.last") is None
            return "none"
        event = tricks[-1]
        last = {
            "cards": [
                {"seat": s, "card": c}
                for s, c in zip(event["data"]["seats"], event["data"]["cards"], strict=True)
            ],
            "winner": event["seat"],
            "reason": event["data"]["reason"],
        }
    assert page.inner_text(".cal-trick h3") == "Last trick"
    for play in last["cards"]:
        assert attrs(page, f'.cal-spot[data-seat="{play["seat"]}"] [data-card]', "data-card") == [
            play["card"]
        ]
    assert attrs(page, ".cal-spot.winner", "data-seat") == [str(last["winner"])]
    assert page.inner_text(".cal-why") == f"{shown[last['winner']]}: {reason_words(last['reason'])}"
    return "last"


def test_the_board_shows_the_calypsos_the_trick_and_the_last_trick(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium, viewport=(1280, 800)) as made:
        page = made.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        sign_in(page, base, "Ann")
        table = start_table(page, base, "calypso", SEATS)["table"]["id"]
        page.goto(f"{base}/t/{table}")
        seat = BrowserSeat(page, frames, random.Random(5))
        seat.wait_for_view()
        seen: set[str] = set()
        # Turn after turn until both a trick under way and a last trick were checked.
        while seat.moves_made < 40 and not {"trick", "last"} <= seen:
            seat.wait_turn_or_end()
            view = seat.view()
            assert view is not None and view["seat"] == 0
            page.wait_for_selector("#status strong")

            def check(view: dict[str, Any] = view) -> None:
                seen.add(check_board(page, view, events_of(frames)))

            eventually(check, page)
            # The highest card, a trump of its own suit first: a seat playing at random against
            # three rules bots may take no trick in 40 (about one game in fifty), and only a
            # trick it takes lets it lead with the last trick on the board.
            obs = view["observation"]
            seat.play_one("clicks", pick=strongest(obs["suits"][0], leading=not obs["trick"]))
        assert {"trick", "last"} <= seen, seen
        assert errors == []


def test_the_scoring_sheet_after_the_round(chromium: Browser, cardtable_server: Served) -> None:
    base = cardtable_server.base
    with context(chromium, viewport=(1280, 800)) as made:
        page = made.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        sign_in(page, base, "Ann")
        table = start_table(page, base, "calypso", SEATS)["table"]["id"]
        page.goto(f"{base}/t/{table}")
        seat = BrowserSeat(page, frames, random.Random(7))
        seat.wait_for_view()
        assert page.query_selector("#tab-sheet") is None  # no sheet before a round is scored
        seat.play_out(by="keys")
        record = page.request.get(f"{base}/api/tables/{table}/record").json()
        state = from_record(record)
        rounds = [e for e in state.events_for(0) if e.type == "round over"]
        assert len(rounds) == 1
        data = rounds[0].data
        page.wait_for_selector("#result table.cal-sheet")
        for where in ("#result", "#side"):
            if where == "#side":
                page.click("#tab-sheet")
            sheet = f"{where} table.cal-sheet"
            page.wait_for_selector(sheet)
            assert page.inner_text(f"{sheet} caption") == f"Round {data['round']}: the scoring"
            for row in data["seats"]:
                tr = f'{sheet} tr[data-seat="{row["seat"]}"]'
                cells = texts(page, f"{tr} td")
                count = row["calypsos"]
                assert cells == [
                    f"{row['calypso_points']}{count} calypso{'' if count == 1 else 's'}",
                    f"{row['in_progress_points']}{row['in_progress']} × 20",
                    f"{row['pile_points']}{row['pile']} × 10",
                    str(row["points"]),
                ]
            for side in (0, 1):
                tr = f'{sheet} tr[data-side="{side}"]'
                assert texts(page, f"{tr} th") == [f"Seats {side + 1} + {side + 3}"]
                assert texts(page, f"{tr} td") == [
                    f"{data['sides'][side]} (total {data['totals'][side]})"
                ]
        # The board's totals are the game's.
        assert texts(page, "table.cal-teams .cal-total") == [str(t) for t in data["totals"]]
        assert errors == []


#: ASCII words a Japanese board may show: the player's name, the bots' level (their names),
#: and the trick rule's typed name (kept in Latin letters, as one types it).
ASCII_OK = {"Ann", "medium", "standard"}
WORD = re.compile(r"[A-Za-z]{3,}")


def test_a_japanese_phone_shows_the_trick_as_a_square_and_no_english(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium, locale="ja-JP", viewport=(390, 844)) as made:
        page = made.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        sign_in(page, base, "Ann", language="ja")
        table = start_table(page, base, "calypso", SEATS)["table"]["id"]
        page.goto(f"{base}/t/{table}")
        seat = BrowserSeat(page, frames, random.Random(3))
        seat.wait_for_view()
        # A few tricks in: piles, voids and a trick on the table show their words.
        while seat.moves_made < 6:
            seat.wait_turn_or_end()
            # Keys: on a phone the hand's cards overlap, and a click at a card's centre would
            # land on its neighbour.
            seat.play_one("keys")
        seat.wait_turn_or_end()
        page.wait_for_selector("#status strong")
        board = page.inner_text("#board")
        assert "トリックのルール" in board and "カリプソ" in board
        left = sorted(
            {w for w in WORD.findall(board + page.inner_text(".seats")) if w not in ASCII_OK}
        )
        assert not left, left
        # Nothing wider than the phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # The trick as a 2 x 2 square, clockwise: you bottom left, the next seat above you,
        # your partner top right (across from you), the last seat bottom right.
        box = {int(s): page.locator(f'.cal-spot[data-seat="{s}"]').bounding_box() for s in range(4)}
        assert all(b is not None for b in box.values())
        x = {s: round(b["x"]) for s, b in box.items() if b}
        y = {s: round(b["y"]) for s, b in box.items() if b}
        assert x[0] == x[1] < x[2] == x[3]
        assert y[1] == y[2] < y[0] == y[3]
        assert errors == []
