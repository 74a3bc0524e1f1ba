"""Fixtures shared by the test suites: a fresh, empty database on SQLite and on PostgreSQL; SimCord's pace of
settling; and "what the tests held", gathered from every worker process at the end of the run.

SQLite is a temporary file. PostgreSQL runs when DIRECTOR_TEST_POSTGRES_URL names
a server and database to connect to (for instance
``postgresql+asyncpg://postgres@127.0.0.1:5432/test``): each test gets its own
database, created from there and dropped afterwards, so tests are isolated and
may run again and side by side.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import simcord.env
from hypothesis import settings as hypothesis_settings
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from bot.glue import table
from bot.storage import Database
from bot.storage.engine import _sqlite_pragmas, _upgrade

POSTGRES_ENV = "DIRECTOR_TEST_POSTGRES_URL"

hypothesis_settings.register_profile("ci", derandomize=True)
"""CI's property tests try the same examples every run, so that a run is repeatable; elsewhere each run draws new
ones (Hypothesis's default), and a failure found there prints how to reproduce it."""
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
SETTLE_LOOK = 0.002
"""Real seconds SimCord waits between two looks at the bot's work while settling after a command (50 ms by
default). The bot's timer task (cogs/timers.py), re-armed by a command for its next store, reads as work in
flight until SimCord looks again, so nearly every command waited the whole 50 ms of real time for nothing (the
fuzz spent 35 of its 56 s so). Settling still ends only once every task is parked, within the same timeout."""
_settle_defaults = simcord.env.Env._settle_internal.__kwdefaults__
assert "idle" in _settle_defaults, "SimCord no longer settles with an idle look interval: see SETTLE_LOOK"
_settle_defaults["idle"] = SETTLE_LOOK

HELD: list[str] = []
"""What the load, fault and bad-input tests held, told at the end of the run (see ``held``)."""
ANSWERING: dict[str, list[float]] = {"acknowledged": [], "answered": []}
"""Real seconds from each SimCord interaction's creation to its acknowledgement and to its answer, over the run
(see tests/bot/conftest.py's ``answering_in_time``)."""


@pytest.fixture
def held():
    """Tell what a test held (commands run, faults injected, inputs tried, what was lost): one line,
    shown at the end of the run in "what the tests held"."""
    return HELD.append


def pytest_configure(config) -> None:
    """In the tests, every command that takes the state the command before kept checks it against the one stored
    (:data:`bot.glue.table.KEPT_CHECKED`; not on import: the benches import these modules and time the bot as it
    runs)."""
    table.KEPT_CHECKED = True


def pytest_sessionfinish(session) -> None:
    """A pytest-xdist worker hands what its tests held, and its interactions' times, to the main process."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["held"] = list(HELD)
        workeroutput["answering"] = ANSWERING


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """The main process of a pytest-xdist run gathers what each worker's tests held (see pytest_sessionfinish)."""
    output = getattr(node, "workeroutput", {})
    HELD.extend(output.get("held", []))
    for kind, seconds in output.get("answering", {}).items():
        ANSWERING[kind] += seconds


def answering_line() -> str | None:
    """The longest and the median real times to acknowledge and to answer a SimCord interaction, if any ran."""
    acknowledged, answered = sorted(ANSWERING["acknowledged"]), sorted(ANSWERING["answered"])
    if not acknowledged:
        return None
    return (f"{len(acknowledged)} interactions in SimCord: acknowledged in {acknowledged[-1] * 1000:.0f} ms "
            f"real time at most (median {acknowledged[len(acknowledged) // 2] * 1000:.0f} ms; Discord drops "
            f"one after 3000), answered in {answered[-1] * 1000:.0f} ms at most (median "
            f"{answered[len(answered) // 2] * 1000:.0f} ms)")


def pytest_terminal_summary(terminalreporter, config) -> None:
    """Tell "what the tests held", in the main process only (a pytest-xdist worker hands its lines over)."""
    if hasattr(config, "workeroutput"):
        return
    lines = HELD + [line for line in [answering_line()] if line]
    if lines:
        terminalreporter.section("what the tests held")
        for line in lines:
            terminalreporter.write_line(line)


@asynccontextmanager
async def scratch_postgres() -> AsyncIterator[str]:
    """The URL of a new, empty PostgreSQL database on the server DIRECTOR_TEST_POSTGRES_URL names, dropped
    afterwards; skips the test when the variable is not set."""
    server = os.environ.get(POSTGRES_ENV)
    if not server:
        pytest.skip(f"{POSTGRES_ENV} is not set (e.g. postgresql+asyncpg://postgres@127.0.0.1:5432/test)")
    url = make_url(server)
    name = f"director_test_{uuid.uuid4().hex[:16]}"
    admin = create_async_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        async with admin.connect() as connection:
            await connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        async with admin.connect() as connection:
            await connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
async def database_url(request, tmp_path) -> AsyncIterator[str]:
    """The URL of a new, empty database: a SQLite file, or a PostgreSQL database dropped after the test."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'director.db'}"
        return
    async with scratch_postgres() as url:
        yield url


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped after the test (skips without a server)."""
    async with scratch_postgres() as url:
        yield url


@asynccontextmanager
async def migrated(url: str) -> AsyncIterator[Database]:
    """A Database on ``url``, migrated to the newest schema, disposed of after the block."""
    database = Database(url)
    await database.migrate()
    try:
        yield database
    finally:
        await database.dispose()


@pytest.fixture
async def database(database_url) -> AsyncIterator[Database]:
    """A migrated Database on the test's fresh database."""
    async with migrated(database_url) as database:
        yield database


@functools.cache
def _schema() -> Path:
    """A SQLite file migrated to the newest schema, once per test process (removed at its exit)."""
    folder = tempfile.mkdtemp(prefix="director-schema-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = Path(folder) / "director.db"
    engine = create_engine(f"sqlite:///{path}")
    event.listen(engine, "connect", _sqlite_pragmas)
    with engine.begin() as connection:
        _upgrade(connection)
    with engine.connect() as connection:      # the pages the migrations freed given back, as a new file has none
        connection.exec_driver_sql("VACUUM")
    engine.dispose()                          # the last connection closed: the WAL is in the file, and gone
    return path


def migrated_sqlite(path: Path) -> str:
    """The URL of a new SQLite file at ``path``, at the newest schema: a copy of one migrated once per test process,
    as migrating each afresh took a bot 0.15 s to start."""
    shutil.copyfile(_schema(), path)
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture
async def sqlite_database(tmp_path) -> AsyncIterator[Database]:
    """A migrated Database on a new SQLite file, for what only SQLite does."""
    async with migrated(migrated_sqlite(tmp_path / "director.db")) as database:
        yield database


@pytest.fixture
async def postgres_database(postgres_url) -> AsyncIterator[Database]:
    """A migrated Database on a new PostgreSQL database, for what only PostgreSQL does (skips without one)."""
    async with migrated(postgres_url) as database:
        yield database


@pytest.fixture
async def other_database(database, database_url) -> AsyncIterator[Database]:
    """A second Database object on the same database, as another process would have."""
    other = Database(database_url)
    yield other
    await other.dispose()
