"""How much each Krypkasino bot's choices cost against an oracle that sees every card.

Run with ``python bench/krypkasino_regret.py BOT [BOT...] [--hands N] [--jobs J]``, e.g.
``search search:worlds=48``. Four ``rules`` bots play four-player hands; at about half of the
decisions with a real choice, every distinct play is valued in the true deal (every hand and
the stock as they are) by ``--rollouts`` play-outs of the ``rules`` bot with 10% random cards,
three deals of cards deep, and each bot named is asked what it would play there (seeing only
its seat). A bot's *regret* is the value of its play less the best play's, in penalty points;
the figures are its mean regret and its mean difference from the ``rules`` bot's regret, paired
decision by decision, with 95% intervals. An oracle that knows the hidden cards is no fair
opponent, so the regrets are large; their differences rank bots quickly and with little noise
(a few hundred decisions), which arena matches of whole hands cannot. It prints figures only.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import cardtable
from cardtable.bots.levels import make_bot
from cardtable.games.krypkasino.expert import play_out
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.games.krypkasino.lean import open_lean
from cardtable.seat_view import SeatView

Key = tuple[int, tuple[int, ...]]


def regrets(seed: int, bots: list[str], rollouts: int) -> list[list[float]]:
    """One hand's sampled decisions: the regret of ``rules`` and of each bot, per decision."""
    state = cardtable.load("krypkasino", players=4, deals=1).new_state(seed=seed)
    assert isinstance(state, KrypkasinoState)
    players = [make_bot("krypkasino", "rules", seed=seed * 10 + s) for s in range(4)]
    judged = [make_bot("krypkasino", b, seed=seed) for b in bots]
    rng = random.Random(seed)
    rows: list[list[float]] = []
    while not state.is_over:
        seat = state.turn
        view = SeatView(state, seat)

        def key(move: cardtable.Move) -> Key:
            return move.cards[0], tuple(sorted(c % 52 // 4 for c in state.move_takes(move)))

        plays = {key(m): m for m in state.legal_moves()}
        if len(plays) > 1 and rng.random() < 0.5:
            base = open_lean(state)
            value: dict[Key, float] = {}
            for k, move in plays.items():
                total = 0.0
                for r in range(rollouts):
                    world = base.copy()
                    world.play(move.cards[0], tuple(c % 52 for c in state.move_takes(move)))
                    total += play_out(world, seat, 3, random.Random(seed * 1000 + r), 0.1)
                value[k] = total / rollouts
            best = min(value.values())
            row = [value[key(players[seat].choose(view))] - best]
            row += [value[key(bot.choose(view))] - best for bot in judged]
            rows.append(row)
        state.apply(players[seat].choose(view))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bots", nargs="+", help="bot specs, e.g. search search:worlds=48")
    parser.add_argument("--hands", type=int, default=20, help="hands to play")
    parser.add_argument("--seed", type=int, default=0, help="hand i is dealt from seed S+i")
    parser.add_argument("--rollouts", type=int, default=48, help="oracle play-outs a play")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args()
    start = time.perf_counter()
    work = partial(regrets, bots=args.bots, rollouts=args.rollouts)
    with ProcessPoolExecutor(args.jobs) as pool:
        seeds = range(args.seed, args.seed + args.hands)
        rows = [row for hand in pool.map(work, seeds) for row in hand]
    count = len(rows)
    print(f"{count} decisions of {args.hands} hands, {time.perf_counter() - start:.0f} s")
    print(f"rules: mean regret {sum(r[0] for r in rows) / count:.3f} points")
    for i, bot in enumerate(args.bots, 1):
        diffs = [r[i] - r[0] for r in rows]
        mean = sum(diffs) / count
        half = 1.96 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1) / count)
        print(
            f"{bot}: mean regret {sum(r[i] for r in rows) / count:.3f}, less rules "
            f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"
        )


if __name__ == "__main__":
    main()
