"""The commonest commit on SQLite, made on the event loop's own connection: a command's game update and
log entries; and the small reads a command makes before it is accepted (a button's roll among the last
entries of the log), which would otherwise wait behind a busy loop for each trip to a thread.

Through SQLAlchemy's async adaptation a statement costs four trips to aiosqlite's worker thread, and
each trip waits for Python's lock, which a busy event loop holds: under load a commit took
milliseconds, though SQLite does the work in tens of microseconds (a WAL commit with
``synchronous=NORMAL`` writes to the WAL and does not sync). So a command's commit (a statement pair,
tests/storage/test_cache.py) goes to a plain ``sqlite3`` connection that the loop's thread uses itself, and
costs the loop less than one trip to a thread would. What could make it wait is kept off the loop:

- it never waits for the file's lock (``busy_timeout=0``): when another process holds it,
  :class:`FileBusy` sends the commit the usual way, where aiosqlite's thread waits;
- it never syncs the disk: it makes no checkpoint itself (``wal_autocheckpoint=0``); every
  :data:`CHECKPOINT_EVERY` commits, a passive checkpoint runs in a thread.

The statements are SQLAlchemy's own, compiled once per shape for the engine's dialect, and every
parameter goes through its column's bind processor, so the rows are those SQLAlchemy would write
(tests/storage/test_quick.py reads them back through SQLAlchemy to check). The messages that show log
entries, stored after each reply, go the same way.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Executable, Select, bindparam, insert, update
from sqlalchemy.engine import Dialect

from bot.storage.models import Game, LogEntry

log = logging.getLogger("director.db")

LOG_COLUMNS = ("game_id", "seq", "at", "actor_id", "kind", "text", "data", "message_id", "undone", "snapshot",
               "retake")
SHOWN_BY = (update(LogEntry).where(LogEntry.game_id == bindparam("entry_game"), LogEntry.seq == bindparam("entry_seq"))
            .values(message_id=bindparam("shown_by")))
"""Sets the message that shows a log entry (``entry_game``, ``entry_seq``: the entry; ``shown_by``: the message)."""
PRAGMAS = ("PRAGMA foreign_keys=ON", "PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=0",
           "PRAGMA wal_autocheckpoint=0")
CHECKPOINT_EVERY = 200
"""Commits between two checkpoints (a commit adds a few pages to the WAL; SQLite's own default is
a checkpoint every 1,000 pages)."""


class FileBusy(Exception):
    """Another process holds the database file's write lock: nothing was written."""


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


