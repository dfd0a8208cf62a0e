"""No secrets on the wire (issue 15): every frame a seat (or a spectator) receives is the same in
a twin deal that differs only in cards that seat cannot see; refused moves from any seat (out of
turn, stale, malformed, naming a card it cannot see) get the same answers in both twins; and
nothing sent before the end names the seed. A fair deal's frames before the end carry its public
commitment (each table its own) and no secret, seed or contribution."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.cards import card_str
from cardtable.server.protocol import TableIn
from cardtable.table.fair_deal import commitment
from contract import ContractRun, cards_named, random_decks, reference_cards, twin
from server_harness import LiveServer, Player

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("cribbage", {}, 9),
    ("calypso", {}, 14),
    ("kloepper", {}, 11),
    ("krypkasino", {"players": 3}, 10),
]


def partial_game(name: str, options: dict[str, Any], moves: int, seed: int) -> ContractRun:
    """A game dealt from explicit packs, ``moves`` random moves into its first deal."""
    rng = random.Random(seed)
    game = cardtable.load(name, **options)
    reference = reference_cards(game)
    decks = random_decks(game, reference, rng, 4)
    state = game.new_state(seed=seed, decks=decks)
    run = ContractRun(game, seed, decks, reference, state, rng)
    for _ in range(moves):
        legal = state.legal_moves()
        assert state.to_move is not None
        run.turns.append(state.to_move)
        state.apply(legal[int(rng.random() * len(legal))])
    return run


def notation_examples(game: Any) -> set[int]:
    """The cards the game's notation help names as examples ("C a card such as 5H")."""
    try:
        game.read_move("fly me to the moon")
    except cardtable.CardtableError as err:
        return cards_named(str(err))
    raise AssertionError("a malformed move was read")


def deal_of(state: Any) -> dict[str, Any]:
    record = state.to_record()
    return {"seed": record["seed"], "decks": record["decks"]}


