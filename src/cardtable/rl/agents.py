"""What the evaluation protocol evaluates: an agent named by text, made a cardtable bot.

An agent is one of:

- a **bot**: a name, a level or a spec that ``cardtable arena`` takes (``rules``, ``expert``,
  ``pimc:worlds=20``, ``policy:path=FILE``);
- a **policy file**: the path of a MaskablePPO file (sb3-contrib) trained on the observation
  tensor or on the information-state tensor of the environments; which one is read from the
  size of the model's observation space;
- a **Python callable** ``module:function``, called as ``function(observation, legal_moves)``
  with the seat's ``observation(seat)`` (a JSON-safe dict of what that seat may know) and the
  list of its legal :class:`~cardtable.engine.Move` s, returning one of them (or its notation).

>>> import cardtable
>>> game = cardtable.load("kloepper", target=1)
>>> spec = parse_agent(game, "cardtable.rl.agents:first_legal")
>>> spec.kind, spec.label
('callable', 'cardtable.rl.agents:first_legal')
>>> parse_agent(game, "rules").kind
'bot'
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np

from cardtable.bot_protocol import Bot
from cardtable.bots.levels import make_bot
from cardtable.encoding import Codec, Tensor
from cardtable.engine import JSON, Game, Move
from cardtable.errors import CardtableError, IllegalMoveError, OptionError, clip
from cardtable.registry import codec as codec_of
from cardtable.rl.policies import PolicyBot
from cardtable.seat_view import SeatView

__all__ = [
    "AgentFunction",
    "AgentSpec",
    "CallableBot",
    "first_legal",
    "load_callable",
    "make_agent",
    "parse_agent",
    "policy_bot",
]

#: A callable agent: the seat's observation and its legal moves to one of them (or its text).
AgentFunction = Callable[[Mapping[str, JSON], list[Move]], "Move | str"]

_CALLABLE = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


@dataclass(frozen=True)
class AgentSpec:
    """An agent as text a worker process can make again: its kind, the text (a bot spec, a
    policy file's absolute path, ``module:function``) and the label a report shows."""

    kind: Literal["bot", "policy", "callable"]
    text: str
    label: str


def first_legal(observation: Mapping[str, JSON], legal_moves: list[Move]) -> Move:
    """A callable agent that plays its first legal move (the example of the signature).

    >>> import cardtable
    >>> state = cardtable.load("kloepper", target=1).new_state(seed=3)
    >>> first_legal(state.observation(0), state.legal_moves()).text
    'pass'
    """
    return legal_moves[0]


def parse_agent(game: Game, agent: str) -> AgentSpec:
    """The agent ``agent`` names for ``game`` (see the module), checked now: an unknown bot,
    a missing file, a callable that cannot be imported are refused before any deal is played.

    >>> import cardtable
    >>> parse_agent(cardtable.load("kloepper"), "zz")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: unknown agent 'zz' for kloepper: an agent is a bot (bots: \
ismcts, pimc, pimc-risk, random, rules, valued; levels: beginner, easy, medium, hard, expert), a \
policy file (MaskablePPO, .zip) or a Python callable module:function
    """
    if not isinstance(agent, str) or not agent.strip():
        raise OptionError(f"an agent is a non-empty text, not {clip(agent)!r}")
    text = agent.strip()
    if Path(text).is_file():
        path = str(Path(text).resolve())
        policy_bot(game, path)  # loads it: a file of another kind fails here
        return AgentSpec("policy", path, Path(text).name)
    if text.endswith(".zip"):
        raise OptionError(f"no policy file {clip(text)!r}")
    if _CALLABLE.fullmatch(text) and "=" not in text:
        load_callable(text)
        return AgentSpec("callable", text, text)
    try:
        make_bot(game.name, text)
    except OptionError as error:
        message = str(error)
        known = message.partition("; ")[2] if message.startswith("no bot ") else ""
        if not known:  # a bot named rightly with a bad setting: say so as it is
            raise
        raise OptionError(
            f"unknown agent {clip(text)!r} for {game.name}: an agent is a bot ({known}), a policy "
            "file (MaskablePPO, .zip) or a Python callable module:function"
        ) from None
    return AgentSpec("bot", text, text)


def load_callable(text: str) -> AgentFunction:
    """The function ``module:function`` names.

    >>> load_callable("cardtable.rl.agents:nothing")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: cannot load agent 'cardtable.rl.agents:nothing': module \
'cardtable.rl.agents' has no 'nothing'
    """
    module_name, _, attribute = text.partition(":")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise OptionError(f"cannot load agent {clip(text)!r}: {error}") from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise OptionError(
                f"cannot load agent {clip(text)!r}: module {module_name!r} has no {attribute!r}"
            )
        found = getattr(found, part)
    if not callable(found):
        raise OptionError(f"agent {clip(text)!r} is not callable")
    function: AgentFunction = found
    return function


def make_agent(game: Game, spec: AgentSpec, seed: int | None) -> Bot:
    """The agent as a bot of ``game`` (the seed goes to a bot; a policy plays
    deterministically, and a callable is its own business)."""
    if spec.kind == "bot":
        return make_bot(game.name, spec.text, seed=seed)
    if spec.kind == "policy":
        return policy_bot(game, spec.text)
    return CallableBot(load_callable(spec.text), spec.label)


class CallableBot:
    """A callable agent as a bot: it is given the seat's observation and legal moves only."""

    def __init__(self, function: AgentFunction, name: str = "callable") -> None:
        self.function = function
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def choose(self, view: SeatView) -> Move:
        legal = view.legal_moves()
        answer = self.function(view.observation(), list(legal))
        for move in legal:
            if answer == move or (isinstance(answer, str) and answer == move.text):
                return move
        raise IllegalMoveError(
            f"agent {self._name!r} answered {clip(answer)!r}, not one of the "
            f"{len(legal)} legal moves it was given"
        )


#: A tensor of a seat's view for a policy: the view and the actions chosen so far of the move.
TensorOf = Callable[[Codec, SeatView, Sequence[int]], Tensor]


def _observation_tensor(codec: Codec, view: SeatView, prefix: Sequence[int]) -> Tensor:
    return _with_prefix(codec, codec.observe(view.observation()), prefix)


def _info_state_tensor(codec: Codec, view: SeatView, prefix: Sequence[int]) -> Tensor:
    return _with_prefix(codec, codec.info_state(view.observation(), view.events()), prefix)


def _with_prefix(codec: Codec, tensor: Tensor, prefix: Sequence[int]) -> Tensor:
    # As the environments give it: where a move may take several actions, the actions chosen
    # so far of the move in progress follow, one cell per action.
    if not codec.multi_action:
        return tensor
    out = np.zeros(len(tensor) + codec.num_actions, np.float32)
    out[: len(tensor)] = tensor
    for action in prefix:
        out[len(tensor) + action] = 1.0
    return out


#: Models loaded, by file and its time of change: a model is worth loading once a process.
_MODELS: dict[tuple[str, int], Any] = {}


def _model(path: str) -> Any:
    file = Path(path)
    if not file.is_file():
        raise OptionError(f"no policy file {clip(path)!r}")
    key = (str(file.resolve()), file.stat().st_mtime_ns)
    if key not in _MODELS:
        try:
            from sb3_contrib import MaskablePPO
        except ImportError:
            raise CardtableError(
                "a policy file needs sb3-contrib: pip install 'cardtable[train]'"
            ) from None
        try:
            _MODELS[key] = MaskablePPO.load(file, device="cpu")
        except Exception as error:  # a file of another kind: one line, not a traceback
            raise OptionError(f"{clip(path)!r} is not a MaskablePPO file: {error}") from None
    return _MODELS[key]


def policy_bot(game: Game, path: str) -> Bot:
    """The MaskablePPO file at ``path`` as a bot of ``game``, deterministic, reading the tensor
    its observation space fits: the observation, else the information state."""
    model = _model(path)
    codec = codec_of(game)
    extra = codec.num_actions if codec.multi_action else 0
    size = int(np.prod(model.observation_space.shape))
    kinds: dict[int, TensorOf] = {codec.obs_size + codec.info_size + extra: _info_state_tensor}
    kinds[codec.obs_size + extra] = _observation_tensor  # the observation where sizes agree
    tensor = kinds.get(size)
    if tensor is None:
        raise OptionError(
            f"policy {Path(path).name!r} reads {size} cells; {game.name} gives "
            f"{codec.obs_size + extra} (observation) or "
            f"{codec.obs_size + codec.info_size + extra} (information state)"
        )

    def policy(obs: Tensor, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return PolicyBot(policy, f"policy:{Path(path).name}", tensor)
