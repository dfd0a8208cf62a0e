"""Kloepper's cards as the standard card ids (``(rank - 1) * 4 + suit``) and its fixed tables:
the seats, the phases of a deal, the order a hand is shown in. This module imports nothing of
the game, so every other module of it may read these.

The pack is the 24 cards 9 10 J Q K A of each suit. The trumps form a fifth "suit" (``TRUMP``):
the black queens, every jack and the diamonds; the plain suits rank A 10 K Q 9.

>>> from cardtable.cards import parse_card, cards_str
>>> cards_str(TRUMPS)
['QC', 'QS', 'JC', 'JS', 'JH', 'JD', 'AD', '10D', 'KD', 'QD', '9D']
>>> KEY[parse_card("QS")] == TRUMP, KEY[parse_card("QH")], POINTS[parse_card("AH")]
(True, 2, 11)
>>> sum(POINTS[c] for c in PACK)
120

The tiny pack (option ``deck="tiny"``) keeps eight of these cards, ranked as in the full pack:

>>> tiny = DECKS["tiny"]
>>> cards_str(hand_order(tiny.pack)), tiny.points, tiny.tricks
(['QC', 'QS', 'JH', 'AD', 'AH', '10H', 'AS', '10S'], 61, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.cards import parse_card, parse_cards

__all__ = [
    "ACES",
    "BLACK_QUEENS",
    "CALLABLE",
    "DECKS",
    "DECLARE",
    "KEY",
    "KEY_MASK",
    "KEY_NAMES",
    "KNOCKOFF",
    "OVER",
    "PACK",
    "PACK_MASK",
    "PHASES",
    "PLAYING",
    "POINTS",
    "POWER",
    "QC",
    "QS",
    "SEATS",
    "TRUMP",
    "TRUMPS",
    "Deck",
    "hand_order",
    "trick_winner",
]

SEATS = 4
DECLARE, KNOCKOFF, PLAYING, OVER = range(4)
#: The phase names the observation gives, indexed by the codes above.
PHASES = ("declare", "knock-off", "play", "over")

#: The suit key of the trumps; plain suits keep their suit number (clubs 0, hearts 2, spades 3).
TRUMP = 4
#: Names of the suit keys as the observation gives them (diamonds are all trumps).
KEY_NAMES = ("clubs", "diamonds", "hearts", "spades", "trumps")

TRUMPS: tuple[int, ...] = tuple(parse_cards("QC QS JC JS JH JD AD 10D KD QD 9D"))
_PLAIN_ORDER = ("A", "10", "K", "Q", "9")
PACK: tuple[int, ...] = tuple(
    sorted(parse_card(r + s) for r in ("9", "10", "J", "Q", "K", "A") for s in "CDHS")
)
PACK_MASK = sum(1 << c for c in PACK)
QC, QS = parse_card("QC"), parse_card("QS")
BLACK_QUEENS = (QC, QS)
#: The aces that may be called (A♦ is a trump).
CALLABLE: tuple[int, ...] = tuple(parse_cards("AC AH AS"))
ACES = CALLABLE

_POINTS_BY_RANK = {1: 11, 10: 10, 13: 4, 12: 3, 11: 2, 9: 0}

POINTS: tuple[int, ...] = tuple(_POINTS_BY_RANK.get(c // 4 + 1, 0) for c in range(52))
KEY: tuple[int, ...] = tuple(TRUMP if c in TRUMPS else c % 4 for c in range(52))
# Higher beats lower; trumps above every plain card, so one comparison settles a trick once
# cards that neither follow nor trump are given power 0 by the caller.
_power = [0] * 52
for _i, _c in enumerate(reversed(TRUMPS)):
    _power[_c] = 100 + _i
for _s in "CHS":
    for _i, _r in enumerate(reversed(_PLAIN_ORDER)):
        _c = parse_card(_r + _s)
        if _c not in TRUMPS:
            _power[_c] = 10 + _i
POWER: tuple[int, ...] = tuple(_power)
#: The cards of each suit key, as a bitmask.
KEY_MASK: tuple[int, ...] = tuple(sum(1 << c for c in PACK if KEY[c] == k) for k in range(5))


@dataclass(frozen=True, slots=True)
class Deck:
    """What a pack changes in a deal: its cards, the aces that may be called, the tricks of a
    deal (the cards each seat is dealt), the card points in it, the trick before whose lead
    a knock must come (the second, index 1; the tiny deck's first), and whether the last trick,
    every card of it forced, plays itself. The tiny deck's two keep its game tree small."""

    pack: tuple[int, ...]
    callable: tuple[int, ...]
    tricks: int
    points: int
    knock_before: int = 1
    auto_last: bool = False

    @property
    def packet(self) -> int:
        """Cards given to each seat at a time: a hand comes in two packets (3 and 3)."""
        return self.tricks // 2

    def thresholds(self) -> tuple[int, int, int]:
        """The card points the queens team needs to win (more than half), to win high (more
        than three quarters), and at or under which it loses high (a quarter): 61, 91 and 30
        of the full pack's 120."""
        total = self.points
        return total // 2 + 1, 3 * total // 4 + 1, total // 4


_TINY = tuple(sorted(parse_cards("QC QS JH AD AH 10H AS 10S")))
#: The packs of the ``deck`` option: the full 24 cards, or the tiny eight for exact solvers.
DECKS: dict[str, Deck] = {
    "standard": Deck(PACK, CALLABLE, 6, 120),
    "tiny": Deck(
        _TINY, tuple(parse_cards("AH AS")), 2, sum(POINTS[c] for c in _TINY), 0, auto_last=True
    ),
}

# Trumps high to low, then clubs, hearts, spades high to low: the order a hand is shown in.
_ORDER = {c: (0 if KEY[c] == TRUMP else 1 + (0, 0, 1, 2)[c % 4], -POWER[c]) for c in PACK}
_DISPLAY = {c: i for i, c in enumerate(sorted(PACK, key=_ORDER.__getitem__))}


def hand_order(cards: Sequence[int]) -> list[int]:
    """Cards sorted as a hand is shown: trumps high to low, then clubs, hearts, spades.

    >>> from cardtable.cards import parse_cards, cards_str
    >>> cards_str(hand_order(parse_cards("9H AC JD QS 10H KD")))
    ['QS', 'JD', 'KD', 'AC', '10H', '9H']
    """
    return sorted(cards, key=_DISPLAY.__getitem__)


def trick_winner(trick: Sequence[int], leader: int) -> int:
    """The seat that wins a full trick led by ``leader``: the highest trump, else the highest
    card of the suit led (the game, its search and its endgame solver all ask this).

    >>> from cardtable.cards import parse_cards
    >>> trick_winner(parse_cards("AH 9D 10H QS"), 1), trick_winner(parse_cards("AH KH 10H 9H"), 1)
    (0, 1)
    """
    led = KEY[trick[0]]
    top, top_power = 0, -1
    for i, c in enumerate(trick):
        if KEY[c] in (led, TRUMP) and POWER[c] > top_power:
            top, top_power = i, POWER[c]
    return (leader + top) % SEATS
