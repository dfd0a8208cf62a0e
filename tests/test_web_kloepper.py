"""The Kloepper face in the browser (``games/kloepper/face/face.js``): the call, the knock and the
knock-off, each seat's side only as far as the viewer's observation tells it, the seats round
the trick from the viewer's place, the last trick until the next lead, the last deal's scoring
over the new deal, the score sheet, and a Japanese board with no English left.

Most tests draw the face from a game rebuilt in Python with a fixed pack (its observation and
events, as the server would send them) inside a page of the real server, so every expected text
is exact; one plays a live table and checks the board against the server's view frames."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

import cardtable
from browser_harness import FrameLog, Served, console_errors, context
from browser_play import BrowserSeat, attrs, eventually, sign_in, start_table, texts
from cardtable.games.kloepper.text import RESULT_NAMES
from cardtable.i18n import using_language

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]

# Seat 0 holds both black queens (QC QS JC 10C KC 9C), seat 1 AH 10H KH and three jacks, seat 2
# AD 10D KD QH 9H AS, seat 3 QD 9D AC 10S KS 9S; seat 3 deals, seat 0 declares and leads.
DECK = [
    *("QC", "QS", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "QD", "9D", "AC"),
    *("10C", "KC", "9C", "AH", "10H", "KH", "QH", "9H", "AS", "10S", "KS", "9S"),
]
NAMES = ["Ann", "Bob", "Cy", "Dee"]
PLACES = ["me", "left", "across", "right"]
ROLE_WORDS = {"queens": "queens team", "alone": "alone", "opponents": "opponent"}

# The face drawn into the page from a context the test sends (names as the table shows them).
DRAW = """async ({ctx, lang}) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.loadStrings(lang);
  // The face as the table finds it: by name, with its stylesheet and the game's words.
  const catalog = await (await fetch(`/api/catalog?language=${lang}`)).json();
  const face = await (await import("/static/js/games/index.js")).faceFor(catalog, "kloepper");
  const vocabulary = catalog.games.find((g) => g.name === "kloepper").vocabulary;
  const you = (n) => i18n.fmt(i18n._("{name} (you)"), {name: n});
  const names = ctx.names.map((n, s) => (s === ctx.seat ? you(n) : n));
  const c = {view: {}, obs: ctx.obs, seat: ctx.seat, events: ctx.events, game: "kloepper",
             options: {}, vocabulary, name: (s) => names[s], fourColour: false, hands: null,
             fresh: [], advice: null, askHint: null};
  const host = document.createElement("main");
  host.className = "page table game-kloepper";
  const chips = document.createElement("ol");
  chips.className = "seats";
  for (let s = 0; s < 4; s++) {
    const li = document.createElement("li");
    li.className = "seat-chip";
    li.dataset.seat = String(s);
    const info = face.seatInfo(c, s);
    if (info) li.append(info);
    chips.append(li);
  }
  const board = document.createElement("div");
  board.className = "board";
  board.id = "board";
  board.append(face.board(c));
  const sheet = document.createElement("div");
  sheet.id = "sheet";
  const drawn = face.summary(c);
  if (drawn) sheet.append(drawn);
  const panel = document.createElement("div");
  panel.id = "panel";
  panel.append(face.panels(c)[0].draw(c));
  host.append(chips, board, sheet, panel);
  document.body.replaceChildren(host);
}"""


def deal(moves: list[str]) -> Any:
    """The fixed pack's game after ``moves``."""
    state = cardtable.load("kloepper").new_state(decks=[DECK, DECK])
    for move in moves:
        state.apply(move)
    return state


def first_moves(state: Any, until: Callable[[Any], bool]) -> None:
    """Play each seat's first legal move (a card before a knock) until ``until(state)``."""
    while not until(state):
        state.apply(state.legal_moves()[0].text)


def ctx_of(state: Any, seat: int | None, language: str = "en") -> dict[str, Any]:
    """What the server sends this seat: its observation and its events told in ``language``."""
    with using_language(language):
        events = [
            {"i": i, "type": e.type, "seat": e.seat, "data": e.data, "text": state.game.describe(e)}
            for i, e in enumerate(state.events_for(seat))
        ]
    return {"obs": state.observation(seat), "seat": seat, "events": events, "names": NAMES}


