"""How much Kloepper's expert loses a card by searching fewer worlds, in its own model's points.

Run from the repository root:

    nice -n 5 .venv/bin/python bench/kloepper_worlds.py --positions 60 --reference 400 \
        --worlds 20,40,80 --repeats 4

Positions are taken from deals of four ``rules`` bots: every card decision with two or more
cards to choose from. In each, the expert's card search (:meth:`KloepperExpertBot._best_play`)
with ``--reference`` worlds gives every card's value; then ``--repeats`` searches with each
``--worlds`` count (other seeds) choose a card, and the card's shortfall from the reference's
best is its regret. It prints the mean regret a decision with its 95% interval, and the
decisions a seat makes a deal, so the regret a deal follows. The reference is the search's own
model (play-outs by the rules bot), so this measures how much of the model's value more worlds
keep, not strength against another bot: that is the arena's. It prints figures only.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import cardtable
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.expert import KloepperExpertBot
from cardtable.seat_view import SeatView


def positions(count: int) -> list[tuple[Any, int]]:
    """``count`` card decisions (state, seat) with a choice, from rules bots' deals."""
    game = cardtable.load("kloepper", target=999)
    out: list[tuple[Any, int]] = []
    seed = 0
    while len(out) < count:
        state: Any = game.new_state(seed=50_000 + seed)
        bots = [KloepperRulesBot(seed * 4 + s) for s in range(4)]
        while state.deal_no == 1 and len(out) < count:
            seat = state.to_move
            plays = [m for m in state.legal_moves() if m.verb == "play"]
            if len(plays) > 1:
                out.append((state.clone(), seat))
            state.apply(bots[seat].choose(SeatView(state, seat)))
        seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--reference", type=int, default=400)
    parser.add_argument("--worlds", default="20,40,80")
    parser.add_argument("--repeats", type=int, default=4)
    args = parser.parse_args()
    counts = [int(w) for w in args.worlds.split(",")]
    regrets: dict[int, list[float]] = {w: [] for w in counts}
    seconds: dict[int, float] = {w: 0.0 for w in counts}
    start = time.perf_counter()
    found = positions(args.positions)
    for i, (state, seat) in enumerate(found):
        view = SeatView(state, seat)
        plays = [m for m in state.legal_moves() if m.verb == "play"]
        ref = KloepperExpertBot(seed=i, worlds=args.reference)
        ref._best_play(view, plays)
        value = {text: mean for text, mean, _n in ref.last_report}
        top = max(value.values())
        for w in counts:
            for r in range(args.repeats):
                bot = KloepperExpertBot(seed=1_000_000 + i * 100 + r, worlds=w)
                t = time.process_time()
                move = bot._best_play(view, plays)
                seconds[w] += time.process_time() - t
                regrets[w].append(top - value[move.text])
    took = time.perf_counter() - start
    print(
        f"{len(found)} positions, reference {args.reference} worlds, "
        f"{args.repeats} searches each, {took:.0f} s"
    )
    for w in counts:
        xs = regrets[w]
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
        half = 1.96 * sd / math.sqrt(len(xs))
        cpu = seconds[w] / len(xs) * 1000
        print(
            f"worlds {w:4d}: regret {mean:.3f} [{mean - half:.3f}, {mean + half:.3f}] points "
            f"a decision, {cpu:.0f} ms CPU a search"
        )


if __name__ == "__main__":
    main()
