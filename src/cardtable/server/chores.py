"""A server process's chores, on a timer: games nobody attends are closed; with other
processes, table leases are renewed and taken over, who is connected here is told, and the
database is read for changes that no notice brought.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Protocol

from sqlalchemy.exc import SQLAlchemyError

from cardtable.server.cluster import PRESENCE_EVERY, Alone, Cluster
from cardtable.server.config import Settings
from cardtable.server.models import now
from cardtable.server.ratings import rate_missed
from cardtable.server.room import Room
from cardtable.server.store import Store
from cardtable.table.clock import aware
from cardtable.table.seats import Status


class Hub(Protocol):
    """What the chores need of the process's live tables (``cardtable.server.hub.Hub``)."""

    settings: Settings
    store: Store
    rooms: dict[str, Room]
    cluster: Alone | Cluster

    def forget(self, room: Room) -> None: ...

    def forget_if_done(self, room: Room) -> None: ...


__all__ = ["POLL_HEALTHY", "POLL_UNHEALTHY", "close_abandoned", "run_chores"]

log = logging.getLogger("cardtable.server.chores")

#: Seconds between reads of the database for changes no notice brought: Redis up, and down.
POLL_HEALTHY, POLL_UNHEALTHY = 5.0, 1.0


async def close_abandoned(hub: Hub) -> list[str]:
    """Close the games nobody attends: a playing (or open) table of this process with no
    person connected for ``abandon_after`` seconds, on any process, is marked abandoned (its
    moves, hence its record, are kept); turn-based tables wait. The ids closed."""
    closed = []
    moment = time.monotonic()
    cluster = hub.cluster if isinstance(hub.cluster, Cluster) else None
    here = [r.id for r in hub.rooms.values() if r.people_here()]
    if cluster is not None:
        # Other processes read it: a table with people on any process is not abandoned.
        await hub.store.touch_seen(here, now())
    candidates = []
    for room in list(hub.rooms.values()):
        status = room.table.status
        if room.people_here():
            room.last_person = moment
            continue
        if status is Status.OVER:
            hub.forget_if_done(room)
            continue
        if not hub.cluster.owns(room):
            if not room.clients and cluster is not None:
                hub.forget(room)
            continue
        if not status.live or room.table.turn_based:
            continue
        if moment - room.last_person < hub.settings.abandon_after:
            continue
        candidates.append(room)
    seen = await hub.store.seen([r.id for r in candidates]) if cluster is not None else {}
    for room in candidates:
        last = seen.get(room.id)
        if last is not None and (now() - aware(last)).total_seconds() < (
            hub.settings.abandon_after
        ):
            continue
        async with room.lock:
            finished = now()
            version = await hub.store.abandon(room.id, finished)
            if version is None:
                continue
            room.table.abandon(finished)
            room.version = max(room.version, version)
            if room.bot_task is not None:
                room.bot_task.cancel()
        await hub.cluster.changed(room, version)
        hub.forget(room)
        closed.append(room.id)
    return closed


async def run_chores(hub: Hub) -> None:
    """The process's chores, for ever (cancelled when the server stops)."""
    settings = hub.settings
    cluster = hub.cluster if isinstance(hub.cluster, Cluster) else None
    abandon_every = max(0.05, min(60.0, settings.abandon_after / 4))
    lease_every = max(0.2, settings.lease / 3)
    tick = min(abandon_every, 0.5 if cluster is not None else abandon_every)
    due = {"abandon": 0.0, "lease": 0.0, "poll": 0.0, "presence": 0.0}
    while True:
        await asyncio.sleep(tick)
        moment = time.monotonic()
        try:
            if moment >= due["abandon"]:
                due["abandon"] = moment + abandon_every
                await close_abandoned(hub)
                # A rated game whose process stopped between its end and its update.
                await rate_missed(hub.store)
            if cluster is None:
                continue
            if moment >= due["lease"]:
                due["lease"] = moment + lease_every
                await cluster.renew()
                await cluster.claim()
            if moment >= due["poll"]:
                # Notices bring changes at once; the poll is the net under them (every second
                # while Redis is away).
                due["poll"] = moment + (POLL_HEALTHY if cluster.healthy else POLL_UNHEALTHY)
                await cluster.poll()
            if moment >= due["presence"]:
                due["presence"] = moment + PRESENCE_EVERY
                for room in list(hub.rooms.values()):
                    if room.clients:
                        await cluster.publish(room, "presence")
        except (SQLAlchemyError, OSError) as err:
            log.warning("housekeeping failed for now: %s", err)
