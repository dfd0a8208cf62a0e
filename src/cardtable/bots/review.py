"""A game reviewed from one seat: at each of the seat's decisions, the move the expert would
make from the same view, and what the seat's own move cost on the expert's reckoning.

The record is replayed move by move; at each decision of the seat that offered a choice, the
expert (:func:`~cardtable.bots.levels.make_bot`, level ``expert`` unless another bot spec is
given) is shown the :class:`~cardtable.seat_view.SeatView` the player had, never the state:
the review of two games that differ only in cards the seat never saw is the same. The bot's
seed comes from that view too (:func:`decision_seed`), so a review repeats exactly.

Where the expert chose otherwise, the expected loss is the expert's move's mean reward minus
the player's move's (in the game's points, as the search's ``last_report`` gives them: move,
mean, simulations), averaged over :data:`REWEIGHS` fresh searches of those two moves alone
(their spread gives its standard error), in worlds
other than those that chose the expert's move (the chosen move's own mean is biased up: it is
the best of several noisy means). A bot that reports nothing (a rules bot) gives the expert's
move without a figure.

>>> import cardtable
>>> from cardtable.bots import choose_for, make_bot
>>> state = cardtable.load("kloepper").new_state(seed=5)
>>> for _ in range(12):
...     state.apply(choose_for(make_bot("kloepper", "random", seed=len(state.history)), state))
>>> review = review_game(state.to_record(), 0, spec="pimc:worlds=4")
>>> review.total, [(d.ply, d.played, d.expert, d.weighed) for d in review.differences]
(2, [(4, 'play JS', 'play QD', 16), (8, 'play JH', 'play AH', 16)])
>>> first = review.differences[0]
>>> round(first.loss or 0, 2), round(first.error or 0, 2), review.complete
(5.5, 3.08, True)
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from cardtable.bot_protocol import Bot
from cardtable.bots.levels import make_bot
from cardtable.engine import Move, State
from cardtable.errors import CardtableError
from cardtable.registry import entry, load
from cardtable.seat_view import SeatView

__all__ = [
    "MAX_DECISIONS",
    "NEGLIGIBLE",
    "Decision",
    "Review",
    "choices",
    "decision_seed",
    "negligible_loss",
    "review_game",
    "review_plies",
]

#: The most decisions one review weighs (a bound on its time; a game of any of ours has fewer
#: decisions a seat, except the longest matches).
MAX_DECISIONS = 400
#: A loss below this share of a deal's typical reward (the game's search scale) counts as a
#: choice between equals: moves alike but for a suit, or noise of the simulations.
NEGLIGIBLE = 0.02

#: How many fresh searches of the two moves alone weigh a decision where the expert chose
#: otherwise: the search's own means of the move it chose are biased up (the best of several
#: noisy means), several times the true loss with few worlds (Calypso's expert: 2,702 points
#: over 64 such decisions against 286 in fresh worlds).
REWEIGHS = 4
#: An odd step between the seeds of those searches.
_STRIDE = 0x9E3779B97F4A7C15

#: A game record: the JSON object :meth:`~cardtable.engine.State.to_record` writes.
Record = Mapping[str, Any]


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the move played, the expert's, and the expected loss in the
    game's points (None: not weighed), with the simulations behind it (0: none) and its
    standard error (None: not known)."""

    ply: int
    played: str
    expert: str
    loss: float | None = None
    weighed: int = 0
    error: float | None = None

    @property
    def differs(self) -> bool:
        """Whether the expert would have chosen otherwise."""
        return self.played != self.expert


