"""Several server processes on one database: notices over Redis, tables owned under a lease,
catching up with what another process changed (``docs/deploy.md``).

A lone process (:class:`Alone`) tells nobody and runs every table's bots. In a cluster
(:class:`Cluster`) each table's bots run in the process holding its lease; every change bumps
the table's version and a notice says so; a process that hears of a newer version (or finds
one when it polls, the net under the notices) reads the rows and the new moves.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from cardtable.server.bus import Bus
from cardtable.server.models import User, now
from cardtable.server.rows import table_of
from cardtable.server.store import Store
from cardtable.server.talk import MAX_WATCHERS
from cardtable.table.core import rebuild
from cardtable.table.seats import Status
from cardtable.table.view import Cursor

if TYPE_CHECKING:
    from cardtable.server.room import Room

__all__ = ["PRESENCE_EVERY", "PRESENCE_TTL", "Alone", "Cluster", "shape"]

#: Seconds between a process's notices of who is connected to it, and how long one lasts.
PRESENCE_EVERY, PRESENCE_TTL = 10.0, 30.0


def shape(room: Room) -> tuple[Any, ...]:
    """What a client's view depends on beyond the clock: the moves, the status, the seats."""
    table = room.table
    plies = len(table.state.history) if table.state is not None else -1
    seats = tuple((s.kind, s.user_id, s.bot) for s in table.seats)
    return plies, table.status, seats, table.marked


async def names_of(store: Store, user_ids: list[str]) -> dict[str, str]:
    """The names of people by user id."""
    users: dict[str, User] = await store.users(user_ids)
    return {uid: u.name for uid, u in users.items()}


async def catch_up(store: Store, room: Room) -> bool:
    """Bring the room (its lock held) up to the database: row, seats, moves; whether anything
    a client sees changed."""
    row = await store.table(room.id)
    if row is None or row.version <= room.version:
        return False
    before = shape(room)
    seats = await store.seats(room.id)
    names = dict(room.table.names)
    names.update(await names_of(store, [s.user_id for s in seats if s.user_id]))
    room.replace(table_of(row, seats, names, None))
    room.version = row.version
    table = room.table
    for client in room.clients:
        # A seat taken, left or taken back through another process follows its person here
        # too, with a whole view of it (the cursor starts again).
        seat = table.seat_of(client.user.id)
        if seat != client.seat:
            client.seat, client.cursor = seat, Cursor()
    if table.status is not Status.OPEN and row.started_at is not None:
        if table.state is None:
            table.state = rebuild(table.game, table.deal, [])
        for move in await store.moves(room.id, len(table.state.history)):
            table.state.apply(move.move)
    # The moves read may run ahead of the row read just before (committed in between): the
    # next notice then finds nothing new, and sends nobody the same view twice.
    return shape(room) != before


