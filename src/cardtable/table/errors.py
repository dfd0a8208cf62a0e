"""What a table refuses, as a code and a sentence the asker may read.

The table's rules know no HTTP: a refusal carries a :class:`Fault`; only the web edge maps a
fault to a status (``cardtable.server.edge``), and the websocket sends the code as it is.

>>> err = TableError(Fault.FULL, "every seat is taken; you may watch")
>>> err.code, str(err)
(<Fault.FULL: 'full'>, 'every seat is taken; you may watch')
"""

from __future__ import annotations

from enum import StrEnum

from cardtable.errors import CardtableError

__all__ = ["Fault", "TableError"]


class Fault(StrEnum):
    """Why a table refuses a request or a move (the ``code`` of the answer)."""

    # The request names something that is not there, or is malformed.
    NO_TABLE = "no-table"
    BAD_TABLE = "bad-table"
    BAD_BOT = "bad-bot"
    BAD_SEAT = "bad-seat"
    BAD_NAME = "bad-name"
    # The asker may not do it.
    NO_USER = "no-user"
    NOT_CREATOR = "not-creator"
    NOT_SEATED = "not-seated"
    # Not now: the table is not in the state the request needs.
    STARTED = "started"
    FULL = "full"
    SEAT_TAKEN = "seat-taken"
    SEATS_OPEN = "seats-open"
    NOT_OVER = "not-over"
    NOT_PLAYING = "not-playing"
    NOT_A_PERSON = "not-a-person"
    STILL_HERE = "still-here"
    NOTHING_HELD = "nothing-held"
    # A move's or a hint's refusals (sent over the websocket only).
    GAME_OVER = "game-over"
    STALE = "stale"
    NOT_YOUR_SEAT = "not-your-seat"
    ILLEGAL_MOVE = "illegal-move"
    TOO_FAST = "too-fast"
    NO_HINT = "no-hint"
    # The server cannot take it now (its database did not answer in time): ask again.
    BUSY = "busy"


class TableError(CardtableError):
    """A request or a move the table refuses: ``code`` says what kind, the message (in the
    asker's language) says what is wrong and what is allowed, naming nothing hidden."""

    def __init__(self, code: Fault, message: str) -> None:
        super().__init__(message)
        self.code = code
