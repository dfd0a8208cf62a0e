"""The PettingZoo AEC environment of every cardtable game (``cardtable.rl.env``).

Agents are ``seat_0``, ``seat_1``, ...; the agent to act is the seat to act (it acts again
while a move of several actions is in progress). Each agent observes ``{"observation": float32
vector, "action_mask": int8 vector}``, built from what its own seat may know only (its
``observation(seat)``, or with ``observation="info_state"`` also the events it saw); the mask
is non-zero only for the agent to act. Rewards: see :mod:`cardtable.rl.rewards` (each step pays
the change in the scheme's payoff). An action the mask forbids ends the episode as a forfeit
(:meth:`cardtable.rl.rewards.Reward.forfeit`). ``reset(seed=S)`` deals what
``load(game).new_state(S)`` deals.

>>> from cardtable.rl import env
>>> e = env("cribbage", target=61)
>>> e.reset(seed=7)
>>> e.agent_selection, int(e.action_space("seat_0").n)
('seat_0', 1462)
>>> e.observe("seat_0")["action_mask"].sum(), e.observe("seat_1")["action_mask"].sum()
(np.int64(15), np.int64(0))
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardtable.engine import fresh_seed
from cardtable.errors import OptionError
from cardtable.i18n import LANGUAGES, _, using_language
from cardtable.registry import load
from cardtable.rl.driver import Driver
from cardtable.rl.rewards import Reward

__all__ = ["CardtableAEC", "env"]


def agent_name(seat: int) -> str:
    """``seat_0`` for seat 0."""
    return f"seat_{seat}"


class CardtableAEC(AECEnv[str, dict[str, np.ndarray], np.int64], EzPickle):  # type: ignore[misc]
    """One cardtable game as a PettingZoo AEC environment (use :func:`env`, which adds
    PettingZoo's checking wrappers)."""

    # Not parallelizable by PettingZoo's aec_to_parallel: that needs every agent to act once a
    # cycle, and here one seat acts at a time. cardtable.rl.parallel_env is the parallel form.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012 (PettingZoo reads it)

    def __init__(
        self,
        game: str,
        reward: str = "margin",
        render_mode: str | None = None,
        language: str = "en",
        observation: str = "observation",
        **options: Any,
    ) -> None:
        EzPickle.__init__(self, game, reward, render_mode, language, observation, **options)
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise OptionError(f"unknown render_mode {render_mode!r}; render modes: ansi")
        if language not in LANGUAGES:
            raise OptionError(f"unknown language {language!r}; languages: {', '.join(LANGUAGES)}")
        self.game = load(game, **options)
        self.driver = Driver(self.game, observation=observation)
        self.reward = Reward(reward, self.game)
        self.render_mode = render_mode
        self.language = language
        self.metadata = {**self.metadata, "name": f"cardtable/{self.game.name}-v0"}
        players = self.game.num_players
        self.possible_agents = [agent_name(s) for s in range(players)]
        self.agents = list(self.possible_agents)
        codec = self.driver.codec
        self._action_spaces = {a: spaces.Discrete(codec.num_actions) for a in self.agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -np.inf, np.inf, (self.driver.obs_size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (codec.num_actions,), dtype=np.int8),
                }
            )
            for a in self.agents
        }
        self._rng: random.Random | None = None
        self._paid = [0.0] * players  # the payoff the rewards so far add up to
        self._start = [0.0] * players  # the payoff at the deal
        self._forfeited = False
        self._shown_events = 0

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed``, the engine's deal of that seed
        (``load(game).new_state(seed)``), and the next resets without one go on from a
        generator seeded with it; without, a seed drawn from the environment's own generator
        (seeded unguessably at first)."""
        if seed is not None:
            self._rng = random.Random(seed)
            deal = seed
        else:
            if self._rng is None:
                self._rng = random.Random(fresh_seed())
            deal = self._rng.getrandbits(64)
        self.driver.reset(deal)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._paid = self._start = self.reward.pay(self.driver.state)
        self._forfeited = False
        self._shown_events = 0
        self._select()

    def _select(self) -> None:
        seat = self.driver.to_move
        if seat is not None:
            self.agent_selection = agent_name(seat)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        driver = self.driver
        if seat == driver.to_move and not self._forfeited:
            mask = driver.mask()
        else:
            mask = np.zeros(driver.codec.num_actions, np.int8)
        return {"observation": driver.observe(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        action = int(action)
        if not self.driver.is_legal(action):
            self._forfeit(agent, action)
        elif self.driver.step(action):
            self._pay_to(self.reward.pay(self.driver.state))
            if self.driver.state.is_over:
                self.terminations = dict.fromkeys(self.agents, True)
            self._select()
        self._accumulate_rewards()

    def _pay_to(self, now: list[float]) -> None:
        """Reward every seat the change from what it was paid so far to ``now``."""
        for seat, (before, after) in enumerate(zip(self._paid, now, strict=True)):
            self.rewards[agent_name(seat)] = after - before
        self._paid = now

    def _forfeit(self, agent: str, action: int) -> None:
        """``agent`` took an action its mask forbids: the episode ends, and each seat's rewards
        add up to its total in :meth:`Reward.forfeit` (the worst outcome for ``agent``). Only
        the offender's info names its legal actions (they tell its cards)."""
        offender = self.possible_agents.index(agent)
        totals = self.reward.forfeit(offender)
        self._pay_to([start + t for start, t in zip(self._start, totals, strict=True)])
        self._forfeited = True
        self.terminations = dict.fromkeys(self.agents, True)
        for other in self.agents:
            self.infos[other] = {"forfeited_by": agent}
        self.infos[agent] = {
            "forfeited_by": agent,
            "illegal_action": action,
            "reason": self.driver.refusal(action),
        }

    def render(self) -> str | None:
        """What happened since the last render, in the game's own words (``language``), the
        standing and the seat to act: public information only, as a spectator sees it (a
        render may be shown to anyone); None without ``render_mode="ansi"``."""
        if self.render_mode != "ansi":
            return None
        state = self.driver.state
        with using_language(self.language):
            events = state.events_for(None)
            lines = [self.game.describe(e) for e in events[self._shown_events :]]
            self._shown_events = len(events)
            standing = ", ".join(f"{agent_name(s)} {p}" for s, p in enumerate(state.standing()))
            lines.append(_("Scores: {seats}").format(seats=standing))
            seat = state.to_move
            if seat is not None:
                lines.append(_("{name} to move.").format(name=agent_name(seat)))
        return "\n".join(line for line in lines if line)

    def close(self) -> None:
        pass


def env(game: str, **kwargs: Any) -> AECEnv:
    """The PettingZoo AEC environment of ``game`` (``cribbage``, ...), with PettingZoo's
    checks: an action out of range or a step before reset is refused. An action the mask
    forbids ends the episode as a forfeit (the worst outcome for its agent, see
    :mod:`cardtable.rl.rewards`). Keyword arguments: ``reward`` (``margin``, ``normalised`` or
    ``win``), ``observation`` (``observation`` or ``info_state``), ``render_mode`` (``ansi``),
    ``language`` (``en``, ``ja``) and the game's options.

    >>> e = env("kloepper", target=1)
    >>> e.reset(seed=1)
    >>> e.metadata["name"], e.possible_agents
    ('cardtable/kloepper-v0', ['seat_0', 'seat_1', 'seat_2', 'seat_3'])
    """
    wrapped: AECEnv = CardtableAEC(game, **kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
