"""One seat against cardtable's bots as a Gymnasium environment (``cardtable.rl.single``).

The learner plays ``seat``; every other seat is a cardtable bot that sees only its own seat
view. Observations are the seat's float32 vector; ``action_masks()`` gives the legal actions
(what sb3-contrib's ``MaskablePPO`` reads), also in ``info["action_mask"]``.

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
from cardtable.errors import OptionError
from cardtable.registry import load
from cardtable.rl.driver import Driver, reward_function
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
        **options: Any,
    ) -> None:
        self.game = load(game, **options)
        players = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise OptionError(f"seat must be a whole number from 0 to {players - 1}, not {seat!r}")
        self._pay = reward_function(reward)
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
        self.driver = Driver(self.game)
        codec = self.driver.codec
        self.observation_space = spaces.Box(
            -np.inf, np.inf, (self.driver.obs_size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(codec.num_actions)
        self._bots: dict[int, Bot] = {}
        self._paid = 0.0

    def _payoff(self) -> float:
        return self._pay(self.driver.state)[self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**63))
        self.driver.reset(deal)
        # Each bot its own generator, from the deal: the same seed, the same game.
        rng = random.Random(deal)
        self._bots = {
            s: make_bot(self.game.name, spec, seed=rng.getrandbits(63))
            if isinstance(spec, str)
            else spec
            for s, spec in self._specs.items()
        }
        self._paid = self._payoff()
        self._play_others()
        return self._obs(), self._info()

    def _play_others(self) -> None:
        """Let the bots move until it is the learner's turn or the game is over."""
        driver = self.driver
        state = driver.state
        while not state.is_over and state.to_move != self.seat:
            seat = state.to_move
            assert seat is not None
            state.apply(self._bots[seat].choose(SeatView(state, seat)))
        driver.load(state)

    def _obs(self) -> np.ndarray:
        return self.driver.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (all false once the game is over)."""
        return self.driver.mask().astype(bool)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.driver.step(int(action)):
            self._play_others()
        now = self._payoff()
        reward, self._paid = now - self._paid, now
        return self._obs(), reward, self.driver.state.is_over, False, self._info()


def single(
    game: str,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "rules",
    **kwargs: Any,
) -> SingleSeat:
    """A Gymnasium environment: ``seat`` of ``game`` against ``opponents`` (one spec for every
    other seat, or one per other seat in seat order). Keyword arguments: ``reward`` (``margin``
    or ``win``) and the game's options.

    >>> e = single("kloepper", opponents=["random", "rules", "easy"], target=1)
    >>> int(e.action_space.n)
    31
    """
    return SingleSeat(game, seat, opponents, **kwargs)