@dataclass(frozen=True)
class Review:
    """The review of ``seat``'s play by bot ``spec``: every decision weighed, in order, out of
    the ``total`` decisions with a choice the seat had (fewer when a bound stopped it)."""

    game: str
    seat: int
    spec: str
    total: int
    decisions: tuple[Decision, ...]

    @property
    def complete(self) -> bool:
        """Whether every decision of the seat was weighed."""
        return len(self.decisions) == self.total

    @property
    def differences(self) -> list[Decision]:
        """The decisions where the expert would have chosen otherwise."""
        return [d for d in self.decisions if d.differs]

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-safe values (:meth:`from_dict` reads them back).

        >>> review = Review("cribbage", 1, "expert", 2, (Decision(3, "play 5H", "play 5D"),))
        >>> Review.from_dict(review.to_dict()) == review
        True
        """
        out = asdict(self)
        out["decisions"] = [asdict(d) for d in self.decisions]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Review:
        return cls(
            game=str(data["game"]),
            seat=int(data["seat"]),
            spec=str(data["spec"]),
            total=int(data["total"]),
            decisions=tuple(Decision(**d) for d in data["decisions"]),
        )


def negligible_loss(game: str) -> float:
    """The loss below which two moves count as equals in ``game`` (:data:`NEGLIGIBLE` of its
    search scale; 0.02 points in a game that has no search hooks).

    >>> negligible_loss("cribbage")
    0.16
    """
    hooks = entry(game).search
    return NEGLIGIBLE * (hooks.scale if hooks is not None else 1.0)


def decision_seed(view: SeatView, ply: int) -> int:
    """The expert's seed at a decision: a digest of the seat, the move number and what the seat
    saw, never the game's secret seed, so the review depends on nothing the seat did not see.

    >>> import cardtable
    >>> state = cardtable.load("cribbage").new_state(seed=1)
    >>> decision_seed(SeatView(state, 0), 0) == decision_seed(SeatView(state, 0), 0)
    True
    >>> decision_seed(SeatView(state, 0), 0) == decision_seed(SeatView(state, 1), 0)
    False
    """
    seen = json.dumps([view.seat, ply, view.observation()], sort_keys=True, ensure_ascii=True)
    return int.from_bytes(hashlib.sha256(seen.encode()).digest()[:8], "big")


def _start(record: Record) -> State:
    """The record's game at its deal, before any move."""
    game = load(str(record["game"]), **dict(record.get("options") or {}))
    return game.new_state(seed=record.get("seed"), decks=record.get("decks"))


def _moves(record: Record) -> list[str]:
    return [str(m) for m in record.get("moves") or []]


def choices(record: Record, seat: int) -> list[int]:
    """The move numbers (plies, from 0) at which ``seat`` chose among several legal moves.

    >>> import cardtable
    >>> state = cardtable.load("cribbage", target=61).new_state(seed=1)
    >>> state.apply("discard 7S QD")
    >>> choices(state.to_record(), 0), choices(state.to_record(), 1)
    ([0], [])
    """
    state = _start(record)
    out = []
    for ply, text in enumerate(_moves(record)):
        if state.to_move == seat and len(state.legal_moves()) > 1:
            out.append(ply)
        state.apply(text)
    return out


class _Only(SeatView):
    """The seat's view with its legal moves narrowed to a few: the same search, weighing only
    the moves in question."""

    __slots__ = ("_only",)

    def __init__(self, state: State, seat: int, only: Sequence[Move]) -> None:
        super().__init__(state, seat)
        self._only = list(only)

    def legal_moves(self) -> list[Move]:
        return list(self._only) if self.to_move == self.seat else []


def _figures(bot: Bot) -> dict[str, tuple[float, int]]:
    """The bot's last report as move text -> (mean, simulations), read by position (the report
    may grow fields); entries with no simulation behind them (a move made without searching)
    are left out."""
    out: dict[str, tuple[float, int]] = {}
    for row in getattr(bot, "last_report", None) or []:
        try:
            text, mean, visits = str(row[0]), float(row[1]), int(row[2])
        except (IndexError, TypeError, ValueError):
            continue
        if visits > 0:
            out.setdefault(text, (mean, visits))
    return out


