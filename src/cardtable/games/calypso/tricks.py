"""Who wins a Calypso trick, under each ``trick_rule`` (RULES.md 1.6), and why.

A trick is the four cards in the order played, with the seat of each. A card is a *trump* only
when it is of its player's own suit and is not following someone else's lead of that suit; the
leader's own suit is a *lead trump*, anyone else's a *trump-in*.

>>> from cardtable.cards import parse_card
>>> trumps = (3, 0, 2, 1)  # seat 0 spades, 1 clubs, 2 hearts, 3 diamonds
>>> trick = [parse_card(c) for c in ("2S", "3S", "2H", "5S")]
>>> trick_winner(trick, (0, 1, 2, 3), trumps, STANDARD)
(2, 'trump-in')
>>> trick_winner(trick, (0, 1, 2, 3), trumps, LEAD_RANKS)
(0, 'first-equal-trump')
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.calypso.tables import VALUE

__all__ = [
    "ALL_FOURS",
    "LAST_TRUMP",
    "LEAD_RANKS",
    "REASONS",
    "RULE_NAMES",
    "STANDARD",
    "VALUE",
    "trick_winner",
]

STANDARD, LEAD_RANKS, LAST_TRUMP, ALL_FOURS = range(4)
#: The option values of ``trick_rule``, indexed by the codes above.
RULE_NAMES = ("standard", "lead-ranks", "last-trump", "all-fours")

#: Why a card won; the words are in :mod:`cardtable.games.calypso.text`.
REASONS = (
    "led-trump",  # the leader's own suit stands: nobody trumped in (or, by rank, nobody higher)
    "trump-in",  # the only trump-in
    "highest-trump",  # the highest of several trumps
    "first-equal-trump",  # equal highest trumps: the first played
    "last-trump",  # last-trump rule: the last trump-in, whatever its rank
    "highest",  # the highest card of the suit led
    "first-equal",  # equal highest cards of the suit led: the first played
)


def trick_winner(
    cards: Sequence[int], seats: Sequence[int], trumps: Sequence[int], rule: int
) -> tuple[int, str]:
    """The index (in play order) of the winning card and the reason, one of :data:`REASONS`.

    ``trumps[seat]`` is that seat's own suit (0 clubs .. 3 spades); ``rule`` one of
    ``STANDARD``, ``LEAD_RANKS``, ``LAST_TRUMP``, ``ALL_FOURS`` (which compares as
    ``LEAD_RANKS``; it differs only in what may be played).
    """
    lead = cards[0]
    led = lead & 3
    by_rank = rule in (LEAD_RANKS, ALL_FOURS)
    lead_trump = trumps[seats[0]] == led
    # The best trump so far (index, value, whether a later card equalled it) and how many.
    t_best, t_value, t_tie, t_count = -1, 0, False, 0
    if lead_trump and by_rank:
        t_best, t_value, t_count = 0, VALUE[lead], 1
    f_best, f_value, f_tie = 0, VALUE[lead], False
    for i in range(1, len(cards)):
        card = cards[i]
        suit = card & 3
        value = VALUE[card]
        if suit == led:
            if value > f_value:
                f_best, f_value, f_tie = i, value, False
            elif value == f_value:
                f_tie = True
        elif suit == trumps[seats[i]]:
            t_count += 1
            if rule == LAST_TRUMP:
                t_best, t_value = i, value
            elif value > t_value:
                t_best, t_value, t_tie = i, value, False
            elif value == t_value:
                t_tie = True
    if t_best >= 0:
        if t_tie:
            return t_best, "first-equal-trump"
        if t_best == 0:
            return 0, "led-trump"
        if t_count == 1:
            return t_best, "trump-in"
        return t_best, "last-trump" if rule == LAST_TRUMP else "highest-trump"
    if lead_trump:
        return 0, "led-trump"
    return f_best, "first-equal" if f_tie else "highest"
