"""``cardtable serve``: the table server, for friends and bots at one table from many machines."""

from __future__ import annotations

import os
import sys
import threading
import time
import webbrowser
from typing import TYPE_CHECKING, Annotated

import typer

from cardtable.cli.common import fail
from cardtable.cli.extras import require
from cardtable.i18n import _

if TYPE_CHECKING:
    import uvicorn

__all__ = ["browser_address", "serve"]

#: Seconds to wait for the server to listen before giving up on opening the browser.
OPEN_WAIT = 30.0


def browser_address(host: str, port: int) -> str:
    """The address a browser on this machine opens: a server listening on every interface
    (``0.0.0.0``, ``::``) is reached through loopback.

    >>> browser_address("0.0.0.0", 8000), browser_address("::", 80), browser_address("::1", 80)
    ('http://127.0.0.1:8000/', 'http://127.0.0.1:80/', 'http://[::1]:80/')
    """
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def _graphical() -> bool:
    """Whether a browser here would open in a window of its own. Without a display, Python's
    ``webbrowser`` falls back to a text browser (w3m, lynx) that would take over the terminal
    the server runs in (``BROWSER`` set: the person chose)."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER"))
    return True


def _open_when_listening(server: uvicorn.Server, url: str) -> None:
    """Open ``url`` in the browser once ``server`` listens; where there is no browser (a
    server over SSH, a container), say where to go instead. Never raises."""
    deadline = time.monotonic() + OPEN_WAIT
    while not server.started:
        if time.monotonic() > deadline or server.should_exit:
            return
        time.sleep(0.05)
    opened = False
    if _graphical():
        try:
            webbrowser.get()  # webbrowser.Error where there is none
            opened = webbrowser.open(url)
        except (webbrowser.Error, OSError):
            opened = False
    if not opened:
        typer.echo(_("no browser to open here: open {url} in yours").format(url=url))


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
    redis_url: Annotated[
        str | None,
        typer.Option(
            "--redis-url",
            help="Redis for several server processes on one PostgreSQL (redis://host:6379/0); "
            "default: CARDTABLE_REDIS_URL, else this process is the only one.",
        ),
    ] = None,
    lease: Annotated[
        float,
        typer.Option(
            min=1,
            help="With several processes: seconds after which the tables of a process that "
            "died are taken over by another.",
        ),
    ] = 15.0,
    open_browser: Annotated[
        bool,
        typer.Option(
            "--open/--no-open", help="Open the tables in the browser once the server listens."
        ),
    ] = False,
) -> None:
    """Start the table server and print the address to open (with --open, open it)."""
    # The server's packages are an extra (cardtable[server]): say so before anything starts.
    require("server", "cardtable serve")
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
        lease=lease,
    )
    if redis_url:
        settings.redis_url = redis_url
    if settings.cluster and settings.database_url.startswith("sqlite"):
        fail(
            _(
                "several server processes (--redis-url) need PostgreSQL: "
                "--database-url postgresql+asyncpg://USER@HOST/DB"
            )
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
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_ping_interval=20,
    )
    server = uvicorn.Server(config)
    if open_browser:
        # From a thread that waits until the socket listens: a browser opened sooner would
        # find nothing there.
        url = browser_address(host, port)
        threading.Thread(
            target=_open_when_listening, args=(server, url), name="open-browser", daemon=True
        ).start()
    server.run()
