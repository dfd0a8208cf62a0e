"""Rows the server-side benchmarks store before they measure: a table of one game, as
``cardtable serve`` would have written it."""

from __future__ import annotations

from cardtable.server.models import TableRow, now


def table_row(
    table_id: str, created_by: str, status: str, *, seed: int = 0, rated: bool = False
) -> TableRow:
    """A table row of the game ``bench`` (the server reads no rules for it here)."""
    return TableRow(
        id=table_id,
        game="bench",
        options={},
        deal={"seed": seed},
        status=status,
        listed=False,
        invite_hash=table_id,
        created_by=created_by,
        rated=rated,
        created_at=now(),
    )
