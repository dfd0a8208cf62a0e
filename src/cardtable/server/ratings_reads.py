"""What the HTTP API reads of the ratings: a player's profile (each game's rating, its history,
the recent rated games with their replays) and a game's leaderboard.

Ratings are shown by their ordinal (``mu - 3 sigma``, :mod:`cardtable.ratings.skill`): a
newcomer shows 0 and climbs as their results and their games played make the figure surer.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from cardtable.errors import CardtableError
from cardtable.i18n import game_title, using_language
from cardtable.ratings import Rating
from cardtable.registry import game_class
from cardtable.server.models import User
from cardtable.server.rating_models import BOT_PREFIX, RatingChange, RatingRow
from cardtable.server.store import Store
from cardtable.table.view import shown_name

__all__ = ["HISTORY", "MIN_GAMES", "RECENT", "leaderboard", "profile"]

#: The rated games a player needs to be on a leaderboard: enough for the uncertainty to have
#: shrunk from a newcomer's 8.3 to about 6.5, so that one lucky game does not top the list.
MIN_GAMES = 5
#: Points of a rating's history a profile gives per game, and recent games it lists.
HISTORY, RECENT = 200, 20
#: Rows of a leaderboard, people and bots each.
TOP = 100
#: ``users.kind`` of a bot account (its games count for the bot, listed with the bots).
BOT_KIND = "bot"


def _title(game: str, language: str) -> str:
    try:
        with using_language(language):
            return game_title(game_class(game))
    except CardtableError:
        return game  # a game this server no longer has


def _figures(mu: float, sigma: float) -> dict[str, float]:
    """A rating as the API gives it: mean, uncertainty and the ordinal shown, to 3 places.

    >>> _figures(25.0, 25 / 3)
    {'mu': 25.0, 'sigma': 8.333, 'ordinal': 0.0}
    """
    ordinal = Rating(mu, sigma).ordinal
    return {"mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": round(ordinal, 3) + 0.0}


async def _name_of(store: Store, player: str) -> tuple[str, bool] | None:
    """A player's name, and whether it is a bot (a built-in bot's spec, or a bot account);
    None where there is no such user."""
    if player.startswith(BOT_PREFIX):
        return player[len(BOT_PREFIX) :], True
    user: User | None = await store.user(player)
    return None if user is None else (shown_name(user.name), user.kind == BOT_KIND)


async def profile(store: Store, player: str, language: str) -> dict[str, Any] | None:
    """A player's ratings, each game's history and the recent rated games (None: no such
    person, and no such bot with a rating)."""
    with using_language(language):
        found = await _name_of(store, player)
    async with store.sessions() as session:
        rows = list(
            await session.scalars(
                select(RatingRow)
                .where(RatingRow.player == player, RatingRow.games > 0)
                .order_by(RatingRow.game)
            )
        )
        if found is None or (player.startswith(BOT_PREFIX) and not rows):
            return None
        ratings = []
        for row in rows:
            points = list(
                await session.scalars(
                    select(RatingChange)
                    .where(RatingChange.player == player, RatingChange.game == row.game)
                    .order_by(RatingChange.id.desc())
                    .limit(HISTORY)
                )
            )
            ratings.append(
                {
                    "game": row.game,
                    "title": _title(row.game, language),
                    **_figures(row.mu, row.sigma),
                    "games": row.games,
                    "wins": row.wins,
                    "history": [
                        {"at": c.at.isoformat(), "table": c.table_id}
                        | _figures(c.mu_after, c.sigma_after)
                        for c in reversed(points)
                    ],
                }
            )
        recent = list(
            await session.scalars(
                select(RatingChange)
                .where(RatingChange.player == player)
                .order_by(RatingChange.id.desc())
                .limit(RECENT)
            )
        )
    return {
        "id": player,
        "name": found[0],
        "bot": found[1],
        "ratings": ratings,
        "recent": [_recent(c, language) for c in recent],
    }


def _recent(change: RatingChange, language: str) -> dict[str, Any]:
    before = Rating(change.mu_before, change.sigma_before).ordinal
    after = Rating(change.mu_after, change.sigma_after).ordinal
    return {
        "table": change.table_id,
        "game": change.game,
        "title": _title(change.game, language),
        "at": change.at.isoformat(),
        "seat": change.seat,
        "place": change.place,
        "won": change.won,
        "left": change.left,
        "ordinal": round(after, 3) + 0.0,
        "change": round(after - before, 3) + 0.0,
        "replay": f"/replay/{change.table_id}",
    }


async def leaderboard(
    store: Store, game: str, language: str, min_games: int = MIN_GAMES
) -> dict[str, Any]:
    """The people, and apart from them the bots (built-in ones and bot accounts), with at
    least ``min_games`` rated games of ``game``, best ordinal first (an unknown game raises
    naming the known ones)."""
    with using_language(language):
        title = game_title(game_class(game))  # refuses a game that is not there, in words
    ordinal = RatingRow.mu - 3 * RatingRow.sigma
    async with store.sessions() as session:
        rows = await session.execute(
            select(RatingRow, User.name, User.kind)
            .outerjoin(User, User.id == RatingRow.player)
            .where(RatingRow.game == game, RatingRow.games >= min_games)
            .order_by(ordinal.desc(), RatingRow.player)
        )
        people: list[tuple[RatingRow, str]] = []
        bots: list[tuple[RatingRow, str]] = []
        for row, name, kind in rows:
            if row.player.startswith(BOT_PREFIX):
                bots.append((row, row.player[len(BOT_PREFIX) :]))
            elif name is not None:
                (bots if kind == BOT_KIND else people).append((row, name))
    with using_language(language):
        people = [(row, shown_name(name)) for row, name in people]
    return {
        "game": game,
        "title": title,
        "min_games": min_games,
        "players": [_leader(i, row, name) for i, (row, name) in enumerate(people[:TOP], 1)],
        "bots": [_leader(i, row, name) for i, (row, name) in enumerate(bots[:TOP], 1)],
    }


def _leader(rank: int, row: RatingRow, name: str) -> dict[str, Any]:
    return {
        "rank": rank,
        "id": row.player,
        "name": name,
        **_figures(row.mu, row.sigma),
        "games": row.games,
        "wins": row.wins,
    }
