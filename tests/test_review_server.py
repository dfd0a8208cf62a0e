"""The review of a finished game over HTTP (issue 26): worked out in the bot pool, asked for
again until done, the same as the review worked out here, kept per table and seat."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.bots.review import review_game
from cardtable.bots.review_words import review_words
from cardtable.i18n import using_language
from cardtable.server import review as server_review
from cardtable.table.errors import TableError
from cardtable.table.view import bot_name
from server_harness import LiveServer, Player


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as live:
        yield live


async def _until_done(player: Player, table: str, seat: int) -> list[dict[str, Any]]:
    """Every answer to the review of ``seat`` until it is done."""
    answers = []
    for _ in range(600):
        answer = await player.http.get(f"/api/tables/{table}/review", params={"seat": seat})
        assert answer.status_code == 200, answer.text
        answers.append(answer.json())
        if answers[-1]["status"] != "working":
            return answers
        await asyncio.sleep(0.1)
    raise AssertionError("the review was never done")


def test_a_finished_game_is_reviewed_in_the_pool(server: LiveServer) -> None:
    async def scenario() -> None:
        ann = await Player(server.base, "Ann").guest()
        made = await ann.post(
            "/api/tables",
            {"game": "cribbage", "options": {"target": 61}, "seats": ["open", "rules"]},
        )
        table = made.json()["table"]["id"]
        await ann.connect(table)
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        early = await ann.http.get(f"/api/tables/{table}/review", params={"seat": 0})
        assert early.status_code == 409
        assert early.json()["error"]["code"] == "not-over"
        await ann.play_out(random.Random(3))
        record = (await ann.http.get(f"/api/tables/{table}/record")).json()
        answers = await _until_done(ann, table, 0)
        done = answers[-1]
        assert done["status"] == "done" and done["complete"]
        expected = review_words(review_game(record, 0), record, ["Ann", "rules bot"])
        assert {k: v for k, v in done.items() if k != "status"} == expected
        # Cribbage's expert searches its pegging: those lines carry a loss worked out in the pool.
        assert done["lines"] and any(line["loss"] is not None for line in done["lines"])
        for step in answers[:-1]:
            assert step["summary"].startswith("The expert is weighing the decisions: ")
        # Kept: asked again, the same answer at once.
        again = await ann.http.get(f"/api/tables/{table}/review", params={"seat": 0})
        assert again.json() == done
        # In the asker's language, with the same figures.
        cy = await Player(server.base, "Cy", "ja").guest()
        answer = await cy.http.get(f"/api/tables/{table}/review", params={"seat": 0})
        with using_language("ja"):
            names = ["Ann", bot_name("rules")]
            assert answer.json() == {
                **review_words(review_game(record, 0), record, names),
                "status": "done",
            }
        for bad in ("2", "-1"):
            answer = await ann.http.get(f"/api/tables/{table}/review", params={"seat": bad})
            assert answer.status_code == 400, bad
            assert answer.json()["error"]["code"] == "bad-seat"
        answer = await ann.http.get(f"/api/tables/{table}/review", params={"seat": "x"})
        assert answer.status_code == 400
        assert (await ann.http.get("/api/tables/nope/review")).status_code == 404
        await ann.close()
        await cy.close()

    asyncio.run(scenario())


def test_reviews_past_the_bound_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    reviews = server_review.Reviews()
    monkeypatch.setattr(server_review, "MAX_WAITING", 0)
    state = cardtable.load("cribbage", target=61).new_state(seed=1)
    with pytest.raises(TableError) as refused:
        reviews.job(("T", 0), state.to_record(), None)  # type: ignore[arg-type]
    assert refused.value.code == "too-fast"
