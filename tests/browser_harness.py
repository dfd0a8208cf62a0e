"""The browser tests' tools: a real ``cardtable serve`` child process, Debian's Chromium driven by
Playwright, and what a test watches on a page (websocket frames, JavaScript errors, requests).

Playwright's own browser download is not used: the browser is Debian's ``chromium`` package at
:data:`CHROMIUM`. Without it (or without the ``playwright`` package) the browser tests skip
locally and fail in CI (``CI`` set). A test module takes the fixtures with
``pytest_plugins = ["browser_harness"]`` (importing a fixture by name trips ruff's F401/F811).

While Playwright's sync API is started, the thread counts as running an event loop, so
``asyncio.run`` fails in it: the browser is therefore per module (its launch is well under a
second), and a test that drives scripted :class:`server_harness.Player` clients next to the
browser runs their coroutines with :func:`start_async` or :func:`run_async`, in a thread of
its own (one coroutine for a player's whole life: its connections belong to that loop).
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit

import httpx
import pytest

from server_harness import free_port

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        ConsoleMessage,
        Error,
        Page,
        Request,
        WebSocket,
    )

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "WITH_HIGHCARD",
    "FrameLog",
    "Served",
    "cardtable_server",
    "chromium",
    "console_errors",
    "context",
    "foreign_requests",
    "launch_chromium",
    "need_chromium",
    "page",
    "request_log",
    "run_async",
    "serve_for_browser",
    "start_async",
]

T = TypeVar("T")

CHROMIUM = "/usr/bin/chromium"
# Headless, as root (no sandbox then), with no GPU and nothing that phones home: the test
# machines have no network past the loopback. /dev/shm is small in containers.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
INSTALL = (
    "install it with: apt-get update && apt-get install -y chromium; "
    "and Playwright with: .venv/bin/pip install -e '.[dev]' (never `playwright install`)"
)
LOOPBACK = "127.0.0.1"


def need_chromium(executable: str = CHROMIUM) -> None:
    """Skip the test when Chromium or Playwright is missing; in CI (``CI`` set), fail."""
    missing = []
    if not os.access(executable, os.X_OK):
        missing.append(f"Chromium ({executable})")
    if importlib.util.find_spec("playwright") is None:
        missing.append("the playwright package")
    if not missing:
        return
    what = " and ".join(missing)
    if os.environ.get("CI"):
        raise RuntimeError(f"{what} missing in CI; {INSTALL}")
    pytest.skip(f"{what} not installed; {INSTALL}")


# ---------------------------------------------------------------------------------- server


@dataclass(frozen=True)
class Served:
    """A ``cardtable serve`` child process and where it answers."""

    process: subprocess.Popen[bytes]
    port: int
    folder: Path

    @property
    def base(self) -> str:
        """``http://127.0.0.1:<port>``, with no slash at the end."""
        return f"http://{LOOPBACK}:{self.port}"

    def url(self, path: str = "/") -> str:
        return self.base + path

    @property
    def log(self) -> str:
        """What the server printed so far (its stdout and stderr)."""
        return (self.folder / "server.log").read_text(errors="replace")


#: ``cardtable`` with the test-only fifth game registered (``tests/highcard_serve.py``).
WITH_HIGHCARD = Path(__file__).resolve().parent / "highcard_serve.py"


@contextmanager
def serve_for_browser(
    folder: Path, bot_pause: float = 0.05, program: Path | None = None, port: int | None = None
) -> Iterator[Served]:
    """``cardtable serve`` on a free loopback port (or ``port``) with an SQLite database in
    ``folder``, answering when this yields; stopped (its bot processes too) afterwards.
    ``program``: a script to run in place of ``python -m cardtable`` (:data:`WITH_HIGHCARD`).
    Started again on the same port and folder, it is the same server restarted: the pages
    reconnect to it."""
    port = free_port() if port is None else port
    database = f"sqlite+aiosqlite:///{folder / 'server.db'}"
    env = dict(os.environ, CARDTABLE_DATA_DIR=str(folder), CARDTABLE_SECRET="test-secret")
    env.pop("CARDTABLE_DATABASE_URL", None)
    start = ["-m", "cardtable"] if program is None else [str(program)]
    command = [
        sys.executable,
        *start,
        "serve",
        "--host",
        LOOPBACK,
        "--port",
        str(port),
        "--database-url",
        database,
        "--bot-pause",
        str(bot_pause),
        "--bot-workers",
        "1",
    ]
    # A file, not a pipe: a pipe nobody reads would block a talkative server. Appended to: a
    # restarted server's log follows the first one's.
    with (folder / "server.log").open("ab") as log:
        process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    served = Served(process, port, folder)
    try:
        _wait_until_answering(served)
        yield served
    finally:
        _stop(process)


