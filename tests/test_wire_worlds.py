"""A seat over the wire draws the same worlds as the server's state: for every game with a twin
hook and every option set, at random positions of seeded random games, the twin made from a
seat's observation and events (round-tripped through JSON, as the server sends them) has the
real observation, and its sampled worlds match the real state's worlds for the same generator:
every seat's observation, the legal moves and the future under one seeded random bot."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cardtable
from cardtable.engine import Event, State
from cardtable.registry import entry, game_class, twin_from_view
from contract import option_sets

#: The games whose seats draw worlds over the wire (the rest are declined by cardtable bot).
WIRE_GAMES = ["calypso", "cribbage", "kloepper", "krypkasino"]

#: Options that keep a game short enough to sample several positions of each.
SHORT: dict[str, dict[str, Any]] = {
    "calypso": {"rounds": 1},
    "cribbage": {"target": 61},
    "kloepper": {"target": 30},
    "krypkasino": {"deals": 1},
}

CASES = [
    pytest.param(name, options, id=f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for name in WIRE_GAMES
    for options in option_sets(game_class(name))
]

#: Plies of a world played out with a seeded random bot (a deal or more in every game).
FUTURE = 60


def wire(value: Any) -> Any:
    """A value as it comes off the wire: through JSON and back."""
    return json.loads(json.dumps(value))


def wire_events(state: State, seat: int) -> list[Event]:
    """The seat's events as a view frame carries them and WireView reads them."""
    sent = wire(
        [{"type": e.type, "seat": e.seat, "data": dict(e.data)} for e in state.events_for(seat)]
    )
    return [Event(e["type"], e["seat"], e["data"]) for e in sent]


def future(world: State, seed: int) -> list[Any]:
    """What a seeded random bot's play-out of ``world`` shows: each move and the scores."""
    rng = random.Random(seed)
    seen: list[Any] = []
    for _ in range(FUTURE):
        if world.is_over:
            break
        move = rng.choice(world.legal_moves())
        world.apply(move)
        seen.append(move.text)
    seen.append((world.scores, world.standing(), world.is_over))
    return seen


def check_position(real: State, seat: int, k: int) -> None:
    game = real.game
    twin = twin_from_view(game, seat, wire(real.observation(seat)), wire_events(real, seat))
    assert wire(twin.observation(seat)) == wire(real.observation(seat))
    if real.is_over:
        return
    mine = twin.sample_world(seat, random.Random(k))
    theirs = real.sample_world(seat, random.Random(k))
    for s in range(game.num_players):
        assert wire(mine.observation(s)) == wire(theirs.observation(s)), (seat, s)
    assert [m.text for m in mine.legal_moves()] == [m.text for m in theirs.legal_moves()]
    assert future(mine, k) == future(theirs, k)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_twin_worlds_match_the_real_state(name: str, options: dict[str, Any]) -> None:
    game = cardtable.load(name, **{**SHORT.get(name, {}), **options})
    rng = random.Random(f"{name}{sorted(options.items())}")
    checked = seed = 0
    # Two games at least, and more while few positions were checked: a short game (Kloepper
    # to 1 point is one deal) holds few.
    while seed < 2 or checked <= 5:
        real = game.new_state(seed=seed)
        seed += 1
        ply = 0
        while not real.is_over:
            if rng.random() < 0.08:
                seat = rng.randrange(game.num_players)
                check_position(real, seat, rng.randrange(1000))
                checked += 1
            real.apply(rng.choice(real.legal_moves()))
            ply += 1
        check_position(real, rng.randrange(game.num_players), 0)


def test_only_games_with_a_twin_are_listed() -> None:
    """The games listed here are exactly those that register a twin hook."""
    assert [n for n in cardtable.games() if entry(n).twin is not None] == WIRE_GAMES
