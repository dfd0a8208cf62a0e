"""Ratings in the server's database: the migration, the finish path's update (once), unrated,
marked and abandoned tables, bots rated apart, and two updates racing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, select, text

import cardtable
from cardtable.ratings import NEW, Outcome, Rating, rate
from cardtable.server.bots import BotPool
from cardtable.server.cluster import Alone
from cardtable.server.models import Base
from cardtable.server.rating_models import RatedTable, RatingChange, RatingRow
from cardtable.server.ratings import Finish, finish_of, rate_missed, rate_table
from cardtable.server.ratings_reads import leaderboard, profile
from cardtable.server.room import Room
from cardtable.server.rows import new_rows
from cardtable.server.store import Store
from cardtable.table.core import NOW, Table
from cardtable.table.seats import SeatKind, Status

# A short game: Cribbage to 61 ends after some fifty moves.
GAME = {"target": 61}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'r.sqlite3'}")
    asyncio.run(store.open())
    yield store
    asyncio.run(store.close())


async def _table(store: Store, table_id: str, seats: list[str], rated: bool, seed: int = 3) -> Room:
    """A started Cribbage table: "open" seats are people (u0, u1, ...), others bots."""
    people = [f"u{i}" for i, s in enumerate(seats) if s == "open"]
    for uid in people:
        if await store.user(uid) is None:
            await store.add_user(uid, uid.upper(), "en")
    game = cardtable.load("cribbage", **GAME)
    table = Table.create(table_id, game, {"seed": seed}, people[0], people[0].upper(), seats)
    for i, spec in enumerate(seats):
        if spec == "open" and table.seats[i].kind is SeatKind.OPEN:
            table.sit(i, f"u{i}", f"U{i}")
    row, rows = new_rows(table, False, 0.0, "h-" + table_id, rated)
    for r in rows:
        r.kind, r.user_id = str(table.seats[r.seat].kind), table.seats[r.seat].user_id
    await store.add_table(row, rows)
    await store.set_status(table_id, Status.PLAYING, started=NOW)
    table.start(NOW)
    return Room(table, store, BotPool(1), _ByHand(store), rated=rated)


class _ByHand(Alone):
    """A lone process that runs no bot here: the tests play every seat's moves by hand."""

    def owns(self, room: Room) -> bool:
        return False


async def _play_out(room: Room) -> None:
    """Every seat plays its first legal move through the room's door until the game ends."""
    while room.table.status is Status.PLAYING:
        state = room.table.playing()
        assert state.to_move is not None
        await room.play(state.to_move, str(state.legal_moves()[0]), room.table.ply, None)


async def _rows(store: Store, model: Any) -> list[Any]:
    async with store.sessions() as session:
        return list(await session.scalars(select(model)))


def test_a_rated_game_moves_both_ratings_once(store: Store) -> None:
    async def go() -> None:
        room = await _table(store, "T1", ["open", "open"], rated=True)
        await _play_out(room)
        ratings = {r.player: r for r in await _rows(store, RatingRow)}
        assert sorted(ratings) == ["u0", "u1"]
        winner = room.table.result["winners"][0]  # type: ignore[index]
        won, lost = ratings[f"u{winner}"], ratings[f"u{1 - winner}"]
        assert (round(won.mu, 6), round(won.sigma, 6)) == (27.635389, 8.065901)
        assert (round(lost.mu, 6), round(lost.sigma, 6)) == (22.364611, 8.065901)
        assert (won.games, won.wins, lost.games, lost.wins) == (1, 1, 1, 0)
        changes = await _rows(store, RatingChange)
        assert sorted((c.player, c.place, c.won, c.left) for c in changes) == sorted(
            [(f"u{winner}", 1, True, False), (f"u{1 - winner}", 2, False, False)]
        )
        assert all(c.mu_before == NEW.mu and c.table_id == "T1" for c in changes)
        # The table is claimed: a second update (another process, a retry) changes nothing.
        assert await rate_table(store, "T1", finish_of(room.table)) == {}
        assert [r.table_id for r in await _rows(store, RatedTable)] == ["T1"]
        assert len(await _rows(store, RatingChange)) == 2

    asyncio.run(go())


