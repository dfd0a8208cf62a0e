"""Self-play over N tables at once: ``(N, size)`` tensors, ``(N, actions)`` masks, autoreset.

:func:`vector_env` holds N tables of one game. Every table is a whole game (its options as
keywords: ``target=1`` for one-deal Kloepper); each step takes one action per table, for the
seat to act there, and returns every table's next decision. Arrays are preallocated and filled
in place: the arrays a call returns are the environment's own, overwritten by the next call
(copy what you keep).

- ``reset(seed=None)`` -> ``(obs, mask, to_move)``: ``obs`` float32 ``(N, obs_size)``, the
  tensor of the seat to act at each table; ``mask`` int8 ``(N, num_actions)``, its legal actions;
  ``to_move`` int64 ``(N,)``, that seat.
- ``step(actions)`` -> ``(obs, mask, to_move, rewards, done)``: ``rewards`` float32
  ``(N, players)``, each seat's change in the reward scheme's payoff (:data:`REWARDS`) at this
  step; ``done`` bool ``(N,)``, True where this step ended the table's game.
- **Seeds**: ``reset(seed=S)`` deals table ``i`` from seed ``S + i``; every game started later
  (autoreset) takes the next seed not yet used, ``S + N``, ``S + N + 1``, ... in the order of
  the tables that finished (lowest table first within a step). A seed is the engine's:
  ``load(game, **options).new_state(seed)`` deals the same cards. ``seeds`` holds each table's
  current game's seed.
- **Autoreset**: on the step that ends a table's game, its ``rewards`` row holds the last
  change of the finished game (so the episode's rewards sum to its final payoff) and ``done`` is
  True, while its ``obs``, ``mask`` and ``to_move`` are already the first decision of the next
  game: the mask is never all zero. The finished game's final scores are in ``final_scores``
  (rows of the tables that finished at that step).
- **Illegal actions** raise :class:`~cardtable.errors.IllegalMoveError` naming the table and
  its legal actions, before any table moves (the vector API is for masked learners).

``observation="info_state"`` gives the codec's information-state tensor in place of the
observation tensor; where a move may take several actions (Krypkasino), both end with the
actions chosen so far of the move in progress, as in the other environments.

>>> import numpy as np
>>> venv = vector_env("kloepper", 3, observation="info_state", target=1)
>>> obs, mask, to_move = venv.reset(seed=10)
>>> obs.shape, mask.shape, to_move.tolist(), venv.seeds.tolist()
((3, 1025), (3, 31), [0, 0, 0], [10, 11, 12])
>>> rng = np.random.default_rng(0)
>>> actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
>>> obs, mask, to_move, rewards, done = venv.step(actions)
>>> rewards.shape, done.tolist()
((3, 4), [False, False, False])
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol

import numpy as np
import numpy.typing as npt

from cardtable.encoding import Codec
from cardtable.engine import Game, State
from cardtable.errors import IllegalMoveError, OptionError, clip
from cardtable.registry import codec as codec_of
from cardtable.registry import load
from cardtable.rl.driver import Driver, reward_function, tensor_size

__all__ = [
    "OBSERVATIONS",
    "Core",
    "DriverCore",
    "VectorEnv",
    "core_of",
    "tensor_width",
    "vector_env",
]

#: The tensors a vector environment may give: the codec's observation or information state.
OBSERVATIONS = ("observation", "info_state")
Kind = Literal["observation", "info_state"]


def tensor_width(codec: Codec, observation: str) -> int:
    """Cells of the tensor ``observation`` names, the move in progress included.

    >>> import cardtable
    >>> c = codec_of(cardtable.load("kloepper"))
    >>> tensor_width(c, "observation"), tensor_width(c, "info_state")
    (308, 1025)
    """
    if observation == "observation":
        return tensor_size(codec)
    if observation == "info_state":
        return tensor_size(codec) + codec.info_size
    raise OptionError(
        f"unknown observation {clip(observation)!r}; observations: {', '.join(OBSERVATIONS)}"
    )


class Core(Protocol):
    """What plays the N tables of a :class:`VectorEnv`: the engine through drivers
    (:class:`DriverCore`), or a game's own fast core with the same moves, scores and tensors.

    The core owns the arrays it fills: ``obs``, ``mask``, ``to_move``, ``rewards``, ``done``,
    ``final_scores`` (float32 ``(N, players)``)."""

    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.int8]
    to_move: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    done: npt.NDArray[np.bool_]
    final_scores: npt.NDArray[np.float32]

    def reset(self, seeds: Sequence[int]) -> None:
        """Deal table ``i`` a game from ``seeds[i]`` and write every table's first decision."""

    def step(self, actions: Sequence[int], seeds: SeedFeed) -> None:
        """Take each table's action (checked legal by the caller), fill rewards and done, and
        start a finished table's next game from ``seeds.next()``."""


