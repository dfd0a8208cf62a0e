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
issue set one, the target for ``expert`` (:data:`TARGETS`), measured the same way; and with
``--outside``, ``expert`` against OpenSpiel's ISMCTS (:data:`OUTSIDE`).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

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


#: What the issue asks of ``expert``: the level it is measured against, the measure and the
#: least value. Cribbage's target is against an outside program (:data:`OUTSIDE`).
TARGETS: dict[str, tuple[str, str, float]] = {
    "calypso": ("hard", "points per deal", 20.0),
    "kloepper": ("medium", "points per deal", 0.4),
    "krypkasino": ("hard", "points per deal", 2.0),
}


def pairings(game: str) -> list[tuple[str, str]]:
    """(weak, strong): each level against the one below; then ``expert`` against ``easy`` (a
    second opponent style: the rules bot with injected mistakes, which no search copies) and
    against the level its target names, where those are not steps already."""
    steps = list(pairwise(ladder(game)))
    extra = [("easy", "expert")]
    if game in TARGETS:
        extra.append((TARGETS[game][0], "expert"))
    return steps + [p for p in dict.fromkeys(extra) if p not in steps]


def target_line(game: str, result: MatchResult) -> str:
    weak, measure, least = TARGETS[game]
    if measure == "win rate":
        value = result.summary()[result.bots[0]]["win_rate"].mean
        shown, wanted = f"{value:.1%}", f"{least:.0%} of games"
    else:
        interval = result.difference()
        value = interval.mean
        shown = f"{value:+.3f} [{interval.low:+.3f}, {interval.high:+.3f}]"
        wanted = f"{least:+g} points per deal"
    verdict = _verdict(value, least, None if measure == "win rate" else result.difference().low)
    return f"Target: `expert` against `{weak}` at least {wanted}; measured {shown}: {verdict}."


def _verdict(value: float, least: float, low: float | None) -> str:
    """Met when the mean reaches the target; said plainly whether the whole 95% interval does.

    >>> _verdict(2.4, 2.0, 1.4), _verdict(0.5, 0.4, 0.45), _verdict(1.0, 2.0, None)
    ('met on the mean (the interval reaches below it)', 'met', '**not met**')
    """
    if value < least:
        return "**not met**"
    if low is None or low >= least:
        return "met"
    return "met on the mean (the interval reaches below it)"


#: Opponents nobody here wrote, played by ``--outside`` in the arena: OpenSpiel's Python
#: ISMCTS (random rollouts) at 1,000 simulations a decision, against ``expert``; how many
#: deals (each in every seating) complete the pairing. Its decisions take seconds, so the
#: counts are small; ``bench/outside_cribbage.py`` adds an outside Cribbage program.
OUTSIDE = "openspiel-ismcts:simulations=1000"
# Krypkasino's first 16 deals differed by about 18 points a deal (two games, one in each
# seating) from one deal to the next: 48 deals make the interval about +-5.
OUTSIDE_DEALS: dict[str, int] = {"cribbage": 16, "calypso": 8, "kloepper": 48, "krypkasino": 48}
#: The outside match's options where they differ from the ladder's: a four-player Krypkasino
#: game is four hands, and ISMCTS's random rollouts run to the end of the game (about 15 s a
#: decision at its start); games of one hand end its rollouts where the hand's score is made
#: (about 4 s), and the points are counted a hand, as the ladder's are.
OUTSIDE_OPTIONS: dict[str, dict[str, object]] = {"krypkasino": {"players": 4, "deals": 1}}
OUTSIDE_PLUGINS = ("cardtable.rl.openspiel",)


def outside_options(game: str) -> dict[str, object]:
    """The options of ``game``'s outside match."""
    return OUTSIDE_OPTIONS.get(game, OPTIONS.get(game, {}))


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


def outside_path(data: Path, game: str) -> Path:
    return data / f"outside-{game}-openspiel-ismcts.json"


