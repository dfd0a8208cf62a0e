"""How fast a bot is as a training opponent: its decisions a second, and a learner's steps a
second against it.

``python bench/fast_opponent.py GAME BOT [BOT ...] [--games N] [--chunk K] [--steps S]``
plays N whole games with BOT at every seat (every decision timed, forced ones included, as a
learner's environment asks them), printing the rate of each K games in turn: a bot that
memoizes (Cribbage's pegging solver) starts cold and warms up, and a training run sees the warm
rate. Then a random masked learner plays seat 0 of ``cardtable.rl.single(GAME,
opponents=BOT)`` for S seconds: its steps a second, what the opponent costs a learner. Run it
with the other core idle: the figures are one process's.

Options as the evaluation protocol's: Calypso ``rounds=1``, Cribbage ``target=61``, Kloepper
``target=1``, Krypkasino ``deals=1``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

import cardtable
from cardtable.bots.distilled import register_bots
from cardtable.bots.levels import make_bot
from cardtable.seat_view import SeatView

OPTIONS: dict[str, dict[str, Any]] = {
    "calypso": {"rounds": 1},
    "cribbage": {"target": 61},
    "kloepper": {"target": 1},
    "krypkasino": {"deals": 1},
}


def decision_rates(game: str, bot: str, games: int, chunk: int) -> list[tuple[int, float]]:
    """(decisions, decisions a second) of each ``chunk`` games of ``bot`` at every seat."""
    rates = []
    spent, decisions = 0.0, 0
    for g in range(games):
        state = cardtable.load(game, **OPTIONS.get(game, {})).new_state(seed=10_000 + g)
        bots = [make_bot(game, bot, seed=g * 8 + s) for s in range(state.game.num_players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            start = time.perf_counter()
            move = bots[seat].choose(SeatView(state, seat))
            spent += time.perf_counter() - start
            decisions += 1
            state.apply(move)
        if (g + 1) % chunk == 0:
            rates.append((decisions, decisions / spent))
            spent, decisions = 0.0, 0
    return rates


def learner_rate(game: str, bot: str, seconds: float) -> float:
    """Steps a second of a random masked learner at seat 0 against ``bot``."""
    from cardtable.rl import single

    env = single(game, opponents=bot, **OPTIONS.get(game, {}))
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    steps, episode = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = np.flatnonzero(env.action_masks())
        _, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        steps += 1
        if terminated or truncated:
            episode += 1
            env.reset(seed=episode)
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("bots", nargs="+")
    parser.add_argument("--games", type=int, default=100, help="whole games per bot")
    parser.add_argument("--chunk", type=int, default=20, help="games per printed rate")
    parser.add_argument("--steps", type=float, default=30.0, help="seconds of learner steps")
    args = parser.parse_args()
    register_bots()  # `distilled` is a plug-in
    for bot in args.bots:
        rates = decision_rates(args.game, bot, args.games, args.chunk)
        shown = ", ".join(f"{rate:,.0f}" for _, rate in rates)
        print(f"{args.game} {bot}: decisions a second, each {args.chunk} games in turn: {shown}")
        if args.steps > 0:
            steps = learner_rate(args.game, bot, args.steps)
            print(f"{args.game} {bot}: a random learner's steps a second against it: {steps:,.0f}")


if __name__ == "__main__":
    main()