def test_an_unrated_or_abandoned_table_changes_nothing(store: Store) -> None:
    async def go() -> None:
        room = await _table(store, "T2", ["open", "open"], rated=False)
        await _play_out(room)
        assert await rate_table(store, "T2", finish_of(room.table)) == {}
        abandoned = await _table(store, "T3", ["open", "open"], rated=True, seed=4)
        abandoned.rated = False  # the finish path is tried by hand below
        await _play_out(abandoned)
        # Closed as abandoned by another process's watcher just before the update ran.
        async with store.engine.begin() as conn:
            await conn.execute(text("UPDATE tables SET status = 'abandoned' WHERE id = 'T3'"))
        assert await rate_table(store, "T3", finish_of(abandoned.table)) == {}
        assert await _rows(store, RatingRow) == []
        assert await _rows(store, RatingChange) == []

    asyncio.run(go())


def test_a_leaver_loses_and_the_others_do_not_move(store: Store) -> None:
    async def go() -> None:
        room = await _table(store, "T4", ["open", "open"], rated=True)
        # u1 went away; u0 handed their seat to a bot, which kept it to the end.
        await store.set_seat("T4", 1, SeatKind.BOT, "u1", "medium")
        await store.mark("T4")
        room.table.hand_to_bot(1, "medium")
        room.rated = False  # the finish path is tried by hand below, after the game
        await _play_out(room)
        changes = await rate_table(store, "T4", finish_of(room.table))
        assert list(changes) == ["u1"]
        assert (changes["u1"].place, changes["u1"].won) == (2, False)
        assert (round(changes["u1"].after.mu, 6), round(changes["u1"].after.sigma, 6)) == (
            22.364611,
            8.065901,
        )
        (history,) = await _rows(store, RatingChange)
        assert (history.player, history.seat, history.left) == ("u1", 1, True)
        assert [r.player for r in await _rows(store, RatingRow) if r.games] == ["u1"]

    asyncio.run(go())


def test_a_seat_taken_back_leaves_a_marked_table_unrated(store: Store) -> None:
    async def go() -> None:
        room = await _table(store, "T5", ["open", "open"], rated=True)
        await store.mark("T5")
        room.table.hand_to_bot(1, "medium")
        room.table.reclaim(1)
        await _play_out(room)
        assert await _rows(store, RatingChange) == []

    asyncio.run(go())


def test_bots_are_rated_apart_by_their_spec(store: Store) -> None:
    async def go() -> None:
        room = await _table(store, "T6", ["open", "expert"], rated=True)
        await _play_out(room)
        changes = {c.player: c for c in await _rows(store, RatingChange)}
        assert sorted(changes) == ["bot:expert", "u0"]
        assert {r.player for r in await _rows(store, RatingRow)} == {"bot:expert", "u0"}

    asyncio.run(go())


def test_two_updates_racing_for_one_table_make_one(store: Store) -> None:
    async def go() -> None:
        room = await _table(store, "T7", ["open", "open"], rated=True)
        room.rated = False
        await _play_out(room)
        finish = finish_of(room.table)
        results = await asyncio.gather(*(rate_table(store, "T7", finish) for _ in range(4)))
        assert sorted(len(r) for r in results) == [0, 0, 0, 2]
        assert sorted(r.games for r in await _rows(store, RatingRow)) == [1, 1]

    asyncio.run(go())


def _config(connection: Any) -> Config:
    config = Config()
    config.set_main_option("script_location", str(files("cardtable.server") / "migrations"))
    config.attributes["connection"] = connection
    return config


