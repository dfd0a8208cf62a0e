"""A table between the database and memory: the rows the store keeps, the
:class:`~cardtable.table.core.Table` the rules act on.

>>> import cardtable
>>> from cardtable.table.core import Table
>>> table = Table.create("T1", cardtable.load("cribbage"), {"seed": 1}, "u", "Ann",
...                      ["open", "rules"])
>>> row, seats = new_rows(table, listed=False, pause=0.0, invite_hash="h")
>>> again = table_of(row, seats, {"u": "Ann"}, [])
>>> [s.kind for s in again.seats] == [s.kind for s in table.seats], again.status
(True, <Status.OPEN: 'open'>)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from cardtable.registry import load
from cardtable.server.models import SeatRow, TableRow, now
from cardtable.table.core import Table, rebuild
from cardtable.table.seats import Seat, SeatKind, Status

__all__ = ["hash_invite", "new_rows", "seats_of", "table_of"]


def hash_invite(token: str) -> str:
    """What the database keeps of an invitation: its hash (the token is shown once)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def seats_of(rows: Sequence[SeatRow]) -> list[Seat]:
    """The seats of a table's seat rows."""
    return [Seat(r.seat, SeatKind(r.kind), r.user_id, r.bot, r.clock_ms) for r in rows]


def table_of(
    row: TableRow,
    seats: Sequence[SeatRow],
    names: dict[str, str],
    moves: Sequence[str] | None,
) -> Table:
    """A table from its rows, its moves replayed in order (None: its state is left out, for
    a caller that holds it already)."""
    game = load(row.game, **row.options)
    table = Table(
        row.id,
        game,
        dict(row.deal),
        seats_of(seats),
        status=Status(row.status),
        created_by=row.created_by,
        names=dict(names),
        clock=row.clock,
        turn_based=bool(row.turn_based),
        marked=bool(row.marked),
        turn_started_at=row.turn_started_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        result=row.result,
    )
    if moves is not None and table.status is not Status.OPEN and row.started_at is not None:
        table.state = rebuild(game, row.deal, moves)
    return table


def new_rows(
    table: Table, listed: bool, pause: float, invite_hash: str, rated: bool = False
) -> tuple[TableRow, list[SeatRow]]:
    """The rows of a table just made (open, nothing played; ``rated``: its end moves
    ratings)."""
    row = TableRow(
        id=table.id,
        game=table.game.name,
        options=dict(table.game.options),
        deal=dict(table.deal),
        status=str(table.status),
        listed=listed,
        invite_hash=invite_hash,
        created_by=table.created_by,
        bot_pause=pause,
        clock=table.clock,
        turn_based=table.turn_based,
        rated=rated,
        created_at=now(),
    )
    seats = [
        SeatRow(
            table_id=table.id,
            seat=s.seat,
            kind=str(s.kind),
            user_id=s.user_id,
            bot=s.bot,
            clock_ms=s.clock_ms,
        )
        for s in table.seats
    ]
    return row, seats
