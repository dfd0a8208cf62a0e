"""One seat against cardtable's bots as a Gymnasium environment (``cardtable.rl.single``).

The learner plays ``seat``; every other seat is a cardtable bot that sees only its own seat
view. Observations are the seat's float32 vector (``observation="info_state"``: its
information state); ``action_masks()`` gives the legal actions (what sb3-contrib's
``MaskablePPO`` reads), also in ``info["action_mask"]``.

- ``reset(seed=S)`` deals what ``load(game).new_state(S)`` deals; a reset without a seed deals
  from a seed drawn from the environment's generator (``np_random``).
- An action the mask forbids ends the episode as a forfeit: ``terminated``, the episode's
  rewards add up to the scheme's worst outcome (:mod:`cardtable.rl.rewards`), and
  ``info["illegal_action"]`` and ``info["reason"]`` say what happened. It never raises.
- Once an episode ends, the mask (``info["action_mask"]``, ``action_masks()``) is already
  that of the next episode's first position, the one the next ``reset()`` without a seed deals:
  under Gymnasium's autoreset the learner is never asked to act with an empty mask.

>>> from cardtable.rl import single
>>> e = single("cribbage", opponents="random", target=61)
>>> obs, info = e.reset(seed=3)
>>> obs.shape == e.observation_space.shape, int(e.action_masks().sum())
(True, 15)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from cardtable.bot_protocol import Bot
from cardtable.bots.levels import make_bot
from cardtable.engine import State
from cardtable.errors import CardtableError, OptionError
from cardtable.registry import load
from cardtable.rl.driver import Driver, action_mask
from cardtable.rl.rewards import Reward
from cardtable.seat_view import SeatView

__all__ = ["SingleSeat", "single"]

#: An opponent: a bot's name or level (``rules``, ``expert``), or a bot object (a trained
#: policy wrapped as a bot, another library's player).
Opponent = str | Bot


class SingleSeat(gym.Env[np.ndarray, np.int64]):
    """One seat of a game against bots (use :func:`single`)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (Gymnasium reads it)

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "rules",
        reward: str = "margin",
        observation: str = "observation",
        **options: Any,
    ) -> None:
        self.game = load(game, **options)
        players = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise OptionError(f"seat must be a whole number from 0 to {players - 1}, not {seat!r}")
        self.reward = Reward(reward, self.game)
        others = [s for s in range(players) if s != seat]
        chosen = (
            [opponents] * len(others)
            if isinstance(opponents, str) or not isinstance(opponents, Sequence)
            else list(opponents)
        )
        if len(chosen) != len(others):
            raise OptionError(
                f"{len(chosen)} opponents for the {len(others)} other seats of {self.game.name}"
            )
        for spec in chosen:
            if isinstance(spec, str):
                make_bot(self.game.name, spec)  # an unknown bot fails here, before any play
        self._specs = dict(zip(others, chosen, strict=True))
        self.seat = seat
        self.driver = Driver(self.game, observation=observation)
        codec = self.driver.codec
        self.observation_space = spaces.Box(
            -np.inf, np.inf, (self.driver.obs_size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(codec.num_actions)
        self._bots: dict[int, Bot] = {}
        self._paid = 0.0  # the payoff the rewards so far add up to
        self._start = 0.0  # the payoff at the deal
        self._ended = True  # no episode yet
        # The next episode, dealt when one ends (its first mask is the learner's next mask).
        self._next: tuple[State, dict[int, Bot]] | None = None

    def _payoff(self) -> float:
        return self.reward.pay(self.driver.state)[self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None or self._next is None:
            self._next = self._deal(seed)
        state, self._bots = self._next
        self._next = None
        self._ended = False
        self.driver.load(state)
        self._paid = self._start = self._payoff()
        return self._obs(), self._info()

    def _deal(self, seed: int | None) -> tuple[State, dict[int, Bot]]:
        """A game dealt from ``seed`` (None: a seed drawn from ``np_random``), played by the
        bots to the learner's first turn, and its bots."""
        deal = seed if seed is not None else int(self.np_random.integers(2**64, dtype=np.uint64))
        state = self.game.new_state(seed=deal)
        # Each bot its own generator, from the deal: the same seed, the same game.
        rng = random.Random(deal)
        bots = {
            s: make_bot(self.game.name, spec, seed=rng.getrandbits(63))
            if isinstance(spec, str)
            else spec
            for s, spec in self._specs.items()
        }
        self._play_others(state, bots)
        return state, bots

    def _play_others(self, state: State, bots: dict[int, Bot]) -> None:
        """Let the bots move until it is the learner's turn or the game is over."""
        while not state.is_over and state.to_move != self.seat:
            seat = state.to_move
            assert seat is not None
            state.apply(bots[seat].choose(SeatView(state, seat)))

    def _obs(self) -> np.ndarray:
        return self.driver.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans; once the episode is over, those of the next
        episode's first position (see the module)."""
        if self._next is not None:
            state = self._next[0]
            legal = Driver(self.game, self.driver.codec, state).legal_actions()
            return action_mask(self.driver.codec, legal).astype(bool)
        return self.driver.mask().astype(bool)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._ended:
            raise CardtableError("the episode is over: call reset() before step()")
        if not self.action_space.contains(action):
            raise OptionError(
                f"action {action!r} is not in the action space: a whole number from 0 to "
                f"{self.driver.codec.num_actions - 1}"
            )
        action = int(action)
        info: dict[str, Any] = {}
        if not self.driver.is_legal(action):
            info = {"illegal_action": action, "reason": self.driver.refusal(action)}
            now = self._start + self.reward.forfeit(self.seat)[self.seat]
            self._ended = True
        else:
            if self.driver.step(action):
                state = self.driver.state
                self._play_others(state, self._bots)
                self.driver.load(state)
            now = self._payoff()
            self._ended = self.driver.state.is_over
        reward, self._paid = now - self._paid, now
        obs = self._obs()
        if self._ended:
            self._next = self._deal(None)
        return obs, reward, self._ended, False, {**info, **self._info()}


def single(
    game: str,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "rules",
    **kwargs: Any,
) -> SingleSeat:
    """A Gymnasium environment: ``seat`` of ``game`` against ``opponents`` (one spec for every
    other seat, or one per other seat in seat order). Keyword arguments: ``reward`` (``margin``,
    ``normalised`` or ``win``), ``observation`` (``observation`` or ``info_state``) and the
    game's options.

    >>> e = single("kloepper", opponents=["random", "rules", "easy"], target=1)
    >>> int(e.action_space.n)
    31
    """
    return SingleSeat(game, seat, opponents, **kwargs)
