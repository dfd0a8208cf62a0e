"""The measured difficulty ladder: each level against the one below, in every game, duplicate.

Run with ``make strength`` (hours on two cores; not part of ``make test``) or
``python bench/strength.py [--scale S] [--jobs K] [--only GAME] [--minutes M]``.

Each pairing is played in parts of a few deals, and every part's games are added to
``bench/strength/GAME-STRONG-vs-WEAK.json`` as soon as it ends, so a run that is stopped (or
given ``--minutes``) goes on where it left off next time; a file whose bots or options no longer
match the level table is played again from the start. A pairing is complete at 1,000 deals
(5,000 in Kloepper and Krypkasino and 1,000 games in Cribbage, where the steps are small and
the deals quick) times ``--scale``. ``docs/strength.md`` is written from every file there:
per pairing the games and deals played, the stronger level's win rate and its points per deal
over the weaker one, with 95% intervals, and the time each level takes per move; and, where the
issue set one, the target for ``expert`` against ``easy`` (:data:`TARGETS`), measured the same
way.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from itertools import pairwise
from pathlib import Path

from rich.console import Console

import cardtable
from cardtable.bots.arena import MatchResult, run_match
from cardtable.bots.levels import LEVELS, describe_level, level_bot

#: What completes a pairing: (the unit, how many), before ``--scale``.
NEEDED: dict[str, tuple[str, int]] = {
    "cribbage": ("games", 1000),
    "calypso": ("deals", 1000),
    "kloepper": ("deals", 5000),
    "krypkasino": ("deals", 5000),
}
OPTIONS: dict[str, dict[str, object]] = {"krypkasino": {"players": 4}}
#: Deals (seeds, each played in every seating) per part.
PART = 8
DATA = Path(__file__).with_name("strength")


def ladder(game: str) -> list[str]:
    """The levels this game offers, weakest first (a level needs its bot)."""
    return [level for level in LEVELS if level_bot(game, level) is not None]


#: What ``expert`` must show against ``easy``: (the measure, the least value).
TARGETS: dict[str, tuple[str, float]] = {
    "cribbage": ("win rate", 0.54),
    "calypso": ("points per deal", 0.3),
    "kloepper": ("points per deal", 0.3),
}


def pairings(game: str) -> list[tuple[str, str]]:
    """(weak, strong): each level against the one below, then expert against easy where the
    game has a target for it."""
    steps = list(pairwise(ladder(game)))
    return [*steps, ("easy", "expert")] if game in TARGETS else steps


def target_line(game: str, result: MatchResult) -> str:
    measure, least = TARGETS[game]
    if measure == "win rate":
        value = result.summary()[result.bots[0]]["win_rate"].mean
        shown, wanted = f"{value:.1%}", f"{least:.0%} of games"
    else:
        value = result.difference().mean
        shown, wanted = f"{value:+.3f}", f"{least:+g} points per deal"
    verdict = "met" if value >= least else "**not met**"
    return f"Target: `expert` against `easy` at least {wanted}; measured {shown}: {verdict}."


def spec(game: str, level: str) -> str:
    """The level's bot as an arena spec, ``name:key=value...``."""
    return describe_level(game, level, sep=":")


def needed_for(game: str, scale: float) -> int:
    """How many deals (or Cribbage games) complete a pairing of ``game``."""
    return round(NEEDED[game][1] * scale)


def measured(result: MatchResult, game: str) -> int:
    unit, _ = NEEDED[game]
    return len(result.games) if unit == "games" else sum(g.deals for g in result.games)


def pairing_path(data: Path, game: str, weak: str, strong: str) -> Path:
    return data / f"{game}-{strong}-vs-{weak}.json"


def load_pairing(path: Path, bots: list[str], options: dict[str, object]) -> MatchResult | None:
    """The games played so far, if the file is for these bots and options."""
    if not path.exists():
        return None
    result = MatchResult.from_json(json.loads(path.read_text(encoding="utf-8")))
    wanted = dict(cardtable.load(result.game, **options).options)
    if result.bots != bots or result.options != wanted or result.seed != 0:
        return None
    return result


def play_pairing(
    data: Path,
    game: str,
    weak: str,
    strong: str,
    needed: int,
    jobs: int,
    deadline: float,
    console: Console,
) -> MatchResult | None:
    """Play on until the pairing is complete or the deadline passes; None if nothing played."""
    bots = [spec(game, strong), spec(game, weak)]
    options = OPTIONS.get(game, {})
    path = pairing_path(data, game, weak, strong)
    result = load_pairing(path, bots, options)
    while (result is None or measured(result, game) < needed) and time.time() < deadline:
        first = 0 if result is None else 1 + max(g.deal for g in result.games)
        started = time.perf_counter()
        part = run_match(
            game, bots, PART, duplicate=True, seed=0, options=options, jobs=jobs, first=first
        )
        if result is None:
            result = part
        else:
            result.games += part.games
        data.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result.to_json()) + "\n", encoding="utf-8")
        console.print(
            f"{game}: {strong} vs {weak}: {measured(result, game)}/{needed} "
            f"{NEEDED[game][0]}, {result.difference()} points per deal "
            f"({time.perf_counter() - started:.0f} s for {len(part.games)} games)"
        )
    return result