class SeedFeed:
    """The seeds of the games started after a reset: ``start``, ``start + 1``, ..."""

    __slots__ = ("following", "seeds")

    def __init__(self, seeds: npt.NDArray[np.int64], following: int) -> None:
        self.seeds = seeds
        self.following = following

    def next(self, table: int) -> int:
        """The next seed, recorded as table ``table``'s."""
        seed = self.following
        self.following += 1
        self.seeds[table] = seed
        return seed


class DriverCore:
    """N tables through the engine: one :class:`~cardtable.rl.driver.Driver` each, the codec's
    tensor of the seat to act written into its row. Works for every game with a codec."""

    def __init__(
        self, game: Game, n: int, observation: Kind, pay: Callable[[State], list[float]]
    ) -> None:
        self.game = game
        self.codec = codec_of(game)
        self.players = game.num_players
        self.kind = observation
        self.pay = pay
        self.drivers = [Driver(game, self.codec) for _ in range(n)]
        width = tensor_width(self.codec, observation)
        self.obs = np.zeros((n, width), np.float32)
        self.mask = np.zeros((n, self.codec.num_actions), np.int8)
        self.to_move = np.zeros(n, np.int64)
        self.rewards = np.zeros((n, self.players), np.float32)
        self.done = np.zeros(n, np.bool_)
        self.final_scores = np.zeros((n, self.players), np.float32)
        self.paid = [[0.0] * self.players for _ in range(n)]

    def reset(self, seeds: Sequence[int]) -> None:
        for table, seed in enumerate(seeds):
            self.start(table, seed)

    def start(self, table: int, seed: int) -> None:
        """Deal table ``table`` a game from ``seed`` and write its first decision."""
        driver = self.drivers[table]
        driver.reset(seed)
        self.paid[table] = self.pay(driver.state)
        self._write(table)

    def _write(self, table: int) -> None:
        """The tensor and mask of the seat to act at ``table``."""
        driver = self.drivers[table]
        state = driver.state
        seat = state.to_move
        assert seat is not None  # a finished game is replaced at once
        codec = self.codec
        row = self.obs[table]
        row.fill(0.0)
        view = state.observation(seat)
        size = codec.obs_size
        if self.kind == "observation":
            codec.observe(view, row[:size])
        else:
            size += codec.info_size
            row[:size] = codec.info_state(view, state.events_for(seat))
        for action in driver.prefix:
            row[size + action] = 1.0
        mask = self.mask[table]
        mask.fill(0)
        mask[driver.legal_actions()] = 1
        self.to_move[table] = seat

    def step(self, actions: Sequence[int], seeds: SeedFeed) -> None:
        self.rewards.fill(0.0)
        self.done.fill(False)
        for table, action in enumerate(actions):
            driver = self.drivers[table]
            if driver.step(int(action)):
                state = driver.state
                now = self.pay(state)
                before = self.paid[table]
                self.rewards[table] = [a - b for a, b in zip(now, before, strict=True)]
                self.paid[table] = now
                if state.is_over:
                    self.done[table] = True
                    self.final_scores[table] = state.scores
                    self.start(table, seeds.next(table))
                    continue
            self._write(table)


def core_of(
    game: Game,
    n: int,
    observation: Kind,
    pay: Callable[[State], list[float]],
    engine: bool = False,
) -> Core:
    """The fastest core that plays ``game``. A game may offer one in its module ``lean``:
    ``cardtable.games.<name>.lean.VECTOR_CORE``, a factory of the game, N, the tensor and the
    reward scheme's payoff of a state, which returns None for options it does not play and is
    checked move for move against the engine in the tests. Otherwise, or with
    ``engine=True``, the engine's drivers play (:class:`DriverCore`).

    >>> import cardtable
    >>> from cardtable.rl.driver import margins
    >>> type(core_of(cardtable.load("cribbage"), 2, "observation", margins)).__name__
    'DriverCore'
    """
    if not engine:
        try:
            module = importlib.import_module(f"cardtable.games.{game.name}.lean")
        except ModuleNotFoundError:
            module = None
        make = getattr(module, "VECTOR_CORE", None)
        if make is not None:
            fast: Core | None = make(game, n, observation, pay)
            if fast is not None:  # a core may decline options it does not play
                return fast
    return DriverCore(game, n, observation, pay)


