"""A screen for a fast Kloepper opponent: the expert searching only its declarations and knocks,
every card by the rules bot.

``python bench/kloepper_calls_only.py [--decide N ...] [--deals D] [--seed S]`` plays the bot
``calls-only:decide=N`` (the expert's settings; ``decide``: worlds a searched choice) against
``rules`` on D duplicate one-deal games (``target=1``) for each N, and prints its points a deal
over ``rules`` with a 95% interval and the seconds the match took. The expert spends most of its
time on cards, so this is the fast part of it; the question is whether its calls and knocks
alone keep its edge. Measured 2026-11-28 (3,000 deals each, seed 100): no;
``docs/research.md``, "A fast opponent".
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from cardtable.bots.arena import run_match
from cardtable.bots.levels import register_bot
from cardtable.engine import Move
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.expert import KloepperExpertBot
from cardtable.seat_view import SeatView

#: The expert's level settings (docs/strength.md), cards aside.
LEVEL = "worlds=80:risk=0.5:endgame=3"


class CallsOnly(KloepperExpertBot):
    """The expert's declarations, knocks and answers to knocks; the rules bot's cards."""

    name = "calls-only"

    def _best_play(self, view: SeatView, plays: list[Move]) -> Move:
        # Where the expert would search its card, the rules bot plays (its ties drawn from the
        # bot's own generator, as the expert draws its default's).
        return KloepperRulesBot(int(self.rng.random() * 2**32)).choose(view)


def register_bots() -> None:
    """Make ``calls-only`` a Kloepper bot (the arena's plug-in hook, in every worker)."""
    register_bot("calls-only", CallsOnly, games=("kloepper",))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decide", type=int, nargs="+", default=[8, 16, 48])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    for decide in args.decide:
        spec = f"calls-only:{LEVEL}:decide={decide}"
        start = time.time()
        options: dict[str, Any] = {"target": 1}
        result = run_match(
            "kloepper",
            [spec, "rules"],
            args.deals,
            duplicate=True,
            seed=args.seed,
            options=options,
            jobs=args.jobs,
            plugins=["kloepper_calls_only"],
        )
        took = time.time() - start
        print(f"{spec} vs rules, {args.deals} deals, {took:.0f} s: {result.difference()}")


if __name__ == "__main__":
    main()
