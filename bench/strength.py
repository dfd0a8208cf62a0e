"""The measured difficulty ladder: each level against the one below, in every game, duplicate.

Run with ``make strength`` (long; not part of ``make test``) or
``python bench/strength.py [--games N] [--out docs/strength.md] [--jobs K] [--only GAME]``.
It writes ``docs/strength.md``: per game and per step of the ladder, the games and deals
played, the stronger level's win rate and its points per deal over the weaker one, with 95%
intervals, and the time each level takes per move.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from itertools import pairwise
from pathlib import Path

from rich.console import Console

import cardtable
from cardtable.bots.arena import MatchResult, run_match
from cardtable.bots.registry import LEVELS, describe_level, level_bot

# Games per pairing (each played in every seating): enough for the minimum of 1,000
# deals (Calypso: 4 a game; Kloepper: a game to 30 is many deals) or 500 Cribbage games.
GAMES = {"cribbage": 500, "calypso": 250, "kloepper": 200, "krypkasino": 250}
OPTIONS: dict[str, dict[str, object]] = {"krypkasino": {"players": 4}}


def ladder(game: str) -> list[str]:
    """The levels this game offers, weakest first (a level needs its bot)."""
    return [level for level in LEVELS if level_bot(game, level) is not None]


def row(game: str, weak: str, strong: str, result: MatchResult) -> str:
    summary = result.summary()
    labels = list(summary)
    first = summary[labels[0]]
    diff = result.difference()
    deals = sum(g.deals for g in result.games)
    rate = first["win_rate"]
    verdict = "yes" if diff.excludes_zero() else "**no**"
    return (
        f"| {strong} vs {weak} | {len(result.games)} | {deals} | "
        f"{rate.mean:.1%} [{rate.low:.1%}, {rate.high:.1%}] | "
        f"{diff.mean:+.3f} [{diff.low:+.3f}, {diff.high:+.3f}] | {verdict} | "
        f"{first['ms_per_move']:.2f} / {summary[labels[1]]['ms_per_move']:.2f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the games played")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("docs/strength.md"))
    parser.add_argument("--only", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    console = Console()
    lines = [
        "# The measured ladder",
        "",
        "Each level against the one below it, on the same deals with the seats rotated "
        "(duplicate: every deal once in every seating), from seed 0. *Win rate* is the "
        "stronger level's share of games (a shared win counts a half); *points per deal* is "
        "its mean score per deal less the weaker level's, game by game (Krypkasino's penalty "
        "points with the sign turned, so more is better). Intervals are 95%. *Significant*: "
        "the interval of the difference excludes zero. *ms/move*: the stronger level's time "
        "per decision, then the weaker one's.",
        "",
        f"Regenerate with `make strength`. Measured with cardtable {cardtable.__version__}, "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"{time.strftime('%Y-%m-%d')}"
        + (f", at {args.scale:g} of the full number of games." if args.scale != 1 else "."),
        "",
        "| level | " + " | ".join(cardtable.games()) + " |",
        "|---|" + "---|" * len(cardtable.games()),
        *(
            f"| {level} | " + " | ".join(describe_level(g, level) for g in cardtable.games()) + " |"
            for level in LEVELS
        ),
        "",
    ]
    for game in cardtable.games():
        if args.only and game not in args.only:
            continue
        levels = ladder(game)
        games = max(2, round(GAMES.get(game, 200) * args.scale))
        options = OPTIONS.get(game, {})
        shown = ", ".join(f"{k}={v}" for k, v in options.items())
        lines += [f"## {game}" + (f" ({shown})" if shown else ""), ""]
        lines += [
            "| pairing | games | deals | win rate | points per deal | significant | ms/move |",
            "|---|---|---|---|---|---|---|",
        ]
        for weak, strong in pairwise(levels):
            started = time.perf_counter()
            result = run_match(
                game,
                [strong, weak],
                games,
                duplicate=True,
                seed=0,
                options=options,
                jobs=args.jobs,
            )
            lines.append(row(game, weak, strong, result))
            console.print(
                f"{game}: {strong} vs {weak}: {result.difference()} points per deal "
                f"({len(result.games)} games, {time.perf_counter() - started:.0f} s)"
            )
        lines.append("")
    args.out.write_text("\n".join(lines), encoding="utf-8")
    console.print(f"Wrote {args.out}")


if __name__ == "__main__":
    main()