async def frames_at_the_wire(
    server: LiveServer,
    name: str,
    options: dict[str, Any],
    deal: dict[str, Any],
    history: list[str],
    watched: int | None,
    probes: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Every frame the ``watched`` seat (None: a spectator) receives while the moves of
    ``history`` are played through the websockets, then its answers to ``probes``."""
    game = cardtable.load(name, **options)
    people = [await Player(server.base, f"P{i}").guest() for i in range(game.num_players)]
    watcher = await Player(server.base, "W").guest()
    hub = server.app.state.hub
    creator = server.call(hub.store.user(await _id(people[0])))
    request = TableIn(game=name, options=options, seats=["open"] * game.num_players)
    table, _invite, _seat = server.call(hub.create(creator, request, deal))
    for person in people[1:]:
        assert (await person.post(f"/api/tables/{table.id}/sit")).status_code == 200
    for client in [*people, watcher]:
        await client.connect(table.id)
    for client in [*people, watcher]:
        await client.until("presence")
    assert (await people[0].post(f"/api/tables/{table.id}/start")).status_code == 200
    target = people[watched] if watched is not None else watcher
    # Play the moves: whoever's turn it is sends the next one, and everyone hears of each.
    views: dict[int, dict[str, Any]] = {}
    for i, client in enumerate(people):
        views[i] = await client.until("view")
    await watcher.until("view")
    for ply, move in enumerate(history):
        mover = next(i for i, v in views.items() if v["legal"])
        await people[mover].send({"type": "move", "ply": ply, "move": move})
        for i, client in enumerate(people):
            views[i] = await client.until("view")
        await watcher.until("view")
    for probe in probes:
        await target.send(probe)
        answer = await target.receive()
        if answer.get("code") == "stale":
            await target.until("view")  # a stale move is answered with a full view too
    seen = [_without_table(f) for f in target.frames if f["type"] in ("view", "error")]
    for client in [*people, watcher]:
        await client.close()
    return seen


async def _id(player: Player) -> str:
    me = (await player.http.get("/api/me")).json()
    return str(me["id"])


def _without_table(frame: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in frame.items() if k != "table"}


@pytest.mark.parametrize(("name", "options", "moves"), CASES, ids=[c[0] for c in CASES])
def test_every_frame_is_the_same_in_a_twin_deal(
    tmp_path: Path, name: str, options: dict[str, Any], moves: int
) -> None:
    checked = 0
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as server:
        for seed in range(40):
            run = partial_game(name, options, moves, seed)
            seats: list[int | None] = [*range(run.game.num_players), None]
            for seat in seats:
                other = twin(run, seat)
                if other is None:
                    continue
                hidden = sorted(
                    {c % 52 for c in run.reference} - cards_named(run.state.observation(seat))
                )
                ply = len(run.state.history)
                probes: list[dict[str, Any]] = [
                    {"type": "move", "ply": ply, "move": f"play {card_str(hidden[0])}"},
                    {"type": "move", "ply": ply, "move": f"discard {card_str(hidden[-1])}"},
                    {"type": "move", "ply": ply + 5, "move": "pass"},
                    {"type": "move", "ply": ply, "move": "fly me to the moon"},
                    {"type": "move", "ply": "x", "move": "play 5H"},
                ]
                real = asyncio.run(
                    frames_at_the_wire(
                        server,
                        name,
                        options,
                        deal_of(run.state),
                        list(run.state.history),
                        seat,
                        probes,
                    )
                )
                fake = asyncio.run(
                    frames_at_the_wire(
                        server, name, options, deal_of(other), list(other.history), seat, probes
                    )
                )
                assert len(real) == len(fake) > ply
                for a, b in zip(real, fake, strict=True):
                    assert a == b, f"seat {seat} tells the twins apart: {a} / {b}"
                # A refusal names no card the sender may not see, but those the probes named
                # and the examples of the game's notation help.
                allowed = cards_named(probes) | notation_examples(run.game)
                for frame in real:
                    assert "seed" not in frame and "decks" not in frame
                    if frame["type"] == "error":
                        named = cards_named(frame["message"])
                        assert not (named & set(hidden)) - allowed, frame
                checked += 1
            if checked >= 3:
                break
    assert checked >= 3, f"too few twins found for {name}"


async def _fair_table_frames(server: LiveServer, values: list[str]) -> tuple[str, list[str]]:
    """A fair-deal table (no fixed deal) of two people and a spectator: both contribute,
    the game starts and is played 8 moves in; its id, and every frame each client got, as
    JSON text."""
    people = [await Player(server.base, f"P{i}").guest() for i in range(2)]
    watcher = await Player(server.base, "W").guest()
    made = await people[0].post(
        "/api/tables", {"game": "cribbage", "options": {}, "seats": ["open", "open"]}
    )
    table = str(made.json()["table"]["id"])
    assert (await people[1].post(f"/api/tables/{table}/sit")).status_code == 200
    for client in [*people, watcher]:
        await client.connect(table)
        await client.until("view", seats=True)
    for person, value in zip(people, values, strict=True):
        await person.send({"type": "contribute", "value": value})
        await person.until("view", seats=True)
    assert (await people[0].post(f"/api/tables/{table}/start")).status_code == 200
    await asyncio.gather(*(p.play_out(random.Random(i), until_ply=8) for i, p in enumerate(people)))
    frames = [json.dumps(f) for c in [*people, watcher] for f in c.frames]
    for client in [*people, watcher]:
        await client.close()
    return table, frames


def test_a_fair_deal_sends_no_secret_seed_or_other_seat_s_contribution(tmp_path: Path) -> None:
    values = [["a1" * 32, "b2" * 32], ["c3" * 32, "d4" * 32]]
    with LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}") as server:
        runs = [asyncio.run(_fair_table_frames(server, v)) for v in values]
        deals = [server.app.state.hub.rooms[table].table.deal for table, _frames in runs]
    shown = []
    for (table, frames), deal, contributed in zip(runs, deals, values, strict=True):
        assert deal["contributions"] == contributed and "seed" in deal
        views = [json.loads(f) for f in frames if json.loads(f)["type"] == "view"]
        assert views[0]["commitment"] == commitment(deal["secret"])
        shown.append(views[0]["commitment"])
        for frame in frames:
            assert deal["secret"] not in frame
            assert str(deal["seed"]) not in frame
            assert "fair_deal" not in frame and '"seed"' not in frame
        # A seat's own contribution is never echoed either (the view says only True).
        for value in contributed:
            assert not any(value in frame for frame in frames), table
    # The commitment is public, and each table's is its own.
    assert shown[0] != shown[1]
