"""The open record's pages are read through an index (migration 0008), not by reading every
table ever played; the migration goes up and down."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.dialects import sqlite

from cardtable.server.export import page_query
from cardtable.server.export_names import Cursor
from cardtable.server.store import Store


def _plan(path: Path, sql: str) -> str:
    engine = create_engine(f"sqlite:///{path}")
    with engine.connect() as conn:
        rows = conn.execute(text(f"EXPLAIN QUERY PLAN {sql}")).fetchall()
    engine.dispose()
    return " | ".join(str(row[-1]) for row in rows)


def test_a_page_of_the_export_is_read_through_the_index(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"

    async def migrate() -> None:
        store = Store(f"sqlite+aiosqlite:///{path}")
        await store.open()
        await store.close()

    asyncio.run(migrate())
    after = Cursor(datetime(2026, 11, 27, 8, 0, tzinfo=UTC), "T1")
    for since, cursor in [(None, None), (datetime(2026, 11, 1, tzinfo=UTC), after)]:
        query = page_query("cribbage", since, cursor, 100)
        sql = str(query.compile(dialect=sqlite.dialect(), compile_kwargs={"literal_binds": True}))
        plan = _plan(path, sql)
        # The rows come in the index's order: no scan of every table, no sort afterwards.
        assert "USING INDEX ix_tables_game_finished (game=?" in plan, plan
        assert "TEMP B-TREE" not in plan, plan
