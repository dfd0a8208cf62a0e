"""Deals anyone can verify, end to end on a real server (issue 28): the commitment in the first
view, scripted clients contribute, a second contribution and a spectator's are refused, the game
starts and its record verifies (a tampered one fails with the exact reason); a restarted server
takes the contributions from the database and rebuilds the same deal; ``cardtable verify``
checks a good and a tampered record."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.server.app import COOKIE
from cardtable.server.protocol import ViewOut
from cardtable.table.deal_check import verify
from cardtable.table.fair_deal import commitment, derive_seed
from server_harness import LiveServer, Player

ANN = "a1" * 32
BOB = "b2" * 32
HEX64 = re.compile(r"^[0-9a-f]{64}$")


async def _made(ann: Player, bob: Player, seats: list[str]) -> str:
    made = await ann.post(
        "/api/tables", {"game": "cribbage", "options": {"target": 61}, "seats": seats}
    )
    assert made.status_code == 200, made.text
    table = str(made.json()["table"]["id"])
    if seats.count("open") > 1:
        assert (await bob.post(f"/api/tables/{table}/sit")).status_code == 200
    return table


async def _error(client: Player) -> dict[str, Any]:
    return await client.until("error")


def test_contributions_make_a_deal_the_record_verifies(tmp_path: Path) -> None:
    async def scenario(server: LiveServer) -> dict[str, Any]:
        ann, bob, watcher = [await Player(server.base, n).guest() for n in ("Ann", "Bob", "W")]
        table = await _made(ann, bob, ["open", "open"])
        for client in (ann, bob, watcher):
            await client.connect(table)
        first = [await c.until("view", seats=True) for c in (ann, bob, watcher)]
        shown = first[0]["commitment"]
        assert HEX64.match(shown)
        assert [f["commitment"] for f in first] == [shown] * 3
        assert [f["contributed"] for f in first] == [False, False, None]
        ViewOut.model_validate(first[0])

        await ann.send({"type": "contribute", "value": ANN.upper()})
        view = await ann.until("view", seats=True)
        assert (view["commitment"], view["contributed"]) == (shown, True)
        await ann.send({"type": "contribute", "value": BOB})
        assert await _error(ann) == {
            "type": "error",
            "code": "contributed",
            "message": "you have already contributed to this deal: a seat contributes once",
        }
        await watcher.send({"type": "contribute", "value": BOB})
        assert await _error(watcher) == {
            "type": "error",
            "code": "not-seated",
            "message": "only a seated player contributes to the deal",
        }
        await bob.send({"type": "contribute", "value": "xyz"})
        assert (await _error(bob))["message"] == "a contribution must be 64 hex digits (32 bytes)"
        await bob.send({"type": "contribute", "value": BOB})
        assert (await bob.until("view", seats=True))["contributed"] is True

        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        await bob.send({"type": "contribute", "value": ANN})
        assert (await _error(bob))["code"] == "started"
        rng = random.Random(5)
        await asyncio.gather(ann.play_out(rng), bob.play_out(random.Random(6)))
        record: dict[str, Any] = (await ann.http.get(f"/api/tables/{table}/record")).json()
        for client in (ann, bob, watcher):
            await client.close()
        return record | {"shown": shown}

    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as server:
        record = asyncio.run(scenario(server))
    shown = record.pop("shown")
    fair = record["meta"]["fair_deal"]
    assert fair["commitment"] == shown == commitment(fair["secret"])
    assert fair["contributions"] == [ANN, BOB]
    assert record["seed"] == fair["seed"] == derive_seed(fair["secret"], [ANN, BOB])
    report = verify(record, commitment_seen=shown[:8], contribution=BOB)
    assert report.ok, report.failure
    assert report.checked[-1] == "the record's result is the replay's"
    tampered = json.loads(json.dumps(record))
    tampered["meta"]["fair_deal"]["contributions"][1] = ANN
    assert verify(tampered).failure == (
        f"the record's meta.fair_deal.seed is {fair['seed']}, but the secret and contributions "
        f"give {derive_seed(fair['secret'], [ANN, ANN])}"
    )

    # The command line: exit 0 with each check, exit 1 with what failed.
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record))
    bad.write_text(json.dumps(tampered))
    runner = CliRunner()
    passed = runner.invoke(app, ["verify", str(good), "--commitment", shown[:12]])
    assert passed.exit_code == 0, passed.output
    assert passed.output.splitlines()[0] == (
        f"✓ the commitment {shown[:16]} is the SHA-256 of the secret"
    )
    assert passed.output.splitlines()[-1] == "Deal verified."
    failed = runner.invoke(app, ["verify", str(bad)])
    assert failed.exit_code == 1
    assert failed.output.splitlines()[-2:] == [
        "✗ " + str(verify(tampered).failure),
        "Deal not verified.",
    ]
    assert "Traceback" not in failed.output


def _again(server: LiveServer, cookie: str) -> Player:
    """The same person's browser on another server process (their cookie carried over)."""
    player = Player(server.base, "Ann")
    player.cookie = cookie
    player.http.cookies.set(COOKIE, cookie)
    return player


def test_a_restarted_server_keeps_the_contributions_and_rebuilds_the_deal(
    tmp_path: Path,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'server.db'}"

    async def contribute(server: LiveServer) -> tuple[str, str]:
        ann = await Player(server.base, "Ann").guest()
        table = await _made(ann, ann, ["open", "rules"])
        await ann.connect(table)
        await ann.until("view", seats=True)
        await ann.send({"type": "contribute", "value": ANN})
        assert (await ann.until("view", seats=True))["contributed"] is True
        await ann.close()
        return ann.cookie, table

    async def start(server: LiveServer, cookie: str, table: str) -> list[str]:
        ann = _again(server, cookie)
        await ann.connect(table)
        again = await ann.until("view", seats=True)
        assert again["contributed"] is True  # after a restart (a reload) too
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        view = await ann.until("view")
        await ann.close()
        return list(view["observation"]["hand"])

    async def look(server: LiveServer, cookie: str, table: str) -> list[str]:
        ann = _again(server, cookie)
        await ann.connect(table)
        view = await ann.until("view")
        await ann.close()
        return list(view["observation"]["hand"])

    with LiveServer(url) as server:
        cookie, table = asyncio.run(contribute(server))
    with LiveServer(url) as server:
        dealt = asyncio.run(start(server, cookie, table))
    with LiveServer(url) as server:
        rebuilt = asyncio.run(look(server, cookie, table))
        deal = server.app.state.hub.rooms[table].table.deal
    assert len(dealt) == 6 and rebuilt == dealt
    assert deal["contributions"] == [ANN, None]
    assert deal["seed"] == derive_seed(deal["secret"], [ANN, None])
