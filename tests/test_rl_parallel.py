"""Vectorised self-play through the standard tools: the PettingZoo parallel form, SuperSuit's
vector wrappers over it, and Gymnasium's vector autoreset of the one-seat env (issue 27,
item 6)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip(
    "pettingzoo", reason="the research API needs its extra: pip install 'cardtable[rl]'"
)

import gymnasium
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from pettingzoo.test import parallel_api_test, parallel_seed_test
from pettingzoo.utils.conversions import aec_to_parallel

import cardtable
from cardtable.errors import CardtableError, OptionError
from cardtable.registry import codec
from cardtable.rl import env, parallel_env, single
from cardtable.rl.driver import observation_tensor
from rl_cases import CASES


@pytest.mark.parametrize(("name", "options"), CASES)
def test_pettingzoo_parallel_api_and_seed_tests_pass(name: str, options: dict[str, Any]) -> None:
    parallel_api_test(parallel_env(name, **options), num_cycles=300)
    parallel_seed_test(lambda: parallel_env(name, **options), num_cycles=100)


def test_the_aec_env_says_truly_that_aec_to_parallel_cannot_convert_it() -> None:
    # aec_to_parallel needs every agent to act once a cycle; one seat acts at a time here.
    e = env("kloepper", target=1)
    assert e.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(e)
    assert parallel_env("kloepper", target=1).metadata["is_parallelizable"] is True


def test_only_the_agent_to_act_counts_and_a_game_plays_to_its_margins() -> None:
    e = parallel_env("cribbage", target=61)
    obs, infos = e.reset(seed=8)
    rng = random.Random(3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        actor = infos["seat_0"]["active_agent"]
        assert [a for a in e.agents if obs[a]["action_mask"].any()] == [actor]
        legal = np.flatnonzero(obs[actor]["action_mask"]).tolist()
        # The others' actions are ignored, even ones out of their masks.
        actions = {a: 0 for a in e.agents} | {actor: rng.choice(legal)}
        obs, rewards, terminations, _, infos = e.step(actions)
        for agent, value in rewards.items():
            totals[agent] += value
    engine = cardtable.load("cribbage", target=61).new_state(seed=8)
    for move in e.aec.driver.state.history:
        engine.apply(move)
    assert engine.is_over and all(terminations.values())
    final = [totals[a] for a in e.possible_agents]
    assert final == pytest.approx(e.aec.reward.pay(engine))
    with pytest.raises(CardtableError, match=r"the episode is over: call reset\(\)"):
        e.step({})


def test_the_agent_to_act_must_give_an_action_in_range() -> None:
    e = parallel_env("kloepper", target=1)
    e.reset(seed=3)
    with pytest.raises(OptionError, match="no action for seat_0, the agent to act"):
        e.step({"seat_1": 28})
    with pytest.raises(OptionError, match="action 31 of seat_0 is not in the action space"):
        e.step({"seat_0": 31})


def test_supersuit_vector_wrappers_take_the_parallel_env() -> None:
    ss = pytest.importorskip("supersuit", reason="SuperSuit is in the rl extra")
    vec = ss.pettingzoo_env_to_vec_env_v1(parallel_env("kloepper", target=1))
    vec = ss.concat_vec_envs_v1(vec, 2, num_cpus=0, base_class="gymnasium")
    obs, _ = vec.reset(seed=0)
    assert obs["observation"].shape == (8, 308) and obs["action_mask"].shape == (8, 31)
    # Table t is dealt from seed t (SuperSuit seeds its copies seed, seed + 1, ...).
    c = codec(cardtable.load("kloepper", target=1))
    for table in range(2):
        state = cardtable.load("kloepper", target=1).new_state(seed=table)
        for seat in range(4):
            seen = observation_tensor(c, state.observation(seat))
            assert (obs["observation"][4 * table + seat] == seen).all()
    rng = np.random.default_rng(0)
    finished, total = 0, 0.0
    for _ in range(200):
        acting = obs["action_mask"].any(axis=1)
        assert acting.reshape(2, 4).sum(axis=1).tolist() == [1, 1]  # one seat a table
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, rewards, terminations, truncations, _ = vec.step(np.array(actions))
        finished += int(terminations.sum())
        total += float(rewards.sum())
        assert not truncations.any()
    assert finished >= 4 * 6 and finished % 4 == 0  # whole tables end, then deal again
    assert total == pytest.approx(0.0, abs=1e-6)  # margins are zero-sum


def random_masked(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    return np.array([int(rng.choice(np.flatnonzero(m))) for m in masks])


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_gymnasium_autoreset_never_asks_the_learner_to_act_with_an_empty_mask(
    mode: AutoresetMode,
) -> None:
    def make() -> gymnasium.Env[Any, Any]:
        return single("kloepper", opponents="random", target=1)

    envs = SyncVectorEnv([make, make], autoreset_mode=mode)
    _, infos = envs.reset(seed=[10, 11])
    rng = np.random.default_rng(1)
    endings = 0
    held: dict[int, np.ndarray] = {}
    for _ in range(120):
        masks = infos["action_mask"]
        assert masks.any(axis=1).all()  # never all zeros
        for table, mask in held.items():
            # The episode after an end starts with the mask shown at the end.
            assert (masks[table] == mask).all()
        _, _, terminated, _, infos = envs.step(random_masked(rng, masks))
        assert "illegal_action" not in infos
        held = {int(t): infos["action_mask"][t].copy() for t in np.flatnonzero(terminated)}
        if mode is AutoresetMode.SAME_STEP:
            held = {}  # the new episode's first mask is already the one returned
        endings += int(terminated.sum())
    assert endings >= 6
    envs.close()
