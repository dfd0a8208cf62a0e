"""A table live in this process: its :class:`~cardtable.table.core.Table`, the clients
connected to it, one lock, and the tasks that move its bots and flag its clock.

Every change to a table goes through its room in the same order: the table *decides* (a
refusal changes nothing), the change is *stored* and committed to the database, the table
*commits* it, the other processes are *notified*, and every client is *pushed* its own view.
A move is on disk before anyone sees it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError

from cardtable.engine import Move
from cardtable.errors import CardtableError, OptionError
from cardtable.i18n import _, using_language, using_names
from cardtable.server.accounts_rules import AccountError, refuse_banned
from cardtable.server.accounts_store import Accounts
from cardtable.server.bots import BotPool
from cardtable.server.clients import Client
from cardtable.server.contribute import take_contribution
from cardtable.server.hints import error_message, start_hint
from cardtable.server.models import User, now
from cardtable.server.ratings import rate_finished
from cardtable.server.store import BUSY, BUSY_RETRY, Store, busy_error
from cardtable.server.talk import chat_log, watcher_names
from cardtable.table.core import Table
from cardtable.table.errors import Fault, TableError
from cardtable.table.seats import SeatKind, Status
from cardtable.table.thinking import Ask
from cardtable.table.view import Presence, seat_names, view

__all__ = ["Notifier", "Room"]

log = logging.getLogger("cardtable.server.room")


class Notifier(Protocol):
    """How a room tells other processes of its changes, and whether it runs its bots here
    (``cardtable.server.cluster``; a lone process tells nobody and runs every bot)."""

    def owns(self, room: Room) -> bool: ...

    async def changed(self, room: Room, version: int | None) -> None: ...

    async def publish(self, target: Room, kind: str, **data: Any) -> None: ...

    async def catch_up(self, room: Room) -> bool: ...


@dataclass(eq=False)
class Room:
    """One live table of this process and who is connected to it."""

    table: Table
    store: Store
    bots: BotPool
    notifier: Notifier
    #: The table's version in the database as far as this process knows.
    version: int = 0
    bot_pause: float = 0.0
    listed: bool = False
    #: Chosen at creation: the finished game moves ratings (``cardtable.server.ratings``).
    rated: bool = False
    created_at: datetime | None = None
    clients: list[Client] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    #: The ply the bot task moves at (a task for an older ply ends by itself, refused as stale).
    bot_ply: int = -1
    #: Each bot seat's spec as its bot plays here: its level with the budget the latency guard
    #: left on this machine (the game's record keeps it, so the game replays exactly).
    budgets: dict[int, str] = field(default_factory=dict)
    clock_task: asyncio.Task[None] | None = None
    #: When a person was last connected to a seat (monotonic seconds), for abandonment.
    last_person: float = field(default_factory=time.monotonic)
    #: Who is connected to other processes: process -> (until, monotonic; a flag per seat).
    remote: dict[str, tuple[float, list[bool]]] = field(default_factory=dict)
    #: Who watches through other processes: process -> (until, monotonic; their names).
    remote_watchers: dict[str, tuple[float, list[str]]] = field(default_factory=dict)
    #: When each person was last connected here (monotonic; absent: not since the room was
    #: made here, at ``born``): the lobby leaves out a table its creator has left.
    seen: dict[str, float] = field(default_factory=dict)
    born: float = field(default_factory=time.monotonic)

    @property
    def id(self) -> str:
        return self.table.id

    # ------------------------------------------------------------------ who is here

    def people_here(self) -> bool:
        return any(c.seat is not None for c in self.clients)

    def online(self) -> list[bool]:
        here = {c.seat for c in self.clients if c.seat is not None}
        moment = time.monotonic()
        for until, flags in self.remote.values():
            if until > moment:
                here |= {seat for seat, on in enumerate(flags) if on}
        return [s.kind is SeatKind.BOT or s.seat in here for s in self.table.seats]

    def watchers(self) -> list[str]:
        """Who watches, by name (each person once, sorted; other processes' too)."""
        here = (c.user.name for c in self.clients if c.seat is None)
        return watcher_names(here, self.remote_watchers, time.monotonic())

    def presence(self) -> Presence:
        spectators = sum(1 for c in self.clients if c.seat is None)
        return Presence(self.online(), spectators, self.watchers())

    def presence_message(self) -> dict[str, Any]:
        presence = self.presence()
        return {
            "type": "presence",
            "online": list(presence.online),
            "spectators": presence.spectators,
            "watchers": list(presence.watchers),
        }

    def away_for(self, user_id: str) -> float:
        """Seconds since ``user_id`` was last connected to this table (0: connected now)."""
        if any(c.user.id == user_id for c in self.clients):
            return 0.0
        seat = self.table.seat_of(user_id)
        if seat is not None and self.online()[seat]:
            return 0.0  # connected through another process
        return time.monotonic() - self.seen.get(user_id, self.born)

    def names(self, language: str) -> list[str]:
        with using_language(language):
            return seat_names(self.table)

    # ------------------------------------------------------------------ sending

    async def send(self, client: Client, message: dict[str, Any]) -> None:
        try:
            await client.socket.send_json(message)
        except Exception:
            # Gone while written to: it leaves the room (its socket's loop sees it too).
            if client in self.clients:
                self.clients.remove(client)

    async def error(self, client: Client | None, err: TableError, ply: int | None) -> None:
        if client is not None:  # a bot's move that lost a race: nothing to tell
            await self.send(client, error_message(str(err.code), str(err), ply))

    async def send_view(
        self,
        client: Client,
        full: bool,
        presence: Presence | None = None,
        names: dict[str, list[str]] | None = None,
    ) -> None:
        """The client's view: whole (``full``) or what is new since the last one; ``presence``
        and ``names`` (by language) where a push has them for every client already."""
        first = 0 if full else client.cursor.sent
        language = client.language
        message = view(
            self.table,
            client.seat,
            language,
            user_id=client.user.id,
            presence=presence if presence is not None else self.presence(),
            moment=now(),
            first_event=first,
            names=names.get(language) if names is not None else None,
            cursor=client.cursor,
        )
        if full or self.table.status is Status.OPEN:
            # The deal's public commitment, and whether this seat has contributed (its own
            # seat's only: no value, and nothing of another seat's).
            message["commitment"] = self.table.commitment
            message["contributed"] = self.table.contributed(client.seat, client.user.id)
        await self.send(client, message)

    async def push(self, reseated: str | None = None) -> None:
        """Every client's new view after a change: each only its own seat's; the connections
        of user ``reseated``, whose seat just changed, a whole view of their new seat."""
        clients = list(self.clients)
        presence = self.presence()
        names = {lang: self.names(lang) for lang in {c.language for c in clients}}
        for client in clients:
            full = client.user.id == reseated
            await self.send_view(client, full=full, presence=presence, names=names)
            if client.chat_room is not None and client.chat_room != client.room:
                await self.send_chat_log(client)  # its seat changed, and its chat room with it
        if self.clock_task is None or self.clock_task.done():
            self.schedule_clock()

    async def push_presence(self) -> None:
        message = self.presence_message()
        for client in list(self.clients):
            await self.send(client, message)

    async def _stored(self, version: int | None, reseated: str | None = None) -> None:
        """After a change is committed: the other processes hear of it, every client sees it
        (``reseated``: the user whose seat changed, see :meth:`push`)."""
        if version is not None:
            self.version = max(self.version, version)
        await self.notifier.changed(self, version)
        await self.push(reseated)

    def _reseat(self, user_id: str, seat: int | None) -> None:
        """The user's open connections play ``seat`` now (None: they watch): a seat follows
        its person, so a page need not connect again to play the seat it took."""
        for client in self.clients:
            if client.user.id == user_id:
                client.seat = seat

    # ------------------------------------------------------------------ seats

    async def sit(self, user: User, wanted: int | None) -> int:
        """``user`` takes ``wanted`` or the first free seat. Another process may seat someone
        at the same moment: the database takes one of the two, and the seat is chosen again."""
        refuse_banned(bool(user.banned))
        table = self.table
        async with self.lock:
            for _attempt in range(len(table.seats) + 1):
                held = table.seat_of(user.id)
                if held is not None:
                    return held
                seat = table.check_sit(user.id, wanted)
                version = await self.store.set_seat(
                    table.id, seat, SeatKind.HUMAN, user.id, was=SeatKind.OPEN
                )
                if version is not None:
                    break
                # Taken at this moment through another process: read who sits where now.
                await self.notifier.catch_up(self)
            else:
                raise TableError(Fault.FULL, _("every seat is taken; you may watch"))
            table.sit(seat, user.id, user.name)
            self._reseat(user.id, seat)
            self.version = max(self.version, version)
        await self._stored(version, reseated=user.id)
        return seat

    async def leave(self, user: User) -> None:
        async with self.lock:
            seat = self.table.check_leave(user.id)
            version = await self.store.set_seat(self.id, seat, SeatKind.OPEN, None)
            self.table.leave(seat)
            self._reseat(user.id, None)
        await self._stored(version, reseated=user.id)

    async def start(self, user: User) -> None:
        """The creator starts the game: the deal sealed with the contributions the database
        holds (another process may have taken one: caught up, and decided again)."""
        async with self.lock:
            for _attempt in range(3):
                self.table.check_start(user.id)
                started, deal = now(), self.table.dealt()
                version = await self.store.set_open_deal(self.id, deal, self.version, started)
                if version is not None:
                    break
                await self.notifier.catch_up(self)
            else:
                raise TableError(
                    Fault.STARTED, _("the table changed as it was started; start again")
                )
            self.table.start(started, deal)
            self.version = max(self.version, version)
        await self._stored(version)
        self.schedule_bot()

    async def contribute(self, client: Client, value: str) -> None:
        """A seated person's contribution to the fair deal (:mod:`.contribute`)."""
        version = await take_contribution(self, client, value)
        if version is not None:
            await self._stored(version)

    async def hand_to_bot(self, user: User, seat: int, bot: str) -> None:
        """A person at the table hands another person's seat to a bot while that person is
        away (gone, or out of time); the table is marked, and the person may reclaim it."""
        async with self.lock:
            online = 0 <= seat < len(self.table.seats) and self.online()[seat]
            self.table.check_hand_to_bot(user.id, seat, bot, online, now())
            row = self.table.seats[seat]
            await self.store.set_seat(self.id, seat, SeatKind.BOT, row.user_id, bot)
            version = await self.store.mark(self.id)
            self.table.hand_to_bot(seat, bot)
        await self._stored(version)
        self.schedule_bot()

    async def reclaim(self, user: User) -> int:
        """A person takes back the seat a bot kept for them."""
        async with self.lock:
            seat = self.table.check_reclaim(user.id)
            version = await self.store.set_seat(self.id, seat, SeatKind.HUMAN, user.id, None)
            self.table.reclaim(seat)
            self._reseat(user.id, seat)
        await self._stored(version, reseated=user.id)
        return seat

    # ------------------------------------------------------------------ the move's door

    async def play(
        self, seat: int, text: str, ply: int, sender: Client | None, language: str = "en"
    ) -> None:
        """The one door for a move at a table: decided, stored, committed, notified, pushed."""
        table = self.table
        language = sender.language if sender is not None else language
        version: int | None = None
        finished = False
        async with self.lock:
            try:
                move = self._decide(seat, text, ply, language)
            except TableError as err:
                await self.error(sender, err, ply)
                if err.code is Fault.STALE and sender is not None:
                    await self.send_view(sender, full=True)
                return
            moment = now()
            banked = table.bank_after(seat, moment)
            # On disk before anyone sees it: a crash after this loses nothing that was shown.
            try:
                version = await self.store.add_move(table.id, ply, seat, move.text, moment, banked)
            except BUSY:
                # Not on disk, so not taken: the table is as it was. A person is told to send
                # the move again; a bot tries again in a moment (else the table would wait on it
                # for ever).
                with using_language(language):
                    await self.error(sender, busy_error(), ply)
                if sender is None:
                    asyncio.get_running_loop().call_later(BUSY_RETRY, self.schedule_bot)
                return
            except IntegrityError:
                # Another process wrote this ply first (its move, or its bot's): this one was
                # behind. It catches up; the sender gets the table as it is.
                await self.notifier.catch_up(self)
                with using_language(language):
                    stale = TableError(
                        Fault.STALE,
                        _("that move was for move {ply}; the game is at move {now}").format(
                            ply=ply, now=table.ply
                        ),
                    )
                await self.error(sender, stale, ply)
            else:
                # Known at once, so that a poll or a notice does not read this move back.
                self.version = max(self.version, version)
                if self.clock_task is not None:
                    self.clock_task.cancel()
                    self.clock_task = None
                if table.commit(move, seat, moment, banked):
                    version = await self.store.set_status(
                        table.id, Status.OVER, result=table.result, finished=moment
                    )
                    # Only the process whose move ended the game gets here (the ply's key).
                    finished = True
        if version is not None:
            self.version = max(self.version, version)
            await self.notifier.changed(self, version)
        await self.push()
        self.schedule_bot()
        if finished and self.rated:
            await rate_finished(self.store, table)

    def _decide(self, seat: int, text: str, ply: int, language: str) -> Move:
        """The table's decision on a move, a refusal in ``language`` naming players by name
        (the names are looked up for a refusal only: the door is on every move's path)."""
        with using_language(language):
            try:
                return self.table.decide(seat, text, ply)
            except TableError as err:
                if err.code is not Fault.ILLEGAL_MOVE:
                    raise
            with using_names(self.names(language)):
                return self.table.decide(seat, text, ply)

    # ------------------------------------------------------------------ the clock

    def schedule_clock(self) -> None:
        """Tell the table when the person to move runs out of time (the others may then hand
        the seat to a bot)."""
        if self.clock_task is not None:
            self.clock_task.cancel()
            self.clock_task = None
        state = self.table.state
        if state is None or state.is_over or state.to_move is None:
            return
        left = self.table.clock_left(state.to_move, now())
        if left is None or left <= 0 or self.table.seats[state.to_move].kind is not SeatKind.HUMAN:
            return
        self.clock_task = asyncio.create_task(self._flag(len(state.history), left))

    async def _flag(self, ply: int, left_ms: int) -> None:
        await asyncio.sleep(max(0, left_ms) / 1000 + 0.01)
        if self.table.state is not None and self.table.ply == ply:
            await self.push()

    # ------------------------------------------------------------------ bots

    def ask(self, seat: int, spec: str = "rules", moves: int | None = None) -> Ask:
        """What a bot or the hint is asked for ``seat`` at move ``moves`` (default: now)."""
        state = self.table.state
        history = list(state.history) if state is not None else []
        return Ask(
            self.table.game.name,
            dict(self.table.game.options),
            # Only what deals the cards: a fair deal's secret and contributions stay here.
            {k: v for k, v in self.table.deal.items() if k in ("seed", "decks")},
            tuple(history[:moves] if moves is not None else history),
            seat,
            spec,
            secrets.randbits(32),
        )

    def schedule_bot(self) -> None:
        if not self.notifier.owns(self):
            return  # another process runs this table's bots
        turn = self.table.bot_to_move()
        if turn is None:
            return
        seat, spec = turn
        ply = self.table.ply
        if self.bot_task is not None and not self.bot_task.done() and self.bot_ply == ply:
            return  # already thinking about this move
        self.bot_ply = ply
        self.bot_task = asyncio.create_task(self._bot_turn(seat, spec, ply))

    async def _bot_turn(self, seat: int, spec: str, ply: int) -> None:
        await asyncio.sleep(self.bot_pause)
        if self.table.state is None or self.table.ply != ply:
            return
        try:
            used = await self.bots.budget(self.table.game.name, spec)
            self.budgets[seat] = used
            text = await self.bots.ask_move(self.ask(seat, used))
        except (CardtableError, OptionError):
            return
        if self.table.seats[seat].kind is not SeatKind.BOT or not self.notifier.owns(self):
            return  # reclaimed by its person, or the table taken over, while the bot thought
        await self.play(seat, text, ply, None)

    def stop_tasks(self) -> None:
        for task in (self.bot_task, self.clock_task):
            if task is not None:
                task.cancel()

    # ------------------------------------------------------------------ asking

    async def why(self, client: Client, text: str) -> None:
        """Why ``text`` would be refused now for the client's seat (None: it is legal), told
        to the client only."""
        with using_language(client.language), using_names(self.names(client.language)):
            reason = self.table.why(client.seat, text)
        await self.send(client, {"type": "why", "move": text, "reason": reason})

    async def hint(self, client: Client, ply: int) -> None:
        """Start the hint bot's choice for the client's seat at move ``ply`` (answered to the
        client alone when it is ready); one at a time per client."""
        await start_hint(self, client, ply)

    # ------------------------------------------------------------------ talk

    async def chat(self, client: Client, text: str) -> None:
        # Read again: a ban comes from an operator's command while the connection is open.
        fresh = await self.store.user(client.user.id)
        try:
            with using_language(client.language):
                refuse_banned(fresh is None or bool(fresh.banned), chat=True)
        except AccountError as err:
            await self.send(client, {"type": "error", "code": err.code, "message": str(err)})
            return
        room = "players" if client.seat is not None else "spectators"
        line = await self.store.add_chat(self.id, client.user.id, room, text)
        message = {
            "type": "chat",
            "id": line.id,
            "from": client.user.name,
            "seat": client.seat,
            "text": text,
            "at": line.at.isoformat(),
        }
        await self.tell(room, message)
        await self.notifier.publish(self, "chat", room=room, message=message)

    async def tell(self, room: str, message: dict[str, Any]) -> None:
        """A chat line to one room of the table: players talk among players, spectators
        among spectators; not to those who muted its author."""
        players = room == "players"
        line = message.get("id")
        muters = await Accounts(self.store).muters_of_line(line) if isinstance(line, int) else set()
        for other in list(self.clients):
            if (other.seat is not None) == players and other.user.id not in muters:
                await self.send(other, message)

    async def send_chat_log(self, client: Client) -> None:
        """The last lines of the client's chat room (it has just entered that room)."""
        client.chat_room = client.room
        log = await chat_log(self.store, self.id, client.room, client.user.id, client.language)
        await self.send(client, log)

    async def join(self, client: Client) -> None:
        self.clients.append(client)
        await self.send_view(client, full=True)
        await self.send_chat_log(client)
        await self.push_presence()
        await self.notifier.publish(self, "presence")

    async def part(self, client: Client) -> None:
        if client in self.clients:
            self.clients.remove(client)
        self.seen[client.user.id] = time.monotonic()
        if client.hint_task is not None:
            client.hint_task.cancel()  # nobody left to read it
        await self.push_presence()
        with contextlib.suppress(Exception):
            await self.notifier.publish(self, "presence")

    # ------------------------------------------------------------------ catching up

    def replace(self, table: Table) -> None:
        """The table as the database has it now (another process changed it): its seats,
        status and the rest, copied into this room's table (which keeps its identity and its
        game state; the caller brings the state forward by the new moves)."""
        for name in (f.name for f in fields(Table)):
            if name not in ("state", "game", "id"):
                setattr(self.table, name, getattr(table, name))

    def seat_of(self, user_id: str) -> int | None:
        """The seat ``user_id`` plays in person here, if any."""
        return self.table.seat_of(user_id)
