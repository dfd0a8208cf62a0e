"""Shared test set-up: the commands run in English unless a test asks for another language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable.bots import levels
from cardtable.i18n import set_language


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # The command line reads the locale: a developer's Japanese locale must not change what
    # the tests expect, and no test may leave another language behind for the next.
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def bots_as_they_were() -> Iterator[None]:
    # Tests (and the examples and docs they run) register bots of their own: a trained policy,
    # OpenSpiel's ISMCTS. None may stay for the next test, nor for the doctests that list bots.
    before = dict(levels._EXTRA)
    yield
    levels._EXTRA.clear()
    levels._EXTRA.update(before)
