"""Trained policies as cardtable players, and cardtable's bots as policies.

:class:`PolicyBot` plays any function of (observation tensor, action mask) to an action through
cardtable's bot protocol, so a trained policy plays wherever a bot object does (the arena,
an opponent of :func:`cardtable.rl.single`); ``policy:path=FILE`` is such a bot loaded from a
MaskablePPO file (``cardtable arena cribbage --bots policy:path=model.zip,rules``).
:func:`bot_policy` and :class:`BotAgent` go the other way: a cardtable bot as a function of a
game state, or of a PettingZoo agent, to actions.

>>> import cardtable
>>> from cardtable.bot_protocol import choose_for
>>> first = PolicyBot(lambda obs, mask: int(mask.nonzero()[0][0]), name="first-legal")
>>> state = cardtable.load("krypkasino", deals=1).new_state(seed=3)
>>> choose_for(first, state).text
'play 2D'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.bot_protocol import Bot
from cardtable.bots.levels import make_bot, register_bot
from cardtable.encoding import Codec, Tensor, next_actions
from cardtable.engine import Move, State
from cardtable.errors import CardtableError, IllegalMoveError, OptionError
from cardtable.registry import codec as codec_of
from cardtable.rl.driver import Driver, action_mask, observation_tensor
from cardtable.seat_view import SeatView

__all__ = ["BotAgent", "Policy", "PolicyBot", "bot_policy", "load_policy", "register_bots"]

#: A policy: the observation tensor and the int8 mask of legal actions to one legal action.
Policy = Callable[[Tensor, np.ndarray], int]


class PolicyBot:
    """A policy playing as a cardtable bot: it sees only its seat view, and takes actions
    until they name one legal move (an action outside the mask is refused, naming it)."""

    def __init__(
        self,
        policy: Policy,
        name: str = "policy",
        tensor: Callable[[Codec, SeatView, Sequence[int]], Tensor] | None = None,
    ) -> None:
        self.policy = policy
        self._name = name
        # The tensor the policy reads, from the view and the actions chosen so far of the move:
        # by default the observation tensor (a policy trained on another reads that one).
        self.tensor = tensor

    @property
    def name(self) -> str:
        return self._name

    def choose(self, view: SeatView) -> Move:
        codec = codec_of(view.game)
        legal = view.legal_moves()
        observation = view.observation() if self.tensor is None else {}
        prefix: tuple[int, ...] = ()
        while True:
            fitting, nxt = next_actions(codec, legal, prefix)
            if prefix and not nxt:
                return fitting[0]
            mask = action_mask(codec, nxt)
            tensor = (
                observation_tensor(codec, observation, prefix)
                if self.tensor is None
                else self.tensor(codec, view, prefix)
            )
            action = int(self.policy(tensor, mask))
            if action not in nxt:
                raise IllegalMoveError(
                    f"policy {self._name!r} chose action {action} "
                    f"({codec.action_name(action) if 0 <= action < codec.num_actions else '?'}), "
                    "which the mask does not allow"
                )
            prefix = (*prefix, action)


#: Policies loaded, by file, its time of change and determinism: an arena makes its bots once
#: a game, and a model is worth loading once.
_LOADED: dict[tuple[str, int, bool], Policy] = {}


def load_policy(path: str | Path, deterministic: bool = True) -> Policy:
    """The policy of a MaskablePPO file (sb3-contrib) saved by ``model.save(path)``."""
    file = Path(path)
    if not file.is_file():
        raise OptionError(f"no policy file {str(file)!r}")
    key = (str(file.resolve()), file.stat().st_mtime_ns, deterministic)
    found = _LOADED.get(key)
    if found is None:
        found = _LOADED[key] = _load(file, deterministic)
    return found


def _load(file: Path, deterministic: bool) -> Policy:
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise CardtableError(
            "a trained policy needs sb3-contrib: pip install 'cardtable[train]'"
        ) from None
    try:
        model = MaskablePPO.load(file, device="cpu")
    except Exception as error:  # a file of another kind: say so, not a traceback
        raise OptionError(f"{str(file)!r} is not a MaskablePPO file: {error}") from None

    def policy(obs: Tensor, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=deterministic)
        return int(action)

    return policy


def _policy_bot(seed: int | None = None, path: str = "", deterministic: int = 1) -> Bot:
    if not path:
        raise OptionError("bot 'policy' needs its file: policy:path=FILE")
    return PolicyBot(load_policy(path, bool(deterministic)), name=f"policy:{Path(path).name}")


def register_bots() -> None:
    """Make ``policy:path=FILE`` a bot of every game (a MaskablePPO file)."""
    register_bot("policy", _policy_bot)


def bot_policy(
    game_name: str, spec: str = "rules", seed: int | None = None
) -> Callable[[State], tuple[int, ...]]:
    """A cardtable bot (a name or a level) as a policy over states: the actions, from the seat
    to act's view only, that make the bot's move.

    >>> import cardtable
    >>> rules = bot_policy("kloepper", "rules", seed=1)
    >>> rules(cardtable.load("kloepper").new_state(seed=3))
    (28,)
    """
    bot = make_bot(game_name, spec, seed=seed)

    def actions(state: State) -> tuple[int, ...]:
        seat = state.to_move
        if seat is None:
            raise CardtableError("the game is over: no seat is to act")
        return Driver(state.game, state=state).actions_of(bot.choose(SeatView(state, seat)))

    return actions


class BotAgent:
    """A cardtable bot (a name or a level) playing agents of a PettingZoo environment from
    :func:`cardtable.rl.env`: called with the agent to act, it gives the next action of the
    bot's move, chosen from that seat's view only (a move of several actions is chosen once,
    then given action by action).

    >>> from cardtable.rl import env
    >>> e = env("krypkasino", deals=1)
    >>> e.reset(seed=3)
    >>> rules = BotAgent(e, "rules", seed=1)
    >>> for agent in e.agent_iter():
    ...     obs, reward, terminated, truncated, info = e.last()
    ...     e.step(None if terminated or truncated else rules(agent))
    >>> e.unwrapped.driver.state.is_over
    True
    """

    def __init__(self, environment: Any, spec: str = "rules", seed: int | None = None) -> None:
        self.driver: Driver = environment.unwrapped.driver
        self.bot = make_bot(self.driver.game.name, spec, seed=seed)
        self._pending: list[int] = []

    def __call__(self, agent: str) -> int:
        driver = self.driver
        seat = driver.to_move
        if seat is None or agent != f"seat_{seat}":
            raise CardtableError(f"{agent} is not to act now")
        if not driver.prefix or not self._pending:
            move = self.bot.choose(SeatView(driver.state, seat))
            self._pending = list(driver.actions_of(move))
        return self._pending.pop(0)
