"""The ``cardtable`` command: play, list games and rules, simulate, replay records, watch a demo,
measure bots in the arena."""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

import cardtable
from cardtable.bots import Bot, RandomBot, choose_for, make_bot
from cardtable.cli import admin, cribbage
from cardtable.cli.arena import arena
from cardtable.cli.bot import bot as bot_command
from cardtable.cli.common import (
    OptionsArg,
    fail,
    inert,
    inert_json,
    inert_text,
    out,
    parse_options,
    progress_bar,
    user_errors,
)
from cardtable.cli.eval import eval_command
from cardtable.cli.export import export
from cardtable.cli.play import choose_language, need_full_screen, play
from cardtable.cli.render import board_text, event_text, result_text, winners_of
from cardtable.cli.review import default_seat, print_review
from cardtable.cli.serve import serve
from cardtable.cli.usage import CommandGroup
from cardtable.cli.verify import verify
from cardtable.engine import Game, State, fresh_seed
from cardtable.errors import CardtableError
from cardtable.i18n import LANGUAGES, _, game_summary, game_title, ngettext, option_help
from cardtable.options import options_line, show_value
from cardtable.play.look import colour_cards
from cardtable.play.prose import Prose, unwrap
from cardtable.play.storage import load_record, records_dir, saved_records
from cardtable.records import write_record

# registry.games, not cardtable.games: importing the games subpackage rebinds that attribute.
from cardtable.registry import game_class, load
from cardtable.registry import games as game_names
from cardtable.table.result import state_result_words

__all__ = ["app", "main"]

app = typer.Typer(
    cls=CommandGroup,
    name="cardtable",
    help="Exact rules, bots, analysis and records for traditional card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
app.add_typer(cribbage.app, name="cribbage")
app.add_typer(admin.app, name="admin")
app.command()(user_errors(play))
app.command()(user_errors(arena))
app.command(name="eval")(user_errors(eval_command))
app.command()(user_errors(serve))
app.command()(verify)
app.command(name="bot")(bot_command)
app.command()(export)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardtable {cardtable.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="show the version"),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=f"language of what the commands print: {', '.join(LANGUAGES)} "
            "(default: the locale's)",
        ),
    ] = None,
) -> None:
    """Exact rules, bots, analysis and records for traditional card games."""
    try:
        choose_language(lang)
    except CardtableError as err:
        fail(str(err))


def _players(cls: type[Game]) -> str:
    for spec in cls.option_specs:
        if spec.name == "players":
            return _("{allowed} (default {default})").format(
                allowed=spec.allowed(), default=show_value(spec.default)
            )
    try:
        return str(cls().num_players)
    except CardtableError:
        return "?"


@app.command()
@user_errors
def games() -> None:
    """List the games cardtable plays."""
    table = Table(_("Game"), _("Title"), _("Players"))
    for name in game_names():
        cls = game_class(name)
        table.add_row(name, game_title(cls), _players(cls))
    out().print(table)


@app.command()
@user_errors
def rules(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="a game from `cardtable games`")],
) -> None:
    """Summarize a game's rules and list its options."""
    cls = game_class(game_name)
    console = out()
    console.print(Text(game_title(cls), style="bold"))
    # Each paragraph as one line (its source lines joined without spaces inside Japanese),
    # wrapped to the terminal by Prose, which breaks Japanese between its characters but never
    # before 「。」, with the cards shown by their suit symbols as everywhere else.
    for paragraph in game_summary(cls).split("\n\n"):
        console.print(Prose(colour_cards(unwrap(paragraph))))
    table = Table(
        _("Option"),
        _("Default"),
        _("Allowed"),
        _("Meaning"),
        title=_("Options"),
        title_justify="left",
    )
    # Long help (Japanese has no spaces to wrap at) folds rather than being cut short.
    for column in table.columns:
        column.overflow = "fold"
    for spec in cls.option_specs:
        table.add_row(spec.name, show_value(spec.default), spec.allowed(), option_help(spec))
    console.print(table)
    example = next(
        (
            f"{spec.name}={show_value(choice)}"
            for spec in cls.option_specs
            for choice in spec.choices or ()
            if choice != spec.default
        ),
        "NAME=VALUE",
    )
    console.print(
        _("Set them with -o NAME=VALUE, e.g. cardtable play {game} -o {example}").format(
            game=cls.name, example=example
        )
    )


