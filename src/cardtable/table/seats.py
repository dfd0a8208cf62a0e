"""Who sits at a table: each seat's kind, its person or bot, its time bank; the table's status.

>>> seat = Seat(0, SeatKind.BOT, user_id="u1", bot="medium")
>>> seat.held_for("u1"), seat.person("u1"), Status.PLAYING.live
(True, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Seat", "SeatKind", "Status"]


class SeatKind(StrEnum):
    """What sits in a seat."""

    OPEN = "open"
    HUMAN = "human"
    BOT = "bot"


class Status(StrEnum):
    """Where a table is in its life: seats being taken, the game, and its two ends."""

    OPEN = "open"
    PLAYING = "playing"
    OVER = "over"
    ABANDONED = "abandoned"

    @property
    def live(self) -> bool:
        """Whether the table may still change (kept in a server's memory while it does)."""
        return self in (Status.OPEN, Status.PLAYING)

    @property
    def ended(self) -> bool:
        """Whether the game is finished one way or another (a record, a replay)."""
        return self in (Status.OVER, Status.ABANDONED)


# The members read on every view, looked up once (an enum member read through its class is
# slow in Python 3.11).
_HUMAN, _BOT = SeatKind.HUMAN, SeatKind.BOT


@dataclass
class Seat:
    """One seat: open, a person (``user_id``), or a bot (``bot``, its level or name). A bot
    that keeps the seat of a person who went away also keeps their ``user_id``, so that the
    person may take the seat back."""

    seat: int
    kind: SeatKind
    user_id: str | None = None
    bot: str | None = None
    #: Milliseconds left in the seat's time bank (None: no bank).
    clock_ms: int | None = None

    def person(self, user_id: str) -> bool:
        """Whether ``user_id`` plays this seat in person."""
        return self.user_id == user_id and self.kind is _HUMAN

    def held_for(self, user_id: str) -> bool:
        """Whether a bot keeps this seat for ``user_id``."""
        return self.user_id == user_id and self.kind is _BOT
