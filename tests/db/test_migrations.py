"""Alembic takes an empty database to the newest schema, which is what the models describe."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import exc, inspect

from bot.db import Database
from bot.db.engine import alembic_config
from bot.db.models import Base

from .helpers import rows

TABLES = {"servers", "games", "players", "characters", "log", "snapshots", "timers", "campaigns", "roster",
          "alembic_version"}


def head() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def table_names(database: Database) -> set[str]:
    async with database.engine.connect() as connection:
        return set(await connection.run_sync(lambda sync: inspect(sync).get_table_names()))


async def test_migrating_an_empty_database_creates_every_table_at_the_newest_revision(database_url):
    database = Database(database_url)
    try:
        assert await table_names(database) == set()
        await database.migrate()
        assert await table_names(database) == TABLES
        assert await rows(database, "SELECT version_num FROM alembic_version") == [(head(),)]
    finally:
        await database.dispose()


async def test_migrating_again_changes_nothing(database, other_database):
    await other_database.migrate()
    assert await rows(database, "SELECT version_num FROM alembic_version") == [(head(),)]
    assert await table_names(database) == TABLES


async def test_the_models_match_the_migrated_schema(database):
    async with database.engine.connect() as connection:
        differences = await connection.run_sync(
            lambda sync: compare_metadata(MigrationContext.configure(sync, opts={"compare_type": True}),
                                          Base.metadata))
    assert differences == []


async def test_the_active_game_index_is_partial_and_unique(database):
    indexes = {}
    async with database.engine.connect() as connection:
        for ix in await connection.run_sync(lambda sync: inspect(sync).get_indexes("games")):
            indexes[ix["name"]] = ix
    active = indexes["uq_games_active_channel"]
    assert active["unique"] and active["column_names"] == ["guild_id", "channel_id"]
    where = active["dialect_options"].get(f"{database.engine.dialect.name}_where")
    assert "active" in str(where)


async def test_foreign_keys_are_enforced(database):
    with pytest.raises(exc.IntegrityError):
        async with database.engine.begin() as connection:
            await connection.exec_driver_sql(
                "INSERT INTO players (game_id, user_id, suits) VALUES (12345, 1, 'hearts:1')")


async def test_sqlite_is_a_wal_file_with_foreign_keys_and_a_busy_timeout(database):
    if database.engine.dialect.name != "sqlite":
        pytest.skip("SQLite only")
    async with database.engine.connect() as connection:
        pragmas = [(await connection.exec_driver_sql(f"PRAGMA {name}")).scalar()
                   for name in ("journal_mode", "foreign_keys", "busy_timeout")]
    assert pragmas[0] == "wal" and pragmas[1] == 1 and pragmas[2] >= 1000
