"""The words Cribbage's browser face shows beyond events and moves, by key, in the current
language: the name of each score reason and show combination (``reason:<kind>``), the
traditional call of each combination a counted hand can hold (``call:<kind> <points>``: "run of
4", "fifteen two"), the call of any other score (``call``: "{reason} for {points}") and how a
game was won (``kind:<kind>``: skunk, lurch). The words are text.py's own.

>>> words = vocabulary()
>>> words["reason:pair royal"], words["call:run 4"], words["call:nobs 1"], words["kind:lurch"]
('pair royal', 'run of 4', 'his nobs', 'lurch')
"""

from __future__ import annotations

from cardtable.games.cribbage.text import call, game_kind_name, reason_name
from cardtable.i18n import N_, _

__all__ = ["vocabulary"]

#: Every reason a score or a show's combination has.
REASONS = (
    "fifteen",
    "thirty-one",
    "limit",
    "pair",
    "pair royal",
    "double pair royal",
    "run",
    "flush",
    "nobs",
    "his heels",
    "go",
    "last card",
    "claim",
    "muggins",
)
#: The combinations a counted hand's breakdown holds, with their points.
COMBOS = (
    ("fifteen", 2),
    ("pair", 2),
    ("pair royal", 6),
    ("double pair royal", 12),
    ("run", 3),
    ("run", 4),
    ("run", 5),
    ("flush", 4),
    ("flush", 5),
    ("nobs", 1),
)
#: How a game is won.
GAME_KINDS = ("win", "skunk", "double skunk", "lurch", "draw")


def vocabulary() -> dict[str, str]:
    """Cribbage's face words by key, translated now (see the module's note).

    >>> vocabulary()["call"]
    '{reason} for {points}'
    """
    words = {f"reason:{reason}": reason_name(reason) for reason in REASONS}
    words.update({f"call:{kind} {points}": call(kind, points) for kind, points in COMBOS})
    words["call"] = _(N_("{reason} for {points}"))
    words.update({f"kind:{kind}": game_kind_name(kind) for kind in GAME_KINDS})
    return words
