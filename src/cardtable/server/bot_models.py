"""The bot API's tables: whose each bot account is, its tokens, the seats it is invited to,
and the users who chose to show their names in the open record of games.

A bot account is a row of ``users`` of kind ``bot`` (its sign-in name unique among every
account's, so that an invitation by name means one bot) with a row here naming the person who
made it. A token is kept as its SHA-256 only, with a short prefix to tell it apart in a list;
revoking it keeps the row (so that its use is refused as revoked, not unknown). Added by
migration ``0007_bots``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cardtable.server.models import Base, now

__all__ = ["BotAccount", "BotInvitation", "BotToken", "ShownName"]


class BotAccount(Base):
    """The bot account ``user_id`` was made by the person ``owner_id``."""

    __tablename__ = "bot_accounts"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class BotToken(Base):
    """One token of a bot: its SHA-256, the prefix a listing shows, when it was made, last
    used and revoked (None: it still works)."""

    __tablename__ = "bot_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    bot_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    prefix: Mapped[str] = mapped_column(String(16), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    last_used: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class BotInvitation(Base):
    """A person seated at an open table invites a bot account to one of its open seats."""

    __tablename__ = "bot_invitations"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_bot_invitations_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    bot_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    invited_by: Mapped[str] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ShownName(Base):
    """The user chose to be named in the open record of games (``GET /api/export``); everyone
    else is a pseudonymous id there."""

    __tablename__ = "shown_names"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
