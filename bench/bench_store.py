"""The hot write of the table server: :meth:`cardtable.server.store.Store.add_move` (the move,
the table's version and turn, the mover's clock, in one committed transaction), on SQLite in a
temporary folder or on PostgreSQL with ``--database-url``. Prints moves a second, and the CPU
time of this process a move (the event loop's share of the work, which every table waits on).

    python bench/bench_store.py                   # a few seconds
    python bench/bench_store.py --moves 20000
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from cardtable.server.models import SeatRow, User, now
from cardtable.server.store import Store
from stored_rows import table_row

TABLES = 20


async def _tables(store: Store) -> list[str]:
    async with store.sessions() as session:
        session.add(User(id="bench-user", name="bench", language="en", created_at=now()))
        await session.commit()
    ids = []
    for n in range(TABLES):
        table_id = f"bench-{n}"
        row = table_row(table_id, "bench-user", "playing", seed=n)
        seats = [
            SeatRow(table_id=table_id, seat=s, kind="human", user_id="bench-user") for s in (0, 1)
        ]
        await store.add_table(row, seats)
        ids.append(table_id)
    return ids


async def moves_rate(url: str, count: int, clock: bool) -> tuple[float, float]:
    """(moves a second, CPU milliseconds a move) over ``count`` moves spread over the tables."""
    store = Store(url)
    await store.open()
    try:
        ids = await _tables(store)
        wall, cpu = time.perf_counter(), time.process_time()
        for n in range(count):
            table_id = ids[n % TABLES]
            ply = n // TABLES
            await store.add_move(
                table_id, ply, ply % 2, "play 5H", clock_ms=60_000 if clock else None
            )
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        return count / wall, 1000 * cpu / count
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=4000, help="moves per run")
    parser.add_argument(
        "--database-url", help="an empty database (default: SQLite in a temp folder)"
    )
    args = parser.parse_args()
    print("Store.add_move")
    print("clock   moves/s   CPU ms/move")
    with tempfile.TemporaryDirectory() as folder:
        for clock in (False, True):
            url = args.database_url or f"sqlite+aiosqlite:///{Path(folder) / f'm{clock}.db'}"
            rate, cpu = asyncio.run(moves_rate(url, args.moves, clock))
            print(f"{'yes' if clock else 'no':5s}  {rate:8.0f}  {cpu:12.3f}")


if __name__ == "__main__":
    main()
