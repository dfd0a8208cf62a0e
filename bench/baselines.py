"""The baseline table of docs/research.md: the ladder and two PPO agents per game, scored by the
evaluation protocol (``cardtable.rl.evaluation``) against ``rules``.

For each game, MaskablePPO (sb3-contrib, MLP 2×64, gamma 1) learns every seat at once (one
environment per seat) against the ``rules`` bot under the options of the game's published deal
set, once with ``observation="observation"`` and once with ``observation="info_state"``, for a
fixed budget of steps (or of minutes: then not repeatable) from a fixed seed. Each checkpoint
is saved under the folder given (``<game>-<observation>.zip``, small), then evaluated by the
protocol on the first ``--deals`` deals of the set against ``rules``, beside the ladder:
``random`` and ``rules`` (the protocol's references) and ``expert`` (on ``--expert-deals``,
as it is slow). The Markdown table is printed and written to ``<folder>/baselines.md``.

    python bench/baselines.py checkpoints --steps 200000              # the table's budget
    python bench/baselines.py /tmp/ck --steps 256 --deals 4 --expert-deals 0   # a smoke run

Needs ``pip install 'cardtable[train]'``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from cardtable.bots.stats import Interval
from cardtable.registry import games, load
from cardtable.rl import single
from cardtable.rl.deals import published
from cardtable.rl.evaluation import Evaluation, evaluate
from cardtable.rl.one_seat import SingleSeat

OBSERVATIONS = ("observation", "info_state")
OPPONENT = "rules"


class Deadline(BaseCallback):
    """Stops training after ``seconds`` of wall time."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        return time.perf_counter() - self.start < self.seconds


def seat_env(game: str, seat: int, observation: str) -> SingleSeat:
    options = (published(game) or {}).get("options", {})
    return single(game, seat=seat, opponents=OPPONENT, observation=observation, **options)


def train(game: str, observation: str, steps: int, seconds: float, seed: int, path: Path) -> int:
    """Train one agent and save it at ``path``; the steps it took."""
    players = load(game, **(published(game) or {}).get("options", {})).num_players
    envs = DummyVecEnv([partial(seat_env, game, seat, observation) for seat in range(players)])
    envs.seed(seed)
    n_steps = 512 if steps >= 8192 else 16  # a smoke run makes one small update
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=n_steps,
        batch_size=min(256, n_steps * players),
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [64, 64]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    model.learn(total_timesteps=steps, callback=Deadline(seconds))
    model.save(path)
    return int(model.num_timesteps)


def cell(interval: Interval | None) -> str:
    if interval is None:
        return "undefined"
    return f"{interval.mean:+.3f} ± {interval.half_width:.3f}"


def rows(label: str, result: Evaluation) -> list[str]:
    line = result.lines[0]
    return [f"| {label} | {cell(line.agent)} | {cell(line.normalised)} | {line.agent.n} |"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path, help="where the checkpoints and the table go")
    parser.add_argument("--steps", type=int, default=200_000, help="training steps per agent")
    parser.add_argument("--minutes", type=float, default=0.0, help="or at most this per agent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=200, help="deals of the set to evaluate on")
    parser.add_argument("--expert-deals", type=int, default=50, help="deals for expert; 0: none")
    parser.add_argument("--jobs", type=int, default=1, help="evaluation worker processes")
    parser.add_argument("--games", default=",".join(games()), help="comma-separated")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # small networks: threads cost more than they give
    args.folder.mkdir(parents=True, exist_ok=True)
    seconds = args.minutes * 60 if args.minutes > 0 else float("inf")
    budget = f"{args.steps} steps" + (f" or {args.minutes} minutes" if args.minutes > 0 else "")
    lines = [
        f"Budget per agent: {budget}, seed {args.seed}; MaskablePPO, MLP 2×64, gamma 1, every "
        f"seat against `{OPPONENT}`. Points per deal against `{OPPONENT}` (95% interval), "
        f"deals 0-{args.deals - 1} of set v1 (`expert`: the first {args.expert_deals}); "
        "normalised = (agent − random) / (rules − random).",
        "",
    ]
    for game in args.games.split(","):
        start = time.perf_counter()
        ladder = evaluate("rules", game, deals=args.deals, opponents=[OPPONENT], jobs=args.jobs)
        reference = ladder.lines[0]
        table = [
            f"#### {game} ({', '.join(f'{k}={v}' for k, v in ladder.options.items())})",
            "",
            "| agent | points per deal | normalised | deals |",
            "|---|---:|---:|---:|",
            f"| random | {cell(reference.random)} | +0.000 | {reference.random.n} |",
            f"| rules | {cell(reference.rules)} | +1.000 | {reference.rules.n} |",
        ]
        if args.expert_deals > 0:
            expert = evaluate(
                "expert", game, deals=args.expert_deals, opponents=[OPPONENT], jobs=args.jobs
            )
            table += rows("expert", expert)
        for observation in OBSERVATIONS:
            path = args.folder / f"{game}-{observation}.zip"
            took = train(game, observation, args.steps, seconds, args.seed, path)
            result = evaluate(
                str(path), game, deals=args.deals, opponents=[OPPONENT], jobs=args.jobs
            )
            table += rows(f"PPO, {observation} ({took} steps)", result)
        table.append("")
        lines += table
        print("\n".join(table), flush=True)
        print(f"({game}: {time.perf_counter() - start:.0f} s)", flush=True)
    out = args.folder / "baselines.md"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