def _bot_seeds(seed: int, seats: int) -> list[int]:
    # One generator per command, so the bots differ from seat to seat yet repeat run to run.
    seeder = random.Random(seed)
    return [seeder.getrandbits(32) for _ in range(seats)]


def _play_out(state: State, bots: list[Bot]) -> None:
    while not state.is_over:
        seat = state.to_move
        if seat is None:
            raise RuntimeError(f"{state.game.name}: no seat to act in a game that is not over")
        state.apply(choose_for(bots[seat], state))


@app.command()
@user_errors
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="a game from `cardtable games`")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="how many games")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="game i is dealt from seed S+i")] = 0,
    option: OptionsArg = None,
    progress: Annotated[
        bool, typer.Option("--progress/--no-progress", help="show a progress bar on a terminal")
    ] = True,
) -> None:
    """Play many games between random bots and show how each seat fared."""
    game = load(game_name, **parse_options(option))
    seats = game.num_players
    bots: list[Bot] = [RandomBot(s) for s in _bot_seeds(seed, seats)]
    wins = [0] * seats
    final = [0] * seats
    pegged = [0] * seats
    deals = 0
    console = out()
    with progress_bar(console, progress) as bar:
        task = bar.add_task(f"Playing {game.name}", total=games)
        for i in range(games):
            state = game.new_state(seed=seed + i)
            _play_out(state, bots)
            for seat in winners_of(state):
                wins[seat] += 1
            for seat, score in enumerate(state.scores):
                final[seat] += score
            # Events are built lazily from the game's log, so reading them once at the end is cheap.
            for event in state.events:
                if event.type == "deal":
                    deals += 1
                elif event.type == "score" and event.seat is not None:
                    points = event.data.get("points")
                    if isinstance(points, int):
                        pegged[event.seat] += points
            bar.advance(task)

    console.print(
        Text.assemble(
            (game_title(game), "bold"),
            f": {games} game{'s' if games != 1 else ''} between random bots, "
            f"seeds {seed} to {seed + games - 1} "
            f"({options_line(game.options, type(game).option_specs)})",
        )
    )
    headers = ["Seat", "Wins", "Win rate", "Avg final score"]
    # Points per deal come from score events; a game that scores only at its end has none.
    per_deal = deals and any(pegged)
    if per_deal:
        headers.append("Avg points per deal")
    table = Table(*headers)
    for seat in range(seats):
        row = [
            str(seat),
            str(wins[seat]),
            f"{wins[seat] / games:.1%}",
            f"{final[seat] / games:.2f}",
        ]
        if per_deal:
            row.append(f"{pegged[seat] / deals:.2f}")
        table.add_row(*row)
    console.print(table)
    if deals:
        console.print(f"{deals} deals in all, {deals / games:.2f} a game.")


class Narrator:
    """Prints a game's new events after each move, with the scores between deals.

    ``seat`` None shows every event, hidden cards included; a seat sees only what it may.
    """

    def __init__(self, console: Console, state: State, seat: int | None = None) -> None:
        self.console = console
        self.state = state
        self.seat = seat
        self.shown = 0
        self.deals = 0

    def update(self) -> None:
        events = self.state.events
        for event in events[self.shown :]:
            if self.seat is not None and not event.visible(self.seat):
                continue
            if event.type == "deal":
                if self.deals:
                    self.console.print(board_text(self.state))
                self.deals += 1
            self.console.print(event_text(self.state.game, event))
        self.shown = len(events)