def row(weak: str, strong: str, result: MatchResult, game: str, needed: int) -> str:
    summary = result.summary()
    labels = list(summary)
    first = summary[labels[0]]
    diff = result.difference()
    deals = sum(g.deals for g in result.games)
    rate = first["win_rate"]
    verdict = "yes" if diff.excludes_zero() else "**no**"
    done = measured(result, game)
    if done < needed:
        verdict += f" (partial: {done} of {needed} {NEEDED[game][0]})"
    return (
        f"| {strong} vs {weak} | {len(result.games)} | {deals} | "
        f"{rate.mean:.1%} [{rate.low:.1%}, {rate.high:.1%}] | "
        f"{diff.mean:+.3f} [{diff.low:+.3f}, {diff.high:+.3f}] | {verdict} | "
        f"{first['ms_per_move']:.2f} / {summary[labels[1]]['ms_per_move']:.2f} |"
    )


def report(data: Path, scale: float) -> list[str]:
    """docs/strength.md from the files in ``data``."""
    lines = [
        "# The measured ladder",
        "",
        "Each level against the one below it, on the same deals with the seats rotated "
        "(duplicate: every deal once in every seating), from seed 0. *Win rate* is the "
        "stronger level's share of games (a shared win counts a half); *points per deal* is "
        "its mean score per deal less the weaker level's, game by game (Krypkasino's penalty "
        "points with the sign turned, so more is better). Intervals are 95%. *Significant*: "
        "the interval of the difference excludes zero. *ms/move*: the stronger level's time "
        "per decision, then the weaker one's, both cores busy.",
        "",
        f"Regenerate with `make strength`. Measured with cardtable {cardtable.__version__}, "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"{time.strftime('%Y-%m-%d')}; a pairing is complete at "
        + ", ".join(f"{n * scale:g} {unit} in {g}" for g, (unit, n) in NEEDED.items())
        + ". The games of each pairing are in `bench/strength/`.",
        "",
        "| level | " + " | ".join(cardtable.games()) + " |",
        "|---|" + "---|" * len(cardtable.games()),
        *(
            f"| {level} | " + " | ".join(describe_level(g, level) for g in cardtable.games()) + " |"
            for level in LEVELS
        ),
        "",
        "`rules` is each game's rules bot; `mistakes=x` makes a share x of its decisions at "
        "random (in Kloepper never a call or a knock); in Cribbage `discards=hand` keeps the "
        "four cards worth most on their own, ignoring the crib, and `pegging=greedy` pegs the "
        "most at once without weighing the reply. `pimc` searches sampled deals (worlds), "
        "with random or `rules` play-outs. In Cribbage and Krypkasino no search bot has yet "
        "been measured to beat the rules bot (Cribbage `solver`, exact pegging over 30 sampled "
        "hands with pegging-aware discards: +0.01 [-0.31, +0.34] points a deal over 200 games; "
        "Krypkasino, four players: `pimc` with 30 worlds -1.7 [-4.5, +1.1] over 160 deals, "
        "with 8 worlds and `rules` play-outs -5.9 [-9.3, -2.4] over 64, `ismcts` with 300 "
        "iterations +0.0 [-3.5, +3.6] over 80), so there `expert` is the rules bot itself.",
        "",
    ]
    for game in cardtable.games():
        options = OPTIONS.get(game, {})
        needed = needed_for(game, scale)
        shown = ", ".join(f"{k}={v}" for k, v in options.items())
        lines += [f"## {game}" + (f" ({shown})" if shown else ""), ""]
        lines += [
            "| pairing | games | deals | win rate | points per deal | significant | ms/move |",
            "|---|---|---|---|---|---|---|",
        ]
        target = ""
        for weak, strong in pairings(game):
            bots = [spec(game, strong), spec(game, weak)]
            result = load_pairing(pairing_path(data, game, weak, strong), bots, options)
            if result is None:
                lines.append(f"| {strong} vs {weak} | 0 | 0 | not yet played | | | |")
            else:
                lines.append(row(weak, strong, result, game, needed))
                if (weak, strong) == ("easy", "expert"):
                    target = target_line(game, result)
        lines += ["", target, ""] if target else [""]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the games needed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("docs/strength.md"))
    parser.add_argument("--only", action="append", help="only this game (repeatable)")
    parser.add_argument("--minutes", type=float, help="start no new part after this long")
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the games")
    args = parser.parse_args()
    console = Console()
    deadline = time.time() + (float("inf") if args.minutes is None else args.minutes * 60)
    for game in cardtable.games():
        if args.only and game not in args.only:
            continue
        needed = needed_for(game, args.scale)
        for weak, strong in pairings(game):
            play_pairing(args.data, game, weak, strong, needed, args.jobs, deadline, console)
    args.out.write_text("\n".join(report(args.data, args.scale)), encoding="utf-8")
    console.print(f"Wrote {args.out}")


if __name__ == "__main__":
    main()
