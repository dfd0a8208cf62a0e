"""Players read words at the wire too (issue 24): no text of the websocket's views of a whole
game of each game (status, legal moves' words, events' text, warnings, refusals, the reason of
a refused move, a hint, the result), in English and Japanese, holds a move's notation or a seat
number counted from 0. The notation travels only as ``move``, to be sent back."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_harness import LiveServer, Player
from test_words import _bad as bad_texts

GAMES = [
    ("cribbage", {"target": 61}, ["open", "rules"]),
    ("krypkasino", {"players": 2, "deals": 1}, ["open", "rules"]),
    ("kloepper", {"target": 4}, ["open", "rules", "rules", "rules"]),
    ("calypso", {}, ["open", "rules", "rules", "rules"]),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("words")
    with LiveServer(f"sqlite+aiosqlite:///{folder / 'server.db'}") as live:
        yield live


def _texts(frame: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every text a player may read in one frame, with where it is."""
    kind = frame["type"]
    if kind == "view":
        for key in ("status_text", "prompt", "result_text", "result_note"):
            yield key, frame[key] or ""
        for event in frame["events"]:
            yield f"event {event['type']}", event["text"]
        for entry in frame["legal"]:
            yield f"words of {entry['move']}", entry["words"]
            yield f"warning of {entry['move']}", entry["warn"] or ""
        for player in frame["players"]:
            yield "a player's name", player["name"]
    elif kind == "error":
        yield f"error {frame['code']}", frame["message"]
    elif kind == "why":
        yield f"why {frame['move']}", frame["reason"] or ""
    elif kind == "hint":
        yield "hint", frame["words"]


def _absent(frame: dict[str, Any]) -> str:
    """A move shaped like the first legal one, naming cards the seat does not hold (a
    browser sends only legal moves; this is what a stale or forged one is told); it may
    happen to be legal."""
    hand = set(frame["observation"].get("hand") or [])
    spare = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "2")]
    spare = [c for c in spare if c not in hand]
    words = []
    for word in frame["legal"][0]["move"].split():
        words.append(spare.pop(0) if word[-1:] in "SHDC" and word[:-1] else word)
    return " ".join(words)


async def _whole_game(
    server: LiveServer, game: str, options: dict[str, Any], seats: list[str], language: str
) -> list[dict[str, Any]]:
    ann = await Player(server.base, "Ann", language).guest()
    made = await ann.post("/api/tables", {"game": game, "options": options, "seats": seats})
    assert made.status_code == 200, made.text
    table = made.json()["table"]["id"]
    await ann.connect(table)
    assert (await ann.post(f"/api/tables/{table}/start")).status_code == 200
    rng = random.Random(5)
    asked = 0
    try:
        while True:
            frame = await ann.receive(60)
            if frame["type"] == "error" and frame["code"] == "too-fast":
                await asyncio.sleep(0.2)
                await ann.send({"type": "sync"})
                continue
            if frame["type"] != "view" or frame["status"] == "open":
                continue
            if frame["status"] == "over":
                return ann.frames
            if not frame["legal"]:
                continue
            ply = frame["ply"]
            wrong = _absent(frame)
            # Not any legal move: an absent card may still make one (Kloepper's call of an
            # ace the seat does not hold is legal), and played it would end the seat's turn.
            if asked < 3 and wrong not in {entry["move"] for entry in frame["legal"]}:
                # A move the game refuses, why it would, and a hint: their texts too.
                asked += 1
                await ann.send({"type": "why", "move": wrong})
                await ann.until("why")
                await ann.send({"type": "move", "ply": ply, "move": wrong})
                if asked == 1:
                    await _hint(ann, ply)
                await asyncio.sleep(0.3)  # a person's pace: the rate limit is not the point
            choice = rng.choice(frame["legal"])["move"]
            await ann.send({"type": "move", "ply": ply, "move": choice})
    finally:
        await ann.close()


async def _hint(ann: Any, ply: int) -> None:
    """Ask for a hint and wait for it (a loaded machine may be slow: up to a minute, as for
    every frame here); the refused move's error is passed over, and any other refusal fails
    the test with its frame instead of a silent timeout."""
    await ann.send({"type": "hint", "ply": ply})
    while True:
        frame = await ann.receive(60)
        if frame["type"] == "hint":
            return
        if frame["type"] == "error" and frame["code"] == "too-fast":
            await asyncio.sleep(0.2)
            await ann.send({"type": "hint", "ply": ply})
            continue
        assert frame["type"] != "error" or frame["code"] == "illegal-move", frame


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("game", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_every_text_at_the_wire_is_in_words(
    server: LiveServer, game: str, options: dict[str, Any], seats: list[str], language: str
) -> None:
    frames = asyncio.run(_whole_game(server, game, options, seats, language))
    kinds = {f["type"] for f in frames}
    assert {"view", "why", "error", "hint"} <= kinds
    assert frames[-1]["status"] == "over" and frames[-1]["result_text"]
    read = 0
    for frame in frames:
        for where, text in _texts(frame):
            read += 1
            assert not bad_texts(text), f"{game} ({language}), {where}: {text!r}"
    assert read > 100
    names = {p["name"] for p in frames[-1]["players"]}
    assert "Ann" in names
