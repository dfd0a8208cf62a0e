"""The OpenSpiel adapter's observers: what a seat, or the public, sees of a state.

OpenSpiel asks for an observer by an ``IIGObservationType``; three kinds are offered:

- **a seat** (public and that seat's private information, ``PrivateInfoType.SINGLE_PLAYER``):
  the codec's tensor of ``observation(seat)`` (with ``perfect_recall``: its information-state
  tensor); the string is that observation as sorted JSON without ``legal_moves`` (with
  ``perfect_recall``: followed by every event the seat may see since the start of the game).
  Both add the actions chosen so far of a move in progress, for the seat making it.
- **the public** (``public_info=True``, ``PrivateInfoType.NONE``): the same of the spectator's
  ``observation(None)``, seen from seat 0, with the public events for ``perfect_recall``. The
  player asked for changes nothing.
- **a seat's private information only** (``public_info=False``, ``SINGLE_PLAYER``, no
  ``perfect_recall``): a string only, no tensor: the entries of ``observation(seat)`` that differ
  from the spectator's (the hand, and whatever else only that seat knows), and the move in
  progress where the seat is making one.

OpenSpiel's ``generate_playthrough`` asks for all three.

>>> import pyspiel
>>> from cardtable.rl.openspiel import register, seed_actions
>>> register(bots=False)
>>> game = pyspiel.load_game("cardtable_kloepper", {"target": 1})
>>> state = game.new_initial_state()
>>> for action in seed_actions(3):
...     state.apply_action(action)
>>> private = pyspiel.IIGObservationType(
...     public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
... )
>>> game.make_py_observer(private).string_from(state, 0)
'{"hand":["JD","9D","KC","10H","KH","QH"],"may_knock":false,"seat":0}'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np
import pyspiel

from cardtable.encoding import Codec, Tensor
from cardtable.engine import Event, State
from cardtable.errors import clip

__all__ = ["CardtableObserver", "ObservedState", "private_entries"]


class ObservedState(Protocol):
    """What an observer reads of an adapter state."""

    @property
    def engine(self) -> State | None: ...

    @property
    def prefix(self) -> tuple[int, ...]: ...

    def seat_events(self, seat: int | None) -> list[Event]: ...

    def text(self, seat: int | None, recall: bool, private: bool = False) -> str: ...


def private_entries(state: State, seat: int) -> dict[str, Any]:
    """The entries of ``observation(seat)`` that the spectator's observation lacks or shows
    otherwise (``legal_moves`` left out): what only that seat knows, and which seat it is.

    >>> import cardtable
    >>> state = cardtable.load("cribbage", target=61).new_state(seed=2)
    >>> sorted(private_entries(state, 1))
    ['hand', 'laid_away', 'seat']
    """
    public = state.observation(None)
    return {
        key: value
        for key, value in state.observation(seat).items()
        if key != "legal_moves" and public.get(key, None) != value
    }


class CardtableObserver:
    """An observer of the OpenSpiel API (``.tensor``, ``.dict``, ``set_from``,
    ``string_from``) of one of the kinds of the module's docs."""

    def __init__(
        self, codec: Codec, extra: int, iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; given {dict(params)}")
        single = pyspiel.PrivateInfoType.SINGLE_PLAYER
        private, public = iig_obs_type.private_info, bool(iig_obs_type.public_info)
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public = public and private == pyspiel.PrivateInfoType.NONE
        self.private = not public and private == single and not self.recall
        if not (self.public or self.private or (public and private == single)):
            raise ValueError(
                f"cardtable observes one seat, the public, or one seat's private information "
                f"without perfect recall; not public_info={public}, private_info={clip(private)}, "
                f"perfect_recall={self.recall}"
            )
        self.codec = codec
        # The move in progress is the moving seat's own choice, not yet public.
        self.extra = 0 if self.public else extra
        self.dict: dict[str, Tensor] = {}
        self.tensor: Tensor | None = None
        if self.private:
            return
        pieces = [("observation", codec.obs_size)]
        if self.recall:
            pieces.append(("history", codec.info_size))
        if self.extra:
            pieces.append(("move", self.extra))
        tensor = self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        at = 0
        for name, size in pieces:
            self.dict[name] = tensor[at : at + size]
            at += size

    def set_from(self, state: ObservedState, player: int) -> None:
        """Fill ``tensor`` for ``player`` (zeros at the chance nodes; nothing to fill for the
        private-only kind, which has no tensor)."""
        tensor = self.tensor
        if tensor is None:
            return
        tensor.fill(0.0)
        engine = state.engine
        if engine is None:
            return
        seat = None if self.public else player
        codec = self.codec
        obs = engine.observation(seat)
        if self.recall:
            size = codec.obs_size + codec.info_size
            tensor[:size] = codec.info_state(obs, state.seat_events(seat))
        else:
            codec.observe(obs, self.dict["observation"])
        if self.extra and player == engine.to_move:
            self.dict["move"][list(state.prefix)] = 1.0

    def string_from(self, state: ObservedState, player: int) -> str:
        """The string of the module's docs for ``player`` (the public's for every player)."""
        if self.public:
            return state.text(None, self.recall)
        return state.text(player, self.recall, private=self.private)
