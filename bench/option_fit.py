"""Oracle values of a decision's options and a network fitted to them: what the games'
``*_values.py`` and ``*_fit.py`` scripts share (each values and describes its own game's
options; this replays the games, writes the values, parses the command lines, fits and writes
the weights).

A decision is (features, costs): one row of features per option and each option's cost
(lower better). The network (two hidden layers, ReLU) is fitted to each option's cost less the
mean of its decision's; only differences between options count. The games (each a list of
decisions) are split in order: the first tenth to report on, the second to choose the epoch and
the margin by (the ``rules`` bot's option, marked in the ``anchor`` column, is kept unless the
network's best beats it by more), the rest to fit. Regrets are against the oracle: the chosen
option's cost less the best one's.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.bot_protocol import Bot
from cardtable.engine import Move, State
from cardtable.seat_view import SeatView

#: One decision: a row of features per option, and the options' costs.
Decision = tuple[np.ndarray, np.ndarray]
#: The margins tried (in the costs' units).
MARGINS = (0.0, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0)


def replay(state: State, bots: Sequence[Bot]) -> Iterator[tuple[int, SeatView, Move]]:
    """Play ``state`` to its end by ``bots`` (one a seat), yielding before each move its ply,
    the mover's view and the move its bot chose; the move is made when the caller resumes (so
    the values script and the fit script, replaying a game, see the same decisions)."""
    ply = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = SeatView(state, seat)
        move = bots[seat].choose(view)
        yield ply, view, move
        state.apply(move)
        ply += 1


def regret_of(choice: np.ndarray, groups: list[np.ndarray], y: np.ndarray) -> np.ndarray:
    """Each decision's regret: the chosen option's cost less the best one's."""
    return np.array([y[g][c] - y[g].min() for g, c in zip(groups, choice, strict=True)])


def choices(
    scores: np.ndarray, x: np.ndarray, groups: list[np.ndarray], margin: float, anchor: int
) -> np.ndarray:
    """The option each decision takes: the least predicted cost, unless it beats the ``rules``
    bot's option (marked in column ``anchor``) by no more than ``margin`` (then that one)."""
    out = []
    for g in groups:
        base = int(np.argmax(x[g, anchor]))
        best = int(np.argmin(scores[g]))
        out.append(best if scores[g][base] - scores[g][best] > margin else base)
    return np.array(out)


def interval(diff: np.ndarray) -> str:
    """The mean of ``diff`` with its 95% interval."""
    half = 1.96 * diff.std(ddof=1) / math.sqrt(len(diff))
    mean = diff.mean()
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"


