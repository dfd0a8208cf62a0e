"""Fit the Krypkasino ``valued`` bot's network to oracle values of plays.

``python bench/krypkasino_fit.py FILE [FILE ...] [--epochs E] [--hidden H] [--seed S]
[--out PATH] [--jobs J]`` reads the values that ``bench/krypkasino_values.py`` wrote, replays each
hand with the same ``rules`` bots to see every valued decision from the mover's seat, computes
each play's features (:func:`cardtable.games.krypkasino.valued.option_features`) and fits a
small network (torch, CPU; two hidden layers of H) to each play's value less the mean of its
decision's plays. The hands are split in order: the first tenth for the report, the second to
choose the epoch and the margin by (the rules bot's play is kept unless the network's beats it
by more; the bot's default), the rest to fit. It prints the held-out mean regret (the chosen
play's value less the best play's, penalty points) less the ``rules`` bot's, with 95%
intervals, and writes the weights (numpy arrays, float32, and ``meta``) to ``--out`` (default:
the game's shipped ``data/valued.npz``). Needs ``cardtable[train]`` (torch).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import cardtable
from cardtable.games.krypkasino.belief import distinct_plays, read
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.games.krypkasino.valued import FEATURES, option_features
from krypkasino_values import play_key, players
from option_fit import Decision, fit_main, replay

SHIPPED = Path(__file__).parent.parent / "src/cardtable/games/krypkasino/data/valued.npz"


def hand_rows(line: str) -> list[Decision]:
    """(features, values) of each valued decision of one hand's line."""
    hand = json.loads(line)
    seed = hand["seed"]
    wanted = {ply: values for ply, values in hand["decisions"]}
    state = cardtable.load("krypkasino", players=4, deals=1).new_state(seed=seed)
    assert isinstance(state, KrypkasinoState)
    bots = players(seed)
    out = []
    for ply, view, _ in replay(state, bots):
        values = wanted.get(ply)
        if values is not None:
            plays = distinct_plays(view)
            keys = [play_key(state, move) for move, _ in plays]
            if len(plays) > 1 and all(k in values for k in keys):
                rows = option_features(read(view), [o for _, o in plays])
                out.append((rows, np.array([values[k] for k in keys], np.float32)))
    return out


def main() -> None:
    fit_main(
        __doc__.splitlines()[0],
        hand_rows,
        FEATURES,
        "the rules play",
        SHIPPED,
        epochs=15,
        hidden=32,
    )


if __name__ == "__main__":
    main()