def load_pairing(path: Path, bots: list[str], options: dict[str, object]) -> MatchResult | None:
    """The games played so far, if the file is for these bots and options."""
    if not path.exists():
        return None
    result = MatchResult.from_json(json.loads(path.read_text(encoding="utf-8")))
    wanted = dict(cardtable.load(result.game, **options).options)
    # An option added to a game after the file was written is missing from it; at its default
    # it plays the rules the file was played under (a new option's default keeps the game), so
    # the games still count. Any other difference starts the pairing again.
    if result.bots != bots or {**wanted, **result.options} != wanted or result.seed != 0:
        return None
    result.options = wanted
    return result


def archive(path: Path, console: Console) -> None:
    """Move the games of a level that has since changed (a file ``load_pairing`` no longer
    takes) to ``earlier/`` beside it, numbered, instead of playing over them: what an earlier
    level measured stays on record, in the report's last table."""
    if not path.exists():
        return
    folder = path.parent / "earlier"
    folder.mkdir(exist_ok=True)
    n = 1
    while (dest := folder / f"{path.stem}-{n}.json").exists():
        n += 1
    path.rename(dest)
    console.print(f"{path.name}: its levels changed; the games played so far are now {dest}")


def earlier_lines(data: Path) -> list[str]:
    """The table of the games of earlier levels (:func:`archive`), each under the bots that
    played it."""
    paths = sorted((data / "earlier").glob("*.json"))
    if not paths:
        return []
    lines = [
        "## Earlier levels",
        "",
        "Pairings played by a level before it changed, kept as measured (`bench/strength/"
        "earlier/`); the first bot is the stronger one, the difference is its points per deal.",
        "",
        "| game | bots | games | deals | win rate | points per deal | significant |",
        "|---|---|---|---|---|---|---|",
    ]
    for path in paths:
        result = MatchResult.from_json(json.loads(path.read_text(encoding="utf-8")))
        rate = result.summary()[result.bots[0]]["win_rate"]
        diff = result.difference()
        lines.append(
            f"| {result.game} | {' vs '.join(f'`{b}`' for b in result.bots)} | "
            f"{len(result.games)} | {sum(g.deals for g in result.games)} | "
            f"{rate.mean:.1%} [{rate.low:.1%}, {rate.high:.1%}] | "
            f"{diff.mean:+.3f} [{diff.low:+.3f}, {diff.high:+.3f}] | "
            f"{'yes' if diff.excludes_zero() else '**no**'} |"
        )
    return [*lines, ""]


