"""The Krypkasino ``rules`` bot: plays to lose points, seeing only its own seat's view.

Each legal move is given an expected cost in penalty points for the bot's team, and the
cheapest is played (ties broken at random from the bot's own seeded generator):

- what it captures now: the captured cards' points, the played card's own points, and +5 or
  +10 for a sweep (so when a sweep is obligatory it takes the cheapest sweeping card, and an
  ordinary tabbe rather than a dubbeltabbe);
- the points it leaves on the table, of which its team can expect its share later;
- the next player's chance to be forced into a sweep of the table it leaves (the chance that
  he holds a card of a sweeping value, from the cards the bot has not seen): the sweep costs
  that player 5 and gives the bot, his assistant, -5 (a good trade against an opponent, none
  against a partner, who would also take the table's points);
- the scoring cards still in hand, which may later have to capture: crawling one now (a card
  that captures nothing) gets rid of it safely.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
>>> KrypkasinoRulesBot(seed=0).choose(SeatView(state, 0)) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from cardtable.cards import PACK_SIZE, parse_card
from cardtable.engine import Move
from cardtable.games.krypkasino.captures import (
    CARD_STEP,
    HAND_VALUE,
    POINTS,
    RANK,
    captures,
    expand_takes,
)
from cardtable.games.krypkasino.lean import move_cost, sweep_odds
from cardtable.random_bot import RandomBot
from cardtable.seat_view import SeatView

__all__ = ["KrypkasinoRulesBot", "move_outcome", "sweep_chance"]

_EPS = 1e-9


def move_outcome(
    move: Move, hand: Sequence[int], table: Sequence[int], must_sweep: bool, most_cards: bool
) -> tuple[int, ...]:
    """The table faces ``move`` captures (empty: it creeps), worked out from the notation and
    the public table as the game does.

    >>> from cardtable.cards import cards_str, parse_cards
    >>> from cardtable.games.krypkasino.moves import parse_move
    >>> table = parse_cards("7H 7C QS")
    >>> cards_str(move_outcome(parse_move("play 7D"), [], table, False, False))
    ['7C', '7H']
    """
    face = move.cards[0]
    if len(move.cards) > 1:
        return move.cards[1:]
    if must_sweep:
        return tuple(sorted(table))
    code = sum(CARD_STEP[c] for c in table)
    found = captures(HAND_VALUE[face], code)
    if not found.takes:
        return ()
    takes = found.takes
    if most_cards:
        takes = tuple(t for t, k in zip(takes, found.sizes, strict=True) if k == found.sizes[0])
    by_rank: dict[int, list[int]] = {}
    for c in sorted(table):
        by_rank.setdefault(RANK[c], []).append(c)
    return expand_takes(takes, by_rank)[0]


def sweep_chance(values: set[int], unseen: Mapping[int, int], held: int) -> float:
    """The chance that a hand of ``held`` cards drawn from the unseen cards (count by hand
    value) holds at least one card of a value in ``values``.

    >>> sweep_chance({9}, {9: 8, 5: 8}, 1)
    0.5
    >>> sweep_chance(set(), {9: 8}, 3)
    0.0
    """
    if not values:
        return 0.0
    good = sum(k for v, k in unseen.items() if v in values)
    return sweep_odds(sum(unseen.values()), good, held)


class _Seen(NamedTuple):
    """What one decision's costs share, read once from the observation."""

    seat: int
    teams: list[int]
    hand: list[int]
    table: list[int]
    must_sweep: bool
    share: float
    sizes: list[int]
    unseen: list[int]
    total: int


def _seen(obs: Mapping[str, Any]) -> _Seen:
    seat = int(obs["seat"])
    teams: list[int] = list(obs["teams"])
    hand = [parse_card(c) for c in obs["hand"]]
    table = [parse_card(c) for c in obs["table"]]
    mates = sum(1 for t in teams if t == teams[seat])
    unseen = _unseen_by_value(obs, hand)
    return _Seen(
        seat,
        teams,
        hand,
        table,
        bool(obs.get("must_sweep")),
        mates / int(obs["players"]),
        list(obs["hand_sizes"]),
        unseen,
        sum(unseen),
    )


