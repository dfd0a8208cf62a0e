"""The figures of a match against the outside simulator, as text and as JSON.

The games are arena rows (bot 0 the cardtable bot, bot 1 the outside one), so the arena's
:class:`~cardtable.bots.arena.MatchResult` gives the win rates (Wilson 95% intervals, a shared
win counts a half), points per deal and the game-paired difference; added here are the skunks
and the difference paired by deal (the two games of a duplicate deal averaged first, which
cancels the cards' luck within the pair).

>>> from cardtable.bots.arena import GameResult
>>> row = GameResult(0, (0, 1), (121.0, 89.0), (0,), 9, (40, 41), (0.04, 0.05))
>>> swapped = GameResult(0, (1, 0), (121.0, 110.0), (0,), 10, (45, 44), (0.05, 0.04))
>>> report = Report("hard", "static", 0, [Outcome(row, "skunk"), Outcome(swapped, "win")])
>>> report.skunks()
{'hard': {'skunk': 1, 'double skunk': 0}, 'static': {'skunk': 0, 'double skunk': 0}}
>>> d = report.deal_difference()
>>> round(d.mean, 3), d.n
(1.228, 1)
>>> report.deal_win_rate().mean
0.5
>>> Report.from_json(report.to_json()).lines() == report.lines()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.bots.arena import MatchResult
from cardtable.bots.stats import Interval, mean_interval
from cardtable.engine import JSON
from outside.match import OPTIONS, Outcome

__all__ = ["RULE_NOTES", "Report"]

#: How the simulator's rules compare with cardtable's (RULES.md section 4), checked by playing
#: its own game loop and ours on the same deals (tests/test_outside_cribbage.py).
RULE_NOTES = (
    "Same game as cardtable's defaults: six cards, two players, 121 up, the pone leads, Go and "
    "31 as RULES.md 4.4 (31 pegs 1 plus 1 for its last card = 2), his heels 2 at once, then "
    "pone's hand, dealer's hand and the crib, the game ending the moment 121 is reached; hand "
    "flush 4 (5 with the starter), crib flush only with the starter, his nobs 1. Checked: with "
    "both seats played by its static strategy through this adapter, its own game loop and "
    "cardtable's state scored 1,000 deals alike, and wrote the same play on the 500 compared.",
    "No muggins: the simulator counts every hand in full, so cardtable plays muggins off.",
    "Skunks: the simulator's game points are 2 for a loser on 90 or less, 3 on 60 or less (4 on "
    "30 or less, which ACC lacks): cardtable's ACC rule for the first two.",
    "Its hands are held in the order dealt, which breaks the ties of its rules; its own deals "
    "are random, so the adapter deals it its cards shuffled by a seeded generator.",
    "The simulation strategy looks one deal ahead: its simulated deals end the game only if "
    "someone reaches 121 in them, and otherwise count the points; the opponent's cards in them "
    "are random, its discards the simulator's suit-blind static ones.",
)


@dataclass
class Report:
    """A finished (or partial) match: the bots and the outcome of every game."""

    bot: str
    opponent: str
    seed: int
    outcomes: Sequence[Outcome]

    def match(self) -> MatchResult:
        """The games as an arena match (its win rates, points and difference)."""
        return MatchResult(
            "cribbage",
            dict(OPTIONS),
            [self.bot, f"outside-{self.opponent}"],
            self.seed,
            True,
            [o.result for o in self.outcomes],
        )

    def skunks(self) -> dict[str, dict[str, int]]:
        """Skunks and double skunks won by each side."""
        out = {name: {"skunk": 0, "double skunk": 0} for name in (self.bot, self.opponent)}
        for o in self.outcomes:
            if o.kind in ("skunk", "double skunk"):
                winner = o.result.seating[o.result.winners[0]]
                out[(self.bot, self.opponent)[winner]][o.kind] += 1
        return out

    def deal_difference(self) -> Interval:
        """The cardtable bot's points per deal less the outside one's, the two games of each
        duplicate deal averaged first."""
        by_deal: dict[int, list[float]] = {}
        for o in self.outcomes:
            g = o.result
            by_deal.setdefault(g.deal, []).append(g.points(0) - g.points(1))
        return mean_interval([sum(v) / len(v) for v in by_deal.values()])

    def deal_win_rate(self) -> Interval:
        """The cardtable bot's share of wins, the two games of each duplicate deal averaged
        first (a normal 95% interval over the deals; narrower than Wilson's over the games,
        as the two games of a deal share their luck)."""
        by_deal: dict[int, list[float]] = {}
        for o in self.outcomes:
            by_deal.setdefault(o.result.deal, []).append(o.result.win(0))
        return mean_interval([sum(v) / len(v) for v in by_deal.values()])

    def lines(self) -> list[str]:
        """The figures, one line each."""
        match = self.match()
        summary = match.summary()
        rows = list(summary.values())
        ours, theirs = rows[0], rows[1]
        rate = ours["win_rate"]
        game_diff = match.difference()
        deal_diff = self.deal_difference()
        paired = self.deal_win_rate()
        skunks = self.skunks()
        deals = sum(g.deals for g in match.games)
        return [
            f"cribbage to 121, duplicate deals from seed {self.seed}: {self.bot} against the "
            f"outside simulator's {self.opponent} strategy",
            f"games {len(match.games)} ({len(match.games) // 2} deal sequences played twice, "
            f"seats swapped), deals {deals}",
            f"{self.bot} wins {ours['wins']:g} of {ours['games']}: {rate.mean:.1%} "
            f"[{rate.low:.1%}, {rate.high:.1%}] (95%, Wilson); [{paired.low:.1%}, "
            f"{paired.high:.1%}] (paired by deal)",
            f"points per deal, {self.bot} less outside: {game_diff.mean:+.3f} "
            f"[{game_diff.low:+.3f}, {game_diff.high:+.3f}] (95%, paired by game); "
            f"{deal_diff.mean:+.3f} [{deal_diff.low:+.3f}, {deal_diff.high:+.3f}] (paired by deal)",
            f"skunks won: {self.bot} {skunks[self.bot]['skunk']} (double "
            f"{skunks[self.bot]['double skunk']}), outside {skunks[self.opponent]['skunk']} "
            f"(double {skunks[self.opponent]['double skunk']})",
            f"ms per move: {self.bot} {ours['ms_per_move']:.2f}, outside "
            f"{theirs['ms_per_move']:.2f}",
        ]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Report:
        """The report :meth:`to_json` wrote (its games and their kinds)."""
        match = MatchResult.from_json(data)
        kinds = data["outside"]["kinds"]
        outcomes = [Outcome(g, str(k)) for g, k in zip(match.games, kinds, strict=True)]
        return cls(match.bots[0], str(data["outside"]["opponent"]), match.seed, outcomes)

    def to_json(self, extra: dict[str, JSON] | None = None) -> dict[str, JSON]:
        """The arena's JSON of the match, with an ``outside`` section (skunks, the deal-paired
        difference, the kind of each game's win, the rule notes and ``extra``)."""
        out = self.match().to_json()
        diff = self.deal_difference()
        wins = self.deal_win_rate()
        section: dict[str, Any] = {
            "simulator": "markafitzgerald1/simulate-cribbage-games (MPL-2.0)",
            "opponent": self.opponent,
            "skunks": self.skunks(),
            "difference_by_deal": {
                "mean": round(diff.mean, 6),
                "low": round(diff.low, 6),
                "high": round(diff.high, 6),
                "n": diff.n,
            },
            "win_rate_by_deal": {
                "mean": round(wins.mean, 6),
                "low": round(wins.low, 6),
                "high": round(wins.high, 6),
                "n": wins.n,
            },
            "kinds": [o.kind for o in self.outcomes],
            "rules": list(RULE_NOTES),
            **(extra or {}),
        }
        out["outside"] = section
        return out
