"""The Cribbage face in the browser: the peg board's pegs, the starter, the crib, the count, the
two-card discard's confirm button, the discard advisor, the counted hands with their calls, a
muggins claim, and a Japanese board with no English left. Every expected value is read from the
server's own view frames (or worked out in Python from them), never from the page."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from browser_harness import FrameLog, Served, console_errors, context
from cardtable.cards import parse_card
from cardtable.games.cribbage.analysis import advice_rows
from cardtable.games.cribbage.text import call
from cardtable.i18n import card_name

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytest_plugins = ["browser_harness"]

View = dict[str, Any]
CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")


class Table:
    """One seat's page at a table against bots, and what the server sent it."""

    def __init__(self, page: Page, frames: FrameLog) -> None:
        self.page = page
        self.frames = frames

    def messages(self, kind: str) -> list[dict[str, Any]]:
        out = []
        for frame in self.frames.received:
            message = json.loads(frame)
            if message.get("type") == kind:
                out.append(message)
        return out

    def view(self) -> View:
        views = self.messages("view")
        assert views, "no view yet"
        return views[-1]

    def events(self) -> list[dict[str, Any]]:
        """Every event so far (the views send them in pieces, numbered)."""
        by_index: dict[int, dict[str, Any]] = {}
        for view in self.messages("view"):
            for event in view["events"]:
                by_index[event["i"]] = event
        return [by_index[i] for i in sorted(by_index)]

    def ply(self) -> int:
        views = self.messages("view")
        return views[-1]["ply"] if views else -1

    def my_turn(self) -> bool:
        view = self.view()
        return (
            view["status"] == "playing"
            and view["to_move"] == view["seat"]
            and self.page.locator("#actions .hint-button").count() > 0
        )

    def act(self, claim: int = 0) -> None:
        """Make one move by the page's own controls (the first card that may go)."""
        view = self.view()
        obs = view["observation"]
        phase = obs["phase"]
        page = self.page
        page.keyboard.press("Escape")
        cards = page.locator("#hand button.hand-card:not(.dimmed)")
        if phase == "discard":
            if obs["players"] == 2:
                cards.nth(0).click()
                cards.nth(1).click()
                page.locator("#actions button.move").click()
            else:
                cards.nth(0).click()
                cards.nth(0).click()
        elif phase == "play":
            cards.nth(0).click()
            cards.nth(0).click()
        elif phase == "claim":
            page.locator("#number-move").select_option(f"claim {claim}")
            page.locator(".number-move button").click()
        else:
            page.locator('#actions button.move[data-move="pass"]').click()
        ply = view["ply"]
        self.frames.wait_for(lambda _: self.ply() > ply)

    def play_until(self, done: Callable[[View], bool], timeout: float = 25) -> View:
        """Play (with the bots) until ``done(view)`` holds."""
        deadline = self.page.evaluate("Date.now()") + timeout * 1000
        while not done(self.view()):
            assert self.view()["status"] == "playing", "the game ended first"
            assert self.page.evaluate("Date.now()") < deadline, "took too long"
            if self.my_turn():
                self.act()
            else:
                self.page.wait_for_timeout(50)
        # The page draws a view as it arrives; give it that moment.
        self.page.wait_for_timeout(100)
        return self.view()


@contextmanager
def table(
    page: Page, options: dict[str, Any], players: int = 2, language: str = "en"
) -> Iterator[Table]:
    frames = FrameLog(page)
    answer = page.request.post("/api/guest", data={"name": "Ann", "language": language})
    assert answer.ok, answer.text()
    seats = ["open"] + ["medium"] * (players - 1)
    made = page.request.post(
        "/api/tables", data={"game": "cribbage", "options": options, "seats": seats}
    )
    assert made.ok, made.text()
    table_id = made.json()["table"]["id"]
    assert page.request.post(f"/api/tables/{table_id}/start").ok
    page.goto(f"/t/{table_id}")
    page.wait_for_selector(".peg-board")
    frames.wait_for(lambda received: any('"type":"view"' in f.replace(" ", "") for f in received))
    yield Table(page, frames)


