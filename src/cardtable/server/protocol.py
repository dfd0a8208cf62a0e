"""Every message of the protocol as a Pydantic model (``docs/protocol.md`` says what each means).

Messages from a client are parsed with :func:`parse_client`, which refuses anything else with a
:class:`ProtocolError` naming the problem in the sender's language; messages to a client are
built by :mod:`cardtable.table.view` and checked against these models by the tests, and the
terminal client (:mod:`cardtable.cli.connect`) reads them with these models. A model of what
the server sends takes fields it does not know (a newer server's additions reach an older client
unharmed), and gives a default to each field a client can do without.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from cardtable.errors import CardtableError, clip
from cardtable.i18n import _
from cardtable.server.validation import describe, where

__all__ = [
    "AdviceColumnOut",
    "AdviceOut",
    "BotIn",
    "ChatIn",
    "ChatLineOut",
    "ChatLogOut",
    "ChatOut",
    "ClientMessage",
    "ClockIn",
    "ContributeIn",
    "CreatedOut",
    "ErrorOut",
    "EventOut",
    "FaultOut",
    "FinishedOut",
    "GamesOut",
    "GuestIn",
    "HTTPErrorOut",
    "HintIn",
    "HintOut",
    "HintRowOut",
    "JoinedOut",
    "LanguageIn",
    "LegalOut",
    "LobbyOut",
    "LobbyTableOut",
    "MoveIn",
    "OkOut",
    "PingIn",
    "PlayerOut",
    "PresenceOut",
    "ProtocolError",
    "RematchOut",
    "RematchTableOut",
    "ReplayMoveOut",
    "ReplayOut",
    "SeatOut",
    "SessionOut",
    "SitIn",
    "SyncIn",
    "TableIn",
    "TableOut",
    "TakenSeatOut",
    "UserOut",
    "ViewOut",
    "WatchOut",
    "WhyIn",
    "WhyOut",
    "check_client",
    "parse_client",
]

#: The longest chat line and the longest name a person may give.
MAX_CHAT = 300
MAX_NAME = 40


class ProtocolError(CardtableError):
    """A client message that is not one of the protocol's; ``code`` says which kind of fault."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# ---------------------------------------------------------------------- client to server


class MoveIn(_Strict):
    type: Literal["move"]
    ply: int = Field(ge=0, le=100_000)
    move: str = Field(min_length=1, max_length=200)


class ChatIn(_Strict):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=MAX_CHAT)


class SyncIn(_Strict):
    type: Literal["sync"]


class PingIn(_Strict):
    type: Literal["ping"]


class WhyIn(_Strict):
    """Why a move would be refused now (the browser asks before it sends a move)."""

    type: Literal["why"]
    move: str = Field(min_length=1, max_length=200)


class HintIn(_Strict):
    """The hint bot's move for the sender's seat at move ``ply``."""

    type: Literal["hint"]
    ply: int = Field(ge=0, le=100_000)


class ContributeIn(_Strict):
    """A seated person's contribution to the table's fair deal: 32 random bytes as 64 hex
    digits, once per seat, while the table is open (``docs/protocol.md``)."""

    type: Literal["contribute"]
    value: str = Field(min_length=1, max_length=200)


Incoming = MoveIn | ChatIn | SyncIn | PingIn | WhyIn | HintIn | ContributeIn
ClientMessage = Annotated[Incoming, Field(discriminator="type")]
_CLIENT: TypeAdapter[Incoming] = TypeAdapter(ClientMessage)
_TYPES = ("move", "chat", "sync", "ping", "why", "hint", "contribute")


def parse_client(raw: str | bytes) -> Incoming:
    """A client's websocket message, or :class:`ProtocolError` (code ``bad-message``) saying
    what is wrong in the current language.

    >>> parse_client('{"type": "move", "ply": 3, "move": "play 5H"}')
    MoveIn(type='move', ply=3, move='play 5H')
    >>> parse_client('{"type": "dance"}')
    Traceback (most recent call last):
    ...
    cardtable.server.protocol.ProtocolError: unknown message type 'dance'; types: move, chat, \
sync, ping, why, hint, contribute
    """
    try:
        data: Any = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad-message", _("a message must be one JSON object")) from None
    return check_client(data)


