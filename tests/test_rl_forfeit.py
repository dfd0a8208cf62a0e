"""An illegal action never beats the game's worst outcome, in every environment and reward
scheme, and Gymnasium's own checker passes for every game and option set (issue 27, items 1
and 2)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip(
    "pettingzoo", reason="the research API needs its extra: pip install 'cardtable[rl]'"
)

from gymnasium.utils.env_checker import check_env

import cardtable
from cardtable.errors import CardtableError, OptionError
from cardtable.rl import env, parallel_env, single
from cardtable.rl.rewards import Reward
from rl_cases import CASES, SHORT

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

#: The worst total of each game's short options: minus its codec's bound on a margin.
WORST_MARGIN = {"calypso": -7540.0, "cribbage": -61.0, "kloepper": -30.0, "krypkasino": -4328.0}

SCHEMES = ("margin", "normalised", "win")


def illegal(mask: np.ndarray) -> int:
    """The first action ``mask`` forbids."""
    return int(np.flatnonzero(mask == 0)[0])


def play_aec(
    e: Any, rng: random.Random, wrong_at: int | None, seen: dict[str, Any] | None = None
) -> dict[str, float]:
    """Random legal play, the ``wrong_at``-th decision an illegal action (its agent and the
    infos right after it into ``seen``); each agent's total."""
    totals = dict.fromkeys(e.possible_agents, 0.0)
    decisions = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        if decisions == wrong_at:
            e.step(illegal(mask))
            if seen is not None:
                seen.update(agent=agent, action=illegal(mask), infos=dict(e.infos))
        else:
            e.step(rng.choice(np.flatnonzero(mask).tolist()))
        decisions += 1
    return totals


def test_the_issues_kloepper_deal_an_illegal_action_at_the_last_turn_loses_more() -> None:
    # Kloepper to 1, seed 1: random legal play ends seat_0 at -16 (as the issue found).
    e = env("kloepper", target=1)
    e.reset(seed=1)
    legal = play_aec(e, random.Random(0), None)
    assert legal == {"seat_0": -16.0, "seat_1": -16.0, "seat_2": 16.0, "seat_3": 16.0}
    # seat_0's last decision in that play, counted among all decisions.
    e.reset(seed=1)
    rng, turns = random.Random(0), []
    for agent in e.agent_iter():
        obs, _, terminated, _, _ = e.last()
        if terminated:
            e.step(None)
            continue
        turns.append(agent)
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    last = max(i for i, agent in enumerate(turns) if agent == "seat_0")
    e = env("kloepper", target=1)
    e.reset(seed=1)
    seen: dict[str, Any] = {}
    forfeited = play_aec(e, random.Random(0), last, seen)
    assert forfeited == {"seat_0": -30.0, "seat_1": 10.0, "seat_2": 10.0, "seat_3": 10.0}
    assert forfeited["seat_0"] < legal["seat_0"]
    assert seen["agent"] == "seat_0"
    assert seen["infos"]["seat_0"]["illegal_action"] == seen["action"]


@pytest.mark.parametrize("name", sorted(SHORT))
def test_the_worst_outcome_is_below_every_end_random_play_reaches(name: str) -> None:
    game = cardtable.load(name, **SHORT[name])
    assert Reward("margin", game).worst == WORST_MARGIN[name]
    assert Reward("win", game).worst == -1.0
    normalised = Reward("normalised", game)
    for seed in range(6):
        e = env(name, reward="normalised", **SHORT[name])
        e.reset(seed=seed)
        totals = play_aec(e, random.Random(seed), None)
        assert min(totals.values()) > normalised.worst


@pytest.mark.parametrize("reward", SCHEMES)
@pytest.mark.parametrize("name", sorted(SHORT))
def test_a_forfeit_pays_the_worst_outcome_in_the_aec_env(name: str, reward: str) -> None:
    e = env(name, reward=reward, **SHORT[name])
    e.reset(seed=7)
    seen: dict[str, Any] = {}
    totals = play_aec(e, random.Random(2), 5, seen)
    offender = seen["agent"]
    assert seen["infos"][offender]["illegal_action"] == seen["action"]
    assert {a: i["forfeited_by"] for a, i in seen["infos"].items()} == dict.fromkeys(
        e.possible_agents, offender
    )
    expected = Reward(reward, cardtable.load(name, **SHORT[name])).forfeit(
        e.possible_agents.index(offender)
    )
    assert [totals[a] for a in e.possible_agents] == pytest.approx(expected)
    assert e.agents == []


@pytest.mark.parametrize("reward", SCHEMES)
@pytest.mark.parametrize("name", sorted(SHORT))
def test_a_forfeit_pays_the_worst_outcome_in_the_parallel_env(name: str, reward: str) -> None:
    e = parallel_env(name, reward=reward, **SHORT[name])
    obs, infos = e.reset(seed=7)
    rng = random.Random(2)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for step in range(1000):
        actor = infos["seat_0"]["active_agent"]
        mask = obs[actor]["action_mask"]
        action = illegal(mask) if step == 4 else rng.choice(np.flatnonzero(mask).tolist())
        obs, rewards, terminations, _, infos = e.step(dict.fromkeys(e.agents, 0) | {actor: action})
        for agent, value in rewards.items():
            totals[agent] += value
        if all(terminations.values()):
            break
    assert e.agents == []
    seat = e.possible_agents.index(actor)
    assert infos[actor]["illegal_action"] == action
    expected = Reward(reward, cardtable.load(name, **SHORT[name])).forfeit(seat)
    assert [totals[a] for a in e.possible_agents] == pytest.approx(expected)


@pytest.mark.parametrize("reward", SCHEMES)
@pytest.mark.parametrize("name", sorted(SHORT))
def test_a_forfeit_pays_the_worst_outcome_in_the_one_seat_env(name: str, reward: str) -> None:
    e = single(name, opponents="random", reward=reward, **SHORT[name])
    _, info = e.reset(seed=7)
    rng = np.random.default_rng(2)
    total = 0.0
    for _ in range(3):
        _, r, done, _, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += r
        assert not done
    wrong = illegal(e.action_masks().astype(np.int8))
    _, r, done, truncated, info = e.step(wrong)
    total += r
    assert (done, truncated) == (True, False)
    assert info["illegal_action"] == wrong
    assert info["reason"].startswith(f"action {wrong} is not legal now; legal: ")
    worst = Reward(reward, cardtable.load(name, **SHORT[name])).worst
    assert total == pytest.approx(worst)


def test_a_step_after_the_end_asks_for_a_reset() -> None:
    e = single("kloepper", opponents="random", target=1)
    e.reset(seed=3)
    e.step(0)  # illegal: only pass (28)
    with pytest.raises(CardtableError, match=r"the episode is over: call reset\(\)"):
        e.step(28)
    e.reset(seed=3)
    with pytest.raises(OptionError, match="action 31 is not in the action space: a whole number"):
        e.step(31)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_gymnasium_check_env_passes(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # The checker warns of unbounded boxes and of its own settings, never of a failure.
        warnings.simplefilter("ignore")
        check_env(single(name, opponents="random", **options))


@pytest.mark.parametrize("name", sorted(SHORT))
def test_gymnasium_check_env_passes_with_info_states_and_normalised_rewards(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        made = single(
            name, opponents="rules", observation="info_state", reward="normalised", **SHORT[name]
        )
        check_env(made)