@app.command()
@user_errors
def replay(
    record: Annotated[
        Path | None,
        typer.Argument(
            metavar="[RECORD.json]",
            help="a game record file (default: the last game saved by `cardtable play`)",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help='print {"events": [...], "result": ...} as JSON')
    ] = False,
    seat: Annotated[
        int | None, typer.Option("--seat", help="show only what this seat could see")
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="print the events as text, not the table view")
    ] = False,
    four_colour: Annotated[
        bool, typer.Option("--four-colour", help="clubs green and diamonds blue")
    ] = False,
    review: Annotated[
        bool,
        typer.Option(
            "--review",
            help="the expert's review of one seat's play (--seat; default: the person's seat)",
        ),
    ] = False,
    review_bot: Annotated[
        str, typer.Option("--review-bot", metavar="BOT", help="the bot that reviews")
    ] = "expert",
) -> None:
    """Replay a game record: in the table view, move by move (on a terminal), or as text."""
    if record is None:
        saved = [path for path in saved_records() if path.is_file()]
        if not saved:
            raise CardtableError(
                _("no saved games yet in {folder}; play one with: cardtable play").format(
                    folder=records_dir()
                )
            )
        record = saved[-1]
    elif not _holds(record.exists) and _holds((records_dir() / record).is_file):
        # A name as `cardtable records` lists it.
        record = records_dir() / record
    # Read at most a record's size, whatever the file: never a device or a huge file whole.
    final, meta = load_record(record)
    seats = final.game.num_players
    if seat is not None and not 0 <= seat < seats:
        raise CardtableError(
            _("--seat must be a seat from 0 to {last}, not {seat}").format(
                last=seats - 1, seat=seat
            )
        )
    if review:
        reviewed = default_seat(meta) if seat is None else seat
        print_review(out(), final, reviewed, review_bot, as_json, four_colour)
        return
    if as_json:
        events = final.events if seat is None else final.events_for(seat)
        # One event a line: valid JSON that still reads (and greps) well.
        lines = ",\n".join(" " + json.dumps(e.to_dict(), ensure_ascii=False) for e in events)
        result = json.dumps(final.result, ensure_ascii=False)
        # JSON escapes the C0 controls; ensure_ascii=False leaves the C1 ones and the marks
        # that reorder a line, which inert_json escapes too.
        typer.echo(inert_json(f'{{"events": [\n{lines}\n], "result": {result}}}'))
        return
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        need_full_screen()
        # Not a circle: Textual takes a while to load, and plain lines never need it.
        from cardtable.play.tui import CardtableApp

        CardtableApp(
            replay=final,
            replay_seat=seat,
            replay_players=_record_players(meta),
            four_colour=four_colour,
        ).run()
        return
    console = out()
    view = _("every card shown") if seat is None else _("as seat {seat} saw it").format(seat=seat)
    moves = ngettext("{count} move", "{count} moves", len(final.history)).format(
        count=len(final.history)
    )
    console.print(
        Text.assemble(
            (game_title(final.game), "bold"),
            " "
            + _("({options}), seed {seed}, {moves}; {view}").format(
                options=options_line(final.game.options, type(final.game).option_specs),
                seed=final.seed,
                moves=moves,
                view=view,
            ),
        )
    )
    # Replaying move by move (the record already proved legal) shows the scores between deals.
    state = final.game.new_state(seed=final.seed, decks=final.decks)
    narrator = Narrator(console, state, seat)
    narrator.update()
    for move in final.history:
        state.apply(move)
        narrator.update()
    console.print(result_text(state))


def _holds(check: Callable[[], bool]) -> bool:
    """``check()`` (a question about a path), False where the path cannot even be asked about
    (a name too long, a folder not to be searched)."""
    try:
        return check()
    except (OSError, ValueError):
        return False


def _record_players(meta: dict[str, object]) -> list[str] | None:
    """The players a record's ``meta`` names, if it names them as a list of strings (the
    replay screen shows them as inert text)."""
    players = meta.get("players")
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        return players
    return None