def check_client(data: object) -> Incoming:
    """A message of the client's, as decoded JSON, checked against the protocol: the message,
    or :class:`ProtocolError` (code ``bad-message``). The server parses with it, and the
    terminal client checks what it sends with it.

    >>> check_client({"type": "move", "ply": -1, "move": "play 5H"})
    Traceback (most recent call last):
    ...
    cardtable.server.protocol.ProtocolError: bad move message: ply: must be at least 0
    >>> from cardtable.i18n import using_language
    >>> with using_language("ja"):
    ...     check_client({"type": "chat"})
    Traceback (most recent call last):
    ...
    cardtable.server.protocol.ProtocolError: 不正な chat メッセージ: text: 必須です
    """
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", _("a message must be one JSON object"))
    kind = data.get("type")
    if kind not in _TYPES:
        raise ProtocolError(
            "bad-message",
            _("unknown message type {kind}; types: {types}").format(
                kind=clip(repr(kind)), types=", ".join(_TYPES)
            ),
        )
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as err:
        problem = err.errors()[0]
        # The first part of the place is the message's type (the union's tag): said already.
        field = where(problem, skip=1)
        if not field:
            message = _("bad {kind} message: {problem}").format(
                kind=kind, problem=describe(problem)
            )
        else:
            message = _("bad {kind} message: {field}: {problem}").format(
                kind=kind, field=field, problem=describe(problem)
            )
        raise ProtocolError("bad-message", message) from None


# ---------------------------------------------------------------------- HTTP requests


class GuestIn(_Strict):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    language: Literal["en", "ja"] = "en"


class ClockIn(_Strict):
    """A time bank with an increment (live play), or an allowance per move (turn-based)."""

    bank: int | None = Field(default=None, ge=1, le=24 * 3600)
    increment: int = Field(default=0, ge=0, le=3600)
    per_move: int | None = Field(default=None, ge=1, le=14 * 24 * 3600)

    def spec(self) -> dict[str, int]:
        if (self.bank is None) == (self.per_move is None):
            raise ValueError("a clock has either a bank (with an increment) or a per_move")
        if self.bank is not None:
            return {"bank": self.bank, "increment": self.increment}
        assert self.per_move is not None
        return {"per_move": self.per_move}


class LanguageIn(_Strict):
    language: Literal["en", "ja"]


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    options: dict[str, str | int | bool | None] = Field(default_factory=dict, max_length=20)
    seats: list[Annotated[str, Field(max_length=200)]] = Field(min_length=1, max_length=8)
    listed: bool = False
    bot_pause: float | None = Field(default=None, ge=0, le=10)
    clock: ClockIn | None = None
    #: Played over hours or days: each move a ``per_move`` allowance, never closed as abandoned.
    turn_based: bool = False
    #: The finished game moves its players' ratings (``docs/server.md``, Ratings).
    rated: bool = False


class BotIn(_Strict):
    bot: str = Field(default="rules", min_length=1, max_length=200)


class SitIn(_Strict):
    seat: int | None = Field(default=None, ge=0, le=7)


# ---------------------------------------------------------------------- server to client


class _Out(BaseModel):
    """What the server sends: strictly typed, open to fields a newer server adds."""

    model_config = ConfigDict(extra="allow", strict=True)


class EventOut(_Out):
    i: int
    type: str
    seat: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    text: str


class LegalOut(_Out):
    move: str
    words: str
    #: What the mover should read before making this move (the game's ``move_warning``).
    warn: str | None = None
    #: The hand cards the move uses, and the table cards it takes (notation).
    cards: list[str] = Field(default_factory=list)
    takes: list[str] = Field(default_factory=list)


class PlayerOut(_Out):
    seat: int
    name: str
    kind: Literal["open", "human", "bot"]
    #: "bot": a bot account sits here (its kind is "human"); "person"; None: open or a built-in bot.
    account: Literal["bot", "person"] | None = None
    online: bool
    #: Milliseconds on the seat's clock as the message was sent (None: no clock).
    clock_ms: int | None = None
    out_of_time: bool = False


