"""Oracle values of every Kloepper card, for fitting the ``valued`` bot's network.

``python bench/kloepper_values.py --deals N [--seed S] [--rollouts R] [--jobs J] --out FILE``
plays one-deal games (``target=1``) of four ``rules`` bots (deal i from seed S+i, bot seeds as
:func:`players`) and, at every card the seat chooses among several, values each card it may
play in the true deal (every hand as it is): R play-outs to the deal's end by the ``rules``
bot's lean copy at every seat (its ties drawn by each play-out's own generator), the points the
seat gains in the deal. It writes one JSON line a deal: ``{"seed": s, "decisions": [[ply,
{move text: value}], ...]}``. These values see every card; the bot may only learn what its own
view predicts of them (``bench/kloepper_fit.py``).
"""

from __future__ import annotations

import random
from typing import Any

import cardtable
from cardtable.bot_protocol import Bot
from cardtable.bots.levels import make_bot
from cardtable.games.kloepper.playout import LeanRules, play_out
from option_fit import replay, values_main


def players(seed: int) -> list[Bot]:
    """The four ``rules`` bots of deal ``seed``."""
    return [make_bot("kloepper", "rules", seed=seed * 10 + s) for s in range(4)]


def deal_values(seed: int, rollouts: int) -> dict[str, Any]:
    """Every card choice of deal ``seed``: its ply and each playable card's oracle value."""
    state = cardtable.load("kloepper", target=1).new_state(seed=seed)
    bots = players(seed)
    decisions: list[list[Any]] = []
    for ply, view, _ in replay(state, bots):
        seat = view.seat
        plays = [m for m in state.legal_moves() if m.verb == "play"]
        if len(plays) > 1:
            value: dict[str, float] = {}
            for move in plays:
                total = 0.0
                for r in range(rollouts):
                    world: Any = state.clone()
                    before = world.points[seat]
                    play_out(world, LeanRules(random.Random(seed * 1000 + r)), move)
                    total += world.points[seat] - before
                value[move.text] = round(total / rollouts, 4)
            decisions.append([ply, value])
    return {"seed": seed, "decisions": decisions}


def main() -> None:
    values_main(__doc__.splitlines()[0], deal_values, "deals", rollouts=4, chunk=8)


if __name__ == "__main__":
    main()
