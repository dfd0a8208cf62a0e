"""``cardtable export --game GAME``: the open record of games read from the server's database,
for its operator: the same JSON Lines as ``GET /api/export`` (the same code:
:mod:`cardtable.server.export`), every page of it, with the same pseudonyms (the server's
secret key, found as ``cardtable serve`` finds it).
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from cardtable.cli.admin import DatabaseUrl
from cardtable.cli.common import user_errors
from cardtable.cli.extras import require
from cardtable.errors import CardtableError
from cardtable.i18n import _, ngettext

if TYPE_CHECKING:
    from datetime import datetime

__all__ = ["export"]

#: The file ``cardtable serve`` keeps its key in, in the user data folder.
_SECRET_FILE = "server-secret"


def _secret() -> str:
    """The server's key: ``CARDTABLE_SECRET``, else the one ``cardtable serve`` keeps in the
    data folder. Never a new one: pseudonyms under another key would not be the server's."""
    from cardtable.server.config import SECRET_ENV, Settings, data_dir

    kept = data_dir() / _SECRET_FILE
    if not os.environ.get(SECRET_ENV) and not kept.exists():
        raise CardtableError(
            _(
                "the server's secret key is not set ({env}) nor kept at {path}: export where "
                "cardtable serve runs, or set {env} as it has it"
            ).format(env=SECRET_ENV, path=kept)
        )
    return Settings(database_url="").secret


async def _write(url: str, secret: str, game: str, since: datetime | None, out: TextIO) -> int:
    """Every page of the export to ``out``; the number of games written."""
    from cardtable.server.export import lines, page
    from cardtable.server.export_names import MAX_LIMIT
    from cardtable.server.store import Store

    store = Store(url)
    count = 0
    try:
        await store.open()
        after = None
        while True:
            chosen = await page(store, game, since, after, MAX_LIMIT)
            async for line in lines(store, secret, chosen.rows):
                out.write(line)
                count += 1
            if chosen.next is None:
                return count
            after = chosen.next
    finally:
        await store.close()


@user_errors
def export(
    game: Annotated[str, typer.Option("--game", help="The game whose rated games to export.")],
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            help="Only games finished at this ISO date or date and time or later (UTC unless "
            "it says its offset).",
        ),
    ] = None,
    database_url: DatabaseUrl = None,
    output: Annotated[
        Path | None,
        typer.Option("-o", "--output", help="Write to this file (default: standard output)."),
    ] = None,
) -> None:
    """Export the finished rated games of a game from the server's database as
    cardtable-record/1 JSON Lines, oldest first: the lines GET /api/export gives, people as
    pseudonymous ids unless they chose to show their names."""
    require("server", "cardtable export")
    from cardtable.server.config import default_database
    from cardtable.server.export_names import check_game, parse_since

    name, moment = check_game(game), parse_since(since)
    url, secret = database_url or default_database(), _secret()
    if output is None:
        count = asyncio.run(_write(url, secret, name, moment, sys.stdout))
    else:
        with output.open("w", encoding="utf-8", newline="\n") as out:
            count = asyncio.run(_write(url, secret, name, moment, out))
    typer.echo(
        ngettext("exported {n} game of {game}", "exported {n} games of {game}", count).format(
            n=count, game=name
        ),
        err=True,
    )
