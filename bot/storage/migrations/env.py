"""Alembic's entry point for this package's migrations.

``Database.migrate()`` hands in its own connection (``config.attributes["connection"]``).
Run from the command line instead (``alembic -c bot/storage/alembic.ini revision --autogenerate -m "..."`` at the
project root), it opens the database of ``sqlalchemy.url``
if set, else of DATABASE_URL as the bot reads it.
"""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import Connection

from bot.storage.engine import make_engine
from bot.storage.models import Base
from bot.app.settings import Settings

config = context.config


def database_url() -> str:
    return config.get_main_option("sqlalchemy.url") or Settings.from_env().database_url


def run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True,
                      compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


async def run_on_own_engine() -> None:
    engine = make_engine(database_url())
    try:
        async with engine.begin() as connection:
            await connection.run_sync(run)
    finally:
        await engine.dispose()


if context.is_offline_mode():
    context.configure(url=database_url(), target_metadata=Base.metadata, literal_binds=True,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
elif "connection" in config.attributes:
    run(config.attributes["connection"])
else:
    asyncio.run(run_on_own_engine())
