"""Cards as small ints, card sets as int bitmasks, and the ASCII card notation.

A card *face* is ``(rank - 1) * 4 + suit``: ``0`` is the ace of clubs, ``51`` the king of spades.
Games played with several identical packs number each physical card ``copy * 52 + face``, so
every card of the pack(s) has its own bit in a card set while the notation names only the face.

>>> c = parse_card("10h")
>>> c, card_str(c), rank_of(c), suit_of(c)
(38, '10H', 10, 2)
>>> card_str(parse_card("T♥"))
'10H'
>>> [card_str(x) for x in cards_of(mask_of([parse_card("AS"), parse_card("2C")]))]
['AS', '2C']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from math import floor

from cardtable.errors import CardError, clip
from cardtable.i18n import N_, _, ngettext

__all__ = [
    "PACK_SIZE",
    "RANK_NAMES",
    "SUIT_LETTERS",
    "SUIT_SYMBOLS",
    "Card",
    "Copies",
    "Rank",
    "Suit",
    "card_str",
    "cards_of",
    "cards_str",
    "face_of",
    "mask_of",
    "pack",
    "parse_card",
    "parse_cards",
    "parse_deck",
    "pretty",
    "rank_of",
    "shuffle",
    "suit_of",
]


class Suit(IntEnum):
    """The four suits, in the order of their card numbers (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]


class Rank(IntEnum):
    """Ranks with the ace as 1; games that rank the ace high say so in their own tables."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        return RANK_NAMES[self]


PACK_SIZE = 52
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

ACCEPTED_FORMS = N_(
    "a rank (A 2 3 4 5 6 7 8 9 10 J Q K, T for 10) followed by a suit "
    "(C D H S or ♣ ♦ ♥ ♠), in either case, e.g. 10H, TH, 10♥, as, qd"
)

_RANK_BY_TEXT = {name: r for r, name in enumerate(RANK_NAMES) if name} | {"T": 10}
# Lower-case letters are listed rather than upper-cased: str.upper() makes "ſ" an S.
_SUIT_BY_TEXT = {ch: s for s, ch in enumerate(SUIT_LETTERS)} | {
    ch: s for s, ch in enumerate(SUIT_LETTERS.lower())
}
_SUIT_BY_TEXT |= {ch: s for s, ch in enumerate(SUIT_SYMBOLS)}
# Outline suit symbols and the emoji variation selector are common in pasted text.
_SUIT_BY_TEXT |= {"♧": 0, "♢": 1, "♡": 2, "♤": 3}

_NAMES = tuple(RANK_NAMES[f // 4 + 1] + SUIT_LETTERS[f % 4] for f in range(PACK_SIZE))
_PRETTY = tuple(RANK_NAMES[f // 4 + 1] + SUIT_SYMBOLS[f % 4] for f in range(PACK_SIZE))
_BY_NAME: dict[str, int] = {}


def face_of(card: int) -> int:
    """The face (0..51) of a card id from any copy of the pack."""
    return card % PACK_SIZE


def rank_of(card: int) -> int:
    """Rank 1 (ace) .. 13 (king) of a card id."""
    return (card % PACK_SIZE) // 4 + 1


def suit_of(card: int) -> int:
    """Suit 0 (clubs) .. 3 (spades) of a card id."""
    return card % 4


def card_str(card: int) -> str:
    """Canonical ASCII notation of a card id: ``card_str(38) == '10H'``."""
    return _NAMES[card % PACK_SIZE]


def cards_str(cards: Iterable[int]) -> list[str]:
    """The notation of each card id, in order: ``cards_str([38, 0]) == ['10H', 'AC']``."""
    return [_NAMES[c % PACK_SIZE] for c in cards]


def pretty(card: int) -> str:
    """Notation with the suit symbol, for display: ``pretty(38) == '10♥'``."""
    return _PRETTY[card % PACK_SIZE]


def _parse_uncached(text: str) -> int:
    body = text.strip().replace("\ufe0f", "")
    # The rank is ASCII (A 2 ... 10 J Q K, T): only then is upper-casing it safe.
    if 2 <= len(body) <= 3 and body[:-1].isascii():
        rank = _RANK_BY_TEXT.get(body[:-1].upper())
        suit = _SUIT_BY_TEXT.get(body[-1])
        if rank is not None and suit is not None:
            return (rank - 1) * 4 + suit
    raise _malformed(text)


def _malformed(text: object) -> CardError:
    return CardError(
        _("malformed card {text!r}: a card is {forms}").format(
            text=clip(text), forms=_(ACCEPTED_FORMS)
        )
    )


def parse_card(text: str) -> int:
    """Read one card in any accepted form and return its face (0..51).

    >>> parse_card("QS"), parse_card("q♠"), parse_card("10c")
    (47, 47, 36)
    """
    if not isinstance(text, str):
        raise _malformed(text)
    face = _BY_NAME.get(text)
    if face is None:
        face = _parse_uncached(text)
        # Bounded, and only short texts: user input must not grow it without limit.
        if len(_BY_NAME) < 4096 and len(text) <= 8:
            _BY_NAME[text] = face
    return face


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Read cards separated by spaces or commas (or an iterable of card strings).

    >>> parse_cards("5H 5D, js")
    [18, 17, 43]
    """
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, bytes | bytearray):
        items = list(text)
    else:
        raise _malformed(text)
    return [parse_card(t) for t in items]


