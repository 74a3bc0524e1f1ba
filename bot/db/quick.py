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

from collections.abc import Callable, Iterable
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
        nothing written) when the version moved on.

        Every statement goes through ``execute_fetchall``, which leaves no cursor behind: a cursor let go
        in this thread would be finalised here while aiosqlite's thread uses the connection.
        """
        driver = (await connection.get_raw_connection()).driver_connection
        update_game = self.game_update(frozenset(values))
        try:
            if not await driver.execute_fetchall(update_game.sql,
                                                 update_game.parameters({**values, "game": game_id, "seen": seen})):
                await driver.rollback()
                return False
            for entry in entries:
                await driver.execute_fetchall(self.log_entry.sql, self.log_entry.parameters(entry))
            await driver.commit()
        except BaseException:
            await driver.rollback()
            raise
        return True

    async def record_messages(self, connection: AsyncConnection, rows: Iterable[dict[str, Any]]) -> None:
        """Set the messages that show log entries (rows of :data:`SHOWN_BY`'s parameters), and commit."""
        driver = (await connection.get_raw_connection()).driver_connection
        try:
            for row in rows:
                await driver.execute_fetchall(self.shown_by.sql, self.shown_by.parameters(row))
            await driver.commit()
        except BaseException:
            await driver.rollback()
            raise
