"""``cardtable serve``: the table server, for friends and bots at one table from many machines."""

from __future__ import annotations

from typing import Annotated

import typer

from cardtable.cli.common import fail
from cardtable.i18n import _

__all__ = ["serve"]


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            help="SQLAlchemy URL (postgresql+asyncpg://...); default: CARDTABLE_DATABASE_URL, "
            "else SQLite in the user data folder.",
        ),
    ] = None,
    origin: Annotated[
        list[str] | None,
        typer.Option(help="A browser origin allowed to connect (repeatable), e.g. https://x.org."),
    ] = None,
    bot_pause: Annotated[
        float, typer.Option(min=0, max=10, help="Seconds a bot waits before each move.")
    ] = 0.6,
    bot_workers: Annotated[
        int, typer.Option(min=1, max=64, help="Processes that run the bots.")
    ] = 2,
    abandon_after: Annotated[
        float,
        typer.Option(
            min=1, help="Seconds a game may go on with no person connected before it is closed."
        ),
    ] = 1800.0,
    secure_cookie: Annotated[
        bool,
        typer.Option(help="Send the sign-in cookie over HTTPS only (behind an HTTPS proxy)."),
    ] = False,
) -> None:
    """Start the table server and print the address to open."""
    import uvicorn

    from cardtable.server.app import create_app
    from cardtable.server.config import Settings, default_database

    settings = Settings(
        host=host,
        port=port,
        database_url=database_url or default_database(),
        origins=tuple(origin or ()),
        bot_pause=bot_pause,
        bot_workers=bot_workers,
        abandon_after=abandon_after,
        secure_cookie=secure_cookie,
    )
    try:
        app = create_app(settings)
    except Exception as err:
        fail(_("the server cannot start: {reason}").format(reason=err))
    typer.echo(
        _("cardtable server on http://{host}:{port}/ (Ctrl-C stops it)").format(
            host=host, port=port
        )
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_ping_interval=20,
    )
