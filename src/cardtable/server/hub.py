"""The live tables of one server process: where each room is found, made and forgotten.

A request about a table finds its :class:`~cardtable.server.room.Room` here and is carried out
there (the table decides, the change is stored, committed, told and pushed). The hub also
starts and stops what the rooms share: the database, the bot pool, the cluster and the chores.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from datetime import datetime
from typing import Any

from cardtable.errors import CardtableError, clip
from cardtable.i18n import _
from cardtable.registry import load
from cardtable.server.accounts_rules import refuse_banned
from cardtable.server.bots import BotPool
from cardtable.server.chores import close_abandoned, run_chores
from cardtable.server.clients import Bucket, Client
from cardtable.server.cluster import Alone, Cluster, names_of
from cardtable.server.config import Settings
from cardtable.server.lobby import lobby
from cardtable.server.models import TableRow, User, now
from cardtable.server.protocol import TableIn
from cardtable.server.reads import finished_entry, record, replay
from cardtable.server.room import Room
from cardtable.server.rows import hash_invite, new_rows, table_of
from cardtable.server.store import Store
from cardtable.table.core import Table
from cardtable.table.errors import Fault, TableError
from cardtable.table.fair_deal import new_fair_deal
from cardtable.table.seats import Status
from cardtable.table.view import summary

__all__ = ["Bucket", "Client", "Hub", "hash_invite"]


class Hub:
    """Every live table of one server process."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.bots = BotPool(settings.bot_workers)
        self.cluster: Alone | Cluster = (
            Cluster(
                store,
                settings.process,
                settings.lease,
                settings.redis_url,
                self.rooms,
                self._load_id,
            )
            if settings.cluster
            else Alone(store)
        )
        self.watcher: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        await self.store.open()
        if self.settings.cluster and not self.store.postgres:
            raise CardtableError(_("several server processes need PostgreSQL"))
        self.bots.start()
        if isinstance(self.cluster, Cluster):
            await self.cluster.start()
        else:
            for row in await self.store.tables_with_status(Status.OPEN, Status.PLAYING):
                room = await self._load(row)
                self.rooms[row.id] = room
                room.schedule_bot()
                room.schedule_clock()
        self.watcher = asyncio.create_task(run_chores(self))

    async def stop(self) -> None:
        if self.watcher is not None:
            self.watcher.cancel()
        for room in self.rooms.values():
            room.stop_tasks()
        self.bots.stop()
        if isinstance(self.cluster, Cluster):
            with contextlib.suppress(Exception):
                await self.cluster.stop()
        await self.store.close()

    async def close_abandoned(self) -> list[str]:
        """Close the games nobody attends now (the chores do it on a timer)."""
        return await close_abandoned(self)

    # ------------------------------------------------------------------ rooms

    def _room(self, table: Table, row: TableRow) -> Room:
        return Room(
            table,
            self.store,
            self.bots,
            self.cluster,
            version=row.version or 0,
            bot_pause=row.bot_pause,
            listed=bool(row.listed),
            rated=bool(row.rated),
            created_at=row.created_at,
        )

    async def _load(self, row: TableRow) -> Room:
        """A table from the database, its moves replayed."""
        seats = await self.store.seats(row.id)
        names = await names_of(self.store, [s.user_id for s in seats if s.user_id])
        moves = None
        if row.status != Status.OPEN and row.started_at is not None:
            moves = [m.move for m in await self.store.moves(row.id)]
        return self._room(table_of(row, seats, names, moves or []), row)

    async def _load_id(self, table_id: str) -> Room | None:
        """A table taken over by this process: loaded and kept."""
        row = await self.store.table(table_id)
        if row is None:
            return None
        room = self.rooms[table_id] = await self._load(row)
        return room

    def forget(self, room: Room) -> None:
        self.rooms.pop(room.id, None)
        if isinstance(self.cluster, Cluster):
            self.cluster.owned.discard(room.id)

    def forget_if_done(self, room: Room) -> None:
        """A finished table leaves memory once its last client has gone (the database keeps
        it; :meth:`room` reads it back on demand)."""
        if room.table.status.ended and not room.clients:
            self.rooms.pop(room.id, None)

    async def room(self, table_id: str) -> Room:
        """A table's room: held in memory while open or playing (read from the database when
        this process has not got it yet; with other processes, brought up to date first)."""
        room = self.rooms.get(table_id)
        if room is not None:
            if isinstance(self.cluster, Cluster):
                versions = await self.store.versions([table_id])
                if versions.get(table_id, 0) > room.version:
                    await self.cluster.refresh(room)
            return room
        row = await self.store.table(table_id)
        if row is None:
            raise TableError(Fault.NO_TABLE, _("there is no table {id}").format(id=clip(table_id)))
        loaded = await self._load(row)
        if loaded.table.status.live:
            # A table another process made, or this one forgot: kept while it is in play.
            room = self.rooms.setdefault(table_id, loaded)
            room.schedule_clock()
            return room
        return loaded  # finished tables are read on demand and not kept

    async def by_invite(self, token: str) -> Room:
        row = await self.store.table_by_invite(hash_invite(token))
        if row is None:
            raise TableError(Fault.NO_TABLE, _("this invitation opens no table"))
        return await self.room(row.id)

    async def accept_invite(self, user: User, token: str) -> tuple[Room, int | None]:
        """The invitation's table, with ``user`` seated at it when it waits for players and
        has a free seat (an invitation is to play); their seat, or None (they may watch)."""
        room = await self.by_invite(token)
        table = room.table
        held = table.seat_of(user.id)
        if held is not None or table.status is not Status.OPEN or not table.free_seats():
            return room, held
        try:
            return room, await room.sit(user, None)
        except TableError as err:
            if err.code in (Fault.FULL, Fault.STARTED):
                return room, None  # the last seat went, or the game began, meanwhile
            raise

    async def _add(
        self, table: Table, listed: bool, pause: float, rated: bool = False
    ) -> tuple[Room, str]:
        """Store a new table and keep its room; its invitation (the row keeps only a hash)."""
        invite = secrets.token_urlsafe(18)
        row, seats = new_rows(table, listed, pause, hash_invite(invite), rated)
        if isinstance(self.cluster, Cluster):
            # A table this process makes is its own (its bots run here) from the start.
            row.owner, row.lease_until = self.settings.process, self.cluster.lease_until()
            self.cluster.owned.add(row.id)
        await self.store.add_table(row, seats)
        room = self.rooms[row.id] = self._room(table, row)
        return room, invite

    async def create(
        self, user: User, request: TableIn, deal: dict[str, Any] | None = None
    ) -> tuple[Room, str, int]:
        """A new table: options and bots checked first; the creator takes the first open seat.
        ``deal`` (tests only, never from a request: ``{"seed": N, "decks": [...]}``) fixes the
        deal instead of a fair one (a secret drawn from ``secrets``, its commitment shown, the
        seated people's contributions added: :mod:`cardtable.table.fair_deal`)."""
        refuse_banned(bool(user.banned))  # the creator sits at it
        try:
            game = load(request.game, **request.options)
            clock = request.clock.spec() if request.clock is not None else None
        except (CardtableError, ValueError) as err:
            raise TableError(Fault.BAD_TABLE, str(err)) from None
        table = Table.create(
            secrets.token_urlsafe(9),
            game,
            dict(deal) if deal is not None else new_fair_deal(),
            user.id,
            user.name,
            request.seats,
            clock,
            request.turn_based,
        )
        pause = self.settings.bot_pause if request.bot_pause is None else request.bot_pause
        room, invite = await self._add(table, request.listed, pause, request.rated)
        seat = table.seat_of(user.id)
        assert seat is not None
        return room, invite, seat

    async def rematch(self, user: User, table_id: str) -> tuple[Room, str]:
        """A new table for the same people and bots in the same seats, the options those of
        the game just played with the next first dealer by its rules; the asker starts it.
        Everyone at the old table is told where it is."""
        old = await self.room(table_id)
        game = old.table.check_rematch(user.id)
        table = old.table.rematch(secrets.token_urlsafe(9), game, new_fair_deal(), user.id)
        room, invite = await self._add(table, False, old.bot_pause, old.rated)
        for client in list(old.clients):
            await old.send(client, {"type": "rematch", "table": room.id})
        await self.cluster.publish(old, "rematch", table=room.id)
        return room, invite

    # ------------------------------------------------------------------ requests

    async def sit(self, user: User, table_id: str, seat: int | None) -> int:
        return await (await self.room(table_id)).sit(user, seat)

    async def leave(self, user: User, table_id: str) -> None:
        await (await self.room(table_id)).leave(user)

    async def start_table(self, user: User, table_id: str) -> None:
        await (await self.room(table_id)).start(user)

    async def hand_to_bot(self, user: User, table_id: str, seat: int, bot: str) -> None:
        await (await self.room(table_id)).hand_to_bot(user, seat, bot)

    async def reclaim(self, user: User, table_id: str) -> int:
        return await (await self.room(table_id)).reclaim(user)

    def summary(self, room: Room, user: User) -> dict[str, Any]:
        """A table as the HTTP API shows it (no game data: that is the websocket's)."""
        return summary(room.table, user.id, user.language, room.presence(), now()) | {
            "rated": room.rated
        }

    async def lobby(self, user: User) -> dict[str, Any]:
        rooms: list[Room] = list(self.rooms.values())
        seen: dict[str, datetime | None] | None = None
        if isinstance(self.cluster, Cluster):
            # Tables of every process: the database has them all, and when a person was last
            # at each (a table this process does not hold has no presence here).
            rows = await self.store.lobby_tables(user.id)
            rooms = []
            for row in rows:
                room = self.rooms.get(row.id)
                if room is None:
                    room = await self._load(row)
                    room.born = float("-inf")  # nobody's presence is known here: seen_at is
                rooms.append(room)
            seen = {row.id: row.seen_at for row in rows}
        grace = min(60.0, self.settings.abandon_after / 4)
        return lobby(rooms, user, seen, grace)

    async def finished_games(self, user: User) -> list[dict[str, Any]]:
        rows = await self.store.tables_of(user.id, Status.OVER)
        return [finished_entry(row, seat, user.language) for row, seat in rows]

    async def record(self, table_id: str) -> dict[str, Any]:
        return record(await self.room(table_id))

    async def replay(self, table_id: str, user: User, ply: int, seat: int | None) -> dict[str, Any]:
        return replay(await self.room(table_id), user, ply, seat)

    # ------------------------------------------------------------------ the websocket's

    async def join(self, room: Room, client: Client) -> None:
        self.rooms.setdefault(room.id, room)
        await room.join(client)

    async def part(self, room: Room, client: Client) -> None:
        await room.part(client)
        self.forget_if_done(room)
