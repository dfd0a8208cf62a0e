"""What the Kloepper expert's cards are worth against another level's, on that level's deals.

Run from the repository root:

    nice -n 5 .venv/bin/python bench/kloepper_cards.py --against hard --share 0.25 \
        --repeats 2 --seconds 160

Deals are played by the ``--against`` level at every seat. At a ``--share`` of the card
decisions with two or more cards (drawn at random, the same draws for the same deals), the
expert (``--expert``) chooses a card too; where it differs from the level's, both cards are
played on from that position, ``--repeats`` times each with the same seeds, by the level at
every seat, and the deciding seat's reward (its gain less the largest other gain) after the
expert's card less after the level's, paired by seed, is that decision's value (0 where both
chose the same card). It prints the mean value a sampled decision with its 95% interval, how
often the two differed, and the value a deal at one seat (the mean times the card decisions with
a choice a seat makes a deal). Deal i is dealt from seed 90,000 + i; ``--first`` and
``--seconds`` (stop after the deal that passes it) let runs over other deals add up. Figures
only; the expert's declarations and knocks are ``bench/kloepper_decisions.py``'s.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import cardtable
from cardtable.bots.evaluation import gain_reward
from cardtable.bots.levels import make_bot
from cardtable.engine import Move
from cardtable.seat_view import SeatView


def _play_on(state: Any, move: Move, seat: int, against: str, seed: int) -> float:
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
    parser.add_argument("--against", default="hard")
    parser.add_argument("--expert", default="expert")
    parser.add_argument("--share", type=float, default=0.25)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=0.0)
    args = parser.parse_args()
    game = cardtable.load("kloepper", target=999)
    values: list[float] = []
    differed = choices = played = 0
    start = time.perf_counter()
    for deal in range(args.first, args.first + args.deals):
        if args.seconds and time.perf_counter() - start > args.seconds:
            break
        played += 1
        draw = random.Random(deal)
        state: Any = game.new_state(seed=90_000 + deal)
        players = [make_bot("kloepper", args.against, seed=deal * 4 + s) for s in range(4)]
        expert = make_bot("kloepper", args.expert, seed=deal)
        while state.deal_no == 1:
            seat = state.to_move
            view = SeatView(state, seat)
            legal = state.legal_moves()
            theirs = players[seat].choose(view)
            cards_only = len(legal) > 1 and all(m.verb == "play" for m in legal)
            if cards_only:
                choices += 1
            if cards_only and draw.random() < args.share:
                mine = expert.choose(view)
                value = 0.0
                if mine is not theirs:
                    differed += 1
                    value = (
                        sum(
                            _play_on(state, mine, seat, args.against, 1000 * deal + r)
                            - _play_on(state, theirs, seat, args.against, 1000 * deal + r)
                            for r in range(args.repeats)
                        )
                        / args.repeats
                    )
                values.append(value)
            state.apply(theirs)
    took = time.perf_counter() - start
    n = len(values)
    mean = sum(values) / n
    half = 1.96 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    per_seat = choices / played / 4
    print(
        f"{played} deals by {args.against} (from deal {args.first}), {n} card decisions "
        f"sampled, {args.expert} chose another card in {differed}, {took:.0f} s"
    )
    print(
        f"  value a sampled decision {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]; "
        f"{per_seat:.2f} such decisions a seat a deal: {mean * per_seat:+.3f} "
        f"[{(mean - half) * per_seat:+.3f}, {(mean + half) * per_seat:+.3f}] a deal"
    )


if __name__ == "__main__":
    main()