def play_pairing(
    data: Path,
    game: str,
    weak: str,
    strong: str,
    needed: int,
    jobs: int,
    deadline: float,
    console: Console,
    outside: bool = False,
) -> MatchResult | None:
    """Play on until the pairing is complete or the deadline passes; None if nothing played.
    With ``outside``, ``weak`` is the outside bot's spec and ``needed`` counts deals."""
    bots = [spec(game, strong), weak if outside else spec(game, weak)]
    options = outside_options(game) if outside else OPTIONS.get(game, {})
    path = outside_path(data, game) if outside else pairing_path(data, game, weak, strong)
    plugins = OUTSIDE_PLUGINS if outside else ()
    result = load_pairing(path, bots, options)
    if result is None:
        archive(path, console)
    part_size = max(1, min(PART, jobs)) if outside else PART

    def done() -> int:
        if result is None:
            return 0
        return len({g.deal for g in result.games}) if outside else measured(result, game)

    while done() < needed and time.time() < deadline:
        first = 0 if result is None else 1 + max(g.deal for g in result.games)
        started = time.perf_counter()
        part = run_match(
            game,
            bots,
            part_size,
            duplicate=True,
            seed=0,
            options=options,
            jobs=jobs,
            first=first,
            plugins=plugins,
        )
        if result is None:
            result = part
        else:
            result.games += part.games
        data.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result.to_json()) + "\n", encoding="utf-8")
        console.print(
            f"{game}: {strong} vs {weak}: {done()}/{needed} "
            f"{'deals' if outside else NEEDED[game][0]}, {result.difference()} points per deal "
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
        "with random or `rules` play-outs. Each game's `expert` is its own search: Calypso's "
        "`search` plays 80 sampled deals out by a lean copy of the rules bot (a tenth of its "
        "cards at random) and values a deal's end by what its calypsos are expected to become; "
        "Cribbage's `pegger` pegs by exact search over the opponent's hands weighted by what "
        "its discard and its plays say, the opponent answering with best play; Kloepper's "
        "`pimc-risk` searches 80 worlds a card, weighed by how likely the others' play was, "
        "plays them out by a lean copy of the rules bot read straight off the deal, the last "
        "three tricks solved exactly (both sides at their best), and calls "
        "or knocks otherwise than the rules bot only when the play-outs show it pays by half a "
        "standard error; Krypkasino's `search` "
        "weighs each opponent's hands by his plays, scores its own penalty points only, plays "
        "out by the rules bot with 10% noise to the end of the packet, and keeps the rules "
        "bot's card unless another beats it by a standard error. `hard` is the `expert` of "
        "before, so each step is measured against what it replaced.",
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
                if game in TARGETS and (weak, strong) == (TARGETS[game][0], "expert"):
                    target = target_line(game, result)
        lines += ["", target, ""] if target else [""]
    return lines


#: Games that complete the match against the simulator's simulation strategy.
SIMULATION_GAMES = 1000


def outside_cribbage(data: Path) -> list[tuple[dict[str, Any], MatchResult]]:
    """``bench/outside_cribbage.py``'s matches (arena results with an ``outside`` section):
    each ``outside-cribbage-*-vs-*.json``, and each ``outside-cribbage-*/`` folder of parts
    (``--first``) read as one match."""
    matches = []
    for path in sorted(data.glob("outside-cribbage-*-vs-*.json")):
        found = json.loads(path.read_text(encoding="utf-8"))
        matches.append((found, MatchResult.from_json(found)))
    for folder in sorted(p for p in data.glob("outside-cribbage-*") if p.is_dir()):
        parts = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]
        if parts:
            result = MatchResult.from_json(parts[0])
            for part in parts[1:]:
                result.games += MatchResult.from_json(part).games
            matches.append((parts[0], result))
    return matches


def outside_lines(data: Path) -> list[str]:
    """The table of ``expert`` against opponents nobody here wrote: OpenSpiel's ISMCTS from
    the arena, and what ``bench/outside_cribbage.py`` measured (its ``outside-*.json``)."""
    lines = [
        "## Against outside programs",
        "",
        "| game | pairing | games | deals | win rate | points per deal | significant |",
        "|---|---|---|---|---|---|---|",
    ]
    for game in cardtable.games():
        bots = [spec(game, "expert"), OUTSIDE]
        options = outside_options(game)
        result = load_pairing(outside_path(data, game), bots, options)
        shown = f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""
        if result is None:
            lines.append(f"| {game}{shown} | expert vs {OUTSIDE} | 0 | 0 | not yet played | | |")
            continue
        summary = result.summary()
        rate = summary[result.bots[0]]["win_rate"]
        diff = result.difference()
        seeds = len({g.deal for g in result.games})
        verdict = "yes" if diff.excludes_zero() else "**no**"
        if seeds < OUTSIDE_DEALS[game]:
            verdict += f" (partial: {seeds} of {OUTSIDE_DEALS[game]} deals)"
        lines.append(
            f"| {game}{shown} | expert vs {OUTSIDE} | {len(result.games)} | "
            f"{sum(g.deals for g in result.games)} | "
            f"{rate.mean:.1%} [{rate.low:.1%}, {rate.high:.1%}] | "
            f"{diff.mean:+.3f} [{diff.low:+.3f}, {diff.high:+.3f}] | {verdict} |"
        )
    targets = []
    for found, result in outside_cribbage(data):
        rate = result.summary()[result.bots[0]]["win_rate"]
        diff = result.difference()
        verdict = "yes" if diff.excludes_zero() else "**no**"
        opponent = found["outside"]["opponent"]
        measured = (
            f"measured {rate.mean:.1%} [{rate.low:.1%}, {rate.high:.1%}] and {diff.mean:+.3f} "
            f"[{diff.low:+.3f}, {diff.high:+.3f}] points a deal over {len(result.games)}"
        )
        if result.bots[0] == "expert" and opponent == "static":
            targets.append(
                "Target: `expert` against the simulator's best static strategy at least 56% of "
                f"games and +0.25 points a deal over 4,000 games; {measured}: "
                + ("met" if rate.mean >= 0.56 and diff.mean >= 0.25 else "**not met**")
                + "."
            )
        if result.bots[0] == "expert" and opponent == "simulation":
            games = len(result.games)
            done = "met" if rate.mean >= 0.5 else "**not met**"
            targets.append(
                "Target: `expert` against the simulator's simulation strategy (its defaults) "
                f"not below 50% of games over 1,000 games; {measured}: "
                + (f"{done}." if games >= SIMULATION_GAMES else f"{done} so far (partial).")
            )
            if games < SIMULATION_GAMES:
                verdict += f" (partial: {games} of {SIMULATION_GAMES:,} games)"
        lines.append(
            f"| cribbage | {result.bots[0]} vs the simulator's "
            f"{found['outside']['opponent']} strategy | {len(result.games)} | "
            f"{sum(g.deals for g in result.games)} | "
            f"{rate.mean:.1%} [{rate.low:.1%}, {rate.high:.1%}] | "
            f"{diff.mean:+.3f} [{diff.low:+.3f}, {diff.high:+.3f}] | {verdict} |"
        )
    return [*lines, "", *[f"{t}\n" for t in targets]] if targets else [*lines, ""]


