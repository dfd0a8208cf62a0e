"""Distil a game's ``expert`` into the fast ``distilled`` bot: label, train, export, measure.

1. generate: the teacher (``expert``) plays itself on seeded deals; every decision with a
   choice (two or more legal actions) is kept: the seat's tensor, its legal actions and the
   teacher's action (a move of several actions gives one decision per action, as the bot
   chooses them). ``--explore P`` plays the move of another bot instead, with chance P
   (``--player``: ``random``, or the copy itself, ``distilled:path=FILE``, as DAgger does),
   so that the copy also learns positions the teacher would not reach (the label stays the
   teacher's); ``--append`` adds the decisions to those of an earlier run. Each decision also
   keeps the action the anchor (``--anchor``, the ``rules`` bot) would take there, and how sure
   the teacher's search was that its move beats the anchor's (the paired gap in standard
   errors, from its ``last_stats``).
2. train: a small MLP (torch, CPU, one thread) on the masked cross-entropy of the teacher's
   action among the legal ones; a tenth of the games (the last) is held out, and the weights
   of the epoch best on it are kept. ``--tensor both`` trains on the observation and on the
   information state and keeps the better on the held-out games. The network reads the
   anchor's action too (one cell per action) unless ``--anchor ''``. ``--trust Z`` learns the
   anchor's move where the teacher departed from it by less than Z standard errors: a search
   over a few dozen worlds picks among moves of nearly equal value by the luck of its worlds,
   and a copy cannot learn that luck, only the departures the search was sure of.
   ``--departures W`` weighs each decision whose label departs from the anchor W times.
   ``--target values`` learns the search's values instead of its choices: each searched next
   action's mean reward less its decision's mean (the generate stage keeps them), by squared
   error; the bot plays the action of the highest predicted value.
3. export: the weights as ``games/<game>/data/distilled.npz`` (``--out`` elsewhere).
4. measure: arena matches on duplicate deals (each pairing for ``--seconds`` of wall time):
   distilled against ``rules`` and ``expert``, and ``rules`` against ``expert`` for
   reference; points per deal with 95% intervals and the distilled bot's decisions a second.

    nice -n 15 python bench/distill.py cribbage --decisions 30000
    python bench/distill.py kloepper --stages measure --seconds 120

The games are played under the options of the evaluation protocol (``cardtable.rl.deals``),
the short episodes a learner trains on; ``--options target=121`` overrides them.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import cardtable
from cardtable.bots import make_bot
from cardtable.bots.arena import MatchResult, run_match
from cardtable.bots.distilled import (
    TENSORS,
    WEIGHTS_FILE,
    Network,
    anchor_action,
    decision_tensor,
    load_network,
    register_bots,
    save_network,
)
from cardtable.bots.levels import parse_budget
from cardtable.encoding import next_actions
from cardtable.engine import Move
from cardtable.registry import codec as codec_of
from cardtable.rl.deals import published
from cardtable.seat_view import SeatView

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = "cardtable.bots.distilled"


@dataclass
class Decisions:
    """Labelled decisions: per tensor kind a (n, cells) float32 array, the legal actions as an
    (n, actions) int8 mask, the teacher's action and the game each came from."""

    tensors: dict[str, np.ndarray]
    masks: np.ndarray
    labels: np.ndarray
    games: np.ndarray
    #: The anchor bot's action at each decision, -1 where the move in progress has left the
    #: anchor's move (:func:`cardtable.bots.distilled.anchor_action`).
    anchors: np.ndarray
    #: How sure the teacher's search was that its move beats the anchor's, in standard errors
    #: of their paired gap: 0 for the same move, inf where its search did not weigh both.
    sure: np.ndarray
    #: How each run that made them was played (teacher, seed, explore, player, seconds).
    runs: list[dict[str, Any]] = field(default_factory=list)
    #: The teacher's search value (mean reward) of each next action: the best of the moves it
    #: weighed that begin with it; NaN where it weighed none (or did not search).
    values: np.ndarray | None = None


Task = tuple[str, dict[str, Any], str, int, int, float, str, tuple[str, ...], str]


