"""Krypkasino worlds: one seat's view completed by redealing every card hidden from it.

Everything that ever lay face up is public (the table, the set-aside court cards, every played
card and so every captured pile), so the hidden cards are exactly the other players' hands and
the stock. A world keeps the seat's own hand and all public places, and deals the unseen cards
(counting both packs) at random over the other hands and the stock. It is built from the seat's
cards and public facts only, so two states that look the same to the seat give the same world.

>>> import random, cardtable
>>> real = cardtable.load("krypkasino", players=3).new_state(seed=3)
>>> real.apply(real.legal_moves()[0])
>>> world = sample_world(real, 1, random.Random(7))
>>> world.observation(1) == real.observation(1), world.history, world.decks
(True, [], ())
>>> sorted(c for cards in world.card_places().values() for c in cards) == list(range(104))
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol, Self, TypeVar

from cardtable.cards import PACK_SIZE, shuffle
from cardtable.engine import check_seat
from cardtable.games.krypkasino.captures import FACE_KEY, HAND_VALUE, captures, rank_code

__all__ = ["Position", "forbidden_values", "sample_world", "sweep_values", "unseen_cards"]


class Position(Protocol):
    """What a world is made from: the parts of a Krypkasino state that this module reads and
    sets (the game's state is one; naming it here would import the game)."""

    decks: tuple[tuple[int, ...], ...]
    history: list[str]
    _log: list[tuple[Any, ...]]
    n: int
    deal_start: int
    hands: list[list[int]]
    table: list[int]
    aside: list[int]
    piles: list[list[int]]
    stock: list[int]

    def _blank_world(self, seed: int) -> Self: ...


P = TypeVar("P", bound=Position)

# Draws of the hidden hands before the tabbe-obligation constraints are dropped.
_TRIES = 50


def unseen_cards(state: Position, seat: int) -> list[int]:
    """The card ids ``seat`` has not seen this hand (the other hands and the stock), in face
    order: two states that differ only in which copy of a face lies where list the same faces.

    >>> import cardtable
    >>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
    >>> len(unseen_cards(state, 0))  # 104 less 6 in the hand and 4 on the table or set aside
    94
    """
    known = {*state.hands[seat], *state.table, *state.aside}
    for pile in state.piles:
        known.update(pile)
    return sorted((c for c in range(2 * PACK_SIZE) if c not in known), key=FACE_KEY.__getitem__)


def sweep_values(code: int) -> frozenset[int]:
    """The hand values (2..14) that would sweep a table of packed rank counts ``code``.

    >>> from cardtable.cards import parse_cards
    >>> sorted(sweep_values(rank_code(parse_cards("4S 5D"))))
    [9]
    """
    if not code:
        return frozenset()
    return frozenset(v for v in range(2, 15) if captures(v, code).sweeps)


def forbidden_values(state: Position) -> list[set[int]]:
    """For each seat, the hand values it cannot hold now, as the tabbe obligation shows.

    A player who could sweep must sweep; so at each turn since the last deal where a player
    did not sweep a non-empty table, none of the cards he still holds sweeps that table. The
    log of the current hand tells the tables (a world's own log is shorter, and knows less).
    """
    forbidden: list[set[int]] = [set() for _ in range(state.n)]
    log = state._log
    start = len(log) - 1
    while start > 0 and log[start][0] != "deal":
        start -= 1
    if not log or log[start][0] != "deal":
        return forbidden
    table = list(log[start][4])
    for entry in log[start + 1 :]:
        kind = entry[0]
        if kind == "play":
            _kind, seat, card, taken, tabbe, _assistant = entry
            if not tabbe and table:
                forbidden[seat] |= sweep_values(rank_code(table))
            if taken:
                for c in taken:
                    table.remove(c)
            else:
                table.append(card)
        elif kind == "courts":
            table = [c for c in table if c not in entry[2]]
        elif kind == "extra":
            # New hands: what was learnt about the old ones says nothing about these.
            forbidden = [set() for _ in range(state.n)]
        elif kind == "deal":
            return forbidden
    return forbidden


def _hidden_hands(
    unseen: list[int], sizes: dict[int, int], forbidden: list[set[int]], rng: random.Random
) -> tuple[dict[int, list[int]], list[int]]:
    """Hands for the other seats from ``unseen`` holding no card of a forbidden value, and the
    cards left (the stock). The most constrained seat draws first; a draw that strands a seat
    is redrawn, and after ``_TRIES`` the constraints are dropped (never seen in real play)."""
    order = sorted(sizes, key=lambda s: -len(forbidden[s]))
    for attempt in range(_TRIES + 1):
        pool = list(unseen)
        shuffle(pool, rng)
        hands: dict[int, list[int]] = {}
        ok = True
        for s in order:
            ban = forbidden[s] if attempt < _TRIES else set()
            chosen: list[int] = []
            rest: list[int] = []
            for c in pool:
                if len(chosen) < sizes[s] and HAND_VALUE[c] not in ban:
                    chosen.append(c)
                else:
                    rest.append(c)
            if len(chosen) < sizes[s]:
                ok = False
                break
            hands[s] = sorted(chosen, key=FACE_KEY.__getitem__)
            pool = rest
        if ok:
            return hands, pool
    raise AssertionError("unreachable: the last try has no constraint")


def sample_world(state: P, seat: int, rng: random.Random) -> P:
    """A complete state that ``seat`` cannot tell from ``state``, its hidden cards redealt.

    See :meth:`cardtable.engine.State.sample_world`. The other hands hold no card that the
    tabbe obligation has shown they lack. The world has no history, log, decks or real seed,
    and shuffles later hands from a seed drawn from ``rng``.

    >>> import random, cardtable
    >>> real = cardtable.load("krypkasino", players=4).new_state(seed=5)
    >>> world = sample_world(real, 0, random.Random(1))
    >>> world.hands[0] == real.hands[0], [len(h) for h in world.hands], len(world.stock)
    (True, [5, 5, 5, 5], 80)
    """
    n = state.n
    check_seat(seat, n)
    sizes = {s: len(state.hands[s]) for s in range(n) if s != seat}
    hands, stock = _hidden_hands(unseen_cards(state, seat), sizes, forbidden_values(state), rng)
    world = state._blank_world(int(rng.random() * 2**32))
    for s, hand in hands.items():
        world.hands[s] = hand
    world.stock = stock
    world.deal_start = 0
    return world