class ViewOut(_Out):
    type: Literal["view"]
    table: str
    ply: int
    seat: int | None
    #: ``open`` (seats being taken), ``playing``, ``over`` or ``abandoned``.
    status: str
    #: The game's ``observation(seat)``; None before the game has started.
    observation: dict[str, Any] | None
    events: list[EventOut]
    first_event: int
    prompt: str
    legal: list[LegalOut]
    to_move: int | None
    players: list[PlayerOut]
    result: dict[str, Any] | None
    #: What the result line adds to the winners (a skunk, the partnership); "" before the end.
    result_note: str = ""
    #: Where the table stands, and the result, in words for the viewer.
    status_text: str = ""
    result_text: str = ""
    #: The seat a bot keeps for the viewer, if any; whether a seat was handed to a bot.
    held_for_you: int | None = None
    marked: bool = False
    spectators: int = 0
    #: Who watches: names, each person once, sorted, at most 20.
    watchers: list[str] = []
    #: Whether the viewer made the table (and starts it).
    you_created: bool = False
    #: A full view's facts that never change during a game (absent from a view after a change).
    game: str | None = None
    title: str | None = None
    options: dict[str, Any] | None = None
    clock: dict[str, int] | None = None
    turn_based: bool | None = None
    #: The game's declared words for its face, by key.
    vocabulary: dict[str, str] | None = None
    #: The SHA-256 of the server's secret for this deal, public from the first view (None: a
    #: fixed deal); whether the viewer's seat has contributed to it (None: a spectator, or a
    #: fixed deal). In a full view and every view of an open table.
    commitment: str | None = None
    contributed: bool | None = None


class ReplayMoveOut(_Out):
    ply: int
    seat: int
    move: str
    words: str


class ReplayOut(ViewOut):
    """A finished game at one ply, for one seat or all: the view with every move of the game,
    and (seat ``all`` only) each seat's hand."""

    plies: int
    moves: list[ReplayMoveOut]
    hands: list[list[str] | None] | None = None


class WhyOut(_Out):
    type: Literal["why"]
    move: str
    #: The game's refusal in the client's language; None: the move is legal now.
    reason: str | None


class AdviceColumnOut(_Out):
    """A column of a game's advice: the key of its values in the rows, its heading, and how
    they show (``cards``, ``points`` to two places, ``signed`` points with their sign,
    ``percent``: a chance from 0 to 1 as a percentage)."""

    key: str
    title: str
    kind: Literal["cards", "points", "signed", "percent"]


class AdviceOut(_Out):
    """Help beyond the hint's one move, as a table the game declares (Cribbage, two
    players: each way to lay away two cards with its expected points)."""

    caption: str
    columns: list[AdviceColumnOut]
    rows: list[dict[str, Any]]


class HintRowOut(_Out):
    """One of the best moves the hint's bot weighed: its notation and words, its mean value
    over the sampled deals with the 95% error bar (None where it did not search), the deals,
    its gap to the best move, the reason in words, and the whole line to show."""

    move: str
    words: str
    value: float | None
    margin: float | None
    deals: int
    #: How much worse than the best move, with its 95% error bar; ``paired`` where both were
    #: weighed over the same deals (PIMC), which makes the bar far narrower.
    gap: float | None = None
    gap_margin: float | None = None
    paired: bool = False
    reason: str | None
    line: str


class HintOut(_Out):
    type: Literal["hint"]
    ply: int
    move: str
    words: str
    advice: AdviceOut | None
    rows: list[HintRowOut] = []


class ErrorOut(_Out):
    """A refusal, to the sender only. ``code``: ``bad-message``, ``bad-frame``, ``too-big``,
    ``too-fast``, or a table's fault (``stale``, ``illegal-move``, ...)."""

    type: Literal["error"]
    code: str
    message: str
    ply: int | None = None


class PresenceOut(_Out):
    type: Literal["presence"]
    online: list[bool]
    spectators: int = 0
    watchers: list[str] = []