def _play(task: Task) -> Decisions:
    """One job's games: seeds ``seed``, ``seed + 1``, ... until its share of decisions."""
    game_name, options, teacher, seed, want, explore, player, kinds, anchor = task
    register_bots()
    game = cardtable.load(game_name, **options)
    codec = codec_of(game)
    rows: dict[str, list[np.ndarray]] = {k: [] for k in kinds}
    masks: list[np.ndarray] = []
    labels: list[int] = []
    anchored: list[int] = []
    sure: list[float] = []
    worth: list[np.ndarray] = []
    origin: list[int] = []
    rng = random.Random(seed)
    index = 0
    while len(labels) < want:
        deal = seed + index
        state = game.new_state(seed=deal)
        bots = [make_bot(game_name, teacher, seed=deal * 16 + s) for s in range(game.num_players)]
        others = [make_bot(game_name, player, seed=deal * 16 + s) for s in range(game.num_players)]
        guides = [
            make_bot(game_name, anchor, seed=deal * 16 + s) if anchor else None
            for s in range(game.num_players)
        ]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = SeatView(state, seat)
            legal = view.legal_moves()
            move = bots[seat].choose(view)
            if len(legal) > 1:
                observation, events = view.observation(), view.events()
                actions = codec.actions(move)
                guide_bot = guides[seat]
                guide_move = guide_bot.choose(view) if guide_bot is not None else None
                guide = codec.actions(guide_move) if guide_move is not None else []
                certainty = departure(bots[seat], move, guide_move)
                searched = searched_values(game, codec, bots[seat])
                prefix: tuple[int, ...] = ()
                while True:
                    _fitting, nxt = next_actions(codec, legal, prefix)
                    if prefix and not nxt:
                        break
                    label = actions[len(prefix)]
                    if len(nxt) > 1:
                        for kind in kinds:
                            rows[kind].append(
                                decision_tensor(codec, observation, events, prefix, kind)
                            )
                        mask = np.zeros(codec.num_actions, np.int8)
                        mask[nxt] = 1
                        masks.append(mask)
                        labels.append(label)
                        anchored.append(anchor_action(guide, prefix))
                        sure.append(certainty)
                        origin.append(deal)
                        worth.append(next_values(searched, prefix, nxt, codec.num_actions))
                    prefix = (*prefix, label)
                if explore and rng.random() < explore:
                    move = others[seat].choose(view)
            state.apply(move)
        index += 1
    return Decisions(
        {k: np.stack(v) for k, v in rows.items()},
        np.stack(masks),
        np.array(labels, np.int64),
        np.array(origin, np.int64),
        np.array(anchored, np.int64),
        np.array(sure, np.float32),
        values=np.stack(worth),
    )


def searched_values(game: Any, codec: Any, teacher: Any) -> dict[tuple[int, ...], float]:
    """The mean reward of each move ``teacher``'s last search weighed, by its actions."""
    return {
        tuple(codec.actions(game.parse_move(s.move))): float(s.mean)
        for s in getattr(teacher, "last_stats", [])
    }


def next_values(
    searched: dict[tuple[int, ...], float],
    prefix: Sequence[int],
    nxt: Sequence[int],
    num_actions: int,
) -> np.ndarray:
    """Each next action's value: the best searched move that begins with ``prefix`` and it.

    >>> next_values({(1, 2): 0.5, (1, 3): 2.0, (4,): -1.0}, (), [1, 4, 5], 6).tolist()
    [nan, 2.0, nan, nan, -1.0, nan]
    >>> next_values({(1, 2): 0.5, (1, 3): 2.0}, (1,), [2, 3], 4).tolist()
    [nan, nan, 0.5, 2.0]
    """
    out = np.full(num_actions, np.nan, np.float32)
    step = len(prefix)
    for actions, value in searched.items():
        if len(actions) > step and tuple(actions[:step]) == tuple(prefix):
            a = actions[step]
            if a in nxt and not value <= out[a]:
                out[a] = value
    return out


