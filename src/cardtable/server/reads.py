"""What the HTTP API reads about tables: the lobby, a person's finished games, a record, a
replay. Game data comes from the one view builder (:mod:`cardtable.table.view`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from cardtable.errors import CardtableError
from cardtable.i18n import _, game_title, using_language, using_names
from cardtable.registry import game_class
from cardtable.server.models import TableRow, User
from cardtable.server.room import Room
from cardtable.table.clock import aware
from cardtable.table.core import Table, rebuild
from cardtable.table.errors import Fault, TableError
from cardtable.table.fair_deal import record_part
from cardtable.table.seats import Status
from cardtable.table.view import Presence, seat_accounts, seat_names, view

__all__ = ["finished_entry", "record", "replay", "table_record"]


def finished_entry(row: TableRow, seat: int, language: str) -> dict[str, Any]:
    """A finished game of a person's, as their list shows it."""
    result = row.result or {}
    try:
        with using_language(language):
            title = game_title(game_class(row.game))
    except CardtableError:
        title = row.game  # a game this server no longer has
    return {
        "table": row.id,
        "game": row.game,
        "title": title,
        "options": dict(row.options),
        "seat": seat,
        "won": seat in (result.get("winners") or []),
        "scores": result.get("scores"),
        "finished_at": row.finished_at.isoformat() if row.finished_at else None,
    }


def record(room: Room) -> dict[str, Any]:
    """The game's record once it is over (or abandoned), with the table's facts in ``meta``."""
    budgets = [room.budgets.get(seat) for seat in range(len(room.table.seats))]
    return table_record(room.table, room.created_at, budgets)


def table_record(
    table: Table, created: datetime | None, bots: Sequence[str | None]
) -> dict[str, Any]:
    """:func:`record` of a table held or read back from the database: ``created`` when the
    table was made, ``bots`` each seat's bot as it played (None for a person's seat)."""
    state = table.state
    if state is None or (not state.is_over and table.status is not Status.ABANDONED):
        raise TableError(Fault.NOT_OVER, _("the record is given once the game is over"))
    out = state.to_record()
    with using_language("en"):
        players = seat_names(table)
    out["meta"] = {
        "players": players,
        # "bot" where a bot account played the seat, "person", or None (a built-in bot).
        "accounts": seat_accounts(table),
        "table": table.id,
        # In UTC with the zone said (SQLite gives a table read back its times without it).
        "created": aware(created).isoformat() if created else None,
        "finished": aware(table.finished_at).isoformat() if table.finished_at else None,
        "source": "cardtable serve",
        "status": str(table.status),
        "marked": table.marked,
        # Each seat's bot as it played (its level's budget on the server's machine), None
        # for a person's seat: a replay on another machine plays the same moves.
        "bots": list(bots),
    }
    fair = record_part(table.deal)
    if fair is not None:
        # The secret and every contribution, shown once the game is over: `cardtable verify`
        # checks the commitment and re-deals the game from them.
        out["meta"]["fair_deal"] = fair
    return out


def replay(room: Room, user: User, ply: int, seat: int | None) -> dict[str, Any]:
    """A finished game at move ``ply`` (clamped to the game) as ``seat`` saw it (None: every
    seat, with each seat's hand), in the user's language, with every move of the game. Only
    once the game is over or abandoned: before, it would show hidden cards."""
    table = room.table
    final = table.state
    if final is None or not table.status.ended:
        raise TableError(Fault.NOT_OVER, _("a replay is given once the game is over"))
    n = table.game.num_players
    if seat is not None and not 0 <= seat < n:
        raise TableError(
            Fault.BAD_SEAT,
            _("seat must be a whole number from 0 to {last}, or all").format(last=n - 1),
        )
    history = list(final.history)
    ply = max(0, min(ply, len(history)))
    state = rebuild(table.game, table.deal, [])
    moves: list[dict[str, Any]] = []
    shown = state.clone() if ply == 0 else None
    with using_language(user.language), using_names(seat_names(table)):
        for i, text in enumerate(history):
            mover = state.to_move
            move = table.game.read_move(text, state.legal_moves())
            moves.append(
                {"ply": i, "seat": mover, "move": text, "words": state.describe_move(move)}
            )
            state.apply(move)
            if i + 1 == ply:
                shown = state.clone()
    assert shown is not None
    # Nobody is online at a replay, and no clock runs.
    message = view(table, seat, user.language, user_id=user.id, presence=Presence(), state=shown)
    message["plies"] = len(history)
    message["moves"] = moves
    if seat is None:
        with using_language(user.language):
            message["hands"] = [shown.observation(s).get("hand") for s in range(n)]
    return message
