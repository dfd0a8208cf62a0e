"""Sampled worlds for Calypso bots: every card a seat has not seen, dealt again at random.

A seat has seen its own hand and every card played this round (tricks are played face up, so the
calypsos and the trick piles hold only seen cards). The rest (the other three hands and the
undealt part of the 208-card pack) is redealt: the hands keep their sizes and every void a
player has shown this deal, and the rest becomes the pack for the coming deals.

>>> import random, cardtable
>>> real = cardtable.load("calypso").new_state(seed=3)
>>> world = sample_world(real, 0, random.Random(1))
>>> world.observation(0)["hand"] == real.observation(0)["hand"], world.history
(True, [])
>>> sorted(c for cards in world.card_places().values() for c in cards) == list(range(208))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, Self, TypeVar

from cardtable.engine import check_seat
from cardtable.games.calypso.tables import PACKS, SORT_KEY

__all__ = ["Position", "sample_world"]


class Position(Protocol):
    """What a world is made from: the parts of a Calypso state that this module reads and
    sets (the game's state is one; naming it here would import the game)."""

    history: list[str]
    deal_no: int
    hands: list[list[int]]
    pack: list[int]
    voids: list[int]

    def _blank_world(self, seed: int) -> Self: ...


P = TypeVar("P", bound=Position)

# Greedy dealing in a random order almost always fits the voids; after this many failures the
# exact (flow) deal takes over, so a world is always found.
_TRIES = 30


def sample_world(state: P, seat: int, rng: random.Random) -> P:
    """A complete state consistent with what ``seat`` knows (see the module docstring)."""
    check_seat(seat, 4)
    world = state._blank_world(rng.randrange(2**32))
    dealt = 52 * state.deal_no
    others = [s for s in range(4) if s != seat]
    # Sorted by face, so the sample depends only on which faces are hidden, not on where they
    # are or which copy of a face went where (copies are interchangeable to every player).
    hidden = sorted(
        [c for s in others for c in state.hands[s]] + state.pack[dealt:],
        key=lambda c: (c % 52, c),
    )
    sizes = {s: len(state.hands[s]) for s in others}
    voids = {s: state.voids[s] for s in others}
    rng.shuffle(hidden)
    hands = None
    for _ in range(_TRIES):
        hands = _greedy(hidden, others, sizes, voids)
        if hands is not None:
            break
        rng.shuffle(hidden)
    if hands is None:
        hands = _by_flow(hidden, others, sizes, voids, rng)
    taken = set()
    for s, cards in hands.items():
        world.hands[s] = sorted(cards, key=SORT_KEY.__getitem__)
        taken.update(cards)
    rest = [c for c in hidden if c not in taken]
    stock_set = set(rest)
    # The dealt part of the pack is never read again; it must not keep the real cards' order.
    world.pack = sorted(c for c in range(52 * PACKS) if c not in stock_set)[:dealt] + rest
    return world


def _greedy(
    hidden: Sequence[int], others: list[int], sizes: dict[int, int], voids: dict[int, int]
) -> dict[int, list[int]] | None:
    """Deal in order, the players with the most voids first; None when one runs short."""
    taken = [False] * len(hidden)
    hands: dict[int, list[int]] = {}
    for s in sorted(others, key=lambda s: -bin(voids[s]).count("1")):
        need, mask = sizes[s], voids[s]
        got: list[int] = []
        if need:
            for i, card in enumerate(hidden):
                if not taken[i] and not mask >> (card & 3) & 1:
                    got.append(card)
                    taken[i] = True
                    if len(got) == need:
                        break
        if len(got) < need:
            return None
        hands[s] = got
    return hands


def _by_flow(
    hidden: Sequence[int],
    others: list[int],
    sizes: dict[int, int],
    voids: dict[int, int],
    rng: random.Random,
) -> dict[int, list[int]]:
    """How many cards of each suit each player gets, from a maximum flow (source -> suit ->
    player -> sink, by shortest augmenting paths), then the cards in the order of ``hidden``."""
    by_suit: list[list[int]] = [[], [], [], []]
    for card in hidden:
        by_suit[card & 3].append(card)
    players = list(others)
    rng.shuffle(players)
    # Nodes: 0 source, 1..4 suits, 5.. players, last the sink.
    sink = 5 + len(players)
    cap = [[0] * (sink + 1) for _ in range(sink + 1)]
    for suit in range(4):
        cap[0][1 + suit] = len(by_suit[suit])
        for i, s in enumerate(players):
            if not voids[s] >> suit & 1:
                cap[1 + suit][5 + i] = 52
    for i, s in enumerate(players):
        cap[5 + i][sink] = sizes[s]
    while True:
        parent = [-1] * (sink + 1)
        parent[0] = 0
        queue = [0]
        for node in queue:
            for nxt in range(sink + 1):
                if parent[nxt] < 0 and cap[node][nxt] > 0:
                    parent[nxt] = node
                    queue.append(nxt)
        if parent[sink] < 0:
            break
        node = sink
        while node:
            cap[parent[node]][node] -= 1
            cap[node][parent[node]] += 1
            node = parent[node]
    if any(cap[5 + i][sink] for i in range(len(players))):
        raise AssertionError("no deal of the hidden cards fits the voids shown")
    hands: dict[int, list[int]] = {}
    for i, s in enumerate(players):
        hands[s] = []
        for suit in range(4):
            # The reverse capacity is the flow that went from this suit to this player.
            count = cap[5 + i][1 + suit]
            hands[s].extend(by_suit[suit][:count])
            del by_suit[suit][:count]
    return hands
