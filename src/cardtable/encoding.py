"""Fixed action encodings and observation tensors: what learning code needs of a game.

A game's :class:`Codec` numbers its decisions once and for all (``num_actions`` indices, one
meaning per index in every state, never an index into a legal-move list) and turns a seat's
``observation(seat)`` into a flat float32 vector of fixed length. A move is a short sequence
of actions (most games: one); the sequences of a state's legal moves are prefix-free, so the
seat to act picks one action after another until the moves that fit leave one
(:func:`next_actions`). Tensors come only from ``observation(seat)`` (and the events that seat
may see), so the leak tests of the observation cover them.

>>> import cardtable
>>> from cardtable.registry import codec
>>> state = cardtable.load("cribbage", target=61).new_state(seed=2)
>>> cc = codec(state.game)
>>> move = state.legal_moves()[0]
>>> actions = cc.actions(move)
>>> cc.decode(state.legal_moves(), actions) is move
True
>>> len(cc.observe(state.observation(0))) == cc.obs_size
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from cardtable.cards import PACK_SIZE, card_str
from cardtable.engine import JSON, Event, Game, Move
from cardtable.errors import CardtableError

__all__ = [
    "FACE",
    "Codec",
    "Tensor",
    "Writer",
    "next_actions",
    "offsets_of",
    "seat_order",
]

#: A float32 vector, as every codec fills.
Tensor = npt.NDArray[np.float32]

#: A card's notation to its face (0 the ace of clubs ... 51 the king of spades).
FACE: dict[str, int] = {card_str(f): f for f in range(PACK_SIZE)}


class Writer:
    """Fills a zeroed float32 vector piece by piece, each piece at the next offset, so a codec
    reads like the table of its layout (and ``docs/research.md`` can list it).

    >>> w = Writer(np.zeros(60, np.float32))
    >>> w.cards(["AC", "KS"]); w.onehot(2, 4); w.scalar(30, 60)
    >>> w.at, float(w.out[0]), float(w.out[51]), float(w.out[54]), float(w.out[56])
    (57, 1.0, 1.0, 1.0, 0.5)
    """

    __slots__ = ("at", "out")

    def __init__(self, out: Tensor) -> None:
        self.out = out
        self.at = 0

    def cards(self, cards: Sequence[str] | None) -> None:
        """52 cells, 1 for each face present (a set of faces)."""
        out, at = self.out, self.at
        for card in cards or ():
            out[at + FACE[card]] = 1.0
        self.at = at + PACK_SIZE

    def counts(self, cards: Sequence[str] | None, planes: int) -> None:
        """``planes`` × 52 cells, thermometer style: plane k holds the faces present more than
        k times (several packs)."""
        out, at = self.out, self.at
        for card in cards or ():
            face = FACE[card]
            k = 0
            while k < planes and out[at + k * PACK_SIZE + face]:
                k += 1
            if k < planes:
                out[at + k * PACK_SIZE + face] = 1.0
        self.at = at + planes * PACK_SIZE

    def card(self, card: str | None) -> None:
        """52 cells, one-hot on one face (none for None)."""
        if card is not None:
            self.out[self.at + FACE[card]] = 1.0
        self.at += PACK_SIZE

    def onehot(self, value: int | None, size: int) -> None:
        """``size`` cells, one-hot on ``value`` (none for None or out of range)."""
        if value is not None and 0 <= value < size:
            self.out[self.at + value] = 1.0
        self.at += size

    def scalar(self, value: float | None, scale: float) -> None:
        """One cell: ``value / scale`` (0 for None)."""
        if value is not None:
            self.out[self.at] = value / scale
        self.at += 1

    def flag(self, value: object) -> None:
        """One cell: 1 if ``value`` is true."""
        if value:
            self.out[self.at] = 1.0
        self.at += 1


def offsets_of(layout: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Where each piece of a layout ((name, cells) in writing order) starts.

    >>> offsets_of([("hand", 52), ("count", 1), ("scores", 2)])
    {'hand': 0, 'count': 52, 'scores': 53}
    """
    out, at = {}, 0
    for name, size in layout:
        out[name] = at
        at += size
    return out


def seat_order(seat: int, players: int) -> list[int]:
    """The seats as the observer sees them: itself first, then round the table.

    >>> seat_order(2, 4)
    [2, 3, 0, 1]
    """
    return [(seat + k) % players for k in range(players)]


