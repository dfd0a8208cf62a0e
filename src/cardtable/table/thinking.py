"""Bots and hints, asked through one interface wherever they think.

A :class:`Thinker` is given an :class:`Ask` (a table's game, deal and moves, the seat, the bot)
and answers with a :class:`~concurrent.futures.Future`: the terminal's :class:`InProcess`
thinker answers at once in its own process, the server's pool (``cardtable.server.bots``)
in worker processes. Either way the bot sees only its seat's view.

>>> import cardtable
>>> ask = Ask("cribbage", {}, {"seed": 1}, (), 0, "rules", 7)
>>> InProcess().move(ask).result()
'discard 7S QD'
>>> InProcess().hint(ask).result().move
'discard 7S QD'
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtable.bots import Bot, choose_for, make_bot
from cardtable.bots.latency import guarded
from cardtable.bots.levels import hint_bot
from cardtable.engine import JSON, State
from cardtable.errors import CardtableError
from cardtable.i18n import _
from cardtable.registry import load
from cardtable.seat_view import SeatView
from cardtable.table.core import rebuild

__all__ = ["Ask", "Hint", "InProcess", "Thinker", "bot_move", "hint_move"]


@dataclass(frozen=True)
class Ask:
    """What a bot or the hint is asked: the position (game, options, deal, moves so far),
    the seat it thinks for, the bot's level or name, and a seed for its choices."""

    game: str
    options: dict[str, Any]
    deal: dict[str, Any]
    moves: tuple[str, ...]
    seat: int
    spec: str = "rules"
    seed: int = 0
    #: The live position, where the thinker runs in the asker's process (never sent to a
    #: worker: there the position is rebuilt from the moves).
    position: State | None = field(default=None, compare=False, repr=False)

    def state(self) -> State:
        """The position (rebuilt from the deal and moves unless it is at hand: a whole game
        replays in milliseconds)."""
        if self.position is not None:
            return self.position
        return rebuild(load(self.game, **self.options), self.deal, self.moves)


@dataclass(frozen=True)
class Hint:
    """The hint bot's move (its notation) with what it weighed: the search's best moves as
    (move, mean value, visits), and the game's advice rows (``State.advice``) where it has
    some."""

    move: str
    report: list[tuple[str, float, int]] = field(default_factory=list)
    advice: list[dict[str, JSON]] | None = None


def bot_move(ask: Ask) -> str:
    """The move the bot of ``ask`` makes, from its seat's view only.

    >>> bot_move(Ask("cribbage", {}, {"seed": 1}, (), 0, "rules", 7))
    'discard 7S QD'
    """
    # A level plays with the budget this machine decides in time (the latency guard).
    return choose_for(make_bot(ask.game, guarded(ask.game, ask.spec), ask.seed), ask.state()).text


def hint_move(ask: Ask, bot: Bot | None = None) -> Hint:
    """The hint bot's move for the seat of ``ask`` (which must be to move), from that seat's
    view only, with the game's advice where it gives one.

    >>> hint_move(Ask("cribbage", {}, {"seed": 1}, (), 0, seed=7)).move
    'discard 7S QD'
    """
    state = ask.state()
    if state.to_move != ask.seat:
        raise CardtableError(_("it is not your turn"))
    thinker = bot if bot is not None else hint_bot(ask.game, ask.seed)
    move = thinker.choose(SeatView(state, ask.seat))
    # A search bot reports its best moves as (move, mean value, visits); others nothing.
    report = getattr(thinker, "last_report", None)
    return Hint(move.text, list(report) if report else [], state.advice(ask.seat))


class Thinker(Protocol):
    """Where bots and hints think: in this process, or in a pool of processes."""

    def move(self, ask: Ask) -> Future[str]: ...

    def hint(self, ask: Ask) -> Future[Hint]: ...


def _done(value: Any) -> Future[Any]:
    future: Future[Any] = Future()
    future.set_result(value)
    return future


class InProcess:
    """Bots that think in this process (the terminal's table). ``bots`` keeps one bot object
    per seat across the game (so a seeded table repeats move for move); a seat without one
    gets a bot made for the ask."""

    def __init__(self, bots: Sequence[Bot | None] = ()) -> None:
        self.bots = list(bots)

    def move(self, ask: Ask) -> Future[str]:
        bot = self.bots[ask.seat] if ask.seat < len(self.bots) else None
        if bot is None:
            return _done(bot_move(ask))
        return _done(choose_for(bot, ask.state()).text)

    def hint(self, ask: Ask) -> Future[Hint]:
        return _done(hint_move(ask))
