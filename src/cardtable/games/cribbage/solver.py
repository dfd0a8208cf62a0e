"""Exact two-player pegging: the net pegs of best play by both sides, from any count.

Suits never matter in the play, so a position is two sorted tuples of ranks (1 = ace .. 13 =
king), the count and the ranks played in the current count. :func:`peg_value` searches every
line with the rules of the play (a player who cannot play says go; the last to play pegs one
for the go or two for 31; the count restarts with the player after the last to play; the last
card of all pegs one) and memoizes positions (the count cut to what later cards can still score
with), so a whole four-card play is a few hundred new positions at most; the opening lead of
four cards against four, the costliest, is read from a shipped table
(:mod:`~cardtable.games.cribbage.lead_table`). The reach of the target during the play is not
foreseen.

:class:`CribbageSolverBot` plays with it: for each play it samples worlds (the opponent's
unseen cards, consistent with every go), solves each exactly and takes the best mean. Its
discards are the exact advisor's (:func:`~cardtable.games.cribbage.analysis.discard_advice`);
with ``discard_worlds`` it adds, for the advisor's best few discards, the mean pegging result
of the kept cards against sampled opponent hands, so a hand that pegs well may win a close
call. Three and four players have no exact solver here: the ``rules`` bot plays for them.

>>> peg_value((5,), (10,), 0, ())  # lead the 5: the ten makes 15 for two, and the go is one
-3
>>> play_values((5, 10), (10, 5), 0, ())  # either lead: the other pairs, pairs again, goes out
{5: -5, 10: -5}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.cards import parse_cards
from cardtable.engine import Move
from cardtable.games.cribbage.analysis import discard_advice
from cardtable.games.cribbage.bot import CribbageRulesBot
from cardtable.games.cribbage.lead_table import lead_values
from cardtable.games.cribbage.scoring import peg_score
from cardtable.games.cribbage.tables import RANK as _RANK
from cardtable.random_bot import whole_setting
from cardtable.seat_view import SeatView

__all__ = ["CribbageSolverBot", "peg_value", "play_values"]

_VAL = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # count value by rank


def _tail(run: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks of the count that later plays can still score with: the trailing pair block,
    or else the longest suffix of distinct ranks spanning at most seven ranks (a run through
    a repeated rank is no run, and seven consecutive ranks already add up to 28). Positions
    that differ only in older cards then share one memo entry.

    >>> _tail((9, 5, 5)), _tail((5, 9, 4, 3)), _tail((2, 9, 4, 3)), _tail((1, 3, 9, 8))
    ((5, 5), (5, 9, 4, 3), (9, 4, 3), (3, 9, 8))
    """
    n = len(run)
    if n < 2:
        return run
    last = run[n - 1]
    if run[n - 2] == last:
        k = 2
        while k < n and run[n - 1 - k] == last:
            k += 1
        return run[n - k :]
    seen = 1 << last
    lo = hi = last
    k = 1
    while k < n:
        r = run[n - 1 - k]
        bit = 1 << r
        if seen & bit or max(hi, r) - min(lo, r) > 6:
            break
        seen |= bit
        lo, hi = min(lo, r), max(hi, r)
        k += 1
    return run[n - k :]


# The search runs on small ints: a hand (a sorted tuple of ranks) and a count's tail are each
# given an id the first time they are met, and a position is one int made of the two hands'
# ids, the count and the tail's id: hashing one int, and indexing lists by the ids, is cheaper
# in Python than hashing tuples of tuples at every position.

#: The hands met so far, by id (0: the empty hand), and each one's id.
_HANDS: list[tuple[int, ...]] = []
_HAND_ID: dict[tuple[int, ...], int] = {}
#: A hand's moves by id: (rank, count value, the id of the hand without it), by count value so
#: that a search stops at the first that does not fit; and its least count value (99: none).
_MOVES: list[tuple[tuple[int, int, int], ...]] = []
_LEAST: list[int] = []
#: The tails met so far, by id (0: the empty count), and each one's id.
_TAILS: list[tuple[int, ...]] = []
_TAIL_ID: dict[tuple[int, ...], int] = {}
#: Solved positions: ((mover, other, count), tail) packed in one int -> net pegs. A plain dict
#: (an lru_cache's bookkeeping costs a third of the search), emptied at MEMO_SIZE entries.
_MEMO: dict[int, int] = {}
#: (tail, count, rank played) packed -> the tail, the count and the pegs after it, likewise.
_STEPS: dict[int, tuple[int, int, int]] = {}
#: The most entries either memo keeps (some 150 MB at most).
MEMO_SIZE = 1 << 20
# Bits of a packed position: a hand's id (hands of up to six ranks: 26,963 of them), the
# count (0 to 30), a tail's id.
_HAND_BITS = 15
_TAIL_BITS = 24


