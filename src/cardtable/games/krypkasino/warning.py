"""The warning shown with a Krypkasino move that leaves a sweep (tabbe) for the next player.

After the play, which ranks would take every card left on the table? The answer uses only what
the mover may know: the table, the set-aside and captured cards (all public) and the mover's own
hand; a rank whose eight copies the mover can all see is left out, as nobody else can hold one.
Nothing about the other hands is read, so the warning is the same in every world the mover
cannot tell apart.

>>> import cardtable
>>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
>>> state.observation(0)["table"]
['5D', '8S', 'AH', 'AH']
>>> for move in state.legal_moves()[:3]:  # AD takes 5D 8S AH; a lone ace is never swept
...     print(move.text, "|", move_warning(state, move))
play AD | None
play 3S | leaves a sweep: any 9 takes the whole table
play 4D | None
"""

from __future__ import annotations

from typing import Protocol

from cardtable.engine import Move
from cardtable.games.krypkasino.captures import CARD_STEP, captures
from cardtable.i18n import _


class KrypkasinoPosition(Protocol):
    """What the warning reads of a Krypkasino state (``game.KrypkasinoState`` has it; a
    protocol keeps this module from importing the game's, which imports this one)."""

    turn: int
    dealer: int
    code: int
    hands: list[list[int]]
    stock: list[int]
    aside: list[int]
    piles: list[list[int]]
    _caps: dict[Move, tuple[int, ...]]

    @property
    def is_over(self) -> bool: ...

    def _legal(self) -> list[Move]: ...


__all__ = ["move_warning", "sweep_ranks"]

#: The ranks in notation, by rank (1 ace .. 13 king).
_RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: The ranks a sweep is looked for with, in order of hand value (the ace counts 14 from the hand).
_BY_VALUE = (*range(2, 14), 1)
#: The packed counts of the ranks below the court cards (bits of ranks 1..10).
_NO_COURTS = (1 << (4 * 10)) - 1
#: Copies of each rank in the two packs.
_COPIES = 8


def sweep_ranks(state: KrypkasinoPosition, move: Move) -> list[int]:
    """The ranks (1 ace .. 13 king, by hand value) that would sweep the table the legal
    ``move`` leaves, among those the mover cannot see all eight copies of; empty when the
    move sweeps itself or ends the hand."""
    if state.is_over or move not in state._legal():
        return []
    seat = state.turn
    taken = state._caps[move]
    face = move.cards[0]
    # A capture takes cards off the table; a card that takes nothing creeps onto it.
    code = state.code - sum(CARD_STEP[f] for f in taken) if taken else state.code + CARD_STEP[face]
    if seat == state.dealer and len(state.hands[seat]) == 1:
        # The dealer's last card: the hand ends, or an extra deal follows, before which the
        # court cards leave the table (RULES.md 2.5).
        if not state.stock:
            return []
        code &= _NO_COURTS
    if not code:
        return []
    # What the mover sees: the played and taken cards only move between seen places.
    seen = sum(CARD_STEP[c] for c in state.hands[seat])
    seen += state.code + sum(CARD_STEP[c] for c in state.aside)
    seen += sum(CARD_STEP[c] for pile in state.piles for c in pile)
    out = []
    for rank in _BY_VALUE:
        if (seen >> (4 * (rank - 1))) & 15 >= _COPIES:
            continue
        if captures(14 if rank == 1 else rank, code).sweeps:
            out.append(rank)
    return out


def move_warning(state: KrypkasinoPosition, move: Move) -> str | None:
    """``leaves a sweep: any 9 or K takes the whole table``, in the current language, or None."""
    ranks = sweep_ranks(state, move)
    if not ranks:
        return None
    text = _RANK_TEXT[ranks[0]]
    for rank in ranks[1:]:
        text = _("{first} or {second}").format(first=text, second=_RANK_TEXT[rank])
    return _("leaves a sweep: any {ranks} takes the whole table").format(ranks=text)
