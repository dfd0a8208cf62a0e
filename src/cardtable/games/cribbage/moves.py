"""Cribbage move notation: ``discard 5H 5D``, ``play 5H``, ``claim 12``, ``muggins``, ``pass``.

Every move object is made once here, so listing legal moves allocates no new moves.

>>> str(parse_move("Discard 5h T♠")), str(parse_move("play 10S"))
('discard 5H 10S', 'play 10S')
"""

from __future__ import annotations

from cardtable.cards import PACK_SIZE, parse_card
from cardtable.engine import Move
from cardtable.errors import CardError, IllegalMoveError, clip
from cardtable.i18n import N_, NP_, _

__all__ = ["CLAIM", "DISCARD1", "DISCARD2", "MAX_CLAIM", "MUGGINS", "PASS", "PLAY", "parse_move"]

# The words of the notation, for the catalogue: a face shows them in the player's language
# (``i18n.move_words``), and typed in any language they read as the notation (``i18n.notation``).
VERB_WORDS = (
    NP_("move", "discard"),
    NP_("move", "play"),
    NP_("move", "claim"),
    NP_("move", "muggins"),
    NP_("move", "pass"),
)

MAX_CLAIM = 29

PLAY: tuple[Move, ...] = tuple(Move.intern("play", (c,)) for c in range(PACK_SIZE))
DISCARD1: tuple[Move, ...] = tuple(Move.intern("discard", (c,)) for c in range(PACK_SIZE))
# Indexed by low * 52 + high with low < high, so a discard pair needs no tuple key.
DISCARD2: tuple[Move | None, ...] = tuple(
    Move.intern("discard", (i // PACK_SIZE, i % PACK_SIZE))
    if i // PACK_SIZE < i % PACK_SIZE
    else None
    for i in range(PACK_SIZE * PACK_SIZE)
)
CLAIM: tuple[Move, ...] = tuple(Move.intern("claim", (), n) for n in range(MAX_CLAIM + 1))
MUGGINS = Move.intern("muggins")
PASS = Move.intern("pass")

FORMS = N_("discard C [C], play C, claim N, muggins, pass (C a card such as 5H, N a number)")


def parse_move(text: str) -> Move:
    """Read a move in any accepted card form; raise :class:`IllegalMoveError` if malformed."""
    if not isinstance(text, str):
        raise IllegalMoveError(
            _("a move is text such as 'play 5H', not {text!r}").format(text=clip(text))
        )
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalMoveError(_("empty move; moves are: {forms}").format(forms=_(FORMS)))
    # Only ASCII spells a verb (str.lower() would make the Kelvin sign a k).
    verb, args = words[0].lower() if words[0].isascii() else "", words[1:]
    try:
        if verb == "play" and len(args) == 1:
            return PLAY[parse_card(args[0])]
        if verb == "discard" and len(args) == 1:
            return DISCARD1[parse_card(args[0])]
        if verb == "discard" and len(args) == 2:
            a, b = sorted(parse_card(w) for w in args)
            if a == b:
                raise IllegalMoveError(
                    _("malformed move {text!r}: the same card twice").format(text=clip(text))
                )
            move = DISCARD2[a * PACK_SIZE + b]
            assert move is not None
            return move
    except CardError as err:
        raise IllegalMoveError(
            _("malformed move {text!r}: {error}").format(text=clip(text), error=err)
        ) from None
    if verb == "claim" and len(args) == 1:
        # Digits 0-9 only: str.isdigit() also holds for "²" and "①", which int() refuses.
        digits = args[0]
        if digits.isascii() and digits.isdigit() and len(digits.lstrip("0")) <= 2:
            n = int(digits)
            if n <= MAX_CLAIM:
                return CLAIM[n]
        raise IllegalMoveError(
            _("malformed move {text!r}: a claim is 0 to {most}").format(
                text=clip(text), most=MAX_CLAIM
            )
        )
    if verb in ("muggins", "pass") and not args:
        return MUGGINS if verb == "muggins" else PASS
    raise IllegalMoveError(
        _("malformed move {text!r}; moves are: {forms}").format(text=clip(text), forms=_(FORMS))
    )
