"""A game played as actions: what the PettingZoo, Gymnasium and OpenSpiel adapters share.

A :class:`Driver` holds one state, the game's codec and the actions chosen so far of the move
in progress; it gives the seat to act its mask and applies the move once its actions name one
(:func:`cardtable.encoding.next_actions`). Every move still goes through ``State.apply``.

>>> import cardtable
>>> driver = Driver(cardtable.load("kloepper", target=1))
>>> driver.reset(seed=3)
>>> driver.to_move, driver.legal_actions()
(0, [28])
>>> driver.step(28)
True
>>> driver.state.history
['pass']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np

from cardtable.encoding import Codec, Tensor, next_actions
from cardtable.engine import JSON, Game, Move, State
from cardtable.errors import IllegalMoveError, OptionError, clip
from cardtable.registry import codec as codec_of
from cardtable.rl.rewards import margins, wins

__all__ = [
    "OBSERVATIONS",
    "REWARDS",
    "Driver",
    "action_mask",
    "check_observation",
    "info_state_tensor",
    "margins",
    "observation_tensor",
    "reward_function",
    "tensor_size",
    "wins",
]

#: What a seat's tensor holds: ``observation`` (the codec's observation of the position) or
#: ``info_state`` (the codec's information state: the observation, then the history the seat
#: saw, as OpenSpiel's information-state tensor).
OBSERVATIONS = ("observation", "info_state")


def check_observation(name: str) -> str:
    """``name`` if it is one of :data:`OBSERVATIONS`, else a clear refusal.

    >>> check_observation("board")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: unknown observation 'board'; observations: observation, info_state
    """
    if not isinstance(name, str) or name not in OBSERVATIONS:
        raise OptionError(
            f"unknown observation {clip(name)!r}; observations: {', '.join(OBSERVATIONS)}"
        )
    return name


def tensor_size(codec: Codec, observation: str = "observation") -> int:
    """Cells of :func:`observation_tensor` (``observation="info_state"``: of
    :func:`info_state_tensor`): the codec's, and the move in progress where moves may take
    several actions.

    >>> import cardtable
    >>> from cardtable.registry import codec
    >>> c = codec(cardtable.load("kloepper"))
    >>> tensor_size(c), tensor_size(c, "info_state")
    (308, 1025)
    """
    base = codec.obs_size + (codec.info_size if observation == "info_state" else 0)
    return base + (codec.num_actions if codec.multi_action else 0)


def action_mask(codec: Codec, actions: Sequence[int]) -> np.ndarray:
    """``actions`` as an int8 vector of the codec's ``num_actions`` cells."""
    out = np.zeros(codec.num_actions, np.int8)
    out[list(actions)] = 1
    return out


def observation_tensor(
    codec: Codec, observation: Mapping[str, JSON], prefix: Sequence[int] = ()
) -> Tensor:
    """The tensor a learner sees: the codec's observation, then, where the game's moves may
    take several actions, the actions chosen so far of the move in progress (one-hot cells).

    >>> import cardtable
    >>> from cardtable.registry import codec
    >>> state = cardtable.load("krypkasino").new_state(seed=3)
    >>> c = codec(state.game)
    >>> len(observation_tensor(c, state.observation(0))) == c.obs_size + c.num_actions
    True
    """
    out = np.zeros(tensor_size(codec), np.float32)
    codec.observe(observation, out[: codec.obs_size])
    for action in prefix:
        out[codec.obs_size + action] = 1.0
    return out


def info_state_tensor(codec: Codec, state: State, seat: int, prefix: Sequence[int] = ()) -> Tensor:
    """The information-state tensor of ``seat``: the codec's, of its observation and every
    event it saw since the start of the game (``events_for(seat)``), then, where moves may
    take several actions, the actions chosen so far of the move in progress. The layout of
    OpenSpiel's information-state tensor; it depends only on what the seat may know.

    >>> import cardtable
    >>> from cardtable.registry import codec
    >>> state = cardtable.load("kloepper", target=1).new_state(seed=3)
    >>> info_state_tensor(codec(state.game), state, 0).shape
    (1025,)
    """
    size = codec.obs_size + codec.info_size
    out = np.zeros(tensor_size(codec, "info_state"), np.float32)
    out[:size] = codec.info_state(state.observation(seat), state.events_for(seat))
    for action in prefix:
        out[size + action] = 1.0
    return out


#: The payoffs by name that OpenSpiel's adapter declares bounds for: ``margin`` (the default:
#: zero-sum, each step's change sums to the final margin) and ``win`` (+1 to the winners, -1 to
#: the rest, at the end). The environments take these and more (:mod:`cardtable.rl.rewards`).
REWARDS: dict[str, Callable[[State], list[float]]] = {"margin": margins, "win": wins}


