"""The Kloepper ``valued`` bot: each card scored by a small network fitted to what cards are
worth, a fast training opponent.

The ``expert`` finds what a card is worth by playing it out in many weighted worlds, tens of
milliseconds a decision. This bot asks a network instead: for each card it may play it reads a
few dozen numbers the seat can see (:func:`card_features`: whether the card wins the trick now
and surely, what the trick holds and who is winning it as far as the seat knows the sides, what
the card is worth and what it leaves in hand, the trumps still out, the ``rules`` bot's own
choice) and predicts the points the card gains the seat in the deal, relative to the other
cards (as a cost, the sign turned); the best prediction is played unless it beats the
``rules`` bot's card by no more than ``margin`` points. Declarations, knocks and answers to
knocks are the ``rules`` bot's. The network was fitted (``bench/kloepper_fit.py``) to the
values of every card of thousands of ``rules`` deals measured in the true deal by play-outs
that see every card (``bench/kloepper_values.py``): it learns what the seat's view predicts of
them. Its weights ship in the game's package (``data/valued.npz``); it runs in numpy.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("kloepper", target=1).new_state(seed=3)
>>> bot = KloepperValuedBot(seed=1)
>>> bot.choose(SeatView(state, state.to_move)) in state.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from cardtable.cards import parse_card
from cardtable.engine import Move
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.tables import (
    CALLABLE,
    DECKS,
    KEY,
    KEY_NAMES,
    PACK,
    POINTS,
    POWER,
    QC,
    QS,
    SEATS,
    TRUMP,
    trick_winner,
)
from cardtable.option_net import shipped_net
from cardtable.random_bot import RandomBot, number_setting
from cardtable.seat_view import SeatView

__all__ = ["FEATURES", "KloepperValuedBot", "card_features"]

#: What each column of :func:`card_features` holds, in order.
FEATURES: tuple[str, ...] = (
    "leads",
    "cards on the trick",
    "last to play",
    "a trump",
    "power",
    "points",
    "follows the led suit",
    "wins the trick now",
    "wins it surely",
    "the highest card left of its kind",
    "points on the trick",
    "the trick's winner: own side 1, other -1",
    "queens side",
    "alone",
    "opponents",
    "side unknown",
    "a black queen",
    "the called ace",
    "the caller, in the called suit",
    "trumps kept",
    "points kept",
    "aces kept",
    "trumps out",
    "trumps out above the best kept",
    "trick number",
    "own side's card points",
    "other side's card points",
    "a claim: own side 1, other -1",
    "the rules card",
    "cards to choose from",
    "seats after on own side",
    "seats after on the other",
    "seats after void in its kind",
    "cards held of its kind",
)

_SIDES = ("queens", "alone", "opponents")
_TOP = max(POWER)


def card_features(
    obs: Mapping[str, Any], cards: list[int], rules: int, pack: tuple[int, ...] = PACK
) -> npt.NDArray[np.float32]:
    """One row of :data:`FEATURES` for each of ``cards`` (the seat's playable cards, in the
    trick-play phase), from the seat's observation; ``rules``: the index of the ``rules`` bot's
    card; ``pack``: the game's cards (the tiny deck's are fewer).

    >>> import cardtable
    >>> state = cardtable.load("kloepper", target=1).new_state(seed=3)
    >>> while state.observation(state.to_move)["phase"] != "play":
    ...     state.apply(state.legal_moves()[0])
    >>> obs = state.observation(state.to_move)
    >>> cards = [parse_card(m.split()[1]) for m in obs["legal_moves"] if m.startswith("play")]
    >>> card_features(obs, cards, 0).shape == (len(cards), len(FEATURES))
    True
    """
    seat = int(obs["seat"])
    hand = [parse_card(c) for c in obs["hand"]]
    trick = [(int(p["seat"]), parse_card(p["card"])) for p in obs["trick"]]
    seen = set(hand)
    seen.update(c for _, c in trick)
    for done in obs["tricks"]:
        seen.update(parse_card(c) for c in done["cards"])
    unseen = [c for c in pack if c not in seen]
    roles: list[str | None] = list(obs["roles"])
    mine = roles[seat]

    def side(s: int) -> int:
        """1: known on the seat's side, -1: known against it, 0: not known."""
        if s == seat:
            return 1
        theirs = roles[s]
        if mine is None or theirs is None:
            return 0
        if mine == "alone" or theirs == "alone":
            return -1
        return 1 if theirs == mine else -1

    led = KEY[trick[0][1]] if trick else -1
    best_power, best_seat = -1, -1
    if trick:
        played = [c for _, c in trick]
        best_seat = trick_winner(played, trick[0][0])
        best_power = POWER[played[(best_seat - trick[0][0]) % SEATS]]
    points = sum(POINTS[c] for _, c in trick)
    last = len(trick) == 3
    winner_side = side(best_seat) if trick else 0
    call = -1 if obs["call"] is None else parse_card(obs["call"])
    caller = obs["caller"]
    trumps_out = [c for c in unseen if KEY[c] == TRUMP]
    own_points = other_points = 0
    for s, p in enumerate(obs["card_points"]):
        if side(s) == 1:
            own_points += p
        elif side(s) == -1:
            other_points += p
    claimer = obs["knock_off"] if obs["knock_off"] is not None else obs["knocker"]
    claim = 0 if claimer is None else side(int(claimer)) or -1
    role = [1.0 if mine == r else 0.0 for r in _SIDES]
    after = [(seat + i) % SEATS for i in range(1, SEATS - len(trick))]
    sides_after = [side(s) for s in after]
    voids = [{KEY_NAMES.index(k) for k in v} for v in obs["voids"]]
    rows = np.zeros((len(cards), len(FEATURES)), np.float32)
    for k, c in enumerate(cards):
        key = KEY[c]
        lead_key = key if not trick else led
        power = POWER[c] if key in (lead_key, TRUMP) else 0
        wins = not trick or power > best_power
        above = [u for u in unseen if KEY[u] in (lead_key, TRUMP) and POWER[u] > power]
        boss = not any(KEY[u] == key and POWER[u] > POWER[c] for u in unseen)
        kept = [h for h in hand if h != c]
        kept_trumps = [h for h in kept if KEY[h] == TRUMP]
        best_kept = max((POWER[h] for h in kept_trumps), default=0)
        rows[k] = (
            0.0 if trick else 1.0,
            len(trick),
            1.0 if last else 0.0,
            1.0 if key == TRUMP else 0.0,
            POWER[c] / _TOP,
            POINTS[c],
            1.0 if trick and key == led else 0.0,
            1.0 if wins else 0.0,
            1.0 if wins and (last or not above) else 0.0,
            1.0 if boss else 0.0,
            points,
            winner_side,
            *role,
            1.0 if mine is None else 0.0,
            1.0 if c in (QC, QS) else 0.0,
            1.0 if c == call else 0.0,
            1.0 if caller == seat and call >= 0 and key == call % 4 else 0.0,
            len(kept_trumps),
            sum(POINTS[h] for h in kept),
            sum(1 for h in kept if h in CALLABLE),
            len(trumps_out),
            sum(1 for u in trumps_out if POWER[u] > best_kept),
            int(obs["trick_number"]),
            own_points,
            other_points,
            claim,
            1.0 if k == rules else 0.0,
            len(cards),
            sides_after.count(1),
            sides_after.count(-1),
            sum(1 for s in after if lead_key in voids[s]),
            sum(1 for h in hand if KEY[h] == key),
        )
    return rows


class KloepperValuedBot:
    """Plays the card of least predicted cost; the ``rules`` bot's other choices (see the
    module)."""

    name: ClassVar[str] = "valued"

    def __init__(self, seed: int | None = None, margin: float | None = None) -> None:
        self.rules = KloepperRulesBot(seed)
        self.net = shipped_net("cardtable.games.kloepper")
        self.margin = (
            self.net.margin if margin is None else number_setting("margin", margin, 0, 100)
        )

    def choose(self, view: SeatView) -> Move:
        """The view's seat's move: a declaration, knock or answer as the ``rules`` bot makes
        it; a card by the network, unless it beats the rules bot's by no more than ``margin``."""
        base = self.rules.choose(view)
        if base.verb != "play":
            return base
        plays = [m for m in RandomBot.legal_for(view) if m.verb == "play"]
        if len(plays) == 1:
            return base
        rules = next(k for k, m in enumerate(plays) if m.text == base.text)
        pack = DECKS[str(view.game.options["deck"])].pack
        rows = card_features(view.observation(), [m.cards[0] for m in plays], rules, pack)
        return plays[self.net.pick(self.net.costs(rows), rules, self.margin)]
