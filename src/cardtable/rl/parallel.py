"""The PettingZoo parallel environment of every cardtable game (``cardtable.rl.parallel_env``).

Card games are turn-based: at each step every live agent gives an action, and only the agent
to act has one that counts; its ``action_mask`` is the only non-zero one, the others' actions
are ignored, and ``infos[agent]["active_agent"]`` names it. Observations, rewards, seeds and
forfeits are the AEC environment's (:mod:`cardtable.rl.aec`): each step returns every agent's
reward for that step; at the end every agent terminates at once and ``agents`` empties. This
is the form SuperSuit's vector wrappers take (``pettingzoo_env_to_vec_env_v1``, then
``concat_vec_envs_v1``), which reset a finished table by themselves.

>>> from cardtable.rl import parallel_env
>>> e = parallel_env("kloepper", target=1)
>>> obs, infos = e.reset(seed=3)
>>> infos["seat_2"]["active_agent"], [int(obs[a]["action_mask"].sum()) for a in e.agents]
('seat_0', [1, 0, 0, 0])
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import ParallelEnv

from cardtable.errors import CardtableError, OptionError
from cardtable.rl.aec import CardtableAEC

__all__ = ["CardtableParallel", "parallel_env"]

Obs = dict[str, np.ndarray]


class CardtableParallel(ParallelEnv[str, Obs, Any], EzPickle):  # type: ignore[misc]
    """One cardtable game as a PettingZoo parallel environment (see the module)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": True}  # noqa: RUF012 (PettingZoo reads it)

    def __init__(self, game: str, **kwargs: Any) -> None:
        EzPickle.__init__(self, game, **kwargs)
        self.aec = CardtableAEC(game, **kwargs)
        self.metadata = {**self.metadata, "name": self.aec.metadata["name"]}
        self.possible_agents = list(self.aec.possible_agents)
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """A new game, dealt as :meth:`CardtableAEC.reset` deals it."""
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Take the action of the agent to act (the others' are ignored); every agent's
        observation, reward for this step, termination, truncation and info."""
        if not self.agents:
            raise CardtableError("the episode is over: call reset() before step()")
        aec = self.aec
        agent = aec.agent_selection
        if agent not in actions:
            raise OptionError(f"no action for {agent}, the agent to act")
        action = actions[agent]
        if not aec.action_space(agent).contains(action):
            raise OptionError(
                f"action {action!r} of {agent} is not in the action space: a whole number "
                f"from 0 to {aec.driver.codec.num_actions - 1}"
            )
        aec.step(action)
        rewards = {a: float(aec.rewards[a]) for a in self.agents}
        terminations = {a: bool(aec.terminations[a]) for a in self.agents}
        truncations = {a: bool(aec.truncations[a]) for a in self.agents}
        observations, infos = self._observations(), self._infos()
        if all(terminations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Obs]:
        return {a: self.aec.observe(a) for a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        active = self.aec.agent_selection
        return {a: {**self.aec.infos[a], "active_agent": active} for a in self.agents}

    def render(self) -> str | None:
        """As :meth:`CardtableAEC.render`: public information only."""
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def parallel_env(game: str, **kwargs: Any) -> CardtableParallel:
    """The PettingZoo parallel environment of ``game``; keyword arguments as
    :func:`cardtable.rl.aec.env`'s.

    >>> e = parallel_env("cribbage", target=61)
    >>> e.metadata["is_parallelizable"], int(e.action_space("seat_1").n)
    (True, 1462)
    """
    return CardtableParallel(game, **kwargs)
