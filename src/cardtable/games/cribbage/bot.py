"""The Cribbage ``rules`` bot: sound play by a few rules, seeing only its own seat's view.

- Discards: with two players the advisor's best exact expected net points; with three or four,
  the card whose loss costs the kept hand least (averaged over every starter), counting what it
  adds to the crib for or against the bot's side.
- Pegging: each play is worth the points it pegs at once less the points the next opponent can
  expect to peg in reply (the best reply among the cards it may hold), so 5 and 21 counts, pairs
  and runs are not left lying open; leads of 4 or lower are preferred and low cards kept for
  later. When no other seat can play on the count, the bot searches every order of its own
  remaining plays and takes the one that pegs most.
- With muggins it claims its full count and takes missed points whenever it may.

Two settings make it play like a less practised player, for the lower levels:
``discards="hand"`` keeps the four cards worth most on their own (averaged over every starter)
and gives no thought to the crib; ``pegging="greedy"`` takes the most points now and never
weighs the reply (nor searches its last plays).

Ties are broken at random from the bot's own seeded generator. After each discard or play the
bot's ``last_reason`` says why in a hint's terms (an untranslated message and its fields,
cards as tuples of ids, see :mod:`cardtable.bots.explain`), None for other decisions.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> from cardtable.games.cribbage.analysis import discard_advice
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> hand = parse_cards(state.observation(0)["hand"])
>>> best = discard_advice(hand, dealer=False)[0]  # seat 0 is the pone
>>> sorted(CribbageRulesBot(seed=0).choose(SeatView(state, 0)).cards) == sorted(best.discard)
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations_with_replacement
from math import comb
from typing import Any, ClassVar

from cardtable.cards import parse_card, parse_cards
from cardtable.engine import Move
from cardtable.games.cribbage.analysis import discard_advice
from cardtable.games.cribbage.sampling import go_limits
from cardtable.games.cribbage.scoring import FIVE_RANK_POINTS, RANK_WEIGHT, peg_score, score_hand
from cardtable.games.cribbage.tables import RANK as _RANK
from cardtable.games.cribbage.tables import VALUE as _VALUE
from cardtable.games.cribbage.tiny_bot import tiny_choice, tiny_deck
from cardtable.i18n import N_
from cardtable.random_bot import RandomBot, choice_setting
from cardtable.seat_view import SeatView

__all__ = ["CribbageRulesBot", "crib_value", "reply_threat", "solo_points"]

_EPS = 1e-9
# Small nudges that only order plays the main estimate finds (nearly) equal.
_LOW_LEAD = 0.1  # a lead of 4 or lower: no single card makes fifteen on it
_FIVE_LEAD = 0.5  # a lead of 5: sixteen ten-cards make fifteen
_KEEP_LOW = 0.01  # per point of value: play high cards first, keep low ones for the go

# The reasons a hint gives for the bot's choice (translated when the hint is said).
_KEEPS = N_("it keeps {cards}, worth {hand} points on average")
_KEEPS_OURS = N_("it keeps {cards}, worth {hand} points on average, {net} with your crib")
_KEEPS_THEIRS = N_("it keeps {cards}, worth {hand} points on average, {net} after their crib")
_SOLO = N_("no one else can play on this count: your cards peg {points} from this one on")


@functools.cache
def crib_value(rank: int) -> float:
    """The mean fifteens, pairs and runs of a crib holding a card of ``rank`` and four other
    cards from the rest of the pack (the starter included).

    >>> round(crib_value(5), 3) > round(crib_value(13), 3)
    True
    """
    left = [0] + [4] * 13
    left[rank] -= 1
    total = 0
    for ranks in combinations_with_replacement(range(1, 14), 4):
        ways = 1
        for r in set(ranks):
            ways *= comb(left[r], ranks.count(r))
        if ways:
            key = RANK_WEIGHT[rank] + sum(RANK_WEIGHT[r] for r in ranks)
            total += FIVE_RANK_POINTS[key] * ways
    return total / comb(51, 4)


def reply_threat(ranks: Sequence[int], count: int, pool: Sequence[int], held: int) -> float:
    """The points a player holding ``held`` cards drawn at random from ``pool`` can expect to
    peg with its best reply on ``ranks`` (the count's ranks so far) at ``count``.

    >>> pool = parse_cards("10C 10D 10H JC JD QC KC KD 2C 3C")  # mostly ten-cards
    >>> round(reply_threat([5], 5, pool, 2), 3)  # a fifteen on a lone 5 is very likely
    1.956
    >>> reply_threat([4], 4, parse_cards("10C 10D"), 2)
    0.0
    """
    held = min(held, len(pool))
    if held <= 0:
        return 0.0
    room = 31 - count
    per_rank = [0] * 14
    for c in pool:
        per_rank[_RANK[c]] += 1
    cards_by_points: dict[int, int] = {}
    line = [*ranks, 0]
    for r in range(1, 14):
        value = min(r, 10)
        if per_rank[r] and value <= room:
            line[-1] = r
            points = peg_score(line, count + value)
            if points:
                cards_by_points[points] = cards_by_points.get(points, 0) + per_rank[r]
    size = len(pool)
    hands = comb(size, held)
    expected = 0.0
    covered = 0
    levels = sorted(cards_by_points, reverse=True)
    # E[best] = sum over levels of (step to the next level) * P(holding a card at least as good).
    for i, points in enumerate(levels):
        covered += cards_by_points[points]
        step = points - (levels[i + 1] if i + 1 < len(levels) else 0)
        expected += step * (1 - comb(size - covered, held) / hands)
    return expected


def solo_points(
    ranks: Sequence[int], count: int, cards: Sequence[int], others_empty: bool
) -> dict[int, int]:
    """With no other seat able to play on this count: for each card of ``cards`` that fits, the
    most points a sequence of the seat's own plays starting with it pegs (go and last card
    included; on to later counts too when ``others_empty``, as the others hold no cards).

    >>> from cardtable.cards import card_str
    >>> best = solo_points([10, 10, 2, 4], 26, parse_cards("4S AH"), False)
    >>> {card_str(c): points for c, points in best.items()}  # 4 pairs then A makes 31
    {'4S': 4, 'AH': 2}
    """
    out: dict[int, int] = {}
    for i, card in enumerate(cards):
        value = _VALUE[card]
        if count + value > 31:
            continue
        rest = [*cards[:i], *cards[i + 1 :]]
        out[card] = _solo_after(ranks, count, card, rest, others_empty)
    return out


def _solo_after(
    ranks: Sequence[int], count: int, card: int, rest: list[int], others_empty: bool
) -> int:
    new = count + _VALUE[card]
    line = [*ranks, _RANK[card]]
    points = peg_score(line, new)
    if new == 31:
        # The count starts again; only when nobody else holds a card does the seat lead again.
        if others_empty and rest:
            return points + max(solo_points([], 0, rest, True).values())
        return points
    follow = solo_points(line, new, rest, others_empty)
    if follow:
        return points + max(follow.values())
    # Go (or last card) for one; alone, the seat then leads the next count.
    if others_empty and rest:
        return points + 1 + max(solo_points([], 0, rest, True).values())
    return points + 1


def _shown_worth(obs: dict[str, Any]) -> int:
    """The true count of the hand or crib laid out last, from what every seat sees."""
    shown = (obs.get("shown") or [{}])[-1]
    if not shown.get("cards") or not obs.get("starter"):
        return 0
    cards = parse_cards(shown["cards"])
    return score_hand(cards, parse_card(obs["starter"]), shown.get("what") == "crib")


class CribbageRulesBot(RandomBot):
    """Exact two-player discards, pegging that weighs the opponent's best reply, a full search
    of its own last plays, full claims and every muggins."""

    name: ClassVar[str] = "rules"

    def __init__(
        self, seed: int | None = None, discards: str = "advisor", pegging: str = "reply"
    ) -> None:
        super().__init__(seed)
        self.discards = choice_setting("discards", discards, ("advisor", "hand"))
        self.pegging = choice_setting("pegging", pegging, ("reply", "greedy"))
        self.last_reason: tuple[str, dict[str, Any]] | None = None

    def choose(self, view: SeatView) -> Move:
        self.last_reason = None
        legal = self.legal_for(view)
        if len(legal) == 1:
            return legal[0]
        if tiny_deck(view) is not None:
            # The tiny deck's deal is judged by its own small count (every level plays so).
            return tiny_choice(view, legal)
        obs = view.observation()
        phase = obs["phase"]
        if phase == "discard":
            return self._discard(obs, view.seat, legal)
        if phase == "play":
            return self._play(view, obs, legal)
        # With muggins the bot counts the shown cards itself, as the table does not tell.
        worth = _shown_worth(obs)
        if phase == "claim":
            return next((m for m in legal if m.number == worth), legal[0])
        wanted = "muggins" if worth > (obs.get("claimed") or 0) else "pass"
        return next((m for m in legal if m.verb == wanted), self.pick(legal))

    def _best(self, scored: list[tuple[float, Move]]) -> Move:
        top = max(v for v, _ in scored)
        return self.pick([m for v, m in scored if v >= top - _EPS])

    # ------------------------------------------------------------------ discards

    def _discard(self, obs: dict[str, Any], seat: int, legal: list[Move]) -> Move:
        hand = parse_cards(obs["hand"])
        dealer = obs["dealer"]
        players = int(obs["players"])
        by_hand = self.discards == "hand"
        if players == 2 and not by_hand:
            best = discard_advice(hand, dealer=dealer == seat)[0]
            self._keeps(best.keep, best.hand_ev, best.net, dealer == seat)
            wanted = tuple(sorted(best.discard))
            return next(m for m in legal if tuple(sorted(m.cards)) == wanted)
        ours = dealer % 2 == seat % 2 if players == 4 else dealer == seat
        held = set(hand)
        starters = [c for c in range(52) if c not in held]
        scored = []
        evs = {}
        for move in legal:
            keep = [c for c in hand if c not in move.cards]
            hand_ev = sum(score_hand(keep, s) for s in starters) / len(starters)
            crib = 0.0 if by_hand else sum(crib_value(_RANK[c]) for c in move.cards)
            scored.append((hand_ev + (crib if ours else -crib), move))
            evs[move] = (tuple(keep), hand_ev, scored[-1][0])
        chosen = self._best(scored)
        kept, hand_ev, net = evs[chosen]
        self._keeps(kept, hand_ev, None if by_hand else net, ours)
        return chosen

    def _keeps(self, keep: Sequence[int], hand: float, net: float | None, ours: bool) -> None:
        """The reason of a discard: the cards kept, their mean worth and with the crib."""
        fields: dict[str, Any] = {"cards": tuple(keep), "hand": round(hand, 1)}
        if net is not None:
            fields["net"] = round(net, 1)
        message = _KEEPS if net is None else _KEEPS_OURS if ours else _KEEPS_THEIRS
        self.last_reason = (message, fields)

    # ------------------------------------------------------------------ pegging

    def _play(self, view: SeatView, obs: dict[str, Any], legal: list[Move]) -> Move:
        seat = view.seat
        n = int(obs["players"])
        count = int(obs["count"])
        sizes: list[int] = obs["hand_sizes"]
        hand = parse_cards(obs["hand"])
        count_cards = parse_cards(obs["count_cards"])
        played = [parse_cards(p) for p in obs["played"]]
        ranks = [_RANK[c] for c in count_cards]
        limits = go_limits(n, self._plays(view, played, count_cards), sizes, count, seat)
        room = 31 - count
        others = [s for s in range(n) if s != seat]
        greedy = self.pegging == "greedy"
        if not greedy and all(not sizes[s] or limits[s] >= room for s in others):
            solo = solo_points(ranks, count, hand, all(not sizes[s] for s in others))
            chosen = self._best(
                [(solo[m.cards[0]] + _KEEP_LOW * _VALUE[m.cards[0]], m) for m in legal]
            )
            if solo[chosen.cards[0]]:
                self.last_reason = (_SOLO, {"points": solo[chosen.cards[0]]})
            return chosen

        seen = {*hand, *parse_cards(obs["laid_away"]), *(c for p in played for c in p)}
        if obs["starter"]:
            seen.add(parse_card(obs["starter"]))
        for shown in obs["shown"]:
            seen.update(parse_cards(shown["cards"]))
        unseen = [c for c in range(52) if c not in seen]
        side = [s % 2 for s in range(n)] if n == 4 else list(range(n))

        scored = []
        why = {}
        for move in legal:
            card = move.cards[0]
            value = _VALUE[card]
            new = count + value
            line = [*ranks, _RANK[card]]
            pegs = peg_score(line, new)
            threat = 0.0
            score = float(pegs) + _KEEP_LOW * value
            if not count:
                score += _LOW_LEAD if value <= 4 else -_FIVE_LEAD if value == 5 else 0.0
            if new < 31 and not greedy:
                replier = next(
                    (
                        s
                        for s in ((seat + k) % n for k in range(1, n))
                        if sizes[s] and limits[s] < 31 - new
                    ),
                    None,
                )
                if replier is not None and side[replier] != side[seat]:
                    pool = [c for c in unseen if _VALUE[c] > limits[replier]]
                    threat = reply_threat(line, new, pool, sizes[replier])
                    score -= threat
            scored.append((score, move))
            why[move] = (pegs, threat)
        chosen = self._best(scored)
        self._pegs(*why[chosen])
        return chosen

    def _pegs(self, pegs: int, threat: float) -> None:
        """The reason of a play: what it pegs now and what the reply may peg."""
        fields = {"points": pegs, "threat": round(threat, 1)}
        if pegs and threat:
            message = N_("it pegs {points} now, and their best reply {threat} points on average")
        elif pegs:
            message = N_("it pegs {points} now")
        elif threat:
            message = N_("their best reply pegs {threat} points on average")
        else:
            return
        self.last_reason = (message, fields)

    @staticmethod
    def _plays(
        view: SeatView, played: list[list[int]], count_cards: list[int]
    ) -> list[tuple[int, int]]:
        """The (seat, card) plays of this deal in order from the events, or of this count only
        when the events do not tell them all (a sampled world has none)."""
        events = view.events()
        start = len(events) - 1
        while start >= 0 and events[start].type != "deal":
            start -= 1
        plays = [
            (e.seat, parse_card(str(e.data["card"])))
            for e in events[max(start, 0) :]
            if e.type == "play" and e.seat is not None
        ]
        if start >= 0 and len(plays) == sum(map(len, played)):
            return plays
        owner = {c: s for s, cards in enumerate(played) for c in cards}
        return [(owner[c], c) for c in count_cards]


#: The rows this game adds to the level ladder (``docs/strength.md`` measures each step); the
#: levels it leaves out play as :data:`cardtable.bots.levels.DEFAULT_LEVELS` says.
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("rules", {"discards": "hand", "pegging": "greedy", "mistakes": 0.3}),
    "medium": ("rules", {"pegging": "greedy"}),
    "hard": ("rules", {}),
    "expert": ("pegger", {}),
}
