"""A deleted account's lines in a table's chat log show its anonymous name in the reader's
language."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardtable.server.accounts_store import Accounts
from cardtable.server.models import SeatRow, TableRow, now
from cardtable.server.store import Store
from cardtable.server.talk import chat_log
from cardtable.table.view import FORMER_PLAYER


def test_the_chat_log_names_a_deleted_account_in_the_readers_language(tmp_path: Path) -> None:
    async def go() -> list[list[tuple[str, str]]]:
        store = Store(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}")
        await store.open()
        try:
            await store.add_user("ann", "Ann", "en")
            await store.add_user("bob", "Bob", "ja")
            row = TableRow(
                id="T1",
                game="cribbage",
                options={},
                deal={"seed": 1},
                status="playing",
                listed=False,
                invite_hash="T1",
                created_by="ann",
                created_at=now(),
            )
            seats = [
                SeatRow(table_id="T1", seat=s, kind="human", user_id=u)
                for s, u in ((0, "ann"), (1, "bob"))
            ]
            await store.add_table(row, seats)
            await store.add_chat("T1", "ann", "players", "good luck")
            await store.add_chat("T1", "bob", "players", "よろしく")
            await Accounts(store).delete_account("ann", FORMER_PLAYER)
            said = []
            for language in ("en", "ja"):
                log = await chat_log(store, "T1", "players", "bob", language)
                said.append([(line["from"], line["text"]) for line in log["lines"]])
            return said
        finally:
            await store.close()

    assert asyncio.run(go()) == [
        [("Former player", "good luck"), ("Bob", "よろしく")],
        [("元プレイヤー", "good luck"), ("Bob", "よろしく")],
    ]
