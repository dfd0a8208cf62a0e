"""One seed, one deal in every interface: PettingZoo (AEC and parallel), Gymnasium, OpenSpiel
and the engine deal the same hands for the same seed (issue 27, item 3)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip(
    "pettingzoo", reason="the research API needs its extra: pip install 'cardtable[rl]'"
)

import cardtable
from cardtable.rl import env, parallel_env, single
from rl_cases import SHORT

#: Seat 0's hand in Cribbage dealt from seed 42, as the engine deals it.
CRIBBAGE_42 = ["4S", "5S", "7H", "9D", "10S", "QS"]


def test_cribbage_seed_42_deals_seat_0_the_same_hand_everywhere() -> None:
    assert cardtable.load("cribbage").new_state(seed=42).observation(0)["hand"] == CRIBBAGE_42
    aec = env("cribbage")
    aec.reset(seed=42)
    assert aec.unwrapped.driver.state.observation(0)["hand"] == CRIBBAGE_42
    par = parallel_env("cribbage")
    par.reset(seed=42)
    assert par.aec.driver.state.observation(0)["hand"] == CRIBBAGE_42
    gym = single("cribbage", opponents="random")
    gym.reset(seed=42)  # seat 0 discards first: no bot has moved
    assert gym.driver.state.observation(0)["hand"] == CRIBBAGE_42


def test_cribbage_seed_42_deals_the_same_hand_in_openspiel() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel's adapter needs cardtable[openspiel]")
    import pyspiel

    from cardtable.rl.openspiel import register, seed_actions

    register(bots=False)
    state = pyspiel.load_game("cardtable_cribbage").new_initial_state()
    for action in seed_actions(42):
        state.apply_action(action)
    assert state.engine.observation(0)["hand"] == CRIBBAGE_42


@pytest.mark.parametrize("seed", [0, 42, 2**64 - 1])
@pytest.mark.parametrize("name", sorted(SHORT))
def test_every_env_deals_the_engines_deal_of_the_seed(name: str, seed: int) -> None:
    engine = cardtable.load(name, **SHORT[name]).new_state(seed=seed)
    aec = env(name, **SHORT[name])
    aec.reset(seed=seed)
    par = parallel_env(name, **SHORT[name])
    par.reset(seed=seed)
    gym = single(name, opponents="random", **SHORT[name])
    gym.reset(seed=seed)
    for state in (aec.unwrapped.driver.state, par.aec.driver.state, gym.driver.state):
        assert state.seed == seed
    for state in (aec.unwrapped.driver.state, par.aec.driver.state):
        assert state.card_places() == engine.card_places()
    # The one-seat env has let the bots play up to seat 0's turn: replay their moves.
    for move in gym.driver.state.history:
        engine.apply(move)
    assert gym.driver.state.card_places() == engine.card_places()


def test_resets_without_a_seed_deal_fresh_games_that_replay_from_the_first_seed() -> None:
    def seeds_aec(first: int) -> list[int]:
        e = env("kloepper", target=1)
        e.reset(seed=first)
        out = [e.unwrapped.driver.state.seed]
        for _ in range(3):
            e.reset()
            out.append(e.unwrapped.driver.state.seed)
        return out

    def seeds_gym(first: int) -> list[int]:
        e = single("kloepper", opponents="random", target=1)
        e.reset(seed=first)
        out = [e.driver.state.seed]
        for _ in range(3):
            e.reset()
            out.append(e.driver.state.seed)
        return out

    for seeds in (seeds_aec, seeds_gym):
        run = seeds(5)
        assert run[0] == 5 and len(set(run)) == 4
        assert seeds(5) == run and seeds(6)[1:] != run[1:]
    # Without any seed, the first deal is unguessable.
    first = [env("kloepper", target=1) for _ in range(2)]
    for e in first:
        e.reset()
    assert first[0].unwrapped.driver.state.seed != first[1].unwrapped.driver.state.seed


def test_the_one_seat_env_deals_the_same_next_game_whether_or_not_one_ended() -> None:
    # A game that ends draws the next seed at once (for its mask); one reset mid-game draws it
    # then: the same sequence of deals either way.
    ended = single("kloepper", opponents="random", target=1)
    _, info = ended.reset(seed=9)
    rng = random.Random(1)
    done = False
    while not done:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, _, done, _, info = ended.step(action)
    ended.reset()
    cut = single("kloepper", opponents="random", target=1)
    cut.reset(seed=9)
    cut.reset()
    assert ended.driver.state.seed == cut.driver.state.seed
