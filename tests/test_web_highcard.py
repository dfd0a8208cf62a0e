"""The test-only fifth game (``tests/highcard.py``) played whole in the browser through the
generic face: a game with no face of its own and no vocabulary is drawn from its views alone,
its moves made by tapping cards, its result the view's words; and the page asks for the table
(``GET /api/tables/{id}``) once, at load, whatever happens after. The server is ``cardtable
serve`` with the game registered (``tests/highcard_serve.py``): nothing is added to the package.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest

from browser_harness import WITH_HIGHCARD, FrameLog, Served, console_errors, serve_for_browser
from browser_play import BrowserSeat, attrs, eventually, sign_in, start_table, texts
from cardtable.cards import parse_card
from cardtable.i18n import card_name
from cardtable.records import from_record
from highcard import registered

if TYPE_CHECKING:
    from playwright.sync_api import Page, Request

pytest_plugins = ["browser_harness"]


@pytest.fixture(scope="module")
def cardtable_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The module's server, with high card registered (in its bot processes too)."""
    with serve_for_browser(tmp_path_factory.mktemp("highcard"), program=WITH_HIGHCARD) as served:
        yield served


@pytest.fixture(scope="module", autouse=True)
def fifth_game() -> Iterator[None]:
    """High card here too: the test rebuilds the game from its record."""
    with registered():
        yield


def http_log(page: Page) -> list[tuple[str, str]]:
    """A list that fills with the method and path of every HTTP request of the page."""
    seen: list[tuple[str, str]] = []

    def on_request(request: Request) -> None:
        if urlsplit(request.url).scheme in ("http", "https"):
            seen.append((request.method, urlsplit(request.url).path))

    page.on("request", on_request)
    return seen


def check_board(page: Page, view: dict[str, Any]) -> None:
    """The generic face shows the view's observation: the trick's cards by seat, each seat's
    hand size by name, the scores by the seats."""
    obs = view["observation"]
    names = [p["name"] + (" (you)" if p["seat"] == view["seat"] else "") for p in view["players"]]
    assert attrs(page, "#board .generic-play", "data-seat") == [
        str(p["seat"]) for p in obs["trick"]
    ]
    played = attrs(page, "#board .generic-play .mini-card", "aria-label")
    assert played == [card_name(parse_card(p["card"])) for p in obs["trick"]]
    plays = texts(page, "#board .generic-play", squash=True)
    assert [t.split(" ")[0] for t in plays] == [
        names[p["seat"]].split(" ")[0] for p in obs["trick"]
    ]
    sizes = texts(page, "#board dd .generic-seats li", squash=True)
    assert f"{names[0]} {obs['hand_sizes'][0]}" in sizes
    assert f"{names[1]} {obs['hand_sizes'][1]}" in sizes
    assert texts(page, "#app .seats .score") == [str(s) for s in obs["scores"]]


def test_high_card_is_played_whole_through_the_generic_face(
    page: Page, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    errors = console_errors(page)
    frames = FrameLog(page)
    requests = http_log(page)
    page.goto(base + "/")
    sign_in(page, base, "Ann")
    catalog = page.request.get(f"{base}/api/catalog").json()
    entry = next(g for g in catalog["games"] if g["name"] == "highcard")
    assert (entry["face"], entry["face_style"], entry["vocabulary"]) == (False, False, {})
    made = start_table(page, base, "highcard", ["open", "beginner"], {"tricks": 5})
    table = made["table"]["id"]
    page.goto(f"{base}/t/{table}")
    seat = BrowserSeat(page, frames, random.Random(24))
    seat.wait_for_view()
    page.wait_for_selector("#board .generic-board")

    # Each turn: the board is the view's, the hand is the seat's, then a card is played by
    # a tap or by the keys.
    checked = 0
    while True:
        seat.wait_turn_or_end()
        if seat.over():
            break
        view = seat.view()
        assert view is not None
        eventually(partial(check_board, page, view), page)
        hand = attrs(page, "#hand button.hand-card", "data-card")
        assert hand == view["observation"]["hand"]
        assert texts(page, "#status", squash=True) == [f"Your turn. {view['prompt']}".strip()]
        seat.play_one("keys" if seat.moves_made % 2 else "clicks")
        checked += 1
    assert checked == 5  # one card a trick, five tricks

    last = seat.view()
    assert last is not None and last["status"] == "over"
    record = page.request.get(f"{base}/api/tables/{table}/record").json()
    state = from_record(record)
    assert state.is_over and record["game"] == "highcard"
    page.wait_for_selector("#result .final-score")
    scores = [int(s) for s in texts(page, "#result .final-score")]
    assert scores == state.scores == last["result"]["scores"]
    # The result and the status line are the view's words, not built by the page.
    assert last["result_text"] and texts(page, "#result .result-note") == [last["result_text"]]
    # Over it, who won as this seat reads it: the view's headline.
    me, winners = last["seat"], last["result"]["winners"]
    others = [last["players"][w]["name"] for w in winners if w != me]
    expected = (
        "You lose" if me not in winners else f"You and {others[0]} win" if others else "You win"
    )
    assert last["headline"] == expected
    assert texts(page, "#result .headline") == [expected]

    def status_is_the_views() -> None:
        assert texts(page, "#status") == [last["status_text"]]

    eventually(status_is_the_views, page)
    # Every key of the observation but the hand and those shown elsewhere, in words; the
    # cards each seat won, as cards.
    assert texts(page, "#board .generic-board dt") == [
        "tricks",
        "hand sizes",
        "trick",
        "won",
        "voids",
    ]
    won = sum(len(w) for w in last["observation"]["won"])
    assert won == 10 and page.locator("#board .generic-seats .mini-card").count() == won

    # The page asked for the table once, at load; everything after came over the socket.
    asked = [path for method, path in requests if method == "GET" and path.startswith("/api/t")]
    assert asked == [f"/api/tables/{table}"]
    # No face was looked for: the catalogue said the game has none.
    assert not [path for _method, path in requests if "/faces/" in path]
    assert errors == []


def test_a_game_without_a_face_serves_no_face_files(page: Page, cardtable_server: Served) -> None:
    base = cardtable_server.base
    for path in ("/faces/highcard/face.js", "/faces/nosuchgame/face.js", "/faces/cribbage/x.py"):
        answer = page.request.get(base + path)
        assert answer.status == 404, path
    # A game's own face: its two files, with the client's types and caching.
    for name, kind in (("face.js", "text/javascript"), ("face.css", "text/css")):
        answer = page.request.get(f"{base}/faces/cribbage/{name}")
        assert answer.status == 200
        assert answer.headers["content-type"] == f"{kind}; charset=utf-8"
        assert answer.headers["cache-control"] == "no-cache"
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert "etag" in answer.headers
        again = page.request.get(
            f"{base}/faces/cribbage/{name}", headers={"If-None-Match": answer.headers["etag"]}
        )
        assert again.status == 304
    own = Path(__file__).resolve().parent.parent / "src/cardtable/games/cribbage/face/face.js"
    assert page.request.get(f"{base}/faces/cribbage/face.js").text() == own.read_text()
    for sneaky in ("/faces/cribbage/..%2Fgame.py", "/faces/cribbage/%2E%2E/text.py"):
        assert page.request.get(base + sneaky).status == 404, sneaky