@pytest.fixture
def face(chromium: Browser, cardtable_server: Served) -> Iterator[Callable[..., Page]]:
    """Draw the face for a rebuilt game's seat in a page of the server; the page."""
    with context(chromium, base_url=cardtable_server.base, viewport=(1280, 900)) as made:
        page = made.new_page()
        errors = console_errors(page)
        page.goto("/")
        page.wait_for_load_state("networkidle")

        def draw(state: Any, seat: int | None, language: str = "en") -> Page:
            page.evaluate(DRAW, {"ctx": ctx_of(state, seat, language), "lang": language})
            return page

        yield draw
        assert errors == []


def fact(page: Page, label: str) -> str:
    """The value of the board's fact ``label`` ("Call", "Knock", "Your side")."""
    rows: list[list[str]] = page.eval_on_selector_all(
        "#board dl.facts dt",
        "dts => dts.map(dt => [dt.textContent,"
        " dt.nextElementSibling.innerText.replace(/\\s+/g, ' ').trim()])",
    )
    return next((value for key, value in rows if key == label), "")


def mini(cards: list[str]) -> str:
    """Cards as the mini cards read: rank, suit symbol, text-form selector."""
    return "".join(c[:-1] + "♣♦♥♠"["CDHS".index(c[-1])] + "\ufe0e" for c in cards)


def taken(points: int, tricks: int) -> str:
    return f"{points} card points, {tricks} trick{'' if tricks == 1 else 's'}"


def slot(seat: int) -> str:
    return f'.kl-seat[data-seat="{seat}"]'


def test_the_call_and_knocks_and_the_sides_as_each_seat_knows_them(
    face: Callable[..., Page],
) -> None:
    state = deal(["call AH", "pass", "pass", "pass", "knock", "pass", "knock-off"])
    # Seat 2 (an opponent that knocked off) knows the caller's side and its own, nothing more.
    page = face(state, 2)
    assert fact(page, "Call") == "Ann called A♥\ufe0e"
    assert attrs(page, "#board dl.facts .mini-card", "aria-label") == ["ace of hearts"]
    assert fact(page, "Knock") == "Ann knocked Cy (you) knocked off"
    assert fact(page, "Your side") == "opponent partner not known yet"
    assert [attrs(page, f".kl-seat.place-{p}", "data-seat") for p in PLACES] == [
        ["2"],
        ["3"],
        ["0"],
        ["1"],
    ]
    roles = state.observation(2)["roles"]
    assert roles == ["queens", None, "opponents", None]
    for seat in range(4):
        expected = [ROLE_WORDS[roles[seat]]] if roles[seat] else []
        assert texts(page, f"{slot(seat)} .kl-role", squash=True) == expected, seat
        assert texts(page, f'.seat-chip[data-seat="{seat}"] .kl-role', squash=True) == expected, (
            seat
        )
    assert texts(page, f"{slot(0)} .kl-mark", squash=True) == [
        "called A♥",
        "knocked",
        "next to play",
    ]
    assert texts(page, f"{slot(2)} .kl-mark", squash=True) == ["knocked off"]
    assert texts(page, f"{slot(3)} .kl-mark", squash=True) == ["Dealer"]
    assert "your partner" not in page.inner_text("#board")
    assert texts(page, '.seat-chip[data-seat="0"]', squash=True) == ["0/30 queens team"]
    # Seat 1 holds the called ace: it knows every side, and its partner.
    page = face(state, 1)
    assert state.observation(1)["partner"] == 0
    assert fact(page, "Your side") == "queens team partner: Ann"
    assert texts(page, f"{slot(0)} .kl-mark", squash=True)[:1] == ["your partner"]
    assert [attrs(page, f".kl-seat.place-{p}", "data-seat") for p in PLACES] == [
        ["1"],
        ["2"],
        ["3"],
        ["0"],
    ]
    # A spectator sees the public sides only, and has no side of its own.
    page = face(state, None)
    assert fact(page, "Your side") == ""
    assert [texts(page, f"{slot(s)} .kl-role", squash=True) for s in range(4)] == [
        ["queens team"],
        [],
        ["opponent"],
        [],
    ]


def test_the_declarations_round_the_table(face: Callable[..., Page]) -> None:
    page = face(deal(["call AS", "pass"]), 3)
    assert fact(page, "Call") == "Ann called A♠\ufe0e"
    said = {seat: texts(page, f"{slot(seat)} .kl-said", squash=True) for seat in range(4)}
    assert said == {0: ["called A♠"], 1: ["no call"], 2: ["declaring"], 3: ["–"]}
    assert texts(page, ".kl-caption", squash=True) == ["The seats declare in turn."]


