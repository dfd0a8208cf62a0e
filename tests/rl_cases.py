"""What the research API's tests play: each game's short options, and every option set."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cardtable
from cardtable.registry import game_class
from contract import option_sets

#: Options that keep a game short (one deal where the game has such an option; Cribbage to 61),
#: for the tests that play whole games.
SHORT: dict[str, dict[str, Any]] = {
    "calypso": {"rounds": 1},
    "cribbage": {"target": 61},
    "kloepper": {"target": 1},
    "krypkasino": {"deals": 1},
}

#: Every game with every option set the contract test plays, as pytest parameters.
CASES = [
    pytest.param(name, options, id=f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for name in cardtable.games()
    for options in option_sets(game_class(name))
]


def play_random(e: Any, rng: random.Random) -> dict[str, float]:
    """Play one game with random legal actions; the total reward of each agent."""
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals
