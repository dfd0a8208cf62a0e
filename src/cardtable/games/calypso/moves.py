"""Calypso move notation: ``play 5H`` is the only move (a face; the copy does not matter).

>>> str(parse_move("Play T♥")), parse_move("play 10h") is PLAY[38]
('play 10H', True)
"""

from __future__ import annotations

from cardtable.cards import PACK_SIZE, parse_card
from cardtable.engine import Move
from cardtable.errors import CardError, IllegalMoveError, clip
from cardtable.i18n import N_, NP_, _

__all__ = ["PLAY", "parse_move"]

# The words of the notation, for the catalogue: a face shows them in the player's language
# (``i18n.move_words``), and typed in any language they read as the notation (``i18n.notation``).
VERB_WORDS = (NP_("move", "play"),)

PLAY: tuple[Move, ...] = tuple(Move.intern("play", (c,)) for c in range(PACK_SIZE))

FORMS = N_("play C (C a card such as 5H)")


def parse_move(text: str) -> Move:
    """Read a move in any accepted card form; raise :class:`IllegalMoveError` if malformed."""
    if not isinstance(text, str):
        raise IllegalMoveError(
            _("a move is text such as 'play 5H', not {text!r}").format(text=clip(text))
        )
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalMoveError(_("empty move; moves are: {forms}").format(forms=_(FORMS)))
    if words[0].isascii() and words[0].lower() == "play" and len(words) == 2:
        try:
            return PLAY[parse_card(words[1])]
        except CardError as err:
            raise IllegalMoveError(
                _("malformed move {text!r}: {error}").format(text=clip(text), error=err)
            ) from None
    raise IllegalMoveError(
        _("malformed move {text!r}; moves are: {forms}").format(text=clip(text), forms=_(FORMS))
    )