def _reweigh(
    state: State, seat: int, spec: str, seed: int, expert: Move, played: Move
) -> Decision | None:
    """The expert's move's mean minus the played move's, averaged over :data:`REWEIGHS` fresh
    searches of those two moves alone, with its standard error and the simulations behind the
    played move's figure (None where the bot gives no figures)."""
    gaps: list[float] = []
    count = 0
    for k in range(1, REWEIGHS + 1):
        bot = make_bot(state.game.name, spec, (seed + k * _STRIDE) % 2**64)
        bot.choose(_Only(state, seat, [expert, played]))
        figures = _figures(bot)
        if expert.text not in figures or played.text not in figures:
            return None
        gaps.append(figures[expert.text][0] - figures[played.text][0])
        count += figures[played.text][1]
    loss = sum(gaps) / len(gaps)
    error = statistics.stdev(gaps) / math.sqrt(len(gaps)) if len(gaps) > 1 else None
    return Decision(len(state.history), played.text, expert.text, loss, count, error)


def _weigh(state: State, seat: int, ply: int, spec: str, played: Move) -> Decision:
    """The decision at ``ply``: the expert's move from the seat's view and, where it differs
    and the bot reports figures, the played move's expected loss against it."""
    view = SeatView(state, seat)
    seed = decision_seed(view, ply)
    bot = make_bot(state.game.name, spec, seed)
    expert = bot.choose(view)
    plain = Decision(ply, played.text, expert.text)
    if expert.text == played.text or not _figures(bot):
        return plain
    weighed = _reweigh(state, seat, spec, seed, expert, played)
    return plain if weighed is None else replace(weighed, ply=ply)


def _walk(record: Record, seat: int, plies: Sequence[int], spec: str) -> Iterator[Decision]:
    """The decisions of ``seat`` at ``plies`` one by one, from a single replay."""
    wanted = sorted(set(plies))
    if not wanted:
        return
    moves = _moves(record)
    if wanted[0] < 0 or wanted[-1] >= len(moves):
        raise CardtableError(f"the record has no move {wanted[-1]}")
    state = _start(record)
    asked = set(wanted)
    for ply, text in enumerate(moves[: wanted[-1] + 1]):
        legal = state.legal_moves()
        played = state.game.read_move(text, legal)
        if ply in asked:
            if state.to_move != seat or len(legal) < 2:
                raise CardtableError(f"move {ply} is no choice of seat {seat}")
            yield _weigh(state, seat, ply, spec, played)
        state.apply(played)


def review_plies(
    record: Record, seat: int, plies: Sequence[int], spec: str = "expert"
) -> list[Decision]:
    """The decisions of ``seat`` at ``plies`` (each one at which it chose, see
    :func:`choices`), weighed by bot ``spec`` from the seat's view; one replay for them all.

    >>> import cardtable
    >>> state = cardtable.load("cribbage", target=61).new_state(seed=1)
    >>> state.apply("discard 2H 4C")
    >>> review_plies(state.to_record(), 0, [0])
    [Decision(ply=0, played='discard 2H 4C', expert='discard 7S QD', loss=None, weighed=0, \
error=None)]
    """
    return list(_walk(record, seat, plies, spec))


def review_game(
    record: Record,
    seat: int,
    spec: str = "expert",
    max_decisions: int = MAX_DECISIONS,
    seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """The review of ``seat``'s play in ``record`` by bot ``spec``: its first
    ``max_decisions`` decisions, and only those weighed within ``seconds`` when given (then it
    may be cut short, see :attr:`Review.complete`). ``progress(done, total)`` is told after
    each decision.

    >>> import cardtable
    >>> state = cardtable.load("cribbage", target=61).new_state(seed=1)
    >>> state.apply("discard 2H 4C")
    >>> review = review_game(state.to_record(), 0)
    >>> review.total, review.complete, review.differences[0].expert
    (1, True, 'discard 7S QD')
    """
    plies = choices(record, seat)
    deadline = None if seconds is None else time.monotonic() + seconds
    done: list[Decision] = []
    for decision in _walk(record, seat, plies[:max_decisions], spec):
        done.append(decision)
        if progress is not None:
            progress(len(done), len(plies))
        if deadline is not None and time.monotonic() >= deadline:
            break
    return Review(str(record["game"]), seat, spec, len(plies), tuple(done))
