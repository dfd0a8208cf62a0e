"""The deal of cribbage (RULES.md 4.3): one card at a time from the player left of the dealer,
five each with three or four players (six with two, or the tiny deck's three); with three, the
next card goes face down to the crib; then the starter is the next card, cut later.

>>> hands, crib, starter = deal_hands(list(range(13)), n=2, per=6, dealer=0)
>>> hands, crib, starter
([[1, 3, 5, 7, 9, 11], [0, 2, 4, 6, 8, 10]], [], 12)
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["deal_hands"]


def deal_hands(
    pack: Sequence[int], n: int, per: int, dealer: int
) -> tuple[list[list[int]], list[int], int]:
    """Each seat's sorted hand, the crib's first card (three players) and the starter, from
    the top of ``pack``: seat ``dealer + 1`` gets the first card and every ``n``-th after it.

    >>> deal_hands(list(range(17)), n=3, per=5, dealer=2)
    ([[0, 3, 6, 9, 12], [1, 4, 7, 10, 13], [2, 5, 8, 11, 14]], [15], 16)
    >>> deal_hands(list(range(21)), n=4, per=5, dealer=0)[0][1]
    [0, 4, 8, 12, 16]
    """
    dealt = n * per
    first = dealer + 1
    if n == 2:
        a, b = sorted(pack[0:dealt:2]), sorted(pack[1:dealt:2])
        hands = [a, b] if first % 2 == 0 else [b, a]
    else:
        hands = [sorted(pack[k:dealt:n]) for k in range(n)]
        hands = hands[n - first % n :] + hands[: n - first % n]
    crib = [pack[dealt]] if n == 3 else []
    return hands, crib, pack[dealt + 1] if n == 3 else pack[dealt]