def test_the_last_trick_stays_until_the_next_lead(face: Callable[..., Page]) -> None:
    state = deal(["call AH", "pass", "pass", "pass"])
    first_moves(state, lambda s: len(s.observation(None)["tricks"]) == 1)
    trick = state.observation(2)["tricks"][0]
    page = face(state, 2)
    for i, card in enumerate(trick["cards"]):
        seat = (trick["leader"] + i) % 4
        assert attrs(page, f"{slot(seat)} .kl-play [data-card]", "data-card") == [card]
    assert attrs(page, ".kl-seat.won", "data-seat") == [str(trick["winner"])]
    assert texts(page, f"{slot(trick['winner'])} .kl-won", squash=True) == ["takes the trick"]
    winner = NAMES[trick["winner"]] + (" (you)" if trick["winner"] == 2 else "")
    assert texts(page, ".kl-caption", squash=True) == [
        f"Last trick{winner} takes {trick['points']} card points"
    ]
    obs = state.observation(2)
    for seat in range(4):
        tricks = obs["tricks_won"][seat]
        assert texts(page, f"{slot(seat)} .kl-taken", squash=True) == [
            taken(obs["card_points"][seat], tricks)
        ]
    assert texts(page, "#panel tbody tr", squash=True) == [
        f"1{mini(trick['cards'])}{winner}{trick['points']}"
    ]
    # The next lead: that card alone on the table, the last trick in a line under it.
    lead = state.legal_moves()[0].text.split()[1]
    state.apply(f"play {lead}")
    page = face(state, 2)
    assert page.eval_on_selector_all(
        ".kl-play [data-card]", "els => els.map(e => e.dataset.card)"
    ) == [lead]
    assert texts(page, ".kl-caption strong", squash=True) == ["Trick 2 of 6"]
    assert attrs(page, ".kl-prev .mini-card", "data-card") == [None] * 4
    assert len(attrs(page, ".kl-prev .mini-card", "aria-label")) == 4
    assert texts(page, ".kl-seat.won", squash=True) == []


def test_the_tiny_pack_deals_two_tricks(face: Callable[..., Page]) -> None:
    # The tiny pack (a research variant) deals two cards a seat: "Trick 1 of 2", not "of 6".
    state = cardtable.load("kloepper", deck="tiny").new_state(seed=1)
    first_moves(state, lambda s: s.observation(0)["phase"] == "play")
    page = face(state, 0)
    assert texts(page, ".kl-caption strong", squash=True) == ["Trick 1 of 2"]


def test_a_scored_deal_stands_over_the_next_and_fills_the_sheet(face: Callable[..., Page]) -> None:
    state = deal(["call AH", "pass", "pass", "pass"])
    first_moves(state, lambda s: s.observation(None)["deal_number"] == 2)
    view = ctx_of(state, 0)
    score = next(e for e in view["events"] if e["type"] == "deal score")["data"]
    last = [e for e in view["events"] if e["type"] == "trick"][-1]
    page = face(state, 0)
    names = ["Ann (you)", "Bob", "Cy", "Dee"]
    queens = " and ".join(names[s] for s in score["queens"])
    winners = " and ".join(names[s] for s in score["winners"])
    result = RESULT_NAMES[score["result"]]
    assert texts(page, ".kl-last-deal h3", squash=True) == ["Result of deal 1"]
    assert texts(page, ".kl-last-deal p", squash=True) == [
        f"Queens team: {queens} (called A♥)",
        f"{score['card_points']} card points, {score['tricks']} tricks",
        f"{result}: {winners} +{score['points']} each",
        f"Last trick: {mini(last['data']['cards'])} "
        f"{names[last['seat']]} takes {last['data']['points']} card points",
    ]
    # The sheet: one row per scored deal, the totals after it, the winners' gain.
    rows = page.eval_on_selector_all(
        "#sheet tbody tr", "trs => trs.map(tr => [...tr.children].map(td => td.innerText.trim()))"
    )
    assert len(rows) == 1
    assert rows[0][0] == "1"
    assert rows[0][1].splitlines() == [
        f"Queens team: {queens} (called A♥)",
        f"{score['card_points']} card points, {score['tricks']} tricks",
        result,
    ]
    assert rows[0][2].splitlines() == [
        f"{names[s]}: {score['scores'][s]}"
        + (f" (+{score['points']})" if s in score["winners"] else "")
        for s in range(4)
    ]
    # Once a card of the new deal is played, the old deal's result leaves the board.
    first_moves(state, lambda s: bool(s.observation(None)["trick"]))
    page = face(state, 0)
    assert texts(page, ".kl-last-deal", squash=True) == []


