"""A finished table's rating update, once, in one transaction: who played (people by user id,
bots as ``bot:SPEC``), the sides the game names, and the change of each rating
(:mod:`cardtable.ratings`).

Which tables count: those made ``rated`` that ended ``over``. A table where a seat was handed
to a bot (``marked``) rates nobody's result but the person's who left it: whoever a bot still
keeps the seat of at the end left the game, and loses it (their side placed last) against the
others as rated, who do not change. An abandoned table never reaches here.

Several processes may finish tables at once: the update claims its table by inserting its row
in ``rated_tables`` (a key: one claim wins) and locks the ratings it changes (``FOR UPDATE`` on
PostgreSQL; SQLite's one writer queues whole transactions), so no update is lost or doubled.

>>> import cardtable
>>> from cardtable.table.core import NOW, Table
>>> table = Table.create("T", cardtable.load("cribbage", target=61), {"seed": 3}, "u1", "Ann",
...                      ["open", "expert"])
>>> table.start(NOW)
>>> while table.status.live:
...     state = table.playing()
...     _ = table.commit(state.legal_moves()[0], state.to_move, NOW)
>>> finish = finish_of(table)
>>> finish.players, finish.outcome.sides, finish.leavers
(['u1', 'bot:expert'], ((0,), (1,)), frozenset())
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from cardtable.ratings import NEW, Change, Outcome, Rating, rate
from cardtable.server.models import TableRow, now
from cardtable.server.rating_models import BOT_PREFIX, RatedTable, RatingChange, RatingRow
from cardtable.server.rows import table_of
from cardtable.server.store import Store
from cardtable.table.core import Table
from cardtable.table.seats import SeatKind, Status

__all__ = ["Finish", "finish_of", "rate_finished", "rate_missed", "rate_table"]

log = logging.getLogger("cardtable.server.ratings")


@dataclass(frozen=True)
class Finish:
    """A finished table as the ratings read it: the outcome, each seat's player, the players
    who left (a bot keeps their seat), and whether a seat was handed to a bot."""

    game: str
    outcome: Outcome
    players: list[str]
    leavers: frozenset[str]
    marked: bool

    @property
    def rated_players(self) -> frozenset[str] | None:
        """Who this game rates: everyone (None), or on a marked table its leavers only."""
        return self.leavers if self.marked else None


def finish_of(table: Table) -> Finish:
    """What a finished table gives the ratings (its state must be over)."""
    state = table.state
    if state is None or not state.is_over:
        raise ValueError(f"table {table.id} is not over: only a finished game is rated")
    players: list[str] = []
    left: set[int] = set()
    for seat in table.seats:
        if seat.kind is SeatKind.BOT and seat.user_id is not None:
            # A bot kept this person's seat to the end: they left the game.
            players.append(seat.user_id)
            left.add(seat.seat)
        elif seat.kind is SeatKind.BOT:
            players.append(BOT_PREFIX + str(seat.bot))
        else:
            players.append(str(seat.user_id))
    outcome = Outcome(
        sides=tuple(tuple(side) for side in state.sides()),
        scores=tuple(state.scores),
        lower_wins=table.game.lower_wins,
        leavers=frozenset(left),
    )
    return Finish(
        table.game.name,
        outcome,
        players,
        frozenset(players[s] for s in left),
        table.marked,
    )


async def rate_table(store: Store, table_id: str, finish: Finish) -> dict[str, Change]:
    """Update the ratings for the finished table ``table_id`` once; the changes made (empty:
    the table is not rated, rates nobody, or was rated already). A table that counts is
    claimed even where it rates nobody, so that :func:`rate_missed` passes it by."""
    only = finish.rated_players
    if not await _counts(store, table_id):
        return {}
    # Marked, and everyone whose seat a bot took came back: the table is claimed, rating none.
    named = sorted(set(finish.players) if only is None else only)
    if named:
        await _ensure_rows(store, finish.game, sorted(set(finish.players)))
    try:
        async with store.engine.begin() as conn:
            moment = now()
            # The claim: a second update of this table fails here, and changes nothing.
            await conn.execute(
                insert(RatedTable).values(table_id=table_id, game=finish.game, at=moment)
            )
            if not named:
                return {}
            known = await _locked(conn, store.postgres, finish.game, finish.players, named)
            changes = rate(finish.outcome, finish.players, known, only)
            await _write(conn, table_id, finish, changes, moment)
            return changes
    except IntegrityError:
        return {}  # rated already (another process, or a second call)


async def rate_finished(store: Store, table: Table) -> dict[str, Change]:
    """:func:`rate_table` for a table that just ended in this process. A rating that fails is
    logged, never raised: the game's end is stored already, and play goes on."""
    try:
        return await rate_table(store, table.id, finish_of(table))
    except Exception:
        log.exception("the ratings of table %s were not updated", table.id)
        return {}


