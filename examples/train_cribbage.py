"""Train a masked policy on two-player Cribbage to 61, then measure it on duplicate deals.

MaskablePPO (sb3-contrib) learns seat 0 and seat 1 at once (one environment each) against the
``random`` bot, from the seat's observation tensor and the mask of legal actions only. Then the
duplicate arena plays it against ``random``, ``easy`` and ``rules``: every deal twice, seats
swapped, so the cards cancel. ``make learn`` runs it (about five minutes on two cores).

    python examples/train_cribbage.py --seconds 300
    python examples/train_cribbage.py --timesteps 64 --deals 4   # a smoke run

Needs ``pip install 'cardtable[train]'``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from cardtable.bots.arena import MatchResult, run_match
from cardtable.bots.levels import register_bot, unregister_bot
from cardtable.rl import single
from cardtable.rl.policies import PolicyBot

OPTIONS = {"target": 61}
#: The learner's name in the arena.
TRAINED = "trained"


class Curve(BaseCallback):
    """Mean game margin of the last 100 training games, every ``every`` steps."""

    def __init__(self, every: int) -> None:
        super().__init__()
        self.every = every
        self.points: list[tuple[int, float, int]] = []

    def _on_step(self) -> bool:
        if self.num_timesteps % self.every < self.training_env.num_envs:
            monitors = self.training_env.get_attr("get_episode_rewards")
            episodes = [e for rewards in monitors for e in rewards()]
            if episodes:
                recent = episodes[-100:]
                self.points.append((self.num_timesteps, float(np.mean(recent)), len(episodes)))
        return True


class Deadline(BaseCallback):
    """Stops training after ``seconds`` of wall time."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        return time.perf_counter() - self.start < self.seconds


def seat_env(seat: int) -> Monitor:
    """The learner's seat against ``random``, its games' rewards recorded."""
    return Monitor(single("cribbage", seat=seat, opponents="random", **OPTIONS))


def train(timesteps: int, seconds: float, seed: int, n_steps: int = 2048) -> tuple[Policy, Curve]:
    """Train for ``timesteps`` steps or ``seconds``, whichever ends first."""
    torch.set_num_threads(1)  # small networks: threads cost more than they give
    envs = DummyVecEnv([partial(seat_env, seat) for seat in (0, 1)])
    envs.seed(seed)
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=n_steps,
        batch_size=min(256, n_steps * 2),
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    curve = Curve(every=max(n_steps * 2, 4096))
    model.learn(total_timesteps=timesteps, callback=[curve, Deadline(seconds)])
    return Policy(model), curve


class Policy:
    """The trained model as a function of (observation, mask) to an action."""

    def __init__(self, model: MaskablePPO) -> None:
        self.model = model

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = self.model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)


def evaluate(
    policy: Policy, opponents: Sequence[str], deals: int, seed: int
) -> dict[str, MatchResult]:
    """The policy against each opponent on ``deals`` duplicate deals."""
    register_bot(TRAINED, lambda seed=None: PolicyBot(policy, TRAINED), games=("cribbage",))
    try:
        return {
            name: run_match(
                "cribbage", [TRAINED, name], deals, duplicate=True, seed=seed, options=OPTIONS
            )
            for name in opponents
        }
    finally:
        unregister_bot(TRAINED, games=("cribbage",))


def line(name: str, result: MatchResult) -> str:
    diff = result.difference()
    wins = result.summary()[result._labels()[0]]["win_rate"]
    verdict = "excludes zero" if diff.excludes_zero() else "includes zero"
    return (
        f"{name:>8}: {diff.mean:+6.2f} points per deal [{diff.low:+.2f}, {diff.high:+.2f}] "
        f"({verdict}), wins {wins.mean:.0%} of {len(result.games)} games"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timesteps", type=int, default=2_000_000, help="most training steps")
    parser.add_argument("--seconds", type=float, default=300.0, help="most training seconds")
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals per opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="where to save the model (.zip)")
    args = parser.parse_args(argv)
    n_steps = 2048 if args.timesteps >= 8192 else 32  # a smoke run makes one small update
    start = time.perf_counter()
    policy, curve = train(args.timesteps, args.seconds, args.seed, n_steps)
    spent = time.perf_counter() - start
    print(f"trained {policy.model.num_timesteps} steps in {spent:.0f} s")
    print("training curve (steps: mean margin of the last 100 games against random):")
    for steps, margin, games in curve.points:
        print(f"  {steps:>8}: {margin:+6.2f}  ({games} games)")
    if args.save:
        policy.model.save(args.save)
        print(f"saved {args.save}")
    results = evaluate(policy, ["random", "easy", "rules"], args.deals, seed=10_000 + args.seed)
    print(f"on {args.deals} duplicate deals (the difference in points per deal, 95% interval):")
    for name, result in results.items():
        print(line(name, result))
    reference = run_match(
        "cribbage",
        ["rules", "random"],
        args.deals,
        duplicate=True,
        seed=10_000 + args.seed,
        options=OPTIONS,
    )
    print(line("reference: rules vs random", reference).strip())
    return 0 if results["random"].difference().excludes_zero() or args.timesteps < 8192 else 1


if __name__ == "__main__":
    raise SystemExit(main())
