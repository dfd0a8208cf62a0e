"""A lean Calypso position for play-outs: card faces as small ints, calypsos as rank masks, and
the ``rules`` bot's scoring of a card (:mod:`cardtable.games.calypso.bot`) as a fast policy.

A search plays thousands of cards a decision; the game's state logs events and the rules bot
reads an observation of strings, both far too slow for that. A :class:`Sim` keeps only what
decides the play and the score: the hands (faces 0..51; copies of a face are alike), the trick,
the voids shown, each seat's calypso in progress (a rank mask), its completed calypsos and its
pile size, the unplayed copies of each face, and the undealt stock.

>>> import cardtable
>>> state = cardtable.load("calypso").new_state(seed=4)
>>> sim = Sim.of(state)
>>> while not sim.over:
...     sim.play(sim.rules_card())
>>> points = sim.points()
>>> sum(points) > 0, len(points)
(True, 4)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.cards import PACK_SIZE
from cardtable.games.calypso.tables import VALUE
from cardtable.games.calypso.tricks import ALL_FOURS, LAST_TRUMP, STANDARD, trick_winner

__all__ = ["Sim", "line_points"]

FULL = (1 << 13) - 1
CALYPSO_TOTALS = (0, 500, 1250, 2250, 3250)
NEEDED = 40.0  # as the rules bot: a card its side's calypso lacks
PILE = 10.0
_EPS = 1e-9

#: The rank bit (bit 0 the two .. bit 12 the ace) and rank value of each face.
BIT = tuple(1 << (VALUE[f] - 2) for f in range(PACK_SIZE))
FACE_VALUE = VALUE[:PACK_SIZE]
#: The faces of each suit from the ace down, and for each face the faces of its suit above it.
SUIT_FACES = tuple(
    tuple(sorted((f for f in range(PACK_SIZE) if f & 3 == s), key=lambda f: -VALUE[f]))
    for s in range(4)
)
ABOVE = tuple(tuple(g for g in SUIT_FACES[f & 3] if VALUE[g] > VALUE[f]) for f in range(52))


def line_points(completed: int, cards: int) -> int:
    """What a seat's calypsos score at the round's end: ``completed`` calypsos and ``cards``
    cards of the unfinished one (RULES.md 1.9).

    >>> line_points(1, 3), line_points(2, 0)
    (560, 1250)
    """
    return CALYPSO_TOTALS[completed] + 20 * cards


class Sim:
    """A Calypso round in progress, played face by face (see the module docs)."""

    __slots__ = (
        "allfours",
        "completed",
        "deal_no",
        "dealer",
        "hands",
        "led",
        "left",
        "over",
        "pile",
        "progress",
        "rule",
        "seats",
        "stock",
        "trick",
        "trumps",
        "turn",
        "voids",
    )

    hands: list[list[int]]
    trumps: tuple[int, ...]
    rule: int
    allfours: bool
    trick: list[int]
    seats: list[int]
    led: int
    turn: int
    voids: list[int]
    progress: list[int]
    completed: list[int]
    pile: list[int]
    left: list[int]
    stock: list[int]
    deal_no: int
    dealer: int
    over: bool

    @classmethod
    def of(cls, state: Any) -> Sim:
        """The position of a Calypso state (the real one, or a sampled world).

        ``left`` counts the copies of each face not yet played this round (in hands or
        undealt)."""
        sim = cls.__new__(cls)
        sim.hands = [[c % PACK_SIZE for c in hand] for hand in state.hands]
        sim.trumps = tuple(state.trumps)
        sim.rule = state.rule
        sim.allfours = state.rule == ALL_FOURS
        sim.trick = [c % PACK_SIZE for c in state.trick]
        sim.seats = list(state.trick_seats)
        sim.led = state.led
        sim.turn = state.turn
        sim.voids = list(state.voids)
        sim.progress = list(state.progress)
        sim.completed = [len(c) // 13 for c in state.completed]
        sim.pile = [len(p) for p in state.piles]
        sim.stock = [c % PACK_SIZE for c in state.pack[52 * state.deal_no :]]
        sim.deal_no = state.deal_no
        sim.dealer = state.dealer
        sim.over = state.is_over
        left = [0] * PACK_SIZE
        for hand in sim.hands:
            for f in hand:
                left[f] += 1
        for f in sim.stock:
            left[f] += 1
        sim.left = left
        return sim

    def copy(self) -> Sim:
        other = Sim.__new__(Sim)
        other.hands = [h[:] for h in self.hands]
        other.trumps = self.trumps
        other.rule = self.rule
        other.allfours = self.allfours
        other.trick = self.trick[:]
        other.seats = self.seats[:]
        other.led = self.led
        other.turn = self.turn
        other.voids = self.voids[:]
        other.progress = self.progress[:]
        other.completed = self.completed[:]
        other.pile = self.pile[:]
        other.left = self.left[:]
        other.stock = self.stock  # never changed in place: a deal takes a new list
        other.deal_no = self.deal_no
        other.dealer = self.dealer
        other.over = self.over
        return other

    # ----------------------------------------------------------------- playing

    def legal(self) -> list[int]:
        """The faces the seat to move may play (each once)."""
        hand = self.hands[self.turn]
        led = self.led
        if led >= 0:
            follow = [f for f in hand if f & 3 == led]
            if follow:
                own = self.trumps[self.turn]
                if self.allfours and own != led:
                    follow = [f for f in hand if f & 3 == led or f & 3 == own]
                return list(dict.fromkeys(follow))
        return list(dict.fromkeys(hand))

    def play(self, face: int) -> None:
        """The seat to move plays ``face`` (which must be legal); a full trick is scored, and
        the next deal dealt when the hands run out."""
        seat = self.turn
        self.hands[seat].remove(face)
        self.left[face] -= 1
        trick = self.trick
        trick.append(face)
        self.seats.append(seat)
        suit = face & 3
        if len(trick) == 1:
            self.led = suit
        elif suit != self.led and not (self.allfours and suit == self.trumps[seat]):
            self.voids[seat] |= 1 << self.led
        if len(trick) < 4:
            self.turn = (seat + 1) & 3
            return
        index, _ = trick_winner(trick, self.seats, self.trumps, self.rule)
        winner = self.seats[index]
        self._build(winner, trick)
        self.trick = []
        self.seats = []
        self.led = -1
        if self.hands[winner]:
            self.turn = winner
        elif self.deal_no < 4 and self.stock:
            self._deal()
        else:
            self.over = True

    def _build(self, winner: int, trick: list[int]) -> None:
        """As the game lays a trick: the side's suits on its calypsos, the rest on the pile."""
        trumps = self.trumps
        pile = 0
        for partner in (winner, (winner + 2) & 3):
            suit = trumps[partner]
            mask = self.progress[partner]
            spare: list[int] = []
            for f in trick:
                if f & 3 == suit:
                    bit = BIT[f]
                    if mask & bit:
                        spare.append(f)
                    else:
                        mask |= bit
            if mask == FULL:
                self.completed[partner] += 1
                mask = 0
                rest = 0
                for f in spare:
                    bit = BIT[f]
                    if mask & bit:
                        rest += 1
                    else:
                        mask |= bit
                pile += rest
            else:
                pile += len(spare)
            self.progress[partner] = mask
        side = winner & 1
        sides = (trumps[side], trumps[side + 2])
        for f in trick:
            if f & 3 not in sides:
                pile += 1
        self.pile[winner] += pile

    def _deal(self) -> None:
        self.deal_no += 1
        self.dealer = dealer = (self.dealer + 1) & 3
        dealt, self.stock = self.stock[:52], self.stock[52:]
        self.hands = [dealt[(s - dealer - 1) & 3 :: 4] for s in range(4)]
        self.voids = [0, 0, 0, 0]
        self.turn = (dealer + 1) & 3

    def points(self) -> list[int]:
        """Each seat's points if the round ended now (calypsos, cards in progress, pile)."""
        return [
            line_points(self.completed[s], self.progress[s].bit_count()) + 10 * self.pile[s]
            for s in range(4)
        ]

    # ----------------------------------------------------------------- the rules policy

    def rules_card(self, rng: random.Random | None = None) -> int:
        """The card the ``rules`` bot scores best for the seat to move, seeing only what that
        seat sees (its hand, the cards played, the voids shown); ties go to the first legal
        card, or a random one with ``rng``."""
        legal = self.legal()
        if len(legal) == 1:
            return legal[0]
        best: list[int] = []
        best_value = -1e18
        scorer = _Scorer(self)
        for face in legal:
            value = scorer.value(face)
            if value > best_value + _EPS:
                best, best_value = [face], value
            elif value > best_value - _EPS:
                best.append(face)
        if rng is None or len(best) == 1:
            return best[0]
        return best[int(rng.random() * len(best))]