def pegs_shown(page: Page) -> list[tuple[int, int]]:
    sides = page.locator(".peg-side")
    return [
        (
            int(sides.nth(i).get_attribute("data-score") or -1),
            int(sides.nth(i).get_attribute("data-back") or -1),
        )
        for i in range(sides.count())
    ]


def assert_counted(hands: Locator, counted: list[dict[str, Any]]) -> None:
    """Each shown hand is the counted one: its seat, what it is, its points, its calls."""
    for i, e in enumerate(counted):
        hand = hands.nth(i)
        assert hand.get_attribute("data-seat") == str(e["seat"])
        assert hand.get_attribute("data-what") == e["data"]["what"]
        assert hand.locator(".shown-points").inner_text().strip() == f"= {e['data']['points']}"
        calls = hand.locator(".breakdown .call").all_inner_texts()
        assert calls == [call(c["kind"], c["points"]) for c in e["data"]["breakdown"]]


def back_pegs(events: list[dict[str, Any]], sides: int, four: bool) -> list[int]:
    """Each side's score before its last peg in the current game, from the score events."""
    back, front = [0] * sides, [0] * sides
    game = None
    for e in events:
        if e["type"] == "deal" and e["data"]["game"] != game:
            game = e["data"]["game"]
            back, front = [0] * sides, [0] * sides
        elif e["type"] == "score":
            side = e["seat"] % 2 if four else e["seat"]
            back[side], front[side] = front[side], e["data"]["total"]
    return back


def test_two_card_discard_needs_its_button_then_the_starter_crib_and_pegs_show(
    page: Page, cardtable_server: Served
) -> None:
    errors = console_errors(page)
    with table(page, {}) as t:
        t.play_until(lambda v: t.my_turn())
        view = t.view()
        assert view["observation"]["phase"] == "discard"
        cards = page.locator("#hand button.hand-card")
        first, second = (str(cards.nth(i).get_attribute("data-card")) for i in (0, 1))
        cards.nth(0).click()
        # One card is no discard: the framework asks for the other one and offers no move.
        assert page.locator("#actions button.move").count() == 0
        cards.nth(1).click()
        button = page.locator("#actions button.move")
        legal = next(
            m for m in view["legal"] if sorted(m["move"].split()[1:]) == sorted([first, second])
        )
        assert button.get_attribute("data-move") == legal["move"]
        assert button.inner_text().strip() == legal["words"]
        ply = view["ply"]
        button.click()
        t.frames.wait_for(lambda _: t.ply() > ply)
        view = t.play_until(lambda v: v["observation"]["starter"] is not None)
        obs = view["observation"]
        starter = obs["starter"]
        face = page.locator(f".starter [data-card='{starter}']")
        assert face.get_attribute("aria-label") == card_name(parse_card(starter))
        assert page.locator(".crib-size").inner_text() == f"{obs['crib_size']} cards, face down"
        dealer = view["players"][obs["dealer"]]["name"]
        assert page.locator(".crib-owner").inner_text().startswith(dealer)
        assert sorted(
            page.locator(".laid-away .mini-card").evaluate_all(
                "els => els.map(e => e.getAttribute('aria-label'))"
            )
        ) == sorted(card_name(parse_card(c)) for c in obs["laid_away"])
        fronts = [front for front, _ in pegs_shown(page)]
        assert fronts == obs["scores"]
        assert page.locator(".peg-score").first.inner_text() == f"{obs['scores'][0]} of 121"
    assert errors == []


