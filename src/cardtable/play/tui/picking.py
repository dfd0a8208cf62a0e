"""What the cards picked from a hand make, for the terminal table: the move they are, the moves
that play a picked card, and why they are no move, in the game's words where it has them.

Pure functions over the legal moves, so the table screen only draws and asks.

>>> import cardtable
>>> game = cardtable.load("cribbage")
>>> state = game.new_state(seed=1)
>>> moves = state.legal_moves()
>>> hand = state.observation(0)["hand"]
>>> hand
['2H', '4C', '7S', '9S', 'JC', 'QD']
>>> str(move_of(["9S", "2H"], moves)), move_of(["9S"], moves)
('discard 2H 9S', None)
>>> plays_at_once(move_of(["2H", "9S"], moves), ["2H", "9S"], moves)  # 2H is in 4 more
False
>>> [hand[i] for i in cards_of(hand, move_of(["QD", "JC"], moves))]
['JC', 'QD']
>>> unplayable("2H", moves, game, state) is None, no_move_reason(["2H"], moves, game, state)
(True, 'lay away exactly 2 cards')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardtable.cards import cards_str
from cardtable.engine import Game, Move, State
from cardtable.errors import CardtableError
from cardtable.i18n import _

__all__ = ["cards_of", "move_of", "no_move_reason", "plays_at_once", "unplayable", "ways_to_play"]


def move_of(picked: Collection[str], moves: Sequence[Move]) -> Move | None:
    """The move that names exactly the picked cards (in any order), if one does."""
    wanted = sorted(picked)
    for move in moves:
        if move.cards and sorted(cards_str(move.cards)) == wanted:
            return move
    return None


def plays_at_once(move: Move, picked: Collection[str], moves: Sequence[Move]) -> bool:
    """Whether ``move``, the move the picked cards make, is the only move that uses any of
    them: then it is played at once, as every one-card move is (a Krypkasino card with a
    single capture too)."""
    touching = [m for m in moves if set(picked) & set(cards_str(m.cards))]
    return touching == [move]


def ways_to_play(picked: Collection[str], moves: Sequence[Move]) -> list[Move]:
    """The moves that play the one picked card: ``play`` moves naming it first (the cards
    after it, Krypkasino's captures, lie on the table); none for other picks."""
    if len(picked) != 1:
        return []
    return [
        m for m in moves if m.verb == "play" and m.cards and cards_str(m.cards[:1])[0] in picked
    ]


def unplayable(card: str, moves: Sequence[Move], game: Game, state: State) -> str | None:
    """Why ``card`` cannot be picked now (no move uses it), or None when a move does; the
    game's own reason where every card move has one verb (e.g. the count it would pass)."""
    if any(card in cards_str(m.cards) for m in moves):
        return None
    verbs = {m.verb for m in moves if m.cards}
    reason = None
    if len(verbs) == 1:
        reason = state.refusal(game.parse_move(f"{verbs.pop()} {card}"))
    return reason or _("{card} cannot be played now.").format(card=card)


def no_move_reason(picked: Sequence[str], moves: Sequence[Move], game: Game, state: State) -> str:
    """Why the picked cards are no move, in the game's words where it has them."""
    try:
        probe = game.read_move(" ".join(picked), list(moves))
    except CardtableError as err:
        return str(err)
    return state.refusal(probe) or _("The picked cards are not a move; pick again.")


def cards_of(hand: Sequence[str], move: Move) -> list[int]:
    """The hand's places of ``move``'s cards, one place a card (a hand may hold two copies
    of one); empty when the move names cards not in the hand (a capture's table cards)."""
    wanted = cards_str(move.cards)
    places: list[int] = []
    for i, card in enumerate(hand):
        if card in wanted:
            wanted.remove(card)
            places.append(i)
    return [] if wanted else places