class Codec(ABC):
    """One game's fixed action numbering and tensors, for a game with its options.

    A subclass sets ``num_actions``, ``obs_size`` (and ``info_size`` where its information
    state adds to the observation) in ``__init__`` and implements :meth:`actions`,
    :meth:`action_name` and :meth:`_observe`. It declares the bounds a research framework asks
    for (OpenSpiel's utility range and game length) with :meth:`utility_bound` and
    :meth:`max_game_length`; the defaults here are generous, for a game that states none.
    """

    #: The bounds of a codec that declares none: safe for any game this platform plays.
    DEFAULT_UTILITY_BOUND: ClassVar[float] = 1e6
    DEFAULT_GAME_LENGTH: ClassVar[int] = 100_000

    #: Whether a move may take several actions (then the seat's observation in the research
    #: environments adds the actions chosen so far of the move in progress).
    multi_action: ClassVar[bool] = False
    #: Whether :meth:`info_state` is exact within a deal (it tells apart every two action
    #: histories the seat can tell apart), as ``docs/research.md`` says per game.
    exact_info: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.num_players
        self.num_actions = 0
        self.obs_size = 0
        self.info_size = 0

    @abstractmethod
    def actions(self, move: Move) -> tuple[int, ...]:
        """The actions that make ``move``: its full sequence (prefix-free among the moves of
        any one state; the seat to act stops as soon as one move fits, see :meth:`decode`)."""

    @abstractmethod
    def action_name(self, action: int) -> str:
        """What action ``action`` means, in notation words (``play 5H``, ``stop``)."""

    @abstractmethod
    def _observe(self, obs: Mapping[str, Any], w: Writer) -> None:
        """Write the observation of ``obs["seat"]`` (seat-relative) into ``w``."""

    def observe(self, obs: Mapping[str, JSON], out: Tensor | None = None) -> Tensor:
        """The observation tensor of ``obs`` (a seat's ``observation(seat)``).

        ``out`` (zeroed, ``obs_size`` long) is filled in place where given."""
        if out is None:
            out = np.zeros(self.obs_size, np.float32)
        w = Writer(out)
        self._observe(obs, w)
        if w.at != self.obs_size:
            raise CardtableError(f"{self.game.name} codec wrote {w.at} cells, not {self.obs_size}")
        return out

    def info_state(self, obs: Mapping[str, JSON], events: Sequence[Event]) -> Tensor:
        """The information-state tensor: the observation, then what :meth:`_history` writes of
        the events the seat saw (``events_for(seat)``) in the current deal."""
        out = np.zeros(self.obs_size + self.info_size, np.float32)
        w = Writer(out)
        self._observe(obs, w)
        self._history(obs, events, w)
        if w.at != len(out):
            raise CardtableError(f"{self.game.name} codec wrote {w.at} cells, not {len(out)}")
        return out

    def _history(  # noqa: B027 (a game without a history adds nothing)
        self, obs: Mapping[str, Any], events: Sequence[Event], w: Writer
    ) -> None:
        """Write the deal's history beyond the observation (``info_size`` cells); none here."""

    def single_deal(self) -> bool:
        """Whether every game of these options is one deal from one shuffled pack (the game
        ends with its first deal); games that know it refine it from their options.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("cribbage", target=61)).single_deal()
        False
        """
        return False

    def perfect_recall(self) -> bool:
        """Whether :meth:`info_state` is a perfect-recall tensor over the whole game: equal
        tensors exactly where a seat's whole history (every deal's) is the same. That holds where
        the tensor is exact within a deal (``exact_info``) and the game is one deal; elsewhere
        earlier deals are summed up, and OpenSpiel's adapter says the game provides no
        information-state tensor.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("kloepper", target=1)).perfect_recall()
        True
        >>> codec(cardtable.load("kloepper", target=30)).perfect_recall()
        False
        """
        return self.exact_info and self.single_deal()

    def utility_bound(self) -> float:
        """The most a seat's margin (its final score less the others', in the game's points)
        may be, either way: safe, not tight. Games refine it from their options.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("cribbage", target=61)).utility_bound()
        61.0
        """
        return self.DEFAULT_UTILITY_BOUND

    def max_game_length(self) -> int:
        """The most actions (of every seat, a move may take several) one game takes: safe, not
        tight. Where the rules set no bound, the figure assumes every deal scores (and
        ``docs/research.md`` says so). Games refine it from their options.

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("kloepper", target=1)).max_game_length()
        160
        """
        return self.DEFAULT_GAME_LENGTH

    def whole_option(self, name: str) -> int:
        """The game's option ``name``, a whole number (a codec's bounds are made of them).

        >>> import cardtable
        >>> from cardtable.registry import codec
        >>> codec(cardtable.load("calypso", rounds=2)).whole_option("rounds")
        2
        """
        value = self.game.options[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise CardtableError(f"{self.game.name} option {name!r} is not a whole number")
        return value

    def decode(self, legal: Sequence[Move], actions: Sequence[int]) -> Move:
        """The legal move that ``actions`` names (a prefix that leaves one move is enough).

        Raises :class:`CardtableError` where the actions fit no legal move or still several."""
        fitting, _ = next_actions(self, legal, actions)
        if len(fitting) != 1:
            names = " ".join(self.action_name(a) for a in actions)
            raise CardtableError(
                f"actions [{names}] name {len(fitting)} legal moves of {self.game.name}, not one"
            )
        return fitting[0]


def next_actions(
    codec: Codec, legal: Sequence[Move], prefix: Sequence[int]
) -> tuple[list[Move], list[int]]:
    """The legal moves whose actions start with ``prefix``, and the actions that may come next
    (sorted). Once a move has begun (``prefix`` not empty) and one move fits, the seat has
    chosen it and nothing comes next; a seat with one legal move still takes its first action.

    >>> import cardtable
    >>> from cardtable.registry import codec
    >>> state = cardtable.load("cribbage").new_state(seed=2)
    >>> fitting, actions = next_actions(codec(state.game), state.legal_moves(), ())
    >>> len(fitting), len(actions)
    (15, 15)
    """
    n = len(prefix)
    want = tuple(prefix)
    pairs = [(m, seq) for m in legal if (seq := codec.actions(m))[:n] == want]
    fitting = [m for m, _seq in pairs]
    if n and len(fitting) <= 1:
        return fitting, []
    nxt: set[int] = set()
    for m, sequence in pairs:
        if len(sequence) <= n:
            raise CardtableError(
                f"{codec.game.name} codec: the actions of {m.text!r} are a prefix of another move's"
            )
        nxt.add(sequence[n])
    return fitting, sorted(nxt)
