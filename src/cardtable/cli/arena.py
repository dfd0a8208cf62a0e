"""``cardtable arena``: bots against each other over many deals, measured honestly."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cardtable.bots.arena import MatchResult, run_match, seatings
from cardtable.cli.common import OptionsArg, inert, inert_text, out, parse_options
from cardtable.cli.extras import missing, require
from cardtable.errors import CardtableError
from cardtable.registry import load

__all__ = ["arena", "draw_chart"]


#: Bots that live in the research API, by their name or the start of it (``-``), and the module
#: whose ``register_bots()`` makes them known (loaded only when a match names one).
BOT_PLUGINS = {
    "policy": "cardtable.rl.policies",
    "openspiel-": "cardtable.rl.openspiel",
    "distilled": "cardtable.bots.distilled",
}


def plugins_for(names: list[str]) -> list[str]:
    """The modules the bots ``names`` need (see :data:`BOT_PLUGINS`).

    >>> plugins_for(["rules", "policy:path=model.zip", "openspiel-ismcts:simulations=50"])
    ['cardtable.rl.openspiel', 'cardtable.rl.policies']
    >>> plugins_for(["distilled", "expert"])
    ['cardtable.bots.distilled']
    """
    needed = set()
    for name in names:
        bot = name.split(":")[0]
        for key, module in BOT_PLUGINS.items():
            if bot == key or (key.endswith("-") and bot.startswith(key)):
                needed.add(module)
    return sorted(needed)


def arena(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="a game from `cardtable games`")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="two or more bots or levels, comma-separated: rules,random; a trained policy "
            "policy:path=FILE, OpenSpiel's ISMCTS openspiel-ismcts:simulations=N",
        ),
    ],
    deals: Annotated[int, typer.Option("--deals", "-n", min=1, help="deals to play")] = 100,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate/--no-duplicate",
            help="play every deal once in every seating, so the cards cancel out",
        ),
    ] = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", min=0, help="worker processes, or a local Ray's CPUs (0: one per core)"
        ),
    ] = 0,
    ray: Annotated[
        bool, typer.Option("--ray", help="play the deals as Ray tasks, on a local Ray")
    ] = False,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address",
            metavar="ADDRESS",
            help="play on the Ray cluster at this address (HOST:PORT, ray://HOST:PORT or auto); "
            "implies --ray",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="deal i is dealt from seed S+i")] = 0,
    option: OptionsArg = None,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="where to save the results (JSON)")
    ] = None,
    png_path: Annotated[
        Path | None, typer.Option("--png", help="where to draw the results (PNG chart)")
    ] = None,
    save: Annotated[
        bool, typer.Option("--save/--no-save", help="save the JSON and the chart")
    ] = True,
) -> None:
    """Play bots against each other on the same deals, seats rotated, and report per bot the
    win rate and points per deal with 95% confidence intervals (and Elo ratings for three or
    more bots)."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if save and png_path is not None:
        # A chart asked for by name: checked before the match, so that no play is wasted.
        require("plot", "the chart of --png", ("matplotlib",), instead="leave out --png")
    options = parse_options(option)
    game = load(game_name, **options)
    workers = jobs or os.cpu_count() or 1
    per_deal = len(seatings(game.num_players, max(2, len(names)))) if duplicate else 1
    console = out()
    # The bot names are the user's text: never read as markup.
    columns = (TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn())
    with Progress(
        *columns,
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as bar:
        task = bar.add_task(inert(f"{game.name}: {', '.join(names)}"), total=deals * per_deal)
        result = run_match(
            game.name,
            names,
            deals,
            duplicate=duplicate,
            seed=seed,
            options=game.options,
            jobs=workers,
            progress=lambda k: bar.advance(task, k),
            ray=ray_address or ray,
            plugins=plugins_for(names),
        )
    show(result)
    if save:
        stem = f"arena-{game.name}-{'-'.join(names)}-{seed}"
        json_file = json_path or Path(f"{stem}.json")
        json_file.write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
        if missing("plot"):
            # The chart is an extra (matplotlib); the results are all in the JSON.
            console.print(
                inert_text(
                    f"Saved {json_file} (no chart: matplotlib is not installed here; "
                    "pip install 'cardtable[plot]')"
                )
            )
            return
        png_file = png_path or json_file.with_suffix(".png")
        draw_chart(result, png_file)
        console.print(inert_text(f"Saved {json_file} and {png_file}"))


def show(result: MatchResult) -> None:
    """The results as tables on the terminal."""
    console = out()
    kind = "duplicate " if result.duplicate else ""
    console.print(
        inert_text(
            f"{result.game}: {len(result.games)} games ({kind}deals from seed {result.seed}), "
            f"{', '.join(result.bots)}"
        )
    )
    table = Table("Bot", "Games", "Wins", "Win rate (95%)", "Points per deal (95%)", "ms/move")
    for label, row in result.summary().items():
        rate = row["win_rate"]
        points = row["points_per_deal"]
        table.add_row(
            inert_text(label),
            str(row["games"]),
            f"{row['wins']:g}",
            f"{rate.mean:.1%} [{rate.low:.1%}, {rate.high:.1%}]",
            f"{points.mean:+.3f} [{points.low:+.3f}, {points.high:+.3f}]",
            f"{row['ms_per_move']:.2f}",
        )
    console.print(table)
    labels = list(result.summary())
    if len(result.bots) == 2:
        diff = result.difference()
        verdict = "significant" if diff.excludes_zero() else "not significant"
        console.print(
            inert_text(
                f"{labels[0]} - {labels[1]}: {diff.mean:+.3f} points per deal, 95% interval "
                f"[{diff.low:+.3f}, {diff.high:+.3f}] ({verdict})"
            )
        )
    else:
        ratings = Table("Bot", "Elo", title="Elo, fitted on every game at once")
        for label, rating in sorted(result.ratings().items(), key=lambda kv: -kv[1]):
            ratings.add_row(inert_text(label), f"{rating:.0f}")
        console.print(ratings)


def draw_chart(result: MatchResult, path: Path) -> None:
    """Points per deal and win rate of each bot, with their 95% intervals, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")  # no display: a file only
    import matplotlib.pyplot as plt

    summary = result.summary()
    labels = list(summary)
    points = [summary[k]["points_per_deal"] for k in labels]
    rates = [summary[k]["win_rate"] for k in labels]
    figure, (left, right) = plt.subplots(1, 2, figsize=(9, 3.8))
    # A bar's whiskers: none where one game leaves the interval unbounded; never below zero
    # (a win rate of 100% has its mean on the bound, give or take a rounding).
    left.bar(
        labels, [p.mean for p in points], yerr=[_finite(p.half_width) for p in points], capsize=4
    )
    left.axhline(0, color="grey", linewidth=0.8)
    left.set_title("Points per deal (95% interval)")
    right.bar(
        labels,
        [r.mean for r in rates],
        yerr=[[_finite(r.mean - r.low) for r in rates], [_finite(r.high - r.mean) for r in rates]],
        capsize=4,
        color="tab:orange",
    )
    right.set_ylim(0, 1)
    right.set_title("Win rate (95% interval)")
    figure.suptitle(f"{result.game}: {len(result.games)} games, seed {result.seed}")
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=100)
    except OSError as err:
        raise CardtableError(f"cannot write the chart {path}: {err.strerror}") from None
    finally:
        plt.close(figure)


def _finite(length: float) -> float:
    return max(0.0, length) if math.isfinite(length) else 0.0
