"""``cardtable eval AGENT GAME``: the evaluation protocol (:mod:`cardtable.rl.evaluation`)."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer
from rich import box
from rich.table import Table

from cardtable.bots.stats import Interval
from cardtable.cli.arena import plugins_for
from cardtable.cli.common import (
    OptionsArg,
    inert_json,
    inert_text,
    out,
    parse_options,
    progress_bar,
)
from cardtable.errors import OptionError
from cardtable.options import options_line
from cardtable.registry import load

__all__ = ["eval_command"]


def eval_command(
    agent: Annotated[
        str,
        typer.Argument(
            metavar="AGENT",
            help="a bot or level (rules, expert, pimc:worlds=20), a policy file (MaskablePPO "
            ".zip) or a Python callable module:function, called with the seat's observation "
            "and its legal moves",
        ),
    ],
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="a game from `cardtable games`")],
    deals: Annotated[
        int | None,
        typer.Option("--deals", "-n", min=1, help="play the first N deals of the set"),
    ] = None,
    deal_set: Annotated[
        str,
        typer.Option("--set", help="the deals: quick (the first 200) or full (all 10,000)"),
    ] = "quick",
    opponents: Annotated[
        str,
        typer.Option(
            "--opponents",
            help="the bots in the other seats, one line each, comma-separated (expert is slow)",
        ),
    ] = "random,rules",
    seat: Annotated[
        int | None, typer.Option("--seat", help="play the agent in this seat only")
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=0, help="worker processes (0: one per core)")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
    option: OptionsArg = None,
) -> None:
    """Evaluate an agent by the research protocol: every deal of a published set played with
    the agent in each seat against each opponent, beside the random and rules bots on the same
    deals; points per deal with 95% intervals and the normalised score
    (agent - random) / (rules - random)."""
    from cardtable.rl.evaluation import evaluate

    if deals is not None and deal_set != "quick":
        raise OptionError("give --deals or --set, not both")
    rivals = [name.strip() for name in opponents.split(",") if name.strip()]
    options = parse_options(option) if option else None
    game = load(game_name, **(options or {}))
    workers = jobs or os.cpu_count() or 1
    console = out()
    with progress_bar(console, shown=not as_json) as bar:
        task = bar.add_task(inert_text(f"{game.name}: {agent}").plain, total=None)
        result = evaluate(
            agent,
            game.name,
            deals=deals if deals is not None else deal_set,
            opponents=rivals,
            seats=seat,
            jobs=workers,
            options=options,
            plugins=plugins_for([agent, *rivals]),
            progress=lambda k: bar.advance(task, k),
        )
    if as_json:
        typer.echo(inert_json(json.dumps(result.to_json(), indent=1)))
        return
    shown = options_line(result.options, type(game).option_specs)
    kind = "the published protocol" if result.published else "not the published options"
    console.print(
        inert_text(
            f"{result.game} ({shown}; {kind}): {result.agent}, deals {result.deals.start}-"
            f"{result.deals.stop - 1} of set {result.version}, agent in seat(s) "
            f"{', '.join(map(str, result.seats))}, {result.seconds:.1f} s"
        )
    )
    table = Table(
        title="Points per deal, mean ± 95% interval",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    for name in ("Opponent", "Agent", "random", "rules", "Agent-rules", "Normalised"):
        table.add_column(name, no_wrap=True)
    for line in result.lines:
        norm = line.normalised
        table.add_row(
            inert_text(line.opponent),
            *(_cell(i) for i in (line.agent, line.random, line.rules, line.versus_rules)),
            "undefined" if norm is None else _cell(norm),
        )
    console.print(table)
    console.print(
        "Normalised: (agent - random) / (rules - random), 1 = rules, 0 = random "
        "(undefined where rules and random score the same); interval by the delta method over "
        "deals."
    )


def _cell(interval: Interval) -> str:
    # Mean±half-width, without spaces: six columns fit a terminal 80 wide.
    return f"{interval.mean:+.3f}±{interval.half_width:.3f}"
