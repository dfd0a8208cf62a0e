"""The last tricks of a Kloepper world solved exactly, for the expert's play-outs.

In a sampled world every card is known and so are the sides (the holders of the black queens,
or the caller and the called ace's holder, or the lone player). What is left of the deal is
then a game of two sides with perfect information: the queens side wants the deal's result
worth most to it, the other side the least. :func:`solve` finds the best play of both sides by
alpha-beta search over the cards left (each trick's cards follow suit as the rules say) and
gives the line it expects; :func:`finish` plays that line into the world, so the deal ends as
a play-out's would and its log and points are read the same way.

The value of a line is the deal's award seen from the queens side: ``+award`` where the
result is one the queens side wins (:data:`~cardtable.games.kloepper.scoring.QUEENS_WIN`),
``-award`` otherwise. Each seat's reward in the search (its gain less the largest other gain)
is this value for a queens-side seat and its negative for the others, so both sides'
interests are exactly opposed and one number orders every line for both.

Knocks are settled before the lead to the second trick, so a world is handed over only once
no knock can come (:func:`solvable`).

>>> import random, cardtable
>>> from cardtable.cards import cards_str
>>> from cardtable.games.kloepper.playout import LeanRules
>>> state, rules = cardtable.load("kloepper").new_state(seed=3), LeanRules(random.Random(1))
>>> while state.trick_no < 2:  # the rules bot plays two tricks at every seat
...     state.apply(rules.choose(state))
>>> for hand in state.hands:
...     print(*cards_str(hand))
JD KC 10H KH
QC JS 9C 9H
QS JC 10D AC
JH QD 10C 10S
>>> solvable(state), state.team == 0b0110  # seats 1 and 2 hold the black queens
(True, True)
>>> value, line = solve(state)
>>> value, cards_str(line[:8])
(2, ['JD', 'QC', 'QS', 'JH', 'JS', 'JC', 'QD', '10H'])
>>> finish(state, line, rules)
>>> state.points
[0, 2, 2, 0]
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from cardtable.games.kloepper.moves import PLAY
from cardtable.games.kloepper.scoring import QUEENS_WIN, result_key
from cardtable.games.kloepper.tables import (
    KEY,
    KEY_MASK,
    PACK,
    PLAYING,
    POINTS,
    POWER,
    SEATS,
    trick_winner,
)

__all__ = ["finish", "monotone", "solvable", "solve"]

_BIT = tuple(1 << c for c in range(52))
# The pack, strongest first: a seat tries its strongest card first, and a cut comes sooner when
# the best card is searched first.
_STRONGEST = tuple(sorted(PACK, key=lambda c: -POWER[c]))


# Two cards of one suit key worth the same card points (the black queens, the jacks), by the
# higher and the lower: the cards of that key that rank between them. Held by one seat, with
# none of those between them in another hand or in the trick, the two are equivalent: every
# trick one of them wins the other wins, with the same points, so only one is searched.
_BETWEEN: dict[tuple[int, int], int] = {
    (a, b): sum(_BIT[c] for c in PACK if KEY[c] == KEY[a] and POWER[b] < POWER[c] < POWER[a])
    for a in PACK
    for b in PACK
    if KEY[a] == KEY[b] and POINTS[a] == POINTS[b] and POWER[a] > POWER[b]
}


def _cards(mask: int, others: int) -> list[int]:
    """The cards of ``mask``, strongest first, one of each run of equivalent cards (see
    ``_BETWEEN``; ``others``: the cards in the other hands and in the trick)."""
    out: list[int] = []
    for c in _STRONGEST:
        if mask & _BIT[c]:
            if out:
                between = _BETWEEN.get((out[-1], c))
                if between is not None and not between & others:
                    continue
            out.append(c)
    return out


# The results from worst to best for the queens side as the queens side's points and tricks
# grow, in a deal without a knock (alone: with the prefix ``lone-``); after a knock each of the
# pairs below.
_ORDER = ("lose-all", "lose-high", "lose", "win", "win-high", "win-all")
_KNOCKS = (("knock-failed", "knock"), ("knock-off", "knock-off-failed"))
_LONE_KNOCK = ("lone-knock-failed", "lone-knock")


def monotone(table: dict[str, int], alone: bool, knock: bool, knock_off: bool) -> bool:
    """Whether the deal's value (see the module docs) never falls as the queens side takes
    more card points or tricks under ``table``: true for the default table, and for any table
    whose rows keep its order; the solver bounds its search by it only then.

    >>> from cardtable.games.kloepper.scoring import DEFAULT_TABLE
    >>> monotone(DEFAULT_TABLE, False, False, False), monotone(DEFAULT_TABLE, True, True, False)
    (True, True)
    >>> monotone(DEFAULT_TABLE | {"win-high": 1}, False, False, False)
    False
    """

    def value(row: str) -> int:
        return table[row] if row in QUEENS_WIN else -table[row]

    rows: tuple[str, ...]
    if knock:
        rows = _LONE_KNOCK if alone else _KNOCKS[knock_off]
    else:
        rows = tuple(("lone-" if alone else "") + row for row in _ORDER)
    values = [value(row) for row in rows]
    return all(a <= b for a, b in pairwise(values))


def solvable(world: Any) -> bool:
    """Whether ``world`` is past the last chance to knock, with cards still to play: what
    :func:`solve` needs (it plays cards only)."""
    deck = world.deck
    return bool(
        world.phase == PLAYING
        and not world.is_over
        and (
            world.trick_no > deck.knock_before
            or (world.trick_no == deck.knock_before and world.trick)
        )
    )


def solve(world: Any) -> tuple[int, list[int]]:
    """The value of ``world`` (see the module docs) with both sides playing their best, and
    the cards of a line that reaches it, in the order they are played. ``world`` is read, not
    changed; it must be :func:`solvable`."""
    deck = world.deck
    team = world.team
    table = world.table
    tricks_total = deck.tricks
    thresholds = deck.thresholds()
    alone, knock, knock_off = world.alone, world.knocker >= 0, world.knock_off >= 0
    queens_seat = [bool(team >> s & 1) for s in range(SEATS)]
    hands = [sum(_BIT[c] for c in h) for h in world.hands]
    q_points = sum(world.taken[s] for s in range(SEATS) if queens_seat[s])
    q_tricks = sum(1 for t in world.tricks if queens_seat[t[2]])
    values: dict[tuple[int, int], int] = {}
    bounded = monotone(table, alone, knock, knock_off)

    def leaf(points: int, won: int) -> int:
        cached = values.get((points, won))
        if cached is None:
            key = result_key(points, won, alone, knock, knock_off, tricks_total, thresholds)
            award = table[key]
            cached = award if key in QUEENS_WIN else -award
            values[(points, won)] = cached
        return cached

    def search(
        trick: list[int],
        leader: int,
        points: int,
        won: int,
        rest: int,
        left: int,
        alpha: int,
        beta: int,
    ) -> tuple[int, list[int]]:
        """The value and line from here: ``trick`` the cards played to the current trick,
        ``left`` the tricks not yet complete, ``points``/``won`` the queens side's so far and
        ``rest`` the card points not yet taken. A line may stop early where every way on
        ends in the same value."""
        # A deal's value never falls as the queens side takes more points or tricks (every
        # row of the table, knocks included), so what it already has and everything left
        # bound it: a window outside the bounds, or bounds that meet, end the search here.
        if left == 0:
            return leaf(points, won), []
        if bounded:
            low, high = leaf(points, won), leaf(points + rest, won + left)
            if low == high or high <= alpha or low >= beta:
                return (high if high <= alpha else low), []
        if left == 1:  # one card a hand: the last trick plays itself
            tail = [hands[(leader + i) % SEATS].bit_length() - 1 for i in range(len(trick), SEATS)]
            if queens_seat[trick_winner(trick + tail, leader)]:
                return leaf(points + rest, won + 1), tail
            return leaf(points, won), tail
        seat = (leader + len(trick)) % SEATS
        hand = hands[seat]
        others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ hand
        for c in trick:
            others |= _BIT[c]
        if trick:
            follow = hand & KEY_MASK[KEY[trick[0]]]
            options = _cards(follow or hand, others)
        else:
            options = _cards(hand, others)
        maximize = queens_seat[seat]
        best = -1_000_000 if maximize else 1_000_000
        best_line: list[int] = []
        for card in options:
            hands[seat] = hand ^ _BIT[card]
            trick.append(card)
            if len(trick) < SEATS:
                value, line = search(trick, leader, points, won, rest, left, alpha, beta)
            else:
                winner = trick_winner(trick, leader)
                taken = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
                if queens_seat[winner]:
                    value, line = search(
                        [], winner, points + taken, won + 1, rest - taken, left - 1, alpha, beta
                    )
                else:
                    value, line = search(
                        [], winner, points, won, rest - taken, left - 1, alpha, beta
                    )
            trick.pop()
            hands[seat] = hand
            if (value > best) if maximize else (value < best):
                best, best_line = value, [card, *line]
                if maximize:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if alpha >= beta:
                    break
        return best, best_line

    left = tricks_total - world.trick_no
    rest = deck.points - sum(world.taken)
    return search(
        list(world.trick), world.leader, q_points, q_tricks, rest, left, -1_000_000, 1_000_000
    )


def finish(world: Any, line: list[int], policy: Any) -> None:
    """Play ``line`` (from :func:`solve`) into ``world``, then ``policy`` (a bot of states,
    such as :class:`~cardtable.games.kloepper.playout.LeanRules`) to the end of its deal
    where the line stopped early (the value was settled: any play ends in it)."""
    deal = world.deal_no
    for card in line:
        if world.deal_no != deal or world.is_over:
            return
        world.apply(PLAY[card])
    while world.deal_no == deal and not world.is_over:
        world.apply(policy.choose(world))
