"""Kloepper worlds: one seat's view completed by redealing every card hidden from it.

A world agrees with everything the seat knows: its own cards, every card played and who played
it, every void shown (a seat that did not follow a suit holds none of it), the call (the caller
holds both black queens and not the called ace), the knocks (the knocker is on the queens team;
a lone knocker holds both queens, another knocker in a game without a call exactly one) and the
knock-off (its seat is no partner of the queens). It is built from those facts only, so two
states that look the same to the seat give the same world for the same generator state.

>>> import random, cardtable
>>> real = cardtable.load("kloepper").new_state(seed=3)
>>> real.apply(real.legal_moves()[0])
>>> world = sample_world(real, 1, random.Random(7))
>>> world.observation(1) == real.observation(1), world.history, world.decks
(True, [], ())
>>> sorted(c for cards in world.card_places().values() for c in cards) == sorted(
...     c for cards in real.card_places().values() for c in cards)
True
"""

from __future__ import annotations

import random
from itertools import product
from math import factorial
from typing import Protocol, Self, TypeVar

from cardtable.cards import shuffle
from cardtable.engine import check_seat
from cardtable.games.kloepper.tables import DECLARE, KEY, QC, QS, SEATS, hand_order

__all__ = ["Position", "sample_world"]


class Position(Protocol):
    """What a world is made from: the parts of a Kloepper state that this module reads and
    sets (the game's state is one; naming it here would import the game)."""

    decks: tuple[tuple[int, ...], ...]
    history: list[str]
    deal_start: int
    phase: int
    call: int
    caller: int
    team: int
    alone: bool
    knocker: int
    knock_off: int
    hands: list[list[int]]
    dealt: tuple[tuple[int, ...], ...]
    voids: list[int]

    def _played_by(self) -> list[tuple[int, int]]: ...

    def _blank_world(self, seed: int) -> Self: ...


P = TypeVar("P", bound=Position)

_TRIES = 30


def _fill(
    cards: list[int],
    need: dict[int, int],
    ok: dict[int, list[int]],
    rng: random.Random,
) -> dict[int, list[int]] | None:
    """Deal ``cards`` to the seats of ``need`` (how many each), each card only to a seat in
    ``ok[card]``: first by random draws (uniform when no void bites), then by a matching that
    always finds a deal when one exists. None when none exists."""
    seats = sorted(need)
    for _try in range(_TRIES):
        left = dict(need)
        hands: dict[int, list[int]] = {s: [] for s in seats}
        order = list(cards)
        shuffle(order, rng)
        order.sort(key=lambda c: len(ok[c]))  # the most constrained first
        failed = False
        for c in order:
            room = [s for s in ok[c] if left[s]]
            total = sum(left[s] for s in room)
            if not total:
                failed = True
                break
            pick = int(rng.random() * total)
            for s in room:
                pick -= left[s]
                if pick < 0:
                    break
            hands[s].append(c)
            left[s] -= 1
        if not failed:
            return hands
    # Kuhn's augmenting paths over (seat, slot) places.
    slots = [s for s in seats for _ in range(need[s])]
    owner: list[int | None] = [None] * len(slots)

    def place(card: int, seen: set[int]) -> bool:
        for i, s in enumerate(slots):
            if s in ok[card] and i not in seen:
                seen.add(i)
                held = owner[i]
                if held is None or place(held, seen):
                    owner[i] = card
                    return True
        return False

    for c in cards:
        if not place(c, set()):
            return None
    hands = {s: [] for s in seats}
    for i, s in enumerate(slots):
        held = owner[i]
        assert held is not None
        hands[s].append(held)
    return hands


