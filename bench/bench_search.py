"""Milliseconds per decision of the search bots, for each bot and budget in each game, and of
each level's bot.

Run with ``python bench/bench_search.py [--decisions N] [--games cribbage,calypso]``. Each
figure times the bot on the first ``N`` positions where it has a real choice (more than one
legal move, not delegated to the ``rules`` bot) in games played by the ``rules`` bot from fixed
seeds, and prints the mean and the slowest decision. It prints figures only; nothing here passes
or fails.
"""

from __future__ import annotations

import argparse
import platform
import time

from rich.console import Console
from rich.table import Table

import cardtable
from cardtable.bot_protocol import Bot
from cardtable.bots.evaluation import hooks_for
from cardtable.bots.levels import LEVELS, make_bot
from cardtable.bots.search import IsmctsBot, PimcBot
from cardtable.engine import State
from cardtable.seat_view import SeatView

GAMES = ("cribbage", "calypso", "kloepper", "krypkasino")
OPTIONS: dict[str, dict[str, object]] = {"krypkasino": {"players": 2}}

#: (label, factory) for every bot and budget measured.
BUDGETS: list[tuple[str, type[PimcBot] | type[IsmctsBot], dict[str, object]]] = [
    ("pimc worlds=20", PimcBot, {"worlds": 20}),
    ("pimc worlds=80", PimcBot, {"worlds": 80}),
    ("pimc worlds=20 exact=3000", PimcBot, {"worlds": 20, "exact": 3000}),
    ("pimc worlds=20 rules", PimcBot, {"worlds": 20, "rollout": "rules"}),
    ("pimc worlds=80 rules", PimcBot, {"worlds": 80, "rollout": "rules"}),
    ("ismcts it=300", IsmctsBot, {"iterations": 300}),
    ("ismcts it=1000", IsmctsBot, {"iterations": 1000}),
    ("ismcts it=3000", IsmctsBot, {"iterations": 3000}),
    ("ismcts it=300 rules", IsmctsBot, {"iterations": 300, "rollout": "rules"}),
]


def positions(game: str, count: int) -> list[State]:
    """``count`` positions with a real choice, from games of the ``rules`` bot."""
    found: list[State] = []
    seed = 0
    while len(found) < count:
        state = cardtable.load(game, **OPTIONS.get(game, {})).new_state(seed=seed)
        bot = make_bot(game, "rules", seed)
        step = 0
        while not state.is_over and len(found) < count:
            seat = state.to_move
            assert seat is not None
            view = SeatView(state, seat)
            if len(state.legal_moves()) > 1 and not hooks_for(game).delegated(view.observation()):
                # Spread the positions over the game: every third real choice.
                if step % 3 == 0:
                    found.append(state.clone())
                step += 1
            state.apply(bot.choose(view))
        seed += 1
    return found


def time_bot(bot: Bot, states: list[State]) -> tuple[float, float]:
    """Mean and slowest seconds per decision."""
    times = []
    for state in states:
        seat = state.to_move
        assert seat is not None
        t0 = time.perf_counter()
        bot.choose(SeatView(state, seat))
        times.append(time.perf_counter() - t0)
    return sum(times) / len(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--levels", action="store_true", help="time only the levels' bots")
    args = parser.parse_args()
    console = Console()
    console.print(f"Python {platform.python_version()} on {platform.machine()}")
    table = Table(title="milliseconds per decision (mean / slowest)")
    games = args.games.split(",")
    table.add_column("bot and budget")
    for game in games:
        table.add_column(game, justify="right")
    states = {game: positions(game, args.decisions) for game in games}
    for label, cls, kwargs in [] if args.levels else BUDGETS:
        row = [label]
        for game in games:
            mean, worst = time_bot(cls(seed=1, **kwargs), states[game])  # type: ignore[arg-type]
            row.append(f"{1000 * mean:.2f} / {1000 * worst:.2f}")
        table.add_row(*row)
    for level in LEVELS:
        row = [f"level {level}"]
        for game in games:
            mean, worst = time_bot(make_bot(game, level, seed=1), states[game])
            row.append(f"{1000 * mean:.2f} / {1000 * worst:.2f}")
        table.add_row(*row)
    console.print(table)


if __name__ == "__main__":
    main()
