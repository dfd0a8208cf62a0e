"""Krypkasino move notation: ``play 10H`` and ``play 10H take AC 9S``.

A move names faces only (two packs hold two of each): the game plays the hand's first copy of
the face and takes the table's first copies of the named faces. ``take`` lists the captured
cards when the card played may capture in more than one way; the taken faces are kept sorted, so
each choice has one move object (interned once the game has made it, as a legal move: parsing
its text then gives the very same object; text naming a capture never legal makes a move of its
own, kept nowhere).

>>> made = play_take(38, (0, 35))
>>> m = parse_move("Play t♥ take 9s ac")
>>> str(m), m is made, m.cards
('play 10H take AC 9S', True, (38, 0, 35))
>>> parse_move("play 10H take KS KS KS") is parse_move("play 10H take KS KS KS")
False
>>> parse_move("play 10H") is PLAY[38]
True
"""

from __future__ import annotations

from cardtable.cards import PACK_SIZE, card_str, parse_card
from cardtable.engine import Move
from cardtable.errors import CardError, IllegalMoveError, clip
from cardtable.i18n import N_, NP_, _

__all__ = ["FORMS", "MAX_TAKEN", "PLAY", "parse_move", "play_take"]

# The words of the notation, for the catalogue: a face shows them in the player's language
# (``i18n.move_words``), and typed in any language they read as the notation (``i18n.notation``).
VERB_WORDS = (
    NP_("move", "play"),
    NP_("move", "take"),
)

#: ``play C`` for every face.
PLAY: tuple[Move, ...] = tuple(Move.intern("play", (c,)) for c in range(PACK_SIZE))

FORMS = N_("play C, or play C take C C... to choose what it captures (C a card such as 10H)")

#: The most cards a capture may name: every card of the two packs but the one played.
MAX_TAKEN = 2 * PACK_SIZE - 1

#: The capturing moves the game has made (legal somewhere), by (face, *taken).
_TAKES: dict[tuple[int, ...], Move] = {}


def play_take(face: int, taken: tuple[int, ...]) -> Move:
    """The move that plays ``face`` and captures the table faces ``taken`` (sorted, repeats
    allowed: both copies of a face may be taken): the game's own object, made (interned) the
    first time. Only the legal moves are made here; parsing makes none.

    >>> str(play_take(36, (8, 20)))
    'play 10C take 3C 6C'
    """
    key = (face, *taken)
    move = _TAKES.get(key)
    if move is None:
        # "take" marks where the captured cards begin, so the move spells its own text.
        move = Move.intern("play", key, text=_take_text(face, taken))
        _TAKES[key] = move
    return move


def _take_text(face: int, taken: tuple[int, ...]) -> str:
    return " ".join(["play", card_str(face), "take", *(card_str(c) for c in taken)])


def _named_take(face: int, taken: tuple[int, ...]) -> Move:
    """The move that text names: the game's own when it has made it (it was legal somewhere),
    else a move of its own that is no legal move and is kept nowhere."""
    key = (face, *taken)
    return _TAKES.get(key) or Move("play", key, text=_take_text(face, taken))


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
            _("a move is text such as 'play 10H', not {text!r}").format(text=clip(text))
        )
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalMoveError(_("empty move; moves are: {forms}").format(forms=_(FORMS)))
    # Only ASCII spells a word of a move (str.lower() would make the Kelvin sign a k).
    verb, args = words[0].lower() if words[0].isascii() else "", words[1:]
    if verb == "play" and args:
        try:
            face = parse_card(args[0])
            if len(args) == 1:
                return PLAY[face]
            if args[1].isascii() and args[1].lower() == "take":
                if len(args) == 2:
                    raise IllegalMoveError(
                        _("malformed move {text!r}: name the captured cards after take").format(
                            text=clip(text)
                        )
                    )
                if len(args) - 2 > MAX_TAKEN:
                    raise IllegalMoveError(
                        _("malformed move {text!r}: a capture takes at most {most} cards").format(
                            text=clip(text), most=MAX_TAKEN
                        )
                    )
                return _named_take(face, tuple(sorted(parse_card(w) for w in args[2:])))
        except CardError as err:
            raise IllegalMoveError(
                _("malformed move {text!r}: {error}").format(text=clip(text), error=err)
            ) from None
    raise IllegalMoveError(
        _("malformed move {text!r}; moves are: {forms}").format(text=clip(text), forms=_(FORMS))
    )
