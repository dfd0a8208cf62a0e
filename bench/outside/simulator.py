"""Finding and loading the outside Cribbage simulator from its own checkout.

The simulator (markafitzgerald1/simulate-cribbage-games, MPL-2.0) is one Python file,
``simulate_cribbage_games.py``, that needs the packages ``runstats`` and ``diskcache``. It is
looked for at the path given, else at ``$CRIBBAGE_SIMULATOR``, else at
``./.outside/simulate-cribbage-games``; nothing is fetched. On import it opens a disk cache
(``expected_random_opponent_discard_crib_points_cache``) in the working directory and it prints
as it fills it, so every call into it runs :func:`quietly` inside a cache folder of its own.

>>> find_simulator("/no/such/folder", environ={}) is None
True
>>> print(missing_message())  # doctest: +ELLIPSIS
The outside Cribbage simulator is not here; to measure against it:
  git clone https://github.com/markafitzgerald1/simulate-cribbage-games .outside/simulate-...
  .venv/bin/pip install runstats diskcache
...
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import sys
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = [
    "CLONE_URL",
    "DEFAULT_PATH",
    "ENV_VAR",
    "MODULE",
    "SimulatorMissing",
    "cache_folder",
    "find_simulator",
    "from_sim",
    "load_simulator",
    "missing_message",
    "quietly",
    "to_sim",
    "warm_up",
]

CLONE_URL = "https://github.com/markafitzgerald1/simulate-cribbage-games"
DEFAULT_PATH = Path(".outside/simulate-cribbage-games")
ENV_VAR = "CRIBBAGE_SIMULATOR"
MODULE = "simulate_cribbage_games"
#: The packages the simulator imports beyond the standard library.
NEEDS = ("runstats", "diskcache")


class SimulatorMissing(Exception):
    """The simulator, or a package it needs, is not installed: the measurement is skipped."""


def find_simulator(path: str | None = None, environ: Mapping[str, str] = os.environ) -> Path | None:
    """The folder holding ``simulate_cribbage_games.py``: ``path``, else ``$CRIBBAGE_SIMULATOR``,
    else ``./.outside/simulate-cribbage-games``; None when it is not there.

    >>> find_simulator(None, environ={"CRIBBAGE_SIMULATOR": "/no/such"}) is None
    True
    """
    where = Path(path or environ.get(ENV_VAR) or DEFAULT_PATH)
    return where.resolve() if (where / f"{MODULE}.py").is_file() else None


def missing_message(where: str | None = None) -> str:
    """What to do to get the simulator (and the packages it needs)."""
    target = where or str(DEFAULT_PATH)
    return (
        "The outside Cribbage simulator is not here; to measure against it:\n"
        f"  git clone {CLONE_URL} {target}\n"
        f"  .venv/bin/pip install {' '.join(NEEDS)}\n"
        f"(or point --simulator or ${ENV_VAR} at a checkout). Skipped."
    )


def cache_folder(simulator: Path) -> Path:
    """Where the simulator's disk cache lives: in its own checkout, as when it runs there, or a
    temporary folder when that is read-only.

    >>> cache_folder(Path("/no/such")) == Path(tempfile.gettempdir()) / "cribbage-simulator-cache"
    True
    """
    if os.access(simulator, os.W_OK):
        return simulator
    folder = Path(tempfile.gettempdir()) / "cribbage-simulator-cache"
    folder.mkdir(exist_ok=True)
    return folder


@contextlib.contextmanager
def quietly(folder: Path) -> Iterator[None]:
    """Run simulator code in ``folder`` (its cache opens relative to the working directory)
    with its prints dropped, then come back.

    >>> with quietly(Path(tempfile.gettempdir())):
    ...     print("not shown")
    """
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            yield
    finally:
        os.chdir(here)


def load_simulator(simulator: Path) -> ModuleType:
    """The simulator's module, imported from its checkout once per process.

    >>> load_simulator(Path("/no/such"))
    Traceback (most recent call last):
    ...
    outside.simulator.SimulatorMissing: no simulate_cribbage_games.py in /no/such
    """
    loaded = sys.modules.get(MODULE)
    if loaded is not None:
        return loaded
    source = simulator / f"{MODULE}.py"
    if not source.is_file():
        raise SimulatorMissing(f"no {MODULE}.py in {simulator}")
    lacking = [name for name in NEEDS if importlib.util.find_spec(name) is None]
    if lacking:
        raise SimulatorMissing(
            f"the simulator needs {', '.join(lacking)}: .venv/bin/pip install {' '.join(NEEDS)}"
        )
    spec = importlib.util.spec_from_file_location(MODULE, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered before it runs, as an import would: its dataclasses and pickles look it up.
    sys.modules[MODULE] = module
    try:
        with quietly(cache_folder(simulator)):
            spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[MODULE]
        raise
    return module


def to_sim(sim: ModuleType, card: int) -> Any:
    """A cardtable card (``(rank - 1) * 4 + suit``, suits clubs, diamonds, hearts, spades) as
    the simulator's ``Card(index, suit)``: the same rank index from 0 and the same suit order.
    """
    return sim.Card(card // 4, card % 4)


def from_sim(card: Any) -> int:
    """The simulator's card as a cardtable card.

    >>> class Card:  # the two fields the simulator's cards have
    ...     index, suit = 12, 3
    >>> from_sim(Card())  # the king of spades
    51
    """
    return int(card.index) * 4 + int(card.suit)


def warm_up(sim: ModuleType, simulator: Path) -> None:
    """Fill the simulator's disk cache of expected crib points for every two cards laid away
    (169 kinds, about 25 s the first time on one core), once, before the workers start, so that
    they read it rather than each computing it."""
    with quietly(cache_folder(simulator)):
        for high in range(13):
            for low in range(high + 1):
                sim.expected_random_opponent_discard_crib_points(
                    [sim.Card(high, 0), sim.Card(low, 1)]
                )
                if low != high:
                    sim.expected_random_opponent_discard_crib_points(
                        [sim.Card(high, 0), sim.Card(low, 0)]
                    )
