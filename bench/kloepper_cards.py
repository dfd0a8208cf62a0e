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

``--trust 0,1,2`` also weighs a card trust margin with the same play-outs: at each sampled
decision the ``rules`` bot's card is played on too, and how sure the expert's search was that
its card beats that one (the paired gap in standard errors, ``distill.departure``) is kept;
for each margin Z the row says what the expert is worth that plays its own card where it was
at least Z sure and the rules card elsewhere (the expert's ``trust=Z``), against the level's
card, and with ``--save FILE`` every decision's figures go to a JSON file.

``--versus SPEC`` weighs one bot against another instead of against the level: a second bot
(the same seed as ``--expert``, so a variant of the expert searches the same worlds with the
same play-out draws) chooses at the same decisions, its card is played on too, and the rows
add the expert's card less the second bot's, paired by seed, with how often they differed.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import cardtable
from cardtable.bots.levels import make_bot
from cardtable.bots.stats import mean_interval, paired_interval
from cardtable.seat_view import SeatView
from distill import departure
from kloepper_decisions import play_on


def trust_rows(rows: list[tuple[float, float, float]], margins: list[float]) -> list[str]:
    """For each margin Z, the value a sampled decision of the expert that keeps the rules
    card unless its own was at least Z sure: ``rows`` holds (sureness, expert's card less the
    level's, rules card less the level's).

    >>> print(trust_rows([(3.0, 2.0, 0.0), (0.5, -1.0, 1.0), (0.0, 0.0, 0.0)], [0, 1])[0])
      trust 0: +0.333 [-1.395, +2.062] a sampled decision, its own card in 2 of 3
    >>> print(trust_rows([(3.0, 2.0, 0.0), (0.5, -1.0, 1.0), (0.0, 0.0, 0.0)], [0, 1])[1])
      trust 1: +1.000 [-0.132, +2.132] a sampled decision, its own card in 1 of 3; +0.667 \
[-0.640, +1.973] over trust 0
    """
    lines = []
    first: list[float] = []
    for z in margins:
        picked = [mine if sure >= z else rules for sure, mine, rules in rows]
        own = sum(1 for sure, _m, _r in rows if sure >= z and sure > 0)
        value = mean_interval(picked)
        line = (
            f"  trust {z:g}: {value.mean:+.3f} [{value.low:+.3f}, {value.high:+.3f}] a sampled "
            f"decision, its own card in {own} of {len(rows)}"
        )
        if first:
            gap = paired_interval(picked, first)
            line += f"; {gap.mean:+.3f} [{gap.low:+.3f}, {gap.high:+.3f}] over trust {margins[0]:g}"
        first = first or picked
        lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="hard")
    parser.add_argument("--expert", default="expert")
    parser.add_argument("--share", type=float, default=0.25)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=0.0)
    parser.add_argument("--trust", help="card trust margins to weigh, e.g. 0,0.5,1,2")
    parser.add_argument("--save", type=Path, help="every sampled decision's figures (JSON)")
    parser.add_argument("--versus", help="a second bot weighed against --expert, same worlds")
    args = parser.parse_args()
    margins = [float(z) for z in args.trust.split(",")] if args.trust else []
    rows: list[tuple[float, float, float]] = []
    game = cardtable.load("kloepper", target=999)
    values: list[float] = []
    gaps: list[float] = []
    differed = choices = played = versus_differed = 0
    start = time.perf_counter()
    for deal in range(args.first, args.first + args.deals):
        if args.seconds and time.perf_counter() - start > args.seconds:
            break
        played += 1
        draw = random.Random(deal)
        state: Any = game.new_state(seed=90_000 + deal)
        players = [make_bot("kloepper", args.against, seed=deal * 4 + s) for s in range(4)]
        expert = make_bot("kloepper", args.expert, seed=deal)
        rules = make_bot("kloepper", "rules", seed=deal + 500_000)
        second = make_bot("kloepper", args.versus, seed=deal) if args.versus else None
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
                anchor = rules.choose(view) if margins else theirs
                sure = departure(expert, mine, anchor) if margins else 0.0
                other = second.choose(view) if second is not None else theirs
                seeds = [1000 * deal + r for r in range(args.repeats)]
                # Each card's play-outs less the level's card's, paired by seed.
                worth = {theirs: 0.0}
                if {mine, anchor, other} - {theirs}:
                    base = [play_on(state, theirs, seat, args.against, x) for x in seeds]
                    for card in {mine, anchor, other} - {theirs}:
                        got = [play_on(state, card, seat, args.against, x) for x in seeds]
                        worth[card] = (sum(got) - sum(base)) / args.repeats
                differed += mine is not theirs
                values.append(worth[mine])
                rows.append((sure, worth[mine], worth[anchor]))
                gaps.append(worth[mine] - worth[other])
                versus_differed += mine is not other
            state.apply(theirs)
    took = time.perf_counter() - start
    n = len(values)
    value = mean_interval(values)
    mean, half = value.mean, value.half_width
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
    for line in trust_rows(rows, margins):
        print(line)
    if args.versus:
        gap = mean_interval(gaps)
        print(
            f"  {args.expert} less {args.versus}: {gap.mean:+.3f} [{gap.low:+.3f}, "
            f"{gap.high:+.3f}] a sampled decision ({versus_differed} differed): "
            f"{gap.mean * per_seat:+.3f} [{gap.low * per_seat:+.3f}, "
            f"{gap.high * per_seat:+.3f}] a deal"
        )
    if args.save:
        args.save.write_text(
            json.dumps({"args": vars(args) | {"save": str(args.save)}, "rows": rows, "gaps": gaps})
        )


if __name__ == "__main__":
    main()