def departure(teacher: Any, move: Move, anchor: Move | None) -> float:
    """How sure ``teacher``'s last search was that ``move`` (its choice) beats ``anchor``'s:
    the paired gap in standard errors (0 for the same move; inf where its ``last_stats`` did
    not weigh both, or ranked another move first)."""
    if anchor is None or anchor == move:
        return 0.0
    stats = {s.move: s for s in getattr(teacher, "last_stats", [])}
    mine, theirs = stats.get(move.text), stats.get(anchor.text)
    if mine is None or theirs is None or mine.gap != 0 or theirs.gap is None:
        return float("inf")
    if not theirs.gap_margin:
        return float("inf") if theirs.gap < 0 else 0.0
    return float(-theirs.gap / (theirs.gap_margin / 1.96))


def generate(
    game: str,
    options: dict[str, Any],
    teacher: str,
    decisions: int,
    jobs: int,
    seed: int,
    explore: float,
    player: str,
    kinds: tuple[str, ...],
    anchor: str = "rules",
) -> Decisions:
    """``decisions`` labelled decisions (about: whole games) from ``jobs`` processes; job j
    deals from seed ``seed + j * 1_000_000`` on, so the jobs never share a deal."""
    share = -(-decisions // jobs)
    tasks = [
        (game, options, teacher, seed + j * 1_000_000, share, explore, player, kinds, anchor)
        for j in range(jobs)
    ]
    if jobs == 1:
        parts = [_play(tasks[0])]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(_play, tasks))
    return Decisions(
        {k: np.concatenate([p.tensors[k] for p in parts]) for k in kinds},
        np.concatenate([p.masks for p in parts]),
        np.concatenate([p.labels for p in parts]),
        np.concatenate([p.games for p in parts]),
        np.concatenate([p.anchors for p in parts]),
        np.concatenate([p.sure for p in parts]),
        values=np.concatenate([p.values for p in parts if p.values is not None]),
    )


def save_decisions(path: Path, data: Decisions) -> None:
    arrays: dict[str, Any] = {f"tensor_{k}": v for k, v in data.tensors.items()}
    arrays.update(
        masks=data.masks, labels=data.labels, games=data.games, anchors=data.anchors, sure=data.sure
    )
    if data.values is not None:
        arrays["values"] = data.values
    arrays["runs"] = np.array(json.dumps(data.runs))
    np.savez(path, **arrays)


def load_decisions(path: Path) -> Decisions:
    with np.load(path) as raw:
        tensors = {k[7:]: raw[k] for k in raw.files if k.startswith("tensor_")}
        runs = json.loads(str(raw["runs"])) if "runs" in raw.files else []
        n = len(raw["labels"])
        anchors = raw["anchors"] if "anchors" in raw.files else np.full(n, -1)
        sure = raw["sure"] if "sure" in raw.files else np.full(n, np.inf, np.float32)
        values = raw["values"] if "values" in raw.files else None
        return Decisions(
            tensors, raw["masks"], raw["labels"], raw["games"], anchors, sure, runs, values
        )


def with_anchor(x: np.ndarray, anchors: np.ndarray, num_actions: int) -> np.ndarray:
    """``x`` with the anchor's cells after each row (as the bot builds them)."""
    cells = np.zeros((len(x), num_actions), np.float32)
    rows = np.flatnonzero(anchors >= 0)
    cells[rows, anchors[rows]] = 1.0
    return np.concatenate([x, cells], axis=1)


Layers = list[tuple[np.ndarray, np.ndarray]]


def _mlp(sizes: Sequence[int], dropout: float) -> Any:
    """A torch MLP of ``sizes`` (inputs, hidden..., outputs), rectified and dropped out between
    layers."""
    from torch import nn

    modules: list[nn.Module] = []
    for k in range(len(sizes) - 1):
        modules.append(nn.Linear(sizes[k], sizes[k + 1]))
        if k < len(sizes) - 2:
            modules.append(nn.ReLU())
            if dropout:
                modules.append(nn.Dropout(dropout))
    return nn.Sequential(*modules)


