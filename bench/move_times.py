"""How long every level takes to decide, at the 50th and 95th percentile, on this machine.

``python bench/move_times.py [--seconds S] [--only GAME] [--out FILE]`` plays seeded games in
which every seat is the level's bot (its row from the level table, so the figures are the
ladder's), times each decision on one core, and writes per game and level the decisions
timed, the median and the 95th percentile in milliseconds to ``bench/strength/move-times.json``
(``docs/strength.md`` shows them; ``bench/strength.py`` reads the file). Each level plays
whole deals until ``--seconds`` of deciding have passed (at least one deal), so a slow level
gives fewer decisions, never a longer run; a quick one stops at ``--decisions``. Run it with
nothing else on the machine: the figures are of one process on an idle core.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

import cardtable
from cardtable.bots.levels import LEVELS, describe_level, level_bot, make_bot
from cardtable.seat_view import SeatView

OPTIONS: dict[str, dict[str, object]] = {"krypkasino": {"players": 4}}
OUT = Path(__file__).with_name("strength") / "move-times.json"


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank, as a latency figure is read).

    >>> percentile([1.0, 2.0, 3.0, 4.0, 100.0], 0.95), percentile([5.0, 1.0, 3.0], 0.5)
    (100.0, 3.0)
    """
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


def time_level(
    game: str, level: str, seconds: float, cap: int = 3000, seed: int = 0
) -> list[float]:
    """Milliseconds per decision of ``level`` playing every seat of seeded deals of ``game``,
    until ``seconds`` of deciding or ``cap`` decisions."""
    spec = describe_level(game, level, sep=":")
    times: list[float] = []
    spent = 0.0
    deal = 0
    while (spent < seconds and len(times) < cap) or not times:
        state = cardtable.load(game, **OPTIONS.get(game, {})).new_state(seed=seed + deal)
        bots = [make_bot(game, spec, seed=deal * 16 + s) for s in range(state.game.num_players)]
        seen, deals = 0, 0
        while not state.is_over:
            deals += sum(1 for e in state.events[seen:] if e.type == "deal")
            seen = len(state.events)
            if deals > 1:
                break  # one deal of a long game is enough for timing
            seat = state.to_move
            assert seat is not None
            start = time.perf_counter()
            move = bots[seat].choose(SeatView(state, seat))
            took = time.perf_counter() - start
            times.append(took * 1000)
            spent += took
            state.apply(move)
        deal += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0, help="deciding time per level")
    parser.add_argument("--decisions", type=int, default=3000, help="most decisions per level")
    parser.add_argument("--only", action="append", help="only this game (repeatable)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    data: dict[str, object] = {}
    if args.out.exists():
        data = json.loads(args.out.read_text(encoding="utf-8"))
    games = data.setdefault("games", {})
    assert isinstance(games, dict)
    for game in cardtable.games():
        if args.only and game not in args.only:
            continue
        rows = games[game] = {}
        for level in LEVELS:
            if level_bot(game, level) is None:
                continue
            times = time_level(game, level, args.seconds, args.decisions)
            rows[level] = {
                "bot": describe_level(game, level),
                "decisions": len(times),
                "p50_ms": round(percentile(times, 0.5), 3),
                "p95_ms": round(percentile(times, 0.95), 3),
            }
            print(f"{game} {level}: {rows[level]}", flush=True)
    data["machine"] = (
        f"cardtable {cardtable.__version__}, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}"
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"Wrote {args.out}")


if __name__ == "__main__":
    main()
