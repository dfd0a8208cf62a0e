"""The ratings' pages in Debian's Chromium: a player's page with its history drawn as an SVG
chart, a game's leaderboard with the bots apart, the lobby's links, and the table form's
Rated game checkbox."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from browser_harness import Served, console_errors
from browser_play import sign_in, texts

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytest_plugins = ["browser_harness"]

WHEN = "2026-11-0{day} 10:00:00.000000"


def _seed(served: Served, user_id: str) -> None:
    """Ratings as six rated games would leave them: the player's, with three points of
    history, and a bot's."""
    rows = [(user_id, 29.5, 6.9, 6, 4), ("bot:expert", 27.0, 6.5, 6, 2)]
    with sqlite3.connect(served.folder / "server.db") as db:
        db.executemany(
            "INSERT INTO ratings (player, game, mu, sigma, games, wins, updated_at) "
            "VALUES (?, 'cribbage', ?, ?, ?, ?, '2026-11-03 10:00:00')",
            rows,
        )
        history = [
            (f"T{n}", user_id, 1 if won else 2, won, mu, sigma, mu2, sigma2, WHEN.format(day=n))
            for n, won, mu, sigma, mu2, sigma2 in [
                (1, True, 25.0, 8.33, 27.6, 8.07),
                (2, False, 27.6, 8.07, 26.1, 7.7),
                (3, True, 26.1, 7.7, 29.5, 6.9),
            ]
        ]
        db.executemany(
            "INSERT INTO rating_changes (table_id, player, game, seat, place, won, left, "
            "mu_before, sigma_before, mu_after, sigma_after, at) "
            "VALUES (?, ?, 'cribbage', 0, ?, ?, 0, ?, ?, ?, ?, ?)",
            history,
        )


def test_a_players_page_draws_their_history_and_the_board_lists_them(
    page: Page, cardtable_server: Served
) -> None:
    errors = console_errors(page)
    base = cardtable_server.base
    sign_in(page, base, "Ann")
    user_id = page.request.get(f"{base}/api/me").json()["id"]
    _seed(cardtable_server, user_id)

    page.goto("/")
    page.get_by_role("link", name="Your ratings").click()
    page.wait_for_selector("svg.rating-chart")
    assert texts(page, "h1") == ["Ann"]
    chart = page.locator("svg.rating-chart")
    assert chart.get_attribute("role") == "img"
    assert page.locator("svg.rating-chart circle").count() == 3
    assert chart.locator("desc").text_content() == (
        "From 3.4 to 8.8 over 3 rated games; lowest 3.0, highest 8.8."
    )
    assert "8.8 (± 6.9)" in (page.locator("main").text_content() or "")
    assert [a.get_attribute("href") for a in page.locator("main li a").all()] == [
        "/replay/T3",
        "/replay/T2",
        "/replay/T1",
    ]

    page.get_by_role("link", name="Leaderboard", exact=True).click()
    page.wait_for_selector("table.leaderboard >> nth=1")
    boards = page.locator("table.leaderboard")
    assert boards.nth(0).locator("tbody th").all_text_contents() == ["Ann"]
    assert boards.nth(1).locator("tbody th").all_text_contents() == ["expert"]
    assert errors == []


def test_the_table_form_makes_a_rated_table(page: Page, cardtable_server: Served) -> None:
    base = cardtable_server.base
    sign_in(page, base, "Bob")
    page.goto("/")
    page.locator("#rated").check()
    page.locator("#create").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    assert page.request.get(f"{base}/api/tables/{table_id}").json()["rated"] is True