def times_lines(data: Path) -> list[str]:
    """The table of each level's time per decision (``bench/move_times.py``)."""
    path = data / "move-times.json"
    if not path.exists():
        return []
    found = json.loads(path.read_text(encoding="utf-8"))
    games = [g for g in cardtable.games() if g in found["games"]]
    lines = [
        "## Time per decision",
        "",
        "Milliseconds each level takes to decide, median / 95th percentile, every seat played by "
        f"that level, one process on an idle core ({found['machine']}; `bench/move_times.py`).",
        "",
        "| level | " + " | ".join(games) + " |",
        "|---|" + "---|" * len(games),
    ]
    for level in LEVELS:
        cells = []
        for game in games:
            row = found["games"][game].get(level)
            cells.append("" if row is None else f"{row['p50_ms']:.2f} / {row['p95_ms']:.2f}")
        lines.append(f"| {level} | " + " | ".join(cells) + " |")
    return [*lines, ""]


def notes_lines(data: Path) -> list[str]:
    """What was measured beside the ladder (experiments kept off by measurement, with their
    figures), written by hand in ``notes.md`` of the data folder and kept in the report."""
    path = data / "notes.md"
    return [path.read_text(encoding="utf-8").rstrip(), ""] if path.exists() else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the games needed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("docs/strength.md"))
    parser.add_argument("--only", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--pairing", action="append", help="only this pairing, e.g. expert-vs-hard (repeatable)"
    )
    parser.add_argument(
        "--outside", action="store_true", help=f"play expert against {OUTSIDE} instead"
    )
    parser.add_argument("--minutes", type=float, help="start no new part after this long")
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the games")
    parser.add_argument("--report", action="store_true", help="only write the report")
    args = parser.parse_args()
    console = Console()
    deadline = time.time() + (float("inf") if args.minutes is None else args.minutes * 60)
    for game in [] if args.report else cardtable.games():
        if args.only and game not in args.only:
            continue
        if args.outside:
            needed = round(OUTSIDE_DEALS[game] * args.scale)
            play_pairing(
                args.data, game, OUTSIDE, "expert", needed, args.jobs, deadline, console, True
            )
            continue
        needed = needed_for(game, args.scale)
        for weak, strong in pairings(game):
            if args.pairing and f"{strong}-vs-{weak}" not in args.pairing:
                continue
            play_pairing(args.data, game, weak, strong, needed, args.jobs, deadline, console)
    lines = report(args.data, args.scale) + outside_lines(args.data) + times_lines(args.data)
    lines += earlier_lines(args.data) + notes_lines(args.data)
    args.out.write_text("\n".join(lines), encoding="utf-8")
    console.print(f"Wrote {args.out}")


if __name__ == "__main__":
    main()
