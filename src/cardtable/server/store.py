"""The server's database: the engine (SQLite in WAL mode by default, PostgreSQL by URL), the
migrations, and every read and write the hub makes. Each write commits before it returns: a
move is on disk before anyone sees it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from importlib.resources import files
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import bindparam, event, insert, or_, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    async_sessionmaker,
    create_async_engine,
)

from cardtable.i18n import _
from cardtable.server.models import ChatLine, MoveRow, SeatRow, TableRow, User, now
from cardtable.table.errors import Fault, TableError

__all__ = ["BUSY", "BUSY_RETRY", "POOL_TIMEOUT", "Store", "busy_error"]

#: The longest a request waits for a database connection, in seconds, before it is answered
#: that the server is busy (SQLAlchemy's default, 30, keeps a person waiting too long).
POOL_TIMEOUT = 10.0
#: What a request meets when every database connection stayed taken for :data:`POOL_TIMEOUT`
#: (more requests than the database keeps up with): nothing of it was carried out, and asked
#: again later it may be.
BUSY = PoolTimeout
#: How long a bot whose move met a busy database waits before it tries again, in seconds.
BUSY_RETRY = 1.0


def busy_error() -> TableError:
    """The answer to a request the database could not take in time, in the current language.

    >>> err = busy_error()
    >>> str(err.code), str(err)
    ('busy', 'the server is busy; nothing was changed: try again in a moment')
    """
    return TableError(
        Fault.BUSY, _("the server is busy; nothing was changed: try again in a moment")
    )


#: The key of PostgreSQL's advisory lock that lets one process at a time migrate the schema.
_MIGRATION_LOCK = 0x63617264


# The move's three statements, built once: SQLAlchemy builds and keys a statement made afresh
# for every call (about 1 ms of the event loop a move); these are compiled once and cached.
_ADD_MOVE = insert(MoveRow)
_MOVE_BUMP = (
    update(TableRow)
    .where(TableRow.id == bindparam("b_table"))
    .values(
        version=TableRow.version + 1,
        turn_started_at=bindparam("b_started"),
        ply=bindparam("b_ply"),
    )
    .returning(TableRow.version)
)
_MOVE_CLOCK = (
    update(SeatRow)
    .where(SeatRow.table_id == bindparam("b_table"), SeatRow.seat == bindparam("b_seat"))
    .values(clock_ms=bindparam("b_clock"))
)


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(files("cardtable.server") / "migrations"))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


class Store:
    """One database, opened by :meth:`open` (which migrates it to the newest schema)."""

    def __init__(self, url: str) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        # SQLite has one writer: connections of its own would queue on its lock with sleeps
        # (long tails, and "database is locked" past five seconds); one connection queues in
        # order instead.
        self.engine: AsyncEngine = (
            create_async_engine(url, pool_size=1, max_overflow=0, pool_timeout=POOL_TIMEOUT)
            if sqlite and ":memory:" not in url
            else create_async_engine(url)
            if sqlite
            else create_async_engine(url, pool_timeout=POOL_TIMEOUT)
        )
        if sqlite:
            # WAL lets readers go on while a move is written; NORMAL sync is safe with WAL.
            @event.listens_for(self.engine.sync_engine, "connect")
            def _pragmas(dbapi: Any, _record: Any) -> None:
                cursor = dbapi.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.close()

        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    @property
    def postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    async def open(self) -> None:
        async with self.engine.begin() as conn:
            if self.postgres:
                # Several processes may start at once: one migrates, the others wait for it.
                await conn.execute(text(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})"))
            await conn.run_sync(_upgrade)

    async def close(self) -> None:
        await self.engine.dispose()

    @staticmethod
    async def _bump(conn: AsyncConnection, table_id: str, **values: Any) -> int:
        """Change a table's row and add one to its version; the new version."""
        version = await conn.scalar(
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(version=TableRow.version + 1, **values)
            .returning(TableRow.version)
        )
        return int(version or 0)

    # ------------------------------------------------------------------ users

    async def add_user(self, user_id: str, name: str, language: str) -> User:
        async with self.sessions() as session:
            user = User(id=user_id, name=name, language=language, created_at=now())
            session.add(user)
            await session.commit()
            return user

    async def set_language(self, user_id: str, language: str) -> None:
        async with self.sessions() as session:
            await session.execute(update(User).where(User.id == user_id).values(language=language))
            await session.commit()

    async def user(self, user_id: str) -> User | None:
        async with self.sessions() as session:
            return await session.get(User, user_id)

    async def users(self, ids: Sequence[str]) -> dict[str, User]:
        if not ids:
            return {}
        async with self.sessions() as session:
            rows = await session.scalars(select(User).where(User.id.in_(list(ids))))
            return {u.id: u for u in rows}

    # ------------------------------------------------------------------ tables

    async def add_table(self, table: TableRow, seats: list[SeatRow]) -> None:
        async with self.sessions() as session:
            session.add(table)
            await session.flush()
            session.add_all(seats)
            await session.commit()

    async def table(self, table_id: str) -> TableRow | None:
        async with self.sessions() as session:
            return await session.get(TableRow, table_id)

    async def table_by_invite(self, invite_hash: str) -> TableRow | None:
        async with self.sessions() as session:
            return await session.scalar(select(TableRow).where(TableRow.invite_hash == invite_hash))

    async def seats(self, table_id: str) -> list[SeatRow]:
        async with self.sessions() as session:
            rows = await session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            return list(rows)

    async def set_seat(
        self,
        table_id: str,
        seat: int,
        kind: str,
        user_id: str | None,
        bot: str | None = None,
        was: str | None = None,
    ) -> int | None:
        """Who sits in a seat; the table's new version. With ``was``, only if the seat's kind
        is still that (two processes seating two people in one seat: one wins), else None."""
        async with self.engine.begin() as conn:
            change = update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
            if was is not None:
                change = change.where(SeatRow.kind == was)
            changed = await conn.execute(change.values(kind=kind, user_id=user_id, bot=bot))
            if changed.rowcount == 0:
                return None
            return await self._bump(conn, table_id)

    async def mark(self, table_id: str) -> int:
        async with self.engine.begin() as conn:
            return await self._bump(conn, table_id, marked=True)

    async def set_status(
        self,
        table_id: str,
        status: str,
        *,
        result: dict[str, Any] | None = None,
        started: datetime | None = None,
        finished: datetime | None = None,
    ) -> int:
        """A table's status (with its result, start or end); the table's new version."""
        values: dict[str, Any] = {"status": status}
        if result is not None:
            values["result"] = result
        if started is not None:
            values["started_at"] = started
        if finished is not None:
            values["finished_at"] = finished
        if started is not None:
            values["turn_started_at"] = started
        async with self.engine.begin() as conn:
            return await self._bump(conn, table_id, **values)

    async def set_open_deal(
        self,
        table_id: str,
        deal: dict[str, Any],
        was: int,
        started: datetime | None = None,
    ) -> int | None:
        """An open table's deal (a contribution added; with ``started``, the deal sealed and
        the game begun), only if the table is still open at version ``was``: a contribution
        or a seat taken meanwhile through another process is never lost or dealt around. The
        new version, or None (the caller catches up and decides again)."""
        values: dict[str, Any] = {"deal": deal}
        if started is not None:
            values |= {"status": "playing", "started_at": started, "turn_started_at": started}
        async with self.engine.begin() as conn:
            version = await conn.scalar(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "open", TableRow.version == was)
                .values(version=TableRow.version + 1, **values)
                .returning(TableRow.version)
            )
            return None if version is None else int(version)

    async def tables_with_status(self, *statuses: str) -> list[TableRow]:
        async with self.sessions() as session:
            rows = await session.scalars(
                select(TableRow).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at)
            )
            return list(rows)

    async def tables_of(self, user_id: str, *statuses: str) -> list[tuple[TableRow, int]]:
        """The user's tables (with the seat held) in these statuses, newest first."""
        async with self.sessions() as session:
            rows = await session.execute(
                select(TableRow, SeatRow.seat)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.user_id == user_id, TableRow.status.in_(statuses))
                .order_by(TableRow.created_at.desc())
            )
            return [(t, s) for t, s in rows]

    # ------------------------------------------------------------------ moves and chat

    async def add_move(
        self,
        table_id: str,
        ply: int,
        seat: int,
        move: str,
        at: datetime | None = None,
        clock_ms: int | None = None,
    ) -> int:
        """Append one move, with the mover's time bank after it and the next turn's start, in
        one transaction; committed on return; the table's new version.

        The key (table, ply) refuses a second move for one ply: of two processes racing for a
        ply exactly one wins, the other gets ``sqlalchemy.exc.IntegrityError``."""
        moment = at or now()
        # Core statements on one connection, not an ORM session: the move is the hot path.
        async with self.engine.begin() as conn:
            await conn.execute(
                _ADD_MOVE,
                {"table_id": table_id, "ply": ply, "seat": seat, "move": move, "at": moment},
            )
            version = await conn.scalar(
                _MOVE_BUMP, {"b_table": table_id, "b_started": moment, "b_ply": ply + 1}
            )
            if clock_ms is not None:
                await conn.execute(
                    _MOVE_CLOCK, {"b_table": table_id, "b_seat": seat, "b_clock": clock_ms}
                )
        return int(version or 0)

    async def moves(self, table_id: str, start: int = 0) -> list[MoveRow]:
        """A table's moves in order, from ply ``start`` on."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(MoveRow)
                .where(MoveRow.table_id == table_id, MoveRow.ply >= start)
                .order_by(MoveRow.ply)
            )
            return list(rows)

    # ------------------------------------------------------------------ several processes

    async def versions(self, ids: Sequence[str]) -> dict[str, int]:
        """The version of each of these tables."""
        if not ids:
            return {}
        async with self.sessions() as session:
            rows = await session.execute(
                select(TableRow.id, TableRow.version).where(TableRow.id.in_(list(ids)))
            )
            return {i: int(v) for i, v in rows}

    async def claim(self, owner: str, until: datetime, limit: int = 50) -> list[str]:
        """Take the open and playing tables that no process holds (never owned, or the lease
        lapsed): theirs are now ``owner``'s until ``until``. Rows another process is claiming
        at the same moment are skipped, not waited for (``FOR UPDATE SKIP LOCKED``)."""
        moment = now()
        free = (
            select(TableRow.id)
            .where(
                TableRow.status.in_(("open", "playing")),
                or_(TableRow.owner.is_(None), TableRow.lease_until < moment),
            )
            .order_by(TableRow.created_at)
            .limit(limit)
        )
        if self.postgres:
            free = free.with_for_update(skip_locked=True)
        async with self.engine.begin() as conn:
            ids = list(await conn.scalars(free))
            if not ids:
                return []
            await conn.execute(
                update(TableRow).where(TableRow.id.in_(ids)).values(owner=owner, lease_until=until)
            )
            return ids

    async def renew(self, owner: str, ids: Sequence[str], until: datetime) -> set[str]:
        """Extend the lease of these tables where ``owner`` still holds it; the ids held."""
        if not ids:
            return set()
        async with self.engine.begin() as conn:
            held = await conn.scalars(
                update(TableRow)
                .where(TableRow.id.in_(list(ids)), TableRow.owner == owner)
                .values(lease_until=until)
                .returning(TableRow.id)
            )
            return set(held)

    async def release(self, owner: str) -> None:
        """Give up every lease of ``owner`` (a process stopping cleanly): others take over."""
        async with self.engine.begin() as conn:
            await conn.execute(
                update(TableRow).where(TableRow.owner == owner).values(owner=None, lease_until=None)
            )

    async def touch_seen(self, ids: Sequence[str], moment: datetime) -> None:
        """A person is connected to each of these tables now."""
        if not ids:
            return
        async with self.engine.begin() as conn:
            await conn.execute(
                update(TableRow).where(TableRow.id.in_(list(ids))).values(seen_at=moment)
            )

    async def seen(self, ids: Sequence[str]) -> dict[str, datetime | None]:
        """When a person was last connected to each table, by any process."""
        if not ids:
            return {}
        async with self.sessions() as session:
            rows = await session.execute(
                select(TableRow.id, TableRow.seen_at).where(TableRow.id.in_(list(ids)))
            )
            return dict(rows.tuples())

    async def abandon(self, table_id: str, finished: datetime) -> int | None:
        """Close a table nobody attends, unless it ended or was closed meanwhile; the new
        version, or None when it was not open or playing any more."""
        async with self.engine.begin() as conn:
            version = await conn.scalar(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status.in_(("open", "playing")))
                .values(status="abandoned", finished_at=finished, version=TableRow.version + 1)
                .returning(TableRow.version)
            )
            return None if version is None else int(version)

    async def lobby_tables(self, user_id: str) -> list[TableRow]:
        """The tables a lobby lists: open ones that are listed or have this user seated, the
        playing ones where the user sits (or a bot keeps their seat), and the 20 listed playing
        ones started last where they do not, to watch."""
        mine = select(SeatRow.table_id).where(SeatRow.user_id == user_id)
        async with self.sessions() as session:
            rows = await session.scalars(
                select(TableRow)
                .where(
                    or_(
                        (TableRow.status == "open") & (TableRow.listed | TableRow.id.in_(mine)),
                        (TableRow.status == "playing") & TableRow.id.in_(mine),
                    )
                )
                .order_by(TableRow.created_at)
                .limit(200)
            )
            watch = await session.scalars(
                select(TableRow)
                .where((TableRow.status == "playing") & TableRow.listed & TableRow.id.not_in(mine))
                .order_by(TableRow.started_at.desc())
                .limit(20)
            )
            return list(rows) + list(watch)

    async def add_chat(self, table_id: str, user_id: str, room: str, text: str) -> ChatLine:
        async with self.sessions() as session:
            line = ChatLine(table_id=table_id, user_id=user_id, room=room, text=text, at=now())
            session.add(line)
            await session.commit()
            return line

    async def chat_log(
        self, table_id: str, room: str, limit: int = 100
    ) -> list[tuple[str, str, datetime]]:
        """The last ``limit`` lines of one room of a table, oldest first: (name, text, when)."""
        async with self.sessions() as session:
            rows = await session.execute(
                select(User.name, ChatLine.text, ChatLine.at)
                .join(User, User.id == ChatLine.user_id)
                .where(ChatLine.table_id == table_id, ChatLine.room == room)
                .order_by(ChatLine.id.desc())
                .limit(limit)
            )
            return [(name, text, at) for name, text, at in reversed(list(rows))]
