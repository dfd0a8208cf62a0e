"""Fit the Krypkasino ``valued`` bot's network to oracle values of plays.

``python bench/krypkasino_fit.py FILE [FILE ...] [--epochs E] [--hidden H] [--seed S]
[--out PATH]`` reads the values that ``bench/krypkasino_values.py generate`` wrote, replays each
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

import argparse
import json
import math
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import torch

import cardtable
from cardtable.games.krypkasino.belief import read
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.games.krypkasino.valued import FEATURES, distinct_plays, option_features
from cardtable.seat_view import SeatView
from krypkasino_values import play_key, players

SHIPPED = Path(__file__).parent.parent / "src/cardtable/games/krypkasino/data/valued.npz"


def hand_rows(line: str) -> list[tuple[np.ndarray, np.ndarray]]:
    """(features, values) of each valued decision of one hand's line."""
    hand = json.loads(line)
    seed = hand["seed"]
    wanted = {ply: values for ply, values in hand["decisions"]}
    state = cardtable.load("krypkasino", players=4, deals=1).new_state(seed=seed)
    assert isinstance(state, KrypkasinoState)
    bots = players(seed)
    out = []
    ply = 0
    while not state.is_over:
        seat = state.turn
        view = SeatView(state, seat)
        values = wanted.get(ply)
        if values is not None:
            plays = distinct_plays(view)
            keys = [play_key(state, move) for move, _ in plays]
            if len(plays) > 1 and all(k in values for k in keys):
                rows = option_features(read(view), [o for _, o in plays])
                out.append((rows, np.array([values[k] for k in keys], np.float32)))
        state.apply(bots[seat].choose(view))
        ply += 1
    return out


def regret_of(choice: np.ndarray, groups: list[np.ndarray], y: np.ndarray) -> np.ndarray:
    """Each decision's regret: the chosen play's value less the best play's."""
    return np.array([y[g][c] - y[g].min() for g, c in zip(groups, choice, strict=True)])


def choices(
    scores: np.ndarray, x: np.ndarray, groups: list[np.ndarray], margin: float
) -> np.ndarray:
    """The play each decision makes: the least predicted cost, unless it beats the ``rules``
    play's prediction by no more than ``margin`` (then the rules play)."""
    anchor = FEATURES.index("the rules play")
    out = []
    for g in groups:
        base = int(np.argmax(x[g, anchor]))
        best = int(np.argmin(scores[g]))
        out.append(best if scores[g][base] - scores[g][best] > margin else base)
    return np.array(out)


def interval(diff: np.ndarray) -> str:
    half = 1.96 * diff.std(ddof=1) / math.sqrt(len(diff))
    mean = diff.mean()
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"


MARGINS = (0.0, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(SHIPPED))
    args = parser.parse_args()
    torch.set_num_threads(1)  # the same weights from the same values, run after run
    start = time.perf_counter()
    lines = [line for f in args.files for line in Path(f).read_text().splitlines()]
    hands = [hand_rows(line) for line in lines]
    count = sum(map(len, hands))
    print(f"{count} decisions of {len(hands)} hands read, {time.perf_counter() - start:.0f} s")
    # A tenth of the hands to choose the epoch and the margin by, another to report on.
    tenth = len(hands) // 10
    splits = {"test": hands[:tenth], "valid": hands[tenth : 2 * tenth], "fit": hands[2 * tenth :]}
    data = {}
    for name, part in splits.items():
        decisions = [d for h in part for d in h]
        x = np.concatenate([d[0] for d in decisions])
        y = np.concatenate([d[1] - d[1].mean() for d in decisions])
        raw = np.concatenate([d[1] for d in decisions])
        bounds = np.cumsum([0, *(len(d[1]) for d in decisions)])
        groups = [np.arange(a, b) for a, b in pairwise(bounds)]
        data[name] = (x, y, raw, groups)
    x, y, _, groups = data["fit"]
    mean = x.mean(0)
    scale = x.std(0) + 1e-6
    torch.manual_seed(args.seed)
    width = args.hidden
    net = torch.nn.Sequential(
        torch.nn.Linear(len(FEATURES), width),
        torch.nn.ReLU(),
        torch.nn.Linear(width, width),
        torch.nn.ReLU(),
        torch.nn.Linear(width, 1),
    )
    group_of = torch.tensor(np.concatenate([np.full(len(g), i) for i, g in enumerate(groups)]))
    xt = torch.tensor((x - mean) / scale)
    yt = torch.tensor(y)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-4)

    def scores_of(name: str) -> np.ndarray:
        net.eval()
        with torch.no_grad():
            out: np.ndarray = net(torch.tensor((data[name][0] - mean) / scale))[:, 0].numpy()
            return out

    def regret(name: str, margin: float) -> np.ndarray:
        vx, _, vraw, vgroups = data[name]
        rules = regret_of(choices(np.zeros(len(vx)), vx, vgroups, 0.0), vgroups, vraw)
        chosen = regret_of(choices(scores_of(name), vx, vgroups, margin), vgroups, vraw)
        out: np.ndarray = chosen - rules
        return out

    best_state, best = None, math.inf
    order = np.arange(len(groups))
    rng = np.random.default_rng(args.seed)
    for epoch in range(args.epochs):
        rng.shuffle(order)
        net.train()
        for batch in np.array_split(order, max(1, len(groups) // 256)):
            rows = torch.tensor(np.concatenate([groups[i] for i in batch]))
            pred = net(xt[rows])[:, 0]
            # Each decision's predictions less their mean: only differences between plays count.
            _, inverse = torch.unique(group_of[rows], return_inverse=True)
            sums = torch.zeros(len(batch)).index_add(0, inverse, pred)
            sizes = torch.zeros(len(batch)).index_add(0, inverse, torch.ones_like(pred))
            pred = pred - (sums / sizes)[inverse]
            loss = ((pred - yt[rows]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        valid = regret("valid", 0.0).mean()
        if valid < best:
            best = valid
            best_state = {k: v.clone() for k, v in net.state_dict().items()}
        if epoch % 5 == 4:
            print(
                f"epoch {epoch + 1}: loss {loss.item():.3f}, validation regret less rules "
                f"{valid:+.3f}"
            )
    assert best_state is not None
    net.load_state_dict(best_state)
    margin = min(MARGINS, key=lambda m: regret("valid", m).mean())
    for m in MARGINS:
        print(f"margin {m}: validation {interval(regret('valid', m))}")
    vx, _, _, vgroups = data["test"]
    agree = np.mean(
        choices(scores_of("test"), vx, vgroups, margin)
        == choices(np.zeros(len(vx)), vx, vgroups, 0.0)
    )
    test = regret("test", margin)
    print(
        f"chosen margin {margin}; test ({len(test)} decisions): regret less rules "
        f"{interval(test)}, the rules play kept in {agree:.1%}"
    )
    arrays: dict[str, Any] = {
        "mean": mean.astype(np.float32),
        "scale": scale.astype(np.float32),
    }
    linears = [m for m in net if isinstance(m, torch.nn.Linear)]
    for i, layer in enumerate(linears):
        arrays[f"w{i}"] = layer.weight.detach().numpy().T.astype(np.float32)
        arrays[f"b{i}"] = layer.bias.detach().numpy().astype(np.float32)
    meta = {
        "features": list(FEATURES),
        "hands": len(hands),
        "decisions": count,
        "epochs": args.epochs,
        "hidden": width,
        "seed": args.seed,
        "margin": margin,
        "test_regret_less_rules": round(float(test.mean()), 4),
    }
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez_compressed(args.out, **arrays)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