class VectorEnv:
    """N tables of one game for self-play (see the module's description; use
    :func:`vector_env`)."""

    def __init__(
        self,
        game: str,
        n: int,
        observation: str = "observation",
        reward: str = "margin",
        seed: int = 0,
        engine: bool = False,
        **options: Any,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise OptionError(
                f"the number of tables must be a whole number of 1 or more, not {n!r}"
            )
        pay = reward_function(reward)  # an unknown scheme is refused with the list of schemes
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise OptionError(f"seed must be a whole number of 0 or more, not {clip(seed)!r}")
        self.game = load(game, **options)
        self.codec = codec_of(self.game)
        #: Cells of each table's tensor (an unknown ``observation`` is refused here).
        self.obs_size = tensor_width(self.codec, observation)
        self.num_envs = n
        self.players = self.game.num_players
        self.num_actions = self.codec.num_actions
        self.observation = observation
        kind: Kind = "info_state" if observation == "info_state" else "observation"
        self.core = core_of(self.game, n, kind, pay, engine=engine)
        #: Each table's current game's seed.
        self.seeds = np.zeros(n, np.int64)
        self._feed = SeedFeed(self.seeds, seed)
        self._seed = seed
        self._ready = False

    @property
    def final_scores(self) -> npt.NDArray[np.float32]:
        """The final scores of the games that ended at the last step (rows where ``done``)."""
        return self.core.final_scores

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Deal every table a new game: table ``i`` from seed ``seed + i`` (``seed`` defaults
        to the one the environment was made with); later games take the seeds after them."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise OptionError(f"seed must be a whole number of 0 or more, not {clip(seed)!r}")
            self._seed = seed
        core = self.core
        self.seeds[:] = np.arange(self._seed, self._seed + self.num_envs)
        core.reset(self.seeds.tolist())
        self._feed.following = self._seed + self.num_envs
        core.rewards.fill(0.0)
        core.done.fill(False)
        self._ready = True
        return core.obs, core.mask, core.to_move

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.int64],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Take ``actions[i]`` at table ``i`` for its seat to act; see the module's description."""
        if not self._ready:
            raise OptionError("call reset() before step()")
        chosen = np.asarray(actions)
        n = self.num_envs
        if chosen.shape != (n,) or not np.issubdtype(chosen.dtype, np.integer):
            raise IllegalMoveError(
                f"step takes one whole-number action per table, {n} in all; got an array of "
                f"shape {chosen.shape} and type {chosen.dtype}"
            )
        core = self.core
        inside = (chosen >= 0) & (chosen < self.num_actions)
        legal = inside & (core.mask[np.arange(n), np.where(inside, chosen, 0)] != 0)
        if not legal.all():
            table = int(np.flatnonzero(~legal)[0])
            allowed = np.flatnonzero(core.mask[table]).tolist()
            names = ", ".join(f"{a} ({self.codec.action_name(a)})" for a in allowed[:12])
            more = ", ..." if len(allowed) > 12 else ""
            raise IllegalMoveError(
                f"table {table}: action {int(chosen[table])} is not legal for seat "
                f"{int(core.to_move[table])}; legal: {names}{more}"
            )
        core.step(chosen.tolist(), self._feed)
        return core.obs, core.mask, core.to_move, core.rewards, core.done


def vector_env(
    game: str,
    n: int,
    observation: str = "observation",
    reward: str = "margin",
    seed: int = 0,
    **options: Any,
) -> VectorEnv:
    """N tables of ``game`` for self-play, with autoreset (see :mod:`cardtable.rl.vector`).

    ``observation``: ``observation`` or ``info_state``; ``reward``: a scheme of
    :data:`~cardtable.rl.driver.REWARDS`; ``seed``: the first table's first seed; ``engine=True``
    plays through the engine even where the game offers a faster core; other keywords are the
    game's options.

    >>> venv = vector_env("cribbage", 2, target=61)
    >>> obs, mask, to_move = venv.reset()
    >>> obs.shape, int(mask[0].sum())
    ((2, 495), 15)
    >>> vector_env("cribbage", 2, observation="tensor")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: unknown observation 'tensor'; observations: ...
    """
    return VectorEnv(game, n, observation, reward, seed, **options)
