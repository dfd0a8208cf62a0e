"""The lobby tells the truth and its form offers what the server has (issue 25): a speed (no
clock, a clock with bank and increment, turn-based) and the bots' pause reach the server;
"List it in the lobby" is off and disabled while every other seat is a bot; a seat a bot keeps
is found in the lobby and taken back; an open table shows its options in words, its age and who
is there, and its creator may start it from the lobby once it is full.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from browser_harness import Served, console_errors, context
from browser_play import eventually, sign_in, texts

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Request

pytest_plugins = ["browser_harness"]


def made_tables(page: Page) -> list[dict[str, Any]]:
    """A list that fills with the bodies of the page's POST /api/tables."""
    bodies: list[dict[str, Any]] = []

    def on_request(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/api/tables"):
            bodies.append(json.loads(request.post_data or "{}"))

    page.on("request", on_request)
    return bodies


def create_in_form(page: Page, base: str) -> str:
    """Press "Create the table"; the new table's id (the page goes to it)."""
    page.click("#create")
    page.wait_for_url(f"{base}/t/*")
    return page.url.rsplit("/", 1)[1]


def test_the_speed_and_the_bots_pause_reach_the_server(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium) as made:
        page = made.new_page()
        errors = console_errors(page)
        bodies = made_tables(page)
        sign_in(page, base, "Ann")
        page.goto(base + "/")
        page.check("#game-cribbage")
        # Every other seat a bot: nobody could join, so the table is not listed.
        assert page.input_value("#seat-1") == "medium"
        assert page.is_disabled("#listed") and not page.is_checked("#listed")
        assert texts(page, "#listed-help") == [
            "Every other seat is a bot: there is no seat for anyone to take."
        ]
        page.select_option("#seat-1", "open")
        assert page.is_enabled("#listed") and page.is_checked("#listed")
        page.select_option("#seat-1", "easy")
        assert page.is_disabled("#listed") and not page.is_checked("#listed")
        # The bots' pause: the server's default is preselected.
        assert page.input_value("#bot-pause") == "0.6"
        assert texts(page, "#bot-pause option") == [
            "None",
            "Short (0.3 s)",
            "Normal (0.6 s)",
            "Slow (1.5 s)",
        ]
        # A clock of 5 minutes and 2 seconds a move, bots pausing 1.5 s.
        assert page.is_checked("#speed-none") and page.locator("#clock-bank").count() == 0
        page.check("#speed-clock")
        page.select_option("#clock-bank", "5")
        page.select_option("#clock-increment", "2")
        page.select_option("#bot-pause", "1.5")
        table = create_in_form(page, base)
        assert bodies[-1]["clock"] == {"bank": 300, "increment": 2}
        assert bodies[-1]["bot_pause"] == 1.5 and bodies[-1]["listed"] is False
        assert bodies[-1]["seats"] == ["open", "easy"]
        summary = page.request.get(f"{base}/api/tables/{table}").json()
        assert summary["clock"] == {"bank": 300, "increment": 2}
        assert summary["turn_based"] is False

        # Turn-based: a move may take days; the table is never closed as abandoned.
        page.goto(base + "/")
        page.check("#game-cribbage")
        page.check("#speed-turn")
        assert texts(page, "#turn-days option") == [
            "1 day",
            "2 days",
            "3 days",
            "7 days",
            "14 days",
        ]
        page.select_option("#turn-days", "2")
        table = create_in_form(page, base)
        assert bodies[-1]["clock"] == {"per_move": 2 * 86400}
        assert bodies[-1]["turn_based"] is True and bodies[-1]["bot_pause"] == 0.6
        summary = page.request.get(f"{base}/api/tables/{table}").json()
        assert summary["clock"] == {"per_move": 172800}
        assert summary["turn_based"] is True
        assert errors == []


def test_bot_levels_show_their_label_and_no_settings(page: Page, cardtable_server: Served) -> None:
    base = cardtable_server.base
    sign_in(page, base, "Ann")
    page.goto("/")
    for game in ("calypso", "cribbage", "kloepper", "krypkasino"):
        page.check(f"#game-{game}")
        shown = texts(page, "#seat-1 option")
        assert shown[0] == "a person (open seat)"
        assert all(text.startswith("bot: ") for text in shown[1:]), shown
        tips = page.eval_on_selector_all("#seat-1 option[title]", "os => os.map(o => o.title)")
        # A tooltip explains a level in words, never the bot's internal settings.
        assert not [tip for tip in tips if "=" in tip or tip in ("random", "rules")], tips


def test_a_seat_a_bot_keeps_is_taken_back_from_the_lobby(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium) as first, context(chromium) as second:
        ann, bea = first.new_page(), second.new_page()
        errors = console_errors(bea)
        sign_in(ann, base, "Ann")
        sign_in(bea, base, "Bea")
        made = ann.request.post(
            f"{base}/api/tables",
            data={"game": "cribbage", "options": {"target": 61}, "seats": ["open", "open"]},
        )
        assert made.ok, made.text()
        table = made.json()["table"]["id"]
        assert bea.request.post(f"{base}/api/tables/{table}/sit", data={}).ok
        assert ann.request.post(f"{base}/api/tables/{table}/start", data={}).ok
        # Bea never came to the table: Ann hands her seat to a bot.
        handed = ann.request.post(f"{base}/api/tables/{table}/seats/1/bot", data={"bot": "easy"})
        assert handed.ok, handed.text()

        bea.goto(base + "/")
        entry = bea.locator(f"#my-tables li[data-table='{table}']")
        entry.get_by_text("A bot is playing your seat.").wait_for()
        entry.get_by_role("button", name="Take my seat back").click()
        bea.wait_for_url(f"{base}/t/{table}")
        summary = bea.request.get(f"{base}/api/tables/{table}").json()
        assert summary["your_seat"] == 1 and summary["held_for_you"] is None
        assert [s["name"] for s in summary["seats"]] == ["Ann", "Bea"]
        # Back in the lobby, the game is hers again, with whose turn it is.
        bea.goto(base + "/")
        entry = bea.locator(f"#my-tables li[data-table='{table}']")
        entry.wait_for()
        assert entry.get_by_role("button", name="Take my seat back").count() == 0
        assert entry.locator(".badge, .whose-turn").count() == 1
        assert errors == []


def test_an_open_table_shows_its_options_age_and_people_and_its_creator_starts_it(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium) as first, context(chromium) as second:
        ann, bea = first.new_page(), second.new_page()
        ann_errors, bea_errors = console_errors(ann), console_errors(bea)
        sign_in(ann, base, "Ann")
        sign_in(bea, base, "Bea")
        made = ann.request.post(
            f"{base}/api/tables",
            data={
                "game": "cribbage",
                "options": {"target": 61, "muggins": True},
                "seats": ["open", "open"],
                "listed": True,
            },
        )
        assert made.ok, made.text()
        table = made.json()["table"]["id"]
        # Ann waits at her table, so it is listed with her there.
        ann.goto(f"{base}/t/{table}")
        ann.locator(".waiting-seats").wait_for()

        bea.goto(base + "/")
        entry = bea.locator(f"#open-tables li[data-table='{table}']")
        entry.wait_for()
        listed = bea.request.get(f"{base}/api/lobby").json()
        mine = next(t for t in listed["open"] if t["id"] == table)
        # The options in words, as the server wrote them.
        assert mine["options_text"] and all(": " in line for line in mine["options_text"])
        assert texts(bea, f"#open-tables li[data-table='{table}'] .options-text") == [
            " · ".join(mine["options_text"])
        ]
        for key in ("target", "muggins", "True", "true"):
            assert key not in " ".join(mine["options_text"])
        assert texts(bea, f"#open-tables li[data-table='{table}'] .age") == ["now"]
        assert texts(bea, f"#open-tables li[data-table='{table}'] .present") == ["Here now: Ann"]

        # The lobby is asked again every 4 s; an unchanged lobby keeps the keyboard's focus.
        entry.get_by_role("button", name="Join").focus()
        bea.wait_for_timeout(4500)
        assert bea.evaluate("document.activeElement.textContent") == "Join"
        entry.get_by_role("button", name="Join").click()
        bea.wait_for_url(f"{base}/t/{table}")
        # Every seat taken: the creator's lobby offers to start.
        ann.goto(base + "/")
        start = ann.locator(f"#open-tables li[data-table='{table}'] button.start")
        start.wait_for()
        assert start.inner_text() == "Start"
        start.click()
        ann.wait_for_url(f"{base}/t/{table}")
        eventually(
            lambda: _assert_status(ann, base, table, "playing"),
            ann,
        )
        assert ann_errors == [] and bea_errors == []


def _assert_status(page: Page, base: str, table: str, status: str) -> None:
    assert page.request.get(f"{base}/api/tables/{table}").json()["status"] == status


def test_ages_are_words_of_the_page_language(chromium: Browser, cardtable_server: Served) -> None:
    base = cardtable_server.base
    minute, day = 60_000, 86_400_000  # milliseconds
    script = """async (steps) => {
        // The page's own module (its versioned address), which knows the page's language.
        const app = document.querySelector('script[type="module"]').src;
        const { ago } = await import(new URL("lobby.js", app).href);
        const now = Date.parse("2026-11-24T12:00:00Z");
        return steps.map((ms) => ago(new Date(now - ms).toISOString(), now));
    }"""
    steps = [10_000, 5 * minute, 90 * minute, 3 * day, day]
    for locale, name, expected in (
        ("en-US", "Ann", ["now", "5 minutes ago", "2 hours ago", "3 days ago", "yesterday"]),
        ("ja-JP", "Aki", ["今", "5 分前", "2 時間前", "3 日前", "昨日"]),
    ):
        with context(chromium, locale=locale) as made:
            page = made.new_page()
            sign_in(page, base, name, language=locale[:2])
            page.goto(base + "/")
            page.locator("#new-table").wait_for()
            assert page.evaluate(script, steps) == expected


def test_a_listed_game_in_progress_can_be_watched(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium) as first, context(chromium) as second:
        ann, dan = first.new_page(), second.new_page()
        errors = console_errors(dan)
        sign_in(ann, base, "Ann")
        sign_in(dan, base, "Dan")
        made = ann.request.post(
            f"{base}/api/tables",
            data={"game": "krypkasino", "options": {"players": 2}, "seats": ["open", "easy"]},
        )
        assert made.ok, made.text()
        unlisted = made.json()["table"]["id"]
        made = ann.request.post(
            f"{base}/api/tables",
            data={"game": "cribbage", "seats": ["open", "easy"], "listed": True},
        )
        assert made.ok, made.text()
        table = made.json()["table"]["id"]
        for started in (unlisted, table):
            assert ann.request.post(f"{base}/api/tables/{started}/start", data={}).ok

        dan.goto(base + "/")
        entry = dan.locator(f"#watch-tables li[data-table='{table}']")
        entry.wait_for()
        # Only a game that was listed may be watched from the lobby.
        assert dan.locator(f"#watch-tables li[data-table='{unlisted}']").count() == 0
        assert texts(dan, f"#watch-tables li[data-table='{table}'] .seat-names") == [
            "Ann, easy bot"
        ]
        entry.get_by_role("link", name="Watch").click()
        dan.wait_for_url(f"{base}/t/{table}")
        assert errors == []
