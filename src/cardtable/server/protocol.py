"""Every message of the protocol as a Pydantic model (``docs/protocol.md`` says what each means).

Messages from a client are parsed with :func:`parse_client`, which refuses anything else with a
:class:`ProtocolError` naming the problem; messages to a client are built by
:mod:`cardtable.server.views` and checked against these models by the tests.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from cardtable.errors import CardtableError, clip
from cardtable.i18n import _

__all__ = [
    "AdviceOut",
    "BotIn",
    "ChatIn",
    "ChatOut",
    "ClientMessage",
    "ClockIn",
    "ErrorOut",
    "EventOut",
    "GuestIn",
    "HintIn",
    "HintOut",
    "LanguageIn",
    "LegalOut",
    "MoveIn",
    "PingIn",
    "PlayerOut",
    "PresenceOut",
    "ProtocolError",
    "RematchOut",
    "ReplayMoveOut",
    "ReplayOut",
    "SitIn",
    "SyncIn",
    "TableIn",
    "ViewOut",
    "WhyIn",
    "WhyOut",
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


Incoming = MoveIn | ChatIn | SyncIn | PingIn | WhyIn | HintIn
ClientMessage = Annotated[Incoming, Field(discriminator="type")]
_CLIENT: TypeAdapter[Incoming] = TypeAdapter(ClientMessage)
_TYPES = ("move", "chat", "sync", "ping", "why", "hint")


def parse_client(raw: str | bytes) -> Incoming:
    """A client's websocket message, or :class:`ProtocolError` (code ``bad-message``).

    >>> parse_client('{"type": "move", "ply": 3, "move": "play 5H"}')
    MoveIn(type='move', ply=3, move='play 5H')
    >>> parse_client('{"type": "dance"}')
    Traceback (most recent call last):
    ...
    cardtable.server.protocol.ProtocolError: unknown message type 'dance'; types: move, chat, \
sync, ping, why, hint
    """
    try:
        data: Any = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad-message", _("a message must be one JSON object")) from None
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
        where = ".".join(str(p) for p in problem["loc"][1:]) or "message"
        raise ProtocolError(
            "bad-message",
            _("bad {kind} message: {field}: {problem}").format(
                kind=kind, field=clip(where), problem=clip(problem["msg"])
            ),
        ) from None


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


class BotIn(_Strict):
    bot: str = Field(default="rules", min_length=1, max_length=200)


class SitIn(_Strict):
    seat: int | None = Field(default=None, ge=0, le=7)


# ---------------------------------------------------------------------- server to client


class EventOut(_Strict):
    i: int
    type: str
    seat: int | None
    data: dict[str, Any]
    text: str


class LegalOut(_Strict):
    move: str
    words: str
    #: What the mover should read before making this move (the game's ``move_warning``).
    warn: str | None


class PlayerOut(_Strict):
    seat: int
    name: str
    kind: Literal["open", "human", "bot"]
    online: bool
    #: Milliseconds on the seat's clock as the message was sent (None: no clock).
    clock_ms: int | None
    out_of_time: bool


class ViewOut(_Strict):
    type: Literal["view"]
    table: str
    ply: int
    seat: int | None
    status: str
    observation: dict[str, Any]
    events: list[EventOut]
    first_event: int
    prompt: str
    legal: list[LegalOut]
    to_move: int | None
    players: list[PlayerOut]
    result: dict[str, Any] | None
    #: What the result line adds to the winners (a skunk, the partnership); "" before the end.
    result_note: str


class ReplayMoveOut(_Strict):
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


class WhyOut(_Strict):
    type: Literal["why"]
    move: str
    #: The game's refusal in the client's language; None: the move is legal now.
    reason: str | None


class AdviceOut(_Strict):
    """One way to lay away two of six cards (Cribbage, two players): expected points."""

    discard: list[str]
    keep: list[str]
    hand: float
    #: The crib's expected points, + when the seat deals, - otherwise.
    crib: float
    net: float


class HintOut(_Strict):
    type: Literal["hint"]
    ply: int
    move: str
    words: str
    advice: list[AdviceOut] | None


class ErrorOut(_Strict):
    type: Literal["error"]
    code: str
    message: str
    ply: int | None = None


class PresenceOut(_Strict):
    type: Literal["presence"]
    online: list[bool]


class RematchOut(_Strict):
    type: Literal["rematch"]
    table: str


class ChatOut(_Strict):
    type: Literal["chat"]
    sender: str = Field(alias="from")
    seat: int | None
    text: str
    at: str
