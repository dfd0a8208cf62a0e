"""A seated person's contribution to a table's fair deal (``{"type": "contribute"}``), taken
through the room's one order: decided by the table, stored, committed, told and pushed.

The contribution is stored in the table's ``deal`` (never sent out) only while the table is
still open at the version this process knows: a contribution or a seat taken at the same moment
through another process makes this one catch up and decide again, so the process that starts
the game deals from every contribution the database holds (``Room.start``).
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from cardtable.i18n import _, using_language
from cardtable.server.clients import Client
from cardtable.server.store import Store
from cardtable.table.core import Table
from cardtable.table.errors import TableError
from cardtable.table.fair_deal import DealError

__all__ = ["take_contribution"]


class Room(Protocol):
    """What a contribution needs of its table's room (the room module imports this one, not
    the other way round)."""

    table: Table
    store: Store
    #: The room's Notifier (``cardtable.server.room``): its ``catch_up`` reads the table again.
    notifier: Any
    lock: asyncio.Lock
    version: int

    @property
    def id(self) -> str: ...

    async def send(self, client: Client, message: dict[str, Any]) -> None: ...


async def take_contribution(room: Room, client: Client, value: str) -> int | None:
    """Store ``client``'s contribution for its seat and commit it to the table: the table's
    new version; or tell the client why not (a spectator, a table started, a second
    contribution, a value that is not 64 hex digits) and return None."""
    table = room.table
    version: int | None = None
    with using_language(client.language):
        try:
            async with room.lock:
                for _attempt in range(len(table.seats) + 2):
                    deal = table.check_contribute(client.user.id, value)
                    version = await room.store.set_open_deal(room.id, deal, room.version)
                    if version is not None:
                        break
                    await room.notifier.catch_up(room)
                else:
                    raise DealError(
                        "busy", _("the table kept changing; send your contribution again")
                    )
                table.deal = deal
                room.version = max(room.version, version)
        except (DealError, TableError) as err:
            await room.send(client, {"type": "error", "code": str(err.code), "message": str(err)})
            return None
    return version
