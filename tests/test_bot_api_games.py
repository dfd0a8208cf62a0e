"""A bot account plays a whole game of every game through the bot API (issue 28): invited by
name, seated by taking up the invitation, connected with its token, against people (scripted
clients) and built-in bots; its name is marked as a bot's in the seats, the lobby and the
record, and it saw its own seat only."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot_api_harness import BotPlayer, make_bot, person
from cardtable.records import from_record
from cardtable.server.accounts_rules import ARGON2_ENV
from cardtable.server.protocol import ViewOut
from server_harness import LiveServer, Player

GAMES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("cribbage", {"target": 61}, ["open", "open"]),
    ("calypso", {}, ["open", "open", "rules", "open"]),
    ("kloepper", {"target": 6}, ["open", "open", "random", "rules"]),
    ("krypkasino", {"players": 3, "deals": 1}, ["open", "open", "rules"]),
]


@pytest.fixture(autouse=True)
def cheap_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ARGON2_ENV, "t=1,m=8,p=1")


@pytest.mark.parametrize(("name", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_a_bot_account_plays_a_whole_game_with_people_and_bots(
    tmp_path: Path, name: str, options: dict[str, Any], seats: list[str]
) -> None:
    async def scenario(server: LiveServer) -> None:
        ann = await person(server.base, "Ann")
        _bot_id, token = await make_bot(ann, "Robo")
        bot = BotPlayer(server.base, token)
        made = await ann.post("/api/tables", {"game": name, "options": options, "seats": seats})
        table = made.json()["table"]["id"]
        invited = await ann.post(f"/api/tables/{table}/invitations", {"bot": "robo", "seat": 1})
        assert invited.status_code == 200, invited.text
        assert (await bot.accept_first())["seat"] == 1
        others: list[Player] = []
        for _seat in range(seats.count("open") - 2):
            other = await Player(server.base, f"P{len(others)}").guest()
            assert (await other.post(f"/api/tables/{table}/sit")).status_code == 200
            others.append(other)
        people = [ann, *others]
        for client in [*people, bot]:
            await client.connect(table)
        assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
        lobby = (await ann.http.get("/api/lobby")).json()["playing"]
        assert [s["name"] for s in lobby[0]["seats"]][:2] == ["Ann", "BOT Robo"]
        rng = random.Random(11)
        finals = await asyncio.gather(
            *(p.play_out(random.Random(rng.random())) for p in [*people, bot])
        )
        record = (await ann.http.get(f"/api/tables/{table}/record")).json()
        state = from_record(record)
        assert state.is_over
        assert record["meta"]["players"][:2] == ["Ann", "BOT Robo"]
        for final in finals:
            ViewOut.model_validate(final)
            assert final["result"]["scores"] == state.scores
            assert final["ply"] == len(state.history)
        views = [f for f in bot.frames if f["type"] == "view" and f["status"] != "open"]
        assert {v["seat"] for v in views} == {1}
        assert views[-1]["players"][1] | {"online": True} == {
            "seat": 1,
            "kind": "human",
            "name": "BOT Robo",
            "account": "bot",
            "online": True,
            "clock_ms": None,
            "out_of_time": False,
        }
        assert _seats_of(record).count(1) > 0  # the bot's own moves
        for client in [*people, bot]:
            await client.close()

    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as server:
        asyncio.run(scenario(server))


def _seats_of(record: dict[str, Any]) -> list[int]:
    """The seat of each move of a record, replayed."""
    from cardtable.registry import load

    game = load(record["game"], **record["options"])
    state = game.new_state(seed=record["seed"], decks=record.get("decks"))
    seats = []
    for text in record["moves"]:
        seats.append(state.to_move if state.to_move is not None else -1)
        state.apply(state.game.read_move(text, state.legal_moves()))
    return seats
