"""The lobby's bot panel in Debian's Chromium (issue 28): a person with an account makes a bot
and a second token through it, each token shown once with a Copy button and a warning, revokes
one, and axe-core finds nothing critical or serious on the panel."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from axe_playwright_python.sync_playwright import Axe

from browser_harness import Served, console_errors, serve_for_browser
from browser_play import sign_in
from cardtable.server.accounts_rules import ARGON2_ENV

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytest_plugins = ["browser_harness"]

GRAVE = ("critical", "serious")


@pytest.fixture(scope="module")
def cardtable_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The module's server, hashing passwords cheaply (one account is made)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(os.environ, ARGON2_ENV, "t=1,m=8,p=1")
        with serve_for_browser(tmp_path_factory.mktemp("served")) as served:
            yield served


def _grave(page: Page) -> list[str]:
    found = Axe().run(page, context="section.bot-accounts").response["violations"]
    return [
        f"{v['impact']} {v['id']} at {[n['target'] for n in v['nodes']][:6]}"
        for v in found
        if v["impact"] in GRAVE
    ]


def test_a_person_makes_a_bot_and_its_tokens_in_the_panel(
    page: Page, cardtable_server: Served
) -> None:
    errors = console_errors(page)
    base = cardtable_server.base
    sign_in(page, base, "Ann")
    made = page.request.post(
        f"{base}/api/account", data={"login": "ann", "password": "correct horse battery"}
    )
    assert made.ok, made.text()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/")
    panel = page.locator("section.bot-accounts")
    panel.wait_for()
    assert panel.get_by_text("You have no bots yet.").is_visible()

    panel.get_by_text("Make a bot", exact=True).first.click()  # the disclosure
    panel.get_by_label("Bot name").fill("Robo")
    panel.get_by_role("button", name="Make a bot").click()
    first = panel.get_by_label("New token of BOT Robo")
    first.wait_for()
    token = first.input_value()
    assert token.startswith("ctb_") and len(token) == 47
    assert panel.get_by_text("Copy it now: it is shown only this once.").is_visible()
    panel.get_by_role("button", name="Copy").click()
    panel.get_by_role("status").filter(has_text="Copied.").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == token
    assert panel.locator("ul.bots > li > strong").all_text_contents() == ["BOT Robo"]
    assert panel.locator("ul.bot-tokens code").all_text_contents() == [f"{token[:12]}…"]

    panel.get_by_role("button", name="New token for BOT Robo").click()
    page.wait_for_function(
        "first => document.querySelector('.new-token input').value !== first", arg=token
    )
    second = panel.get_by_label("New token of BOT Robo").input_value()
    assert second.startswith("ctb_") and second != token
    codes = panel.locator("ul.bot-tokens code")
    codes.nth(1).wait_for()
    assert codes.all_text_contents() == [f"{token[:12]}…", f"{second[:12]}…"]
    assert _grave(page) == []

    panel.get_by_role("button", name=f"Revoke token {token[:12]} of BOT Robo").click()
    panel.locator("ul.bot-tokens li", has_text="revoked").wait_for()
    listing = page.request.get(f"{base}/api/bots").json()["bots"][0]["tokens"]
    assert [(t["prefix"], t["revoked_at"] is not None) for t in listing] == [
        (token[:12], True),
        (second[:12], False),
    ]
    assert panel.get_by_role("button", name=f"Revoke token {second[:12]} of BOT Robo").count() == 1
    assert _grave(page) == []
    assert errors == []
