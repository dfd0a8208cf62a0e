"""A fast opponent: a small network trained to copy a game's ``expert``, played in numpy.

The search bots that play the ``expert`` level take milliseconds a decision; a learner that
trains against them waits on them. ``distilled`` plays a copy of the expert instead: a small
multilayer perceptron fitted (``bench/distill.py``) to the expert's decisions in self-play,
reading the seat's tensor (the game's codec: its observation or its information state) and
scoring every action of the codec; the bot takes the highest-scoring legal action and sees
only its seat's view. Weights are plain arrays in the game's package, ``data/distilled.npz``;
no torch is needed to play.

A network may also read an *anchor*: the move a fast bot (the game's ``rules`` bot, named in
the weights' ``meta["anchor"]``) would make in the same view, one cell per action. The expert
agrees with its rules bot in most positions, so the copy learns where and how it departs from
it instead of the whole game from nothing, and never has to play worse than the rules it can
read.

The bot is made known by :func:`register_bots` (a plug-in, as the arena loads them) for every
game: it plays the weights the game ships, or those of a file (``distilled:path=FILE``):

>>> import cardtable
>>> from cardtable.bots import choose_for, make_bot
>>> register_bots()
>>> bot = make_bot("cribbage", "distilled")
>>> state = cardtable.load("cribbage", target=61).new_state(seed=2)
>>> choose_for(bot, state).text
'discard 9H KD'
>>> unregister_bots()
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from importlib.resources import files
from io import BytesIO
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.bot_protocol import Bot, BotFactory
from cardtable.bots.levels import make_bot, register_bot, unregister_bot
from cardtable.encoding import Codec, Tensor, next_actions
from cardtable.engine import JSON, Event, Move
from cardtable.errors import OptionError, clip
from cardtable.random_bot import number_setting
from cardtable.registry import codec as codec_of
from cardtable.registry import entry, games
from cardtable.seat_view import SeatView

__all__ = [
    "FORMAT",
    "NAME",
    "TENSORS",
    "WEIGHTS_FILE",
    "DistilledBot",
    "Network",
    "anchor_action",
    "anchor_cells",
    "best_of",
    "decision_tensor",
    "load_network",
    "register_bots",
    "save_network",
    "shipped_weights",
    "unregister_bots",
]

#: The bot's name.
NAME = "distilled"
#: A game's weights, in its package's data folder.
WEIGHTS_FILE = "distilled.npz"
#: The format written in every weights file.
FORMAT = "cardtable-distilled/1"
#: What the network reads: the codec's observation, or its information state (the
#: observation and the deal's history the seat saw).
TENSORS = ("observation", "info_state")

Matrix = npt.NDArray[np.float32]


def decision_tensor(
    codec: Codec,
    observation: Mapping[str, JSON],
    events: Sequence[Event],
    prefix: Sequence[int] = (),
    tensor: str = "info_state",
) -> Tensor:
    """The tensor a seat decides on: the codec's observation (``tensor="observation"``) or its
    information state of ``events`` (the seat's own), then, where moves may take several
    actions, one cell per action chosen so far of the move in progress. The same cells as the
    research environments' tensors of either kind.

    >>> import cardtable
    >>> from cardtable.registry import codec
    >>> state = cardtable.load("kloepper", target=1).new_state(seed=3)
    >>> c = codec(state.game)
    >>> decision_tensor(c, state.observation(0), state.events_for(0)).shape
    (1025,)
    >>> decision_tensor(c, state.observation(0), (), tensor="observation").shape
    (308,)
    """
    if tensor == "observation":
        size = codec.obs_size
        base = codec.observe(observation)
    else:
        size = codec.obs_size + codec.info_size
        base = codec.info_state(observation, events)
    if not codec.multi_action:
        return base
    out = np.zeros(size + codec.num_actions, np.float32)
    out[:size] = base
    for action in prefix:
        out[size + action] = 1.0
    return out


def anchor_action(anchor: Sequence[int], prefix: Sequence[int]) -> int:
    """The anchor move's next action where the move in progress (``prefix``) has followed the
    anchor's actions so far, else -1.

    >>> anchor_action([2, 3], []), anchor_action([2, 3], [2]), anchor_action([2, 3], [1])
    (2, 3, -1)
    """
    step = len(prefix)
    if step < len(anchor) and tuple(anchor[:step]) == tuple(prefix):
        return anchor[step]
    return -1


def anchor_cells(num_actions: int, anchor: Sequence[int], prefix: Sequence[int]) -> Tensor:
    """One cell per action of the codec: 1 at :func:`anchor_action`, else all 0.

    >>> anchor_cells(4, [2, 3], []).tolist(), anchor_cells(4, [2, 3], [1]).tolist()
    ([0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0])
    """
    out = np.zeros(num_actions, np.float32)
    action = anchor_action(anchor, prefix)
    if action >= 0:
        out[action] = 1.0
    return out


def best_of(scores: Matrix, legal: Sequence[int]) -> int:
    """The legal action of the highest score (the lowest-numbered of equal scores).

    >>> best_of(np.array([0.0, 1.0, 3.0], np.float32), [0, 1])
    1
    """
    return int(legal[int(np.argmax(scores[list(legal)]))])


class Network:
    """A multilayer perceptron: ``layers`` of (weights, bias), rectified between layers; its
    output is one score per action of the codec. ``meta`` says what it was trained on.

    >>> net = Network([(np.eye(2, dtype=np.float32), np.zeros(2, np.float32))], {})
    >>> net.scores(np.array([0.5, 2.0], np.float32)).tolist()
    [0.5, 2.0]
    """

    def __init__(self, layers: Sequence[tuple[Matrix, Matrix]], meta: Mapping[str, Any]) -> None:
        self.layers = [(w.astype(np.float32), b.astype(np.float32)) for w, b in layers]
        self.meta = dict(meta)
        self.inputs = int(self.layers[0][0].shape[0])
        self.outputs = int(self.layers[-1][0].shape[1])

    def scores(self, x: Tensor) -> Matrix:
        """The action scores of one tensor (or a batch of them, one per row).

        One tensor is multiplied by numpy's own loops (``einsum``), not BLAS: a multithreaded
        BLAS spreads a product this small over every core and, where the cores are busy (a
        learner beside it), waits on them, 12 ms a decision instead of 0.2. The first layer
        reads only the tensor's nonzero cells, most of its cells being zero (cards not there).
        """
        last = len(self.layers) - 1
        if x.ndim == 1:
            cells = np.flatnonzero(x)
            w, b = self.layers[0]
            x = np.einsum("i,ij->j", x[cells], w[cells]) + b
            for w, b in self.layers[1:]:
                np.maximum(x, 0.0, out=x)
                x = np.einsum("i,ij->j", x, w) + b
            return x
        for k, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if k < last:
                np.maximum(x, 0.0, out=x)
        return x

    def best(self, x: Tensor, legal: Sequence[int]) -> int:
        """The legal action of the highest score (the lowest-numbered of equal scores).

        >>> net = Network([(np.eye(3, dtype=np.float32), np.zeros(3, np.float32))], {})
        >>> net.best(np.array([0.0, 1.0, 3.0], np.float32), [0, 1])
        1
        """
        return best_of(self.scores(x), legal)


def save_network(
    path: str | Path, layers: Sequence[tuple[Matrix, Matrix]], meta: Mapping[str, Any]
) -> str:
    """Write ``layers`` and ``meta`` as a weights file (arrays ``w0 b0 w1 b1 ...``, stored as
    float16, half the size at no cost to the choices, and ``meta``, JSON text); the file's
    SHA-256 is returned. The same arrays give the same bytes.

    >>> import tempfile
    >>> layer = (np.eye(2, dtype=np.float32), np.zeros(2, np.float32))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "net.npz"
    ...     digest = save_network(path, [layer], {"game": "demo", "tensor": "observation"})
    ...     load_network(path).meta["format"], len(digest)
    ('cardtable-distilled/1', 64)
    """
    arrays: dict[str, Any] = {}
    for k, (w, b) in enumerate(layers):
        arrays[f"w{k}"] = np.ascontiguousarray(w, np.float16)
        arrays[f"b{k}"] = np.ascontiguousarray(b, np.float16)
    arrays["meta"] = np.array(json.dumps({**meta, "format": FORMAT}, sort_keys=True))
    buffer = BytesIO()
    np.savez_compressed(buffer, **arrays)
    raw = buffer.getvalue()
    Path(path).write_bytes(raw)
    return hashlib.sha256(raw).hexdigest()


def _parse(raw: bytes, where: str) -> Network:
    try:
        with np.load(BytesIO(raw), allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            count = sum(1 for name in data.files if name.startswith("w"))
            layers = [(data[f"w{k}"], data[f"b{k}"]) for k in range(count)]
    except Exception as error:  # a zip of something else, a truncated file: say so in one line
        raise OptionError(f"{where} is not a distilled bot's weights file: {error}") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT or not layers:
        raise OptionError(f"{where} is not a distilled bot's weights file (format {FORMAT})")
    return Network(layers, meta)


#: Networks loaded, by file and its time of change, or by game for the shipped ones: a bot is
#: made once a game in an arena, and a network is worth reading once.
_LOADED: dict[tuple[str, int], Network] = {}


def load_network(path: str | Path) -> Network:
    """The network of a weights file (as :func:`save_network` wrote it), read once."""
    file = Path(path)
    if not file.is_file():
        raise OptionError(f"no weights file {clip(str(file))!r}")
    key = (str(file.resolve()), file.stat().st_mtime_ns)
    found = _LOADED.get(key)
    if found is None:
        found = _LOADED[key] = _parse(file.read_bytes(), repr(str(file)))
    return found


def _game_package(game: str) -> str:
    """The package of game ``game`` (where its data folder is), found through the registry."""
    module = sys.modules[entry(game).game.__module__]
    return module.__package__ or module.__name__


def shipped_weights(game: str) -> bytes | None:
    """The bytes of the weights game ``game`` ships (``data/distilled.npz`` in its package),
    or None where it ships none.

    >>> len(shipped_weights("kloepper") or b"") > 0
    True
    """
    try:
        found = files(_game_package(game)).joinpath("data", WEIGHTS_FILE)
    except TypeError:  # a game defined in a plain module (a test's) has no data folder
        return None
    return found.read_bytes() if found.is_file() else None


def _shipped(game: str) -> Network:
    key = (f"shipped:{entry(game).game.name}", 0)
    found = _LOADED.get(key)
    if found is None:
        raw = shipped_weights(game)
        if raw is None:
            raise OptionError(
                f"{game} ships no weights for bot {NAME!r}; give a weights file "
                "(bench/distill.py makes one): distilled:path=FILE"
            )
        found = _LOADED[key] = _parse(raw, f"{game}'s {WEIGHTS_FILE}")
    return found


class DistilledBot:
    """The expert's copy in ``game``: the network of ``path`` (a weights file), else the one
    the game ships. Each decision is the highest-scoring legal action of the seat's tensor
    (and of its anchor's move, where the network reads one); a move of several actions is
    chosen action by action, as the research environments do. The network never draws; an
    anchor bot draws with ``seed`` (its ties), so a seed replays the same play. With
    ``margin`` above 0 the anchor's action is kept unless another scores more than ``margin``
    above it (in the network's units: points for a copy of the search's values)."""

    def __init__(
        self, game: str, seed: int | None = None, path: str = "", margin: float = 0.0
    ) -> None:
        if not isinstance(path, str):
            raise OptionError(f"bot setting 'path' must be a file name, not {clip(path)!r}")
        self.margin = number_setting("margin", margin, 0, 1000)
        self.network = load_network(path) if path else _shipped(game)
        self.game = entry(game).game.name
        trained_for = self.network.meta.get("game")
        if trained_for != self.game:
            raise OptionError(f"the weights of {clip(path)!r} play {trained_for}, not {self.game}")
        tensor = self.network.meta.get("tensor")
        if tensor not in TENSORS:
            raise OptionError(
                f"weights file names tensor {tensor!r}; tensors: {', '.join(TENSORS)}"
            )
        self.tensor: str = tensor
        anchor = self.network.meta.get("anchor") or ""
        if not isinstance(anchor, str):
            raise OptionError(f"weights file names anchor {clip(anchor)!r}; it must be a bot name")
        self.anchor: Bot | None = make_bot(self.game, anchor, seed=seed) if anchor else None
        self._checked: Codec | None = None

    @property
    def name(self) -> str:
        return NAME

    def _codec(self, view: SeatView) -> Codec:
        codec = codec_of(view.game)
        if codec is not self._checked:
            size = (
                codec.obs_size
                + (codec.info_size if self.tensor == "info_state" else 0)
                + (codec.num_actions if codec.multi_action else 0)
                + (codec.num_actions if self.anchor is not None else 0)
            )
            net = self.network
            if (size, codec.num_actions) != (net.inputs, net.outputs):
                raise OptionError(
                    f"bot {NAME!r} was trained on {self.game} with options "
                    f"{net.meta.get('options')} ({net.inputs} cells, {net.outputs} actions); "
                    f"these options give {size} cells and {codec.num_actions} actions"
                )
            self._checked = codec
        return codec

    def choose(self, view: SeatView) -> Move:
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        codec = self._codec(view)
        observation = view.observation()
        events = view.events() if self.tensor == "info_state" else ()
        anchor = codec.actions(self.anchor.choose(view)) if self.anchor is not None else None
        prefix: tuple[int, ...] = ()
        while True:
            fitting, nxt = next_actions(codec, legal, prefix)
            if prefix and not nxt:
                return fitting[0]
            x = decision_tensor(codec, observation, events, prefix, self.tensor)
            if anchor is not None:
                x = np.concatenate([x, anchor_cells(codec.num_actions, anchor, prefix)])
            prefix = (
                *prefix,
                self._pick(x, nxt, -1 if anchor is None else anchor_action(anchor, prefix)),
            )

    def _pick(self, x: Tensor, nxt: Sequence[int], kept: int) -> int:
        """The highest-scoring of ``nxt``, or ``kept`` (the anchor's, -1 none) unless the best
        scores more than the margin above it."""
        if self.margin <= 0 or kept < 0:
            return self.network.best(x, nxt)
        scores = self.network.scores(x)
        best = best_of(scores, nxt)
        return best if scores[best] > scores[kept] + self.margin else kept


def _factory(game: str) -> BotFactory:
    def make(seed: int | None = None, path: str = "", margin: float = 0.0) -> Bot:
        return DistilledBot(game, seed, path, margin)

    return make


def register_bots() -> None:
    """Make ``distilled`` (``distilled:path=FILE``) a bot of every game registered now; in a
    game that ships no weights it needs its file, and asking without one says so."""
    for game in games():
        register_bot(NAME, _factory(game), games=(game,))


def unregister_bots() -> None:
    """Forget ``distilled`` in every game (after a test, a script)."""
    for game in games():
        unregister_bot(NAME, games=(game,))
