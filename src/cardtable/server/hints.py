"""The hint a person asks of the table: the hint bot's move for their seat, worked out away
from the event loop and told to them alone, with the game's advice as a table any face draws,
and the hint explained (:mod:`cardtable.bots.explain`): ``rows`` of the best moves the bot
weighed, each with its value, error bar and reason in words (or the one move and its reason).

The hint's seed is drawn from the seat's view alone (:func:`~cardtable.bots.explain.view_seed`):
the same view gives the same hint, whatever the hidden cards are.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any, Protocol

from cardtable.bots.explain import Weighed, explaining, hint_rows, view_seed, weighed
from cardtable.bots.levels import hint_bot
from cardtable.engine import JSON, Game
from cardtable.i18n import _, using_language, using_names
from cardtable.server.bots import BotPool
from cardtable.server.clients import Client
from cardtable.table.core import Table
from cardtable.table.errors import Fault, TableError
from cardtable.table.thinking import Ask, Hint, hint_move


class Room(Protocol):
    """What a hint needs of its table's room (the room module imports this one, not the
    other way round)."""

    table: Table
    bots: BotPool

    def names(self, language: str) -> list[str]: ...

    def ask(self, seat: int, spec: str = "rules", moves: int | None = None) -> Ask: ...

    async def send(self, client: Client, message: dict[str, Any]) -> None: ...

    async def error(self, client: Client | None, err: TableError, ply: int | None) -> None: ...


__all__ = ["advice_table", "error_message", "explained_hint", "start_hint"]


def error_message(code: str, message: str, ply: int | None) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, "ply": ply}


def advice_table(game: Game, rows: list[dict[str, JSON]] | None) -> dict[str, Any] | None:
    """A hint's advice as a table any face draws: the game's caption and columns (in the
    current language) over the rows its :meth:`~cardtable.engine.State.advice` gave."""
    shape = game.advice_columns()
    if rows is None or shape is None:
        return None
    caption, columns = shape
    return {
        "caption": caption,
        "columns": [{"key": key, "title": title, "kind": kind} for key, title, kind in columns],
        "rows": rows,
    }


def explained_hint(ask: Ask) -> tuple[Hint, Weighed]:
    """The hint of ``ask`` (in a worker process) with what its bot weighed, counting its
    reasons; its seed is drawn from the seat's view, not the ask's.

    >>> hint, weighed = explained_hint(Ask("cribbage", {}, {"seed": 1}, (), 0))
    >>> hint.move == weighed.move, hint.move
    (True, 'discard 7S QD')
    """
    state = ask.state()
    ask = replace(ask, seed=view_seed(state, ask.seat), position=state)
    bot = explaining(hint_bot(ask.game, ask.seed))
    hint = hint_move(ask, bot)
    return hint, weighed(bot, hint.move)


async def _explained(room: Room, ask: Ask) -> tuple[Hint, Weighed]:
    pool = room.bots.pool
    if pool is None:
        raise RuntimeError("the bot pool is not started")
    return await asyncio.wrap_future(pool.submit(explained_hint, ask))


async def start_hint(room: Room, client: Client, ply: int) -> None:
    """Start the hint bot's choice for the client's seat at move ``ply`` (answered to the
    client alone when it is ready); one at a time per client."""
    with using_language(client.language):
        try:
            if client.hint_task is not None and not client.hint_task.done():
                raise TableError(Fault.TOO_FAST, _("a hint is being worked out"))
            room.table.check_hint(client.seat, ply)
        except TableError as err:
            await room.error(client, err, ply)
            return
    assert client.seat is not None
    client.hint_task = asyncio.create_task(_hint(room, client, client.seat, ply))


async def _hint(room: Room, client: Client, seat: int, ply: int) -> None:
    try:
        hint, weighed = await _explained(room, room.ask(seat, moves=ply))
    except Exception:
        # A broken worker, or a bot's fault: the client waits for an answer all the same.
        with using_language(client.language):
            failed = error_message("no-hint", _("no hint could be worked out"), ply)
        await room.send(client, failed)
        return
    with using_language(client.language), using_names(room.names(client.language)):
        try:
            state = room.table.check_hint_fresh(ply)
        except TableError as err:
            # The game went on while the bot thought: the hint is for a past move.
            message = error_message(str(err.code), str(err), ply)
        else:
            move = room.table.game.read_move(hint.move, state.legal_moves())
            message = {
                "type": "hint",
                "ply": ply,
                "move": hint.move,
                "words": state.describe_move(move),
                "advice": advice_table(room.table.game, hint.advice),
                "rows": hint_rows(state, weighed),
            }
    # send, not the socket: a client gone while the bot thought is no fault of this task.
    await room.send(client, message)
