"""The play so far as the outside simulator writes it: one action a turn, pone first.

The simulator's play loop gives the two players turns strictly in turn, pone first; a player
who cannot lay a card on the count says "Go" (even with an empty hand), and two Gos in a row
close the count. cardtable logs only the cards laid, so the Gos are put back here: before a
card by the player not on turn, the one on turn said Go; after a count closed (a go or 31),
two Gos stand before the next card.

A play is ``(role, card, reset)``: the role 0 for the pone and 1 for the dealer, the card (an
int, or None for the decision still to come) and whether the count restarted before it. An
action is a card, or ``GO`` (None).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["GO", "Play", "simulator_actions"]

#: The simulator's "Go", in the list :func:`simulator_actions` returns.
GO = None

Play = tuple[int, int | None, bool]


def simulator_actions(plays: Sequence[Play]) -> list[int | None]:
    """The simulator's actions for ``plays``; the last play's card may be None (a decision
    to come), in which case the list ends with the turn at that play's role.

    The pone leads 3 and 4, the dealer answers 8 and 10 while the pone says Go, the dealer
    cannot go on (Go, Go closes the count), and the pone leads again:

    >>> simulator_actions([(0, 3, False), (1, 8, False), (1, 10, False), (0, 4, True)])
    [3, 8, None, 10, None, None, 4]

    The decision to come, the dealer's, after the pone's lead:

    >>> simulator_actions([(0, 3, False), (1, None, False)])
    [3]

    After 31 by the dealer, the pone and the dealer say Go (that closes the count); the pone,
    out of cards, says Go again before the dealer's next decision:

    >>> simulator_actions([(0, 10, False), (1, 10, False), (0, 1, False), (1, 10, False),
    ...                    (1, None, True)])
    [10, 10, 1, 10, None, None, None]
    """
    actions: list[int | None] = []
    turn = 0  # the pone leads the play
    gos = 0  # Gos said in a row on this count

    def go() -> None:
        nonlocal turn, gos
        actions.append(GO)
        turn ^= 1
        gos = (gos + 1) % 2  # the second Go closes the count

    for role, card, reset in plays:
        if reset:
            # The last card of the count was laid: the other player, then its player, say Go.
            go()
            go()
        if turn != role:
            go()  # the player on turn cannot lay a card on this count
        if card is not None:
            actions.append(card)
            turn ^= 1
            gos = 0
    return actions
