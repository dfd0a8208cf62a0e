"""The database tables: users, game tables, seats, the append-only move log, chat.

Designed so that accounts with passwords (``users.password_hash``) and ratings (from
``seats.user_id`` joined to finished ``tables.result``) can come later without a migration of
old games. Every change goes through an Alembic migration (``server/migrations``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "ChatLine", "MoveRow", "SeatRow", "TableRow", "User", "now"]


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}  # noqa: RUF012


class User(Base):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    language: Mapped[str] = mapped_column(String(8), default="en")
    #: None for a guest; accounts with passwords may fill it later.
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The deal: {"seed": N} drawn from ``secrets``, or {"decks": [...]} (never sent out).
    deal: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="open", index=True)
    listed: Mapped[bool] = mapped_column(Boolean, default=False)
    invite_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by: Mapped[str] = mapped_column(ForeignKey("users.id"))
    bot_pause: Mapped[float] = mapped_column(default=0.6)
    #: A seat was handed to a bot during play (its person may reclaim it): a result to read
    #: with care.
    marked: Mapped[bool] = mapped_column(Boolean, default=False)
    #: None (no clock), {"bank": s, "increment": s} (a time bank, plus s after each move) or
    #: {"per_move": s} (each move its own allowance: a turn-based table's hours or days).
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: Played over hours or days: never closed for want of people connected.
    turn_based: Mapped[bool] = mapped_column(Boolean, default=False)
    turn_started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: One more at every change of the table (a move, a seat, its status): processes that hold
    #: the table compare it to know what they missed.
    version: Mapped[int] = mapped_column(Integer, default=0)
    #: Moves played.
    ply: Mapped[int] = mapped_column(Integer, default=0)
    #: The server process that runs the table's bots and closes it when abandoned, while its
    #: lease lasts; another takes it over once the lease has lapsed.
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: When a person was last connected to the table, by any process.
    seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: "open" (waiting for a person), "human" or "bot".
    kind: Mapped[str] = mapped_column(String(8))
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    #: A time bank's milliseconds left (None: no bank).
    clock_ms: Mapped[int | None] = mapped_column(Integer, nullable=True)


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatLine(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    #: "players" or "spectators": the two rooms of a table.
    room: Mapped[str] = mapped_column(String(12))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