class RematchOut(_Out):
    type: Literal["rematch"]
    table: str


class ChatOut(_Out):
    model_config = ConfigDict(extra="allow", strict=True, populate_by_name=True)

    type: Literal["chat"]
    #: The stored line's id: a reader mutes its author by it (``POST /api/mutes``).
    id: int | None = None
    sender: str = Field(alias="from")
    seat: int | None
    text: str
    at: str


class ChatLineOut(_Out):
    """A stored chat line, as a ``chat_log`` carries it."""

    model_config = ConfigDict(extra="allow", strict=True, populate_by_name=True)

    id: int | None = None
    sender: str = Field(alias="from")
    text: str
    at: str


class ChatLogOut(_Out):
    """The last lines of the client's chat room, oldest first (on connect and after a seat
    change)."""

    type: Literal["chat_log"]
    lines: list[ChatLineOut]


# ---------------------------------------------------------------------- HTTP answers


class FaultOut(_Out):
    #: What kind of fault: ``bad-request``, ``too-big``, ``not-found``, ``bad-method``, or a
    #: table's fault (``no-table``, ``started``, ...).
    code: str
    #: What is wrong and what is allowed, in the asker's language.
    message: str


class HTTPErrorOut(_Out):
    """The body of every error of the HTTP API."""

    error: FaultOut


class UserOut(_Out):
    id: str
    name: str
    language: Literal["en", "ja"]


class SeatOut(_Out):
    """A seat of a table, as the HTTP API shows it."""

    seat: int
    kind: str
    name: str
    #: "bot": a bot account sits here (its kind is "human"); "person"; None: open or a built-in bot.
    account: Literal["bot", "person"] | None = None
    online: bool
    clock_ms: int | None = None
    out_of_time: bool = False


class TableOut(_Out):
    """A table as the HTTP API shows it (no game data: that is the websocket's)."""

    id: str
    game: str
    title: str
    options: dict[str, Any]
    #: ``open``, ``playing``, ``over`` or ``abandoned``.
    status: str
    seats: list[SeatOut]
    clock: dict[str, int] | None = None
    turn_based: bool = False
    to_move: int | None = None
    ply: int = 0
    created_by: str | None = None
    your_seat: int | None = None
    #: The seat a bot keeps for the asker (handed over while they were away), if any.
    held_for_you: int | None = None
    marked: bool = False
    #: Chosen at creation: the finished game moves ratings.
    rated: bool = False


class CreatedOut(_Out):
    table: TableOut
    invite: str
    seat: int


class JoinedOut(_Out):
    table: TableOut
    #: The asker's seat (taken by the invitation where one was free), or None: they watch.
    seat: int | None = None


class RematchTableOut(_Out):
    table: TableOut
    invite: str


class TakenSeatOut(_Out):
    seat: int


class OkOut(_Out):
    ok: Literal[True]


class SessionOut(_Out):
    """Who the cookie names, if anyone (``GET /api/session``: 200 either way)."""

    user: UserOut | None


class LobbyTableOut(TableOut):
    """A table as the lobby lists it: the table, and what the lobby shows of it."""

    #: A bot keeps the asker's seat (``held_for_you``): they may take it back.
    held: bool = False
    #: The options in words, label and value, in the asker's language.
    options_text: list[str]
    created_at: str | None
    #: The names of the seated people connected now.
    present: list[str]
    #: The asker made the table, it is open, and every seat is taken.
    can_start: bool = False


class WatchOut(_Out):
    """A game in progress anyone may watch."""

    id: str
    game: str
    title: str
    names: list[str]
    started_at: str | None
    options_text: list[str]
    spectators: int = 0


class LobbyOut(_Out):
    open: list[LobbyTableOut]
    playing: list[LobbyTableOut]
    your_turn: list[LobbyTableOut]
    watch: list[WatchOut]


class FinishedOut(_Out):
    table: str
    game: str
    title: str
    options: dict[str, Any]
    seat: int
    won: bool
    scores: list[Any] | None
    finished_at: str | None


class GamesOut(_Out):
    games: list[FinishedOut]
