"""The expert's review of a finished game from one seat (``GET /api/tables/{id}/review``).

A review takes the expert a second or so a decision, so it is worked out in the bot pool (never
on the event loop), a few decisions to a task, so that the bots of live tables keep their turn
in the pool's queue between them; one review is worked out at a time in a server process. The
first request starts it, and every request answers what is done so far (``status``
``working``, then ``done``, or ``failed``); a client asks again until it is done. A review is
kept per table and seat (a finished game's record never changes), the latest
:data:`MAX_KEPT`; at most :data:`MAX_WAITING` wait at once.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtable.bots.review import MAX_DECISIONS, Decision, Review, choices, review_plies
from cardtable.bots.review_words import review_words
from cardtable.i18n import _, using_language
from cardtable.server.bots import BotPool
from cardtable.server.models import User
from cardtable.table.core import Table
from cardtable.table.errors import Fault, TableError
from cardtable.table.view import seat_names

__all__ = ["BATCH", "MAX_KEPT", "MAX_WAITING", "SECONDS", "Reviews", "review"]

#: Decisions weighed by one task of the pool.
BATCH = 3
#: Reviews kept once done (the oldest is forgotten first).
MAX_KEPT = 64
#: Reviews that may wait or be worked out at once in a server process.
MAX_WAITING = 8
#: The longest a review is worked out, in seconds; it ends there, saying how far it got.
SECONDS = 600.0
#: The bot that reviews.
SPEC = "expert"


class Room(Protocol):
    """What a review needs of a table's room."""

    table: Table
    bots: BotPool


class Hub(Protocol):
    """What a review needs of the hub."""

    async def room(self, table_id: str) -> Any: ...


@dataclass
class _Job:
    """One review under way or done."""

    record: dict[str, Any]
    seat: int
    plies: list[int] | None = None
    decisions: list[Decision] = field(default_factory=list)
    status: str = "working"
    task: asyncio.Task[None] | None = None


class Reviews:
    """The reviews of one hub: under way and done, by (table, seat)."""

    def __init__(self) -> None:
        self.jobs: OrderedDict[tuple[str, int], _Job] = OrderedDict()
        self.turn = asyncio.Semaphore(1)

    def job(self, key: tuple[str, int], record: dict[str, Any], bots: BotPool) -> _Job:
        """The review of ``key``, started if it is not under way or done."""
        job = self.jobs.get(key)
        if job is not None and job.status != "failed":
            self.jobs.move_to_end(key)
            return job
        if sum(j.status == "working" for j in self.jobs.values()) >= MAX_WAITING:
            raise TableError(
                Fault.TOO_FAST, _("too many reviews are being worked out; ask again in a minute")
            )
        job = self.jobs[key] = _Job(record, key[1])
        job.task = asyncio.create_task(self._work(job, bots))
        done = [k for k, j in self.jobs.items() if j.status != "working"]
        for old in done[: max(0, len(done) - MAX_KEPT)]:
            del self.jobs[old]
        return job

    async def _work(self, job: _Job, bots: BotPool) -> None:
        try:
            async with self.turn:
                deadline = time.monotonic() + SECONDS
                plies = await _in_pool(bots, choices, job.record, job.seat)
                job.plies = plies[:MAX_DECISIONS]
                for start in range(0, len(job.plies), BATCH):
                    if time.monotonic() >= deadline:
                        break
                    batch = job.plies[start : start + BATCH]
                    job.decisions += await _in_pool(
                        bots, review_plies, job.record, job.seat, batch, SPEC
                    )
                # The total stays the seat's decisions: a review cut short says so.
                job.plies = plies
            job.status = "done"
        except Exception:
            # A broken worker, or a bot's fault: said to the asker, who may ask again.
            job.status = "failed"


async def _in_pool(bots: BotPool, work: Any, *args: Any) -> Any:
    """``work(*args)`` in one of the pool's processes, awaited."""
    assert bots.pool is not None, "the pool is started with the server"
    return await asyncio.get_running_loop().run_in_executor(bots.pool, work, *args)


_BY_HUB: weakref.WeakKeyDictionary[object, Reviews] = weakref.WeakKeyDictionary()


def _reviews(hub: object) -> Reviews:
    found = _BY_HUB.get(hub)
    if found is None:
        found = _BY_HUB[hub] = Reviews()
    return found


def _answer(job: _Job, names: Sequence[str]) -> dict[str, Any]:
    """What a request is answered: the review so far, in words."""
    total = len(job.plies) if job.plies is not None else 0
    review = Review(str(job.record["game"]), job.seat, SPEC, total, tuple(job.decisions))
    out = review_words(review, job.record, names)
    out["status"] = job.status
    if job.status == "working":
        out["summary"] = _("The expert is weighing the decisions: {done} of {total}.").format(
            done=len(job.decisions), total=total or "…"
        )
    elif job.status == "failed":
        out["summary"] = _("The review could not be worked out; ask again.")
    return out


async def review(hub: Hub, table_id: str, user: User, seat: int) -> dict[str, Any]:
    """The review of ``seat``'s play at a finished table, as far as it is done, in the user's
    language: started by the first request."""
    room: Room = await hub.room(table_id)
    table = room.table
    final = table.state
    if final is None or not table.status.ended:
        raise TableError(Fault.NOT_OVER, _("a review is given once the game is over"))
    n = table.game.num_players
    if not 0 <= seat < n:
        raise TableError(
            Fault.BAD_SEAT,
            _("seat must be a whole number from 0 to {last}").format(last=n - 1),
        )
    job = _reviews(hub).job((table.id, seat), final.to_record(), room.bots)
    with using_language(user.language):
        return _answer(job, seat_names(table))
