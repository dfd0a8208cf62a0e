"""Fit the Calypso ``valued`` bot's network to oracle values of cards.

``python bench/calypso_fit.py FILE [FILE ...] [--epochs E] [--hidden H] [--seed S] [--jobs J] [--out
PATH]`` reads the values that ``bench/calypso_card_values.py`` wrote, replays each round with
the same ``rules`` bots to see every valued card choice from the mover's seat (the rules bot's
own card marked), computes each card's features
(:func:`cardtable.games.calypso.valued.card_features`) and fits the network to each card's
value with the sign turned (a cost) by ``bench/option_fit.py``, which prints the held-out
regrets and writes the weights (default: the game's shipped ``data/valued.npz``). Needs
``cardtable[train]`` (torch).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import cardtable
from calypso_card_values import players
from cardtable.games.calypso.bot import RulesTable
from cardtable.games.calypso.valued import FEATURES, card_features
from option_fit import Decision, fit_main, replay

#: The margins tried, in points of the side's margin at the deal's end.
MARGINS = (0.0, 1.0, 2.0, 5.0, 10.0, 20.0, 40.0)
SHIPPED = Path(__file__).parent.parent / "src/cardtable/games/calypso/data/valued.npz"


def round_rows(line: str) -> list[Decision]:
    """(features, costs) of each valued card choice of one round's line."""
    game = json.loads(line)
    seed = game["seed"]
    wanted = {ply: values for ply, values in game["decisions"]}
    state = cardtable.load("calypso").new_state(seed=seed)
    bots = players(seed)
    out: list[Decision] = []
    for ply, view, move in replay(state, bots):
        values = wanted.get(ply)
        if values is not None:
            legal = state.legal_moves()
            obs = view.observation()
            cards = [m.cards[0] for m in legal]
            rows = card_features(obs, RulesTable(obs), cards, legal.index(move))
            out.append((rows, -np.array([values[m.text] for m in legal], np.float32)))
    return out


def main() -> None:
    fit_main(
        __doc__.splitlines()[0],
        round_rows,
        FEATURES,
        "the rules card",
        SHIPPED,
        epochs=20,
        hidden=64,
        margins=MARGINS,
        unit=100.0,
    )


if __name__ == "__main__":
    main()