def _fit_setup(
    inputs: int,
    hidden: Sequence[int],
    outputs: int,
    seed: int,
    dropout: float,
    weight_decay: float,
) -> tuple[Any, Any]:
    """A seeded MLP (torch on one thread, as a busy machine wants) and its AdamW optimiser."""
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    model = _mlp([inputs, *hidden, outputs], dropout)
    return model, torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=weight_decay)


def _epochs(
    model: Any,
    optimiser: Any,
    train_rows: np.ndarray,
    epochs: int,
    batch: int,
    seed: int,
    batch_loss: Callable[[Any], Any],
    held_out_score: Callable[[], float],
    lower_is_better: bool = False,
) -> tuple[float, int, Layers]:
    """The passes of a fit: each epoch the training rows in shuffled batches, the optimiser
    stepped on ``batch_loss(rows)``, then the held-out score; the best epoch's score, index
    and layers."""
    import torch

    generator = np.random.default_rng(seed)
    sign = -1.0 if lower_is_better else 1.0
    best: tuple[float, int, Layers] = (-float("inf"), 0, [])
    for epoch in range(epochs):
        model.train()
        shuffled = torch.from_numpy(generator.permutation(train_rows))
        for start in range(0, len(shuffled), batch):
            loss = batch_loss(shuffled[start : start + batch])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        model.eval()
        score = sign * held_out_score()
        if score > best[0]:
            best = (score, epoch, _layers(model))
    return sign * best[0], best[1], best[2]


