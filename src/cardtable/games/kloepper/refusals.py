"""Why a Kloepper move is refused, in the player's words: the reason a state gives for a move
that is not among its legal moves (``State.apply`` raises it as the error's message).

>>> import cardtable
>>> state = cardtable.load("kloepper").new_state(seed=1)
>>> holder = [s for s in range(4) if {"QC", "QS"} <= set(state.observation(s)["hand"])]
>>> state.to_move, holder
(0, [])
>>> why_illegal(state, state.game.parse_move("call AH"))
'only the holder of both black queens calls or plays alone; pass'
"""

from __future__ import annotations

from typing import Protocol

from cardtable.engine import Move
from cardtable.games.kloepper.moves import KNOCK
from cardtable.games.kloepper.tables import CALLABLE, DECLARE, KEY, KNOCKOFF, PACK, QC, QS, Deck
from cardtable.i18n import N_, _, card_word, cards_word, names_in_use, not_in_hand, seat_word

__all__ = ["Position", "key_name", "why_illegal"]


class Position(Protocol):
    """What a refusal reads of a Kloepper state (the state is one; naming it here would make
    the game and its refusals import each other)."""

    deck: Deck
    phase: int
    turn: int
    hands: list[list[int]]
    team: int
    knocker: int
    trick: list[int]


def key_name(key: int) -> str:
    """A suit's name, or the trumps', in the current language.

    >>> key_name(4)
    'trumps'
    """
    names = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"), N_("trumps"))
    return _(names[key])


def why_illegal(state: Position, move: Move) -> str:
    """Why ``move``, which is not legal, is refused in ``state`` (see the module's example)."""
    phase = state.phase
    seat = state.turn
    hand = state.hands[seat]
    foreign = [c for c in move.cards if c not in state.deck.pack]
    if foreign and state.deck.pack != PACK:
        return _("{card} is not in the tiny Kloepper pack (QC QS JH AD AH 10H AS 10S)").format(
            card=card_word(foreign[0])
        )
    if foreign:
        return _("{card} is not in the Kloepper pack (9 10 J Q K A of each suit)").format(
            card=card_word(foreign[0])
        )
    # The notation in brackets is a hint for those who type it, never for a face.
    words = names_in_use()
    if phase == DECLARE:
        both = QC in hand and QS in hand
        if move.verb not in ("call", "alone", "pass"):
            if words:
                return _(
                    "it is time to declare: the holder of both black queens calls an ace "
                    "or plays alone; the others pass"
                )
            return _(
                "it is time to declare: the holder of both black queens calls an ace "
                "(call AC, call AS, call AH) or plays alone (alone); the others pass"
            )
        if not both:
            return _("only the holder of both black queens calls or plays alone; pass")
        if move.verb == "pass":
            return _("you hold both black queens: call an ace you do not hold, or alone")
        card = move.cards[0]
        if card not in state.deck.callable and state.deck.pack != PACK:
            return _("only AH or AS may be called in the tiny pack, not {card}").format(
                card=card_word(card)
            )
        if card not in CALLABLE:
            if words:
                return _(
                    "only the ace of clubs, spades or hearts may be called, not {card}"
                ).format(card=card_word(card))
            return _("only AC, AS or AH may be called, not {card}").format(card=card_word(card))
        if all(a in hand for a in state.deck.callable):
            return _("you hold all three aces that may be called, so you play alone")
        return _("you hold {card}; call an ace you do not hold").format(card=card_word(card))
    if phase == KNOCKOFF:
        if state.team >> seat & 1:  # the seat knows its side from its own cards
            return _("you are on the knocker's side, so you may only pass")
        return _(
            "{player} has knocked: knock off (claim every trick for your side) or pass"
        ).format(player=seat_word(state.knocker, start=True))
    if move is KNOCK:
        if state.knocker >= 0:
            return _("{player} has already knocked").format(
                player=seat_word(state.knocker, start=True)
            )
        if not state.team >> seat & 1:
            return _("only the queens team may knock, and you are not on it")
        if state.deck.knock_before == 0:
            return _("in the tiny deal a knock must come before the lead to the first trick")
        return _("a knock must come before the lead to the second trick")
    if move.verb != "play" or len(move.cards) != 1:
        if words:
            return _("it is the play: play a card")
        return _("it is the play: play a card (play C)")
    card = move.cards[0]
    if card not in hand:
        return not_in_hand([card])
    key = KEY[state.trick[0]]
    if words:
        # In words: the cards that follow, so that no one hunts for them.
        return _("Follow {suit} ({lead} was led): you hold {cards}").format(
            suit=key_name(key),
            lead=card_word(state.trick[0]),
            cards=cards_word(c for c in hand if KEY[c] == key),
        )
    return _("you must follow {suit} ({lead} was led)").format(
        suit=key_name(key), lead=card_word(state.trick[0])
    )
