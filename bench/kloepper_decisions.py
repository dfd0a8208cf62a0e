"""What the Kloepper expert's own calls, lone games and knocks are worth against other players.

Run from the repository root:

    nice -n 5 .venv/bin/python bench/kloepper_decisions.py --deals 200 --against hard \
        --repeats 2

Deals are played by the ``--against`` level at every seat. At each declaration, knock or
knock-off answer where the expert (``--expert``) would choose otherwise than the ``rules``
bot, both choices are played on from that position, ``--repeats`` times each with the same
seeds, by the ``--against`` level at every seat; the deciding seat's reward (its gain in the
deal less the largest other gain) after the expert's choice less after the rules bot's, paired
by seed, is that decision's value against such players. It prints per kind (declaration, knock,
answer to a knock) how often the expert deviated and the mean value of a deviation
with its 95% interval, and the value a deal (summed over the deviations, divided by the deals).
``--seconds``: stop after the deal that passes this time; ``--first``: the first deal's index
(deal i is dealt from seed 90,000 + i), so runs over other deals add up.
The expert's cards are not measured here (``bench/kloepper_worlds.py``). Figures only.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import cardtable
from cardtable.bots.evaluation import gain_reward
from cardtable.bots.levels import make_bot
from cardtable.engine import Move
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.moves import KNOCK
from cardtable.games.kloepper.tables import DECLARE, KNOCKOFF
from cardtable.seat_view import SeatView

#: The decisions measured: a declaration with both black queens, a knock offered with the
#: cards, and the answer to a knock.
KINDS = ("declare", "knock", "knock-off")


def _kind(phase: int, legal: list[Move]) -> str | None:
    """The kind of decision (see :data:`KINDS`), or None for a card only or a forced move."""
    if len(legal) < 2:
        return None
    if phase == DECLARE:
        return "declare"
    if phase == KNOCKOFF:
        return "knock-off"
    return "knock" if KNOCK in legal else None


def play_on(state: Any, move: Move, seat: int, against: str, seed: int) -> float:
    """``seat``'s reward when ``move`` is made in (a copy of) ``state`` and the deal is played
    on by ``against`` at every seat (bots seeded from ``seed``)."""
    world = state.clone()
    before = list(world.points)
    world.apply(move)
    bots = [make_bot("kloepper", against, seed=seed * 4 + s) for s in range(4)]
    while world.deal_no == state.deal_no and not world.is_over:
        mover = world.to_move
        world.apply(bots[mover].choose(SeatView(world, mover)))
    return gain_reward(before, world.points)[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--against", default="hard")
    parser.add_argument("--expert", default="expert")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--first", type=int, default=0, help="the first deal's index")
    parser.add_argument("--seconds", type=float, default=0.0, help="stop after a deal past this")
    args = parser.parse_args()
    game = cardtable.load("kloepper", target=999)
    values: dict[str, list[float]] = {k: [] for k in KINDS}
    asked: dict[str, int] = {k: 0 for k in KINDS}
    start = time.perf_counter()
    played = 0
    for deal in range(args.first, args.first + args.deals):
        if args.seconds and time.perf_counter() - start > args.seconds:
            break
        played += 1
        state: Any = game.new_state(seed=90_000 + deal)
        players = [make_bot("kloepper", args.against, seed=deal * 4 + s) for s in range(4)]
        expert = make_bot("kloepper", args.expert, seed=deal)
        while state.deal_no == 1:
            seat = state.to_move
            view = SeatView(state, seat)
            legal = state.legal_moves()
            kind = _kind(state.phase, legal)
            if kind is not None:
                asked[kind] += 1
                rules = KloepperRulesBot(seed=deal).choose(view)
                mine = expert.choose(view)
                # A knock decision deviates only in knocking: its card is the card search's.
                knocks = (mine is KNOCK) != (rules is KNOCK)
                if knocks if kind == "knock" else mine is not rules:
                    diffs = [
                        play_on(state, mine, seat, args.against, 1000 * deal + r)
                        - play_on(state, rules, seat, args.against, 1000 * deal + r)
                        for r in range(args.repeats)
                    ]
                    values[kind].append(sum(diffs) / len(diffs))
            state.apply(players[seat].choose(view))
    took = time.perf_counter() - start
    print(f"{played} deals by {args.against}, {args.expert}'s deviations, {took:.0f} s")
    total = 0.0
    for kind in KINDS:
        xs = values[kind]
        if not xs:
            print(f"  {kind:9s}: asked {asked[kind]}, no deviation")
            continue
        mean = sum(xs) / len(xs)
        total += sum(xs)
        half = (
            1.96 * math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1) / len(xs))
            if len(xs) > 1
            else math.nan
        )
        print(
            f"  {kind:9s}: asked {asked[kind]}, deviated {len(xs)}, value {mean:+.2f} "
            f"[{mean - half:+.2f}, {mean + half:+.2f}] a deviation"
        )
    print(f"  all: {total / played:+.3f} a deal (the deciding seat's reward)")


if __name__ == "__main__":
    main()
