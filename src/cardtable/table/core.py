"""A table's rules: who may sit, leave, start, move, hand a seat to a bot, take it back, ask
for a rematch, a hint or the reason a move is refused. No I/O: the terminal drives a table in
its own process, the server stores each change before it commits it here.

Each request has two halves: a *check* (``check_*``, :meth:`Table.decide`) that refuses with a
:class:`~cardtable.table.errors.TableError` and changes nothing, and a *commit* that changes
the table and cannot fail. Between the two the server writes the change to its database.

>>> import cardtable
>>> table = Table.create("T1", cardtable.load("cribbage"), {"seed": 1}, "ann", "Ann",
...                      ["open", "rules"])
>>> table.seats[0].kind, table.seats[1].kind, table.status
(<SeatKind.HUMAN: 'human'>, <SeatKind.BOT: 'bot'>, <Status.OPEN: 'open'>)
>>> table.check_start("ann")
>>> table.start(NOW)
>>> move = table.decide(0, "discard 2H 4C", 0)
>>> table.commit(move, 0, NOW)
False
>>> table.decide(0, "play 7S", 0)
Traceback (most recent call last):
...
cardtable.table.errors.TableError: that move was for move 0; the game is at move 1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cardtable.bots import make_bot
from cardtable.engine import Game, Move, State
from cardtable.errors import CardtableError
from cardtable.i18n import _, game_title
from cardtable.registry import load
from cardtable.table.clock import bank_after, initial_bank, left_ms
from cardtable.table.errors import Fault, TableError
from cardtable.table.fair_deal import DealError, is_fair, offer, offered_by, seal
from cardtable.table.seats import Seat, SeatKind, Status

__all__ = ["NOW", "OPEN_SEAT", "Table", "rebuild"]

#: What a table's list of seats says of a seat left open for a person.
OPEN_SEAT = "open"
#: A fixed moment, for examples.
NOW = datetime(2026, 1, 1, tzinfo=UTC)

# The members read on every move and view, looked up once (an enum member read through its
# class costs ten times a global in Python 3.11).
_PLAYING, _HUMAN, _BOT = Status.PLAYING, SeatKind.HUMAN, SeatKind.BOT


def rebuild(game: Game, deal: Mapping[str, Any], moves: Sequence[str]) -> State:
    """A game's state from its deal (``{"seed": N}``, or with ``decks``; a fair deal once
    sealed at the start, :mod:`cardtable.table.fair_deal`) and its moves.

    >>> import cardtable
    >>> rebuild(cardtable.load("cribbage"), {"seed": 1}, ["discard 2H 4C"]).history
    ['discard 2H 4C']
    """
    if is_fair(deal) and "seed" not in deal:
        # Dealt with no seed, the game would be dealt at random: no process could rebuild it.
        raise CardtableError(_("a fair deal is dealt when the game starts, not before"))
    seed = deal.get("seed")
    decks = [list(d) for d in deal.get("decks") or ()]
    state = game.new_state(seed=None if seed is None else int(seed), decks=decks)
    for move in moves:
        state.apply(move)
    return state


def _stale(ply: int, now_at: int, hint: bool = False) -> TableError:
    message = (
        _("that hint was for move {ply}; the game is at move {now}")
        if hint
        else _("that move was for move {ply}; the game is at move {now}")
    )
    return TableError(Fault.STALE, message.format(ply=ply, now=now_at))


@dataclass(eq=False)
class Table:
    """One table: its game and deal, its seats, its status, and (once started) its state."""

    id: str
    game: Game
    #: How the game is dealt: ``{"seed": N}`` (with ``decks`` when the packs are given), or a
    #: fair deal (:mod:`cardtable.table.fair_deal`: a secret, its commitment, contributions).
    deal: dict[str, Any]
    seats: list[Seat]
    status: Status = Status.OPEN
    created_by: str | None = None
    #: Each person's name by user id (a person who sat here once keeps theirs).
    names: dict[str, str] = field(default_factory=dict)
    clock: dict[str, Any] | None = None
    turn_based: bool = False
    #: A seat was handed to a bot during the game: its result is not wholly its people's.
    marked: bool = False
    state: State | None = None
    #: When the seat to move began its turn (its clock runs from then).
    turn_started_at: datetime | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    result: dict[str, Any] | None = None

    # ------------------------------------------------------------------ making one

    @classmethod
    def create(
        cls,
        table_id: str,
        game: Game,
        deal: dict[str, Any],
        creator: str,
        creator_name: str,
        seats: Sequence[str],
        clock: dict[str, Any] | None = None,
        turn_based: bool = False,
    ) -> Table:
        """A new open table: ``seats`` says ``open`` or a bot's level or name for each seat;
        the creator takes the first open one. Bots and the count of seats are checked."""
        try:
            for spec in seats:
                if spec != OPEN_SEAT:
                    make_bot(game.name, spec)
        except CardtableError as err:
            raise TableError(Fault.BAD_TABLE, str(err)) from None
        if len(seats) != game.num_players:
            raise TableError(
                Fault.BAD_TABLE,
                _("{game} with these options seats {count}; {given} seats were given").format(
                    game=game_title(game), count=game.num_players, given=len(seats)
                ),
            )
        if OPEN_SEAT not in seats:
            raise TableError(Fault.BAD_TABLE, _("leave at least one seat open for yourself"))
        bank = initial_bank(clock)
        first = list(seats).index(OPEN_SEAT)
        rows = [
            Seat(
                i,
                SeatKind.HUMAN if i == first else SeatKind.OPEN if s == OPEN_SEAT else SeatKind.BOT,
                user_id=creator if i == first else None,
                bot=None if s == OPEN_SEAT else s,
                clock_ms=bank,
            )
            for i, s in enumerate(seats)
        ]
        return cls(
            table_id,
            game,
            dict(deal),
            rows,
            created_by=creator,
            names={creator: creator_name},
            clock=clock,
            turn_based=turn_based,
        )

    def check_rematch(self, user_id: str) -> Game:
        """The game of a rematch (the same options, the next first dealer by the rules):
        once the game is over, for a person seated here."""
        state = self.state
        if state is None or not state.is_over:
            raise TableError(Fault.NOT_OVER, _("a rematch is offered once the game is over"))
        if self.seat_of(user_id) is None:
            raise TableError(Fault.NOT_SEATED, _("you have no seat at this table"))
        return load(self.game.name, **state.rematch_options())

    def rematch(self, table_id: str, game: Game, deal: dict[str, Any], asker: str) -> Table:
        """The new table of a rematch: every seat as it was, its time bank full again."""
        bank = initial_bank(self.clock)
        seats = [Seat(s.seat, s.kind, s.user_id, s.bot, bank) for s in self.seats]
        return Table(
            table_id,
            game,
            dict(deal),
            seats,
            created_by=asker,
            names=dict(self.names),
            clock=self.clock,
            turn_based=self.turn_based,
        )

    # ------------------------------------------------------------------ who sits where

    def seat_of(self, user_id: str) -> int | None:
        """The seat ``user_id`` plays in person, if any."""
        return next((s.seat for s in self.seats if s.person(user_id)), None)

    def held_for(self, user_id: str) -> int | None:
        """The seat a bot keeps for ``user_id`` (handed over while they were away), if any."""
        return next((s.seat for s in self.seats if s.held_for(user_id)), None)

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind is SeatKind.OPEN]

    def check_sit(self, user_id: str, wanted: int | None) -> int:
        """The seat ``user_id`` gets: ``wanted``, or the first free one (None)."""
        if self.status is not Status.OPEN:
            raise TableError(Fault.STARTED, _("the game has started; you may watch it"))
        free = self.free_seats()
        if wanted is None:
            if not free:
                raise TableError(Fault.FULL, _("every seat is taken; you may watch"))
            return free[0]
        if wanted not in free:
            raise TableError(
                Fault.SEAT_TAKEN,
                _("seat {seat} is not free; free seats: {free}").format(
                    seat=wanted, free=", ".join(map(str, free)) or _("none")
                ),
            )
        return wanted

    def sit(self, seat: int, user_id: str, name: str) -> None:
        row = self.seats[seat]
        row.kind, row.user_id, row.bot = SeatKind.HUMAN, user_id, None
        self.names[user_id] = name

    def check_leave(self, user_id: str) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError(Fault.NOT_SEATED, _("you have no seat at this table"))
        if self.status is not Status.OPEN:
            raise TableError(Fault.STARTED, _("the game has started: a seat cannot be left"))
        return seat

    def leave(self, seat: int) -> None:
        row = self.seats[seat]
        row.kind, row.user_id = SeatKind.OPEN, None

    def check_start(self, user_id: str) -> None:
        if self.created_by != user_id:
            raise TableError(Fault.NOT_CREATOR, _("only the table's creator starts the game"))
        if self.status is not Status.OPEN:
            raise TableError(Fault.STARTED, _("the game has already started"))
        if any(s.kind is SeatKind.OPEN for s in self.seats):
            raise TableError(Fault.SEATS_OPEN, _("every open seat must be taken first"))

    # ------------------------------------------------------------------ the deal

    @property
    def commitment(self) -> str | None:
        """The public commitment to the server's secret (None: a fixed deal)."""
        return str(self.deal["commitment"]) if is_fair(self.deal) else None

    def contributed(self, seat: int | None, user_id: str) -> bool | None:
        """Whether the person at ``seat`` has contributed to the deal (None: a spectator, or a
        fixed deal); only ever asked for the asker's own seat."""
        if seat is None or not is_fair(self.deal):
            return None
        if "seed" in self.deal:
            return (self.deal.get("contributions") or [None] * (seat + 1))[seat] is not None
        return offered_by(self.deal, seat, user_id)

    def check_contribute(self, user_id: str, value: object) -> dict[str, Any]:
        """The deal with ``user_id``'s contribution for their seat: only from a person seated
        here, while the table is open, once per seat (a :class:`DealError` says why not).

        >>> import cardtable
        >>> from cardtable.table.fair_deal import new_fair_deal
        >>> table = Table.create("T2", cardtable.load("cribbage"), new_fair_deal("11" * 32),
        ...                      "ann", "Ann", ["open", "rules"])
        >>> table.deal = table.check_contribute("ann", "22" * 32)
        >>> table.contributed(0, "ann"), table.commitment[:8]
        (True, '02d449a3')
        >>> table.start(NOW)
        >>> table.deal["contributions"][1], table.deal["seed"]
        (None, 6875253970204134873)
        """
        seat = self.seat_of(user_id)
        if seat is None:
            raise DealError(
                str(Fault.NOT_SEATED), _("only a seated player contributes to the deal")
            )
        if self.status is not Status.OPEN:
            raise DealError(
                str(Fault.STARTED), _("the game has started: the deal takes no more contributions")
            )
        return offer(self.deal, seat, user_id, value)

    def dealt(self) -> dict[str, Any]:
        """The deal the game starts from: a fair deal sealed with the contributions of the
        people seated now (a fixed deal as it is)."""
        holders = [s.user_id if s.kind is SeatKind.HUMAN else None for s in self.seats]
        return seal(self.deal, holders)

    def start(self, moment: datetime, deal: dict[str, Any] | None = None) -> None:
        """Deal and begin: from ``deal`` (what :meth:`dealt` gave, as it was stored), or from
        :meth:`dealt` now."""
        self.deal = self.dealt() if deal is None else dict(deal)
        self.state = rebuild(self.game, self.deal, [])
        self.status = Status.PLAYING
        self.started_at = self.turn_started_at = moment

    def check_hand_to_bot(
        self, user_id: str, seat: int, bot: str, online: bool, moment: datetime
    ) -> None:
        """A person at the table may hand another person's seat to a bot while that person
        is away (``online`` False) or out of time at ``moment``."""
        if self.status is not Status.PLAYING:
            raise TableError(Fault.NOT_PLAYING, _("the game is not being played"))
        mine = self.seat_of(user_id)
        if mine is None:
            raise TableError(Fault.NOT_SEATED, _("you have no seat at this table"))
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not SeatKind.HUMAN:
            raise TableError(
                Fault.NOT_A_PERSON, _("seat {seat} is not a person's").format(seat=seat)
            )
        if seat == mine or (online and not self.out_of_time(seat, moment)):
            raise TableError(
                Fault.STILL_HERE,
                _(
                    "seat {seat} is still here with time left: only the seat of a person "
                    "who is away or out of time is handed to a bot"
                ).format(seat=seat),
            )
        try:
            make_bot(self.game.name, bot)
        except CardtableError as err:
            raise TableError(Fault.BAD_BOT, str(err)) from None

    def hand_to_bot(self, seat: int, bot: str) -> None:
        row = self.seats[seat]
        row.kind, row.bot = SeatKind.BOT, bot
        self.marked = True

    def check_reclaim(self, user_id: str) -> int:
        held = self.held_for(user_id)
        if held is None:
            raise TableError(Fault.NOTHING_HELD, _("no bot keeps a seat of yours here"))
        return held

    def reclaim(self, seat: int) -> None:
        row = self.seats[seat]
        row.kind, row.bot = SeatKind.HUMAN, None

    # ------------------------------------------------------------------ the clock

    def clock_left(self, seat: int, moment: datetime) -> int | None:
        """Milliseconds on ``seat``'s clock at ``moment``; None: no clock runs for it."""
        state = self.state
        if not self.clock or state is None or self.status is not _PLAYING:
            return None
        to_move = state.to_move == seat
        return left_ms(self.clock, self.seats[seat].clock_ms, to_move, self.turn_started_at, moment)

    def out_of_time(self, seat: int, moment: datetime) -> bool:
        """Whether a person's clock has run out (a bot's never does)."""
        left = self.clock_left(seat, moment)
        return left is not None and left <= 0 and self.seats[seat].kind is _HUMAN

    # ------------------------------------------------------------------ moves

    @property
    def ply(self) -> int:
        return len(self.state.history) if self.state is not None else 0

    def playing(self) -> State:
        """The state of a game being played; refused otherwise."""
        state = self.state
        if state is None or self.status is not _PLAYING or state.is_over:
            raise TableError(Fault.GAME_OVER, _("the game is not being played"))
        return state

    def decide(self, seat: int, text: str | Move, ply: int) -> Move:
        """The move ``seat`` makes with ``text`` at move ``ply``, or a refusal saying why
        (stale, not its turn, illegal), naming nothing hidden. Changes nothing."""
        state = self.playing()
        if ply != len(state.history):
            raise _stale(ply, len(state.history))
        if state.to_move != seat:
            raise TableError(Fault.NOT_YOUR_SEAT, _("it is not your turn"))
        try:
            move = (
                text if isinstance(text, Move) else self.game.read_move(text, state.legal_moves())
            )
            reason = state.refusal(move)
        except CardtableError as err:
            reason = str(err)
        if reason is not None:
            raise TableError(Fault.ILLEGAL_MOVE, reason)
        return move

    def bank_after(self, seat: int, moment: datetime) -> int | None:
        """The mover's time bank after a move at ``moment``: what was left, plus the
        increment (None: no bank)."""
        return bank_after(self.clock, self.clock_left(seat, moment))

    def commit(self, move: Move, seat: int, moment: datetime, banked: int | None = None) -> bool:
        """Make a decided move (:meth:`decide`); whether it ended the game. ``banked`` is
        the mover's bank after it (:meth:`bank_after`, computed before it was stored)."""
        state = self.playing()
        state.apply(move, seat)
        self.turn_started_at = moment
        if banked is not None:
            self.seats[seat].clock_ms = banked
        if state.is_over:
            self.status, self.finished_at = Status.OVER, moment
            self.result = state.result
            return True
        return False

    def abandon(self, moment: datetime) -> None:
        """Nobody attends the game: it ends unfinished (its moves, hence its record, kept)."""
        self.status, self.finished_at = Status.ABANDONED, moment

    def why(self, seat: int | None, text: str) -> str | None:
        """Why ``text`` would be refused now for ``seat`` (None: it is legal); a spectator,
        or a seat not to move, is told it is not its turn."""
        try:
            state = self.playing()
        except TableError as err:
            return str(err)
        if seat is None or state.to_move != seat:
            return _("it is not your turn")
        try:
            move = self.game.read_move(text, state.legal_moves())
            return state.refusal(move)
        except CardtableError as err:
            return str(err)

    def check_hint(self, seat: int | None, ply: int) -> State:
        """A hint may be asked by the person to move, for the move now."""
        state = self.playing()
        if seat is None or state.to_move != seat or self.seats[seat].kind is not SeatKind.HUMAN:
            raise TableError(Fault.NOT_YOUR_SEAT, _("it is not your turn"))
        if ply != len(state.history):
            raise _stale(ply, len(state.history), hint=True)
        return state

    def check_hint_fresh(self, ply: int) -> State:
        """The state a hint worked out for move ``ply`` is answered in, if still at it."""
        state = self.state
        now_at = len(state.history) if state is not None else ply
        if state is None or now_at != ply:
            raise _stale(ply, now_at, hint=True)
        return state

    def bot_to_move(self) -> tuple[int, str] | None:
        """The seat of the bot to move now and its spec, if a bot is to move."""
        state = self.state
        if state is None or state.is_over or self.status is not _PLAYING:
            return None
        seat = state.to_move
        if seat is None or self.seats[seat].kind is not _BOT:
            return None
        return seat, self.seats[seat].bot or "rules"
