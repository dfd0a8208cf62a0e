"""The expected final points of a Calypso seat's calypsos, by how far it has come when a deal
ends: the table :mod:`cardtable.games.calypso.horizon` ships (``FUTURE``).

Four ``rules`` bots play whole rounds on the lean simulator (:mod:`cardtable.games.calypso.sim`);
at the end of each of the first three deals every seat's line is noted (deals left, calypsos
completed, cards of the one in progress), and at the round's end what that line finally scored.
The table is the mean of the final score less the completed calypsos' points, by deals left and
cards in progress (a completed count beyond the first changes it little and leaves cells thin).

Run: ``PYTHONPATH=src .venv/bin/python bench/calypso_values.py --rounds 40000 --seed 1`` (the
shipped table; about 3 minutes on one core); it prints the table as Python to paste, with each
cell's count and 95% half-width.
"""

from __future__ import annotations

import argparse
import math
import random

import cardtable
from cardtable.games.calypso.sim import CALYPSO_TOTALS, Sim, line_points


def collect(rounds: int, seed: int) -> dict[tuple[int, int], list[float]]:
    """(deals left, cards in progress) -> the final points less those completed at the time."""
    game = cardtable.load("calypso")
    rng = random.Random(seed)
    out: dict[tuple[int, int], list[float]] = {}
    for i in range(rounds):
        sim = Sim.of(game.new_state(seed=seed * 1_000_003 + i))
        notes: list[tuple[int, int, int, int]] = []
        deal = sim.deal_no
        while not sim.over:
            sim.play(sim.rules_card(rng))
            if sim.deal_no != deal and not sim.over:
                deal = sim.deal_no
                for s in range(4):
                    notes.append((s, 5 - deal, sim.completed[s], sim.progress[s].bit_count()))
        for s, left, done, cards in notes:
            final = line_points(sim.completed[s], sim.progress[s].bit_count())
            out.setdefault((left, cards), []).append(final - CALYPSO_TOTALS[done])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data = collect(args.rounds, args.seed)
    print("FUTURE = (")
    for left in (1, 2, 3):
        row = []
        for cards in range(13):
            values = data.get((left, cards), [])
            n = len(values)
            mean = sum(values) / n if n else float("nan")
            var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else float("nan")
            half = 1.96 * math.sqrt(var / n) if n > 1 else float("nan")
            row.append(f"{mean:.0f}")
            print(f"    # {left} deals left, {cards} cards: n={n} mean={mean:.1f} ±{half:.1f}")
        print(f"    ({', '.join(row)}),")
    print(")")


if __name__ == "__main__":
    main()
