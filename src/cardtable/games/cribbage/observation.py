"""What a cribbage seat sees (its observation) and where every card is (the conservation
tests' places), read from a state.

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> view = observe(state, 0)
>>> view["phase"], view["hand_sizes"], len(view["hand"]), view["legal_moves"][0]
('discard', [6, 6], 6, 'discard 2H 4C')
>>> sorted(len(cards) for cards in card_places(state).values())
[0, 0, 0, 6, 6, 40]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from cardtable.cards import card_str, cards_str
from cardtable.engine import JSON, Move
from cardtable.games.cribbage.tables import MUGGING, PHASES, Deck

__all__ = ["Table", "card_places", "observe"]


class Table(Protocol):
    """What a view reads of a Cribbage state (the state is one; naming it here would make the
    game and its views import each other)."""

    n: int
    phase: int
    game_no: int
    deal_no: int
    dealer: int
    target: int
    side: tuple[int, ...]
    pegs: list[int]
    match_points: list[int]
    deck: Deck
    hands: list[list[int]]
    kept: list[list[int]]
    discards: list[tuple[int, ...]]
    crib: list[int]
    seq: list[int]
    starter: int
    count: int
    count_start: int
    shows: int
    last_claim: int

    @property
    def to_move(self) -> int | None: ...

    def legal_moves(self) -> Sequence[Move]: ...

    def show_order(self) -> list[tuple[int, str]]: ...

    def shown_cards(self, seat: int, what: str) -> list[int]: ...


def observe(state: Table, seat: int | None) -> dict[str, JSON]:
    """``seat``'s observation (``None``: a spectator's, without the hand, the cards laid away
    and the legal moves): its own cards, the public table and the hands shown so far."""
    n = state.n
    to_move = state.to_move
    shown = [
        {"seat": owner, "what": what, "cards": cards_str(state.shown_cards(owner, what))}
        for owner, what in state.show_order()[: state.shows]
    ]
    obs: dict[str, JSON] = {
        "game": "cribbage",
        "seat": seat,
        "players": n,
        "phase": PHASES[state.phase],
        "to_move": to_move,
        "game_number": state.game_no,
        "deal_number": state.deal_no,
        "dealer": state.dealer,
        "scores": [state.pegs[state.side[s]] for s in range(n)],
        "match_points": [state.match_points[state.side[s]] for s in range(n)],
        "target": state.target,
        "hand": None if seat is None else cards_str(state.hands[seat]),
        "laid_away": None if seat is None else cards_str(state.discards[seat]),
        "hand_sizes": [len(state.hands[s]) for s in range(n)],
        "crib_size": len(state.crib),
        "starter": card_str(state.starter) if state.starter >= 0 else None,
        "count": state.count,
        "count_cards": cards_str(state.seq[state.count_start :]),
        "played": [cards_str(c for c in state.seq if c in state.kept[s]) for s in range(n)],
        "shown": shown,
        # The claim the opponent is answering: the muggins question is about it.
        "claimed": state.last_claim if state.phase == MUGGING else None,
        "legal_moves": [m.text for m in state.legal_moves()] if to_move == seat else [],
    }
    if seat is None:  # a spectator holds no cards and has no moves
        del obs["hand"], obs["laid_away"], obs["legal_moves"]
    return obs


def card_places(state: Table) -> dict[str, list[int]]:
    """Every dealt card's place: each hand, the crib, the cards played, the starter; the rest
    of the pack (the starter too, before the cut) is the stock."""
    places = {f"hand {s}": list(h) for s, h in enumerate(state.hands)}
    places["crib"] = list(state.crib)
    places["played"] = list(state.seq)
    places["starter"] = [state.starter] if state.starter >= 0 else []
    out = [c for cards in places.values() for c in cards]
    # Only the cards dealt out are tracked, so those are what the conservation test counts.
    places["stock"] = sorted(set(state.deck.pack) - set(out))
    return places
