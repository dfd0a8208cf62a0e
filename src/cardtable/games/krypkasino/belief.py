"""What one seat knows of a Krypkasino hand, and worlds drawn from it, weighted by the plays seen.

:func:`read` gathers, from a :class:`~cardtable.seat_view.SeatView` only, the public facts of
the position and the plays of the current packet (since the last deal of cards), with the
table each play was made on. :func:`seat_likelihood` says how likely a player's plays of this
packet were, had he held some cards and played like the ``rules`` bot (with a share ``noise``
of random plays); it depends on his own cards alone. :func:`weighted_worlds` deals the cards
the seat has not seen over the other hands and the stock as
:class:`~cardtable.games.krypkasino.lean.Lean` hands, never giving a player a card the tabbe
obligation shows he lacks, each player's hand drawn in proportion to that chance (importance
weights, one player at a time), so a player who crept a scoring card is seen to lack a cheaper
creep.

>>> import random, cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("krypkasino", players=4).new_state(seed=5)
>>> for _ in range(3):
...     state.apply(state.legal_moves()[0])
>>> facts = read(SeatView(state, state.to_move))
>>> [len(p) for p in (facts.plays, facts.hand, facts.unseen)], facts.sizes
([3, 5, 92], [4, 4, 4, 5])
>>> world = weighted_worlds(facts, random.Random(1), 1, 16, 0.1)[0]
>>> [len(h) for h in world.hands], len(world.stock), world.hands[3] == facts.hand
([4, 4, 4, 5], 80, True)
>>> 0 < seat_likelihood(facts, 0, world.hands[0], 0.1) <= 1
True
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import NamedTuple

from cardtable.cards import PACK_SIZE, parse_card
from cardtable.engine import Move
from cardtable.games.krypkasino.captures import HAND_VALUE, POINTS
from cardtable.games.krypkasino.lean import (
    FACE_STEP,
    HELD_RISK,
    Lean,
    Option,
    options_for,
    outcome,
    sweep_mask,
    sweep_odds,
    sweep_values,
)
from cardtable.random_bot import RandomBot
from cardtable.seat_view import SeatView

__all__ = ["Facts", "Memo", "Play", "distinct_plays", "read", "seat_likelihood", "weighted_worlds"]

_HV = HAND_VALUE[:PACK_SIZE]
_PTS = POINTS[:PACK_SIZE]
#: What :func:`seat_likelihood` keeps of one position's plays (by their index), for reuse.
Memo = dict[int, "_PlayCosts"]
# Tries to give a seat one of its weighed hands that the cards left can still make.
_TRIES = 20


class Play(NamedTuple):
    """One play of the current packet: who, the face played, the faces taken, the table it
    was played on (faces), and the cards not face up then, counted by hand value."""

    seat: int
    face: int
    taken: tuple[int, ...]
    table: tuple[int, ...]
    hidden: tuple[int, ...]
    next_held: int


class Facts(NamedTuple):
    """The position as one seat knows it (faces 0..51 throughout)."""

    seat: int
    n: int
    team: tuple[int, ...]
    dealer: int
    most_cards: bool
    hand: list[int]
    table: list[int]
    sizes: list[int]
    stock: int
    last: int
    aside: int
    unseen: list[int]
    plays: list[Play]
    #: Per seat, the hand values it cannot hold (it did not sweep a table they sweep).
    lacks: list[int]


def read(view: SeatView) -> Facts:
    """The facts of ``view``'s position (see the module's notes)."""
    obs = view.observation()
    seat = int(obs["seat"])
    n = int(obs["players"])
    hand = [parse_card(c) for c in obs["hand"]]
    table = [parse_card(c) for c in obs["table"]]
    aside = [parse_card(c) for c in obs["set_aside"]]
    left = [2] * PACK_SIZE
    for f in (*hand, *table, *aside):
        left[f] -= 1
    for pile in obs["captured"]:
        for c in pile:
            left[parse_card(c)] -= 1
    unseen = [f for f in range(PACK_SIZE) for _ in range(left[f])]
    # The plays since the last deal of cards, newest first, then undone to find each table.
    raw: list[tuple[int, int, tuple[int, ...]]] = []
    for event in reversed(view.events()):
        kind = event.type
        if kind in ("deal", "extra deal"):
            break
        if kind == "play":
            data = event.data
            taken = tuple(parse_card(c) for c in data["captured"])
            assert event.seat is not None
            raw.append((event.seat, parse_card(data["card"]), taken))
    hidden = [0] * 15
    for f in (*hand, *unseen):
        hidden[_HV[f]] += 1
    now = list(table)
    plays: list[Play] = []
    lacks = [0] * n
    sizes: list[int] = list(obs["hand_sizes"])
    for who, face, taken in raw:
        if taken:
            now.extend(taken)
        else:
            now.remove(face)
        hidden[_HV[face]] += 1
        sizes[who] += 1
        before = tuple(now)
        plays.append(Play(who, face, taken, before, tuple(hidden), sizes[(who + 1) % n]))
        swept = bool(taken) and len(taken) == len(before)
        if before and not swept:
            lacks[who] |= sweep_mask(sum(FACE_STEP[c] for c in before))
    plays.reverse()
    last = obs["last_capturer"]
    return Facts(
        seat,
        n,
        tuple(obs["teams"]),
        int(obs["dealer"]),
        view.game.options.get("capture") == "most-cards",
        hand,
        table,
        list(obs["hand_sizes"]),
        int(obs["stock"]),
        -1 if last is None else int(last),
        sum(POINTS[f] for f in aside),
        unseen,
        plays,
        lacks,
    )


def distinct_plays(view: SeatView) -> list[tuple[Move, Option]]:
    """The seat's legal moves that play differently: of those playing one card and taking the
    same ranks, the one taking the fewest points (the table left is the same but for points
    that may not be one's own), each with its (face, faces taken).

    >>> import cardtable
    >>> state = cardtable.load("krypkasino", players=4).new_state(seed=3)
    >>> [move.text for move, _ in distinct_plays(SeatView(state, state.to_move))][1:3]
    ['play 5S', 'play 7C take 2C 5H']
    """
    legal = RandomBot.legal_for(view)
    obs = view.observation()
    takes = {
        t: tuple(parse_card(c) for c in k)
        for t, k in zip(obs["legal_moves"], obs["takes"], strict=True)
    }
    plays: dict[tuple[int, tuple[int, ...]], tuple[Move, Option]] = {}
    for move in legal:
        taken = takes[move.text]
        key = (move.cards[0], tuple(sorted(c // 4 for c in taken)))
        known = plays.get(key)
        if known is None or sum(_PTS[c] for c in taken) < sum(_PTS[c] for c in known[1][1]):
            plays[key] = (move, (move.cards[0], taken))
    return list(plays.values())


def seat_likelihood(
    facts: Facts, who: int, hand: list[int], noise: float, memo: Memo | None = None
) -> float:
    """The chance that ``who``, holding ``hand`` now, made his plays of this packet as the
    ``rules`` bot would, a share ``noise`` of his cards at random. It depends on his own cards
    alone (what he had not seen is the rest), so the players' hands can be weighed apart.
    ``memo`` (one per ``facts``) keeps what each play's options cost whoever held them, so
    many hands are weighed for the price of their few differences.

    >>> import random, cardtable
    >>> from cardtable.seat_view import SeatView
    >>> state = cardtable.load("krypkasino", players=4).new_state(seed=5)
    >>> for _ in range(3):
    ...     state.apply(state.legal_moves()[0])
    >>> facts = read(SeatView(state, 3))
    >>> seat_likelihood(facts, 0, [c % 52 for c in state.hands[0]], 0.1) > 0.0
    True
    """
    if memo is None:
        memo = {}
    weight = 1.0
    held = list(hand)
    counts = [0] * 15
    points = 0
    for c in held:
        counts[_HV[c]] += 1
        points += _PTS[c]
    for index in range(len(facts.plays) - 1, -1, -1):
        play = facts.plays[index]
        if play.seat != who:
            continue
        face = play.face
        held.append(face)
        counts[_HV[face]] += 1
        points += _PTS[face]
        known = memo.get(index)
        if known is None:
            known = memo[index] = _PlayCosts(facts, play)
        options = known.options_of(held)
        if len(options) == 1:
            if options[0][0] != face:
                return 0.0
            continue
        costs = known.costs(options, counts, points, len(held))
        least = min(costs) + 1e-9
        best = [o[0] for o, c in zip(options, costs, strict=True) if c <= least]
        mine = sum(1 for o in options if o[0] == face)
        weight *= noise * mine / len(options) + (1 - noise) * best.count(face) / len(best)
        if not weight:
            return 0.0
    return weight


#: One option of a play as far as the hand does not matter: (face, its fixed cost, the
#: values that would sweep the table it leaves, the points it leaves there).
Priced = tuple[int, float, tuple[int, ...], int]


class _PlayCosts:
    """One play's table as the ``rules`` cost sees it, for any hand that made it: each face's
    options with the part of their cost (:func:`~cardtable.games.krypkasino.lean.costs_for`)
    that the rest of the hand does not change, worked out once. Summed in the same order as
    ``costs_for``, so the costs, and the ties among them, are the same to the last bit."""

    __slots__ = (
        "by_face",
        "code",
        "hidden",
        "mask",
        "mate",
        "most_cards",
        "next_held",
        "share",
        "table",
    )

    def __init__(self, facts: Facts, play: Play) -> None:
        team, n = facts.team, facts.n
        self.table = list(play.table)
        self.code = sum(FACE_STEP[c] for c in self.table)
        self.mask = sweep_mask(self.code) if self.code else 0
        self.share = team.count(team[play.seat]) / n
        self.next_held = play.next_held
        self.mate = team[(play.seat + 1) % n] == team[play.seat]
        self.hidden = play.hidden
        self.most_cards = facts.most_cards
        self.by_face: dict[int, list[Priced]] = {}

    def options_of(self, held: list[int]) -> list[Priced]:
        """The options of a hand holding ``held`` (as :func:`options_for` lists them)."""
        faces = sorted(set(held))
        mask = self.mask
        if mask:
            sweepers = [f for f in faces if mask >> _HV[f] & 1]
            if sweepers:
                faces = sweepers
        out: list[Priced] = []
        for f in faces:
            priced = self.by_face.get(f)
            if priced is None:
                priced = self.by_face[f] = self._price(f)
            out.extend(priced)
        return out

    def _price(self, face: int) -> list[Priced]:
        table, code, share = self.table, self.code, self.share
        table_points = sum(_PTS[c] for c in table)
        out: list[Priced] = []
        for f, taken in options_for([face], table, code, self.most_cards):
            captured, sweep, left_points, left_code = outcome(f, taken, table_points, code)
            fixed = 0.0
            if captured or sweep:
                fixed += captured
                fixed += sweep
            fixed += left_points * share
            values: tuple[int, ...] = ()
            if left_code and self.next_held > 0:
                values = sweep_values(left_code)
            out.append((f, fixed, values, left_points))
        return out

    def costs(
        self, options: list[Priced], counts: list[int], points: int, size: int
    ) -> list[float]:
        """The ``rules`` cost of each option for a hand of ``size`` cards, ``counts`` of them
        of each value, worth ``points``."""
        hidden = self.hidden
        total = sum(hidden) - size
        held, mate, share = self.next_held, self.mate, self.share
        out: list[float] = []
        for f, fixed, values, left_points in options:
            cost = fixed + HELD_RISK * (points - _PTS[f])
            if values:
                good = 0
                for v in values:
                    good += hidden[v] - counts[v]
                chance = sweep_odds(total, good, held)
                if not mate:
                    cost -= 5 * chance
                else:
                    cost += chance * left_points * (1 - share)
            out.append(cost)
        return out


def weighted_worlds(
    facts: Facts, rng: random.Random, count: int, candidates: int, noise: float
) -> list[Lean]:
    """``count`` worlds whose other hands are drawn in proportion to their
    :func:`seat_likelihood`: ``candidates`` hands are drawn for each other seat and weighed
    apart (the weight of a world is the product of its hands'), and each world takes one of
    each seat's, in proportion to the weights, that the unseen cards can hold together.

    >>> import random, cardtable
    >>> from cardtable.seat_view import SeatView
    >>> state = cardtable.load("krypkasino", players=4).new_state(seed=5)
    >>> for _ in range(3):
    ...     state.apply(state.legal_moves()[0])
    >>> facts = read(SeatView(state, 3))
    >>> worlds = weighted_worlds(facts, random.Random(2), 5, 20, 0.1)
    >>> [[len(h) for h in w.hands] for w in worlds][0], {len(w.stock) for w in worlds}
    ([4, 4, 4, 5], {80})
    """
    n, seat = facts.n, facts.seat
    avail = [0] * PACK_SIZE
    for f in facts.unseen:
        avail[f] += 1
    pools: dict[int, tuple[list[list[int]], list[float]]] = {}
    memo: Memo = {}
    for s in range(n):
        if not candidates or s == seat or not any(p.seat == s for p in facts.plays):
            continue
        allowed = _allowed(facts.unseen, facts.sizes[s], facts.lacks[s])
        hands = [rng.sample(allowed, facts.sizes[s]) for _ in range(candidates)]
        weights = [seat_likelihood(facts, s, h, noise, memo) for h in hands]
        total = sum(weights)
        if total <= 0:
            continue
        acc = 0.0
        cumulative = []
        for w in weights:
            acc += w
            cumulative.append(acc)
        pools[s] = (hands, cumulative)
    order = sorted((s for s in range(n) if s != seat), key=lambda s: s not in pools)
    out: list[Lean] = []
    for _ in range(count):
        left = list(avail)
        hands_of: list[list[int]] = [[] for _ in range(n)]
        hands_of[seat] = list(facts.hand)
        for s in order:
            chosen = None
            if s in pools:
                hands, cumulative = pools[s]
                for _try in range(_TRIES):
                    pick = hands[bisect_right(cumulative, rng.random() * cumulative[-1])]
                    if _fits(pick, left):
                        chosen = pick
                        break
            if chosen is None:
                chosen = _draw_from(left, facts.sizes[s], facts.lacks[s], rng)
            for f in chosen:
                left[f] -= 1
            hands_of[s] = list(chosen)
        stock = [f for f in range(PACK_SIZE) for _ in range(left[f])]
        rng.shuffle(stock)
        out.append(
            Lean(
                n,
                facts.team,
                facts.dealer,
                seat,
                hands_of,
                list(facts.table),
                stock,
                facts.last,
                facts.aside,
                facts.most_cards,
            )
        )
    return out


def _fits(hand: list[int], left: list[int]) -> bool:
    need: dict[int, int] = {}
    for f in hand:
        need[f] = need.get(f, 0) + 1
        if need[f] > left[f]:
            return False
    return True


def _allowed(cards: list[int], size: int, ban: int) -> list[int]:
    """The cards of no banned value, or all of them if too few are left for a hand."""
    pool = [f for f in cards if not ban >> _HV[f] & 1]
    return pool if len(pool) >= size else list(cards)


def _draw_from(left: list[int], size: int, ban: int, rng: random.Random) -> list[int]:
    """``size`` cards drawn from the counts ``left``, of no banned value if that can be."""
    return rng.sample(
        _allowed([f for f in range(PACK_SIZE) for _ in range(left[f])], size, ban), size
    )
