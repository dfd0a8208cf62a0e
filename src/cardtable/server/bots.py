"""The server's bots and hints think in a pool of worker processes, so that a strong bot
never stalls the event loop. The pool is a :class:`~cardtable.table.thinking.Thinker`: the
same asks the terminal answers in its own process.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor

from cardtable.bots.latency import guarded
from cardtable.table.thinking import Ask, Hint, bot_move, hint_move

__all__ = ["BotPool"]


def _bot_worker(parent: int) -> None:
    """Start of a bot process: it ends itself when the server is gone (killed, it cannot say
    so), instead of waiting for work forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class BotPool:
    """Worker processes for bots and hints (started by :meth:`start`)."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self.pool: ProcessPoolExecutor | None = None
        #: (game, spec) -> the spec with the budget the latency guard leaves on this machine,
        #: timed once per process, so every table of the process plays a level alike.
        self.budgets: dict[tuple[str, str], str] = {}

    def start(self) -> None:
        # Spawned, not forked: a fork of a process running an event loop and threads is unsafe.
        self.pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_bot_worker,
            initargs=(os.getpid(),),
        )

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    def move(self, ask: Ask) -> Future[str]:
        assert self.pool is not None, "the pool is started with the server"
        return self.pool.submit(bot_move, ask)

    def hint(self, ask: Ask) -> Future[Hint]:
        assert self.pool is not None, "the pool is started with the server"
        return self.pool.submit(hint_move, ask)

    async def budget(self, game: str, spec: str) -> str:
        """``spec`` as a bot of ``game`` plays it here: a level with the work units the
        latency guard leaves on this machine (timed once, in a worker), else as it is."""
        key = (game, spec)
        if key not in self.budgets:
            assert self.pool is not None, "the pool is started with the server"
            self.budgets[key] = await asyncio.wrap_future(self.pool.submit(guarded, game, spec))
        return self.budgets[key]

    async def ask_move(self, ask: Ask) -> str:
        """:meth:`move`, awaited on the running loop."""
        return await asyncio.wrap_future(self.move(ask))

    async def ask_hint(self, ask: Ask) -> Hint:
        """:meth:`hint`, awaited on the running loop."""
        return await asyncio.wrap_future(self.hint(ask))
