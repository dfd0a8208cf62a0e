"""Oracle values of every Calypso card, for fitting the ``valued`` bot's network.

``python bench/calypso_card_values.py --rounds N [--seed S] [--rollouts R] [--jobs J] --out
FILE`` plays one-round games (the default options) of four ``rules`` bots (round i from seed
S+i, bot seeds as :func:`players`) and, at every card the seat chooses among several, values
each card it may play in the true deal (every hand as it is, the stock as it lies): R
play-outs to the deal's end on the lean simulator by the ``rules`` bot's policy at every seat,
a tenth of the cards at random (each play-out's own generator, the same for every card of the
decision), the end valued as the ``expert`` values it (what the calypsos should become:
:func:`~cardtable.games.calypso.horizon.value_at_end_of_deal`), the seat's side's points less
the other side's. It writes one JSON line a round: ``{"seed": s, "decisions": [[ply, {move
text: value}], ...]}``. These values see every card; the bot may only learn what its own view
predicts of them (``bench/calypso_fit.py``).
"""

from __future__ import annotations

import random
from typing import Any

import cardtable
from cardtable.bot_protocol import Bot
from cardtable.bots.levels import make_bot
from cardtable.games.calypso.horizon import value_at_end_of_deal
from cardtable.games.calypso.sim import Sim
from option_fit import replay, values_main

#: The share of a play-out's cards played at random (the expert's ``noise``).
NOISE = 0.1


def players(seed: int) -> list[Bot]:
    """The four ``rules`` bots of round ``seed``."""
    return [make_bot("calypso", "rules", seed=seed * 10 + s) for s in range(4)]


def margin_at_end(base: Sim, face: int, draw: random.Random) -> float:
    """The seat to move plays ``face`` in ``base`` (left as it is), the deal is played out,
    and its end valued: the mover's side's points less the other side's."""
    side = base.turn & 1
    deal = base.deal_no
    sim = base.copy()
    sim.play(face)
    while not sim.over and sim.deal_no == deal:
        if draw.random() < NOISE:
            moves = sim.legal()
            card = moves[int(draw.random() * len(moves))]
        else:
            card = sim.rules_card()
        sim.play(card)
    points = value_at_end_of_deal(deal, sim.completed, sim.progress, sim.pile)
    return points[side] + points[side + 2] - points[1 - side] - points[3 - side]


def round_values(seed: int, rollouts: int) -> dict[str, Any]:
    """Every card choice of round ``seed``: its ply and each legal card's oracle value."""
    state = cardtable.load("calypso").new_state(seed=seed)
    bots = players(seed)
    decisions: list[list[Any]] = []
    for ply, _, _ in replay(state, bots):
        legal = state.legal_moves()
        if len(legal) > 1:
            base = Sim.of(state)
            value: dict[str, float] = {}
            for move in legal:
                total = 0.0
                for r in range(rollouts):
                    draw = random.Random(seed * 100_000 + ply * 100 + r)
                    total += margin_at_end(base, move.cards[0] % 52, draw)
                value[move.text] = round(total / rollouts, 2)
            decisions.append([ply, value])
    return {"seed": seed, "decisions": decisions}


def main() -> None:
    values_main(__doc__.splitlines()[0], round_values, "rounds", rollouts=4, chunk=4)


if __name__ == "__main__":
    main()
