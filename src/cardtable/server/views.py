"""The one place that builds game data for the wire: what ``seat`` may see of ``state``.

Nothing else in the server sends a state's contents. A seat gets ``observation(seat)`` and its
own events; a spectator (``seat`` None) the public view and public events. The seed, the
undealt cards and other seats' hands never appear, not even after the end (the record, fetched
separately once the game is over, has them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine import State
from cardtable.i18n import using_language

__all__ = ["Player", "view"]

#: (seat, name, kind, online, clock milliseconds or None, out of time) of each seat.
Player = tuple[int, str, str, bool, int | None, bool]


def view(
    table_id: str,
    state: State,
    seat: int | None,
    language: str,
    players: Sequence[Player],
    status: str,
    first_event: int = 0,
) -> dict[str, Any]:
    """A ``view`` message for ``seat``: the seat's events from ``first_event`` on (0: a full
    view), every text in ``language``.

    >>> import cardtable
    >>> state = cardtable.load("cribbage").new_state(seed=1)
    >>> message = view("T1", state, 0, "en", [(0, "Ann", "human", True, None, False)], "playing")
    >>> message["observation"]["hand"], message["legal"][0]["words"], "seed" in str(message)
    (['2H', '4C', '7S', '9S', 'JC', 'QD'], 'discard 2H 4C', False)
    """
    game = state.game
    with using_language(language):
        observation = state.observation(seat)
        seen = state.events_for(seat)
        events = [
            {
                "i": i,
                "type": e.type,
                "seat": e.seat,
                "data": dict(e.data),
                "text": game.describe(e),
            }
            for i, e in enumerate(seen[first_event:], start=first_event)
        ]
        mine = seat is not None and state.to_move == seat
        legal = state.legal_moves() if mine else []
        message: dict[str, Any] = {
            "type": "view",
            "table": table_id,
            "ply": len(state.history),
            "seat": seat,
            "status": status,
            "observation": observation,
            "events": events,
            "first_event": first_event,
            "prompt": game.prompt(observation) if mine else "",
            "legal": [{"move": m.text, "words": state.describe_move(m)} for m in legal],
            "to_move": state.to_move,
            "players": [
                {
                    "seat": s,
                    "name": name,
                    "kind": kind,
                    "online": online,
                    "clock_ms": clock,
                    "out_of_time": late,
                }
                for s, name, kind, online, clock, late in players
            ],
            "result": state.result if state.is_over else None,
        }
    return message
