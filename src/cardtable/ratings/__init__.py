"""Ratings that understand partnerships: one rating per player per game, with its uncertainty,
updated from a finished game's ranking of its sides (OpenSkill's Plackett-Luce model).

Pure: no server, no database. The server (:mod:`cardtable.server.ratings`) reads and writes
the ratings; this package only says how a finished game moves them.

>>> from cardtable.ratings import Outcome, rate
>>> outcome = Outcome(sides=((0, 2), (1, 3)), scores=(10, 4, 10, 4))
>>> changes = rate(outcome, ["ann", "bob", "cy", "dee"], {})
>>> [round(changes[p].after.mu, 3) for p in ("ann", "bob", "cy", "dee")]
[26.964, 23.036, 26.964, 23.036]
"""

from __future__ import annotations

from cardtable.ratings.outcome import Outcome, placings
from cardtable.ratings.skill import NEW, Change, Rating, rate

__all__ = ["NEW", "Change", "Outcome", "Rating", "placings", "rate"]
