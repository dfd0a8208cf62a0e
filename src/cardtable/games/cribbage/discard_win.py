"""The chance to win the game after a discard, from the scores, the dealer and the board table.

A discard's show is known for each starter: the kept four's count (suits included) and, for the
dealer, the crib's mean, split between the two whole counts around it. The board table
(:func:`~cardtable.games.cribbage.board.show_value`) plays the rest of the deal from the scores
in the order of the game, with the pegs of ``rules`` against ``rules`` and the opponent's show
from its simulated distribution, and the game on from the next deal. Two corrections tell this
discard from the usual one: its expected pegging difference (the pegging table) beyond the
role's mean difference in the board table is added to our show when it is more and to the
opponent's when it is less, and as the pone what our discard gives the dealer's crib beyond the
advisor's best discard moves the opponent's show. With no skunks the expected game points ``V``
are ``2 P(win) - 1``, so ``P(win) = (V + 1) / 2``.

>>> from cardtable.cards import parse_cards
>>> hand = parse_cards("5H 5D 5C JS 4S 6H")  # keep 5 5 5 J and deal, 100 to their 110
>>> round(win_chance(hand, hand[:4], True, 3.9, 0.0, 0.0, 100, 110, 121), 3)
0.418
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.errors import CardError
from cardtable.games.cribbage.board import mean_pegs, show_value
from cardtable.games.cribbage.scoring import score_hand

__all__ = ["TARGETS", "win_chance"]

#: The targets the board table holds.
TARGETS = (121, 61)


def _split(shows: dict[int, float], points: float, chance: float) -> None:
    """Add ``chance`` at a fractional ``points``, split between the whole counts around it."""
    low = int(points)
    part = points - low
    shows[low] = shows.get(low, 0.0) + chance * (1 - part)
    if part:
        shows[low + 1] = shows.get(low + 1, 0.0) + chance * part


def win_chance(
    hand6: Sequence[int],
    keep: Sequence[int],
    dealer: bool,
    crib_ev: float,
    crib_extra: float,
    pegs: float,
    mine: int,
    theirs: int,
    target: int,
) -> float:
    """Our chance to win the game when we keep ``keep`` of ``hand6`` with the scores at
    ``mine`` and ``theirs`` (both below ``target``), as the dealer or the pone: ``crib_ev`` the
    crib's mean, ``crib_extra`` (the pone's) what this discard gives the dealer's crib beyond
    the advisor's best, ``pegs`` our expected pegs less theirs.

    >>> from cardtable.cards import parse_cards
    >>> hand = parse_cards("5H 5D 5C JS 4S 6H")
    >>> keep = parse_cards("5H 5D 4S 6H")
    >>> round(win_chance(hand, keep, False, 6.87, 0.0, -1.0, 0, 0, 121), 3)  # a first pone
    0.6
    >>> round(win_chance(hand, keep, False, 6.87, 0.0, -1.0, 110, 110, 121), 3)  # counts first
    0.992
    """
    if target not in TARGETS:
        raise CardError(f"the chance to win is known for targets {TARGETS}, not {target}")
    for score in (mine, theirs):
        if not 0 <= score < target:
            raise CardError(f"scores before a deal lie from 0 to {target - 1}, not {score}")
    held = set(hand6)
    starters = [c for c in range(52) if c not in held]
    pone_pegs, dealer_pegs = mean_pegs()
    usual = dealer_pegs - pone_pegs if dealer else pone_pegs - dealer_pegs
    extra = pegs - usual
    # Only a show of at least zero has a place on the board: a shortfall is the opponent's.
    ours = (crib_ev if dealer else 0.0) + max(extra, 0.0)
    their_shift = max(-extra, 0.0) + (0.0 if dealer else crib_extra)
    shows: dict[int, float] = {}
    for starter in starters:
        _split(shows, score_hand(keep, starter) + ours, 1 / len(starters))
    value = show_value(shows, mine, theirs, not dealer, target, "none", their_shift)
    return (value + 1) / 2
