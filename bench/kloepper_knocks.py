"""Which margin the Kloepper expert's knocks should clear: every knock chance of another
level's deals, the expert's search of it, and what knocking was really worth there.

Run from the repository root:

    nice -n 5 .venv/bin/python bench/kloepper_knocks.py --against hard --deals 600 \
        --first 0 --save knocks-0.json
    .venv/bin/python bench/kloepper_knocks.py --merge knocks-0.json knocks-600.json

Deals are played by the ``--against`` level at every seat; deal i is dealt from seed
90,000 + i. At each chance to knock that the expert searches (the rules bot would not knock,
and the seat's side has lost no trick), the expert's search weighs the knock against the rules
bot's card in ``--decide`` weighted worlds (as the expert does: the same worlds, play-outs and
weights) and keeps the knock's mean gain and its standard error. Where the knock is within
``--floor`` standard errors of paying, knocking and the card are both played on by the level at
every seat, ``--repeats`` times each with the same seeds, and the seat's reward (its gain less
the largest other gain) after the knock less after the card is the knock's real value there.
For each margin Z the row says how many knocks an expert with ``knock_risk=Z`` makes (those
with a mean gain above Z standard errors) and what they are worth a deal, with 95% intervals
(zero for the deals without one). Figures only.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import cardtable
from cardtable.bots.levels import make_bot
from cardtable.bots.stats import mean_interval
from cardtable.engine import Move
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.kloepper.expert import KloepperExpertBot, weighted_gain
from cardtable.games.kloepper.moves import KNOCK
from cardtable.seat_view import SeatView
from kloepper_decisions import play_on

#: The margins weighed (standard errors).
MARGINS = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0)


def searched(
    bot: KloepperExpertBot, view: SeatView, card: Move, worlds: int
) -> tuple[float, float]:
    """The knock's weighted mean gain over ``card`` in the expert's worlds and its standard
    error, as the expert's knock test weighs them (``weighted_gain``)."""
    found, weights = bot._worlds(view, worlds)
    seeds = bot._seeds(len(found))
    (knock, other), _counted = bot._values([KNOCK, card], found, weights, seeds, view.seat)
    diffs = [k - o for k, o in zip(knock, other, strict=True)]
    mean = weighted_gain(diffs, weights, 0.0)
    return mean, mean - weighted_gain(diffs, weights, 1.0)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    game = cardtable.load("kloepper", target=999)
    rows: list[list[float]] = []
    chances = played = 0
    start = time.perf_counter()
    for deal in range(args.first, args.first + args.deals):
        if args.seconds and time.perf_counter() - start > args.seconds:
            break
        played += 1
        state: Any = game.new_state(seed=90_000 + deal)
        players = [make_bot("kloepper", args.against, seed=deal * 4 + s) for s in range(4)]
        expert = KloepperExpertBot(seed=deal, worlds=80, risk=0.5)
        while state.deal_no == 1:
            seat = state.to_move
            view = SeatView(state, seat)
            legal = state.legal_moves()
            if KNOCK in legal and len(legal) > 1:
                card = KloepperRulesBot(seed=deal).choose(view)
                if card is not KNOCK and expert._may_sweep(view):
                    chances += 1
                    gain, error = searched(expert, view, card, args.decide)
                    if gain + args.floor * error > 0:
                        value = sum(
                            play_on(state, KNOCK, seat, args.against, 1000 * deal + r)
                            - play_on(state, card, seat, args.against, 1000 * deal + r)
                            for r in range(args.repeats)
                        )
                        rows.append([deal, seat, gain, error, value / args.repeats])
            state.apply(players[seat].choose(view))
    took = time.perf_counter() - start
    print(f"{played} deals by {args.against}, {chances} knock chances searched, {took:.0f} s")
    return {"against": args.against, "deals": played, "chances": chances, "rows": rows}


def report(found: dict[str, Any]) -> None:
    deals = found["deals"]
    print(f"{deals} deals, {found['chances']} chances, {len(found['rows'])} near enough to play on")
    for z in MARGINS:
        taken = [r for r in found["rows"] if r[2] - z * r[3] > 0]
        by_deal: dict[int, float] = {}
        for r in taken:
            by_deal[int(r[0])] = by_deal.get(int(r[0]), 0.0) + r[4]
        values = list(by_deal.values()) + [0.0] * (deals - len(by_deal))
        each = mean_interval([r[4] for r in taken]) if taken else None
        per = mean_interval(values)
        made = f"{each.mean:+.2f} a knock" if each else "no knock"
        print(
            f"  knock_risk {z:<4}: {len(taken):3d} knocks, {made}, "
            f"{per.mean:+.3f} [{per.low:+.3f}, {per.high:+.3f}] a deal"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first deal's index")
    parser.add_argument("--against", default="hard")
    parser.add_argument("--decide", type=int, default=48, help="the expert's worlds a knock")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--floor", type=float, default=1.5, help="play on within this many SE")
    parser.add_argument("--seconds", type=float, default=0.0, help="stop after a deal past this")
    parser.add_argument("--save", type=Path, help="write the figures here (JSON)")
    parser.add_argument("--merge", type=Path, nargs="+", help="report these saved runs together")
    args = parser.parse_args()
    if args.merge:
        parts = [json.loads(p.read_text(encoding="utf-8")) for p in args.merge]
        found = {
            "deals": sum(p["deals"] for p in parts),
            "chances": sum(p["chances"] for p in parts),
            "rows": [r for p in parts for r in p["rows"]],
        }
    else:
        found = measure(args)
        if args.save:
            args.save.write_text(json.dumps(found) + "\n", encoding="utf-8")
    report(found)


if __name__ == "__main__":
    main()
