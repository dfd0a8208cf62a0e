"""The browser client's ground floor: Debian's Chromium loads the page that ``cardtable serve``
serves at ``/``, under its security headers, asking no other host for anything; and the
harness's own skip-or-fail rule."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser_harness import (
    FrameLog,
    Served,
    console_errors,
    context,
    foreign_requests,
    need_chromium,
    request_log,
    run_async,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytest_plugins = ["browser_harness"]


def test_the_page_loads_under_its_policy_and_asks_no_other_host(
    page: Page, cardtable_server: Served, tmp_path: Path
) -> None:
    errors = console_errors(page)
    urls = request_log(page)
    frames = FrameLog(page)
    response = page.goto("/")
    assert response is not None
    assert response.status == 200, cardtable_server.log
    assert page.title() == "cardtable"
    assert "text/html" in response.headers.get("content-type", "")
    policy = response.headers.get("content-security-policy", "")
    assert "default-src 'self'" in policy
    page.wait_for_load_state("networkidle")
    assert urls and urls[0] == cardtable_server.url("/")
    assert foreign_requests(urls) == []
    assert foreign_requests(frames.sockets) == []
    shot = tmp_path / "index.png"
    page.screenshot(path=shot, full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert errors == []


def test_a_context_takes_its_locale_and_window(chromium: Browser) -> None:
    with context(chromium, locale="ja-JP", viewport=(390, 844)) as made:
        tab = made.new_page()
        tab.set_content("<p>x</p>")
        assert tab.evaluate("navigator.language") == "ja-JP"
        assert tab.evaluate("[innerWidth, innerHeight]") == [390, 844]


def test_scripted_coroutines_run_beside_the_browser(chromium: Browser) -> None:
    # Playwright's sync API holds this thread's event loop: asyncio.run would fail here.
    async def seven() -> int:
        return 7

    assert run_async(seven()) == 7


def test_without_chromium_a_local_run_skips_and_ci_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    absent = str(tmp_path / "no-chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"apt-get install -y chromium"):
        need_chromium(absent)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(RuntimeError, match=r"missing in CI.*apt-get install -y chromium"):
        need_chromium(absent)
    present = tmp_path / "chromium"
    present.write_text("#!/bin/sh\n")
    present.chmod(0o755)
    need_chromium(str(present))  # and Playwright, a dev dependency, is there
