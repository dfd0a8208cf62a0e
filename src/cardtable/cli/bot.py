"""``cardtable bot URL --token TOKEN --bot SPEC``: a bot account plays the tables it is invited
to (:mod:`cardtable.cli.bot_play` does the work). The command needs the terminal extra's
client packages (httpx, websockets, pydantic) and says so in one line where they are missing,
so that the research install can list the commands without them.
"""

from __future__ import annotations

from typing import Annotated

import typer

from cardtable.cli.extras import require

__all__ = ["POLL", "bot"]

#: Seconds between two looks at the invitations, by default.
POLL = 3.0


def bot(
    url: Annotated[str, typer.Argument(help="The server's address, e.g. http://127.0.0.1:8000.")],
    token: Annotated[
        str,
        typer.Option(
            envvar="CARDTABLE_BOT_TOKEN",
            help="The bot account's token (or CARDTABLE_BOT_TOKEN: out of the shell's history).",
        ),
    ],
    bot_spec: Annotated[
        str,
        typer.Option(
            "--bot",
            help="The bot: a level or name with settings (expert, pimc:worlds=20), a policy "
            "file (policy:path=model.zip), module:function or module:object.",
        ),
    ] = "rules",
    poll: Annotated[
        float, typer.Option(min=0.2, max=600, help="Seconds between two looks at the invitations.")
    ] = POLL,
) -> None:
    """Play every table this bot account is invited to with a cardtable bot or a research
    agent, until Ctrl-C."""
    require("terminal", "cardtable bot", ("httpx", "websockets", "pydantic"))
    from cardtable.cli.bot_play import run

    run(url, token, bot_spec, poll)
