"""Calypso's fixed tables: the four packs and each card id's rank value and place in a hand.

Cards are ids 0..207 (``copy * 52 + face``; the suit is ``id & 3``). This module imports
nothing of the game, so every other module of it may read these.

>>> from cardtable.cards import parse_card
>>> CARDS, VALUE[parse_card("AS")], VALUE[52 + parse_card("10H")]
(208, 14, 10)
>>> SORT_KEY[parse_card("AS")] < SORT_KEY[parse_card("KS")] < SORT_KEY[52 + parse_card("KS")]
True
"""

from __future__ import annotations

from cardtable.cards import PACK_SIZE

__all__ = ["CARDS", "PACKS", "SORT_KEY", "VALUE"]

PACKS = 4
CARDS = PACK_SIZE * PACKS

#: Rank value of a card id (any copy): 2..10, J 11, Q 12, K 13, A 14.
VALUE: tuple[int, ...] = tuple(
    14 if (c % PACK_SIZE) < 4 else (c % PACK_SIZE) // 4 + 1 for c in range(CARDS)
)

#: Hands are kept sorted by suit, then rank from the ace down, copies of one face together.
SORT_KEY: tuple[int, ...] = tuple(
    (c & 3) * 64 + (14 - VALUE[c]) * 4 + c // PACK_SIZE for c in range(CARDS)
)
