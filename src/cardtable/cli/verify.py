"""``cardtable verify RECORD``: check a server game's fair deal from its record alone (the
commitment, the seed from the secret and every contribution, the game re-dealt and replayed
move by move: :func:`cardtable.table.deal_check.verify`). Exit 0 when every check passes, 1
with what failed otherwise (an unreadable record too), never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cardtable.cli.common import inert
from cardtable.errors import RecordError
from cardtable.i18n import _
from cardtable.records import read_record_data
from cardtable.table.deal_check import verify as check

__all__ = ["verify"]


def verify(
    record: Annotated[
        Path, typer.Argument(help="A finished game's record from the server (its Record link).")
    ],
    commitment: Annotated[
        str | None,
        typer.Option(
            help="The commitment the table showed before the deal (at least its first 8 digits)."
        ),
    ] = None,
    contribution: Annotated[
        str | None,
        typer.Option(help="The contribution your client sent (64 hex digits), to find it used."),
    ] = None,
) -> None:
    """Check that a server game's deal was fair: the server's secret matches the commitment it
    showed, the seed comes from the secret and the players' contributions, and the game dealt
    from that seed replays every move of the record."""
    try:
        data = read_record_data(record)
    except RecordError as err:
        typer.echo(inert(_("Deal not verified: {reason}").format(reason=err)))
        raise typer.Exit(code=1) from None
    report = check(data, commitment, contribution)
    for line in report.checked:
        typer.echo(inert("✓ " + line))
    if report.failure is not None:
        typer.echo(inert("✗ " + report.failure))
        typer.echo(_("Deal not verified."))
        raise typer.Exit(code=1)
    typer.echo(_("Deal verified."))