def _hand_id(hand: tuple[int, ...]) -> int:
    """The id of sorted ``hand``, its moves worked out the first time it is met."""
    known = _HAND_ID.get(hand)
    if known is not None:
        return known
    moves = []
    for rank in sorted(set(hand), key=lambda r: (_VAL[r], r)):
        i = hand.index(rank)
        moves.append((rank, _VAL[rank], _hand_id(hand[:i] + hand[i + 1 :])))
    new = len(_HANDS)
    if new >= 1 << _HAND_BITS:  # a pegging hand has at most six ranks: 26,963 hands in all
        raise ValueError(f"too many different hands to pack: {hand} is the {new + 1}th")
    _HAND_ID[hand] = new
    _HANDS.append(hand)
    _MOVES.append(tuple(moves))
    _LEAST.append(moves[0][1] if moves else 99)
    return new


def _tail_id(tail: tuple[int, ...]) -> int:
    """The id of a count's ``tail`` (see :func:`_tail`)."""
    known = _TAIL_ID.get(tail)
    if known is None:
        known = _TAIL_ID[tail] = len(_TAILS)
        _TAILS.append(tail)
    return known


_hand_id(())
_tail_id(())


def _step(tail: int, count: int, rank: int) -> tuple[int, int, int]:
    """The tail's id, the count and the pegs once ``rank`` is played on them, memoized."""
    line = (*_TAILS[tail], rank)
    total = count + _VAL[rank]
    step = (_tail_id(_tail(line)), total, peg_score(line, total))
    if len(_STEPS) >= MEMO_SIZE:
        _STEPS.clear()
    _STEPS[(tail << 10) | (count << 4) | rank] = step
    return step


def clear_memo() -> None:
    """Forget every solved position (for timings that start from nothing)."""
    _MEMO.clear()
    _STEPS.clear()


def peg_value(
    mover: tuple[int, ...], other: tuple[int, ...], count: int, run: tuple[int, ...]
) -> int:
    """The net pegs (the mover's less the other's) of the rest of the play under best play,
    the mover to play a card (it must hold one that fits the count). Hands are sorted tuples
    of ranks; ``run`` the ranks of the current count, oldest first.

    >>> peg_value((7, 8), (9,), 0, ())  # the 9 goes between: a run of three, and the last card
    4
    """
    return _value(_hand_id(mover), _hand_id(other), count, _tail_id(_tail(tuple(run))))


def _value(mover: int, other: int, count: int, tail: int) -> int:
    """:func:`peg_value` of hands and a tail given by their ids, memoized."""
    key = (((mover << _HAND_BITS | other) << 5 | count) << _TAIL_BITS) | tail
    best = _MEMO.get(key)
    if best is not None:
        return best
    room = 31 - count
    best = -99
    for rank, val, rest in _MOVES[mover]:
        if val > room:
            break  # the moves come by count value
        line, total, points = _STEPS.get((tail << 10) | (count << 4) | rank) or _step(
            tail, count, rank
        )
        value = _after(line, total, points, rest, other)
        if value > best:
            best = value
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = best
    return best


def _after(line: int, total: int, points: int, rest: int, other: int) -> int:
    """The mover's net pegs once its card made the count ``total`` (its tail ``line``) and
    pegged ``points``, the hand ``rest`` left to it, best play after (hands and tail by id).
    The memo is looked at here before :func:`_value` is called: most positions are met again,
    and a call is the dearest thing in the search."""
    memo = _MEMO
    if total < 31:
        left = 31 - total
        if _LEAST[other] <= left:
            known = memo.get((((other << _HAND_BITS | rest) << 5 | total) << _TAIL_BITS) | line)
            return points - (_value(other, rest, total, line) if known is None else known)
        if _LEAST[rest] <= left:  # the other says go
            known = memo.get((((rest << _HAND_BITS | other) << 5 | total) << _TAIL_BITS) | line)
            return points + (_value(rest, other, total, line) if known is None else known)
        if not rest and not other:
            return points + 1  # the last card
        points += 1  # nobody can play on: one for the go
    # The count starts again with the player after the mover (the mover if the other is out).
    if other:
        known = memo.get((other << _HAND_BITS | rest) << (5 + _TAIL_BITS))
        return points - (_value(other, rest, 0, 0) if known is None else known)
    if rest:
        known = memo.get((rest << _HAND_BITS | other) << (5 + _TAIL_BITS))
        return points + (_value(rest, other, 0, 0) if known is None else known)
    return points