def pack(packs: int = 1) -> list[int]:
    """All card ids of ``packs`` identical packs, in order (copy 0 first)."""
    return list(range(PACK_SIZE * packs))


def parse_deck(items: Sequence[str], packs: int = 1) -> list[int]:
    """Read an explicit shuffled pack (top card first) and check it is complete.

    With several identical packs the n-th occurrence of a face becomes copy n.

    >>> deck = parse_deck([card_str(c) for c in pack()])
    >>> deck[:3]
    [0, 1, 2]
    """
    if isinstance(items, str) or not isinstance(items, Sequence):
        raise CardError(_("a pack must be a list of card strings, top card first"))
    size = PACK_SIZE * packs
    if len(items) != size:
        raise CardError(
            _("a pack must hold {size} cards, this one holds {count}").format(
                size=size, count=len(items)
            )
        )
    seen = [0] * PACK_SIZE
    ids = []
    for text in items:
        face = parse_card(text)
        copy = seen[face]
        if copy >= packs:
            raise CardError(
                ngettext(
                    "card {card} appears {times} times in a pack of {packs} copy of each card",
                    "card {card} appears {times} times in a pack of {packs} copies of each card",
                    packs,
                ).format(card=card_str(face), times=copy + 1, packs=packs)
            )
        seen[face] = copy + 1
        ids.append(copy * PACK_SIZE + face)
    return ids


def shuffle(cards: list[int], rng: random.Random, top: int | None = None) -> None:
    """Shuffle in place from the top, identically on every Python version.

    With ``top``, only the first ``top`` places are drawn (uniformly, as in a full shuffle);
    the order below them is deterministic but not random, which is all a deal that uses only
    the top cards needs. ``random.shuffle`` is not promised to stay the same across versions;
    ``Random.random`` is, for a given integer seed, so the draw uses only that.

    >>> cards = pack()
    >>> shuffle(cards, random.Random(1))
    >>> sorted(cards) == pack(), cards[:3] != [0, 1, 2]
    (True, True)
    """
    size = len(cards)
    rnd = rng.random
    for i in range(size - 1 if top is None else min(top, size - 1)):
        j = i + floor(rnd() * (size - i))
        cards[i], cards[j] = cards[j], cards[i]


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of a collection of card ids."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> Iterator[int]:
    """Card ids in a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Card(int):
    """A card id with readable accessors; plain ints work everywhere a Card does.

    >>> Card.parse("10H").rank, Card.parse("10H").suit, str(Card(38))
    (<Rank.TEN: 10>, <Suit.HEARTS: 2>, '10H')
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Card:
        return cls(parse_card(text))

    @property
    def rank(self) -> Rank:
        return Rank(rank_of(self))

    @property
    def suit(self) -> Suit:
        return Suit(suit_of(self))

    @property
    def face(self) -> int:
        return face_of(self)

    @property
    def copy(self) -> int:
        return int(self) // PACK_SIZE

    def __str__(self) -> str:
        return card_str(self)

    def __repr__(self) -> str:
        return f"Card({card_str(self)!r})"


class Copies:
    """Card ids for faces seen in a view of a game played with several packs: each face's next
    unused copy (a twin of a state, made from one seat's view, where copies are told apart
    by no one).

    >>> copies = Copies(2)
    >>> copies.take("AC"), copies.take("AC"), len(copies.rest())
    (0, 52, 102)
    >>> copies.take("AC")
    Traceback (most recent call last):
    ...
    cardtable.errors.CardError: the view shows AC more than 2 times
    """

    def __init__(self, packs: int) -> None:
        self.packs = packs
        self.used = [0] * PACK_SIZE

    def take(self, name: str) -> int:
        face = parse_card(name)
        copy = self.used[face]
        if copy >= self.packs:
            raise CardError(
                _("the view shows {card} more than {packs} times").format(
                    card=name, packs=self.packs
                )
            )
        self.used[face] = copy + 1
        return face + PACK_SIZE * copy

    def rest(self) -> list[int]:
        """Every copy not handed out, by id."""
        return sorted(
            f + PACK_SIZE * k for f in range(PACK_SIZE) for k in range(self.used[f], self.packs)
        )
