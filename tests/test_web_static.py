"""The page's boot and its files (issue 25): the files compressed for a browser that takes gzip,
kept by it and revalidated with their ETag (a 304, no body), the security headers on all of
it; a first visit, before any name is given, logs no error in the console; and an invitation
opened in the browser seats the friend who opens it."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

from browser_harness import Served, console_errors, context
from browser_play import sign_in
from cardtable.server.web import SECURITY_HEADERS, WEB, face_folder
from server_harness import LiveServer

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


def _raw(web: httpx.Client, path: str, **headers: str) -> tuple[httpx.Response, bytes]:
    """The answer and its body as they travel (not decoded by httpx)."""
    request = web.build_request("GET", path, headers=headers)
    answer = web.send(request, stream=True)
    try:
        return answer, b"".join(answer.iter_raw())
    finally:
        answer.close()


@pytest.mark.parametrize(
    ("path", "source"),
    [
        ("/static/js/cards.js", WEB / "js" / "cards.js"),
        ("/static/css/app.css", WEB / "css" / "app.css"),
        ("/faces/calypso/face.js", None),
    ],
)
def test_files_go_compressed_and_are_revalidated(
    server: LiveServer, path: str, source: Path | None
) -> None:
    if source is None:
        folder = face_folder("calypso")
        assert folder is not None
        source = folder / "face.js"
    body = source.read_bytes()
    with httpx.Client(base_url=server.base) as web:
        packed, sent = _raw(web, path, **{"Accept-Encoding": "gzip"})
        assert packed.status_code == 200
        assert packed.headers["content-encoding"] == "gzip"
        assert packed.headers["vary"] == "Accept-Encoding"
        assert packed.headers["cache-control"] == "no-cache"
        assert gzip.decompress(sent) == body
        assert int(packed.headers["content-length"]) == len(sent) < len(body) / 2
        for name, value in SECURITY_HEADERS.items():
            assert packed.headers[name] == value
        plain, as_is = _raw(web, path, **{"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and as_is == body
        again, nothing = _raw(
            web, path, **{"Accept-Encoding": "gzip", "If-None-Match": packed.headers["etag"]}
        )
        assert (again.status_code, nothing) == (304, b"")


def test_small_answers_are_sent_as_they_are(server: LiveServer) -> None:
    with httpx.Client(base_url=server.base) as web:
        session, sent = _raw(web, "/api/session", **{"Accept-Encoding": "gzip"})
        assert (session.status_code, sent) == (200, b'{"user":null}')
        assert "content-encoding" not in session.headers


def test_a_first_visit_logs_no_error(page: Page, cardtable_server: Served) -> None:
    errors = console_errors(page, api_refusals=True)
    asked: list[tuple[str, int]] = []
    page.on(
        "response",
        lambda r: (
            asked.append((r.url.removeprefix(cardtable_server.base), r.status))
            if "/api/" in r.url
            else None
        ),
    )
    page.goto(cardtable_server.url("/"))
    page.wait_for_selector("#guest-name")
    assert ("/api/session", 200) in asked
    assert not any(url.startswith("/api/me") for url, _status in asked)
    assert errors == []


def test_an_invitation_opened_in_the_browser_seats_the_friend(
    chromium: Browser, cardtable_server: Served
) -> None:
    base = cardtable_server.base
    with context(chromium, base_url=base) as ann_side, context(chromium, base_url=base) as bob_side:
        ann, bob = ann_side.new_page(), bob_side.new_page()
        sign_in(ann, base, "Ann")
        made = ann.request.post(
            f"{base}/api/tables", data={"game": "cribbage", "seats": ["open", "open"]}
        ).json()
        table = made["table"]["id"]
        errors = console_errors(bob, api_refusals=True)
        sign_in(bob, base, "Bob")
        bob.goto(f"{base}/join/{made['invite']}")
        bob.wait_for_url(f"{base}/t/{table}")
        seen = bob.request.get(f"{base}/api/tables/{table}").json()
        assert (seen["your_seat"], [s["name"] for s in seen["seats"]]) == (1, ["Ann", "Bob"])
        start = ann.request.post(f"{base}/api/tables/{table}/start")
        assert start.ok, start.text()
        assert errors == []
