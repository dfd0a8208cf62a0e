"""Cribbage's fixed tables: the phases of a deal and each card's rank and pegging value.

Cards are faces 0..51 as in :mod:`cardtable.cards`. This module imports nothing of the game, so
every other module of it may read these.

>>> from cardtable.cards import parse_card
>>> RANK[parse_card("KH")], VALUE[parse_card("KH")], VALUE[parse_card("AS")], PHASES[PLAYING]
(13, 10, 1, 'play')
"""

from __future__ import annotations

__all__ = [
    "CLAIMING",
    "DISCARD",
    "JACK",
    "MUGGING",
    "OVER",
    "PHASES",
    "PLAYING",
    "RANK",
    "VALUE",
]

DISCARD, PLAYING, CLAIMING, MUGGING, OVER = range(5)
#: The phase names the observation gives, indexed by the codes above.
PHASES = ("discard", "play", "claim", "muggins", "over")

#: Rank of each card: 1 ace .. 13 king.
RANK: tuple[int, ...] = tuple(c // 4 + 1 for c in range(52))
#: Pegging value of each card: the rank, court cards 10.
VALUE: tuple[int, ...] = tuple(min(c // 4 + 1, 10) for c in range(52))
JACK = 11
