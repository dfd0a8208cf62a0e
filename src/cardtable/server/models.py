"""The database tables: users, their sign-in sessions, game tables, seats, the append-only move
log, chat, and what accounts need (failed sign-ins, mutes).

A user is a guest, a person with an account (a sign-in name and a password hash) or, later, a
bot; a guest who makes an account keeps their user id, so their games stay theirs. Ratings
(from ``seats.user_id`` joined to finished ``tables.result``) need no migration of old games.
Every change goes through an Alembic migration (``server/migrations``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "Base",
    "ChatLine",
    "MoveRow",
    "Mute",
    "SeatRow",
    "SessionRow",
    "SignInFailure",
    "TableRow",
    "User",
    "now",
]


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}  # noqa: RUF012


class User(Base):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    language: Mapped[str] = mapped_column(String(8), default="en")
    #: None for a guest; an account's argon2id hash.
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: "guest" (no sign-in name), "person" (an account) or, later, "bot".
    kind: Mapped[str] = mapped_column(String(8), default="guest")
    #: An account's sign-in name as its person wrote it, and the same casefolded: unique, so
    #: that "Ann" and "ann" are one name. None for a guest and a deleted account.
    login: Mapped[str | None] = mapped_column(String(40), nullable=True)
    login_key: Mapped[str | None] = mapped_column(
        String(40), nullable=True, unique=True, index=True
    )
    #: Banned by an operator: may not sit or chat.
    banned: Mapped[bool] = mapped_column(Boolean, default=False)
    #: When the account was deleted (its games stay, under an anonymous name).
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SessionRow(Base):
    """One signed-in device: the cookie names it by a random token, stored here as its
    SHA-256 only (a copy of the database signs nobody in). Deleting the row signs it out."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    last_seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SignInFailure(Base):
    """A failed sign-in, counted against a key ("name:ann", "address:192.0.2.1") for the rate
    limit; in the database, so that every server process counts the same failures."""

    __tablename__ = "signin_failures"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(120), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class Mute(Base):
    """``user_id`` does not want to read ``muted_id``'s chat."""

    __tablename__ = "mutes"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    muted_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class TableRow(Base):
    __tablename__ = "tables"
    # The open record pages through a game's finished tables in the order they ended.
    __table_args__ = (Index("ix_tables_game_finished", "game", "finished_at", "id"),)

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
    #: Chosen at creation: the finished game moves its players' ratings (if a seat was handed
    #: to a bot, only the person who left it loses; an abandoned game moves none).
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
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
