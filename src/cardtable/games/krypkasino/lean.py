"""A lean Krypkasino hand for fast play-outs, and the ``rules`` bot's cost as plain arithmetic.

The search plays thousands of moves a decision, so it keeps a hand in small lists of faces
(0..51: which of the two copies lies where never matters for points or captures), with no log,
no move objects and no observation. :class:`Lean` plays one hand on from any point: the plays,
the tabbes, the court cards that an extra deal clears, the extra deals from its own stock and
the leftover at the hand's end. ``gain`` holds each seat's penalty points since the position
was made.

:func:`move_cost` is the ``rules`` bot's expected penalty of one play, from numbers only; the
bot and the play-outs both call it, so a play-out's rules seat plays what the bot would.

>>> import random
>>> from cardtable.cards import parse_cards
>>> hands = [parse_cards("7C 9H"), parse_cards("3D 5D")]
>>> hand = Lean(2, (0, 1), 1, 0, hands, parse_cards("7H 3C"), [])
>>> hand.options()  # 7C takes 7H; 9H takes nothing
[(24, (26,)), (34, ())]
>>> hand.play(24, (26,)); hand.gain, hand.table
([0, 0], [8])
>>> hand.play(*hand.rules_option(random.Random(1), 0.0)); hand.turn, hand.gain  # 3D sweeps
(0, [-5, 5])
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from cardtable.games.krypkasino.captures import HAND_VALUE, POINTS, STEP, captures, sweep_mask

if TYPE_CHECKING:
    from cardtable.games.krypkasino.game import KrypkasinoState

__all__ = [
    "COURT_FACE",
    "EXTRA",
    "FACE_STEP",
    "HELD_RISK",
    "Lean",
    "Option",
    "Outcome",
    "costs_for",
    "move_cost",
    "open_lean",
    "options_for",
    "outcome",
    "sweep_mask",
    "sweep_odds",
    "sweep_values",
]

#: The first court face (the jack of clubs): faces from here on are set aside between deals.
COURT_FACE = 40
#: Cards to each player in an extra deal.
EXTRA = 4
#: The chance that a scoring card kept in hand will have to capture later (and so cost its
#: points): a rough average over random play, enough to prefer crawling such a card now.
HELD_RISK = 0.3
#: The packed-count step of each face (see :mod:`~cardtable.games.krypkasino.captures`).
FACE_STEP: tuple[int, ...] = tuple(STEP[f // 4 + 1] for f in range(52))
_HV = HAND_VALUE[:52]
_PTS = POINTS[:52]


@lru_cache(maxsize=1 << 14)
def sweep_odds(total: int, good: int, held: int) -> float:
    """The chance that ``held`` cards drawn from ``total`` hold one of ``good`` cards.

    >>> sweep_odds(16, 8, 1), sweep_odds(16, 0, 3)
    (0.5, 0.0)
    """
    if good == 0 or total == 0 or held <= 0:
        return 0.0
    held = min(held, total)
    return 1.0 - comb(total - good, held) / comb(total, held)


def move_cost(
    captured: int,
    sweep: int,
    left_points: int,
    left_code: int,
    kept_points: int,
    share: float,
    next_held: int,
    next_mate: bool,
    unseen: list[int],
    total: int,
) -> float:
    """The ``rules`` bot's expected penalty of one play for its team (see
    :mod:`~cardtable.games.krypkasino.bot`): ``captured`` points taken with the played card
    (0 when it creeps), the ``sweep`` bonus (0, 5 or 10), the points and packed ranks left on
    the table, the points kept in hand, the team's ``share`` of the table (mates / players),
    the next seat's hand size and side, and the cards unseen by value (``total`` in all).

    >>> move_cost(0, 0, 2, 0, 1, 0.25, 0, False, [0] * 15, 0)
    0.8
    """
    cost = 0.0
    if captured or sweep:
        cost += captured
        cost += sweep
    cost += left_points * share
    cost += HELD_RISK * kept_points
    if left_code and next_held > 0:
        mask = sweep_mask(left_code)
        if mask:
            good = 0
            v = 2
            bits = mask >> 2
            while bits:
                if bits & 1:
                    good += unseen[v]
                bits >>= 1
                v += 1
            chance = sweep_odds(total, good, next_held)
            if not next_mate:
                cost -= 5 * chance
            else:
                cost += chance * left_points * (1 - share)
    return cost


Option = tuple[int, tuple[int, ...]]


class Outcome(NamedTuple):
    """What one play does to the table: the points captured with the card played (0 when it
    creeps), the sweep bonus (0, 5 or 10), and the points and packed ranks left there."""

    captured: int
    sweep: int
    left_points: int
    left_code: int


def outcome(face: int, taken: tuple[int, ...], table_points: int, code: int) -> Outcome:
    """What playing ``face`` and taking ``taken`` does to a table worth ``table_points`` with
    packed ranks ``code`` (:func:`costs_for` works the same out inline, for speed).

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.games.krypkasino.captures import rank_code
    >>> seven, spade = parse_cards("7C 7S")
    >>> outcome(seven, (spade,), 1, rank_code([spade]))  # a tabbe: 7S, a point, swept
    Outcome(captured=1, sweep=5, left_points=0, left_code=0)
    >>> outcome(spade, (spade,), 1, rank_code([spade]))[:2]  # its twin: a dubbeltabbe
    (2, 10)
    """
    if not taken:
        return Outcome(0, 0, table_points + _PTS[face], code + FACE_STEP[face])
    captured = _PTS[face]
    left_points, left_code = table_points, code
    for c in taken:
        captured += _PTS[c]
        left_points -= _PTS[c]
        left_code -= FACE_STEP[c]
    sweep = 0
    if not left_code:
        sweep = 10 if len(taken) == 1 and taken[0] == face else 5
    return Outcome(captured, sweep, left_points, left_code)


def options_for(
    hand: list[int], table: list[int], code: int, most_cards: bool = False
) -> list[Option]:
    """The plays of a hand on a table (packed ranks ``code``) as (face, faces taken): each
    card once, and of each way it may capture the one taking the fewest points (the same
    ranks taken leave the same table, and a point left there is not surely one's own). When
    a card sweeps, only the sweeping cards, taking everything.

    >>> from cardtable.cards import cards_str, parse_cards
    >>> from cardtable.games.krypkasino.captures import rank_code
    >>> table = parse_cards("3S 3D 6H")
    >>> [(cards_str([f]), cards_str(t)) for f, t in options_for(parse_cards("9C 2C"), table,
    ...  rank_code(table))]
    [(['2C'], []), (['9C'], ['3D', '6H'])]
    """
    faces = sorted(set(hand))
    if code:
        mask = sweep_mask(code)
        sweepers = [f for f in faces if mask >> _HV[f] & 1]
        if sweepers:
            whole = tuple(table)
            return [(f, whole) for f in sweepers]
    out: list[Option] = []
    by_rank: dict[int, list[int]] | None = None
    for f in faces:
        found = captures(_HV[f], code) if code else None
        if found is None or not found.takes:
            out.append((f, ()))
            continue
        if by_rank is None:
            by_rank = {}
            for c in sorted(table, key=_PTS.__getitem__):
                by_rank.setdefault(c // 4 + 1, []).append(c)
        sizes = found.sizes
        for take, size in zip(found.takes, sizes, strict=True):
            if most_cards and size != sizes[0]:
                continue
            taken: list[int] = []
            for rank, count in take:
                taken.extend(by_rank[rank][:count])
            out.append((f, tuple(taken)))
    return out


def costs_for(
    options: list[Option],
    hand: list[int],
    table: list[int],
    code: int,
    share: float,
    next_held: int,
    next_mate: bool,
    unseen: list[int],
) -> list[float]:
    """The ``rules`` cost (:func:`move_cost`) of each option of ``hand`` on ``table``;
    ``unseen`` counts by hand value the cards the player has not seen.

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.games.krypkasino.captures import rank_code
    >>> hand, table = parse_cards("9C AS"), parse_cards("3S 6H")
    >>> options = options_for(hand, table, rank_code(table))
    >>> costs_for(options, hand, table, rank_code(table), 0.25, 0, False, [0] * 15)
    [6.6]
    """
    total = sum(unseen)
    table_points = sum(_PTS[c] for c in table)
    hand_points = sum(_PTS[c] for c in hand)
    costs: list[float] = []
    # move_cost, written out: the play-outs cost this thousands of times a decision. The
    # same sums in the same order, so the costs (and their ties) are move_cost's to the bit.
    for face, taken in options:
        left_points = table_points
        left_code = code
        captured = 0
        sweep = 0
        if taken:
            captured = _PTS[face]
            for c in taken:
                captured += _PTS[c]
                left_points -= _PTS[c]
                left_code -= FACE_STEP[c]
            if not left_code:
                sweep = 10 if len(taken) == 1 and taken[0] == face else 5
        else:
            left_points += _PTS[face]
            left_code += FACE_STEP[face]
        cost = 0.0
        if captured or sweep:
            cost += captured
            cost += sweep
        cost += left_points * share
        cost += HELD_RISK * (hand_points - _PTS[face])
        if left_code and next_held > 0:
            values = _SWEEPERS.get(left_code)
            if values is None:
                values = sweep_values(left_code)
            if values:
                good = 0
                for v in values:
                    good += unseen[v]
                chance = sweep_odds(total, good, next_held)
                if not next_mate:
                    cost -= 5 * chance
                else:
                    cost += chance * left_points * (1 - share)
        costs.append(cost)
    return costs


_SWEEPERS: dict[int, tuple[int, ...]] = {}


def sweep_values(code: int) -> tuple[int, ...]:
    """The hand values that sweep the table ``code`` (:func:`sweep_mask`'s bits, listed).

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.games.krypkasino.captures import rank_code
    >>> sweep_values(rank_code(parse_cards("4S 5D 9C"))), sweep_values(0)
    ((9,), ())
    """
    values = _SWEEPERS.get(code)
    if values is None:
        mask = sweep_mask(code)
        values = tuple(v for v in range(2, 15) if mask >> v & 1)
        if len(_SWEEPERS) >= 1 << 18:
            _SWEEPERS.clear()
        _SWEEPERS[code] = values
    return values


class Lean:
    """One hand of Krypkasino from some point on, in faces (see the module's notes).

    ``hands`` and ``table`` are lists of faces, ``stock`` the faces still to deal (in dealing
    order), ``aside`` the points of the court cards set aside; ``team`` gives each seat's team.
    """

    __slots__ = (
        "aside",
        "code",
        "dealer",
        "gain",
        "hands",
        "last",
        "most_cards",
        "n",
        "over",
        "packets",
        "prev",
        "share",
        "stock",
        "table",
        "team",
        "turn",
        "unseen",
    )

    def __init__(
        self,
        n: int,
        team: tuple[int, ...],
        dealer: int,
        turn: int,
        hands: list[list[int]],
        table: list[int],
        stock: list[int],
        last: int = -1,
        aside: int = 0,
        most_cards: bool = False,
    ) -> None:
        self.n = n
        self.team = team
        self.dealer = dealer
        self.turn = turn
        self.prev = (turn - 1) % n
        self.hands = hands
        self.table = table
        self.code = sum(FACE_STEP[f] for f in table)
        self.stock = stock
        self.last = last
        self.aside = aside
        self.most_cards = most_cards
        self.gain = [0] * n
        self.over = False
        self.packets = 0
        #: Each seat's team's share of the players (teammates / players).
        self.share = [team.count(t) / n for t in team]
        # Cards not face up (every hand and the stock), counted by hand value.
        unseen = [0] * 15
        for f in stock:
            unseen[_HV[f]] += 1
        for h in hands:
            for f in h:
                unseen[_HV[f]] += 1
        self.unseen = unseen

    def copy(self) -> Lean:
        """An independent copy (the play-outs change their own)."""
        other = Lean.__new__(Lean)
        other.n = self.n
        other.team = self.team
        other.dealer = self.dealer
        other.turn = self.turn
        other.prev = self.prev
        other.hands = [list(h) for h in self.hands]
        other.table = list(self.table)
        other.code = self.code
        other.stock = self.stock  # never changed in place: a deal slices it anew
        other.last = self.last
        other.aside = self.aside
        other.most_cards = self.most_cards
        other.gain = list(self.gain)
        other.over = self.over
        other.packets = self.packets
        other.share = self.share
        other.unseen = list(self.unseen)
        return other

    def options(self) -> list[tuple[int, tuple[int, ...]]]:
        """The seat to act's plays (see :func:`options_for`)."""
        return options_for(self.hands[self.turn], self.table, self.code, self.most_cards)

    def rules_option(self, rng: random.Random, noise: float) -> tuple[int, tuple[int, ...]]:
        """The play the ``rules`` bot makes here (ties at random), or with chance ``noise`` a
        card at random."""
        options = self.options()
        if len(options) == 1:
            return options[0]
        if noise and rng.random() < noise:
            return options[int(rng.random() * len(options))]
        best = self.best_options(options)
        return best[int(rng.random() * len(best))] if len(best) > 1 else best[0]

    def best_options(
        self, options: list[tuple[int, tuple[int, ...]]]
    ) -> list[tuple[int, tuple[int, ...]]]:
        """The options of least ``rules`` cost (every one within a hair of the least)."""
        costs = self.costs(options)
        least = min(costs) + 1e-9
        return [o for o, c in zip(options, costs, strict=True) if c <= least]

    def costs(self, options: list[tuple[int, tuple[int, ...]]]) -> list[float]:
        """The ``rules`` cost of each option of the seat to act (see :func:`costs_for`)."""
        seat = self.turn
        hand = self.hands[seat]
        nxt = (seat + 1) % self.n
        unseen = list(self.unseen)
        for c in hand:
            unseen[_HV[c]] -= 1
        return costs_for(
            options,
            hand,
            self.table,
            self.code,
            self.share[seat],
            len(self.hands[nxt]),
            self.team[nxt] == self.team[seat],
            unseen,
        )

    def play(self, face: int, taken: tuple[int, ...]) -> None:
        """The seat to act plays ``face`` (from its hand) and takes ``taken`` (table faces)."""
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(face)
        self.unseen[_HV[face]] -= 1
        table = self.table
        if taken:
            got = _PTS[face]
            code = self.code
            for c in taken:
                table.remove(c)
                got += _PTS[c]
                code -= FACE_STEP[c]
            self.code = code
            self.last = seat
            if not table:
                kind = 10 if len(taken) == 1 and taken[0] == face else 5
                got += kind
                self.gain[self.prev] -= kind
            self.gain[seat] += got
        else:
            table.append(face)
            self.code += FACE_STEP[face]
        self.prev = seat
        if seat == self.dealer and not hand:
            self._packet_over()
        else:
            self.turn = (seat + 1) % self.n

    def _packet_over(self) -> None:
        """Every hand is empty: deal again from the stock, or end the hand."""
        n = self.n
        self.packets += 1
        table = self.table
        if not self.stock:
            receiver = self.last if self.last >= 0 else self.dealer
            self.gain[receiver] += sum(_PTS[c] for c in table) + self.aside
            self.table = []
            self.code = 0
            self.over = True
            return
        courts = [c for c in table if c >= COURT_FACE]
        if courts:
            points = sum(_PTS[c] for c in courts)
            self.table = [c for c in table if c < COURT_FACE]
            self.code -= sum(FACE_STEP[c] for c in courts)
            if self.last >= 0:
                self.gain[self.last] += points
            else:
                self.aside += points
        stock = self.stock
        per = EXTRA * n
        dealt, self.stock = stock[:per], stock[per:]
        for k in range(n):
            self.hands[(self.dealer + 1 + k) % n] = dealt[k * EXTRA : (k + 1) * EXTRA]
        self.turn = (self.dealer + 1) % n
        self.prev = self.dealer


def open_lean(state: KrypkasinoState) -> Lean:
    """The real position with every card where it is, the stock in the order the extra deals
    give it: for tests and oracles that see every card, never for a bot.

    >>> import cardtable
    >>> state = cardtable.load("krypkasino", players=2).new_state(seed=1)
    >>> hand = open_lean(state)
    >>> hand.hands == [[c % 52 for c in h] for h in state.hands]
    True
    """
    n = state.n
    stock = [c % 52 for c in state.stock]
    order: list[int] = []
    for start in range(0, len(stock), 4 * n):
        block = stock[start : start + 4 * n]
        for k in range(n):
            order += block[2 * k : 2 * k + 2] + block[2 * n + 2 * k : 2 * n + 2 * k + 2]
    return Lean(
        n,
        state.team,
        state.dealer,
        state.turn,
        [[c % 52 for c in h] for h in state.hands],
        [c % 52 for c in state.table],
        order,
        state.last_capturer,
        sum(POINTS[c] for c in state.aside),
        state.most_cards,
    )
