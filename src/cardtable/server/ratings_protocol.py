"""The ratings' answers of the HTTP API (``docs/protocol.md``): a player's profile and a game's
leaderboard, as Pydantic models in :mod:`cardtable.server.protocol`'s style (open to fields a
newer server adds). Every rating comes as its mean ``mu``, its uncertainty ``sigma`` and the
``ordinal`` shown and sorted by, ``mu - 3 sigma``.

>>> RatingPointOut.model_validate(
...     {"at": "2026-12-01T10:00:00+00:00", "table": "T1", "mu": 27.6, "sigma": 8.1,
...      "ordinal": 3.3}).ordinal
3.3
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = [
    "GameRatingOut",
    "LeaderOut",
    "LeaderboardOut",
    "ProfileOut",
    "RatingPointOut",
    "RecentGameOut",
]


class _Out(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)


class RatingPointOut(_Out):
    """A rating just after one rated game (``table``), a point of its history."""

    at: str
    table: str
    mu: float
    sigma: float
    ordinal: float


class GameRatingOut(_Out):
    """A player's rating in one game, with games rated and won, and its history (oldest
    first, the last 200 games at most)."""

    game: str
    title: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    history: list[RatingPointOut]


class RecentGameOut(_Out):
    """A recent rated game of the player's: their side's place (1 the best), whether they won
    or left it, the ordinal after it and its change, and the address of its replay."""

    table: str
    game: str
    title: str
    at: str
    seat: int
    place: int
    won: bool
    left: bool
    ordinal: float
    change: float
    replay: str


class ProfileOut(_Out):
    """``GET /api/players/{id}``: a person (a user id) or a bot (``bot:SPEC``)."""

    id: str
    name: str
    bot: bool
    ratings: list[GameRatingOut]
    recent: list[RecentGameOut]


class LeaderOut(_Out):
    """A row of a leaderboard."""

    rank: int
    id: str
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int


class LeaderboardOut(_Out):
    """``GET /api/leaderboard/{game}``: people with at least ``min_games`` rated games, best
    ordinal first, and the bots apart."""

    game: str
    title: str
    min_games: int
    players: list[LeaderOut]
    bots: list[LeaderOut]
