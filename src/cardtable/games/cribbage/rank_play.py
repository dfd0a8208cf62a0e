"""The ``rules`` bot's two-player pegging in ranks, fast enough to simulate a million plays.

Suits never matter in the play, so a deal's play is two lists of ranks (1 = ace .. 13 = king)
and what each seat has not seen, counted by rank. :func:`rules_rank` chooses a play exactly as
:class:`~cardtable.games.cribbage.bot.CribbageRulesBot` does with ``pegging="reply"`` (the
points pegged now less the best reply the opponent can expect, the lead nudges, high cards
first, and a search of its own last plays when the opponent cannot play), ties broken the same
way among the cards that tie; :func:`play_deal` plays a whole deal's play with it for both
seats and returns each seat's pegs. ``bench/cribbage_pegging_table.py`` builds the pegging
table (:mod:`~cardtable.games.cribbage.pegging_table`) with it.

>>> import random
>>> play_deal((5, 5, 10, 11), (1, 2, 3, 4), [0] + [4] * 13, [0] + [4] * 13, random.Random(1))
(3, 4)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from math import comb

from cardtable.games.cribbage.scoring import peg_score

__all__ = ["play_deal", "rank_scores", "reply_threat_ranks", "rules_rank", "solo_best"]

_VAL = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # count value by rank
_EPS = 1e-9
# The rules bot's nudges (cardtable.games.cribbage.bot), the same numbers.
_LOW_LEAD = 0.1
_FIVE_LEAD = 0.5
_KEEP_LOW = 0.01


@functools.cache
def _next_points(line: tuple[int, ...]) -> tuple[int, ...]:
    """For each rank 0..13, what a card of it pegs played on the count of ``line`` (-1: it
    does not fit, or all four of it are on the count already; index 0 unused)."""
    count = sum(_VAL[r] for r in line)
    return (
        -1,
        *(
            peg_score((*line, r), count + _VAL[r])
            if count + _VAL[r] <= 31 and line.count(r) < 4
            else -1
            for r in range(1, 14)
        ),
    )


def reply_threat_ranks(line: tuple[int, ...], pool: Sequence[int], held: int) -> float:
    """:func:`~cardtable.games.cribbage.bot.reply_threat` with the pool counted by rank
    (``pool[r]`` cards of rank r): what a player holding ``held`` of them can expect to peg
    with its best reply on the count of ``line``.

    >>> pool = [0] * 14
    >>> pool[10], pool[11], pool[12], pool[13], pool[2], pool[3] = 3, 2, 1, 2, 1, 1
    >>> round(reply_threat_ranks((5,), pool, 2), 3)
    1.956
    """
    size = sum(pool)
    held = min(held, size)
    if held <= 0:
        return 0.0
    points = _next_points(line)
    by_points: dict[int, int] = {}
    for r in range(1, 14):
        if pool[r] and points[r] > 0:
            by_points[points[r]] = by_points.get(points[r], 0) + pool[r]
    if not by_points:
        return 0.0
    hands = comb(size, held)
    expected = 0.0
    covered = 0
    levels = sorted(by_points, reverse=True)
    for i, level in enumerate(levels):
        covered += by_points[level]
        step = level - (levels[i + 1] if i + 1 < len(levels) else 0)
        expected += step * (1 - comb(size - covered, held) / hands)
    return expected


@functools.cache
def solo_best(line: tuple[int, ...], hand: tuple[int, ...], others_empty: bool) -> int:
    """The most a seat pegs from here with its own plays alone (sorted ranks ``hand``, at
    least one fitting the count of ``line``), as
    :func:`~cardtable.games.cribbage.bot.solo_points` counts it.

    >>> solo_best((10, 10, 2, 4), (1, 4), False)  # 4 pairs, then the ace makes 31
    4
    """
    return max(_solo_after(line, hand, r, others_empty) for r in _fitting(line, hand))


def _fitting(line: tuple[int, ...], hand: tuple[int, ...]) -> list[int]:
    room = 31 - sum(_VAL[r] for r in line)
    return [r for r in sorted(set(hand)) if _VAL[r] <= room]


def _without(hand: tuple[int, ...], rank: int) -> tuple[int, ...]:
    i = hand.index(rank)
    return hand[:i] + hand[i + 1 :]


@functools.cache
def _solo_after(line: tuple[int, ...], hand: tuple[int, ...], rank: int, alone: bool) -> int:
    rest = _without(hand, rank)
    new_line = (*line, rank)
    count = sum(_VAL[r] for r in new_line)
    points = peg_score(new_line, count)
    if count == 31:
        return points + (solo_best((), rest, True) if alone and rest else 0)
    if _fitting(new_line, rest):
        return points + solo_best(new_line, rest, alone)
    if alone and rest:
        return points + 1 + solo_best((), rest, True)
    return points + 1


def rank_scores(
    hand: Sequence[int],
    line: tuple[int, ...],
    unseen: Sequence[int],
    opp_size: int,
    opp_limit: int,
) -> dict[int, float]:
    """How the ``rules`` bot scores each rank of ``hand`` (ranks, at least one fitting) that
    fits the count of ``line``, against an opponent holding ``opp_size`` cards, known to hold
    none worth ``opp_limit`` or less (-1: nothing known), ``unseen[r]`` cards of rank r unseen
    by this seat: the pegs now less the reply's expected pegs, or the pegs of its own last
    plays when the opponent cannot play, with the bot's nudges.

    >>> sorted((r, round(v, 3)) for r, v in rank_scores([5, 10], (), [0] + [4] * 13, 4, -1).items())
    [(5, -2.184), (10, -0.897)]
    """
    count = sum(_VAL[r] for r in line)
    room = 31 - count
    scores: dict[int, float] = {}
    if not opp_size or opp_limit >= room:
        held = tuple(sorted(hand))
        for r in _fitting(line, held):
            scores[r] = _solo_after(line, held, r, not opp_size) + _KEEP_LOW * _VAL[r]
        return scores
    pool: list[int] | None = None
    now = _next_points(line)
    for r in set(hand):
        value = _VAL[r]
        if value > room:
            continue
        score = now[r] + _KEEP_LOW * value
        if not count:
            score += _LOW_LEAD if value <= 4 else -_FIVE_LEAD if value == 5 else 0.0
        new = count + value
        if new < 31 and opp_limit < 31 - new:
            if pool is None:
                pool = [n if _VAL[k] > opp_limit else 0 for k, n in enumerate(unseen)]
            score -= reply_threat_ranks((*line, r), pool, opp_size)
        scores[r] = score
    return scores


def rules_rank(
    hand: Sequence[int],
    line: tuple[int, ...],
    unseen: Sequence[int],
    opp_size: int,
    opp_limit: int,
    rng: random.Random,
) -> int:
    """The rank the ``rules`` bot plays (the best of :func:`rank_scores`); ties go to a card
    drawn at random among the tied cards, as the bot draws.

    >>> rules_rank([5, 10], (), [0] + [4] * 13, 4, -1, random.Random(0))  # keep the 5
    10
    """
    scores = rank_scores(hand, line, unseen, opp_size, opp_limit)
    top = max(scores.values())
    tied = [r for r in hand if r in scores and scores[r] >= top - _EPS]
    return tied[int(rng.random() * len(tied))]


def play_deal(
    pone: Sequence[int],
    dealer: Sequence[int],
    pone_unseen: Sequence[int],
    dealer_unseen: Sequence[int],
    rng: random.Random,
) -> tuple[int, int]:
    """The pone's and the dealer's pegs when both play the four ranks they hold by
    :func:`rules_rank`, the pone leading; ``*_unseen[r]``: the cards of rank r each seat has
    not seen (the pack less its six cards and the starter).

    >>> play_deal((10,), (5,), [0] + [4] * 13, [0] + [4] * 13, random.Random(0))  # 15-2, last
    (0, 3)
    """
    hands = [list(pone), list(dealer)]
    unseen = [list(pone_unseen), list(dealer_unseen)]
    limits = [-1, -1]
    pegs = [0, 0]
    line: tuple[int, ...] = ()
    count = 0
    turn = 0
    last = -1
    while hands[0] or hands[1]:
        room = 31 - count
        mine = hands[turn]
        if any(_VAL[r] <= room for r in mine):
            other = 1 - turn
            rank = rules_rank(mine, line, unseen[turn], len(hands[other]), limits[other], rng)
            mine.remove(rank)
            unseen[other][rank] -= 1
            line = (*line, rank)
            count += _VAL[rank]
            pegs[turn] += peg_score(line, count)
            last = turn
            if count == 31:
                line, count = (), 0
                turn = other if hands[other] else turn
            elif not hands[0] and not hands[1]:
                pegs[turn] += 1  # the last card
            else:
                turn = other
            continue
        other = 1 - turn
        if mine and room > limits[turn]:
            limits[turn] = room  # passed over: nothing it holds fits
        if any(_VAL[r] <= room for r in hands[other]):
            turn = other  # go: the other plays on
            continue
        # Nobody can play: one for the go, and the count starts again after the last player.
        pegs[last] += 1
        if hands[last] and room > limits[last]:
            limits[last] = room
        line, count = (), 0
        turn = 1 - last if hands[1 - last] else last
    return pegs[0], pegs[1]
