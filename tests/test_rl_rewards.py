"""The normalised reward: the final margin divided by a per-game, per-options scale, so that
random play scores alike in every game (issue 27, item 11)."""

from __future__ import annotations

import random
import statistics

import numpy as np
import pytest

pytest.importorskip(
    "pettingzoo", reason="the research API needs its extra: pip install 'cardtable[rl]'"
)

import cardtable
from cardtable.rl import env, single
from cardtable.rl import rewards as rewards_module
from cardtable.rl.rewards import margins, reward_scale
from rl_cases import SHORT, play_random

#: reward_scale of each game's short options (docs/research.md states them).
SCALES = {"calypso": 405.625, "cribbage": 12.734, "kloepper": 7.083, "krypkasino": 11.078}


@pytest.mark.parametrize("name", sorted(SHORT))
def test_each_game_and_options_has_its_stated_scale(name: str) -> None:
    game = cardtable.load(name, **SHORT[name])
    assert reward_scale(game) == SCALES[name]


def test_the_scale_is_measured_again_the_same_and_depends_on_the_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rewards_module, "_SCALES", {})
    assert reward_scale(cardtable.load("kloepper", target=1)) == SCALES["kloepper"]
    assert reward_scale(cardtable.load("kloepper", target=30)) == 16.167


def random_totals(name: str, reward: str, seed: int) -> dict[str, float]:
    e = env(name, reward=reward, **SHORT[name])
    e.reset(seed=seed)
    return play_random(e, random.Random(seed))


@pytest.mark.parametrize("name", sorted(SHORT))
def test_normalised_rewards_sum_to_the_final_margin_over_the_scale(name: str) -> None:
    totals = random_totals(name, "normalised", 21)
    final = random_totals(name, "margin", 21)  # the same deal and the same random moves
    assert any(final.values())
    for agent, margin in final.items():
        assert totals[agent] == pytest.approx(margin / SCALES[name])
    assert sum(totals.values()) == pytest.approx(0.0, abs=1e-9)


def test_random_play_scores_alike_in_every_game_once_normalised() -> None:
    # 24 deals a game, none of them the calibration deals (seeds 0-63).
    means: dict[str, dict[str, float]] = {"margin": {}, "normalised": {}}
    for name in SHORT:
        for reward, found in means.items():
            values = [
                abs(v)
                for seed in range(1000, 1024)
                for v in random_totals(name, reward, seed).values()
            ]
            found[name] = statistics.mean(values)
    margin, normalised = means["margin"], means["normalised"]
    assert max(margin.values()) / min(margin.values()) > 30  # the 50x
    assert max(normalised.values()) / min(normalised.values()) < 3


def test_the_one_seat_env_pays_the_normalised_margin() -> None:
    e = single("cribbage", opponents="random", reward="normalised", target=61)
    _, info = e.reset(seed=4)
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        _, r, done, _, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += r
    assert total == pytest.approx(margins(e.driver.state)[0] / SCALES["cribbage"])
