"""Who is connected to a table in this process: a websocket's person (or spectator), the
rate at which they may send, and how far their view has got.

>>> bucket = Bucket(rate=1.0, burst=2)
>>> bucket.take(), bucket.take(), bucket.take()
(True, True, False)
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtable.server.models import User
from cardtable.table.view import Cursor

__all__ = ["Bucket", "Client", "Socket"]


class Socket(Protocol):
    """What a table needs of a websocket (Starlette's, or a test's)."""

    async def send_json(self, data: Any) -> None: ...


class Bucket:
    """A token bucket: ``rate`` messages a second, in bursts of ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        moment = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (moment - self.last) * self.rate)
        self.last = moment
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(eq=False)
class Client:
    """One websocket at a table: a seat's person, or a spectator (``seat`` None)."""

    socket: Socket
    user: User
    seat: int | None
    bucket: Bucket
    #: How far this client has been sent its seat's events.
    cursor: Cursor = field(default_factory=Cursor)
    #: Faults in a row (too fast, too big): past a few the connection is closed.
    strikes: int = 0
    #: The hint being computed for this client (one at a time), kept so it is not collected.
    hint_task: asyncio.Task[None] | None = None
    #: The chat room whose log this client was last sent (None: none yet).
    chat_room: str | None = None

    @property
    def room(self) -> str:
        """The chat room this client talks in: players among players, spectators apart."""
        return "players" if self.seat is not None else "spectators"

    @property
    def language(self) -> str:
        return self.user.language
