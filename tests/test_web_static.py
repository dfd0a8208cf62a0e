"""The page's boot and its files (issue 25): the files compressed for a browser that takes gzip,
the security headers on all of it; the page loads the client and the faces from versioned
addresses kept for good (a warm reload asks for none of them), each module once (a face shares
the page's words); the older addresses revalidated with their ETag (a 304, no body); a first
visit, before any name is given, logs no error in the console; and an invitation opened in the
browser seats the friend who opens it."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from browser_harness import Served, console_errors, context
from browser_play import sign_in, start_table
from cardtable.registry import games
from cardtable.server.web import (
    IMMUTABLE,
    SECURITY_HEADERS,
    WEB,
    client_version,
    face_folder,
    files_version,
)
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
        ("/static/faces/calypso/face.js", None),
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


def _secured(answer: httpx.Response) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers[name] == value


def test_the_version_is_a_hash_of_every_file(tmp_path: Path) -> None:
    (tmp_path / "web" / "js").mkdir(parents=True)
    (tmp_path / "face").mkdir()
    (tmp_path / "web" / "js" / "a.js").write_text("export const a = 1;")
    (tmp_path / "face" / "face.js").write_text("export default {};")
    folders = (tmp_path / "web", tmp_path / "face")
    first = files_version(*folders)
    assert re.fullmatch(r"[0-9a-f]{12}", first) and files_version(*folders) == first
    (tmp_path / "web" / "js" / "a.js").write_text("export const a = 2;")
    changed = files_version(*folders)
    (tmp_path / "face" / "face.css").write_text("")
    added = files_version(*folders)
    (tmp_path / "face" / "face.css").rename(tmp_path / "face" / "other.css")
    renamed = files_version(*folders)
    assert len({first, changed, added, renamed}) == 4
    # The client's own version covers its files and the faces.
    faces = [f for f in (face_folder(g) for g in games()) if f is not None]
    assert len(faces) == 4 and client_version() == files_version(WEB, *faces)


def test_the_page_names_its_files_at_their_version(server: LiveServer) -> None:
    version = client_version()
    with httpx.Client(base_url=server.base) as web:
        page = web.get("/t/abc")
        assert page.status_code == 200
        assert page.headers["cache-control"] == "no-cache"
        assert page.headers["content-type"] == "text/html; charset=utf-8"
        _secured(page)
        source = (WEB / "index.html").read_text(encoding="utf-8")
        assert page.text == source.replace('"/static/', f'"/static/v/{version}/')
        assert f'<script type="module" src="/static/v/{version}/js/app.js"></script>' in page.text
        assert '"/static/js/' not in page.text
        again = web.get("/", headers={"If-None-Match": page.headers["etag"]})
        assert (again.status_code, again.content) == (304, b"")


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("js/app.js", "text/javascript; charset=utf-8"),
        ("css/app.css", "text/css; charset=utf-8"),
        ("favicon.svg", "image/svg+xml"),
        ("faces/cribbage/face.css", "text/css; charset=utf-8"),
    ],
)
def test_a_versioned_file_is_kept_for_good(server: LiveServer, path: str, kind: str) -> None:
    version = client_version()
    if path.startswith("faces/"):
        folder = face_folder("cribbage")
        assert folder is not None
        source = folder / "face.css"
    else:
        source = WEB / path
    with httpx.Client(base_url=server.base) as web:
        answer, sent = _raw(web, f"/static/v/{version}/{path}", **{"Accept-Encoding": "gzip"})
        assert answer.status_code == 200
        assert answer.headers["cache-control"] == IMMUTABLE
        assert IMMUTABLE == "public, max-age=31536000, immutable"
        assert answer.headers["content-type"] == kind
        body = gzip.decompress(sent) if "content-encoding" in answer.headers else sent
        assert body == source.read_bytes()
        _secured(answer)


def test_a_versioned_face_imports_the_client_at_its_version(server: LiveServer) -> None:
    version = client_version()
    folder = face_folder("kloepper")
    assert folder is not None
    source = (folder / "face.js").read_text(encoding="utf-8")
    with httpx.Client(base_url=server.base) as web:
        face = web.get(f"/static/v/{version}/faces/kloepper/face.js")
        assert face.status_code == 200
        assert face.headers["cache-control"] == IMMUTABLE
        assert face.headers["content-type"] == "text/javascript; charset=utf-8"
        assert face.text == source.replace('"/static/', f'"/static/v/{version}/')
        imports = re.findall(r'^import .* from "([^"]+)";$', face.text, re.M)
        assert imports == [
            f"/static/v/{version}/js/{m}.js" for m in ("cards", "dom", "i18n", "widgets")
        ]
        # The unversioned face is the file as it is, its imports unversioned too.
        assert web.get("/static/faces/kloepper/face.js").text == source


def test_another_version_is_served_revalidated_and_a_bad_one_is_missing(
    server: LiveServer,
) -> None:
    other = "0" * 12 if client_version() != "0" * 12 else "1" * 12
    with httpx.Client(base_url=server.base) as web:
        # An open page of an earlier release still gets the modules it loads later, never
        # kept for good (that address is not this release's).
        script = web.get(f"/static/v/{other}/js/table.js")
        assert script.status_code == 200
        assert script.headers["cache-control"] == "no-cache"
        assert script.content == (WEB / "js" / "table.js").read_bytes()
        face = web.get(f"/static/v/{other}/faces/calypso/face.js")
        assert face.headers["cache-control"] == "no-cache"
        assert f'from "/static/v/{other}/js/i18n.js"' in face.text
        again = web.get(
            f"/static/v/{other}/faces/calypso/face.js",
            headers={"If-None-Match": face.headers["etag"]},
        )
        assert again.status_code == 304
        for path in (
            "/static/v/nothex/js/app.js",
            f"/static/v/{client_version()}/js/nothing.js",
            f"/static/v/{client_version()}/faces/highcard/face.js",
            f"/static/v/{client_version()}/faces/cribbage/game.py",
            f"/static/v/{client_version()}/faces/cribbage/..%2Fgame.py",
            f"/static/v/{client_version()}/..%2F..%2Fserver/app.py",
        ):
            missing = web.get(path)
            assert missing.status_code == 404, path
            _secured(missing)


class Network:
    """Every request a page makes, from the DevTools protocol, as its path and whether the
    browser's memory or disk cache answered it (a file kept for good is still listed there,
    with no traffic)."""

    def __init__(self, page: Page) -> None:
        self.paths: dict[str, str] = {}
        self.cached: set[str] = set()
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        session.on("Network.requestWillBeSent", self._sent)
        session.on("Network.requestServedFromCache", self._from_cache)
        session.on("Network.responseReceived", self._answered)

    def _sent(self, event: dict[str, Any]) -> None:
        url = str(event["request"]["url"])
        if url.startswith("http"):
            self.paths[event["requestId"]] = "/" + url.split("/", 3)[3]

    def _from_cache(self, event: dict[str, Any]) -> None:
        self.cached.add(event["requestId"])

    def _answered(self, event: dict[str, Any]) -> None:
        if event["response"].get("fromDiskCache"):
            self.cached.add(event["requestId"])

    def asked(self) -> list[str]:
        """The paths that went to the server, in order."""
        return [path for rid, path in self.paths.items() if rid not in self.cached]

    def all(self) -> list[str]:
        return list(self.paths.values())


def test_a_warm_reload_asks_only_for_the_page_and_the_api(
    chromium: Browser, cardtable_server: Served
) -> None:
    base, version = cardtable_server.base, client_version()
    with context(chromium, locale="ja-JP", base_url=base) as made:
        page = made.new_page()
        errors = console_errors(page)
        sign_in(page, base, "Ann", language="ja")
        table = start_table(page, base, "kloepper", ["open", "medium", "medium", "medium"])
        network = Network(page)
        page.goto(f"{base}/t/{table['table']['id']}")
        page.wait_for_selector("#hand button.hand-card")
        page.wait_for_load_state("networkidle")
        cold = network.all()
        files = [p for p in cold if not p.startswith(("/api/", "/t/"))]
        # Every file at this release's version, each once: the face's imports are the very
        # modules the page loaded (one i18n.js, holding the Japanese words).
        assert files and all(p.startswith(f"/static/v/{version}/") for p in files), files
        assert len(files) == len(set(files))
        assert f"/static/v/{version}/faces/kloepper/face.js" in files
        assert [p for p in files if p.endswith("/i18n.js")] == [f"/static/v/{version}/js/i18n.js"]
        network.paths.clear()
        page.reload()
        page.wait_for_selector("#hand button.hand-card")
        page.wait_for_load_state("networkidle")
        warm = network.asked()
        assert [p for p in warm if p.startswith("/static/")] == [], warm
        assert warm[0] == f"/t/{table['table']['id']}"
        assert {p for p in network.all() if p.startswith("/static/")} == set(files)
        # The face drew its words in Japanese: the page's strings reached the face's module.
        assert page.locator("html").get_attribute("lang") == "ja"
        assert errors == []