def test_count_back_pegs_and_counted_hands_follow_the_events(
    page: Page, cardtable_server: Served
) -> None:
    errors = console_errors(page)
    with table(page, {}) as t:
        # The count while it runs: the number and its cards.
        view = t.play_until(
            lambda v: (
                v["observation"]["phase"] == "play"
                and bool(v["observation"]["count_cards"])
                and t.my_turn()
            )
        )
        obs = view["observation"]
        assert page.locator("#count-total").inner_text() == str(obs["count"])
        shown = page.locator(".count-now [data-card]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-card'))"
        )
        assert shown == obs["count_cards"]
        # Play on to the first show: its hands are counted with their breakdown.
        view = t.play_until(lambda v: any(e["type"] == "show" for e in t.events()))
        events = t.events()
        obs = view["observation"]
        four = obs["players"] == 4
        scores = obs["scores"]
        backs = back_pegs(events, len(scores), four)
        assert pegs_shown(page) == list(zip(scores, backs, strict=True))
        page.locator("#tab-b").click()
        hands = page.locator(".counted-hands .shown-hand")
        counted = [e for e in events if e["type"] == "show" and "points" in e["data"]]
        assert hands.count() == len(counted) == 3
        assert_counted(hands, counted)
    assert errors == []


def test_the_advisor_asks_the_server_and_shows_its_rows(
    page: Page, cardtable_server: Served
) -> None:
    errors = console_errors(page)
    with table(page, {}) as t:
        t.play_until(lambda v: t.my_turn())
        page.locator("#tab-a").click()
        ask = page.locator("#ask-advisor")
        assert ask.inner_text() == "Ask the advisor"
        assert "two-player discard of six cards" in page.locator(".advisor").inner_text()
        ask.click()
        t.frames.wait_for(lambda _: bool(t.messages("hint")))
        page.locator("#tab-a").click()
        rows = page.locator(".advisor tbody tr")
        rows.first.wait_for()
        expected = advice_rows(t.view()["observation"])
        assert expected is not None
        advice = t.messages("hint")[-1]["advice"]
        assert advice["rows"] == expected
        assert advice["caption"] == page.locator(".advisor caption").inner_text()
        assert rows.count() == len(expected)
        for i, row in enumerate(expected):
            cells = rows.nth(i).locator("th, td").all_inner_texts()
            assert cells[2:] == [
                f"{row['hand']:.2f}",
                f"{'+' if row['crib'] >= 0 else ''}{row['crib']:.2f}",
                f"{row['net']:.2f}",
                f"{'+' if row['pegs'] >= 0 else ''}{row['pegs']:.2f}",
                f"{row['win'] * 100:.1f}%" if row["win"] is not None else "–",
            ]
            labels = (
                rows.nth(i)
                .locator(".mini-card")
                .evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
            )
            assert labels == [card_name(parse_card(c)) for c in row["discard"] + row["keep"]]
    assert errors == []


def test_a_muggins_claim_is_chosen_from_a_list_and_shown_with_the_count(
    page: Page, cardtable_server: Served
) -> None:
    errors = console_errors(page)
    with table(page, {"muggins": True}) as t:
        view = t.play_until(lambda v: v["observation"]["phase"] == "claim" and t.my_turn())
        obs = view["observation"]
        # A first, empty choice: Confirm makes no claim until a number is chosen.
        options = page.locator("#number-move option")
        assert options.count() == 31
        assert options.evaluate_all("els => els.map(e => e.value)") == [""] + [
            f"claim {n}" for n in range(30)
        ]
        assert page.locator(".number-move button").is_disabled()
        mine = obs["shown"][-1]
        laid = page.locator(
            f".show .shown-hand[data-seat='{mine['seat']}'][data-what='{mine['what']}']"
        )
        assert (
            laid.locator(".shown-cards .card-row")
            .first.locator("[data-card]")
            .evaluate_all("els => els.map(e => e.getAttribute('data-card'))")
            == mine["cards"]
        )
        t.act(claim=3)

        def told(v: View) -> bool:
            return any(
                e["type"] == "count"
                and e["seat"] == mine["seat"]
                and e["data"]["what"] == mine["what"]
                for e in t.events()
            )

        t.play_until(told)
        count = next(
            e for e in reversed(t.events()) if e["type"] == "count" and e["seat"] == mine["seat"]
        )
        assert count["data"]["claimed"] == 3
        if page.locator(".show").count():  # the board still lays out this deal's shows
            assert laid.locator(".claimed").inner_text() == "(claimed 3)"
            assert (
                laid.locator(".shown-points").inner_text().strip() == f"= {count['data']['points']}"
            )
    assert errors == []