def test_the_migration_keeps_old_results_and_matches_the_models(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    with engine.begin() as conn:
        config = _config(conn)
        scripts = ScriptDirectory.from_config(config)
        assert len(scripts.get_heads()) == 1  # one line of migrations, 0006 on 0005
        ratings = scripts.get_revision("0006")
        assert ratings is not None and ratings.down_revision == "0005"
        command.upgrade(config, "0005")
        conn.execute(
            text(
                "INSERT INTO users (id, name, language, created_at) "
                "VALUES ('u0', 'Ann', 'en', '2026-01-01')"
            )
        )
        conn.execute(
            text(
                "INSERT INTO tables (id, game, options, deal, status, listed, invite_hash, "
                "created_by, bot_pause, marked, turn_based, result, created_at) VALUES "
                "('OLD', 'cribbage', '{}', '{\"seed\": 1}', 'over', 0, 'h', 'u0', 0, 0, 0, "
                "'{\"winners\": [0], \"scores\": [121, 90]}', '2026-01-01')"
            )
        )
        command.upgrade(config, "0006")
        old = conn.execute(text("SELECT rated, result FROM tables WHERE id = 'OLD'")).one()
        assert (old.rated, old.result) == (0, '{"winners": [0], "scores": [121, 90]}')
        assert conn.execute(text("SELECT count(*) FROM ratings")).scalar() == 0
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        # Nothing about the ratings' tables differs between the migrations and the models.
        assert not [d for d in diff if "rat" in str(d)]
        command.downgrade(config, "0005")
        assert "rated" not in {
            c[1] for c in conn.execute(text("PRAGMA table_info(tables)")).fetchall()
        }
    engine.dispose()


def test_processes_rating_at_once_on_postgres_lose_and_double_nothing() -> None:
    """Four server processes (four engines) finish four tables of the same two people at the
    same moment, and each tries every table: the rows locked in one order let each table
    through once and lose no update (Ann wins all four, so the order does not matter)."""
    from postgres_harness import postgres_url

    async def go(url: str) -> None:
        stores = [Store(url) for _ in range(4)]
        await stores[0].open()
        for store in stores[1:]:
            await store.open()
        finishes = []
        for n in range(4):
            room = await _table(stores[0], f"P{n}", ["open", "open"], rated=True, seed=n)
            room.rated = False
            await _play_out(room)
            # Ann (u0) wins each, whatever the deal gave: the outcome is given here.
            won = Outcome(((0,), (1,)), (1, 0))
            finishes.append(Finish("cribbage", won, ["u0", "u1"], frozenset(), False))
        tries = [rate_table(store, f"P{n}", finishes[n]) for store in stores for n in range(4)]
        done = await asyncio.gather(*tries)
        assert sum(1 for changes in done if changes) == 4
        expected: dict[str, Rating] = {}
        for _n in range(4):
            step = rate(Outcome(((0,), (1,)), (1, 0)), ["u0", "u1"], expected)
            expected.update({p: c.after for p, c in step.items()})
        rows = {r.player: r for r in await _rows(stores[0], RatingRow)}
        assert (rows["u0"].games, rows["u0"].wins, rows["u1"].wins) == (4, 4, 0)
        assert rows["u0"].mu == pytest.approx(expected["u0"].mu, abs=1e-9)
        assert rows["u1"].sigma == pytest.approx(expected["u1"].sigma, abs=1e-9)
        assert len(await _rows(stores[0], RatingChange)) == 8
        for store in stores:
            await store.close()

    with postgres_url() as url:
        asyncio.run(go(url))


def test_the_leaderboard_keeps_bots_and_bot_accounts_apart_from_people(store: Store) -> None:
    async def go() -> None:
        for uid, name in (("u0", "Ann"), ("u1", "Bob"), ("b0", "Robo")):
            await store.add_user(uid, name, "en")
        async with store.engine.begin() as conn:
            await conn.execute(text("UPDATE users SET kind = 'bot' WHERE id = 'b0'"))
            for player, mu, games in (
                ("u0", 30.0, 5),
                ("u1", 32.0, 4),  # one game short of the board
                ("b0", 31.0, 9),
                ("bot:expert", 35.0, 7),
            ):
                await conn.execute(
                    text(
                        "INSERT INTO ratings VALUES (:p, 'cribbage', :mu, 5.0, :g, 1, "
                        "'2026-11-01 10:00:00')"
                    ),
                    {"p": player, "mu": mu, "g": games},
                )
        board = await leaderboard(store, "cribbage", "ja")
        assert board["title"] == "クリベッジ"
        assert [(r["rank"], r["name"], r["ordinal"]) for r in board["players"]] == [
            (1, "Ann", 15.0)
        ]
        assert [r["name"] for r in board["bots"]] == ["expert", "Robo"]
        robo = await profile(store, "b0", "en")
        assert robo is not None and (robo["name"], robo["bot"]) == ("Robo", True)
        assert await profile(store, "bot:nobody", "en") is None

    asyncio.run(go())


def test_a_game_whose_process_stopped_before_its_update_is_rated_by_the_sweep(
    store: Store,
) -> None:
    async def go() -> None:
        room = await _table(store, "T8", ["open", "open"], rated=True)
        room.rated = False  # the process "stopped" between the game's end and its update
        await _play_out(room)
        marked = await _table(store, "T9", ["open", "open"], rated=True, seed=5)
        await store.mark("T9")
        marked.table.hand_to_bot(1, "medium")
        marked.table.reclaim(1)
        await _play_out(marked)  # claimed, rating nobody
        assert [r.table_id for r in await _rows(store, RatedTable)] == ["T9"]
        assert await rate_missed(store, older=60.0) == []  # too recent: its process may rate it
        assert await rate_missed(store, older=-1.0) == ["T8"]
        assert await rate_missed(store, older=-1.0) == []
        assert sorted(r.games for r in await _rows(store, RatingRow)) == [1, 1]

    asyncio.run(go())
