"""``cardtable play``: a game at the full-screen table, or in plain text lines."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from cardtable.cli.common import fail, parse_options
from cardtable.cli.extras import require
from cardtable.i18n import LANGUAGES, _, language_from_env, set_language
from cardtable.play.plain import PlainTable
from cardtable.play.session import Session, parse_players
from cardtable.play.storage import last_unfinished, load_record
from cardtable.registry import games, load

__all__ = ["choose_language", "need_full_screen", "play"]


def need_full_screen() -> None:
    """Exit with one line naming the ``terminal`` extra where Textual, which draws the
    full-screen table, is not installed (text lines, ``--plain``, need nothing more)."""
    require("terminal", "the full-screen table", ("textual",), instead="use --plain")


def choose_language(lang: str | None) -> None:
    """Use ``--lang`` if given, else the locale's language (English unless it is Japanese)."""
    set_language(lang if lang is not None else language_from_env())


def play(
    game_name: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            help="a game from `cardtable games` (default: open the menu; with --plain, the "
            "first of them)",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="a game option (repeatable)"),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            metavar="P0,P1,...",
            help="who sits in each seat: human, or a bot by level (beginner, easy, medium, "
            "hard, expert) or name (random, rules, pimc:worlds=50, ...); default: human at "
            "seat 0, easy bots elsewhere",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="deal from this seed")] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="text prompts and one line per event, no full screen")
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help=f"language: {', '.join(LANGUAGES)} (default: the locale's)"),
    ] = None,
    four_colour: Annotated[
        bool, typer.Option("--four-colour", help="clubs green and diamonds blue")
    ] = False,
    delay: Annotated[
        float, typer.Option("--delay", min=0.0, help="seconds between bot moves at the table")
    ] = 0.4,
    save: Annotated[
        bool, typer.Option("--save/--no-save", help="keep the record in the data folder")
    ] = True,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="go on with an unfinished game: the record named in place of GAME, else the "
            "last one saved",
        ),
    ] = False,
    connect: Annotated[
        str | None,
        typer.Option(
            "--connect",
            metavar="URL",
            help="play at a `cardtable serve` table, in text lines: an invitation "
            "(http://HOST:PORT/join/INVITE) or a table (http://HOST:PORT/tables/ID; watched "
            "when no seat is free)",
        ),
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(
            "--name", help="your name at the table of --connect (default: your login name)"
        ),
    ] = None,
) -> None:
    """Play a game against bots or friends at one keyboard (the menu if no GAME is given), or
    at a server's table with --connect URL."""
    if lang is not None:
        # Without --lang here, `cardtable --lang ja play` or the locale has already chosen.
        choose_language(lang)
    if connect is not None:
        if game_name is not None or players is not None or seed is not None or resume:
            fail(
                _(
                    "--connect plays at a server's table, whose creator chose the game: give "
                    "no GAME, --players, --seed or --resume"
                )
            )
        require("terminal", "cardtable play --connect", ("httpx", "websockets", "pydantic"))
        from cardtable.cli.connect import connect as play_at

        try:
            play_at(connect, name, sys.stdin, sys.stdout)
        except KeyboardInterrupt:
            raise typer.Exit(130) from None
        return
    if name is not None:
        fail(_("--name goes with --connect URL: it is your name at a server's table"))
    text_only = plain or not (sys.stdin.isatty() and sys.stdout.isatty())
    resumed = _resumed(game_name) if resume else None
    if resumed is not None:
        if text_only:
            _play_plain(resumed, save)
            return
        need_full_screen()
        from cardtable.play.tui import CardtableApp

        CardtableApp(session=resumed, four_colour=four_colour, bot_delay=delay, save=save).run()
        return
    if text_only or game_name is not None:
        # No game named (plain lines): the first in `cardtable games`, as the menu shows first.
        game = load(game_name or games()[0], **parse_options(option))
        seats = parse_players(game, players)
    if text_only:
        _play_plain(Session(game, seats, seed=seed), save)
        return
    need_full_screen()
    # Not a circle: Textual takes a while to load, and plain lines never need it.
    from cardtable.play.tui import CardtableApp

    if game_name is None:
        CardtableApp(four_colour=four_colour, bot_delay=delay, save=save).run()
    else:
        CardtableApp(
            game=game, players=seats, seed=seed, four_colour=four_colour, bot_delay=delay, save=save
        ).run()


def _play_plain(session: Session, save: bool) -> None:
    table = PlainTable(session, sys.stdin, sys.stdout, save=save)
    try:
        table.run()
    except KeyboardInterrupt:
        # Ctrl-C leaves like `quit`: the game so far is kept.
        table.say()
        table.store(unfinished=True)
        raise typer.Exit(130) from None


def _resumed(path: str | None) -> Session:
    """The table of the record at ``path``, else of the last unfinished game saved."""
    if path is not None:
        state, meta = load_record(path)
        return Session.resume_state(state, meta)
    found = last_unfinished()
    if found is not None:
        _path, state, meta = found
        return Session.resume_state(state, meta)
    fail(_("no unfinished game is saved; start one with: cardtable play"))
