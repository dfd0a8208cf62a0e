"""The OpenSpiel adapter's card-by-card deal (``deal="cards"``): OpenSpiel's random_sim_test
passes for every game, the outcomes of every chance node sum to 1, each deal of a tiny game is
drawn by one path with its real probability, and the engine state replays from its record."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="needs OpenSpiel: pip install 'cardtable[openspiel]'"
)

import cardtable  # noqa: E402
from cardtable.errors import OptionError  # noqa: E402
from cardtable.rl import openspiel as adapter  # noqa: E402

#: Each game's short options (and the tiny variants), with the chance nodes of a card deal.
NODES: list[tuple[str, dict[str, Any], int]] = [
    ("calypso", {"rounds": 1}, 207 + adapter.SEED_NODES),
    ("cribbage", {"target": 61}, 51 + adapter.SEED_NODES),
    ("cribbage", {"deck": "tiny"}, 5),
    ("kloepper", {"target": 1}, 24),
    ("kloepper", {"target": 1, "deck": "tiny"}, 8),
    ("krypkasino", {"deals": 1}, 103 + adapter.SEED_NODES),
]


def load(name: str, **options: Any) -> Any:
    adapter.register(bots=False)
    return pyspiel.load_game(adapter.short_name(name), {**options, "deal": "cards"})


@pytest.mark.parametrize(("name", "options", "nodes"), NODES)
def test_random_sim_test_and_outcomes_summing_to_one(
    name: str, options: dict[str, Any], nodes: int
) -> None:
    game = load(name, **options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    rng = random.Random(2)
    state = game.new_initial_state()
    count = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert math.isclose(math.fsum(p for _, p in outcomes), 1.0, abs_tol=1e-12)
        assert all(0 < p <= 1 for _, p in outcomes)
        state.apply_action(rng.choice(outcomes)[0])
        count += 1
    assert count == nodes
    record = state.engine.to_record()
    replay = cardtable.from_record(record)
    assert replay.observation(0) == state.engine.observation(0)


Deal = tuple[tuple[str, tuple[int, ...]], ...]


def deals(game: Any, hidden: tuple[int, ...] = ()) -> dict[Deal, float]:
    """The probability of every deal (the places of the cards, and the cards at the pack's
    positions ``hidden``, such as a starter still in the stock), summed over chance paths."""
    out: dict[Deal, float] = {}
    paths: Counter[Deal] = Counter()

    def walk(state: Any, p: float) -> None:
        if not state.is_chance_node():
            places = state.engine.card_places()
            key = tuple(sorted((k, tuple(sorted(v))) for k, v in places.items() if k != "stock"))
            key += tuple(("pack", (state.engine.decks[0][i],)) for i in hidden)
            out[key] = out.get(key, 0.0) + p
            paths[key] += 1
            return
        for action, q in state.chance_outcomes():
            walk(state.child(action), p * q)

    walk(game.new_initial_state(), 1.0)
    assert set(paths.values()) == {1}  # one path to each deal
    return out


def test_each_tiny_cribbage_deal_is_one_path_with_its_probability() -> None:
    found = deals(load("cribbage", deck="tiny"), hidden=(4,))  # the starter: pack[4]
    # Two cards to each of two players and a starter, from six: 15 · 6 · 2 deals.
    assert len(found) == 180
    assert all(math.isclose(p, 1 / 180) for p in found.values())


def test_each_tiny_kloepper_deal_is_one_path_with_its_probability() -> None:
    found = deals(load("kloepper", target=1, deck="tiny"))
    assert len(found) == 2520  # 8! / 2!^4: two of eight cards to each of four players
    assert math.isclose(math.fsum(found.values()), 1.0)
    assert all(math.isclose(p, 1 / 2520) for p in found.values())


def test_chance_actions_are_named_and_worlds_at_the_deal_hide_it() -> None:
    game = load("cribbage", deck="tiny")
    state = game.new_initial_state()
    assert [state.action_to_string(a) for a, _ in state.chance_outcomes()] == [
        "deal 4H",
        "deal 4S",
        "deal 5H",
        "deal 5S",
        "deal 6H",
    ]
    state.apply_action(state.chance_outcomes()[0][0])
    world = state.resample(0, random.Random(1))
    assert world.is_chance_node() and world.information_state_string(0) == (
        "dealing: 1 of 5 chance outcomes drawn (cards)"
    )
    with pytest.raises(OptionError, match="unknown deal 'hands'; allowed: seed, cards"):
        pyspiel.load_game("cardtable_cribbage", {"deal": "hands"})
