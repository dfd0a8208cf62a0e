"""Fit the Kloepper ``valued`` bot's network to oracle values of cards.

``python bench/kloepper_fit.py FILE [FILE ...] [--epochs E] [--hidden H] [--seed S]
[--out PATH] [--jobs J]`` reads the values that ``bench/kloepper_values.py`` wrote, replays
each deal with the same ``rules`` bots to see every valued card choice from the mover's seat
(the rules bot's own card marked; a choice where it knocks instead is left out), computes each
card's features (:func:`cardtable.games.kloepper.valued.card_features`) and fits the network to each
card's value with the sign turned (a cost) by ``bench/option_fit.py``, which prints the
held-out regrets and writes the weights (default: the game's shipped ``data/valued.npz``).
Needs ``cardtable[train]`` (torch).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import cardtable
from cardtable.games.kloepper.valued import FEATURES, card_features
from kloepper_values import players
from option_fit import Decision, fit_main, replay

SHIPPED = Path(__file__).parent.parent / "src/cardtable/games/kloepper/data/valued.npz"


def deal_rows(line: str) -> list[Decision]:
    """(features, costs) of each valued card choice of one deal's line."""
    deal = json.loads(line)
    seed = deal["seed"]
    wanted = {ply: values for ply, values in deal["decisions"]}
    state = cardtable.load("kloepper", target=1).new_state(seed=seed)
    bots = players(seed)
    out: list[Decision] = []
    for ply, view, move in replay(state, bots):
        values = wanted.get(ply)
        if values is not None and move.verb == "play":
            plays = [m for m in state.legal_moves() if m.verb == "play"]
            rules = plays.index(move)
            rows = card_features(view.observation(), [m.cards[0] for m in plays], rules)
            out.append((rows, -np.array([values[m.text] for m in plays], np.float32)))
    return out


def main() -> None:
    fit_main(
        __doc__.splitlines()[0],
        deal_rows,
        FEATURES,
        "the rules card",
        SHIPPED,
        epochs=20,
        hidden=128,
    )


if __name__ == "__main__":
    main()
