"""Notices between server processes, over Redis pub/sub: "table T changed (to version V)", who
is connected where, chat lines and rematch notices. Never a hand, a seed or a view: each process
builds its own clients' views from the database, which stays the truth.

Redis may go away: a publish then fails quietly, :attr:`Bus.healthy` turns False (the hub polls
the database meanwhile), and the listener connects again with a growing pause.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

__all__ = ["CHANNEL", "Bus", "Notice"]

log = logging.getLogger("cardtable.server.bus")

#: The channel of a table's notices; the listener takes them all by pattern.
CHANNEL = "cardtable:t:"
#: What a notice calls: ``(table_id, notice)``.
Notice = Callable[[str, dict[str, Any]], Awaitable[None]]


class Bus:
    """One process's link to the others: :meth:`publish` a notice about a table; every notice
    from another process reaches ``on_notice``."""

    def __init__(self, url: str, process: str, on_notice: Notice) -> None:
        self.url = url
        self.process = process
        self.on_notice = on_notice
        self.healthy = False
        self._client: aioredis.Redis = aioredis.from_url(
            url, socket_connect_timeout=2, socket_timeout=2
        )
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(RedisError, OSError):
            await self._client.aclose()

    async def publish(self, table_id: str, kind: str, **data: Any) -> None:
        """Tell the other processes; a failure only marks the bus unhealthy (the database has
        everything; the others find it by polling)."""
        message = json.dumps({"k": kind, "p": self.process, **data})
        try:
            await self._client.publish(CHANNEL + table_id, message)
        except (RedisError, OSError) as err:
            if self.healthy:
                log.warning("redis publish failed: %s", err)
            self.healthy = False

    async def _listen(self) -> None:
        pause = 0.2
        while True:
            # A connection of its own each time: one left from before Redis went away is dead.
            listener: aioredis.Redis = aioredis.from_url(
                self.url, socket_connect_timeout=2, socket_timeout=5
            )
            pubsub = listener.pubsub(ignore_subscribe_messages=True)
            try:
                await asyncio.wait_for(pubsub.psubscribe(CHANNEL + "*"), 5)
                self.healthy, pause = True, 0.2
                while True:
                    message = await asyncio.wait_for(pubsub.get_message(timeout=1.0), 5)
                    if message is None:
                        # A quiet second: make sure the connection still answers.
                        await asyncio.wait_for(pubsub.ping(), 5)
                        continue
                    await self._deliver(message)
            except (RedisError, OSError, TimeoutError) as err:
                if self.healthy:
                    log.warning("redis is unreachable (%s); polling the database", err)
                self.healthy = False
                await asyncio.sleep(pause)
                pause = min(2.0, pause * 2)
            finally:
                with contextlib.suppress(RedisError, OSError, TimeoutError):
                    await asyncio.wait_for(pubsub.aclose(), 2)  # type: ignore[no-untyped-call]
                with contextlib.suppress(RedisError, OSError, TimeoutError):
                    await asyncio.wait_for(listener.aclose(), 2)

    async def _deliver(self, message: dict[str, Any]) -> None:
        if message.get("type") != "pmessage":
            return
        channel = message["channel"]
        channel = channel.decode() if isinstance(channel, bytes) else str(channel)
        try:
            notice = json.loads(message["data"])
        except (TypeError, ValueError):
            return
        if not isinstance(notice, dict) or notice.get("p") == self.process:
            return
        try:
            await self.on_notice(channel.removeprefix(CHANNEL), notice)
        except Exception:  # one bad notice must not stop the listener
            log.exception("a notice from another process failed")