def reward_function(name: str) -> Callable[[State], list[float]]:
    """The payoff of reward scheme ``name`` (see :data:`REWARDS`); an unknown name is refused.

    >>> reward_function("score")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: unknown reward 'score'; rewards: margin, win
    """
    found = REWARDS.get(name) if isinstance(name, str) else None
    if found is None:
        raise OptionError(f"unknown reward {clip(name)!r}; rewards: {', '.join(REWARDS)}")
    return found


class Driver:
    """One game as a sequence of actions (see the module's example)."""

    def __init__(
        self,
        game: Game,
        codec: Codec | None = None,
        state: State | None = None,
        *,
        observation: str = "observation",
    ) -> None:
        self.game = game
        self.codec = codec or codec_of(game)
        #: What :meth:`observe` gives (:data:`OBSERVATIONS`).
        self.observation = check_observation(observation)
        self.players = game.num_players
        self.state: State = state if state is not None else game.new_state(seed=0)
        self.prefix: tuple[int, ...] = ()
        self._next: list[int] = []
        self._fitting: list[Move] = []
        self._refresh()

    @property
    def obs_size(self) -> int:
        """Cells of :meth:`observe` (:func:`tensor_size`)."""
        return tensor_size(self.codec, self.observation)

    def reset(self, seed: int) -> None:
        """A new game dealt from ``seed``."""
        self.load(self.game.new_state(seed=seed))

    def load(self, state: State) -> None:
        """Play on from ``state`` (a record's, a sampled world), no move in progress."""
        self.state = state
        self.prefix = ()
        self._refresh()

    def _refresh(self) -> None:
        if self.state.is_over:
            self._fitting, self._next = [], []
            return
        self._fitting, self._next = next_actions(self.codec, self.state._legal(), self.prefix)

    @property
    def to_move(self) -> int | None:
        return self.state.to_move

    def legal_actions(self) -> list[int]:
        """The actions the seat to act may take now (sorted; empty once the game is over)."""
        return list(self._next)

    def is_legal(self, action: int) -> bool:
        """Whether the seat to act may take ``action`` now."""
        return action in self._next

    def mask(self) -> np.ndarray:
        """``legal_actions`` as an int8 vector of ``num_actions`` cells."""
        return action_mask(self.codec, self._next)

    def step(self, action: int) -> bool:
        """Take ``action`` for the seat to act; True when it completed a move (applied).

        An action that is not legal now raises :class:`IllegalMoveError` and changes nothing."""
        if action not in self._next:
            raise IllegalMoveError(self.refusal(action))
        prefix = (*self.prefix, int(action))
        fitting, nxt = next_actions(self.codec, self._fitting, prefix)
        if nxt:
            self.prefix, self._fitting, self._next = prefix, fitting, nxt
            return False
        self.state.apply(fitting[0])
        self.prefix = ()
        self._refresh()
        return True

    def refusal(self, action: object) -> str:
        """Why ``action`` may not be taken now, naming the legal actions (private to the seat
        to act: they tell its cards)."""
        if self.state.is_over:
            return f"the game is over; action {action!r} cannot be taken"
        names = ", ".join(f"{a} ({self.codec.action_name(a)})" for a in self._next[:12])
        more = ", ..." if len(self._next) > 12 else ""
        return f"action {action!r} is not legal now; legal: {names}{more}"

    def actions_of(self, move: Move) -> tuple[int, ...]:
        """The actions still to take for ``move`` (a legal move of the current state), given
        the actions already chosen: as few as name it."""
        legal = self.state._legal()
        full = self.codec.actions(move)
        prefix = self.prefix
        if full[: len(prefix)] != prefix or move not in legal:
            raise IllegalMoveError(f"{move.text!r} is not a legal move that fits the actions")
        out: list[int] = []
        fitting = self._fitting
        for action in full[len(prefix) :]:
            out.append(action)
            fitting, nxt = next_actions(self.codec, fitting, (*prefix, *out))
            if not nxt:
                break
        return tuple(out)

    def observe(self, seat: int) -> Tensor:
        """The seat's tensor: :func:`observation_tensor`, or :func:`info_state_tensor` where
        the driver was made with ``observation="info_state"``; the move in progress shows only
        to the seat making it."""
        prefix = self.prefix if seat == self.state.to_move else ()
        if self.observation == "info_state":
            return info_state_tensor(self.codec, self.state, seat, prefix)
        return observation_tensor(self.codec, self.state.observation(seat), prefix)
