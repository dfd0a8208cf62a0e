"""The Krypkasino ``valued`` bot: each play scored by a small network fitted to what plays are
worth, a fast training opponent.

The ``search`` bot finds what a play costs by playing it out in many dealt worlds, milliseconds
a decision. This bot asks a network instead: for each distinct play it reads a few dozen
numbers the seat can see (:func:`option_features`: what the play captures, what it leaves on
the table, how likely the next players are to be forced to sweep that table or able to take
from it, what the seat keeps in hand, the ``rules`` bot's own cost of the play, how far the hand
has gone) and predicts the penalty points the play costs its side, relative to the other plays
of the decision; the cheapest prediction is played, unless it beats the ``rules`` bot's play by
no more than ``margin`` points (fitted). The network was fitted
(``bench/krypkasino_fit.py``) to the values of every play of thousands of ``rules`` games
measured in the true deal by play-outs that see every card (``bench/krypkasino_values.py``):
what it learns is what the seat's view predicts of them. Its weights ship in the game's package
(``data/valued.npz``); it runs in numpy and draws nothing, so a seed is not needed to repeat it.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("krypkasino", players=4).new_state(seed=3)
>>> bot = KrypkasinoValuedBot()
>>> bot.choose(SeatView(state, state.to_move)) in state.legal_moves()
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from cardtable.engine import Move
from cardtable.games.krypkasino.belief import Facts, distinct_plays, read
from cardtable.games.krypkasino.captures import HAND_VALUE, POINTS, captures
from cardtable.games.krypkasino.lean import (
    FACE_STEP,
    Option,
    costs_for,
    outcome,
    sweep_odds,
    sweep_values,
)
from cardtable.option_net import shipped_net
from cardtable.random_bot import number_setting
from cardtable.seat_view import SeatView

__all__ = ["FEATURES", "KrypkasinoValuedBot", "option_features"]

_HV = HAND_VALUE[:52]
_PTS = POINTS[:52]

#: What each column of :func:`option_features` holds, in order.
FEATURES: tuple[str, ...] = (
    "captures",
    "points captured",
    "sweep bonus",
    "points left on the table",
    "cards left on the table",
    "table left empty",
    "points kept in hand",
    "points of the card played",
    "value of the card played",
    "next player forced to sweep",
    "next player is a partner",
    "the one after forced to sweep",
    "the one after is a partner",
    "own cards left that sweep",
    "own cards left that capture",
    "unseen cards that capture",
    "a lone card left, its twins unseen",
    "rules cost",
    "rules cost over the least",
    "the rules play",
    "cards in hand",
    "cards in the stock",
    "cards in every hand",
    "last capturer (own side 1, other -1)",
    "plays to choose from",
    "points on the table",
    "own side's share",
    "last deal of the hand",
    "scoring cards kept",
)


def option_features(facts: Facts, options: list[Option]) -> npt.NDArray[np.float32]:
    """One row of :data:`FEATURES` for each of ``options`` (the seat's plays), from what the
    seat knows.

    >>> import cardtable
    >>> state = cardtable.load("krypkasino", players=4).new_state(seed=3)
    >>> view = SeatView(state, state.to_move)
    >>> rows = option_features(read(view), [o for _, o in distinct_plays(view)])
    >>> rows.shape == (len(distinct_plays(view)), len(FEATURES))
    True
    """
    seat, n, team = facts.seat, facts.n, facts.team
    hand, table, sizes = facts.hand, facts.table, facts.sizes
    unseen = [0] * 15
    for f in facts.unseen:
        unseen[_HV[f]] += 1
    total = len(facts.unseen)
    code = sum(FACE_STEP[c] for c in table)
    nxt, after = (seat + 1) % n, (seat + 2) % n
    share = team.count(team[seat]) / n
    costs = costs_for(
        options, hand, table, code, share, sizes[nxt], team[nxt] == team[seat], unseen
    )
    least = min(costs)
    anchor = costs.index(least)
    table_points = sum(_PTS[c] for c in table)
    hand_points = sum(_PTS[c] for c in hand)
    last = 0 if facts.last < 0 else (1 if team[facts.last] == team[seat] else -1)
    every = sum(sizes)
    rows = np.zeros((len(options), len(FEATURES)), np.float32)
    for k, (face, taken) in enumerate(options):
        left = list(table)
        if taken:
            for c in taken:
                left.remove(c)
        else:
            left.append(face)
        captured, sweep, left_points, left_code = outcome(face, taken, table_points, code)
        kept = list(hand)
        kept.remove(face)
        sweepers = sweep_values(left_code) if left_code else ()
        good = sum(unseen[v] for v in sweepers)
        takers = _takers(left_code)
        twins = unseen[_HV[left[0]]] if len(left) == 1 else 0
        rows[k] = (
            1.0 if taken else 0.0,
            captured,
            sweep / 5,
            left_points,
            len(left),
            0.0 if left else 1.0,
            hand_points - _PTS[face],
            _PTS[face],
            _HV[face] / 14,
            sweep_odds(total, good, sizes[nxt]) if nxt != seat else 0.0,
            1.0 if team[nxt] == team[seat] else 0.0,
            sweep_odds(total, good, sizes[after]) if after != seat else 0.0,
            1.0 if team[after] == team[seat] else 0.0,
            sum(1 for c in kept if _HV[c] in sweepers),
            sum(1 for c in kept if takers >> _HV[c] & 1),
            sum(unseen[v] for v in range(2, 15) if takers >> v & 1) / max(total, 1),
            twins,
            costs[k],
            costs[k] - least,
            1.0 if k == anchor else 0.0,
            len(hand),
            facts.stock / 16,
            every / 16,
            last,
            len(options),
            table_points,
            share,
            0.0 if facts.stock else 1.0,
            sum(1 for c in kept if _PTS[c]),
        )
    return rows


_ANCHOR = FEATURES.index("the rules play")


@lru_cache(maxsize=1 << 16)
def _takers(code: int) -> int:
    """The hand values (bits) that capture something from the table ``code``."""
    if not code:
        return 0
    return sum(1 << v for v in range(2, 15) if captures(v, code).takes)


class KrypkasinoValuedBot:
    """Plays the play of least cost the fitted network predicts (see the module)."""

    name: ClassVar[str] = "valued"

    def __init__(self, seed: int | None = None, margin: float | None = None) -> None:
        # Nothing is drawn: the seed is taken, as every bot's, and not needed.
        del seed
        self.net = shipped_net("cardtable.games.krypkasino")
        self.margin = (
            self.net.margin if margin is None else number_setting("margin", margin, 0, 100)
        )

    def choose(self, view: SeatView) -> Move:
        """The play of least predicted cost for the view's seat, which must be the one to act,
        unless it beats the ``rules`` bot's play by no more than ``margin`` points."""
        plays = distinct_plays(view)
        if len(plays) == 1:
            return plays[0][0]
        rows = option_features(read(view), [o for _, o in plays])
        rules = int(np.argmax(rows[:, _ANCHOR]))
        return plays[self.net.pick(self.net.costs(rows), rules, self.margin)][0]