class Alone:
    """One process: nobody to tell, every bot its own."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def owns(self, room: Room) -> bool:
        return True

    async def changed(self, room: Room, version: int | None) -> None:
        return None

    async def publish(self, target: Room, kind: str, **data: Any) -> None:
        return None

    async def catch_up(self, room: Room) -> bool:
        return await catch_up(self.store, room)


class Cluster:
    """This process among others: its leases, its notices, and catching up with theirs.
    ``rooms`` are the process's live tables; ``load`` brings a table into memory by id."""

    def __init__(
        self,
        store: Store,
        process: str,
        lease: float,
        redis_url: str | None,
        rooms: dict[str, Room],
        load: Callable[[str], Awaitable[Room | None]],
    ) -> None:
        self.store = store
        self.process = process
        self.lease = lease
        self.rooms = rooms
        self.load = load
        #: The tables whose bots this process runs.
        self.owned: set[str] = set()
        self.bus = Bus(redis_url, process, self.on_notice) if redis_url else None

    @property
    def healthy(self) -> bool:
        return self.bus is not None and self.bus.healthy

    async def start(self) -> None:
        if self.bus is not None:
            await self.bus.start()
        await self.claim()

    async def stop(self) -> None:
        # Stopping cleanly: the others take the tables over at once, not after the lease.
        try:
            await self.store.release(self.process)
        finally:
            if self.bus is not None:
                await self.bus.stop()

    # ------------------------------------------------------------------ the Notifier

    def owns(self, room: Room) -> bool:
        return room.id in self.owned

    async def changed(self, room: Room, version: int | None) -> None:
        """This process changed the table: the others hear of it."""
        if self.bus is not None:
            await self.bus.publish(room.id, "v", v=room.version)

    async def publish(self, target: Room, kind: str, **data: Any) -> None:
        """A notice about ``target`` to the other processes (``presence``: who is here)."""
        if self.bus is None:
            return
        if kind == "presence":
            here = {c.seat for c in target.clients if c.seat is not None}
            watching = sorted({c.user.name for c in target.clients if c.seat is None})
            data = {"online": [s.seat in here for s in target.table.seats], "watchers": watching}
        await self.bus.publish(target.id, kind, **data)

    async def catch_up(self, room: Room) -> bool:
        return await catch_up(self.store, room)

    # ------------------------------------------------------------------ leases

    def own_new(self, room: Room) -> None:
        """A table this process makes is its own (its bots run here) from the start."""
        self.owned.add(room.id)

    def lease_until(self) -> Any:
        return now() + timedelta(seconds=self.lease)

    async def claim(self) -> None:
        """Take over the tables no process holds (their process died, or never had them)."""
        for table_id in await self.store.claim(self.process, self.lease_until()):
            self.owned.add(table_id)
            room = self.rooms.get(table_id)
            if room is None:
                room = await self.load(table_id)
                if room is None:
                    continue
            else:
                async with room.lock:
                    await self.catch_up(room)
            room.schedule_bot()
            room.schedule_clock()

    async def renew(self) -> None:
        held = await self.store.renew(self.process, sorted(self.owned), self.lease_until())
        for lost in self.owned - held:
            # Another process took it over (this one was too slow to renew): stop its bots.
            room = self.rooms.get(lost)
            if room is not None and room.bot_task is not None:
                room.bot_task.cancel()
        self.owned &= held

    # ------------------------------------------------------------------ others' changes

    async def poll(self) -> None:
        """Catch up with every table in memory whose version moved on in the database."""
        versions = await self.store.versions(list(self.rooms))
        for table_id, version in versions.items():
            room = self.rooms.get(table_id)
            if room is not None and version > room.version:
                await self.refresh(room)

    async def refresh(self, room: Room) -> None:
        """Read what changed in the database (another process's move, seat, status), then
        send this process's clients their new views."""
        async with room.lock:
            changed = await self.catch_up(room)
        if changed:
            await room.push()
            room.schedule_bot()

    async def on_notice(self, table_id: str, notice: dict[str, Any]) -> None:
        """A notice from another process about a table this one may hold."""
        room = self.rooms.get(table_id)
        if room is None:
            return
        kind = notice.get("k")
        if kind == "v":
            version = notice.get("v")
            if isinstance(version, int) and version > room.version:
                await self.refresh(room)
        elif kind == "presence":
            online = notice.get("online")
            if isinstance(online, list) and len(online) == len(room.table.seats):
                until = time.monotonic() + PRESENCE_TTL
                room.remote[str(notice.get("p"))] = (until, [bool(x) for x in online])
                watchers = notice.get("watchers")
                names = watchers if isinstance(watchers, list) else []
                room.remote_watchers[str(notice.get("p"))] = (
                    until,
                    [str(name) for name in names[:MAX_WATCHERS]],
                )
                await room.push_presence()
        elif kind == "chat" and isinstance(notice.get("message"), dict):
            await room.tell(str(notice.get("room")), notice["message"])
        elif kind == "rematch" and isinstance(notice.get("table"), str):
            for client in list(room.clients):
                await room.send(client, {"type": "rematch", "table": notice["table"]})
