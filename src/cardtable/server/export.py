"""The open record of games: a game's finished rated tables as ``cardtable-record/1`` JSON Lines,
oldest first by finish time, a page at a time. ``GET /api/export``
(:mod:`cardtable.server.export_routes`) and ``cardtable export`` both read it here.

Each line is the record ``GET /api/tables/{id}/record`` gives (:func:`~.reads.table_record`,
with ``meta.fair_deal`` and ``meta.accounts``), read back from the database, its people named by
:func:`~.export_names.public_name`: no chat, no address, no user id. A page is bounded: its
tables are chosen first (at most ``limit`` and one more, to know whether another page
follows), then read :data:`CHUNK` at a time while the lines are written out.

>>> import asyncio
>>> from cardtable.server.store import Store
>>> async def empty() -> tuple[list[str], Cursor | None]:
...     store = Store("sqlite+aiosqlite:///:memory:")
...     await store.open()
...     chosen = await page(store, "cribbage", None, None, 10)
...     found = [line async for line in lines(store, "k", chosen.rows)]
...     await store.close()
...     return found, chosen.next
>>> asyncio.run(empty())
([], None)
"""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Select, and_, or_, select

from cardtable.server.bot_models import ShownName
from cardtable.server.export_names import Cursor, public_name
from cardtable.server.models import MoveRow, SeatRow, TableRow, User
from cardtable.server.reads import table_record
from cardtable.server.rows import table_of
from cardtable.server.store import Store
from cardtable.table.clock import aware
from cardtable.table.seats import SeatKind, Status

__all__ = ["CHUNK", "Page", "lines", "page", "page_query"]

#: Tables read from the database at once while a page is written out.
CHUNK = 50


@dataclass(frozen=True)
class Page:
    """The tables of one page, in order, and the cursor of the next page (None: the last)."""

    rows: list[TableRow]
    next: Cursor | None


def _utc(moment: datetime) -> datetime:
    """A time to compare with stored ones, in UTC: PostgreSQL compares the moment, SQLite the
    digits (it keeps every time in UTC, without its zone)."""
    return aware(moment).astimezone(UTC)


def page_query(
    game: str, since: datetime | None, after: Cursor | None, limit: int
) -> Select[TableRow]:
    """The query of :func:`page`: one more row than ``limit``, to know whether a page
    follows; served by the index ``ix_tables_game_finished``."""
    query = select(TableRow).where(
        TableRow.game == game,
        TableRow.rated.is_(True),
        TableRow.status == str(Status.OVER),
        TableRow.finished_at.is_not(None),
    )
    if since is not None:
        query = query.where(TableRow.finished_at >= _utc(since))
    if after is not None:
        last = _utc(after.finished)
        query = query.where(
            or_(
                TableRow.finished_at > last,
                and_(TableRow.finished_at == last, TableRow.id > after.table),
            )
        )
    return query.order_by(TableRow.finished_at, TableRow.id).limit(limit + 1)


async def page(
    store: Store, game: str, since: datetime | None, after: Cursor | None, limit: int
) -> Page:
    """The finished rated tables of ``game`` finished at ``since`` or later and after
    ``after``, oldest first, at most ``limit`` (the caller has checked it)."""
    async with store.sessions() as session:
        rows = list(await session.scalars(page_query(game, since, after, limit)))
    if len(rows) <= limit:
        return Page(rows, None)
    rows = rows[:limit]
    end = rows[-1]
    assert end.finished_at is not None  # chosen so
    return Page(rows, Cursor(aware(end.finished_at), end.id))


@dataclass(frozen=True)
class _Person:
    name: str
    kind: str
    deleted: bool


async def _read_chunk(
    store: Store, ids: Sequence[str]
) -> tuple[dict[str, list[SeatRow]], dict[str, list[str]], dict[str, _Person], set[str]]:
    """The seats and moves of these tables, their users, and which users show their names."""
    seats: dict[str, list[SeatRow]] = defaultdict(list)
    moves: dict[str, list[str]] = defaultdict(list)
    async with store.sessions() as session:
        for seat in await session.scalars(
            select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
        ):
            seats[seat.table_id].append(seat)
        for table_id, move in await session.execute(
            select(MoveRow.table_id, MoveRow.move)
            .where(MoveRow.table_id.in_(ids))
            .order_by(MoveRow.table_id, MoveRow.ply)
        ):
            moves[table_id].append(move)
        user_ids = sorted({s.user_id for row in seats.values() for s in row if s.user_id})
        users = {
            uid: _Person(name, kind, deleted is not None)
            for uid, name, kind, deleted in await session.execute(
                select(User.id, User.name, User.kind, User.deleted_at).where(User.id.in_(user_ids))
            )
        }
        shown = set(
            await session.scalars(select(ShownName.user_id).where(ShownName.user_id.in_(user_ids)))
        )
    return seats, moves, users, shown


def _line(
    row: TableRow,
    seats: Sequence[SeatRow],
    moves: Sequence[str],
    users: dict[str, _Person],
    shown: set[str],
    secret: str,
) -> str:
    """One table's line: its record as the record route gives it, its people as the open
    record names them, in compact JSON."""
    names = {
        uid: public_name(secret, uid, who.name, who.kind, uid in shown, who.deleted)
        for uid, who in users.items()
    }
    table = table_of(row, seats, names, moves)
    # Each bot seat's bot by its spec: the budget it played with on the server's machine is
    # known to the process that ran it only (the moves replay the game all the same).
    bots = [s.bot if s.kind is SeatKind.BOT else None for s in table.seats]
    record: dict[str, Any] = table_record(table, row.created_at, bots)
    # The database knows a bot account by its kind, not only by its name's mark.
    record["meta"]["accounts"] = [
        ("bot" if users[s.user_id].kind == "bot" else "person")
        if s.kind is SeatKind.HUMAN and s.user_id in users
        else None
        for s in table.seats
    ]
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


async def lines(store: Store, secret: str, rows: Sequence[TableRow]) -> AsyncIterator[str]:
    """The page's lines, each ending in a newline, read :data:`CHUNK` tables at a time; the
    event loop gets a turn after each game (each is replayed to build its record)."""
    for start in range(0, len(rows), CHUNK):
        chunk = rows[start : start + CHUNK]
        seats, moves, users, shown = await _read_chunk(store, [r.id for r in chunk])
        for row in chunk:
            yield _line(row, seats[row.id], moves[row.id], users, shown, secret) + "\n"
            await asyncio.sleep(0)
