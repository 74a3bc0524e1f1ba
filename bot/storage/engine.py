"""The engine for a database URL (SQLite file or PostgreSQL), and migrating it to the newest schema."""

from __future__ import annotations

import functools
import json
import logging
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

log = logging.getLogger("director.db")

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BUSY_TIMEOUT_MS = 10_000
MIGRATION_LOCK = 0x51_07D0
"""PostgreSQL advisory lock key: one process migrates at a time."""

SQLITE_PRAGMAS = (
    "PRAGMA foreign_keys=ON",
    f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}",
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
)


OPENING_ERRORS: tuple[type[BaseException], ...] = (OSError, SQLAlchemyError)
"""What opening or reaching a database may raise."""


class Written(str):
    """JSON already written out (a game's state, written once for each command that stores it): a JSON column
    stores it as it is, where any other value is written out by :func:`json.dumps`."""


def write_json(value: Any) -> str:
    """The text a JSON column stores for ``value``."""
    return value if type(value) is Written else json.dumps(value)


def shown_url(url: str) -> str:
    """The database URL as it may be shown: without its password."""
    return make_url(url).render_as_string(hide_password=True)


def make_engine(url: str, *, echo: bool = False) -> AsyncEngine:
    """An async engine for ``url``; SQLite gets its folder created and its pragmas set on every connection."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_async_engine(parsed, echo=echo, pool_pre_ping=True, json_serializer=write_json)
    if not parsed.database or parsed.database == ":memory:":
        raise ValueError("SQLite needs a file: an in-memory database is not shared between connections")
    Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(parsed, echo=echo, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000},
                                 json_serializer=write_json)
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


def describe(engine: AsyncEngine) -> str:
    """The engine's URL with any password hidden, for logs and messages."""
    return engine.url.render_as_string(hide_password=True)


async def migrate(engine: AsyncEngine) -> None:
    """Upgrade the database to the newest Alembic revision, in one transaction where the database allows."""
    async with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            await connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        await connection.run_sync(_upgrade)
    log.info("database %s is at the newest schema", describe(engine))


def alembic_config() -> Config:
    """Alembic's configuration for this package's migrations, without an ini file."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@functools.cache
def newest_revision() -> str | None:
    """The newest revision of this package's migrations (their files are read once)."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def _upgrade(connection: Connection) -> None:
    """Upgrade the database on ``connection`` to the newest revision; one already there is only read (Alembic
    would read every migration's file first, a tenth of a second each time the bot starts)."""
    if MigrationContext.configure(connection).get_current_revision() == newest_revision():
        return
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
