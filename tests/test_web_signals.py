"""The signals of online play (issue 25): the tab's title says when it is your turn, and the
moment it becomes your turn fires a signal (a generated tone unless muted, seen by a test as the
``cardtable:signal`` event and ``data-last-signal``); the mute switch is remembered across a
reload; people leaving and coming back are put in words. First the ``Signals`` module on its
own, then a real table where the turn comes to a person.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from browser_harness import FrameLog, Served, console_errors, context
from browser_play import BrowserSeat, eventually, sign_in, start_table

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]

#: Runs in the page: a Signals for Cribbage fed a few views; what the page showed after each.
FEED = """async (views) => {
    const { Signals } = await import("/static/js/signals.js");
    const signals = new Signals("Cribbage");
    const fired = [];
    window.addEventListener("cardtable:signal", (e) => fired.push(e.detail));
    const seen = [];
    let previous = null;
    for (const view of views) {
        signals.onView(view, previous);
        previous = view;
        seen.push({
            title: document.title,
            last: document.documentElement.dataset.lastSignal || null,
            fired: fired.length,
        });
    }
    signals.dispose();
    return { seen, fired, after: document.title };
}"""


def a_view(ply: int, to_move: int, seat: int | None = 0, legal: int = 1) -> dict[str, Any]:
    """The parts of a view the signals read."""
    return {"ply": ply, "seat": seat, "to_move": to_move, "legal": [{}] * legal}


def on_a_page(page: Page, base: str, name: str = "Ann") -> None:
    sign_in(page, base, name)
    page.goto(base + "/")
    page.locator("#new-table").wait_for()


def test_the_title_and_the_signal_follow_the_turn(page: Page, cardtable_server: Served) -> None:
    on_a_page(page, cardtable_server.base)
    errors = console_errors(page)
    views = [
        a_view(4, 0),  # the first view: it is already my turn; the page was just opened
        a_view(5, 1, legal=0),  # the other player's turn
        a_view(6, 0),  # my turn again: a signal
        a_view(6, 0),  # the same view sent again (a reconnect): no second signal
        a_view(7, 1, legal=0),
        a_view(8, 1, seat=None),  # a spectator is never signalled
    ]
    shown = page.evaluate(FEED, views)
    mine, quiet = "● Your turn – Cribbage", "Cribbage – cardtable"
    assert [s["title"] for s in shown["seen"]] == [mine, quiet, mine, mine, quiet, quiet]
    assert [s["fired"] for s in shown["seen"]] == [0, 0, 1, 1, 1, 1]
    assert shown["seen"][2]["last"] == "turn:6"
    assert shown["fired"] == [
        {"kind": "turn", "ply": 6, "sound": True, "vibrate": True, "notify": False}
    ]
    assert shown["after"] == quiet
    assert errors == []


def test_muting_is_remembered_and_silences_the_tone(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium) as made:
        page = made.new_page()
        on_a_page(page, base)
        draw = """async () => {
            const { Signals } = await import("/static/js/signals.js");
            document.body.append(new Signals("Cribbage").controls());
        }"""
        page.evaluate(draw)
        mute = page.get_by_role("group", name="Signals").get_by_role("button", name="Mute")
        assert mute.get_attribute("aria-pressed") == "false"
        # The browser has not been asked about notifications yet: the page offers to.
        assert page.get_by_role("button", name="Notify me").count() == 1
        mute.click()
        assert mute.get_attribute("aria-pressed") == "true"
        assert page.evaluate("localStorage.getItem('cardtable.mute')") == "1"
        page.reload()
        page.locator("#new-table").wait_for()
        page.evaluate(draw)
        assert mute.get_attribute("aria-pressed") == "true"
        shown = page.evaluate(FEED, [a_view(1, 1, legal=0), a_view(2, 0)])
        assert shown["fired"] == [
            {"kind": "turn", "ply": 2, "sound": False, "vibrate": False, "notify": False}
        ]
        mute.click()
        assert page.evaluate("localStorage.getItem('cardtable.mute')") == "0"


def test_a_browser_that_allowed_notifications_is_not_asked_again(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium, permissions=["notifications"]) as made:
        page = made.new_page()
        on_a_page(page, base)
        page.evaluate(
            """async () => {
                const { Signals } = await import("/static/js/signals.js");
                document.body.append(new Signals("Cribbage").controls());
            }"""
        )
        assert page.evaluate("Notification.permission") == "granted"
        assert page.get_by_role("button", name="Mute").count() == 1
        assert page.get_by_role("button", name="Notify me").count() == 0
        # With the tab hidden, the turn comes as a notification too.
        page.evaluate(
            """() => {
                Object.defineProperty(document, "hidden", { value: true, configurable: true });
                window.__notices = [];
                const Real = window.Notification;
                window.Notification = class extends Real {
                    constructor(title, options) {
                        super(title, options);
                        window.__notices.push([title, options.body, options.tag]);
                    }
                };
            }"""
        )
        turn = a_view(3, 0)
        turn["status"] = "Your turn: play a card."
        shown = page.evaluate(FEED, [a_view(2, 1, legal=0), turn])
        assert shown["fired"] == [
            {"kind": "turn", "ply": 3, "sound": True, "vibrate": True, "notify": True}
        ]
        assert page.evaluate("window.__notices") == [
            ["Your turn – Cribbage", "Your turn: play a card.", "cardtable-turn"]
        ]


def test_people_leaving_and_coming_back_are_put_in_words(
    page: Page, cardtable_server: Served
) -> None:
    on_a_page(page, cardtable_server.base)

    def p(kind: str, name: str, online: bool) -> dict[str, Any]:
        return {"kind": kind, "name": name, "online": online}

    before = [
        p("human", "Ann", True),
        p("human", "Bob", True),
        p("human", "Cy", False),
        p("bot", "easy bot", True),
        p("open", "", False),
        p("human", "Di", True),
    ]
    after = [
        p("human", "Ann", True),
        p("human", "Bob", False),
        p("human", "Cy", True),
        p("bot", "easy bot", True),
        p("human", "Ed", True),
        p("bot", "medium bot", True),
    ]
    names = [seat["name"] for seat in after]
    lines = page.evaluate(
        """async ([before, after, names]) => {
            const { Signals } = await import("/static/js/signals.js");
            return new Signals("Cribbage").presenceLines(before, after, (seat) => names[seat]);
        }""",
        [before, after, names],
    )
    # Bob went away, Cy came back; a bot is no person; Ed sat down (not "back"); Di's seat was
    # handed to a bot: Di left.
    assert lines == ["Bob left the table", "Cy is back", "Di left the table"]


def test_at_a_table_the_title_says_when_it_becomes_your_turn(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium) as made:
        page = made.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        sign_in(page, base, "Ann")
        table = start_table(page, base, "cribbage", ["open", "easy"], {"target": 61}, bot_pause=0.2)
        page.goto(f"{base}/t/{table['table']['id']}")
        page.evaluate(
            """() => {
                window.__signals = [];
                window.addEventListener("cardtable:signal", (e) => window.__signals.push(e.detail));
            }"""
        )
        seat = BrowserSeat(page, frames, random.Random(3))
        seat.wait_for_view()
        # Play until the turn has come back to Ann from the bot at least once.
        while not page.evaluate("window.__signals.length") and not seat.over():
            if seat.my_turn():
                seat.play_one("clicks")
            else:
                page.wait_for_timeout(50)

        def titled() -> None:
            expected = "● Your turn – Cribbage" if seat.my_turn() else "Cribbage – cardtable"
            assert page.title() == expected

        eventually(titled, page)
        fired = page.evaluate("window.__signals")
        assert fired[0]["kind"] == "turn" and fired[0]["sound"] is True
        last = page.evaluate("document.documentElement.dataset.lastSignal")
        assert last == f"turn:{fired[-1]['ply']}"
        # The table's mute switch is remembered across a reload.
        mute = page.get_by_role("group", name="Signals").get_by_role("button", name="Mute")
        assert mute.get_attribute("aria-pressed") == "false"
        mute.click()
        page.reload()
        seat.wait_for_view()
        assert mute.get_attribute("aria-pressed") == "true"
        assert errors == []