class _Scorer:
    """The rules bot's value of each card for the seat to move (``bot.RulesTable`` on ints): what
    the trick on the table is worth to each side is summed once, then each card is added."""

    __slots__ = (
        "chances",
        "hand_sizes",
        "need_ours",
        "need_theirs",
        "ours",
        "rule",
        "seat",
        "seats",
        "sim",
        "trick",
        "trick_faces",
        "trick_ours",
        "trick_theirs",
        "trumps",
        "unseen",
        "unseen_total",
    )

    def __init__(self, sim: Sim) -> None:
        self.sim = sim
        seat = self.seat = sim.turn
        trumps = self.trumps = sim.trumps
        self.rule = sim.rule
        trick = self.trick = sim.trick
        self.seats = sim.seats
        self.ours = (seat & 1, (seat & 1) + 2)
        # By suit, the ranks each side's calypsos lack (a side's two suits differ).
        need_ours = [0, 0, 0, 0]
        need_theirs = [0, 0, 0, 0]
        for s in range(4):
            lacks = FULL & ~sim.progress[s]
            if (s & 1) == (seat & 1):
                need_ours[trumps[s]] |= lacks
            else:
                need_theirs[trumps[s]] |= lacks
        self.need_ours = need_ours
        self.need_theirs = need_theirs
        # What the trick so far is worth to each side; a face taken twice needs one place.
        ours = theirs = 0.0
        faces = 0
        for f in trick:
            key = 1 << f
            bit = BIT[f]
            suit = f & 3
            ours += PILE if faces & key or not need_ours[suit] & bit else NEEDED
            theirs += PILE if faces & key or not need_theirs[suit] & bit else NEEDED
            faces |= key
        self.trick_ours = ours
        self.trick_theirs = theirs
        self.trick_faces = faces
        unseen = sim.left[:]
        hand = sim.hands[seat]
        for f in hand:
            unseen[f] -= 1
        self.unseen = unseen
        self.unseen_total = max(1, sum(unseen))
        self.hand_sizes = [len(h) for h in sim.hands]
        self.chances: dict[tuple[int, int], float] = {}

    def value(self, face: int) -> float:
        trick = self.trick
        seat = self.seat
        ours = self.ours
        if trick:
            cards = [*trick, face]
            seats = [*self.seats, seat]
            index, _ = trick_winner(cards, seats, self.trumps, self.rule)
            winner = seats[index]
        else:
            cards, seats, index, winner = [face], [seat], 0, seat
        n_later = 4 - len(cards)
        p_ours = 1.0 if winner in ours else 0.0
        if n_later:
            # The chance depends only on the winning card and how it wins: cards that leave
            # the same card winning share it.
            key = (index, cards[index])
            cached = self.chances.get(key)
            if cached is not None:
                p_ours = cached
            else:
                if p_ours:
                    keep = 1.0
                    for k in range(1, n_later + 1):
                        if k != 2:  # the partner sits two seats on
                            keep *= 1.0 - self.beat_chance((seat + k) & 3, cards, seats, index)
                    p_ours = keep
                elif n_later >= 2:
                    # The partner, still to play, may take it back.
                    p_ours = self.beat_chance((seat + 2) & 3, cards, seats, index)
                self.chances[key] = p_ours
        suit = face & 3
        bit = BIT[face]
        own_needed = self.need_ours[suit] & bit
        repeat = self.trick_faces >> face & 1
        extra = PILE * n_later
        gain = self.trick_ours + (NEEDED if own_needed and not repeat else PILE) + extra
        their_needed = self.need_theirs[suit] & bit and not repeat
        loss = self.trick_theirs + (NEEDED if their_needed else PILE) + extra
        value = p_ours * gain - (1.0 - p_ours) * loss
        value -= 0.01 * FACE_VALUE[face]
        if own_needed:
            value -= 2.0 * (1.0 - p_ours)
        return value

    def beat_chance(
        self, seat: int, cards: Sequence[int], seats: Sequence[int], index: int
    ) -> float:
        led = cards[0] & 3
        win = cards[index]
        own = self.trumps[seat]
        lead_trump = index == 0 and self.trumps[seats[0]] == led
        trump_in = (win & 3) != led
        size = self.hand_sizes[seat] or 1
        rule = self.rule
        may_trump = own != led and (self.sim.voids[seat] >> led & 1 or rule == ALL_FOURS)
        unseen = self.unseen
        if may_trump:
            faces = SUIT_FACES[own]
            in_suit = 0
            for f in faces:
                in_suit += unseen[f]
            held = 1.0 - (1.0 - in_suit / self.unseen_total) ** size
            any_trump_wins = (lead_trump and rule in (STANDARD, LAST_TRUMP)) or (
                trump_in and rule == LAST_TRUMP
            )
            if (lead_trump or trump_in) and not any_trump_wins:
                if not in_suit:
                    return 0.0
                higher = 0
                v = FACE_VALUE[win]
                for f in faces:
                    if FACE_VALUE[f] <= v:
                        break
                    higher += unseen[f]
                return held * higher / in_suit
            return held
        if lead_trump or trump_in:
            return 0.02
        higher = 0
        for f in ABOVE[win]:
            higher += unseen[f]
        if not higher:
            return 0.0
        return 1.0 - (1.0 - higher / self.unseen_total) ** size
