"""Real Calypso deals built to order for tests: each seat's first cards, the rest filled in."""

from __future__ import annotations

import random
from collections.abc import Sequence

import cardtable
from cardtable.cards import card_str, parse_card
from cardtable.games.calypso import CalypsoState

SUITS = "CDHS"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PACK_SIZE = [r + s for r in RANKS for s in SUITS]

Deal = tuple[Sequence[Sequence[str]], Sequence[str]]


def build_pack(*deals: Deal) -> list[str]:
    """A 208-card pack whose n-th deal gives seat s the cards ``hands[s]`` first, topped up to
    13 with cards of suits not in ``avoid[s]``; the rest of the pack follows.

    The first dealer is seat 3 and the deal passes left, so in deal d (0-based) card 4k + j
    goes to seat (d + j) % 4.
    """
    pool = [face for _ in range(4) for face in PACK_SIZE]
    for hands, _avoid in deals:
        for hand in hands:
            for card in hand:
                pool.remove(card_name(card))
    out: list[str] = []
    for d, (hands, avoid) in enumerate(deals):
        full = []
        for seat, hand in enumerate(hands):
            cards = [card_name(c) for c in hand]
            for card in list(pool):
                if len(cards) == 13:
                    break
                if card[-1] not in avoid[seat]:
                    cards.append(card)
                    pool.remove(card)
            assert len(cards) == 13
            full.append(cards)
        out += [full[(d + k % 4) % 4][k // 4] for k in range(52)]
    return out + pool


def card_name(text: str) -> str:
    """Canonical notation (10 not T), so the pool can find the card."""
    return PACK_SIZE[parse_card(text)]


def new(*deals: Deal, **options: object) -> CalypsoState:
    state = cardtable.load("calypso", **options).new_state(decks=[build_pack(*deals)])
    assert isinstance(state, CalypsoState)
    return state


NONE = ("", "", "", "")


def twin_for(state: CalypsoState, seat: int, rng: random.Random) -> CalypsoState:
    """The same game with the cards now hidden from ``seat`` (other hands, undealt pack)
    permuted within each suit, which keeps every void and so replays the same moves."""
    places = state.card_places()
    hidden = [c for s in range(4) if s != seat for c in places[f"hand {s}"]] + places["stock"]
    sigma: dict[int, int] = {}
    for suit in range(4):
        group = [c for c in hidden if c & 3 == suit]
        shuffled = group[:]
        rng.shuffle(shuffled)
        sigma.update(zip(group, shuffled, strict=True))
    decks = [list(d) for d in state.decks]
    current = state.round_no - 1
    if len(decks) == current:  # a game dealt from its seed: the pack is the state's own
        decks.append(list(state.pack))
    decks[current] = [sigma.get(c, c) for c in state.pack]
    twin = state.game.new_state(seed=state.seed, decks=[[card_str(c) for c in d] for d in decks])
    twin.apply_all(state.history)
    assert isinstance(twin, CalypsoState)
    return twin
