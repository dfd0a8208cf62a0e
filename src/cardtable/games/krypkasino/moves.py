"""Krypkasino move notation: ``play 10H`` and ``play 10H take AC 9S``.

A move names faces only (two packs hold two of each): the game plays the hand's first copy of
the face and takes the table's first copies of the named faces. ``take`` lists the captured
cards when the card played may capture in more than one way; the taken faces are kept sorted, so
each choice has one move object (interned: parsing its text gives the very same object).

>>> m = parse_move("Play t♥ take 9s ac")
>>> str(m), m is play_take(38, (0, 35)), m.cards
('play 10H take AC 9S', True, (38, 0, 35))
>>> parse_move("play 10H") is PLAY[38]
True
"""

from __future__ import annotations

from cardtable.cards import PACK_SIZE, card_str, parse_card
from cardtable.engine import Move
from cardtable.errors import CardError, IllegalMoveError
from cardtable.i18n import N_, _

__all__ = ["FORMS", "PLAY", "parse_move", "play_take"]

#: ``play C`` for every face.
PLAY: tuple[Move, ...] = tuple(Move("play", (c,)) for c in range(PACK_SIZE))

FORMS = N_("play C, or play C take C C... to choose what it captures (C a card such as 10H)")

_TAKES: dict[tuple[int, ...], Move] = {}


def play_take(face: int, taken: tuple[int, ...]) -> Move:
    """The move that plays ``face`` and captures the table faces ``taken`` (sorted, repeats
    allowed: both copies of a face may be taken).

    >>> str(play_take(36, (8, 20)))
    'play 10C take 3C 6C'
    """
    key = (face, *taken)
    move = _TAKES.get(key)
    if move is None:
        # "take" marks where the captured cards begin, so the move spells its own text.
        text = " ".join(["play", card_str(face), "take", *(card_str(c) for c in taken)])
        move = Move("play", key, text=text)
        _TAKES[key] = move
    return move


def parse_move(text: str) -> Move:
    """Read a move in any accepted card form; raise :class:`IllegalMoveError` if malformed.

    >>> parse_move("play 10H take")
    Traceback (most recent call last):
    ...
    cardtable.errors.IllegalMoveError: malformed move 'play 10H take': name the captured \
cards after take
    """
    if not isinstance(text, str):
        raise IllegalMoveError(
            _("a move is text such as 'play 10H', not {text!r}").format(text=text)
        )
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalMoveError(_("empty move; moves are: {forms}").format(forms=_(FORMS)))
    verb, args = words[0].lower(), words[1:]
    if verb == "play" and args:
        try:
            face = parse_card(args[0])
            if len(args) == 1:
                return PLAY[face]
            if args[1].lower() == "take":
                if len(args) == 2:
                    raise IllegalMoveError(
                        _("malformed move {text!r}: name the captured cards after take").format(
                            text=text
                        )
                    )
                return play_take(face, tuple(sorted(parse_card(w) for w in args[2:])))
        except CardError as err:
            raise IllegalMoveError(
                _("malformed move {text!r}: {error}").format(text=text, error=err)
            ) from None
    raise IllegalMoveError(
        _("malformed move {text!r}; moves are: {forms}").format(text=text, forms=_(FORMS))
    )
