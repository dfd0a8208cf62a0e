"""Kloepper move notation: ``play QS``, ``call AH``, ``alone``, ``pass``, ``knock``,
``knock-off``.

Every move object is made once here, so listing legal moves allocates no new moves.

>>> str(parse_move("Play q♠")), str(parse_move("call ah")), parse_move("KNOCK-OFF") is KNOCK_OFF
('play QS', 'call AH', True)
"""

from __future__ import annotations

from cardtable.cards import PACK_SIZE, parse_card
from cardtable.engine import Move
from cardtable.errors import CardError, IllegalMoveError, clip
from cardtable.i18n import N_, NP_, _

__all__ = ["ALONE", "CALL", "FORMS", "KNOCK", "KNOCK_OFF", "PASS", "PLAY", "parse_move"]

# The words of the notation, for the catalogue: a face shows them in the player's language
# (``i18n.move_words``), and typed in any language they read as the notation (``i18n.notation``).
VERB_WORDS = (
    NP_("move", "play"),
    NP_("move", "call"),
    NP_("move", "alone"),
    NP_("move", "pass"),
    NP_("move", "knock"),
    NP_("move", "knock-off"),
)

PLAY: tuple[Move, ...] = tuple(Move.intern("play", (c,)) for c in range(PACK_SIZE))
CALL: tuple[Move, ...] = tuple(Move.intern("call", (c,)) for c in range(PACK_SIZE))
ALONE = Move.intern("alone")
PASS = Move.intern("pass")
KNOCK = Move.intern("knock")
KNOCK_OFF = Move.intern("knock-off")
_BARE = {"alone": ALONE, "pass": PASS, "knock": KNOCK, "knock-off": KNOCK_OFF}

FORMS = N_("play C, call A (AC, AS or AH), alone, pass, knock, knock-off (C a card such as QS)")


def parse_move(text: str) -> Move:
    """Read a move in any accepted card form; raise :class:`IllegalMoveError` if malformed.

    >>> parse_move("play 1X")
    Traceback (most recent call last):
    ...
    cardtable.errors.IllegalMoveError: malformed move 'play 1X': malformed card '1X': a card \
is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, T for 10) followed by a suit (C D H S or ♣ ♦ ♥ ♠), \
in either case, e.g. 10H, TH, 10♥, as, qd
    """
    if not isinstance(text, str):
        raise IllegalMoveError(
            _("a move is text such as 'play QS', not {text!r}").format(text=clip(text))
        )
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalMoveError(_("empty move; moves are: {forms}").format(forms=_(FORMS)))
    # Only ASCII spells a verb (str.lower() would make the Kelvin sign a k).
    verb, args = words[0].lower() if words[0].isascii() else "", words[1:]
    try:
        if verb == "play" and len(args) == 1:
            return PLAY[parse_card(args[0])]
        if verb == "call" and len(args) == 1:
            return CALL[parse_card(args[0])]
    except CardError as err:
        raise IllegalMoveError(
            _("malformed move {text!r}: {error}").format(text=clip(text), error=err)
        ) from None
    if verb in _BARE and not args:
        return _BARE[verb]
    raise IllegalMoveError(
        _("malformed move {text!r}; moves are: {forms}").format(text=clip(text), forms=_(FORMS))
    )
