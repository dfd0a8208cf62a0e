"""The ratings' tables: each player's rating per game, the finished tables already rated (one
row each: the claim that makes an update happen once), and every rated game's change per player.

A player is a person's user id or a bot's ``bot:SPEC`` (``bot:expert``): bots are rated apart
from people, by their level or name. Added by migration ``0006_ratings``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cardtable.server.models import Base, now

__all__ = ["BOT_PREFIX", "RatedTable", "RatingChange", "RatingRow"]

#: The start of a bot's player id: ``bot:`` and its spec.
BOT_PREFIX = "bot:"
#: A player id: a user id (32 hex digits) or ``bot:`` and a bot spec (at most 200 characters).
_PLAYER = String(210)


class RatingRow(Base):
    """A player's rating in one game: its mean and uncertainty, games rated and won."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game", "game"),)

    player: Mapped[str] = mapped_column(_PLAYER, primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatedTable(Base):
    """A finished table whose ratings were updated: written in the update's transaction, its
    key lets exactly one update through however many processes try."""

    __tablename__ = "rated_tables"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingChange(Base):
    """One player's rating before and after one rated game, their seat, their side's place
    (1 the best), whether they won, and whether they left it (a loss whatever the score)."""

    __tablename__ = "rating_changes"
    __table_args__ = (Index("ix_rating_changes_player_game", "player", "game", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    player: Mapped[str] = mapped_column(_PLAYER)
    game: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    left: Mapped[bool] = mapped_column(Boolean, default=False)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
