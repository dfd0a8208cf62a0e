"""The Kloepper ``expert`` bot: every decision searched over weighted worlds, the risky ones
taken only when the search is sure enough.

- Worlds: the view's sampled worlds (:mod:`cardtable.games.kloepper.sampling`), each weighted by
  how likely the other seats' declarations and cards were in it
  (:mod:`cardtable.games.kloepper.inference`).
- Cards: perfect-information Monte Carlo over ``worlds`` weighted worlds; each card is played
  out to the end of the deal by the ``rules`` bot at every seat (its lean copy,
  :mod:`cardtable.games.kloepper.playout`: the same moves, faster; every move of a world with
  the same tie draws; with ``endgame`` above 0, the deal's last tricks are solved exactly
  instead, both sides at their best: :mod:`cardtable.games.kloepper.endgame`), and the best
  weighted mean reward is played. The reward is the seat's
  gain in the deal minus the largest gain that differs from it (the sides are hidden, see
  :mod:`cardtable.games.kloepper.search`). The weights are uneven (of 80 worlds some 20 to 40
  count), so the level searches more worlds than ``hard``'s unweighted 20.
- Declarations, knocks and knock-offs: the ``rules`` bot's choice is the default; every other
  choice is played out in the same ``decide`` worlds, and the best of them replaces the default
  only when its weighted mean gain over it, less ``risk`` standard errors, is above zero. A
  knock that fails costs six points and a lone one thirty, so a choice whose value is unsure
  is not taken. A knock is searched only while the seat's side may still take every trick,
  and must clear ``knock_risk`` standard errors instead (a knock that fails is the costliest
  mistake of a deal).
- ``trust``: the same test for cards. Above zero, the ``rules`` bot's card is kept unless
  another beats it by ``trust`` standard errors in the card's worlds (a search's departures
  from a sound default are mostly near-ties that the luck of the worlds decided).

The same seed gives the same moves (every draw comes from the bot's own generator). After each
searched choice ``last_stats`` holds the moves weighed with weighted means, error bars over the
effective number of worlds and paired gaps (:mod:`cardtable.bots.weighted_stats`); set to
``explain`` (a hint), it also counts the game's reasons in the same play-outs.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> deck = ("QC QS JC 9C 10C KC AS 10S KS AH 10H KH JS JH JD 9S AC QH AD 10D KD QD 9D 9H").split()
>>> state = cardtable.load("kloepper").new_state(decks=[deck])
>>> bot = KloepperExpertBot(seed=1, decide=16)
>>> str(bot.choose(SeatView(state, 0)))
'alone'
>>> [(text, round(gain, 2)) for text, gain, _n in bot.last_report]
[('alone', 0.0), ('call AC', -18.0), ('call AH', -18.0), ('call AS', -18.0)]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.bots.evaluation import gain_reward
from cardtable.bots.search import MoveStats
from cardtable.bots.weighted_stats import weighted_stats
from cardtable.engine import Move, State
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.inference import PublicMove, public_moves, world_weight
from cardtable.games.kloepper.moves import KNOCK
from cardtable.games.kloepper.playout import LeanRules, play_out
from cardtable.games.kloepper.reasons import REASONS
from cardtable.random_bot import number_setting, whole_setting
from cardtable.seat_view import SeatView

__all__ = ["KloepperExpertBot", "weighted_gain"]

#: The bounds of the settings.
MAX_WORLDS = 2_000
MAX_RISK = 10
#: The most tricks the play-outs leave to the exact solver (four: about 2 ms a world).
MAX_ENDGAME = 4

#: What the bot considered: (move text, weighted mean reward or gain over the default, worlds).
Report = list[tuple[str, float, int]]
#: How many moves ``last_stats`` keeps.
REPORT_SIZE = 8


def weighted_gain(diffs: Sequence[float], weights: Sequence[float], risk: float) -> float:
    """The weighted mean of ``diffs`` less ``risk`` weighted standard errors (the effective
    number of worlds is ``(sum w)^2 / sum w^2``).

    >>> weighted_gain([1.0, 3.0], [1.0, 1.0], 0.0)
    2.0
    >>> round(weighted_gain([1.0, 3.0], [1.0, 1.0], 1.0), 4)
    1.2929
    >>> weighted_gain([5.0], [0.0], 1.0)
    0.0
    """
    top = max(weights, default=0.0)
    if top <= 0:
        return 0.0
    # Scaled to the largest: tiny weights (a tiny `noise`) would underflow when squared.
    weights = [w / top for w in weights]
    total = sum(weights)
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
    spread = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
    n_eff = total * total / sum(w * w for w in weights)
    return mean - risk * math.sqrt(spread / n_eff)


class KloepperExpertBot:
    """Kloepper by search over weighted worlds (see the module docs).

    ``worlds``: worlds per card played; ``decide``: worlds per declaration, knock or knock-off;
    ``risk``: standard errors a choice other than the rules bot's must clear; ``noise``: the
    share of the other seats' moves taken as random when weighting worlds (1: no inference);
    ``trust``: standard errors a card other than the rules bot's must clear (0: the best mean);
    ``knock_risk``: standard errors a knock the rules bot would not make must clear (unset:
    ``risk``); ``endgame``: the tricks left at which a play-out hands the world to the exact
    solver (0: played out by rules to the end); ``blend``: with ``endgame``, the share of a
    card's value taken from a play-out by rules to the end instead.
    """

    name: ClassVar[str] = "pimc-risk"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 20,
        decide: int = 48,
        risk: float = 1.0,
        noise: float = 0.25,
        trust: float = 0.0,
        knock_risk: float | None = None,
        endgame: int = 0,
        blend: float = 0.0,
    ) -> None:
        self.worlds = whole_setting("worlds", worlds, 1, MAX_WORLDS)
        self.decide = whole_setting("decide", decide, 1, MAX_WORLDS)
        self.risk = number_setting("risk", risk, 0, MAX_RISK)
        self.noise = number_setting("noise", noise, 0, 1)
        self.trust = number_setting("trust", trust, 0, MAX_RISK)
        self.knock_risk = (
            self.risk
            if knock_risk is None
            else number_setting("knock_risk", knock_risk, 0, MAX_RISK)
        )
        self.endgame = whole_setting("endgame", endgame, 0, MAX_ENDGAME)
        self.blend = number_setting("blend", blend, 0, 1)
        self.rng = random.Random(seed)
        self.last_report: Report = []
        #: The moves weighed at the last choice with weighted means, error bars and paired gaps
        #: to the move made (and, set to ``explain``, the reason counters of the play-outs: a
        #: hint's); empty where no move was searched.
        self.last_stats: list[MoveStats] = []
        self.explain = False

    # ----------------------------------------------------------------- worlds and playouts

    def _worlds(self, view: SeatView, count: int) -> tuple[list[State], list[float]]:
        """``count`` sampled worlds and their weights."""
        moves: list[PublicMove] = public_moves(view.observation())
        worlds = [view.sample_world(self.rng) for _ in range(count)]
        weights = [world_weight(w, moves, view.seat, self.noise) for w in worlds]
        return worlds, weights

    def _seeds(self, count: int) -> list[int]:
        """One play-out seed a world: every move tried in a world is played out with the same
        tie draws (common random numbers), so the draws do not blur the moves' differences."""
        return [int(self.rng.random() * 2**32) for _ in range(count)]

    def _value(
        self,
        world: State,
        first: Move,
        seat: int,
        seed: int,
        tally: dict[str, float] | None = None,
        weight: float = 1.0,
    ) -> float:
        """``seat``'s reward when ``first`` is played in (a copy of) ``world`` and the deal is
        played out by the ``rules`` bot (its lean copy, ties drawn from ``seed``) at every
        seat; the play-out's reason counters, times ``weight``, are added to ``tally``."""
        w: Any = world.clone()
        before = list(w.points)
        play_out(w, LeanRules(random.Random(seed)), first, self.endgame)
        if tally is not None:
            for key, amount in REASONS.count(world, w, seat).items():
                tally[key] = tally.get(key, 0.0) + weight * amount
        value = gain_reward(before, w.points)[seat]
        if self.endgame and self.blend:
            # Solved tricks tie where every card loses (or wins) against best play; the rules
            # play-out's share tells such cards apart by the chances they leave the others.
            w = world.clone()
            play_out(w, LeanRules(random.Random(seed)), first)
            value = (1 - self.blend) * value + self.blend * gain_reward(before, w.points)[seat]
        return value

    def _values(
        self,
        options: list[Move],
        worlds: list[State],
        weights: list[float],
        seeds: list[int],
        seat: int,
    ) -> tuple[list[list[float]], list[dict[str, float]] | None]:
        """Each option's reward world by world, and (set to ``explain``) its reason counters
        as weighted means a world, scaled to the number of worlds."""
        # Each world's share of the counters: its weight, the weights summing to the worlds.
        total = sum(weights) or 1.0
        shares = [w * len(worlds) / total for w in weights]
        values: list[list[float]] = []
        counted: list[dict[str, float]] | None = [] if self.explain else None
        for m in options:
            tally: dict[str, float] | None = {} if counted is not None else None
            values.append(
                [
                    self._value(w, m, seat, x, tally, share)
                    for w, x, share in zip(worlds, seeds, shares, strict=True)
                ]
            )
            if counted is not None and tally is not None:
                counted.append(tally)
        return values, counted

    # ----------------------------------------------------------------- decisions

    def choose(self, view: SeatView) -> Move:
        """A legal move for the view's seat, which must be the seat to act."""
        legal = view.legal_moves()
        self.last_stats = []
        if len(legal) == 1:
            self.last_report = [(legal[0].text, 0.0, 0)]
            return legal[0]
        default = KloepperRulesBot(int(self.rng.random() * 2**32)).choose(view)
        plays = [m for m in legal if m.verb == "play"]
        if not plays:  # a declaration or an answer to a knock
            return self._risky(view, legal, default, self.decide, self.risk)
        if KNOCK in legal and default is not KNOCK and self._may_sweep(view):
            base = next(m for m in plays if m is default) if default in plays else plays[0]
            if self._risky(view, [base, KNOCK], base, self.decide, self.knock_risk) is KNOCK:
                return KNOCK
        if default is KNOCK:  # a sure sweep
            self.last_report = [(KNOCK.text, 0.0, 0)]
            return KNOCK
        if self.trust > 0 and default in plays:
            return self._risky(view, plays, default, self.worlds, self.trust)
        return self._best_play(view, plays)

    @staticmethod
    def _may_sweep(view: SeatView) -> bool:
        """Whether no trick so far went to a seat known to be against the seat's side."""
        obs = view.observation()
        roles = obs["roles"]
        mine = roles[view.seat]
        return all(roles[t["winner"]] in (mine, None) for t in obs["tricks"])

    def _risky(
        self, view: SeatView, options: list[Move], default: Move, count: int, risk: float
    ) -> Move:
        """``default``, or the option that beats it by more than ``risk`` standard errors
        over ``count`` worlds."""
        worlds, weights = self._worlds(view, count)
        seeds = self._seeds(len(worlds))
        rows, counted = self._values(options, worlds, weights, seeds, view.seat)
        values = dict(zip(options, rows, strict=True))
        base = values[default]
        report: Report = []
        best, best_gain = default, 0.0
        for m in options:
            diffs = [v - b for v, b in zip(values[m], base, strict=True)]
            gain = weighted_gain(diffs, weights, risk) if m is not default else 0.0
            report.append((m.text, gain, len(worlds)))
            if gain > best_gain:
                best, best_gain = m, gain
        report.sort(key=lambda r: -r[1])
        self.last_report = report
        # The move made first, then the others by their gain over the default.
        rank = {text: n for n, (text, _gain, _n) in enumerate(report)}
        order = sorted(
            range(len(options)), key=lambda i: (options[i] is not best, rank[options[i].text])
        )
        texts = [m.text for m in options]
        self.last_stats = weighted_stats(texts, rows, weights, order[:REPORT_SIZE], counted)
        return best

    def _best_play(self, view: SeatView, plays: list[Move]) -> Move:
        """The card with the best weighted mean reward (ties: the first)."""
        worlds, weights = self._worlds(view, self.worlds)
        seeds = self._seeds(len(worlds))
        rows, counted = self._values(plays, worlds, weights, seeds, view.seat)
        total = sum(weights) or 1.0
        means = [sum(w * v for v, w in zip(row, weights, strict=True)) / total for row in rows]
        order = sorted(range(len(plays)), key=lambda i: (-means[i], i))
        self.last_report = [(plays[i].text, means[i], len(worlds)) for i in order]
        texts = [m.text for m in plays]
        self.last_stats = weighted_stats(texts, rows, weights, order[:REPORT_SIZE], counted)
        return plays[order[0]]
