"""The commonest commit on SQLite sent straight to the driver: a command's game update and log entries.

Through SQLAlchemy's async adaptation a statement costs four trips to aiosqlite's worker thread and
as many layers of Python; sent to aiosqlite itself, one. A command's commit is such a statement pair
(tests/db/test_cache.py), so on SQLite it goes this way: about a tenth of the time. The statements are
SQLAlchemy's own, compiled once per shape for the engine's dialect, and every parameter goes through
its column's bind processor, so the rows are those SQLAlchemy would write (tests/db/test_quick.py
reads them back through SQLAlchemy to check). The messages that show log entries, stored after each
reply, go the same way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Executable, bindparam, insert, update
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection

from .models import Game, LogEntry

LOG_COLUMNS = ("game_id", "seq", "at", "actor_id", "kind", "text", "data", "message_id", "undone", "snapshot")
SHOWN_BY = (update(LogEntry).where(LogEntry.game_id == bindparam("entry_game"), LogEntry.seq == bindparam("entry_seq"))
            .values(message_id=bindparam("shown_by")))
"""Sets the message that shows a log entry (``entry_game``, ``entry_seq``: the entry; ``shown_by``: the message)."""


@dataclass(frozen=True)
class Prepared:
    """A statement compiled once for a dialect: its SQL, and how to make its positional parameters."""

    sql: str
    names: tuple[str, ...]
    processors: tuple[Callable[[Any], Any] | None, ...]

    @classmethod
    def of(cls, statement: Executable, dialect: Dialect) -> Prepared:
        compiled = statement.compile(dialect=dialect)
        names = tuple(compiled.positiontup)
        return cls(str(compiled), names, tuple(compiled.binds[name].type.bind_processor(dialect) for name in names))

    def parameters(self, values: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(value if process is None else process(value)
                     for process, value in zip(self.processors, (values[name] for name in self.names)))


class QuickCommit:
    """Commits a game's update and its new log entries on a SQLite connection, in one transaction."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._updates: dict[frozenset[str], Prepared] = {}
        self.log_entry = Prepared.of(insert(LogEntry).values({name: bindparam(name) for name in LOG_COLUMNS}),
                                     dialect)
        self.shown_by = Prepared.of(SHOWN_BY, dialect)

    def game_update(self, columns: frozenset[str]) -> Prepared:
        """``UPDATE games SET <columns> WHERE id = :game AND version = :seen RETURNING id``, for those columns."""
        if columns not in self._updates:
            statement = (update(Game).where(Game.id == bindparam("game"), Game.version == bindparam("seen"))
                         .values({name: bindparam(name) for name in columns}).returning(Game.id))
            self._updates[columns] = Prepared.of(statement, self.dialect)
        return self._updates[columns]

    async def commit(self, connection: AsyncConnection, game_id: int, seen: int, values: dict[str, Any],
                     entries: Iterable[dict[str, Any]]) -> bool:
        """Update the game if its version is still ``seen``, add the entries, and commit; False (and
        nothing written) when the version moved on."""
        update_game = self.game_update(frozenset(values))
        async with transaction(connection) as run:
            if not await run(update_game, {**values, "game": game_id, "seen": seen}):
                run.abandoned = True
                return False
            for entry in entries:
                await run(self.log_entry, entry)
        return True

    async def record_messages(self, connection: AsyncConnection, rows: Iterable[dict[str, Any]]) -> None:
        """Set the messages that show log entries (rows of :data:`SHOWN_BY`'s parameters), and commit."""
        async with transaction(connection) as run:
            for row in rows:
                await run(self.shown_by, row)


class Runner:
    """Runs prepared statements on aiosqlite's connection, each through ``execute_fetchall``, which leaves
    no cursor behind (a cursor let go in the event loop's thread would be finalised there while
    aiosqlite's thread uses the connection)."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.abandoned = False
        """Set to roll the transaction back when the block ends."""

    async def __call__(self, statement: Prepared, values: dict[str, Any]) -> list[Any]:
        """The rows the statement returns."""
        return await self.driver.execute_fetchall(statement.sql, statement.parameters(values))


@asynccontextmanager
async def transaction(connection: AsyncConnection) -> AsyncIterator[Runner]:
    """A transaction on the connection's driver: committed when the block ends, rolled back if it raises
    or was abandoned."""
    run = Runner((await connection.get_raw_connection()).driver_connection)
    try:
        yield run
    except BaseException:
        await run.driver.rollback()
        raise
    if run.abandoned:
        await run.driver.rollback()
    else:
        await run.driver.commit()
