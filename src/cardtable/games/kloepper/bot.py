"""The Kloepper ``rules`` bot: sound play by a few rules, seeing only its own seat's view.

- Declaring: with both black queens it plays alone with five trumps or more (or four: both
  queens and two jacks), and otherwise calls the ace of the plain suit it holds most of (so it can
  lead to its partner); holding all three aces it must play alone.
- Knocking: only with a hand that takes every remaining trick whatever the unseen cards are
  (:func:`sure_sweep`: on lead, enough trumps above every hidden trump to draw them all and
  then only trumps or the highest cards left in their suits; not on lead, boss trumps only),
  and only while it has taken every trick so far. A knock-off likewise needs a sure sweep by
  its own side, which the opponents of the queens can never have while Q♣ is out; so in
  practice it passes. Against a knock (or a knock-off) it takes any trick it can win.
- Leading: on the queens team (or alone) with trump strength it leads its highest trump to draw
  trumps; the caller leads into the called suit to reach his partner; otherwise a plain ace,
  then its cheapest plain card (it keeps trumps to win the opponents' aces).
- Following: when a seat known to be on its side is winning the trick with a card nobody left
  can beat (or the bot plays last), it schmears points (10s and kings before its aces); when it
  can win, it wins as cheaply as the trick allows; otherwise it throws its least valuable card.

Ties are broken at random from the bot's own seeded generator.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> deck = ("QC QS JC 9C 10C KC AS 10S KS AH 10H KH JS JH JD 9S AC QH AD 10D KD QD 9D 9H").split()
>>> state = cardtable.load("kloepper").new_state(decks=[deck])
>>> state.observation(0)["hand"]
['QC', 'QS', 'JC', 'JS', 'JH', 'JD']
>>> bot = KloepperRulesBot(seed=1)
>>> str(bot.choose(SeatView(state, 0)))
'alone'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards import parse_card
from cardtable.engine import Move
from cardtable.games.kloepper.tables import CALLABLE, KEY, PACK, POINTS, POWER, QC, QS, TRUMP
from cardtable.random_bot import RandomBot
from cardtable.seat_view import SeatView

__all__ = ["KloepperRulesBot", "sure_sweep"]

_JACKS = tuple(parse_card(j) for j in ("JC", "JS", "JH", "JD"))
_TRUMPS_ALL = frozenset(c for c in PACK if KEY[c] == TRUMP)


def _ids(names: Sequence[str]) -> list[int]:
    return [parse_card(n) for n in names]


def sure_sweep(
    hand: Sequence[int], seen: set[int], leading: bool = False, pack: Sequence[int] = PACK
) -> bool:
    """Whether ``hand`` takes every remaining trick whatever the cards not in ``seen`` (the
    cards the seat can see: its hand and those played) are.

    Not on lead, every card must be a trump above every trump still hidden. On lead (and on
    lead after each trick it wins), it draws the hidden trumps first: it needs as many trumps
    above all of them as one other hand could hold of them, and then every other card must be
    a trump or the highest card left in its suit. ``pack``: the cards of the game's deck.

    >>> from cardtable.cards import parse_cards
    >>> sure_sweep(parse_cards("QC QS JC JS JH JD"), set(parse_cards("QC QS JC JS JH JD")))
    True
    >>> hand = parse_cards("QC QS JC JS AH AS")
    >>> sure_sweep(hand, set(hand)), sure_sweep(hand, set(hand), leading=True)
    (False, False)
    >>> seen = set(hand) | set(parse_cards("JH JD AD 10D KD QD"))  # one hidden trump, 9D
    >>> sure_sweep(hand, seen, leading=True)
    True
    """
    hidden = [c for c in pack if c not in seen]
    hidden_trumps = [c for c in hidden if KEY[c] == TRUMP]
    top = max((POWER[c] for c in hidden_trumps), default=0)
    if not leading:
        return bool(hand) and all(KEY[c] == TRUMP and POWER[c] > top for c in hand)
    boss = [c for c in hand if KEY[c] == TRUMP and POWER[c] > top]
    draws = min(len(hidden_trumps), len(hand))
    if len(boss) < draws:
        return False
    for c in hand:
        if KEY[c] != TRUMP and any(KEY[h] == KEY[c] and POWER[h] > POWER[c] for h in hidden):
            return False
    return bool(hand)


class KloepperRulesBot:
    """Plays Kloepper by the rules in the module's docstring; the same seed, the same play."""

    name: ClassVar[str] = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.pack: tuple[int, ...] = PACK

    @staticmethod
    def _pack_of(view: SeatView) -> tuple[int, ...]:
        """The cards of the view's deck (the ``deck`` option: the full 24 or the tiny 8)."""
        deck = getattr(view.game, "deck", None)
        return PACK if deck is None else tuple(deck.pack)

    def choose(self, view: SeatView) -> Move:
        """A legal move for the view's seat, which must be the seat to act."""
        legal = RandomBot.legal_for(view)
        if len(legal) == 1:
            return legal[0]
        self.pack = self._pack_of(view)
        obs = view.observation()
        phase = obs["phase"]
        if phase == "declare":
            return self._declare(obs, legal)
        if phase == "knock-off":
            return self._answer_knock(obs, legal)
        return self._play(obs, legal)

    # ----------------------------------------------------------------- helpers

    def _pick(self, moves: list[Move]) -> Move:
        return moves[int(self.rng.random() * len(moves))]

    def _best(self, moves: list[Move], key: Any) -> Move:
        """The move with the highest ``key``, ties broken at random."""
        scored = [(key(m), m) for m in moves]
        top = max(s for s, _m in scored)
        return self._pick([m for s, m in scored if s == top])

    @staticmethod
    def _seen(obs: Mapping[str, Any]) -> set[int]:
        seen = set(_ids(obs["hand"]))
        for trick in obs["tricks"]:
            seen.update(_ids(trick["cards"]))
        seen.update(parse_card(p["card"]) for p in obs["trick"])
        return seen

    # ----------------------------------------------------------------- decisions

    def _declare(self, obs: Mapping[str, Any], legal: list[Move]) -> Move:
        hand = _ids(obs["hand"])
        trumps = [c for c in hand if KEY[c] == TRUMP]
        calls = [m for m in legal if m.verb == "call"]
        alone = next(m for m in legal if m.verb == "alone")
        jacks = sum(1 for c in hand if c in _JACKS)
        if not calls or len(trumps) >= 5 or (len(trumps) == 4 and jacks >= 2):
            return alone

        def suit_length(move: Move) -> tuple[int, int]:
            suit = move.cards[0] % 4
            held = [c for c in hand if KEY[c] == suit]
            # Most cards in the suit; then the cheapest ones to lead into the partner's ace.
            return (len(held), -sum(POINTS[c] for c in held))

        return self._best(calls, suit_length)

    def _answer_knock(self, obs: Mapping[str, Any], legal: list[Move]) -> Move:
        hand = _ids(obs["hand"])
        done = obs["tricks"]
        queens_took = any(obs["roles"][t["winner"]] in ("queens", "alone") for t in done)
        knock_off = next((m for m in legal if m.verb == "knock-off"), None)
        # The knocker plays next, so the bot is not on lead: a sweep needs boss trumps only.
        if (
            knock_off is not None
            and not queens_took
            and sure_sweep(hand, self._seen(obs), pack=self.pack)
        ):
            return knock_off
        return next(m for m in legal if m.verb == "pass")

    def _may_sweep(self, obs: Mapping[str, Any]) -> bool:
        """Whether a knock now surely succeeds: the side has lost no trick and the hand sweeps."""
        seat = obs["seat"]
        for trick in obs["tricks"]:
            if trick["winner"] != seat:
                return False
        leading = not obs["trick"]
        return sure_sweep(_ids(obs["hand"]), self._seen(obs), leading, self.pack)

    def _play(self, obs: Mapping[str, Any], legal: list[Move]) -> Move:
        knock = next((m for m in legal if m.verb == "knock"), None)
        if knock is not None and self._may_sweep(obs):
            return knock
        plays = [m for m in legal if m.verb == "play"]
        if len(plays) == 1:
            return plays[0]
        seat = obs["seat"]
        roles = obs["roles"]
        mine = roles[seat]
        hand = _ids(obs["hand"])
        seen = self._seen(obs)
        unseen = [c for c in self.pack if c not in seen]
        trick = obs["trick"]
        if not trick:
            return self._lead(obs, plays, hand, mine)
        led = KEY[parse_card(trick[0]["card"])]

        def power(card: int) -> int:
            k = KEY[card]
            return POWER[card] if k in (led, TRUMP) else 0

        best_seat, best_power = trick[0]["seat"], -1
        for p in trick:
            c = parse_card(p["card"])
            if power(c) > best_power:
                best_seat, best_power = p["seat"], power(c)
        points = sum(POINTS[parse_card(p["card"])] for p in trick)
        last = len(trick) == 3
        on_my_side = mine is not None and mine != "alone" and roles[best_seat] == mine
        # Cards still hidden that a later player could beat the winner with.
        later = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
        threat = any(power(c) > best_power for c in unseen) and bool(later)
        if on_my_side and not threat:
            # Schmear: the most points, 10s and kings before aces.
            return self._best(plays, lambda m: (POINTS[m.cards[0]] % 11, -POWER[m.cards[0]]))
        winners = [m for m in plays if power(m.cards[0]) > best_power]
        if winners and not on_my_side:
            off = obs.get("knock_off")
            claimer = obs.get("knocker") if off is None else off
            if claimer is not None and roles[claimer] != mine:
                # Against a claim of every trick one trick wins the deal: take it, cheaply.
                return self._best(winners, lambda m: -power(m.cards[0]))
            if last or points >= 10 or all(KEY[m.cards[0]] != TRUMP for m in winners):
                sure = [m for m in winners if all(power(c) < power(m.cards[0]) for c in unseen)]
                if not last and sure and points >= 10:
                    return self._best(sure, lambda m: -POWER[m.cards[0]])
                return self._best(winners, lambda m: -power(m.cards[0]))
            if mine in ("queens", "alone"):
                return self._best(winners, lambda m: -power(m.cards[0]))
        # Nothing to win: throw the least valuable card, keeping aces and trumps.
        return self._best(
            plays,
            lambda m: (
                -POINTS[m.cards[0]] - (20 if POINTS[m.cards[0]] == 11 else 0),
                -(KEY[m.cards[0]] == TRUMP),
                -POWER[m.cards[0]],
            ),
        )

    def _lead(
        self, obs: Mapping[str, Any], plays: list[Move], hand: list[int], mine: str | None
    ) -> Move:
        trumps = [m for m in plays if KEY[m.cards[0]] == TRUMP]
        plain = [m for m in plays if KEY[m.cards[0]] != TRUMP]
        strong = len(trumps) >= 3 or any(m.cards[0] in (QC, QS) for m in trumps)
        if mine in ("queens", "alone") and trumps and (strong or not plain):
            return self._best(trumps, lambda m: POWER[m.cards[0]])
        call = obs.get("call")
        if call is not None and obs.get("caller") == obs["seat"]:
            suit = parse_card(call) % 4
            into = [m for m in plain if KEY[m.cards[0]] == suit]
            if into:
                return self._best(into, lambda m: -POINTS[m.cards[0]])
        aces = [m for m in plain if m.cards[0] in CALLABLE]
        if aces:
            return self._pick(aces)
        if plain:
            return self._best(plain, lambda m: (-POINTS[m.cards[0]], -POWER[m.cards[0]]))
        return self._best(trumps, lambda m: -POWER[m.cards[0]])


#: The rows this game adds to the level ladder (``docs/strength.md`` measures each step); the
#: levels it leaves out play as :data:`cardtable.bots.levels.DEFAULT_LEVELS` says.
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("rules", {"mistakes": 1}),
    "medium": ("rules", {}),
    "hard": ("pimc", {"worlds": 20, "rollout": "rules"}),
    "expert": ("pimc-risk", {"worlds": 80, "risk": 0.5, "endgame": 3}),
}
