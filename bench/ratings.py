"""The cost of one rating update, for 2, 4 and 6 players: the model alone (OpenSkill's
Plackett-Luce over the sides, :func:`cardtable.ratings.rate`) and the whole stored update the
server runs when a rated table ends (:func:`cardtable.server.ratings.rate_table`: the table's
check, the newcomers' rows, the claim, the locked reads, the writes and the history, committed),
on SQLite in a temporary folder, or on PostgreSQL with ``--database-url``.

The sides are those of the games: 2 players alone, 4 as two partnerships, 6 as three pairs.
Every update is a different finished table among a pool of players, so ratings move as they
would on a server.

    python bench/ratings.py                       # about a minute
    python bench/ratings.py --stored 200 --model 5000
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from cardtable.ratings import Outcome, Rating, rate
from cardtable.server.models import SeatRow, User, now
from cardtable.server.ratings import Finish, rate_table
from cardtable.server.store import Store
from stored_rows import table_row

SIDES = {
    2: ((0,), (1,)),
    4: ((0, 2), (1, 3)),
    6: ((0, 3), (1, 4), (2, 5)),
}
POOL = 50


def _outcome(players: int, rng: random.Random) -> Outcome:
    sides = SIDES[players]
    points = {side: rng.randrange(200) for side in sides}
    scores = [0] * players
    for side, score in points.items():
        for seat in side:
            scores[seat] = score
    return Outcome(sides=sides, scores=tuple(scores))


def model_rate(players: int, count: int, seed: int) -> float:
    """Updates a second of the model alone."""
    rng = random.Random(seed)
    pool = [f"p{i}" for i in range(POOL)]
    ratings: dict[str, Rating] = {}
    games = [(_outcome(players, rng), rng.sample(pool, players)) for _ in range(count)]
    start = time.perf_counter()
    for outcome, who in games:
        changes = rate(outcome, who, ratings)
        ratings.update({p: c.after for p, c in changes.items()})
    return count / (time.perf_counter() - start)


async def _tables(store: Store, players: int, count: int, rng: random.Random) -> list[Finish]:
    """``count`` finished rated tables of ``players`` seats among the pool, stored."""
    pool = [f"{players}-{i:030d}" for i in range(POOL)]
    async with store.sessions() as session:
        session.add_all(User(id=p, name=p[:8], language="en", created_at=now()) for p in pool)
        await session.commit()
    finishes = []
    for n in range(count):
        who = rng.sample(pool, players)
        table_id = f"B{players}-{n}"
        row = table_row(table_id, who[0], "over", seed=n, rated=True)
        seats = [
            SeatRow(table_id=table_id, seat=s, kind="human", user_id=p) for s, p in enumerate(who)
        ]
        await store.add_table(row, seats)
        finishes.append(Finish("bench", _outcome(players, rng), who, frozenset(), False))
    return finishes


async def stored_rate(url: str, players: int, count: int, seed: int) -> float:
    """Updates a second of the whole stored update."""
    store = Store(url)
    await store.open()
    try:
        finishes = await _tables(store, players, count, random.Random(seed))
        start = time.perf_counter()
        for n, finish in enumerate(finishes):
            changed = await rate_table(store, f"B{players}-{n}", finish)
            assert len(changed) == players
        return count / (time.perf_counter() - start)
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=int, default=2000, help="model updates per size")
    parser.add_argument("--stored", type=int, default=100, help="stored updates per size")
    parser.add_argument(
        "--database-url", help="an empty database (default: SQLite in a temp folder)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("players  model updates/s  stored updates/s  stored ms/update")
    with tempfile.TemporaryDirectory() as folder:
        for players in SIDES:
            url = args.database_url or f"sqlite+aiosqlite:///{Path(folder) / f'r{players}.db'}"
            model = model_rate(players, args.model, args.seed)
            stored = asyncio.run(stored_rate(url, players, args.stored, args.seed))
            print(f"{players:7d}  {model:15.0f}  {stored:16.0f}  {1000 / stored:16.2f}")


if __name__ == "__main__":
    main()
