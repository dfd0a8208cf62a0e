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
from sqlalchemy import event, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

from cardtable.server.models import ChatLine, MoveRow, SeatRow, TableRow, User, now

__all__ = ["Store"]


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
            create_async_engine(url, pool_size=1, max_overflow=0)
            if sqlite and ":memory:" not in url
            else create_async_engine(url)
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

    async def open(self) -> None:
        async with self.engine.begin() as conn:
            await conn.run_sync(_upgrade)

    async def close(self) -> None:
        await self.engine.dispose()

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
        self, table_id: str, seat: int, kind: str, user_id: str | None, bot: str | None = None
    ) -> None:
        async with self.sessions() as session:
            await session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(kind=kind, user_id=user_id, bot=bot)
            )
            await session.commit()

    async def mark(self, table_id: str) -> None:
        async with self.sessions() as session:
            await session.execute(
                update(TableRow).where(TableRow.id == table_id).values(marked=True)
            )
            await session.commit()

    async def set_status(
        self,
        table_id: str,
        status: str,
        *,
        result: dict[str, Any] | None = None,
        started: datetime | None = None,
        finished: datetime | None = None,
    ) -> None:
        values: dict[str, Any] = {"status": status}
        if result is not None:
            values["result"] = result
        if started is not None:
            values["started_at"] = started
        if finished is not None:
            values["finished_at"] = finished
        if started is not None:
            values["turn_started_at"] = started
        async with self.sessions() as session:
            await session.execute(update(TableRow).where(TableRow.id == table_id).values(values))
            await session.commit()

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
    ) -> None:
        """Append one move, with the mover's time bank after it and the next turn's start, in
        one transaction; committed on return (the key (table, ply) refuses a double)."""
        moment = at or now()
        # Core statements on one connection, not an ORM session: the move is the hot path.
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(MoveRow).values(table_id=table_id, ply=ply, seat=seat, move=move, at=moment)
            )
            await conn.execute(
                update(TableRow).where(TableRow.id == table_id).values(turn_started_at=moment)
            )
            if clock_ms is not None:
                await conn.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                    .values(clock_ms=clock_ms)
                )

    async def moves(self, table_id: str) -> list[MoveRow]:
        async with self.sessions() as session:
            rows = await session.scalars(
                select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.ply)
            )
            return list(rows)

    async def add_chat(self, table_id: str, user_id: str, room: str, text: str) -> ChatLine:
        async with self.sessions() as session:
            line = ChatLine(table_id=table_id, user_id=user_id, room=room, text=text, at=now())
            session.add(line)
            await session.commit()
            return line
