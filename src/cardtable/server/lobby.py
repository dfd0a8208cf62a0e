"""What the lobby lists, and how: a person's games (also those a bot keeps their seat in),
the tables waiting for players (not those their creator has left), and games to watch, each
with what the lobby page shows of it in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from cardtable.i18n import _, game_title, using_language
from cardtable.options import choice_label, option_label
from cardtable.server.models import User, now
from cardtable.server.room import Room
from cardtable.table.clock import aware
from cardtable.table.seats import Status
from cardtable.table.view import seat_names, summary

__all__ = ["CREATOR_GONE", "MAX_WATCH", "lobby", "options_text"]

#: Seconds after which a waiting table whose creator is not connected leaves the lobby (its
#: Join would lead to a table only the absent creator may start).
CREATOR_GONE = 60.0

#: How many games in progress the lobby offers to watch.
MAX_WATCH = 20

#: Options the table itself shows (who deals, how many seats), not listed in words.
_SHOWN_ELSEWHERE = ("dealer", "players")


def options_text(room: Room) -> list[str]:
    """The table's options in words in the current language, one ``label: value`` each.

    >>> import cardtable
    >>> from cardtable.table.core import Table
    >>> table = Table.create("T", cardtable.load("cribbage", target=61), {"seed": 1}, "a",
    ...                      "Ann", ["open", "easy"])
    >>> for line in options_text(Room(table, None, None, None)):  # type: ignore[arg-type]
    ...     print(line)
    Target score: 61 points
    Skunk rule: ACC: a skunk at 31 points ahead, a double at 61
    Muggins: off
    Games in the match: 1
    """
    game = room.table.game
    return [
        _("{option}: {value}").format(option=option_label(spec), value=choice_label(value, spec))
        for spec in type(game).option_specs
        if spec.name not in _SHOWN_ELSEWHERE
        for value in [game.options.get(spec.name, spec.default)]
        if not (spec.research and value == spec.default)
    ]


def _creator_gone(room: Room, seen: dict[str, datetime | None] | None, grace: float) -> bool:
    """Whether the table's creator has not been connected to it for :data:`CREATOR_GONE`
    seconds: here (this process's connections and other processes' presence notices), and,
    with other processes, by the table's ``seen_at`` (any person there, written every
    ``grace`` seconds at most; else its making)."""
    creator = room.table.created_by
    if creator is None or room.away_for(creator) < CREATOR_GONE:
        return False
    if seen is None:
        return True  # one process: it knows every connection
    last = seen.get(room.id) or room.created_at  # a new table: nobody connected to it yet
    return last is None or (now() - aware(last)).total_seconds() >= CREATOR_GONE + grace


def _entry(room: Room, user: User) -> dict[str, Any]:
    """A table as the lobby lists it, in the user's language."""
    table = room.table
    out = summary(table, user.id, user.language, room.presence(), now())
    with using_language(user.language):
        out["options_text"] = options_text(room)
    out["held"] = out["held_for_you"] is not None
    # A rated table moves its players' ratings: seen before one sits down.
    out["rated"] = room.rated
    out["created_at"] = aware(room.created_at).isoformat() if room.created_at else None
    # Who is there: the summary's seats already say each one's name and presence.
    out["present"] = [s["name"] for s in out["seats"] if s["kind"] == "human" and s["online"]]
    out["can_start"] = (
        table.created_by == user.id and table.status is Status.OPEN and not table.free_seats()
    )
    return out


def _to_watch(room: Room, user: User) -> dict[str, Any]:
    """A game in progress as the lobby offers it to watch."""
    table = room.table
    with using_language(user.language):
        return {
            "id": table.id,
            "game": table.game.name,
            "title": game_title(table.game),
            "names": seat_names(table),
            "started_at": aware(table.started_at).isoformat() if table.started_at else None,
            "options_text": options_text(room),
            "spectators": room.presence().spectators,
        }


def lobby(
    rooms: Sequence[Room], user: User, seen: dict[str, datetime | None] | None, grace: float
) -> dict[str, Any]:
    """The lobby of ``user`` from the live tables ``rooms`` (``seen``: when a person was last
    at each, by any process, where other processes share the tables; None for one process)."""
    waiting, mine, watch = [], [], []
    for room in rooms:
        table = room.table
        seated = table.seat_of(user.id) is not None
        if table.status is Status.OPEN:
            if seated or (room.listed and not _creator_gone(room, seen, grace)):
                waiting.append(room)
        elif table.status is Status.PLAYING:
            if seated or table.held_for(user.id) is not None:
                mine.append(room)
            elif room.listed:
                watch.append(room)
    watch.sort(key=lambda r: r.table.started_at or now(), reverse=True)
    playing = [_entry(r, user) for r in mine]
    return {
        "open": [_entry(r, user) for r in waiting],
        "playing": playing,
        "your_turn": [
            t for t in playing if t["your_seat"] is not None and t["to_move"] == t["your_seat"]
        ],
        "watch": [_to_watch(r, user) for r in watch[:MAX_WATCH]],
    }