def test_four_players_peg_as_two_partnerships(page: Page, cardtable_server: Served) -> None:
    errors = console_errors(page)
    with table(page, {"players": 4}, players=4) as t:
        # Three "medium bot"s: the server numbers them among themselves, from 1.
        names = [p["name"] for p in t.view()["players"]]
        assert names[1:] == ["medium bot 1", "medium bot 2", "medium bot 3"]
        sides = page.locator(".peg-side .peg-name").all_inner_texts()
        assert sides == [
            f"{names[0]} (you) + medium bot 2",
            "medium bot 1 + medium bot 3",
        ]
        assert page.locator("svg.track").count() == 2
    assert errors == []


def test_the_japanese_board_has_no_english_left(
    chromium: Browser, cardtable_server: Served
) -> None:
    with context(
        chromium, locale="ja-JP", viewport=(390, 844), base_url=cardtable_server.base
    ) as made:
        page = made.new_page()
        errors = console_errors(page)
        with table(page, {"muggins": True, "games": 2, "target": 61}, language="ja") as t:
            t.play_until(lambda v: v["observation"]["phase"] == "claim" and t.my_turn())
            page.locator("#tab-b").click()
            names = {p["name"] for p in t.view()["players"]}
            for selector in ("#board", "#side", "#actions"):
                text = page.locator(selector).inner_text()
                for name in names:
                    text = text.replace(name, "")
                words = re.findall(r"[A-Za-z]{2,}", CARD_CODE.sub("", text))
                assert words == [], f"English in {selector}: {words}"
            page.locator("#tab-sheet").click()
            sheet = page.locator("#side").inner_text()
            assert "2ゲームのマッチ" in sheet
            for name in names:
                sheet = sheet.replace(name, "")
            assert re.findall(r"[A-Za-z]{2,}", sheet) == []
        assert errors == []


def test_each_deals_show_is_laid_out_on_the_board_until_next_deal(
    page: Page, cardtable_server: Served
) -> None:
    """After the show, the next deal waits behind the show laid out over the board: the
    starter, both hands and the crib, each with its points and breakdown, as the events
    counted them, until the person presses Next deal (bots or not, muggins or not)."""
    errors = console_errors(page)
    with table(page, {}) as t:
        shown = page.locator("#interlude")
        # Played up to the show's end: the next deal comes, the show stays laid out.
        t.play_until(lambda v: shown.is_visible())
        events = t.events()
        assert sum(e["type"] == "deal" for e in events) == 2
        second = [i for i, e in enumerate(events) if e["type"] == "deal"][1]
        counted = [e for e in events[:second] if e["type"] == "show" and "points" in e["data"]]
        assert len(counted) == 3
        assert shown.locator("h2").inner_text() == "The show of deal 1"
        starter = counted[0]["data"]["starter"]
        assert shown.locator(".interlude-starter [data-card]").get_attribute("data-card") == starter
        hands = shown.locator(".interlude-hands .shown-hand")
        assert hands.count() == 3
        assert_counted(hands, counted)
        # The button has the focus: Enter (or a tap) goes on to the next deal, and the show
        # does not come back with the next views.
        assert page.evaluate("document.activeElement.id") == "interlude-next"
        page.keyboard.press("Enter")
        shown.wait_for(state="hidden")
        ply = t.ply()
        t.play_until(lambda v: v["ply"] > ply)
        assert shown.is_hidden()
    assert errors == []
