"""axe-core on the browser's pages (issue 25): the lobby, the rules, a table of each game at its
start, part-way through the first deal and at the end, and the replay of a finished game. A
violation of impact "critical" or "serious" fails the test, named by its rule and the elements it
was found on.

The games are played out by the keyboard (digits or arrows for a card, Enter), a guest against
medium bots that move at once.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from browser_harness import FrameLog, Served, context
from browser_play import BrowserSeat, sign_in, start_table

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]

GAMES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "calypso": ({}, ["open", "medium", "medium", "medium"]),
    "cribbage": ({}, ["open", "medium"]),
    "kloepper": ({}, ["open", "medium", "medium", "medium"]),
    # One hand is a whole game of Krypkasino: its end comes sooner.
    "krypkasino": ({"players": 3, "deals": 1}, ["open", "medium", "medium"]),
}
GRAVE = ("critical", "serious")


def grave(page: Page, where: str) -> list[str]:
    """axe-core's critical and serious violations on the page as it is now, one line each:
    where, the impact, the rule and the elements (their CSS selectors)."""
    found = Axe().run(page).response["violations"]
    return [
        f"{where}: {v['impact']} {v['id']} at {[n['target'] for n in v['nodes']][:6]}"
        for v in found
        if v["impact"] in GRAVE
    ]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_from_start_to_end(chromium: Browser, cardtable_server: Served, game: str) -> None:
    base = cardtable_server.base
    options, seats = GAMES[game]
    found: list[str] = []
    with context(chromium) as made:
        page = made.new_page()
        frames = FrameLog(page)
        sign_in(page, base, "Ann")
        table = start_table(page, base, game, seats, options)["table"]["id"]
        page.goto(f"{base}/t/{table}")
        seat = BrowserSeat(page, frames, random.Random(3))
        seat.wait_turn_or_end()
        page.wait_for_selector("#hand button.hand-card")
        page.wait_for_timeout(400)  # the cards' arrival
        found += grave(page, f"{game} at its start")
        for _ in range(3):
            seat.play_one("keys")
            seat.wait_turn_or_end()
        page.wait_for_timeout(400)
        found += grave(page, f"{game} mid-deal")
        seat.play_out(by="keys")
        page.wait_for_selector("#result .final-score")
        page.wait_for_timeout(400)
        found += grave(page, f"{game} at the end")
        if game == "cribbage":
            page.goto(f"{base}/replay/{table}")
            page.wait_for_selector("#app [data-card]")
            found += grave(page, "the replay")
    assert found == [], "\n".join(found)


def test_the_lobby_and_the_rules(chromium: Browser, cardtable_server: Served) -> None:
    base = cardtable_server.base
    found: list[str] = []
    with context(chromium) as made:
        page = made.new_page()
        page.goto(base + "/")
        page.wait_for_selector("#guest-name")
        found += grave(page, "the lobby before a name")
        page.fill("#guest-name", "Ann")
        page.click("form.guest button[type=submit]")
        page.wait_for_selector("#create")
        found += grave(page, "the lobby")
        for game in GAMES:
            page.goto(f"{base}/rules/{game}")
            page.wait_for_selector("#app h1, #app h2")
            found += grave(page, f"the rules of {game}")
    assert found == [], "\n".join(found)