def play_until(
    seat: BrowserSeat, wanted: Callable[[dict[str, Any]], bool], timeout: float = 25
) -> dict[str, Any]:
    """Play this page's turns until its view is ``wanted`` on its turn (or the game ends)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seat.wait_turn_or_end()
        view = seat.view()
        assert view is not None
        if seat.over() or wanted(view):
            return view
        seat.play_one("clicks")
    raise AssertionError("no such view in time")


def test_a_live_board_matches_the_views_the_server_sent(
    chromium: Browser, cardtable_server: Served
) -> None:
    with context(chromium, base_url=cardtable_server.base, viewport=(390, 844)) as made:
        page = made.new_page()
        errors = console_errors(page)
        frames = FrameLog(page)
        sign_in(page, cardtable_server.base, "Ann")
        table = start_table(
            page, cardtable_server.base, "kloepper", ["open", "medium", "medium", "medium"]
        )
        page.goto(f"/t/{table['table']['id']}")
        seat = BrowserSeat(page, frames, random.Random(16))
        seat.wait_for_view()
        view = play_until(
            seat,
            lambda v: v["observation"]["phase"] == "play" and v["observation"]["trick_number"] >= 2,
        )
        obs = view["observation"]
        me = view["seat"]

        def check() -> None:
            for place, offset in zip(PLACES, range(4), strict=True):
                assert attrs(page, f".kl-seat.place-{place}", "data-seat") == [
                    str((me + offset) % 4)
                ]
            for s in range(4):
                assert texts(page, f"{slot(s)} .kl-score-text", squash=True) == [
                    f"{obs['scores'][s]}/{obs['target']}"
                ]
                assert attrs(page, f"{slot(s)} progress", "value") == [
                    str(min(obs["scores"][s], obs["target"]))
                ]
                points = taken(obs["card_points"][s], obs["tricks_won"][s])
                assert texts(page, f"{slot(s)} .kl-taken", squash=True) == [points]
                role = obs["roles"][s]
                assert texts(page, f"{slot(s)} .kl-role", squash=True) == (
                    [ROLE_WORDS[role]] if role else []
                )
                chip = f'.seat-chip[data-seat="{s}"] .kl-info .score'
                assert texts(page, chip, squash=True) == [f"{obs['scores'][s]}/{obs['target']}"]
            on_table = {p["seat"]: p["card"] for p in obs["trick"]}
            if not on_table and obs["tricks"]:
                last = obs["tricks"][-1]
                on_table = {(last["leader"] + i) % 4: c for i, c in enumerate(last["cards"])}
            for s in range(4):
                shown = attrs(page, f"{slot(s)} .kl-play [data-card]", "data-card")
                assert shown == ([on_table[s]] if s in on_table else [])
            assert texts(page, ".kl-head span", squash=True)[0] == f"Deal {obs['deal_number']}"

        eventually(check, page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert errors == []


# ASCII words a Japanese board may keep: card codes and ranks, numbers, scores as n/m.
ALLOWED = re.compile(r"^(?:(?:10|[2-9AKQJ])[CDHS]?|\d+(?:/\d+)?)$")


def test_a_japanese_board_has_no_english_left(face: Callable[..., Page]) -> None:
    state = deal(["call AH", "pass", "pass", "pass", "knock", "pass", "knock-off"])
    first_moves(state, lambda s: len(s.observation(None)["tricks"]) == 1)
    boards = [face(state, 2, "ja").inner_text("main")]
    later = deal(["call AH", "pass", "pass", "pass"])
    first_moves(later, lambda s: s.observation(None)["deal_number"] == 2)
    page = face(later, 0, "ja")
    page.click(".kl-reminder summary")
    boards.append(page.inner_text("main"))
    for text in boards:
        for name in NAMES:
            text = text.replace(name, "")
        words = [w for w in re.findall(r"[A-Za-z0-9/]+", text) if not ALLOWED.match(w)]
        assert words == [], words
    assert "クイーン側" in boards[0] and "ノックオフ" in boards[0]
    assert "ディール1の結果" in boards[1]
