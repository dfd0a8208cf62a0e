"""Whole games in the browser (issue 16): one person against bots in each game, by taps and by
keys, in English and in Japanese, with a spectator watching and a reload half-way; the final
scores on the page equal the record's; the spectator never sees a hidden card; each page asks
for the table (``GET /api/tables/{id}``) once a load; the replay steps through the game. Runs
Debian's Chromium under Playwright (``tests/browser_harness.py``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from browser_harness import FrameLog, Served, console_errors, context, request_log
from browser_play import BrowserSeat, shown_cards, sign_in, start_table
from cardtable.engine import State
from cardtable.records import from_record

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]

#: (game, options, seats, browser locale): Cribbage to 61 keeps the game short.
GAMES = [
    ("calypso", {}, ["open", "medium", "medium", "medium"], "en-US"),
    ("cribbage", {"target": 61}, ["open", "medium"], "ja-JP"),
    ("kloepper", {"target": 10}, ["open", "medium", "medium", "medium"], "en-US"),
    ("krypkasino", {"players": 3, "deals": 2}, ["open", "medium", "medium"], "ja-JP"),
]

#: ASCII words a Japanese page may show: the brand, the language's own name, people's names.
ASCII_OK = {"cardtable", "English", "Ann", "Sam", "Bea", "Enter", "Esc"}
WORD = re.compile(r"[A-Za-z]{3,}")
#: Names the Japanese keeps in Latin letters (the rules cite Board Game Arena's Calypso).
PROPER = {"Board", "Game", "Arena"}


def english_left(page: Page, base: str) -> list[str]:
    """The English words on a Japanese page (card codes and numbers are not words). The
    options' typed names and values (``target``, ``schd``) are shown beside their Japanese
    labels on purpose, as the notation is: they are what one types on the command line."""
    catalog = page.request.get(f"{base}/api/catalog?language=ja").json()
    typed = {
        word
        for game in catalog["games"]
        for spec in game["options"]
        for value in [spec["name"], *(str(c["value"]) for c in spec["choices"] or ())]
        for word in WORD.findall(value)
    }
    text = page.inner_text("body")
    # The deal's commitment is hex digits, which may spell a "word" (bfefd): not English.
    for commitment in page.locator(".deal-commitment").all_inner_texts():
        text = text.replace(commitment, "")
    return sorted({w for w in WORD.findall(text) if w not in ASCII_OK | typed | PROPER})


def views(frames: FrameLog) -> list[dict[str, Any]]:
    out = []
    for frame in frames.received:
        message = json.loads(frame)
        if message.get("type") == "view":
            out.append(message)
    return out


def record_at(record: dict[str, Any], ply: int) -> State:
    """The game of ``record`` after its first ``ply`` moves."""
    cut = {k: v for k, v in record.items() if k not in ("result", "digest", "moves")}
    return from_record({**cut, "moves": record["moves"][:ply]})


CARD = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")


def public_cards(observation: dict[str, Any]) -> set[str]:
    """Every card named anywhere in an observation."""
    return set(CARD.findall(json.dumps(observation)))


@pytest.fixture(scope="module")
def finished(chromium: Browser, cardtable_server: Served) -> Iterator[dict[str, str]]:
    """The tables of the whole-game tests, by game, for the replay test."""
    yield {}


@pytest.mark.parametrize(("game", "options", "seats", "locale"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_against_bots(
    chromium: Browser,
    cardtable_server: Served,
    finished: dict[str, str],
    game: str,
    options: dict[str, Any],
    seats: list[str],
    locale: str,
) -> None:
    base = cardtable_server.base
    japanese = locale.startswith("ja")
    with (
        context(chromium, locale=locale, viewport=(1280, 800)) as mine,
        context(chromium, locale="en-US", viewport=(390, 844)) as theirs,
    ):
        page = mine.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        asked = request_log(page)
        # A new player names themself on the page; the page's language is the browser's.
        page.goto(base + "/")
        page.fill("#guest-name", "Ann")
        page.click("form.guest button[type=submit]")
        page.wait_for_selector("#new-table")
        if japanese:
            assert page.get_attribute("html", "lang") == "ja"
            assert not (left := english_left(page, base)), left
        made = start_table(page, base, game, seats, options)
        table = made["table"]["id"]
        page.goto(f"{base}/t/{table}")
        seat = BrowserSeat(page, frames, random.Random(16))
        seat.wait_for_view()

        # A spectator on a phone watches the public view.
        watcher = theirs.new_page()
        watcher_errors = console_errors(watcher)
        watcher_asked = request_log(watcher)
        watched = FrameLog(watcher)
        sign_in(watcher, base, "Sam")
        watcher.goto(f"{base}/t/{table}")
        BrowserSeat(watcher, watched, random.Random(0)).wait_for_view()

        # Half a dozen moves, then the page is reloaded: it reconnects and shows the same hand.
        while seat.moves_made < 6 and not seat.over():
            seat.wait_turn_or_end()
            if not seat.over():
                seat.play_one("clicks" if seat.moves_made % 2 else "keys")
        if japanese:
            assert not (left := english_left(page, base)), left
        before = (seat.view() or {})["observation"].get("hand")
        page.reload()
        page.wait_for_selector("#hand")
        seat.wait_for_view()
        assert (seat.view() or {})["observation"].get("hand") == before

        last = seat.play_out()
        assert last["status"] == "over"
        record = page.request.get(f"{base}/api/tables/{table}/record").json()
        state = from_record(record)
        assert state.is_over
        result = state.result or {}
        page.wait_for_selector("#result .final-score")
        shown = [
            int(td)
            for td in page.eval_on_selector_all(
                "#result .final-score", "tds => tds.map(td => td.textContent)"
            )
        ]
        assert shown == result["scores"]
        if japanese:
            assert not (left := english_left(page, base)), left

        # The spectator: each view it was sent is the public view of the game at that move,
        # and the page shows no card that view does not name.
        watcher.wait_for_selector("#result .final-score")
        seen = views(watched)
        assert seen and all(v["seat"] is None and v["legal"] == [] for v in seen)
        for view in seen[:: max(1, len(seen) // 15)] + seen[-1:]:
            at = record_at(record, view["ply"])
            assert view["observation"] == json.loads(json.dumps(at.observation(None)))
        final_public = public_cards(state.observation(None)) | set(
            CARD.findall(json.dumps([e.data for e in state.events_for(None)]))
        )
        assert set(shown_cards(watcher)) <= final_public
        assert set(CARD.findall(watcher.inner_text("body"))) <= final_public
        # The table's summary is asked once a load (the player's page loaded twice, with the
        # reload); every change of the whole game came in the views and presence frames.
        summary = f"{base}/api/tables/{table}"
        assert asked.count(summary) == 2 and watcher_asked.count(summary) == 1
        assert errors == [] and watcher_errors == []
    finished[game] = table


def test_the_replay_steps_through_a_game(
    chromium: Browser, cardtable_server: Served, finished: dict[str, str]
) -> None:
    if "cribbage" not in finished:
        pytest.skip("needs the whole Cribbage game of this module")
    base = cardtable_server.base
    table = finished["cribbage"]
    with context(chromium, viewport=(1280, 800)) as made:
        page = made.new_page()
        errors = console_errors(page)
        sign_in(page, base, "Bea")
        record = page.request.get(f"{base}/api/tables/{table}/record").json()
        total = len(record["moves"])
        page.goto(f"{base}/replay/{table}")
        page.wait_for_selector("#replay-counter")
        assert page.inner_text("#replay-counter") == f"Move 0 of {total}"
        page.click("#replay-forward")
        page.click("#replay-forward")
        page.wait_for_function(
            "() => document.querySelector('#replay-counter').textContent.startsWith('Move 2 ')"
        )
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "() => document.querySelector('#replay-counter').textContent.startsWith('Move 3 ')"
        )
        # The full record shows every hand: at move 3 of a two-player deal, the cards each
        # seat holds then.
        at = record_at(record, 3)
        hands = page.eval_on_selector_all(
            ".replay-hand",
            "hs => hs.map(h => [...h.querySelectorAll('[data-card]')]"
            ".map(c => c.getAttribute('data-card')))",
        )
        assert [sorted(h) for h in hands] == [sorted(at.observation(s)["hand"]) for s in range(2)]
        # One seat's view shows that seat's hand only.
        page.select_option("#replay-seat", "1")
        page.wait_for_function("() => document.querySelectorAll('.replay-hand').length === 1")
        one = page.eval_on_selector_all(
            ".replay-hand [data-card]", "cs => cs.map(c => c.getAttribute('data-card'))"
        )
        assert sorted(one) == sorted(at.observation(1)["hand"])
        page.keyboard.press("End")
        page.wait_for_function(
            "() => document.querySelector('#replay-counter').textContent"
            f" === 'Move {total} of {total}'"
        )
        assert "seat=1" in page.url and f"ply={total}" in page.url
        assert errors == []
