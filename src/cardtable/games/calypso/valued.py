"""The Calypso ``valued`` bot: each card scored by a small network fitted to what cards are
worth, a fast training opponent.

The ``expert`` finds what a card is worth by playing the deal out in 80 sampled worlds, tens of
milliseconds a decision. This bot asks a network instead: for each card it may play it reads a
few dozen numbers the seat can see (:func:`card_features`: whose suit the card is and whose
calypso lacks it, whether it wins the trick now and how likely its side takes the trick, what
the trick is worth to each side, the copies still out, the calypsos under way, the ``rules``
bot's own value and choice) and predicts what the card gains its side by the end of the deal,
as the expert values it, relative to the other cards (as a cost, the sign turned); the best
prediction is played unless it beats the ``rules`` bot's card by no more than ``margin``
points. The network was fitted (``bench/calypso_fit.py``) to the values of every card of
thousands of ``rules`` rounds measured in the true deal by play-outs that see every card
(``bench/calypso_card_values.py``): it learns what the seat's view predicts of them. Its
weights ship in the game's package (``data/valued.npz``); it runs in numpy.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("calypso").new_state(seed=3)
>>> bot = CalypsoValuedBot(seed=1)
>>> bot.choose(SeatView(state, state.to_move)) in state.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from cardtable.engine import Move
from cardtable.games.calypso.bot import NEEDED, CalypsoRulesBot, RulesTable, card_worth
from cardtable.games.calypso.tricks import VALUE, trick_winner
from cardtable.option_net import shipped_net
from cardtable.random_bot import number_setting
from cardtable.seat_view import SeatView

__all__ = ["FEATURES", "CalypsoValuedBot", "card_features"]

#: What each column of :func:`card_features` holds, in order.
FEATURES: tuple[str, ...] = (
    "leads",
    "cards on the trick",
    "last to play",
    "rank",
    "of its own suit",
    "of the partner's suit",
    "of the next seat's suit",
    "of the suit of the seat before",
    "follows the led suit",
    "the led suit is own side's",
    "the led suit is the other side's",
    "wins the trick now",
    "the trick's winner before it: own side 1, other -1",
    "chance own side takes the trick",
    "the trick's worth to own side",
    "the trick's worth to the other",
    "own calypso lacks it",
    "the partner's calypso lacks it",
    "the other side's calypso lacks it",
    "the rules value",
    "the rules card",
    "cards to choose from",
    "copies of it unseen",
    "unseen of its suit",
    "unseen above it in its suit",
    "held of its suit",
    "held of own suit, kept",
    "own calypso's cards",
    "the partner's calypso's cards",
    "the other side's calypso cards, the most",
    "own side's calypsos completed",
    "the other side's calypsos completed",
    "deal",
    "cards in hand",
    "the partner still to play",
    "seats after of the other side void in the led suit",
)


def card_features(
    obs: Mapping[str, Any], table: RulesTable, cards: list[int], rules: int
) -> npt.NDArray[np.float32]:
    """One row of :data:`FEATURES` for each of ``cards`` (the faces the seat may play), from
    the seat's observation and what the ``rules`` bot read off it (``table``); ``rules``: the
    index of the rules bot's card.

    >>> import cardtable
    >>> from cardtable.seat_view import SeatView
    >>> state = cardtable.load("calypso").new_state(seed=3)
    >>> obs = SeatView(state, state.to_move).observation()
    >>> card_features(obs, RulesTable(obs), RulesTable(obs).hand[:3], 0).shape == (3, len(FEATURES))
    True
    """
    seat = table.seat
    trumps = table.trumps
    partner = (seat + 2) % 4
    after = [(seat + k) % 4 for k in range(1, 4 - len(table.trick_cards))]
    trick = table.trick_cards
    led = trick[0] & 3 if trick else -1
    ours = (trumps[seat], trumps[partner])
    theirs = (trumps[(seat + 1) % 4], trumps[(seat + 3) % 4])
    before = 0
    if trick:
        index, _ = trick_winner(trick, table.trick_seats, trumps, table.rule)
        before = 1 if table.trick_seats[index] in table.ours else -1
    completed = [int(n) for n in obs["completed"]]
    lacks = table.lacks
    progress = [13 - lacks[s].bit_count() for s in range(4)]
    unseen = table.unseen
    hand = table.hand
    held = [0, 0, 0, 0]  # by suit
    unseen_in = [0, 0, 0, 0]
    for h in hand:
        held[h & 3] += 1
    for f, count in enumerate(unseen):
        unseen_in[f & 3] += count
    rows = np.zeros((len(cards), len(FEATURES)), np.float32)
    for k, card in enumerate(cards):
        suit = card & 3
        bit = 1 << (VALUE[card] - 2)
        chance, taken, winner = table.chance(card)
        rows[k] = (
            0.0 if trick else 1.0,
            len(trick),
            1.0 if len(trick) == 3 else 0.0,
            VALUE[card] / 14,
            suit == trumps[seat],
            suit == trumps[partner],
            suit == trumps[(seat + 1) % 4],
            suit == trumps[(seat + 3) % 4],
            1.0 if trick and suit == led else 0.0,
            1.0 if led in ours else 0.0,
            1.0 if led in theirs else 0.0,
            winner == seat,
            before,
            chance,
            table.worth(taken, table.ours),
            table.worth(taken, table.theirs),
            suit == trumps[seat] and bool(lacks[seat] & bit),
            suit == trumps[partner] and bool(lacks[partner] & bit),
            card_worth(card, table.theirs, trumps, lacks) == NEEDED,
            table.swing(card, chance, taken),
            k == rules,
            len(cards),
            unseen[card],
            unseen_in[suit],
            sum(unseen[f] for f in range(suit, 52, 4) if VALUE[f] > VALUE[card]),
            held[suit],
            held[trumps[seat]] - (suit == trumps[seat]),
            progress[seat],
            progress[partner],
            max(progress[(seat + 1) % 4], progress[(seat + 3) % 4]),
            completed[seat] + completed[partner],
            completed[(seat + 1) % 4] + completed[(seat + 3) % 4],
            int(obs["deal"]),
            len(hand),
            partner in after,
            sum(1 for s in after if s != partner and led >= 0 and table.voids[s] >> led & 1),
        )
    return rows


class CalypsoValuedBot:
    """Plays the card of least predicted cost (see the module)."""

    name: ClassVar[str] = "valued"

    def __init__(self, seed: int | None = None, margin: float | None = None) -> None:
        self.rules = CalypsoRulesBot(seed)
        self.net = shipped_net("cardtable.games.calypso")
        self.margin = (
            self.net.margin if margin is None else number_setting("margin", margin, 0, 1000)
        )

    def choose(self, view: SeatView) -> Move:
        """The view's seat's card: the network's, unless it beats the ``rules`` bot's by no
        more than ``margin``."""
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        table = RulesTable(obs)
        base = self.rules.pick(table, legal)
        rules = legal.index(base)
        rows = card_features(obs, table, [m.cards[0] for m in legal], rules)
        return legal[self.net.pick(self.net.costs(rows), rules, self.margin)]
