"""Alembic takes an empty database to the newest schema, which is what the models describe."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import exc, inspect, text

from bot.storage import Database
from bot.storage.engine import alembic_config
from bot.storage.models import Base
from bot.storage.repository import pack_state

from .helpers import CHANNEL, DIRECTOR, DOC, GUILD, PETE, rows, state

NOW = datetime(2026, 11, 22, tzinfo=UTC).replace(tzinfo=None)

TABLES = {"servers", "games", "players", "characters", "log", "campaigns", "roster", "maps", "alembic_version"}


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


async def test_a_database_at_the_newest_revision_is_read_not_migrated(database, monkeypatch):
    def upgrade(*_args, **_kwargs):
        raise AssertionError("Alembic ran on a database at the newest revision")

    monkeypatch.setattr(command, "upgrade", upgrade)
    await database.migrate()
    assert await rows(database, "SELECT version_num FROM alembic_version") == [(head(),)]


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
                "INSERT INTO players (game_id, user_id) VALUES (12345, 1)")


async def test_sqlite_is_a_wal_file_with_foreign_keys_and_a_busy_timeout(sqlite_database):
    async with sqlite_database.engine.connect() as connection:
        pragmas = [(await connection.exec_driver_sql(f"PRAGMA {name}")).scalar()
                   for name in ("journal_mode", "foreign_keys", "busy_timeout")]
    assert pragmas[0] == "wal" and pragmas[1] == 1 and pragmas[2] >= 1000


async def test_upgrading_a_played_game_from_0001_keeps_its_log_numbers_and_undo_snapshots(database_url):
    """A game stored by the first schema: 0002 carries the last log number on the game and moves each
    snapshot into its log entry, and the game plays on from there."""
    database = Database(database_url)
    try:
        async with database.engine.begin() as connection:
            await connection.run_sync(lambda sync: _upgrade_to(sync, "0001"))
            await insert_game(connection, version=3)
            for seq, snapshot in ((1, None), (2, pack_state(state())), (3, pack_state(state(DOC, phase=1)))):
                await connection.execute(text(
                    "INSERT INTO log (game_id, seq, at, actor_id, kind, text, data, undone) "
                    "VALUES (7, :seq, :now, :d, 'cast', 'x', '{}', false)"), {"seq": seq, "now": NOW, "d": DIRECTOR})
                if snapshot:
                    await connection.execute(text("INSERT INTO snapshots (game_id, seq, state) VALUES (7, :seq, :s)"),
                                             {"seq": seq, "s": snapshot})
        await database.migrate()
        assert await rows(database, "SELECT last_seq FROM games") == [(3,)]
        async with database.unit(GUILD, CHANNEL) as uow:
            assert await uow.snapshot_before(1) is None
            assert await uow.snapshot_before(3) == state(DOC, phase=1)
            assert await uow.last_undoable() == 3
            assert await uow.log(PETE, "deal", "Phase 2.", before=uow.game.state) == 4
    finally:
        await database.dispose()


async def test_a_game_from_before_the_alarms_gets_none_and_going_back_keeps_it_whole(database_url):
    """0003 adds the alarm columns to a played game (no alarm yet: its next action sets one), and
    taking 0003 back out drops them in place: no table is rebuilt, so no row goes with it."""
    database = Database(database_url)
    try:
        async with database.engine.begin() as connection:
            await connection.run_sync(lambda sync: _upgrade_to(sync, "0002"))
            await insert_game(connection, version=2, last_seq=1)
            await connection.execute(text(
                "INSERT INTO log (game_id, seq, at, actor_id, kind, text, data, undone, snapshot) "
                "VALUES (7, 1, :now, :d, 'cast', 'Doc joins.', '{}', false, :s)"),
                {"now": NOW, "d": DIRECTOR, "s": pack_state(state())})
            await connection.execute(text("INSERT INTO characters (game_id, key, name, owner_id, type) "
                                          "VALUES (7, 'doc', 'Doc Holliday', :p, 'HERO')"), {"p": PETE})
        await database.migrate()
        game = await database.load_game(GUILD, CHANNEL)
        assert (game.alarm_at, game.alarm_kind, game.waiting_since, game.reminder_hours) == (None,) * 4
        assert await database.next_alarms(10) == []

        async with database.engine.begin() as connection:
            await connection.run_sync(lambda sync: _downgrade_to(sync, "0002"))
        assert await rows(database, "SELECT version_num FROM alembic_version") == [("0002",)]
        assert await rows(database, "SELECT kind FROM log") == [("cast",)]
        assert await rows(database, "SELECT key FROM characters") == [("doc",)]
        assert "timers" in await table_names(database)
        await database.migrate()
        assert await rows(database, "SELECT version_num FROM alembic_version") == [(head(),)]
    finally:
        await database.dispose()


async def insert_game(connection, **columns: int) -> None:
    """Game 7, Doc Holliday's, active in the test channel, inserted with plain SQL as an older schema
    holds it (``columns``: its version, and those of the columns that schema has)."""
    values = {"id": 7, "guild_id": GUILD, "channel_id": CHANNEL, "ruleset": "qotd", "director_id": DIRECTOR,
              "status": "active", "state": json.dumps(state(DOC)), "deadline_action": "hold", "created_at": NOW,
              "updated_at": NOW, **columns}
    columns_sql, values_sql = ", ".join(values), ", ".join(f":{name}" for name in values)
    await connection.execute(text(f"INSERT INTO games ({columns_sql}) VALUES ({values_sql})"), values)


def _upgrade_to(connection, revision: str) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def _downgrade_to(connection, revision: str) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.downgrade(config, revision)