def fit(
    hands: list[list[Decision]],
    features: Sequence[str],
    anchor: int,
    path: str,
    epochs: int,
    hidden: int,
    seed: int,
    margins: Sequence[float] = MARGINS,
    unit: float = 1.0,
) -> dict[str, Any]:
    """Fit the network to ``hands`` (games of decisions), print its held-out regrets against
    the ``rules`` bot's, write the weights to ``path`` and return their ``meta``. The margin
    is chosen among ``margins``; the network learns the costs divided by ``unit`` (a game whose
    costs run to hundreds of points learns them in hundreds) and is written to give them whole."""
    import torch  # only the fit needs it (cardtable[train]); the values do not

    torch.set_num_threads(1)  # the same weights from the same values, run after run
    count = sum(map(len, hands))
    # A tenth of the games to report on, another to choose the epoch and the margin by.
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
    torch.manual_seed(seed)
    width = hidden
    net = torch.nn.Sequential(
        torch.nn.Linear(len(features), width),
        torch.nn.ReLU(),
        torch.nn.Linear(width, width),
        torch.nn.ReLU(),
        torch.nn.Linear(width, 1),
    )
    group_of = torch.tensor(np.concatenate([np.full(len(g), i) for i, g in enumerate(groups)]))
    xt = torch.tensor((x - mean) / scale)
    yt = torch.tensor(y / unit)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-4)

    def scores_of(name: str) -> np.ndarray:
        net.eval()
        with torch.no_grad():
            out: np.ndarray = net(torch.tensor((data[name][0] - mean) / scale))[:, 0].numpy()
            return out

    def regret(name: str, margin: float) -> np.ndarray:
        vx, _, vraw, vgroups = data[name]
        rules = regret_of(choices(np.zeros(len(vx)), vx, vgroups, 0.0, anchor), vgroups, vraw)
        chosen = regret_of(choices(scores_of(name), vx, vgroups, margin, anchor), vgroups, vraw)
        out: np.ndarray = chosen - rules
        return out

    best_state, best = None, math.inf
    order = np.arange(len(groups))
    rng = np.random.default_rng(seed)
    for epoch in range(epochs):
        rng.shuffle(order)
        net.train()
        for batch in np.array_split(order, max(1, len(groups) // 256)):
            rows = torch.tensor(np.concatenate([groups[i] for i in batch]))
            pred = net(xt[rows])[:, 0]
            # Each decision's predictions less their mean: only differences between options count.
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
    # The last layer gives the costs whole: scaled back, exactly linear (by 1, unchanged).
    last = [m for m in net if isinstance(m, torch.nn.Linear)][-1]
    with torch.no_grad():
        last.weight.mul_(unit)
        last.bias.mul_(unit)
    margin = min(margins, key=lambda m: regret("valid", m).mean())
    for m in margins:
        print(f"margin {m}: validation {interval(regret('valid', m))}")
    vx, _, _, vgroups = data["test"]
    agree = np.mean(
        choices(scores_of("test"), vx, vgroups, margin, anchor)
        == choices(np.zeros(len(vx)), vx, vgroups, 0.0, anchor)
    )
    test = regret("test", margin)
    print(
        f"chosen margin {margin}; test ({len(test)} decisions): regret less rules "
        f"{interval(test)}, the rules bot's option kept in {agree:.1%}"
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
        "features": list(features),
        "games": len(hands),
        "decisions": count,
        "epochs": epochs,
        "hidden": width,
        "seed": seed,
        "margin": margin,
        "test_regret_less_rules": round(float(test.mean()), 4),
    }
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez_compressed(path, **arrays)
    print(f"wrote {path}")
    return meta


def values_main(
    description: str,
    work: Callable[..., dict[str, Any]],
    unit: str,
    rollouts: int,
    chunk: int,
) -> None:
    """The values scripts' command line: ``--UNIT N [--seed S] [--rollouts R] [--jobs J] --out
    FILE``; ``work(seed, rollouts=R)`` values one game's decisions (:func:`write_values`)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(f"--{unit}", type=int, default=100, dest="games", metavar="N")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollouts", type=int, default=rollouts)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    write_values(partial(work, rollouts=args.rollouts), seeds, args.jobs, args.out, chunk)


def write_values(
    work: Callable[[int], dict[str, Any]], seeds: range, jobs: int, path: str, chunk: int
) -> None:
    """Write ``work(seed)`` (a game's valued decisions) for every seed as a JSON line of
    ``path``, in seed order, over ``jobs`` processes; print how many decisions and how long."""
    start = time.perf_counter()
    count = 0
    with ProcessPoolExecutor(jobs) as pool, open(path, "w") as out:
        for game in pool.map(work, seeds, chunksize=chunk):
            out.write(json.dumps(game) + "\n")
            count += len(game["decisions"])
    print(f"{count} decisions of {len(seeds)} games, {time.perf_counter() - start:.0f} s")


def fit_main(
    description: str,
    read: Callable[[str], list[Decision]],
    features: Sequence[str],
    anchor: str,
    shipped: Path,
    epochs: int = 15,
    hidden: int = 32,
    margins: Sequence[float] = MARGINS,
    unit: float = 1.0,
) -> None:
    """The fit scripts' command line: ``FILE [FILE ...] [--epochs E] [--hidden H] [--seed S]
    [--out PATH] [--jobs J]``; each line of the files (a game) is read into decisions by
    ``read`` (in J processes), and the network fitted to them (column ``anchor`` marks the
    ``rules`` bot's option)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--epochs", type=int, default=epochs)
    parser.add_argument("--hidden", type=int, default=hidden)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(shipped))
    parser.add_argument("--jobs", type=int, default=2, help="processes replaying the games")
    args = parser.parse_args()
    start = time.perf_counter()
    lines = [line for f in args.files for line in Path(f).read_text().splitlines()]
    with ProcessPoolExecutor(args.jobs) as pool:  # in order: the same fit, however many jobs
        games = list(pool.map(read, lines, chunksize=16))
    count = sum(map(len, games))
    print(f"{count} decisions of {len(games)} games read, {time.perf_counter() - start:.0f} s")
    column = list(features).index(anchor)
    fit(games, features, column, args.out, args.epochs, args.hidden, args.seed, margins, unit)