def play_values(
    mover: Sequence[int],
    other: Sequence[int],
    count: int,
    run: Sequence[int],
    table: bool = True,
) -> dict[int, int]:
    """Each rank the mover may play, with the net pegs of best play after it. The opening
    lead of four cards against four is read from the lead table
    (:mod:`~cardtable.games.cribbage.lead_table`) unless ``table`` is False.

    >>> play_values((4, 11), (1,), 20, (10, 10))  # the jack lets the ace make 31
    {4: 0, 11: -1}
    >>> play_values((2, 3, 5, 12), (4, 6, 9, 13), 0, ()) == play_values(
    ...     (2, 3, 5, 12), (4, 6, 9, 13), 0, (), table=False)
    True
    """
    if table and count == 0 and not run and len(mover) == 4 and len(other) == 4:
        known = lead_values(mover, other)
        if known is not None:
            return known
    hand, opp = _hand_id(tuple(sorted(mover))), _hand_id(tuple(sorted(other)))
    tail = _tail_id(_tail(tuple(run)))
    room = 31 - count
    steps = _STEPS
    return {
        rank: _after(
            *(steps.get((tail << 10) | (count << 4) | rank) or _step(tail, count, rank)), rest, opp
        )
        for rank, val, rest in sorted(_MOVES[hand])
        if val <= room
    }


#: The most sampled worlds (``worlds``, ``discard_worlds``) a solver bot takes.
MAX_WORLDS = 10_000
#: The most discards a hand offers (two of six cards: 15), the bound of ``discard_options``.
DISCARDS = 15


class CribbageSolverBot(CribbageRulesBot):
    """Two-player Cribbage: pegging by exact search over ``worlds`` sampled opponent hands;
    discards by the exact advisor, with ``discard_worlds`` sampled deals to weigh the pegging
    of its best ``discard_options`` discards (0: the advisor alone). Claims and muggins as the
    ``rules`` bot.

    >>> import cardtable
    >>> state = cardtable.load("cribbage").new_state(seed=1)
    >>> state.apply(state.legal_moves()[0]); state.apply(state.legal_moves()[0])
    >>> move = CribbageSolverBot(seed=2, worlds=10).choose(SeatView(state, state.to_move))
    >>> move in state.legal_moves(), move.verb
    (True, 'play')
    """

    name: ClassVar[str] = "solver"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 30,
        discard_worlds: int = 0,
        discard_options: int = 4,
    ) -> None:
        super().__init__(seed)
        self.worlds = whole_setting("worlds", worlds, 1, MAX_WORLDS)
        self.discard_worlds = whole_setting("discard_worlds", discard_worlds, 0, MAX_WORLDS)
        self.discard_options = whole_setting("discard_options", discard_options, 1, DISCARDS)
        #: (move, mean net pegs) of the last searched choice, best first.
        self.last_report: list[tuple[str, float, int]] = []

    def _discard(self, obs: dict[str, Any], seat: int, legal: list[Move]) -> Move:
        if int(obs["players"]) != 2 or not self.discard_worlds:
            return super()._discard(obs, seat, legal)
        hand = parse_cards(obs["hand"])
        dealer = obs["dealer"] == seat
        options = discard_advice(hand, dealer=dealer)[: self.discard_options]
        held = set(hand)
        unseen = [c for c in range(52) if c not in held]
        rng = self.rng
        kept = [tuple(sorted(_RANK[c] for c in option.keep)) for option in options]
        pegs = [0.0] * len(options)
        for _ in range(self.discard_worlds):
            opp = tuple(sorted(_RANK[c] for c in rng.sample(unseen, 4)))
            for i, mine in enumerate(kept):
                # The pone leads the play.
                pegs[i] += -peg_value(opp, mine, 0, ()) if dealer else peg_value(mine, opp, 0, ())
        scored = [
            (option.net + pegs[i] / self.discard_worlds, i) for i, option in enumerate(options)
        ]
        by_cards = {tuple(sorted(m.cards)): m for m in legal}
        moves = [by_cards[tuple(sorted(option.discard))] for option in options]
        scored.sort(key=lambda s: (-s[0], s[1]))
        self.last_report = [(moves[i].text, value, self.discard_worlds) for value, i in scored]
        return moves[scored[0][1]]

    def _play(self, view: SeatView, obs: dict[str, Any], legal: list[Move]) -> Move:
        if int(obs["players"]) != 2:
            return super()._play(view, obs, legal)
        seat = view.seat
        by_rank: dict[int, Move] = {}
        for move in legal:
            by_rank.setdefault(_RANK[move.cards[0]], move)
        if len(by_rank) == 1:
            return next(iter(by_rank.values()))
        totals = dict.fromkeys(by_rank, 0.0)
        count = int(obs["count"])
        run = tuple(_RANK[c] for c in parse_cards(obs["count_cards"]))
        mine = tuple(sorted(_RANK[c] for c in parse_cards(obs["hand"])))
        for _ in range(self.worlds):
            world: Any = view.sample_world(self.rng)
            opp = tuple(sorted(_RANK[c] for c in world.hands[1 - seat]))
            for rank, value in play_values(mine, opp, count, run).items():
                totals[rank] += value
        order = sorted(totals, key=lambda r: (-totals[r], -r))
        self.last_report = [(by_rank[r].text, totals[r] / self.worlds, self.worlds) for r in order]
        return by_rank[order[0]]
