"""Environment steps per second of the research API, beside OpenSpiel's C++ games.

Every figure counts decisions (agent steps) with the observation tensor and the action mask
built at each one, random legal actions chosen by a seeded generator:

- ``pettingzoo``: ``cardtable.rl.env`` (with PettingZoo's wrappers), ``last()`` then ``step``;
- ``driver``: the action driver under it, ``observe`` + ``mask`` + ``step``;
- ``openspiel``: the same game through ``cardtable.rl.openspiel`` (when OpenSpiel is here);
- ``observe()`` and ``info_state()``: the codec alone, on positions of random games;
- OpenSpiel's own C++ games of similar size, driven from Python the same way
  (``observation_tensor`` + ``legal_actions_mask`` + ``apply_action``).

    python bench/bench_rl.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

import cardtable
from cardtable.registry import codec
from cardtable.rl import env
from cardtable.rl.driver import Driver
from timing import load_pyspiel

#: Options of each game as a short episode (the ones docs/research.md suggests for learning).
SHORT: dict[str, dict[str, Any]] = {
    "calypso": {"rounds": 1},
    "cribbage": {"target": 61},
    "kloepper": {"target": 1},
    "krypkasino": {"deals": 1},
}
#: OpenSpiel's C++ games to compare with, with their parameters.
THEIRS: list[tuple[str, dict[str, Any]]] = [
    ("cribbage", {}),
    ("hearts", {}),
    ("crazy_eights", {"players": 4}),
    ("gin_rummy", {}),
]


def rate(run: Callable[[float], int], seconds: float) -> float:
    """Steps a second of ``run(seconds)``, which returns the steps it took."""
    start = time.perf_counter()
    steps = run(seconds)
    return steps / (time.perf_counter() - start)


def pettingzoo_steps(name: str) -> Callable[[float], int]:
    def run(seconds: float) -> int:
        e = env(name, **SHORT[name])
        rng = np.random.default_rng(0)
        steps, end = 0, time.perf_counter() + seconds
        seed = 0
        while time.perf_counter() < end:
            e.reset(seed=seed)
            seed += 1
            for _agent in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
        return steps

    return run


def driver_steps(name: str) -> Callable[[float], int]:
    def run(seconds: float) -> int:
        driver = Driver(cardtable.load(name, **SHORT[name]))
        rng = random.Random(0)
        steps, end, seed = 0, time.perf_counter() + seconds, 0
        while time.perf_counter() < end:
            driver.reset(seed)
            seed += 1
            while not driver.state.is_over:
                seat = driver.to_move
                assert seat is not None
                driver.observe(seat)
                driver.mask()
                driver.step(rng.choice(driver.legal_actions()))
                steps += 1
        return steps

    return run


def tensor_rates(name: str, seconds: float) -> tuple[float, float]:
    """``observe()`` and ``info_state()`` calls a second over positions of random games."""
    game = cardtable.load(name, **SHORT[name])
    c = codec(game)
    rng = random.Random(1)
    views = []
    for seed in range(20):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(1, 40)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()))
        seat = state.to_move if state.to_move is not None else 0
        views.append((state.observation(seat), state.events_for(seat)))

    def count(job: Callable[[Any, Any], Any]) -> float:
        calls, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds / 2:
            for obs, events in views:
                job(obs, events)
            calls += len(views)
        return calls / (time.perf_counter() - start)

    return count(lambda o, _e: c.observe(o)), count(c.info_state)


def tensor_kind(game: Any) -> str:
    """Which tensor an OpenSpiel game gives a player: ``observation``, ``information state``,
    or ``none`` (OpenSpiel's own Cribbage has neither)."""
    kind = game.get_type()
    if kind.provides_observation_tensor:
        return "observation"
    if kind.provides_information_state_tensor:
        return "information state"
    return "none"


def spiel_steps(pyspiel: Any, name: str, params: dict[str, Any]) -> Callable[[float], int]:
    game = pyspiel.load_game(name, params)
    kind = tensor_kind(game)

    def run(seconds: float) -> int:
        rng = random.Random(0)
        steps, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                    continue
                player = state.current_player()
                if kind == "observation":
                    state.observation_tensor(player)
                elif kind == "information state":
                    state.information_state_tensor(player)
                state.legal_actions_mask()
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                steps += 1
        return steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per figure")
    args = parser.parse_args()
    console = Console()
    pyspiel = load_pyspiel()
    if pyspiel is not None:
        from cardtable.rl import openspiel

        openspiel.register()
    table = Table(
        "Game",
        "PettingZoo env",
        "Driver",
        "OpenSpiel adapter",
        "observe()",
        "info_state()",
        title="Steps (and tensor calls) per second",
    )
    for name in cardtable.games():
        adapter = "-"
        if pyspiel is not None:
            params = {k: v for k, v in SHORT[name].items()}
            adapter = (
                f"{rate(spiel_steps(pyspiel, f'cardtable_{name}', params), args.seconds):,.0f}"
            )
        table.add_row(
            name,
            f"{rate(pettingzoo_steps(name), args.seconds):,.0f}",
            f"{rate(driver_steps(name), args.seconds):,.0f}",
            adapter,
            *(f"{r:,.0f}" for r in tensor_rates(name, args.seconds)),
        )
    console.print(table)
    if pyspiel is None:
        console.print("OpenSpiel (pyspiel) is not installed: its figures are skipped.")
        return
    theirs = Table(
        "OpenSpiel C++ game", "Tensor read", "Steps per second", title="OpenSpiel, from Python"
    )
    for name, params in THEIRS:
        kind = tensor_kind(pyspiel.load_game(name, params))
        steps = rate(spiel_steps(pyspiel, name, params), args.seconds)
        theirs.add_row(name, kind, f"{steps:,.0f}")
    console.print(theirs)


if __name__ == "__main__":
    main()
