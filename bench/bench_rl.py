"""Decisions a second of the research API beside OpenSpiel's C++ games, like with like.

Every figure counts decisions (agent steps) with the **information-state tensor** and the
**action mask** built at each one, random legal actions chosen by a seeded generator, on short
episodes, in one process (one core):

- ``one env``: the action driver under every environment, one table (``Driver``: the
  information-state tensor, the mask, ``step``);
- ``OpenSpiel adapter``: the same game as ``cardtable_<game>`` through ``pyspiel``
  (``information_state_tensor`` + ``legal_actions_mask`` + ``apply_action``);
- ``vector``: ``cardtable.rl.vector.vector_env`` with ``--tables`` tables, one action per table
  a step (``engine`` too: the same through the engine's drivers, where a game has a faster core);
- OpenSpiel's own C++ game of the same kind through the adapter's loop: Kloepper beside
  euchre (four players, trumps, a 24-card pack), Calypso beside hearts (four players, tricks,
  52 cards), Cribbage beside OpenSpiel's cribbage (which has no tensor at all: its figure reads
  none). Krypkasino has no counterpart.

    python bench/bench_rl.py [--seconds 3] [--tables 64]
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
from cardtable.rl.driver import Driver
from cardtable.rl.vector import vector_env
from timing import load_pyspiel

#: Options of each game as a short episode (the ones docs/research.md suggests for learning).
SHORT: dict[str, dict[str, Any]] = {
    "calypso": {"rounds": 1},
    "cribbage": {"target": 61},
    "kloepper": {"target": 1},
    "krypkasino": {"deals": 1},
}
#: OpenSpiel's C++ game beside each of ours, with its parameters.
THEIRS: dict[str, tuple[str, dict[str, Any]]] = {
    "kloepper": ("euchre", {}),
    "calypso": ("hearts", {}),
    "cribbage": ("cribbage", {}),
}


def rate(run: Callable[[float], int], seconds: float) -> float:
    """Steps a second of ``run(seconds)``, which returns the steps it took."""
    start = time.perf_counter()
    steps = run(seconds)
    return steps / (time.perf_counter() - start)


def driver_steps(name: str) -> Callable[[float], int]:
    """One table through the driver: the information-state tensor, the mask, a step."""

    def run(seconds: float) -> int:
        game = cardtable.load(name, **SHORT[name])
        c = codec(game)
        driver = Driver(game, c)
        rng = random.Random(0)
        steps, end, seed = 0, time.perf_counter() + seconds, 0
        while time.perf_counter() < end:
            driver.reset(seed)
            seed += 1
            state = driver.state
            while not state.is_over:
                seat = driver.to_move
                assert seat is not None
                c.info_state(state.observation(seat), state.events_for(seat))
                driver.mask()
                legal = driver.legal_actions()
                driver.step(legal[int(rng.random() * len(legal))])
                steps += 1
        return steps

    return run


def vector_steps(name: str, tables: int, engine: bool) -> Callable[[float], int]:
    """``tables`` tables through the vector API, a random legal action each per step."""

    def run(seconds: float) -> int:
        venv = vector_env(name, tables, observation="info_state", engine=engine, **SHORT[name])
        _obs, mask, _to_move = venv.reset(seed=0)
        rng = np.random.default_rng(0)
        steps, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            actions = (rng.random(mask.shape) * mask).argmax(axis=1)
            _obs, mask, _to_move, _rewards, _done = venv.step(actions)
            steps += tables
        return steps

    return run


def tensor_kind(game: Any) -> str:
    """The tensor an OpenSpiel game gives a player, information state first (as ours are
    read here): ``information state``, ``observation`` or ``none``."""
    kind = game.get_type()
    if kind.provides_information_state_tensor:
        return "information state"
    if kind.provides_observation_tensor:
        return "observation"
    return "none"


def spiel_steps(pyspiel: Any, name: str, params: dict[str, Any]) -> Callable[[float], int]:
    """An OpenSpiel game from Python: its tensor (information state where it has one), the
    mask, a random legal action; chance outcomes drawn by the same generator, not counted."""
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
                if kind == "information state":
                    state.information_state_tensor(player)
                elif kind == "observation":
                    state.observation_tensor(player)
                state.legal_actions_mask()
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                steps += 1
        return steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per figure")
    parser.add_argument("--tables", type=int, default=64, help="tables of the vector API")
    args = parser.parse_args()
    console = Console(width=180)
    pyspiel = load_pyspiel()
    if pyspiel is not None:
        from cardtable.rl import openspiel

        openspiel.register(bots=False)
    table = Table(
        "Game",
        "one env",
        "OpenSpiel adapter",
        f"vector ({args.tables} tables)",
        "vector, engine core",
        "OpenSpiel C++ game",
        "its steps a second",
        "vector / C++",
        title="Decisions a second, information-state tensor + mask, one process (one core)",
    )
    for name in cardtable.games():
        one = rate(driver_steps(name), args.seconds)
        adapter = "-"
        if pyspiel is not None:
            params = dict(SHORT[name])
            adapter = (
                f"{rate(spiel_steps(pyspiel, f'cardtable_{name}', params), args.seconds):,.0f}"
            )
        fast = rate(vector_steps(name, args.tables, False), args.seconds)
        slow = rate(vector_steps(name, args.tables, True), args.seconds)
        theirs, their_rate, ratio = "-", "-", "-"
        if pyspiel is not None and name in THEIRS:
            other, params = THEIRS[name]
            kind = tensor_kind(pyspiel.load_game(other, params))
            steps = rate(spiel_steps(pyspiel, other, params), args.seconds)
            theirs, their_rate, ratio = f"{other} ({kind})", f"{steps:,.0f}", f"{fast / steps:.2f}"
        table.add_row(
            name,
            f"{one:,.0f}",
            adapter,
            f"{fast:,.0f}",
            f"{slow:,.0f}",
            theirs,
            their_rate,
            ratio,
        )
    console.print(table)
    if pyspiel is None:
        console.print("OpenSpiel (pyspiel) is not installed: its figures are skipped.")


if __name__ == "__main__":
    main()
