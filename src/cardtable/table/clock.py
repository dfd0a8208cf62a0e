"""A table's clock: a time bank per seat (with an increment per move), or a time per move.

The clock is data (``{"bank": s, "increment": s}`` or ``{"per_move": s}``); time runs for the
seat to move from the moment its turn began. Nothing here reads the time: callers pass it.

>>> from datetime import UTC, datetime, timedelta
>>> start = datetime(2026, 1, 1, tzinfo=UTC)
>>> left_ms({"per_move": 30}, None, True, start, start + timedelta(seconds=12))
18000
>>> bank_after({"bank": 60, "increment": 5}, 1000)
6000
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

__all__ = ["aware", "bank_after", "initial_bank", "left_ms"]

Clock = Mapping[str, Any]


def aware(moment: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone).

    >>> aware(datetime(2026, 1, 1)).tzinfo
    datetime.timezone.utc
    """
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def initial_bank(clock: Clock | None) -> int | None:
    """A seat's time bank at the start, in milliseconds (None: no bank).

    >>> initial_bank({"bank": 90, "increment": 2}), initial_bank({"per_move": 20})
    (90000, None)
    """
    return int(clock["bank"]) * 1000 if clock and "bank" in clock else None


def left_ms(
    clock: Clock | None,
    banked_ms: int | None,
    to_move: bool,
    turn_started: datetime | None,
    moment: datetime,
) -> int | None:
    """Milliseconds left on a seat's clock at ``moment`` (running when it is ``to_move``);
    None where the seat has no clock (no clock at all, or a per-move clock of a seat that is
    not to move)."""
    if not clock:
        return None
    elapsed = 0
    if to_move and turn_started is not None:
        elapsed = int((moment - aware(turn_started)).total_seconds() * 1000)
    if "per_move" in clock:
        return int(clock["per_move"]) * 1000 - elapsed if to_move else None
    return None if banked_ms is None else banked_ms - elapsed


def bank_after(clock: Clock | None, left: int | None) -> int | None:
    """The mover's bank after a move with ``left`` milliseconds on it: what was left (never
    below zero) plus the increment; None without a bank."""
    if not clock or "bank" not in clock:
        return None
    return max(0, left or 0) + int(clock.get("increment", 0)) * 1000