async def rate_missed(store: Store, older: float = 60.0, limit: int = 20) -> list[str]:
    """Rate the rated tables that ended over ``older`` seconds ago and were never rated (their
    process stopped between the game's end and its update); the ids rated. Safe to run in
    every process at once: each table's claim lets one update through.

    The ratings then move in the order the sweep finds the games, not quite the order they
    ended; the sums are the same, the path a little different."""
    cutoff = now() - timedelta(seconds=older)
    async with store.sessions() as session:
        rows = list(
            await session.scalars(
                select(TableRow)
                .where(
                    TableRow.rated.is_(True),
                    TableRow.status == Status.OVER,
                    TableRow.finished_at < cutoff,
                    TableRow.id.not_in(select(RatedTable.table_id)),
                )
                .order_by(TableRow.finished_at)
                .limit(limit)
            )
        )
    rated = []
    for row in rows:
        moves = [m.move for m in await store.moves(row.id)]
        table = table_of(row, await store.seats(row.id), {}, moves)
        over = table.state is not None and table.state.is_over
        if over and await rate_table(store, row.id, finish_of(table)):
            rated.append(row.id)
    return rated


async def _counts(store: Store, table_id: str) -> bool:
    """Whether the table was made rated and its game is over (not abandoned)."""
    async with store.engine.connect() as conn:
        row = (
            await conn.execute(
                select(TableRow.rated, TableRow.status).where(TableRow.id == table_id)
            )
        ).one_or_none()
    return row is not None and bool(row.rated) and row.status == Status.OVER


async def _ensure_rows(store: Store, game: str, players: list[str]) -> None:
    """A newcomer's row for every player (no-op for those who have one), committed before the
    update, so that two updates at once lock the same rows instead of racing to insert them."""
    dialect_insert: Any = postgres_insert if store.postgres else sqlite_insert
    moment = now()
    rows = [
        {"player": p, "game": game, "mu": NEW.mu, "sigma": NEW.sigma, "games": 0, "wins": 0}
        | {"updated_at": moment}
        for p in players
    ]
    async with store.engine.begin() as conn:
        await conn.execute(dialect_insert(RatingRow).values(rows).on_conflict_do_nothing())


async def _locked(
    conn: AsyncConnection, postgres: bool, game: str, players: list[str], named: list[str]
) -> dict[str, Rating]:
    """The ratings of ``players`` in ``game``, those of ``named`` (who will change) locked
    until the transaction ends."""
    ratings: dict[str, Rating] = {}
    query = (
        select(RatingRow.player, RatingRow.mu, RatingRow.sigma)
        .where(RatingRow.game == game, RatingRow.player.in_(named))
        .order_by(RatingRow.player)  # one order of locks: two updates never wait in a circle
    )
    if postgres:
        query = query.with_for_update()
    for player, mu, sigma in await conn.execute(query):
        ratings[player] = Rating(float(mu), float(sigma))
    others = sorted(set(players) - set(named))
    if others:
        found = await conn.execute(
            select(RatingRow.player, RatingRow.mu, RatingRow.sigma).where(
                RatingRow.game == game, RatingRow.player.in_(others)
            )
        )
        for player, mu, sigma in found:
            ratings[player] = Rating(float(mu), float(sigma))
    return ratings


async def _write(
    conn: AsyncConnection,
    table_id: str,
    finish: Finish,
    changes: dict[str, Change],
    moment: Any,
) -> None:
    history = []
    for seat, player in enumerate(finish.players):
        change = changes.get(player)
        if change is None:
            continue
        await conn.execute(
            update(RatingRow)
            .where(RatingRow.player == player, RatingRow.game == finish.game)
            .values(
                mu=change.after.mu,
                sigma=change.after.sigma,
                games=RatingRow.games + 1,
                wins=RatingRow.wins + (1 if change.won else 0),
                updated_at=moment,
            )
        )
        history.append(
            {
                "table_id": table_id,
                "player": player,
                "game": finish.game,
                "seat": seat,
                "place": change.place,
                "won": change.won,
                "left": player in finish.leavers,
                "mu_before": change.before.mu,
                "sigma_before": change.before.sigma,
                "mu_after": change.after.mu,
                "sigma_after": change.after.sigma,
                "at": moment,
            }
        )
    if history:
        await conn.execute(insert(RatingChange), history)
