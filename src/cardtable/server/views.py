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
from cardtable.i18n import NP_, _, pgettext, using_language

__all__ = ["Player", "bot_name", "level_word", "view"]

#: Each bot level's word (marked here; translated where shown).
_LEVEL_WORDS = {
    "beginner": NP_("level", "beginner"),
    "easy": NP_("level", "easy"),
    "medium": NP_("level", "medium"),
    "hard": NP_("level", "hard"),
    "expert": NP_("level", "expert"),
}


def level_word(level: str) -> str:
    """A bot level in the current language (another name as it is).

    >>> with using_language("ja"):
    ...     level_word("medium")
    '中級'
    """
    word = _LEVEL_WORDS.get(level)
    return pgettext("level", word) if word else level


def bot_name(spec: str) -> str:
    """A bot's name at a table: its level's word, or its name with its settings.

    >>> bot_name("hard"), bot_name("pimc:worlds=50")
    ('hard bot', 'pimc:worlds=50 bot')
    """
    return _("{bot} bot").format(bot=level_word(spec))


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
            "legal": [
                {"move": m.text, "words": state.describe_move(m), "warn": state.move_warning(m)}
                for m in legal
            ],
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
            "result_note": state.result_note() if state.is_over else "",
        }
    return message