@app.command()
@user_errors
def records() -> None:
    """List the games `cardtable play` saved, oldest first, with the command to replay each."""
    saved = saved_records()
    console = out()
    if not saved:
        console.print(
            _("No saved games yet in {folder}.").format(folder=inert(str(records_dir()))),
            markup=False,
        )
        return
    table = Table(
        _("Record"), _("Game"), _("Moves"), _("Result"), title=inert_text(str(records_dir()))
    )
    table.columns[0].overflow = "fold"
    for path in saved:
        # Everything from the folder is shown as inert text: a name or a record may carry
        # escape sequences or markup (records are shared as bug reports).
        name = inert_text(path.name)
        try:
            state, _meta = load_record(path)
        except CardtableError as err:
            reason = str(err)
        except Exception as err:
            # A fault the record's checks missed: one bad file must not end the listing.
            reason = _("it does not replay ({error})").format(error=type(err).__name__)
        else:
            table.add_row(
                name,
                game_title(state.game),
                str(len(state.history)),
                state_result_words(state) if state.is_over else _("unfinished"),
            )
            continue
        table.add_row(name, "", "", inert_text(_("unreadable: {reason}").format(reason=reason)))
    console.print(table)
    console.print(_("Replay one with: cardtable replay PATH (the last one: cardtable replay)"))


@app.command()
@user_errors
def demo(
    game_name: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]", help="a game from `cardtable games` (default: the first of them)"
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="deal from this seed (default: a random one)")
    ] = None,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay", min=0.0, help="seconds between moves (default 0.05 on a terminal, else 0)"
        ),
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", metavar="PATH", help="save the game record here")
    ] = None,
    option: OptionsArg = None,
) -> None:
    """Watch bots play one complete game, move by move."""
    game = load(game_name or game_names()[0], **parse_options(option))
    if record is not None and not _holds(record.parent.is_dir):
        # Checked before playing, so a typo in the path does not waste the game.
        fail(_("no folder {folder!r} to save the record in").format(folder=str(record.parent)))
    if record is not None and _holds(record.is_dir):
        fail(_("{path!r} is a folder: name a file to save the record in").format(path=str(record)))
    if seed is None:
        seed = fresh_seed()
    state = game.new_state(seed=seed)
    bots = [make_bot(game.name, "rules", s) for s in _bot_seeds(seed, game.num_players)]
    console = out()
    pause = delay if delay is not None else (0.05 if console.is_terminal else 0.0)
    players = _(" vs ").join(
        _("seat {seat} ({bot} bot)").format(seat=i, bot=bot.name) for i, bot in enumerate(bots)
    )
    console.rule(
        Text(
            _("{title}: {players}, seed {seed}").format(
                title=game_title(game), players=players, seed=seed
            ),
            style="bold",
        )
    )
    console.print(options_line(game.options, type(game).option_specs), style="dim")
    narrator = Narrator(console, state)
    narrator.update()
    _play_out_slowly(state, bots, narrator, pause)
    console.print(result_text(state))
    if record is not None:
        meta = {"players": [f"{bot.name} bot" for bot in bots], "source": "cardtable demo"}
        try:
            path = write_record(state, record, meta=meta)
        except OSError as err:
            fail(
                _("cannot write the record to {path!r}: {reason}").format(
                    path=str(record), reason=err.strerror or err
                )
            )
        console.print(
            _("Record saved to {path}; replay it with: cardtable replay {path}").format(
                path=inert(str(path))
            ),
            soft_wrap=True,
            markup=False,
        )


def _play_out_slowly(state: State, bots: list[Bot], narrator: Narrator, pause: float) -> None:
    while not state.is_over:
        seat = state.to_move
        if seat is None:
            raise RuntimeError(f"{state.game.name}: no seat to act in a game that is not over")
        state.apply(choose_for(bots[seat], state))
        narrator.update()
        if pause:
            time.sleep(pause)


def main() -> None:
    """The console entry point."""
    app(prog_name="cardtable")
