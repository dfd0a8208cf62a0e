"""The Calypso ``rules`` bot: plays each card for what the trick is worth to its side, seeing
only its own seat's view.

Each legal card is scored as the expected swing of the trick it makes: the chance that the
bot's side ends up winning it (exact when the bot plays last; otherwise from which later seats
may beat the winning card: a seat known to be void in the suit led may trump in, one that
follows needs a higher card of the suit, of which the bot counts the unseen copies) times what
the side gains, less the chance of losing it times what the opponents gain. A card gains its
side about 40 when it is of one of the side's suits and its owner's calypso lacks that rank (20
for the card and a share of the calypso bonus), and 10 otherwise (a trick-pile card). So the bot:

- takes tricks that feed its own or its partner's calypso, and lets cheap tricks go;
- keeps cards the opponents need out of tricks they are likely to win (and discards others);
- leads its own suit when that is likely to stand (no opponent known void in it), and
  otherwise leads a high card of a plain suit it expects to hold;
- does not waste trumps: the highest of its own cards goes only where it changes the outcome.

Ties are broken at random from the bot's own seeded generator.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("calypso").new_state(seed=1)
>>> CalypsoRulesBot(seed=0).choose(SeatView(state, 0)) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards import SUIT_LETTERS, parse_card
from cardtable.engine import Move
from cardtable.games.calypso.tricks import (
    ALL_FOURS,
    LAST_TRUMP,
    RULE_NAMES,
    STANDARD,
    VALUE,
    trick_winner,
)
from cardtable.seat_view import SeatView

__all__ = ["CalypsoRulesBot", "RulesTable", "card_worth"]

NEEDED = 40.0  # a card its side's calypso lacks: 20 on the calypso and a share of its bonus
PILE = 10.0  # any other card: a trick-pile card
_EPS = 1e-9


def card_worth(
    card: int, side_seats: Sequence[int], trumps: Sequence[int], lacks: Sequence[int]
) -> float:
    """What ``card`` is worth to the side of ``side_seats`` if that side takes it.

    ``lacks[seat]`` is the bit mask of the ranks (bit 0 the two .. bit 12 the ace) the seat's
    calypso still lacks.

    >>> from cardtable.cards import parse_card
    >>> lacks = [1 << 12, 0, 0, 0]  # seat 0 lacks only the ace of its suit
    >>> card_worth(parse_card("AS"), (0, 2), (3, 0, 2, 1), lacks)
    40.0
    >>> card_worth(parse_card("KS"), (0, 2), (3, 0, 2, 1), lacks)
    10.0
    """
    suit = card & 3
    for seat in side_seats:
        if trumps[seat] == suit and lacks[seat] >> (VALUE[card] - 2) & 1:
            return NEEDED
    return PILE


class CalypsoRulesBot:
    """Calypso by a few rules (see the module docstring); deterministic for a given seed."""

    name: ClassVar[str] = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        return self.pick(RulesTable(view.observation()), legal)

    def pick(self, table: RulesTable, legal: list[Move]) -> Move:
        """The best of ``legal`` (several) by ``table``'s values; ties drawn by the bot's
        generator."""
        best: list[Move] = []
        best_value = float("-inf")
        for move in legal:
            value = table.value(move.cards[0])
            if value > best_value + _EPS:
                best, best_value = [move], value
            elif value > best_value - _EPS:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)


class RulesTable:
    """What the bot reads off an observation once per decision, and its value of each card.

    >>> import cardtable
    >>> from cardtable.seat_view import SeatView
    >>> state = cardtable.load("calypso").new_state(seed=1)
    >>> table = RulesTable(SeatView(state, 0).observation())
    >>> chance, cards, winner = table.chance(table.hand[0])
    >>> chance <= 1.0, cards == [table.hand[0]], winner
    (True, True, 0)
    """

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.seat: int = obs["seat"]
        self.trumps = [SUIT_LETTERS.index(s) for s in obs["suits"]]
        self.rule = RULE_NAMES.index(obs["trick_rule"])
        self.trick_cards = [parse_card(t["card"]) for t in obs["trick"]]
        self.trick_seats = [t["seat"] for t in obs["trick"]]
        self.voids = [sum(1 << SUIT_LETTERS.index(s) for s in v) for v in obs["voids"]]
        self.ours = (self.seat % 2, self.seat % 2 + 2)
        self.theirs = (1 - self.seat % 2, 3 - self.seat % 2)
        full = (1 << 13) - 1
        self.lacks = []
        for cards in obs["calypsos"]:
            have = 0
            for name in cards:
                have |= 1 << (VALUE[parse_card(name)] - 2)
            self.lacks.append(full & ~have)
        # Unseen copies of each face: four packs less what was played and what the bot holds.
        self.unseen = [4] * 52
        for name, count in obs["played"].items():
            self.unseen[parse_card(name)] -= count
        self.hand = [parse_card(c) for c in obs["hand"]]
        for card in self.hand:
            self.unseen[card] -= 1
        self.hand_sizes: list[int] = obs["hand_sizes"]

    def worth(self, cards: Sequence[int], side: Sequence[int]) -> float:
        """What the cards are worth to ``side``; a rank taken twice in one trick counts once
        on the calypso (the second copy goes to the pile, or starts the next calypso)."""
        total = 0.0
        taken = 0
        for card in cards:
            value = card_worth(card, side, self.trumps, self.lacks)
            key = 1 << ((card & 3) * 13 + VALUE[card] - 2)
            if value == NEEDED and taken & key:
                value = PILE
            taken |= key
            total += value
        return total

    def chance(self, card: int) -> tuple[float, list[int], int]:
        """If the bot plays ``card``: the chance its side takes the trick, the trick's cards
        so far with it, and the seat winning it now."""
        cards = [*self.trick_cards, card]
        seats = [*self.trick_seats, self.seat]
        index, _ = trick_winner(cards, seats, self.trumps, self.rule)
        winner = seats[index]
        later = [(self.seat + k) % 4 for k in range(1, 5 - len(cards))]
        p_ours = 1.0 if winner in self.ours else 0.0
        if later:
            keep = 1.0
            for seat in later:
                if seat in self.ours:
                    continue
                keep *= 1.0 - self.beat_chance(seat, cards, seats, index)
            if winner in self.ours:
                p_ours = keep
            else:
                # The partner, still to play, may take it back.
                partner = (self.seat + 2) % 4
                p_ours = 0.0
                if partner in later:
                    p_ours = self.beat_chance(partner, cards, seats, index)
        return p_ours, cards, winner

    def value(self, card: int) -> float:
        """The bot's value of playing ``card``: the expected swing of the trick (see the
        module)."""
        p_ours, cards, _ = self.chance(card)
        return self.swing(card, p_ours, cards)

    def swing(self, card: int, p_ours: float, cards: Sequence[int]) -> float:
        """:meth:`value` from what :meth:`chance` said of ``card`` (the chance and the
        trick's cards with it), for a caller that asked it already."""
        later = 4 - len(cards)
        # The cards still to come are unknown; each is worth about a pile card to its taker.
        extra = PILE * later
        gain = self.worth(cards, self.ours) + extra
        loss = self.worth(cards, self.theirs) + extra
        value = p_ours * gain - (1.0 - p_ours) * loss
        # Among cards that do the same, keep the high ones and the ones the side still needs.
        value -= 0.01 * VALUE[card]
        if card_worth(card, self.ours, self.trumps, self.lacks) == NEEDED:
            value -= 2.0 * (1.0 - p_ours)
        return value

    def beat_chance(
        self, seat: int, cards: Sequence[int], seats: Sequence[int], index: int
    ) -> float:
        """The chance that ``seat``, still to play, beats the winning card ``cards[index]``."""
        led = cards[0] & 3
        win = cards[index]
        own = self.trumps[seat]
        lead_trump = index == 0 and self.trumps[seats[0]] == led
        trump_in = (win & 3) != led
        size = max(1, self.hand_sizes[seat])
        # Whether the seat may trump in: it is known to be void in the suit led, or the rule
        # lets it trump anyway (all-fours); its own suit led is never a trump for it.
        may_trump = own != led and (self.voids[seat] >> led & 1 or self.rule == ALL_FOURS)
        if may_trump:
            held = self.holding_chance(own, size)
            any_trump_wins = (lead_trump and self.rule in (STANDARD, LAST_TRUMP)) or (
                trump_in and self.rule == LAST_TRUMP
            )
            if (lead_trump or trump_in) and not any_trump_wins:
                return held * self.higher_share(own, VALUE[win])
            return held
        if lead_trump or trump_in:
            return 0.02  # it follows suit (or discards), which cannot beat a trump
        higher = sum(self.unseen[VALUE_FACE[v] + led] for v in range(VALUE[win] + 1, 15))
        if not higher:
            return 0.0
        unseen_total = max(1, sum(self.unseen))
        # The chance that at least one of the seat's cards is a higher card of the suit.
        return 1.0 - (1.0 - higher / unseen_total) ** size

    def holding_chance(self, suit: int, size: int) -> float:
        unseen_total = max(1, sum(self.unseen))
        in_suit = sum(self.unseen[f] for f in range(suit, 52, 4))
        return 1.0 - (1.0 - in_suit / unseen_total) ** size

    def higher_share(self, suit: int, value: int) -> float:
        """Of the unseen cards of ``suit``, the share ranking above ``value``."""
        in_suit = sum(self.unseen[f] for f in range(suit, 52, 4))
        if not in_suit:
            return 0.0
        higher = sum(self.unseen[VALUE_FACE[v] + suit] for v in range(value + 1, 15))
        return higher / in_suit


# The face (in clubs; add the suit) of each rank value 2..14.
VALUE_FACE = {v: (0 if v == 14 else (v - 1) * 4) for v in range(2, 15)}


#: The rows this game adds to the level ladder (``docs/strength.md`` measures each step); the
#: levels it leaves out play as :data:`cardtable.bots.levels.DEFAULT_LEVELS` says.
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("rules", {"mistakes": 0.7}),
    "medium": ("rules", {}),
    "hard": ("pimc", {"worlds": 30}),
    # The game's own search (games/calypso/expert.py): rules play-outs on the lean simulator.
    "expert": ("search", {"worlds": 80, "noise": 0.1}),
}
