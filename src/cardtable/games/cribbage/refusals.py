"""Why a Cribbage move is refused, in the player's words: the reason a state gives for a move
that is not among its legal moves (``State.apply`` raises it as the error's message).

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> why_illegal(state, state.game.parse_move("play 5H"))
'it is time to lay away 2 cards to the crib (discard C C)'
>>> why_illegal(state, state.game.parse_move("discard 5H"))
'lay away exactly 2 cards'
"""

from __future__ import annotations

from typing import Protocol

from cardtable.engine import Move
from cardtable.games.cribbage.moves import MAX_CLAIM
from cardtable.games.cribbage.tables import CLAIMING, DISCARD, PLAYING, VALUE, Deck
from cardtable.i18n import _, card_word, names_in_use, ngettext, not_in_hand

__all__ = ["Position", "why_illegal"]


class Position(Protocol):
    """What a refusal reads of a Cribbage state (the state is one; naming it here would make
    the game and its refusals import each other)."""

    deck: Deck
    n: int
    phase: int
    turn: int
    hands: list[list[int]]
    count: int
    claims: list[tuple[int, str]]


def why_illegal(state: Position, move: Move) -> str:
    """Why ``move``, which is not legal, is refused in ``state`` (see the module's example)."""
    phase = state.phase
    hand = state.hands[state.turn]
    foreign = [c for c in move.cards if not 0 <= c < 52]
    if foreign:
        return _("card id {card} is not a card of the pack (ids 0 to 51)").format(card=foreign[0])
    if phase == DISCARD:
        need = state.deck.lay_away if state.n == 2 else 1
        if move.verb != "discard":
            # The notation is a hint for those who type it, never for a face.
            if names_in_use():
                return ngettext(
                    "it is time to lay away {count} card to the crib",
                    "it is time to lay away {count} cards to the crib",
                    need,
                ).format(count=need)
            if need == 1:
                return _("it is time to lay away 1 card to the crib (discard C)")
            return _("it is time to lay away 2 cards to the crib (discard C C)")
        if len(move.cards) != need:
            return ngettext(
                "lay away exactly {count} card", "lay away exactly {count} cards", need
            ).format(count=need)
        return not_in_hand([c for c in move.cards if c not in hand])
    if phase == PLAYING:
        if move.verb != "play" or len(move.cards) != 1 or move.number is not None:
            if names_in_use():
                return _("it is the play: lay exactly one card")
            return _("it is the play: lay exactly one card (play C)")
        card = move.cards[0]
        if card not in hand:
            return not_in_hand([card])
        # The tiny deck never comes here: its one card in play says go when it won't fit.
        return _("the count is {count}; {card} would make {total}, over 31").format(
            count=state.count, card=card_word(card), total=state.count + VALUE[card]
        )
    if phase == CLAIMING:
        crib = state.claims[0][1] == "crib"
        if names_in_use():
            line = (
                _("claim the points of your crib, 0 to {most}")
                if crib
                else _("claim the points of your hand, 0 to {most}")
            )
        elif crib:
            line = _("claim the points of your crib, 0 to {most} (claim N)")
        else:
            line = _("claim the points of your hand, 0 to {most} (claim N)")
        return line.format(most=MAX_CLAIM)
    return _("answer the claim with muggins (take the missed points) or pass")
