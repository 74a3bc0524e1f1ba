"""A database that cannot be reached is DatabaseUnavailable, not a crash, and holds no channel locked."""

from __future__ import annotations

import asyncio
import threading

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from bot.storage import Database, DatabaseUnavailable

from .helpers import CHANNEL, DOC, GUILD, start, state


@pytest.fixture(params=["postgresql", "sqlite"])
async def unreachable(request, tmp_path):
    """A Database on a closed PostgreSQL port, or on a SQLite 'file' that is a folder."""
    if request.param == "postgresql":
        database = Database("postgresql+asyncpg://postgres@127.0.0.1:1/director")
    else:
        (tmp_path / "folder.db").mkdir()
        database = Database(f"sqlite+aiosqlite:///{tmp_path / 'folder.db'}")
    yield database
    await database.dispose()
    # aiosqlite stops the worker thread of a failed connect without waiting: let them end while the loop runs.
    for thread in threading.enumerate():
        if "_connection_worker_thread" in thread.name:
            await asyncio.to_thread(thread.join, 5)


async def test_every_entry_point_says_unavailable(unreachable):
    with pytest.raises(DatabaseUnavailable, match="database unavailable"):
        await unreachable.migrate()
    with pytest.raises(DatabaseUnavailable):
        await unreachable.server(GUILD)
    with pytest.raises(DatabaseUnavailable):
        await unreachable.next_alarms(10)
    with pytest.raises(DatabaseUnavailable):
        await unreachable.record_messages([(1, 1, 1)])
    for _ in range(2):  # the channel is not left locked by the failure
        with pytest.raises(DatabaseUnavailable):
            async with asyncio.timeout(5), unreachable.unit(GUILD, CHANNEL):
                pass


async def test_postgresql_connections_cut_by_the_server_are_replaced(postgres_database):
    database = postgres_database
    await start(database, DOC)
    assert await end_connections(database.engine.url) >= 1
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game.state == state(DOC)


async def end_connections(url) -> int:
    """End every other connection to the database, as PostgreSQL shutting down does (FATAL "terminating
    connection due to administrator command"); returns how many."""
    killer = create_async_engine(url, poolclass=NullPool)
    async with killer.begin() as connection:
        ended = await connection.scalar(text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                             "WHERE datname = current_database() AND pid <> pg_backend_pid()"))
    await killer.dispose()
    return ended


async def test_a_unit_whose_connection_the_server_ends_mid_statement_stores_nothing_and_says_unavailable(
        postgres_database):
    database = postgres_database
    await start(database, DOC)
    database.forget_games()                                      # the unit reads the game on its connection
    with pytest.raises(DatabaseUnavailable, match="administrator command"):
        async with database.unit(GUILD, CHANNEL) as uow:
            running = asyncio.create_task(uow._rows(select(func.pg_sleep(5))))     # a statement of the unit's
            await asyncio.sleep(0.2)
            assert await end_connections(database.engine.url) >= 1
            uow.save(state(DOC, phase=1))
            await running
    async with database.unit(GUILD, CHANNEL) as uow:            # nothing stored, and the next unit works
        assert uow.game.state == state(DOC)