def _layers(model: Any) -> Layers:
    """A torch MLP's linear layers as numpy (weights, bias) in ``x @ w + b`` form."""
    from torch import nn

    return [
        (m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
        for m in model
        if isinstance(m, nn.Linear)
    ]


def held_out(games: np.ndarray) -> np.ndarray:
    """Which decisions are held out: those of the last tenth of the games (at least one).

    >>> held_out(np.array([0, 0, 1, 2, 2])).tolist()
    [False, False, False, True, True]
    """
    order = np.unique(games)
    held = order[-max(1, len(order) // 10) :]
    return np.isin(games, held)


def advantages(values: np.ndarray) -> np.ndarray:
    """Each searched action's value less the mean of its decision's searched actions (NaN
    where not searched): what a value copy learns, as only the order within a decision
    matters and the deal's luck moves every value of it alike.

    >>> advantages(np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, 2.0]])).tolist()
    [[-1.0, nan, 1.0], [nan, nan, 0.0]]
    """
    known = ~np.isnan(values)
    count = np.maximum(known.sum(axis=1, keepdims=True), 1)
    mean: np.ndarray = np.where(known, values, 0.0).sum(axis=1, keepdims=True) / count
    return np.asarray(values - mean, np.float32)


def train_values(
    x: np.ndarray,
    data: Decisions,
    hidden: Sequence[int],
    epochs: int,
    seed: int,
    batch: int = 256,
    dropout: float = 0.3,
    weight_decay: float = 0.01,
) -> tuple[Layers, dict[str, float]]:
    """An MLP fitted to the teacher's search values instead of its choices: each searched
    action's advantage (:func:`advantages`), squared error over the searched actions of the
    decisions where two or more were searched. The bot plays the legal action of the highest
    predicted value. Held out as :func:`train`; the epoch of least held-out error is kept, and
    its agreement with the teacher's choices is reported."""
    import torch

    if data.values is None:
        raise SystemExit("the decisions hold no search values: generate them again")
    target = advantages(data.values)
    known = ~np.isnan(target)
    usable = known.sum(axis=1) >= 2
    test = held_out(data.games)
    model, optimiser = _fit_setup(
        x.shape[1], hidden, data.masks.shape[1], seed, dropout, weight_decay
    )
    xs = torch.from_numpy(x)
    ts = torch.from_numpy(np.nan_to_num(target))
    ks = torch.from_numpy(known.astype(np.float32))
    penalty = torch.from_numpy((data.masks.astype(np.float32) - 1.0) * 1e9)
    ys = torch.from_numpy(data.labels)
    train_rows = np.flatnonzero(~test & usable)
    test_rows = torch.from_numpy(np.flatnonzero(test & usable))
    every_test = torch.from_numpy(np.flatnonzero(test))

    def error(rows: torch.Tensor) -> Any:
        gap = (model(xs[rows]) - ts[rows]) * ks[rows]
        return (gap**2).sum() / ks[rows].sum()

    def held_out_error() -> float:
        with torch.no_grad():
            return float(error(test_rows))

    best = _epochs(model, optimiser, train_rows, epochs, batch, seed, error, held_out_error, True)
    net = Network(best[2], {})
    chosen = (net.scores(x[every_test.numpy()]) + penalty[every_test].numpy()).argmax(axis=1)
    agreement = float((chosen == ys[every_test].numpy()).mean())
    return best[2], {
        "held_out_error": round(best[0], 4),
        "held_out_accuracy": round(agreement, 4),
        "best_epoch": best[1] + 1,
        "train_decisions": len(train_rows),
        "held_out_decisions": int(test.sum()),
    }


def loss_weights(labels: np.ndarray, anchors: np.ndarray, departures: float) -> np.ndarray:
    """Each decision's weight in the loss: ``departures`` where its label departs from the
    anchor's action, 1 elsewhere (where they agree, or the move in progress has left the
    anchor's move, anchor -1).

    >>> loss_weights(np.array([2, 3, 4]), np.array([2, 1, -1]), 5.0).tolist()
    [1.0, 5.0, 1.0]
    """
    departing = (anchors >= 0) & (labels != anchors)
    return np.where(departing, departures, 1.0).astype(np.float32)


def train(
    x: np.ndarray,
    data: Decisions,
    hidden: Sequence[int],
    epochs: int,
    seed: int,
    batch: int = 256,
    dropout: float = 0.3,
    weight_decay: float = 0.01,
    departures: float = 1.0,
) -> tuple[list[tuple[np.ndarray, np.ndarray]], dict[str, float]]:
    """An MLP fitted to the teacher's actions; the layers (numpy, in x @ w + b form) of the
    epoch best on the held-out games, and its accuracies. Dropout and weight decay hold back
    over-fitting: a few ten thousand decisions are learnt by heart within ten epochs
    (Cribbage, held-out accuracy 53% without, 55% with them). Each decision whose label
    departs from the anchor's action weighs ``departures`` times as much in the loss (the
    departures are few, and a copy fitted to all alike learns to follow the anchor)."""
    import torch
    from torch import nn

    test = held_out(data.games)
    model, optimiser = _fit_setup(
        x.shape[1], hidden, data.masks.shape[1], seed, dropout, weight_decay
    )
    xs = torch.from_numpy(x)
    # Illegal actions get a large negative score: the loss is over the legal actions only.
    penalty = torch.from_numpy((data.masks.astype(np.float32) - 1.0) * 1e9)
    ys = torch.from_numpy(data.labels)
    train_rows = np.flatnonzero(~test)
    test_rows = torch.from_numpy(np.flatnonzero(test))
    loss_of = nn.CrossEntropyLoss(reduction="none")
    weights = torch.from_numpy(loss_weights(data.labels, data.anchors, departures))

    def accuracy(rows: torch.Tensor) -> float:
        with torch.no_grad():
            chosen = (model(xs[rows]) + penalty[rows]).argmax(dim=1)
            return float((chosen == ys[rows]).float().mean())

    def batch_loss(rows: torch.Tensor) -> Any:
        losses = loss_of(model(xs[rows]) + penalty[rows], ys[rows])
        return (losses * weights[rows]).sum() / weights[rows].sum()

    best = _epochs(
        model, optimiser, train_rows, epochs, batch, seed, batch_loss, lambda: accuracy(test_rows)
    )
    train_accuracy = accuracy(torch.from_numpy(train_rows))
    return best[2], {
        "held_out_accuracy": round(best[0], 4),
        "best_epoch": best[1] + 1,
        "final_train_accuracy": round(train_accuracy, 4),
        "train_decisions": len(train_rows),
        "held_out_decisions": int(test.sum()),
    }


def measure(
    game: str, options: dict[str, Any], bots: list[str], seconds: float, seed: int, chunk: int
) -> MatchResult:
    """Duplicate deals between ``bots``, ``chunk`` deals at a time until ``seconds`` pass."""
    result = MatchResult(game, dict(options), list(bots), seed, True)
    start = time.perf_counter()
    first = 0
    while time.perf_counter() - start < seconds:
        part = run_match(
            game,
            bots,
            chunk,
            duplicate=True,
            seed=seed,
            options=options,
            first=first,
            plugins=[PLUGIN],
        )
        result.games.extend(part.games)
        result.options = part.options
        first += chunk
    return result


def report(result: MatchResult) -> dict[str, Any]:
    summary = result.summary()
    diff = result.difference()
    out: dict[str, Any] = {
        "bots": result.bots,
        "deals": len({g.deal for g in result.games}),
        "games": len(result.games),
        "difference": [round(diff.mean, 3), round(diff.low, 3), round(diff.high, 3)],
    }
    for label, row in summary.items():
        p = row["points_per_deal"]
        out[label] = {
            "points_per_deal": [round(p.mean, 3), round(p.low, 3), round(p.high, 3)],
            "ms_per_move": round(row["ms_per_move"], 4),
        }
    return out


def _options(game: str, items: Sequence[str]) -> dict[str, Any]:
    found = published(game)
    options: dict[str, Any] = dict(found["options"]) if found else {}
    for item in items:
        options.update(parse_budget(f"x:{item}")[1])
    return dict(cardtable.load(game, **options).options)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--decisions", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--teacher", default="expert")
    parser.add_argument("--tensor", choices=[*TENSORS, "both"], default="both")
    parser.add_argument("--hidden", default="256,256", help="hidden layer sizes, comma-separated")
    parser.add_argument("--epochs", type=int, default=15)
    parser.add_argument("--dropout", type=float, default=0.3)
    parser.add_argument("--weight-decay", type=float, default=0.01)
    parser.add_argument("--explore", type=float, default=0.0)
    parser.add_argument("--player", default="random", help="the bot --explore plays")
    parser.add_argument(
        "--anchor", default="rules", help="the fast bot whose move the network reads ('' none)"
    )
    parser.add_argument(
        "--trust",
        type=float,
        default=0.0,
        help="learn the anchor's move where the teacher beat it by fewer standard errors",
    )
    parser.add_argument(
        "--departures",
        type=float,
        default=1.0,
        help="how many times a decision that departs from the anchor weighs in the loss",
    )
    parser.add_argument(
        "--target",
        choices=["choices", "values"],
        default="choices",
        help="learn the teacher's choices, or its search's values of every action",
    )
    parser.add_argument("--append", action="store_true", help="add to the decisions file")
    parser.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE")
    parser.add_argument(
        "--data", type=Path, help="the decisions file (default /tmp/distill-GAME.npz)"
    )
    parser.add_argument("--out", type=Path, help="the weights file (default: the game's data)")
    parser.add_argument("--stages", default="generate,train,measure")
    parser.add_argument("--seconds", type=float, default=120.0, help="wall time per pairing")
    parser.add_argument("--chunk", type=int, default=10, help="deals per arena call")
    args = parser.parse_args(argv)
    game = args.game
    options = _options(game, args.options)
    stages = set(args.stages.split(","))
    data_file = args.data or Path(f"/tmp/distill-{game}.npz")
    out = args.out or ROOT / "src/cardtable/games" / game / "data" / WEIGHTS_FILE
    kinds = TENSORS if args.tensor == "both" else (args.tensor,)
    print(f"{game} {json.dumps(options)}")
    if "generate" in stages:
        start = time.perf_counter()
        data = generate(
            game,
            options,
            args.teacher,
            args.decisions,
            args.jobs,
            args.seed,
            args.explore,
            args.player,
            kinds,
            args.anchor,
        )
        took = time.perf_counter() - start
        data.runs = [
            {
                "teacher": args.teacher,
                "seed": args.seed,
                "decisions": len(data.labels),
                "explore": args.explore,
                "player": args.player if args.explore else None,
                "seconds": round(took),
            }
        ]
        if args.append:
            old = load_decisions(data_file)
            data = Decisions(
                {k: np.concatenate([old.tensors[k], data.tensors[k]]) for k in kinds},
                np.concatenate([old.masks, data.masks]),
                np.concatenate([old.labels, data.labels]),
                np.concatenate([old.games, data.games]),
                np.concatenate([old.anchors, data.anchors]),
                np.concatenate([old.sure, data.sure]),
                old.runs + data.runs,
                None
                if old.values is None or data.values is None
                else np.concatenate([old.values, data.values]),
            )
        save_decisions(data_file, data)
        made = data.runs[-1]["decisions"]
        print(
            f"generate: {made} decisions of {args.teacher} in {took:.0f} s "
            f"({made / took:.1f} a second); {len(data.labels)} in {data_file}"
        )
    if "train" in stages:
        data = load_decisions(data_file)
        if args.trust > 0:
            unsure = (data.anchors >= 0) & (data.sure < args.trust)
            changed = int((unsure & (data.labels != data.anchors)).sum())
            data.labels = np.where(unsure, data.anchors, data.labels)
            print(f"trust {args.trust}: {changed} of {len(data.labels)} labels are the anchor's")
        hidden = [int(h) for h in args.hidden.split(",") if h]
        chosen: tuple[float, str, list[tuple[np.ndarray, np.ndarray]], dict[str, Any]] | None = None
        for kind in kinds:
            if kind not in data.tensors:
                raise SystemExit(f"{data_file} holds no {kind} tensors")
            start = time.perf_counter()
            x = data.tensors[kind]
            if args.anchor:
                x = with_anchor(x, data.anchors, data.masks.shape[1])
            if args.target == "values":
                layers, figures = train_values(
                    x,
                    data,
                    hidden,
                    args.epochs,
                    args.seed,
                    dropout=args.dropout,
                    weight_decay=args.weight_decay,
                )
            else:
                layers, figures = train(
                    x,
                    data,
                    hidden,
                    args.epochs,
                    args.seed,
                    dropout=args.dropout,
                    weight_decay=args.weight_decay,
                    departures=args.departures,
                )
            took = time.perf_counter() - start
            print(f"train {kind}: {json.dumps(figures)} in {took:.0f} s")
            if chosen is None or figures["held_out_accuracy"] > chosen[0]:
                chosen = (figures["held_out_accuracy"], kind, layers, figures)
        assert chosen is not None
        meta = {
            "game": game,
            "options": options,
            "tensor": chosen[1],
            "teacher": args.teacher,
            "anchor": args.anchor,
            "trust": args.trust,
            "decisions": len(data.labels),
            "seed": args.seed,
            "hidden": hidden,
            "generation": data.runs,
            "dropout": args.dropout,
            "weight_decay": args.weight_decay,
            "departures": args.departures,
            "target": args.target,
            "epochs": args.epochs,
            **chosen[3],
        }
        out.parent.mkdir(parents=True, exist_ok=True)
        digest = save_network(out, chosen[2], meta)
        print(f"export: {out} ({out.stat().st_size} bytes, tensor {chosen[1]}, sha256 {digest})")
    if "measure" in stages:
        spec = f"distilled:path={out}"
        net = load_network(out)
        print(
            f"measure: weights {net.meta['tensor']}, "
            f"held-out accuracy {net.meta.get('held_out_accuracy')}"
        )
        for bots in ([spec, "rules"], [spec, "expert"], ["rules", "expert"]):
            start = time.perf_counter()
            result = measure(game, options, bots, args.seconds, args.seed + 7, args.chunk)
            took = time.perf_counter() - start
            row = report(result)
            row["bots"] = [b.split(":")[0] for b in bots]
            print(f"measure {' vs '.join(row['bots'])} in {took:.0f} s: {json.dumps(row)}")
        return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