class KrypkasinoRulesBot:
    """Chooses the move of least expected penalty for its team (see the module's notes)."""

    name: ClassVar[str] = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        """A legal move for the view's seat, which must be the seat to act."""
        legal = RandomBot.legal_for(view)
        if len(legal) == 1:
            return legal[0]
        seen = _seen(view.observation())
        most_cards = view.game.options.get("capture") == "most-cards"
        costs = [_cost(seen, move, most_cards) for move in legal]
        best = min(costs)
        choices = [m for m, c in zip(legal, costs, strict=True) if c <= best + _EPS]
        return choices[int(self.rng.random() * len(choices))]

    @staticmethod
    def cost(obs: Mapping[str, Any], move: Move, most_cards: bool = False) -> float:
        """The expected penalty points of ``move`` for the team of the observation's seat.

        >>> import cardtable
        >>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
        >>> obs = state.observation(0)
        >>> obs["table"], obs["hand"]
        (['5D', '8S', 'AH', 'AH'], ['AD', '3S', '4D', '5D', '7S', '10C'])
        >>> cost = KrypkasinoRulesBot.cost
        >>> [m.text for m in sorted(state.legal_moves(), key=lambda m: cost(obs, m))][:3]
        ['play 3S', 'play 5D', 'play 7S']
        """
        return _cost(_seen(obs), move, most_cards)


def _cost(seen: _Seen, move: Move, most_cards: bool) -> float:
    """:meth:`KrypkasinoRulesBot.cost` from the observation read once."""
    seat = seen.seat
    n = len(seen.teams)
    face = move.cards[0]
    taken = move_outcome(move, seen.hand, seen.table, seen.must_sweep, most_cards)
    left_points = sum(POINTS[f] for f in seen.table)
    left_code = sum(CARD_STEP[f] for f in seen.table)
    captured = 0
    sweep = 0
    if taken:
        captured = POINTS[face] + sum(POINTS[f] for f in taken)
        left_points -= sum(POINTS[f] for f in taken)
        left_code -= sum(CARD_STEP[f] for f in taken)
        if not left_code:
            sweep = 10 if len(taken) == 1 and taken[0] == face else 5
    else:
        left_points += POINTS[face]
        left_code += CARD_STEP[face]
    # Scoring cards kept in hand may have to capture later.
    kept = sum(POINTS[f] for f in seen.hand) - POINTS[face]
    # The next player must sweep the table left if he can.
    nxt = (seat + 1) % n
    held = seen.sizes[nxt] - (1 if nxt == seat else 0)
    return move_cost(
        captured,
        sweep,
        left_points,
        left_code,
        kept,
        seen.share,
        held,
        seen.teams[nxt] == seen.teams[seat],
        seen.unseen,
        seen.total,
    )


def _unseen_by_value(obs: Mapping[str, Any], hand: Sequence[int]) -> list[int]:
    """How many cards of each hand value (index 2..14) the seat has not seen (two of each
    face)."""
    left = [2] * PACK_SIZE
    seen = [*hand]
    seen += [parse_card(c) for c in obs["table"]]
    seen += [parse_card(c) for c in obs["set_aside"]]
    for pile in obs["captured"]:
        seen += [parse_card(c) for c in pile]
    for f in seen:
        left[f % PACK_SIZE] -= 1
    out = [0] * 15
    for f in range(PACK_SIZE):
        out[HAND_VALUE[f]] += left[f]
    return out


#: The rows this game adds to the level ladder (``docs/strength.md`` measures each step); the
#: levels it leaves out play as :data:`cardtable.bots.levels.DEFAULT_LEVELS` says.
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("rules", {"mistakes": 0.6}),
    "medium": ("rules", {"mistakes": 0.1}),
    "hard": ("rules", {}),
    "expert": ("search", {"worlds": 24}),
}