def _wait_until_answering(served: Served, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    with httpx.Client(trust_env=False, timeout=1) as client:
        while time.monotonic() < deadline:
            if served.process.poll() is not None:
                raise RuntimeError(f"the server exited: {served.log}")
            try:
                client.get(served.url("/api/me"))
                return
            except httpx.TransportError:
                time.sleep(0.1)
    raise RuntimeError(f"the server did not answer in {timeout} s: {served.log}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        # SIGINT is Ctrl-C: uvicorn shuts down and the hub closes its bot processes.
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


@pytest.fixture(scope="module")
def cardtable_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One server per test module (bots pause 0.05 s); ``cardtable_server.base`` is its URL."""
    with serve_for_browser(tmp_path_factory.mktemp("served")) as served:
        yield served


# --------------------------------------------------------------------------------- browser


@contextmanager
def launch_chromium(executable: str = CHROMIUM, headless: bool = True) -> Iterator[Browser]:
    """Debian's Chromium under Playwright, closed (and Playwright stopped) afterwards."""
    need_chromium(executable)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=headless, args=list(CHROMIUM_ARGS)
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """The browser, one per test module (see the module's note on event loops)."""
    with launch_chromium() as browser:
        yield browser


@contextmanager
def context(
    browser: Browser,
    locale: str = "en-US",
    viewport: tuple[int, int] = (1280, 800),
    base_url: str | None = None,
    **options: Any,
) -> Iterator[BrowserContext]:
    """A fresh browser profile (cookies, storage) with this locale and window size; closed
    afterwards. ``options`` go to Playwright's ``new_context`` (``color_scheme="dark"``...)."""
    width, height = viewport
    made = browser.new_context(
        locale=locale,
        viewport={"width": width, "height": height},
        base_url=base_url,
        **options,
    )
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def page(chromium: Browser, cardtable_server: Served) -> Iterator[Page]:
    """A page in a fresh English context whose relative URLs go to the module's server."""
    with context(chromium, base_url=cardtable_server.base) as made:
        yield made.new_page()


# ------------------------------------------------------------------------------- watching


def _text(payload: bytes | str) -> str:
    return payload if isinstance(payload, str) else payload.decode("utf-8", errors="replace")


class FrameLog:
    """Every websocket frame of a page, as text, in order: attach before ``page.goto``.

    Playwright delivers events while the test waits in a Playwright call; :meth:`wait_for`
    waits in one.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.sockets: list[str] = []
        self.received: list[str] = []
        self.sent: list[str] = []
        page.on("websocket", self._opened)

    def _opened(self, socket: WebSocket) -> None:
        self.sockets.append(socket.url)
        socket.on("framereceived", lambda payload: self.received.append(_text(payload)))
        socket.on("framesent", lambda payload: self.sent.append(_text(payload)))

    def received_containing(self, needle: str) -> list[str]:
        """The received frames whose text contains ``needle`` (a hidden card's code, say)."""
        return [frame for frame in self.received if needle in frame]

    def wait_for(self, found: Callable[[list[str]], bool], timeout: float = 10) -> None:
        """Wait until ``found(self.received)`` holds; fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not found(self.received):
            if time.monotonic() > deadline:
                tail = self.received[-3:]
                raise AssertionError(f"no such frame in {timeout} s; the last ones: {tail}")
            self.page.wait_for_timeout(50)


def console_errors(page: Page, api_refusals: bool = False) -> list[str]:
    """A list that fills with the page's console errors and uncaught exceptions; assert it
    empty at the end of a test.

    Chromium logs every 4xx answer as a console error ("Failed to load resource"), the 401 of
    ``/api/me`` before a guest has a name too; the API's refusals are answers the client
    handles, so they are left out unless ``api_refusals``. A missing static file stays in.
    """
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        url = message.location.get("url", "")
        if not api_refusals and _api_refusal(message.text, url):
            return
        errors.append(f"console: {message.text} ({url})")

    def on_error(error: Error) -> None:
        errors.append(f"uncaught: {error}")

    page.on("console", on_console)
    page.on("pageerror", on_error)
    return errors


def _api_refusal(text: str, url: str) -> bool:
    """Whether a console line is Chromium's note of a 4xx answer of the API.

    >>> note = "Failed to load resource: the server responded with a status of 401 (Unauthorized)"
    >>> _api_refusal(note, "http://127.0.0.1:8/api/me"), _api_refusal(note, "http://h/static/a.js")
    (True, False)
    """
    status = re.search(r"responded with a status of (\d{3})", text)
    return (
        text.startswith("Failed to load resource")
        and status is not None
        and status.group(1).startswith("4")
        and urlsplit(url).path.startswith("/api/")
    )


def request_log(page: Page) -> list[str]:
    """A list that fills with the URL of every request the page makes (websockets apart:
    :attr:`FrameLog.sockets` has those)."""
    urls: list[str] = []

    def on_request(request: Request) -> None:
        urls.append(request.url)

    page.on("request", on_request)
    return urls


def foreign_requests(urls: list[str], host: str = LOOPBACK) -> list[str]:
    """The URLs that leave ``host`` (``data:`` and ``blob:`` URLs stay in the page).

    >>> foreign_requests(["http://127.0.0.1:8/a", "data:,x", "https://cdn.example/x.js"])
    ['https://cdn.example/x.js']
    """
    return [
        url
        for url in urls
        if urlsplit(url).scheme not in ("data", "blob", "about") and urlsplit(url).hostname != host
    ]


def start_async(coroutine: Coroutine[Any, Any, T]) -> Future[T]:
    """Start a coroutine (scripted players, say) in a thread with an event loop of its own,
    while the test goes on in the browser: the test's thread has Playwright's loop, where
    ``asyncio.run`` fails. ``.result(timeout)`` waits for its value (or its exception)."""
    future: Future[T] = Future()

    def target() -> None:
        try:
            future.set_result(asyncio.run(coroutine))
        except BaseException as err:
            future.set_exception(err)

    threading.Thread(target=target, daemon=True).start()
    return future


def run_async(coroutine: Coroutine[Any, Any, T], timeout: float = 60) -> T:
    """:func:`start_async` and wait for its value."""
    return start_async(coroutine).result(timeout)