@dataclass(frozen=True)
class Query(Prepared):
    """A query compiled once for a dialect: as :class:`Prepared`, and how to read each column it selects."""

    results: tuple[Callable[[Any], Any] | None, ...]

    @classmethod
    def of(cls, statement: Select, dialect: Dialect) -> Query:
        prepared = Prepared.of(statement, dialect)
        return cls(prepared.sql, prepared.names, prepared.processors,
                   tuple(column.type.dialect_impl(dialect).result_processor(dialect, None)
                         for column in statement.selected_columns))

    def row(self, values: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(value if read is None else read(value) for read, value in zip(self.results, values))


class QuickCommit:
    """Commits a game's update and its new log entries on the event loop's connection to a SQLite file.

    Not safe to share between threads: the event loop's thread alone uses it, and the caller holds
    the process's write lock, so that no other connection of the process writes meanwhile.
    """

    def __init__(self, dialect: Dialect, path: str) -> None:
        self.path = path
        self._connection: sqlite3.Connection | None = None
        self._updates: dict[frozenset[str], Prepared] = {}
        self._queries: dict[Select, Query] = {}
        self._dialect = dialect
        self._log_entry = Prepared.of(insert(LogEntry).values({name: bindparam(name) for name in LOG_COLUMNS}),
                                      dialect)
        self._shown_by = Prepared.of(SHOWN_BY, dialect)
        self._commits = 0
        self._checkpoint: asyncio.Task[None] | None = None

    @property
    def connection(self) -> sqlite3.Connection:
        """The loop's connection, opened on first use (it then stays open until :meth:`close`)."""
        if self._connection is None:
            connection = sqlite3.connect(self.path, isolation_level=None)
            for pragma in PRAGMAS:
                connection.execute(pragma)
            self._connection = connection
        return self._connection

    def _game_update(self, columns: frozenset[str]) -> Prepared:
        """``UPDATE games SET <columns> WHERE id = :game AND version = :seen RETURNING id``, for those columns."""
        if columns not in self._updates:
            statement = (update(Game).where(Game.id == bindparam("game"), Game.version == bindparam("seen"))
                         .values({name: bindparam(name) for name in columns}).returning(Game.id))
            self._updates[columns] = Prepared.of(statement, self._dialect)
        return self._updates[columns]

    def commit(self, game_id: int, seen: int, values: dict[str, Any], entries: Iterable[dict[str, Any]]) -> bool:
        """Update the game if its version is still ``seen``, add the entries, and commit; False (and
        nothing written) when the version moved on; FileBusy when another process holds the file."""
        update_game = self._game_update(frozenset(values))

        def write(run: Callable[[Prepared, dict[str, Any]], list[Any]]) -> bool:
            if not run(update_game, {**values, "game": game_id, "seen": seen}):
                return False
            for entry in entries:
                run(self._log_entry, entry)
            return True

        return self._transaction(write)

    def record_messages(self, rows: Iterable[dict[str, Any]]) -> None:
        """Set the messages that show log entries (rows of :data:`SHOWN_BY`'s parameters), and commit;
        FileBusy when another process holds the file."""
        def write(run: Callable[[Prepared, dict[str, Any]], list[Any]]) -> bool:
            for row in rows:
                run(self._shown_by, row)
            return True

        self._transaction(write)

    def read(self, statement: Select, values: dict[str, Any]) -> list[tuple[Any, ...]]:
        """The rows of a small query, read on the loop's connection (what is committed), each value as SQLAlchemy
        reads it; FileBusy when the file cannot be read now."""
        if statement not in self._queries:
            self._queries[statement] = Query.of(statement, self._dialect)
        query = self._queries[statement]
        try:
            rows = self.connection.execute(query.sql, query.parameters(values)).fetchall()
        except sqlite3.OperationalError as error:
            raise FileBusy(str(error)) from error
        return [query.row(row) for row in rows]

    def _transaction(self, write: Callable[[Callable[[Prepared, dict[str, Any]], list[Any]]], bool]) -> bool:
        """Run ``write`` in a transaction, committed if it returns True and rolled back otherwise."""
        connection = self.connection

        def run(statement: Prepared, values: dict[str, Any]) -> list[Any]:
            return connection.execute(statement.sql, statement.parameters(values)).fetchall()

        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode == sqlite3.SQLITE_BUSY:
                raise FileBusy(str(error)) from error
            raise
        try:
            written = write(run)
        except BaseException:
            connection.rollback()
            raise
        if not written:
            connection.rollback()
            return False
        connection.commit()
        self._committed()
        return True

    def _committed(self) -> None:
        """Count the commit; every :data:`CHECKPOINT_EVERY`, start a checkpoint in a thread (if none runs)."""
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0 and (self._checkpoint is None or self._checkpoint.done()):
            self._checkpoint = asyncio.get_running_loop().create_task(asyncio.to_thread(checkpoint, self.path))
            self._checkpoint.add_done_callback(_log_failure)

    async def close(self) -> None:
        """Wait for a checkpoint under way, then close the loop's connection."""
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
        if self._connection is not None:
            connection, self._connection = self._connection, None
            connection.close()


def checkpoint(path: str) -> None:
    """Copy what the WAL holds into the database file, as far as no reader needs it (a passive
    checkpoint: it waits for no one). It syncs the disk, so it runs in a thread."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    finally:
        connection.close()


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("a WAL checkpoint failed (the next one will try again): %s", task.exception())
