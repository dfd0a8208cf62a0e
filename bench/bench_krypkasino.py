"""Speed figures for cardtable's Krypkasino, with OpenSpiel's ``crazy_eights`` in the same run.

Run with ``python bench/bench_krypkasino.py [--hands N]``. It prints figures only; nothing here
passes or fails. Random hands are timed for 2, 4 and 6 players (best of 5 runs, ours and
OpenSpiel's alternating so a busy spell of a shared machine slows both alike); the capture
search on the worst tables from a cold cache; the ``rules`` bot's time per decision; and the
``search`` bot's (the expert's) milliseconds per decision at the 50th and 95th percentile, in
two of the four seats of four-player hands against the ``rules`` bot.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import Any

from rich.console import Console
from rich.table import Table

import cardtable
from cardtable.bot_protocol import choose_for
from cardtable.cards import parse_cards
from cardtable.games.krypkasino.bot import KrypkasinoRulesBot
from cardtable.games.krypkasino.captures import captures, clear_cache, rank_code
from cardtable.games.krypkasino.expert import KrypkasinoSearchBot
from timing import RUNS, best_of, load_pyspiel, openspiel_run

PLAYERS = (2, 4, 6)
WORST_TABLES = (
    "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C AD AH",
    "AC AD 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D",
    "AC AD AH 2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C",
    "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S",
)


def ours_run(players: int, hands: int, index: int) -> tuple[float, int]:
    """Seconds for ``hands`` random one-hand games of our Krypkasino, and the moves made."""
    game = cardtable.load("krypkasino", players=players, deals=1)
    rng = random.Random(index)
    moves = 0
    start = time.perf_counter()
    for i in range(hands):
        state = game.new_state(seed=index * hands + i)
        while not state.is_over:
            legal = state.legal_moves()
            state.apply(legal[int(rng.random() * len(legal))])
        moves += len(state.history)
    return time.perf_counter() - start, moves


def random_hands(
    players: int, hands: int, pyspiel: Any | None
) -> tuple[float, float, float, float | None, float]:
    """First (cold) and best seconds, moves per hand, and OpenSpiel's best seconds and actions
    per game (None when it is not installed)."""
    ours: list[tuple[float, int]] = []
    theirs: list[tuple[float, int]] = []
    for index in range(RUNS):
        ours.append(ours_run(players, hands, index))
        if pyspiel is not None:
            theirs.append(
                # The nearest many-player card game OpenSpiel has: shedding, one or two packs.
                openspiel_run(pyspiel, "crazy_eights", hands, index, {"players": players})
            )
    best_theirs = min(t for t, _ in theirs) if theirs else None
    their_actions = theirs[0][1] / hands if theirs else 0.0
    return ours[0][0], min(t for t, _ in ours), ours[0][1] / hands, best_theirs, their_actions


def capture_search() -> tuple[float, int]:
    """Seconds for every hand value on every worst table, from a cold cache (best run), and
    the number of searches."""
    tables = [rank_code(parse_cards(t)) for t in WORST_TABLES]

    def run(_: int) -> float:
        clear_cache()
        start = time.perf_counter()
        for code in tables:
            for value in range(2, 15):
                captures(value, code)
        return time.perf_counter() - start

    return best_of(RUNS, run), len(tables) * 13


def rules_bot(players: int, hands: int) -> tuple[float, int]:
    """``rules`` bots in every seat: mean seconds per decision with a choice, decisions."""
    game = cardtable.load("krypkasino", players=players, deals=1)
    spent = 0.0
    decisions = 0
    for i in range(hands):
        state = game.new_state(seed=i)
        bots = [KrypkasinoRulesBot(seed=i * players + s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move or 0
            if len(state.legal_moves()) > 1:
                start = time.perf_counter()
                move = choose_for(bots[seat], state)
                spent += time.perf_counter() - start
                decisions += 1
            else:
                move = state.legal_moves()[0]
            state.apply(move)
    return spent / max(decisions, 1), decisions


def search_bot(hands: int) -> tuple[float, float, float, int]:
    """The ``search`` bot at its default budget in seats 0 and 2 of four-player hands, the
    ``rules`` bot in 1 and 3: mean, median and 95th percentile seconds per decision (every
    decision, forced ones too, as a player waits for them), and the decisions."""
    game = cardtable.load("krypkasino", players=4, deals=1)
    times: list[float] = []
    for i in range(hands):
        state = game.new_state(seed=1000 + i)
        bots = [
            KrypkasinoSearchBot(seed=i) if s % 2 == 0 else KrypkasinoRulesBot(seed=i)
            for s in range(4)
        ]
        while not state.is_over:
            seat = state.to_move or 0
            start = time.perf_counter()
            move = choose_for(bots[seat], state)
            if seat % 2 == 0:
                times.append(time.perf_counter() - start)
            state.apply(move)
    times.sort()
    count = len(times)
    return sum(times) / count, times[count // 2], times[int(count * 0.95)], count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200, help="random hands per run")
    args = parser.parse_args()
    console = Console()
    console.print(
        f"cardtable {cardtable.__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}) on {platform.machine()}; best of {RUNS} runs, "
        f"{args.hands} hands a run"
    )
    table = Table("Figure", "Value", "Notes", title="Krypkasino benchmarks", title_justify="left")
    pyspiel = load_pyspiel()
    if pyspiel is None:
        console.print("OpenSpiel (pyspiel) is not installed: its figures are skipped.")
    for players in PLAYERS:
        cold, best, moves, spiel, actions = random_hands(players, args.hands, pyspiel)
        rate = args.hands / best
        table.add_row(
            f"random hands, {players} players",
            f"{rate:,.0f} hands/s",
            f"{moves:.0f} moves a hand; first run (cold capture cache) "
            f"{args.hands / cold:,.0f} hands/s",
        )
        if spiel is not None:
            spiel_rate = args.hands / spiel
            table.add_row(
                f"crazy_eights, {players} players, OpenSpiel",
                f"{spiel_rate:,.0f} games/s",
                f"{actions:.0f} actions a game (C++ from Python)",
            )
            table.add_row(
                f"  moves per second, {players} players",
                f"{rate * moves:,.0f} / {spiel_rate * actions:,.0f}",
                "cardtable / OpenSpiel",
            )
    seconds, searches = capture_search()
    table.add_row(
        "capture search, worst tables",
        f"{seconds * 1000:.1f} ms",
        f"{searches} searches (12 to 20 low cards, every value), cold cache",
    )
    for players in PLAYERS:
        per, decisions = rules_bot(players, 20)
        table.add_row(
            f"rules bot, {players} players",
            f"{per * 1000:.3f} ms/decision",
            f"{decisions:,} decisions with a choice",
        )
    mean, median, p95, decisions = search_bot(max(2, args.hands // 25))
    table.add_row(
        "search bot (expert), 4 players",
        f"{median * 1000:.1f} / {p95 * 1000:.1f} ms",
        f"50th / 95th percentile; mean {mean * 1000:.1f} ms over {decisions:,} decisions",
    )
    console.print(table)


if __name__ == "__main__":
    main()
