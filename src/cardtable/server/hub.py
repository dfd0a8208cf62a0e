"""The live tables: who sits where, who is connected, every move's one door, the bots.

A move, whoever makes it (a person's websocket or a bot), goes through :meth:`Hub.play`: it is
checked against the position, written to the database and committed, then applied and pushed to
every client of the table, each getting only its own seat's view (:mod:`cardtable.server.views`).
Bots think in a process pool so that a strong bot never stalls the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import secrets
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from cardtable.bots import choose_for, make_bot
from cardtable.bots.levels import hint_bot
from cardtable.engine import Game, State
from cardtable.errors import CardtableError, OptionError, clip
from cardtable.i18n import _, game_title, using_language
from cardtable.registry import game_class, load
from cardtable.seat_view import SeatView
from cardtable.server.bus import Bus
from cardtable.server.config import Settings
from cardtable.server.models import SeatRow, TableRow, User, now
from cardtable.server.protocol import TableIn
from cardtable.server.store import Store
from cardtable.server.views import Player, bot_name, view
from cardtable.table.errors import Fault, TableError

__all__ = ["Client", "Hub", "LiveTable", "bot_move", "hint_move"]

OPEN, HUMAN, BOT = "open", "human", "bot"

log = logging.getLogger("cardtable.server.hub")

#: Seconds between reads of the database for changes no notice brought: Redis up, and down.
POLL_HEALTHY, POLL_UNHEALTHY = 5.0, 1.0
#: Seconds between a process's notices of who is connected to it, and how long one lasts.
PRESENCE_EVERY, PRESENCE_TTL = 10.0, 30.0


class Socket(Protocol):
    """What the hub needs of a websocket (Starlette's, or a test's)."""

    async def send_json(self, data: Any) -> None: ...


def bot_move(
    game_name: str,
    options: dict[str, Any],
    deal: dict[str, Any],
    moves: list[str],
    spec: str,
    seed: int,
) -> str:
    """The move a bot makes at a table, computed in a worker process: the table is rebuilt from
    its deal and moves (a whole game replays in milliseconds) and the bot sees its seat's view.

    >>> bot_move("cribbage", {}, {"seed": 1}, [], "rules", 7)
    'discard 7S QD'
    """
    state = _rebuild(load(game_name, **options), deal, moves)
    return choose_for(make_bot(game_name, spec, seed), state).text


def hint_move(
    game_name: str,
    options: dict[str, Any],
    deal: dict[str, Any],
    moves: list[str],
    seat: int,
    seed: int,
) -> tuple[str, list[dict[str, Any]] | None]:
    """The hint bot's move for ``seat`` (which must be to move), computed in a worker process
    from ``seat``'s view only, with the game's advice where it gives one (``State.advice``).

    >>> hint_move("cribbage", {}, {"seed": 1}, [], 0, 7)[0]
    'discard 7S QD'
    """
    state = _rebuild(load(game_name, **options), deal, moves)
    if state.to_move != seat:
        raise CardtableError(_("it is not your turn"))
    view = SeatView(state, seat)
    move = hint_bot(game_name, seed).choose(view)
    return move.text, state.advice(seat)


def _bot_worker(parent: int) -> None:
    """Start of a bot process: it ends itself when the server is gone (killed, it cannot say
    so), instead of waiting for work forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _rebuild(game: Game, deal: dict[str, Any], moves: list[str]) -> State:
    seed = deal.get("seed")
    decks = [list(d) for d in deal.get("decks") or ()]
    state = game.new_state(seed=None if seed is None else int(seed), decks=decks)
    for move in moves:
        state.apply(move)
    return state


def _aware(moment: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _bank_ms(clock: dict[str, Any] | None) -> int | None:
    """A seat's time bank at the start, in milliseconds (None: no bank)."""
    return int(clock["bank"]) * 1000 if clock and "bank" in clock else None


def _new_row(
    user: User,
    game: Game,
    deal: dict[str, Any] | None,
    listed: bool,
    pause: float,
    clock: dict[str, Any] | None,
    turn_based: bool,
) -> tuple[TableRow, str]:
    """A new open table's row and its invitation (of which the row keeps only the hash); the
    deal's seed is drawn from ``secrets`` unless ``deal`` is given (tests only)."""
    invite = secrets.token_urlsafe(18)
    row = TableRow(
        id=secrets.token_urlsafe(9),
        game=game.name,
        options=dict(game.options),
        deal=dict(deal) if deal is not None else {"seed": secrets.randbits(64)},
        status=OPEN,
        listed=listed,
        invite_hash=hash_invite(invite),
        created_by=user.id,
        bot_pause=pause,
        clock=clock,
        turn_based=turn_based,
        created_at=now(),
    )
    return row, invite


def _shape(table: LiveTable) -> tuple[Any, ...]:
    """What a client's view depends on beyond the clock: the moves, the status, the seats."""
    plies = len(table.state.history) if table.state is not None else -1
    seats = tuple((s.kind, s.user_id, s.bot) for s in table.seats)
    return plies, table.row.status, seats, table.row.marked


def _error_message(code: str, message: str, ply: int | None) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, "ply": ply}


def _presence_message(table: LiveTable) -> dict[str, Any]:
    return {"type": "presence", "online": table.online()}


