"""Cribbage's fixed tables: the phases of a deal and each card's rank and pegging value.

Cards are faces 0..51 as in :mod:`cardtable.cards`. This module imports nothing of the game, so
every other module of it may read these.

>>> from cardtable.cards import parse_card
>>> RANK[parse_card("KH")], VALUE[parse_card("KH")], VALUE[parse_card("AS")], PHASES[PLAYING]
(13, 10, 1, 'play')

The ``deck`` option's packs: the full 52, or the tiny six cards for exact solvers.

>>> from cardtable.cards import cards_str
>>> tiny = DECKS["tiny"]
>>> cards_str(tiny.pack), tiny.hand, tiny.lay_away, tiny.limit
(['4H', '4S', '5H', '5S', '6H', '6S'], 2, 1, 10)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import parse_cards

__all__ = [
    "CLAIMING",
    "DECKS",
    "DISCARD",
    "JACK",
    "MUGGING",
    "OVER",
    "PHASES",
    "PLAYING",
    "RANK",
    "VALUE",
    "Deck",
]

DISCARD, PLAYING, CLAIMING, MUGGING, OVER = range(5)
#: The phase names the observation gives, indexed by the codes above.
PHASES = ("discard", "play", "claim", "muggins", "over")

#: Rank of each card: 1 ace .. 13 king.
RANK: tuple[int, ...] = tuple(c // 4 + 1 for c in range(52))
#: Pegging value of each card: the rank, court cards 10.
VALUE: tuple[int, ...] = tuple(min(c // 4 + 1, 10) for c in range(52))
JACK = 11


@dataclass(frozen=True, slots=True)
class Deck:
    """What the ``deck`` option changes: the pack's cards, the cards dealt to each of two
    players, the count's limit, whether the game is one deal, and the flush rule (the tiny
    deck's flush needs the starter too and scores one point a card)."""

    pack: tuple[int, ...]
    hand: int
    limit: int
    one_deal: bool
    whole_flush: bool

    @property
    def lay_away(self) -> int:
        """Cards each of two players lays away: the play keeps four (the tiny deck: one)."""
        return 2 if self.hand == 6 else 1


#: The packs of the ``deck`` option by name.
DECKS: dict[str, Deck] = {
    "standard": Deck(tuple(range(52)), 6, 31, False, False),
    "tiny": Deck(tuple(sorted(parse_cards("4H 5H 6H 4S 5S 6S"))), 2, 10, True, True),
}