def sample_world(state: P, seat: int, rng: random.Random) -> P:
    """A complete state that ``seat`` cannot tell from ``state``, its hidden cards redealt.

    See :meth:`cardtable.engine.State.sample_world`. The world keeps the public state and the
    seat's own cards, has no history, log, decks or real seed, and shuffles later deals from a
    seed drawn from ``rng``.

    >>> import random, cardtable
    >>> real = cardtable.load("kloepper").new_state(seed=5)
    >>> world = sample_world(real, 0, random.Random(1))
    >>> world.hands[0] == real.hands[0], [len(h) for h in world.hands]
    (True, [6, 6, 6, 6])
    """
    check_seat(seat, SEATS)
    played = state._played_by()
    played_cards = {c for _s, c in played}
    mine = state.hands[seat]
    others = [s for s in range(SEATS) if s != seat]
    need = {s: len(state.hands[s]) for s in others}
    # Sorted, so the world depends on which cards are unseen, never on where they are.
    unseen = sorted(
        c
        for c in state.dealt[0] + state.dealt[1] + state.dealt[2] + state.dealt[3]
        if c not in played_cards and c not in mine
    )
    declared = state.phase != DECLARE
    call, caller = state.call, state.caller
    # The cards whose place the calls and knocks constrain: the black queens and the called ace
    # still hidden. Their places are chosen first, weighted by how many deals each allows.
    specials = [c for c in (QC, QS) if c in unseen]
    if call >= 0 and call in unseen:
        specials.append(call)
    dealt_played: dict[int, list[int]] = {s: [] for s in range(SEATS)}
    for s, c in played:
        dealt_played[s].append(c)
    mine_dealt = set(state.dealt[seat])

    def holds(placing: dict[int, int], s: int, card: int) -> bool:
        if card in dealt_played[s] or (s == seat and card in mine_dealt):
            return True
        return placing.get(card) == s

    def consistent(placing: dict[int, int]) -> bool:
        for card, s in placing.items():
            if state.voids[s] >> KEY[card] & 1:
                return False
        if caller >= 0:
            if not (holds(placing, caller, QC) and holds(placing, caller, QS)):
                return False
            if holds(placing, caller, call):
                return False
        knocker = state.knocker
        if knocker >= 0:
            if caller >= 0:
                if knocker != caller and not holds(placing, knocker, call):
                    return False
            else:
                queens = holds(placing, knocker, QC) + holds(placing, knocker, QS)
                if queens != (2 if state.alone else 1):
                    return False
        off = state.knock_off
        if off >= 0:
            if caller >= 0:
                if holds(placing, off, call):
                    return False
            elif holds(placing, off, QC) or holds(placing, off, QS):
                return False
        return True

    choices: list[tuple[dict[int, int], int]] = []
    for places in product(others, repeat=len(specials)):
        placing = dict(zip(specials, places, strict=True))
        if not consistent(placing):
            continue
        left = dict(need)
        fits = True
        for s in places:
            left[s] -= 1
            fits = fits and left[s] >= 0
        if not fits:
            continue
        # The deals of the other cards this placing allows (voids ignored): a multinomial.
        ways = factorial(sum(left.values()))
        for v in left.values():
            ways //= factorial(v)
        choices.append((placing, ways))
    rest = [c for c in unseen if c not in specials]
    # Apart from the special cards, a seat may hold any hidden card of a suit it has not failed.
    ok = {c: [s for s in others if not state.voids[s] >> KEY[c] & 1] for c in rest}
    hands: dict[int, list[int]] | None = None
    while choices and hands is None:
        total = sum(w for _p, w in choices)
        pick = int(rng.random() * total)
        index = 0
        while pick >= choices[index][1]:
            pick -= choices[index][1]
            index += 1
        placing, _w = choices.pop(index)
        left = dict(need)
        for s in placing.values():
            left[s] -= 1
        dealt = _fill(rest, left, ok, rng)
        if dealt is not None:
            for card, s in placing.items():
                dealt[s].append(card)
            hands = dealt
    if hands is None:
        raise AssertionError("unreachable: the real deal is always consistent")

    world = state._blank_world(int(rng.random() * 2**32))
    world.deal_start = 0
    world.hands = [list(mine) if s == seat else hand_order(hands[s]) for s in range(SEATS)]
    world.dealt = tuple(tuple(hand_order(world.hands[s] + dealt_played[s])) for s in range(SEATS))
    if declared:
        if caller >= 0:
            holder = next(s for s in range(SEATS) if call in world.dealt[s])
            world.team = (1 << caller) | (1 << holder)
        else:
            qc = next(s for s in range(SEATS) if QC in world.dealt[s])
            qs = next(s for s in range(SEATS) if QS in world.dealt[s])
            world.team = (1 << qc) | (1 << qs)
            world.alone = qc == qs
    return world
