"""The review on the browser's replay page (issue 26): asked for with a button, shown as the
server words it, each line a way to the move it speaks of."""

from __future__ import annotations

import random

from playwright.sync_api import Browser

from browser_harness import Served, console_errors, context, run_async
from browser_play import eventually, sign_in, texts
from server_harness import Player

pytest_plugins = ["browser_harness"]


async def _finished(base: str) -> str:
    """A Cribbage game to 61 that a guest played out at random against the rules bot."""
    ann = await Player(base, "Ann").guest()
    made = await ann.post(
        "/api/tables", {"game": "cribbage", "options": {"target": 61}, "seats": ["open", "rules"]}
    )
    table: str = made.json()["table"]["id"]
    await ann.connect(table)
    assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
    await ann.play_out(random.Random(5))
    await ann.close()
    return table


def test_the_replay_page_shows_the_review(chromium: Browser, cardtable_server: Served) -> None:
    base = cardtable_server.base
    with context(chromium, viewport=(1280, 800)) as made:
        page = made.new_page()
        errors = console_errors(page)
        sign_in(page, base, "Bea")
        table = run_async(_finished(base))
        page.goto(f"{base}/replay/{table}")
        page.wait_for_selector("#review-start")
        assert page.input_value("#review-seat") == "0"
        page.click("#review-start")
        page.wait_for_function(
            "() => document.querySelector('#review-summary').textContent"
            ".startsWith('The expert weighed')"
        )
        review = page.request.get(f"{base}/api/tables/{table}/review?seat=0").json()
        assert review["status"] == "done" and review["lines"]
        assert texts(page, "#review-summary") == [review["summary"]]
        assert texts(page, "#review-lines li") == [line["text"] for line in review["lines"]]
        # A line shows the move it speaks of, as the reviewed seat saw it, before the move.
        last = review["lines"][-1]
        page.click(f"#review-lines li:nth-child({len(review['lines'])}) button")

        def at_the_move() -> None:
            counter = page.inner_text("#replay-counter")
            assert counter.startswith(f"Move {last['ply']} of "), counter

        eventually(at_the_move, page)
        assert page.input_value("#replay-seat") == "0"
        assert errors == []