def hash_invite(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


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
    #: How many of the seat's events this client has been sent.
    sent: int = 0
    #: Faults in a row (too fast, too big): past a few the connection is closed.
    strikes: int = 0
    #: The hint being computed for this client (one at a time), kept so it is not collected.
    hint_task: asyncio.Task[None] | None = None

    @property
    def language(self) -> str:
        return self.user.language


@dataclass(eq=False)
class LiveTable:
    """A table the server holds in memory: its row, seats and (once started) its state."""

    row: TableRow
    seats: list[SeatRow]
    game: Game
    names: dict[str, str]
    state: State | None = None
    clients: list[Client] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    #: The ply the bot task moves at (a task for an older ply ends by itself, refused as stale).
    bot_ply: int = -1
    clock_task: asyncio.Task[None] | None = None
    #: When a person was last connected to a seat (monotonic seconds), for abandonment.
    last_person: float = field(default_factory=time.monotonic)
    #: Who is connected to other processes: process -> (until, monotonic; a flag per seat).
    remote: dict[str, tuple[float, list[bool]]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.row.id

    def seat_of(self, user_id: str) -> int | None:
        for seat in self.seats:
            if seat.kind == HUMAN and seat.user_id == user_id:
                return seat.seat
        return None

    def people_here(self) -> bool:
        return any(c.seat is not None for c in self.clients)

    def online(self) -> list[bool]:
        here = {c.seat for c in self.clients if c.seat is not None}
        moment = time.monotonic()
        for until, flags in self.remote.values():
            if until > moment:
                here |= {seat for seat, on in enumerate(flags) if on}
        return [s.kind == BOT or s.seat in here for s in self.seats]

    def clock_left(self, seat: int) -> int | None:
        """Milliseconds on ``seat``'s clock now (running for the seat to move); None: no clock."""
        clock = self.row.clock
        state = self.state
        if not clock or state is None or self.row.status != "playing":
            return None
        to_move = state.to_move
        started = self.row.turn_started_at
        elapsed = 0
        if seat == to_move and started is not None:
            elapsed = int((now() - _aware(started)).total_seconds() * 1000)
        if "per_move" in clock:
            return int(clock["per_move"]) * 1000 - elapsed if seat == to_move else None
        banked = self.seats[seat].clock_ms
        return None if banked is None else banked - elapsed

    def out_of_time(self, seat: int) -> bool:
        left = self.clock_left(seat)
        return left is not None and left <= 0 and self.seats[seat].kind == HUMAN

    def players(self, language: str) -> list[Player]:
        online = self.online()
        out: list[Player] = []
        with using_language(language):
            for s in self.seats:
                if s.kind == HUMAN and s.user_id is not None:
                    name = self.names.get(s.user_id, "?")
                elif s.kind == BOT:
                    name = bot_name(s.bot or "rules")
                else:
                    name = _("open seat")
                left = self.clock_left(s.seat)
                clock = None if left is None else max(0, left)
                late = self.out_of_time(s.seat)
                out.append((s.seat, name, s.kind, online[s.seat], clock, late))
        return out


class Hub:
    """Every live table of one server process."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self.pool: ProcessPoolExecutor | None = None
        self.watcher: asyncio.Task[None] | None = None
        #: Several processes on one database: notices over Redis, tables owned under a lease.
        self.cluster = settings.cluster
        self.bus: Bus | None = None
        #: The tables whose bots this process runs (all of its tables when it is alone).
        self.owned: set[str] = set()

    def owns(self, table: LiveTable) -> bool:
        return not self.cluster or table.id in self.owned

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        await self.store.open()
        if self.cluster and not self.store.postgres:
            raise CardtableError(_("several server processes need PostgreSQL"))
        # Spawned, not forked: a fork of a process running an event loop and threads is unsafe.
        self.pool = ProcessPoolExecutor(
            max_workers=max(1, self.settings.bot_workers),
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_bot_worker,
            initargs=(os.getpid(),),
        )
        if self.cluster and self.settings.redis_url:
            self.bus = Bus(self.settings.redis_url, self.settings.process, self.on_notice)
            await self.bus.start()
            await self._claim()
        else:
            for row in await self.store.tables_with_status(OPEN, "playing"):
                await self._revive(row)
        self.watcher = asyncio.create_task(self._watch())

    async def stop(self) -> None:
        if self.watcher is not None:
            self.watcher.cancel()
        for table in self.tables.values():
            for task in (table.bot_task, table.clock_task):
                if task is not None:
                    task.cancel()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        if self.cluster:
            # Stopping cleanly: the others take the tables over at once, not after the lease.
            with contextlib.suppress(Exception):
                await self.store.release(self.settings.process)
        if self.bus is not None:
            await self.bus.stop()
        await self.store.close()

    async def _watch(self) -> None:
        """The process's chores: close games nobody attends (a playing table with no person
        connected for ``abandon_after`` seconds is marked abandoned; its moves, hence its
        record, are kept); with other processes, also renew and take over table leases, tell
        who is connected here, and read the database for changes that no notice brought."""
        abandon_every = max(0.05, min(60.0, self.settings.abandon_after / 4))
        lease_every = max(0.2, self.settings.lease / 3)
        tick = min(abandon_every, 0.5 if self.cluster else abandon_every)
        due = {"abandon": 0.0, "lease": 0.0, "poll": 0.0, "presence": 0.0}
        while True:
            await asyncio.sleep(tick)
            moment = time.monotonic()
            try:
                if moment >= due["abandon"]:
                    due["abandon"] = moment + abandon_every
                    await self.close_abandoned()
                if not self.cluster:
                    continue
                if moment >= due["lease"]:
                    due["lease"] = moment + lease_every
                    await self._renew()
                    await self._claim()
                if moment >= due["poll"]:
                    # Notices bring changes at once; the poll is the net under them (every
                    # second while Redis is away).
                    healthy = self.bus is not None and self.bus.healthy
                    due["poll"] = moment + (POLL_HEALTHY if healthy else POLL_UNHEALTHY)
                    await self._poll()
                if moment >= due["presence"]:
                    due["presence"] = moment + PRESENCE_EVERY
                    for table in list(self.tables.values()):
                        if table.clients:
                            await self._publish_presence(table)
            except (SQLAlchemyError, OSError) as err:
                log.warning("housekeeping failed for now: %s", err)

    async def close_abandoned(self) -> list[str]:
        closed = []
        moment = time.monotonic()
        here = [t.id for t in self.tables.values() if t.people_here()]
        if self.cluster:
            # Other processes read it: a table with people on any process is not abandoned.
            await self.store.touch_seen(here, now())
        candidates = []
        for table in list(self.tables.values()):
            if table.people_here():
                table.last_person = moment
                continue
            if table.row.status == "over":
                self._forget_if_done(table)
                continue
            if not self.owns(table):
                if not table.clients and self.cluster:
                    self._forget(table)
                continue
            if table.row.status not in (OPEN, "playing") or table.row.turn_based:
                continue
            if moment - table.last_person < self.settings.abandon_after:
                continue
            candidates.append(table)
        seen = await self.store.seen([t.id for t in candidates]) if self.cluster else {}
        for table in candidates:
            last = seen.get(table.id)
            if last is not None and (now() - _aware(last)).total_seconds() < (
                self.settings.abandon_after
            ):
                continue
            async with table.lock:
                finished = now()
                version = await self.store.abandon(table.id, finished)
                if version is None:
                    continue
                table.row.status, table.row.finished_at = "abandoned", finished
                if table.bot_task is not None:
                    table.bot_task.cancel()
            await self._changed(table, version)
            self._forget(table)
            closed.append(table.id)
        return closed

    def _forget(self, table: LiveTable) -> None:
        self.tables.pop(table.id, None)
        self.owned.discard(table.id)

    async def _revive(self, row: TableRow) -> None:
        """A table as it was before a restart: its moves replayed in order."""
        table = await self._load(row)
        self.tables[row.id] = table
        self._schedule_bot(table)
        self._schedule_clock(table)

    async def _load(self, row: TableRow) -> LiveTable:
        """A table from the database, its moves replayed (not kept in memory by this)."""
        seats = await self.store.seats(row.id)
        game = load(row.game, **row.options)
        table = LiveTable(row, seats, game, await self._names(seats))
        if row.status != OPEN and row.started_at is not None:
            moves = [m.move for m in await self.store.moves(row.id)]
            table.state = _rebuild(game, row.deal, moves)
        return table

    async def _names(self, seats: list[SeatRow]) -> dict[str, str]:
        users = await self.store.users([s.user_id for s in seats if s.user_id])
        return {uid: u.name for uid, u in users.items()}

    # ------------------------------------------------------------------ several processes

    async def _claim(self) -> None:
        """Take over the tables no process holds (their process died, or never had them)."""
        until = now() + timedelta(seconds=self.settings.lease)
        for table_id in await self.store.claim(self.settings.process, until):
            self.owned.add(table_id)
            table = self.tables.get(table_id)
            if table is None:
                row = await self.store.table(table_id)
                if row is None:
                    continue
                table = await self._load(row)
                self.tables[table_id] = table
            else:
                async with table.lock:
                    await self._catch_up(table)
            self._schedule_bot(table)
            self._schedule_clock(table)

    async def _renew(self) -> None:
        until = now() + timedelta(seconds=self.settings.lease)
        held = await self.store.renew(self.settings.process, sorted(self.owned), until)
        for lost in self.owned - held:
            # Another process took it over (this one was too slow to renew): stop its bots.
            table = self.tables.get(lost)
            if table is not None and table.bot_task is not None:
                table.bot_task.cancel()
        self.owned &= held

    async def _poll(self) -> None:
        """Catch up with every table in memory whose version moved on in the database."""
        versions = await self.store.versions(list(self.tables))
        for table_id, version in versions.items():
            table = self.tables.get(table_id)
            if table is not None and version > table.row.version:
                await self.refresh(table)

    async def on_notice(self, table_id: str, notice: dict[str, Any]) -> None:
        """A notice from another process about a table this one may hold."""
        table = self.tables.get(table_id)
        if table is None:
            return
        kind = notice.get("k")
        if kind == "v":
            version = notice.get("v")
            if isinstance(version, int) and version > table.row.version:
                await self.refresh(table)
        elif kind == "presence":
            online = notice.get("online")
            if isinstance(online, list) and len(online) == len(table.seats):
                table.remote[str(notice.get("p"))] = (
                    time.monotonic() + PRESENCE_TTL,
                    [bool(x) for x in online],
                )
                await self._presence(table)
        elif kind == "chat" and isinstance(notice.get("message"), dict):
            players = notice.get("room") == "players"
            for client in list(table.clients):
                if (client.seat is not None) == players:
                    await self._send(table, client, notice["message"])
        elif kind == "rematch" and isinstance(notice.get("table"), str):
            for client in list(table.clients):
                await self._send(table, client, {"type": "rematch", "table": notice["table"]})

    async def refresh(self, table: LiveTable) -> None:
        """Read what changed in the database (another process's move, seat, status), then
        send this process's clients their new views."""
        async with table.lock:
            changed = await self._catch_up(table)
        if changed:
            await self.push(table)
            self._schedule_bot(table)

    async def _catch_up(self, table: LiveTable) -> bool:
        """Bring the table (its lock held) up to the database: row, seats, moves; whether
        anything changed."""
        row = await self.store.table(table.id)
        if row is None or row.version <= table.row.version:
            return False
        before = _shape(table)
        seats = await self.store.seats(table.id)
        table.row, table.seats = row, seats
        table.names.update(await self._names(seats))
        if row.status != OPEN and row.started_at is not None:
            if table.state is None:
                table.state = _rebuild(table.game, row.deal, [])
            for move in await self.store.moves(table.id, len(table.state.history)):
                table.state.apply(move.move)
        # The moves read may run ahead of the row read just before (committed in between):
        # the next notice then finds nothing new, and sends nobody the same view twice.
        return _shape(table) != before

    async def _changed(self, table: LiveTable, version: int | None) -> None:
        """This process changed the table: the others hear of it."""
        if version is not None:
            table.row.version = max(table.row.version, version)
        if self.bus is not None:
            await self.bus.publish(table.id, "v", v=table.row.version)

    async def _publish_presence(self, table: LiveTable) -> None:
        if self.bus is not None:
            here = {c.seat for c in table.clients if c.seat is not None}
            await self.bus.publish(
                table.id, "presence", online=[s.seat in here for s in table.seats]
            )

    # ------------------------------------------------------------------ tables

    async def table(self, table_id: str) -> LiveTable:
        """A table: held in memory while open or playing (read from the database when this
        process has not got it yet; with other processes, brought up to date first)."""
        table = self.tables.get(table_id)
        if table is not None:
            if self.cluster:
                versions = await self.store.versions([table_id])
                if versions.get(table_id, 0) > table.row.version:
                    await self.refresh(table)
            return table
        row = await self.store.table(table_id)
        if row is None:
            raise TableError(Fault.NO_TABLE, _("there is no table {id}").format(id=clip(table_id)))
        loaded = await self._load(row)
        if row.status in (OPEN, "playing"):
            # A table another process made, or this one forgot: kept while it is in play.
            table = self.tables.setdefault(table_id, loaded)
            self._schedule_clock(table)
            return table
        # Finished tables are read on demand and not kept.
        return loaded

    async def create(
        self, user: User, request: TableIn, deal: dict[str, Any] | None = None
    ) -> tuple[LiveTable, str, int]:
        """A new table: options and bots checked first; the creator takes the first open seat.
        ``deal`` (tests only, never from a request: ``{"seed": N, "decks": [...]}``) fixes the
        deal instead of a seed drawn from ``secrets``."""
        try:
            game = load(request.game, **request.options)
            for spec in request.seats:
                if spec != OPEN:
                    make_bot(game.name, spec)
        except CardtableError as err:
            raise TableError(Fault.BAD_TABLE, str(err)) from None
        if len(request.seats) != game.num_players:
            raise TableError(
                Fault.BAD_TABLE,
                _("{game} with these options seats {count}; {given} seats were given").format(
                    game=game_title(game), count=game.num_players, given=len(request.seats)
                ),
            )
        if OPEN not in request.seats:
            raise TableError(Fault.BAD_TABLE, _("leave at least one seat open for yourself"))
        pause = self.settings.bot_pause if request.bot_pause is None else request.bot_pause
        try:
            clock = request.clock.spec() if request.clock is not None else None
        except ValueError as err:
            raise TableError(Fault.BAD_TABLE, str(err)) from None
        row, invite = _new_row(user, game, deal, request.listed, pause, clock, request.turn_based)
        bank = _bank_ms(clock)
        first = request.seats.index(OPEN)
        seats = [
            SeatRow(
                table_id=row.id,
                seat=i,
                kind=HUMAN if i == first else (OPEN if spec == OPEN else BOT),
                user_id=user.id if i == first else None,
                bot=None if spec == OPEN else spec,
                clock_ms=bank,
            )
            for i, spec in enumerate(request.seats)
        ]
        self._own_new(row)
        await self.store.add_table(row, seats)
        table = LiveTable(row, seats, game, {user.id: user.name})
        self.tables[row.id] = table
        return table, invite, first

    def _own_new(self, row: TableRow) -> None:
        """A table this process makes is its own (its bots run here) from the start."""
        if self.cluster:
            row.owner = self.settings.process
            row.lease_until = now() + timedelta(seconds=self.settings.lease)
            self.owned.add(row.id)

    async def by_invite(self, token: str) -> LiveTable:
        row = await self.store.table_by_invite(hash_invite(token))
        if row is None:
            raise TableError(Fault.NO_TABLE, _("this invitation opens no table"))
        return await self.table(row.id)

    async def sit(self, user: User, table_id: str, seat: int | None) -> int:
        """Take ``seat``, or the first free one (None). Another process may seat someone at
        the same moment: the database takes one of the two, and "the first free seat" is then
        looked for again."""
        table = await self.table(table_id)
        wanted = seat
        async with table.lock:
            for _attempt in range(len(table.seats) + 1):
                held = table.seat_of(user.id)
                if held is not None:
                    return held
                if table.row.status != OPEN:
                    raise TableError(Fault.STARTED, _("the game has started; you may watch it"))
                free = [s.seat for s in table.seats if s.kind == OPEN]
                seat = wanted
                if seat is None:
                    if not free:
                        raise TableError(Fault.FULL, _("every seat is taken; you may watch"))
                    seat = free[0]
                if seat not in free:
                    raise TableError(
                        Fault.SEAT_TAKEN,
                        _("seat {seat} is not free; free seats: {free}").format(
                            seat=seat, free=", ".join(map(str, free)) or _("none")
                        ),
                    )
                version = await self.store.set_seat(table.id, seat, HUMAN, user.id, was=OPEN)
                if version is not None:
                    break
                # Taken at this moment through another process: read who sits where now.
                await self._catch_up(table)
            else:
                raise TableError(Fault.FULL, _("every seat is taken; you may watch"))
            table.seats[seat].kind, table.seats[seat].user_id = HUMAN, user.id
            table.names[user.id] = user.name
            table.row.version = max(table.row.version, version)
        await self._changed(table, version)
        await self.push(table)
        return seat

    async def leave(self, user: User, table_id: str) -> None:
        table = await self.table(table_id)
        async with table.lock:
            seat = table.seat_of(user.id)
            if seat is None:
                raise TableError(Fault.NOT_SEATED, _("you have no seat at this table"))
            if table.row.status != OPEN:
                raise TableError(Fault.STARTED, _("the game has started: a seat cannot be left"))
            version = await self.store.set_seat(table.id, seat, OPEN, None)
            table.seats[seat].kind, table.seats[seat].user_id = OPEN, None
        await self._changed(table, version)
        await self.push(table)

    async def start_table(self, user: User, table_id: str) -> None:
        table = await self.table(table_id)
        async with table.lock:
            if table.row.created_by != user.id:
                raise TableError(Fault.NOT_CREATOR, _("only the table's creator starts the game"))
            if table.row.status != OPEN:
                raise TableError(Fault.STARTED, _("the game has already started"))
            if any(s.kind == OPEN for s in table.seats):
                raise TableError(Fault.SEATS_OPEN, _("every open seat must be taken first"))
            table.state = _rebuild(table.game, table.row.deal, [])
            started = now()
            version = await self.store.set_status(table.id, "playing", started=started)
            table.row.status, table.row.started_at = "playing", started
            table.row.turn_started_at = started
        await self._changed(table, version)
        await self.push(table)
        self._schedule_bot(table)

    async def rematch(self, user: User, table_id: str) -> tuple[LiveTable, str]:
        """A new table for the same people and bots in the same seats, the options those of
        the game just played with the next first dealer by its rules; the asker starts it.
        Everyone at the old table is told where it is."""
        old = await self.table(table_id)
        state = old.state
        if state is None or not state.is_over:
            raise TableError(Fault.NOT_OVER, _("a rematch is offered once the game is over"))
        if old.seat_of(user.id) is None:
            raise TableError(Fault.NOT_SEATED, _("you have no seat at this table"))
        game = load(old.game.name, **state.rematch_options())
        clock = old.row.clock
        row, invite = _new_row(
            user, game, None, False, old.row.bot_pause, clock, bool(old.row.turn_based)
        )
        # Every seat as it was, its time bank full again.
        seats = [
            SeatRow(
                table_id=row.id,
                seat=s.seat,
                kind=s.kind,
                user_id=s.user_id,
                bot=s.bot,
                clock_ms=_bank_ms(clock),
            )
            for s in old.seats
        ]
        self._own_new(row)
        await self.store.add_table(row, seats)
        table = LiveTable(row, seats, game, dict(old.names))
        self.tables[row.id] = table
        for client in list(old.clients):
            await self._send(old, client, {"type": "rematch", "table": row.id})
        if self.bus is not None:
            await self.bus.publish(old.id, "rematch", table=row.id)
        return table, invite

    async def hand_to_bot(self, user: User, table_id: str, seat: int, bot: str) -> None:
        """A person at the table hands another person's seat to a bot while that person is
        away (gone, or out of time); the table is marked, and the person may reclaim it."""
        table = await self.table(table_id)
        async with table.lock:
            if table.row.status != "playing":
                raise TableError(Fault.NOT_PLAYING, _("the game is not being played"))
            mine = table.seat_of(user.id)
            if mine is None:
                raise TableError(Fault.NOT_SEATED, _("you have no seat at this table"))
            if not 0 <= seat < len(table.seats) or table.seats[seat].kind != HUMAN:
                raise TableError(
                    Fault.NOT_A_PERSON, _("seat {seat} is not a person's").format(seat=seat)
                )
            if seat == mine or (table.online()[seat] and not table.out_of_time(seat)):
                raise TableError(
                    Fault.STILL_HERE,
                    _(
                        "seat {seat} is still here with time left: only the seat of a person "
                        "who is away or out of time is handed to a bot"
                    ).format(seat=seat),
                )
            try:
                make_bot(table.game.name, bot)
            except CardtableError as err:
                raise TableError(Fault.BAD_BOT, str(err)) from None
            row = table.seats[seat]
            await self.store.set_seat(table.id, seat, BOT, row.user_id, bot)
            version = await self.store.mark(table.id)
            row.kind, row.bot = BOT, bot
            table.row.marked = True
        await self._changed(table, version)
        await self.push(table)
        self._schedule_bot(table)

    async def reclaim(self, user: User, table_id: str) -> int:
        """A person takes back the seat a bot kept for them."""
        table = await self.table(table_id)
        async with table.lock:
            held = next((s for s in table.seats if s.kind == BOT and s.user_id == user.id), None)
            if held is None:
                raise TableError(Fault.NOTHING_HELD, _("no bot keeps a seat of yours here"))
            version = await self.store.set_seat(table.id, held.seat, HUMAN, user.id, None)
            held.kind, held.bot = HUMAN, None
            for client in table.clients:
                if client.user.id == user.id:
                    client.seat = held.seat
        await self._changed(table, version)
        for client in list(table.clients):
            await self._send_view(table, client, full=client.user.id == user.id)
        return held.seat

    def summary(self, table: LiveTable, user: User) -> dict[str, Any]:
        """A table as the HTTP API shows it (no game data: that is the websocket's)."""
        state = table.state
        with using_language(user.language):
            title = game_title(table.game)
        return {
            "id": table.id,
            "game": table.game.name,
            "title": title,
            "options": dict(table.game.options),
            "status": table.row.status,
            "seats": [
                {
                    "seat": s,
                    "kind": kind,
                    "name": name,
                    "online": online,
                    "clock_ms": clock,
                    "out_of_time": late,
                }
                for s, name, kind, online, clock, late in table.players(user.language)
            ],
            "clock": table.row.clock,
            "turn_based": bool(table.row.turn_based),
            "to_move": state.to_move if state is not None else None,
            "ply": len(state.history) if state is not None else 0,
            "created_by": table.row.created_by,
            "your_seat": table.seat_of(user.id),
            # The seat a bot keeps for this user (handed over while they were away), if any.
            "held_for_you": next(
                (s.seat for s in table.seats if s.kind == BOT and s.user_id == user.id), None
            ),
            "marked": bool(table.row.marked),
        }

    async def lobby(self, user: User) -> dict[str, Any]:
        tables: list[LiveTable] = list(self.tables.values())
        if self.cluster:
            # Tables of every process: the database has them all.
            tables = [
                self.tables.get(row.id) or await self._load(row)
                for row in await self.store.lobby_tables(user.id)
            ]
        listed = [
            self.summary(t, user)
            for t in tables
            if t.row.status == OPEN and (t.row.listed or t.seat_of(user.id) is not None)
        ]
        mine = [
            self.summary(t, user)
            for t in tables
            if t.row.status == "playing" and t.seat_of(user.id) is not None
        ]
        turn = [t for t in mine if t["to_move"] == t["your_seat"]]
        return {"open": listed, "playing": mine, "your_turn": turn}

    async def finished_games(self, user: User) -> list[dict[str, Any]]:
        out = []
        for row, seat in await self.store.tables_of(user.id, "over"):
            result = row.result or {}
            try:
                with using_language(user.language):
                    title = game_title(game_class(row.game))
            except CardtableError:
                title = row.game  # a game this server no longer has
            out.append(
                {
                    "table": row.id,
                    "game": row.game,
                    "title": title,
                    "options": dict(row.options),
                    "seat": seat,
                    "won": seat in (result.get("winners") or []),
                    "scores": result.get("scores"),
                    "finished_at": row.finished_at.isoformat() if row.finished_at else None,
                }
            )
        return out

    async def record(self, table_id: str) -> dict[str, Any]:
        table = await self.table(table_id)
        state = table.state
        if state is None or (not state.is_over and table.row.status != "abandoned"):
            raise TableError(Fault.NOT_OVER, _("the record is given once the game is over"))
        record = state.to_record()
        record["meta"] = {
            "players": [p[1] for p in table.players("en")],
            "table": table.id,
            "created": table.row.created_at.isoformat(),
            "finished": table.row.finished_at.isoformat() if table.row.finished_at else None,
            "source": "cardtable serve",
            "status": table.row.status,
            "marked": bool(table.row.marked),
        }
        return record

    async def replay(self, table_id: str, user: User, ply: int, seat: int | None) -> dict[str, Any]:
        """A finished game at move ``ply`` (clamped to the game) as ``seat`` saw it (None:
        every seat, with each seat's hand), in the user's language, with every move of the
        game. Only once the game is over or abandoned: before, it would show hidden cards."""
        table = await self.table(table_id)
        final = table.state
        if final is None or table.row.status not in ("over", "abandoned"):
            raise TableError(Fault.NOT_OVER, _("a replay is given once the game is over"))
        n = table.game.num_players
        if seat is not None and not 0 <= seat < n:
            raise TableError(
                Fault.BAD_SEAT,
                _("seat must be a whole number from 0 to {last}, or all").format(last=n - 1),
            )
        history = list(final.history)
        ply = max(0, min(ply, len(history)))
        state = _rebuild(table.game, table.row.deal, [])
        moves: list[dict[str, Any]] = []
        shown: State | None = state.clone() if ply == 0 else None
        with using_language(user.language):
            for i, text in enumerate(history):
                mover = state.to_move
                move = table.game.read_move(text, state.legal_moves())
                words = state.describe_move(move)
                moves.append({"ply": i, "seat": mover, "move": text, "words": words})
                state.apply(move)
                if i + 1 == ply:
                    shown = state.clone()
        assert shown is not None
        # Nobody is online at a replay, and no clock runs.
        players: list[Player] = [
            (s, name, kind, False, None, False)
            for s, name, kind, *_rest in table.players(user.language)
        ]
        message = view(table.id, shown, seat, user.language, players, table.row.status)
        message["plies"] = len(history)
        message["moves"] = moves
        if seat is None:
            with using_language(user.language):
                message["hands"] = [shown.observation(s).get("hand") for s in range(n)]
        return message

    # ------------------------------------------------------------------ play

    async def why(self, table: LiveTable, client: Client, text: str) -> None:
        """Why ``text`` would be refused now for the client's seat (None: it is legal), told
        to the client only; a spectator, or a seat not to move, is told it is not its turn."""
        state = table.state
        with using_language(client.language):
            reason: str | None
            if state is None or table.row.status != "playing" or state.is_over:
                reason = _("the game is not being played")
            elif client.seat is None or state.to_move != client.seat:
                reason = _("it is not your turn")
            else:
                try:
                    move = table.game.read_move(text, state.legal_moves())
                    reason = state.refusal(move)
                except CardtableError as err:
                    reason = str(err)
        await self._send(table, client, {"type": "why", "move": text, "reason": reason})

    async def hint(self, table: LiveTable, client: Client, ply: int) -> None:
        """Start the hint bot's choice for the client's seat at move ``ply`` (answered to the
        client alone when it is ready); one at a time per client."""
        state = table.state
        with using_language(client.language):
            if client.hint_task is not None and not client.hint_task.done():
                await self._error(client, "too-fast", _("a hint is being worked out"), ply)
                return
            if state is None or table.row.status != "playing" or state.is_over:
                await self._error(client, "game-over", _("the game is not being played"), ply)
                return
            seat = client.seat
            if seat is None or state.to_move != seat or table.seats[seat].kind != HUMAN:
                await self._error(client, "not-your-seat", _("it is not your turn"), ply)
                return
            if ply != len(state.history):
                await self._error(
                    client,
                    "stale",
                    _("that hint was for move {ply}; the game is at move {now}").format(
                        ply=ply, now=len(state.history)
                    ),
                    ply,
                )
                return
        client.hint_task = asyncio.create_task(self._hint(table, client, seat, ply))

    async def _hint(self, table: LiveTable, client: Client, seat: int, ply: int) -> None:
        state = table.state
        if state is None or self.pool is None:
            return
        loop = asyncio.get_running_loop()
        try:
            text, advice = await loop.run_in_executor(
                self.pool,
                hint_move,
                table.game.name,
                dict(table.game.options),
                dict(table.row.deal),
                list(state.history[:ply]),
                seat,
                secrets.randbits(32),
            )
        except Exception:
            # A broken worker, or a bot's fault: the client waits for an answer all the same.
            with using_language(client.language):
                failed = _error_message("no-hint", _("no hint could be worked out"), ply)
            await self._send(table, client, failed)
            return
        state = table.state
        with using_language(client.language):
            if state is None or len(state.history) != ply:
                # The game went on while the bot thought: the hint is for a past move.
                now_at = len(state.history) if state is not None else ply
                message = _error_message(
                    "stale",
                    _("that hint was for move {ply}; the game is at move {now}").format(
                        ply=ply, now=now_at
                    ),
                    ply,
                )
            else:
                move = table.game.read_move(text, state.legal_moves())
                words = state.describe_move(move)
                message = {
                    "type": "hint",
                    "ply": ply,
                    "move": text,
                    "words": words,
                    "advice": advice,
                }
        # _send, not the socket: a client gone while the bot thought is no fault of this task.
        await self._send(table, client, message)

    async def join(self, table: LiveTable, client: Client) -> None:
        table.clients.append(client)
        self.tables.setdefault(table.id, table)
        await self._send_view(table, client, full=True)
        await self._presence(table)
        await self._publish_presence(table)

    async def part(self, table: LiveTable, client: Client) -> None:
        if client in table.clients:
            table.clients.remove(client)
        if client.hint_task is not None:
            client.hint_task.cancel()  # nobody left to read it
        await self._presence(table)
        await self._publish_presence(table)
        self._forget_if_done(table)

    def _forget_if_done(self, table: LiveTable) -> None:
        """A finished table leaves memory once its last client has gone (the database keeps
        it; :meth:`table` reads it back on demand)."""
        if table.row.status in ("over", "abandoned") and not table.clients:
            self.tables.pop(table.id, None)

    async def play(
        self, table: LiveTable, seat: int, text: str, ply: int, sender: Client | None
    ) -> None:
        """The one door for a move at a table: checked, committed, applied, pushed."""
        language = sender.language if sender is not None else "en"
        async with table.lock:
            state = table.state
            if state is None or table.row.status != "playing" or state.is_over:
                await self._error(sender, "game-over", _("the game is not being played"), ply)
                return
            if ply != len(state.history):
                if sender is not None:
                    await self._error(
                        sender,
                        "stale",
                        _("that move was for move {ply}; the game is at move {now}").format(
                            ply=ply, now=len(state.history)
                        ),
                        ply,
                    )
                    await self._send_view(table, sender, full=True)
                return
            if state.to_move != seat:
                await self._error(sender, "not-your-seat", _("it is not your turn"), ply)
                return
            with using_language(language):
                legal = state.legal_moves()
                try:
                    move = table.game.read_move(text, legal)
                    reason = state.refusal(move)
                except CardtableError as err:
                    reason = str(err)
            if reason is not None:
                await self._error(sender, "illegal-move", reason, ply)
                return
            moment = now()
            banked = self._banked_after(table, seat)
            # On disk before anyone sees it: a crash after this loses nothing that was shown.
            try:
                version: int | None = await self.store.add_move(
                    table.id, ply, seat, move.text, moment, banked
                )
            except IntegrityError:
                # Another process wrote this ply first (its move, or its bot's): this one was
                # behind. It catches up; the sender gets the table as it is.
                version = None
                await self._catch_up(table)
                await self._error(
                    sender,
                    "stale",
                    _("that move was for move {ply}; the game is at move {now}").format(
                        ply=ply, now=len(state.history)
                    ),
                    ply,
                )
            else:
                # Known at once, so that a poll or a notice does not read this move back.
                table.row.version = max(table.row.version, version or 0)
                state.apply(move, seat)
                table.row.turn_started_at = moment
                if banked is not None:
                    table.seats[seat].clock_ms = banked
                if table.clock_task is not None:
                    table.clock_task.cancel()
                    table.clock_task = None
                if state.is_over:
                    finished = now()
                    result = state.result
                    version = await self.store.set_status(
                        table.id, "over", result=result, finished=finished
                    )
                    table.row.status, table.row.finished_at = "over", finished
                    table.row.result = result
        if version is not None:
            await self._changed(table, version)
        await self.push(table)
        self._schedule_bot(table)

    def _banked_after(self, table: LiveTable, seat: int) -> int | None:
        """The mover's time bank after this move: what was left, plus the increment."""
        clock = table.row.clock
        if not clock or "bank" not in clock:
            return None
        left = table.clock_left(seat)
        return max(0, left or 0) + int(clock.get("increment", 0)) * 1000

    def _schedule_clock(self, table: LiveTable) -> None:
        """Tell the table when the person to move runs out of time (the others may then hand
        the seat to a bot)."""
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None
        state = table.state
        if state is None or state.is_over or state.to_move is None:
            return
        left = table.clock_left(state.to_move)
        if left is None or left <= 0 or table.seats[state.to_move].kind != HUMAN:
            return
        table.clock_task = asyncio.create_task(self._flag(table, len(state.history), left))

    async def _flag(self, table: LiveTable, ply: int, left_ms: int) -> None:
        await asyncio.sleep(max(0, left_ms) / 1000 + 0.01)
        state = table.state
        if state is not None and len(state.history) == ply:
            await self.push(table)

    async def chat(self, table: LiveTable, client: Client, text: str) -> None:
        room = "players" if client.seat is not None else "spectators"
        line = await self.store.add_chat(table.id, client.user.id, room, text)
        message = {
            "type": "chat",
            "from": client.user.name,
            "seat": client.seat,
            "text": text,
            "at": line.at.isoformat(),
        }
        for other in list(table.clients):
            # Players talk among players, spectators among spectators.
            if (other.seat is not None) == (client.seat is not None):
                await self._send(table, other, message)
        if self.bus is not None:
            await self.bus.publish(table.id, "chat", room=room, message=message)

    async def push(self, table: LiveTable) -> None:
        """Every client's new view after a change: each only its own seat's."""
        for client in list(table.clients):
            await self._send_view(table, client, full=False)
        if table.clock_task is None or table.clock_task.done():
            self._schedule_clock(table)

    async def sync(self, table: LiveTable, client: Client) -> None:
        await self._send_view(table, client, full=True)

    async def _send_view(self, table: LiveTable, client: Client, full: bool) -> None:
        state = table.state
        if state is None:
            # Not started: the table's seats only (the game data begins at the start).
            await self._send(table, client, _presence_message(table))
            return
        first = 0 if full else client.sent
        message: dict[str, Any] = view(
            table.id,
            state,
            client.seat,
            client.language,
            table.players(client.language),
            table.row.status,
            first,
        )
        client.sent = first + len(message["events"])
        await self._send(table, client, message)

    async def _presence(self, table: LiveTable) -> None:
        message = _presence_message(table)
        for client in list(table.clients):
            await self._send(table, client, message)

    async def _error(self, client: Client | None, code: str, message: str, ply: int | None) -> None:
        if client is None:
            return  # a bot's move that lost a race: nothing to tell
        await client.socket.send_json(_error_message(code, message, ply))

    async def _send(self, table: LiveTable, client: Client, message: dict[str, Any]) -> None:
        try:
            await client.socket.send_json(message)
        except Exception:
            if client in table.clients:
                table.clients.remove(client)

    # ------------------------------------------------------------------ bots

    def _schedule_bot(self, table: LiveTable) -> None:
        if not self.owns(table):
            return  # another process runs this table's bots
        state = table.state
        if state is None or state.is_over or table.row.status != "playing":
            return
        seat = state.to_move
        if seat is None or table.seats[seat].kind != BOT:
            return
        ply = len(state.history)
        if table.bot_task is not None and not table.bot_task.done() and table.bot_ply == ply:
            return  # already thinking about this move
        table.bot_ply = ply
        table.bot_task = asyncio.create_task(self._bot_turn(table, seat, ply))

    async def _bot_turn(self, table: LiveTable, seat: int, ply: int) -> None:
        await asyncio.sleep(table.row.bot_pause)
        state = table.state
        if state is None or len(state.history) != ply or self.pool is None:
            return
        spec = table.seats[seat].bot or "rules"
        loop = asyncio.get_running_loop()
        try:
            text = await loop.run_in_executor(
                self.pool,
                bot_move,
                table.game.name,
                dict(table.game.options),
                dict(table.row.deal),
                list(state.history),
                spec,
                secrets.randbits(32),
            )
        except (CardtableError, OptionError):
            return
        if table.seats[seat].kind != BOT or not self.owns(table):
            return  # reclaimed by its person, or the table taken over, while the bot thought
        await self.play(table, seat, text, ply, None)
