"""SQLite's quick commit (bot/storage/quick.py): what it writes on the event loop's own connection is what
SQLAlchemy reads back, every column in its own type; when another process holds the file, the commit
waits for it off the loop; and the WAL is checkpointed in a thread."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import event, select

from bot.storage import Database, quick
from bot.storage.models import Game
from bot.storage.repository import QUICK_READ
from bot.rules.core.fair import chain

from .helpers import CHANNEL, DIRECTOR, DOC, GUILD, KATE, PETE, one, rows, start, state, without_chain


async def test_a_command_commits_past_sqlalchemy_and_sqlalchemy_reads_every_column_back(sqlite_database):
    database = sqlite_database
    await start(database, DOC)
    through_sqlalchemy: list[str] = []
    event.listen(database.engine.sync_engine, "before_cursor_execute",
                 lambda _c, _cur, statement, *_: through_sqlalchemy.append(statement))
    before = datetime.now(UTC)
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.save(state(DOC, phase=1))
        uow.set_director(PETE)
        uow.set_deadline(12.5, "skip")
        first = await uow.log(PETE, "deal", "Phase 1 — «dealt».", {"cards": ["AH", "10S"], "n": 2},
                              before=uow.game.state)
        second = await uow.log(DIRECTOR, "note", "No change here.")
    assert through_sqlalchemy == []                          # it went past SQLAlchemy, on the loop's connection

    game = await database.load_game(GUILD, CHANNEL)
    assert (game.state, game.director_id, game.deadline_hours, game.deadline_action) == (
        state(DOC, phase=1), PETE, 12.5, "skip")
    async with database.unit(GUILD, CHANNEL) as uow:
        entries = await uow.recent_log(5)
        assert await uow.snapshot_before(first) == state(DOC)
        assert await uow.snapshot_before(second) is None
        assert await uow.last_undoable() == first
    assert [(e.seq, e.actor_id, e.kind, e.text, without_chain(e.data), e.message_id, e.undone) for e in entries] == [
        (first, PETE, "deal", "Phase 1 — «dealt».", {"cards": ["AH", "10S"], "n": 2}, None, False),
        (second, DIRECTOR, "note", "No change here.", {}, None, False)]
    assert all(e.at.tzinfo is UTC and before - timedelta(seconds=1) <= e.at <= datetime.now(UTC)
               for e in entries)
    last = entries[-1]                                       # chained on the quick path as on the usual one
    assert last.data["chain"] == chain(entries[-2].data["chain"], last.seq, last.at, last.actor_id, last.kind,
                                       last.text, last.data)
    assert await rows(database, "SELECT chain FROM games") == [(last.data["chain"],)]
    async with database.engine.connect() as connection:
        updated_at = await connection.scalar(select(Game.updated_at))
    assert updated_at.tzinfo is UTC and updated_at >= before - timedelta(seconds=1)

    async with database.unit(GUILD, CHANNEL) as uow:      # and SQLAlchemy's own path goes on from there
        uow.save(state(DOC, KATE, phase=1))                # a new cast: its mirror rows are rewritten
        assert await uow.log(PETE, "cast", "Kate joins.", before=uow.game.state) == second + 1
    assert (await database.load_game(GUILD, CHANNEL)).state == state(DOC, KATE, phase=1)


async def deal(database: Database, phase: int) -> None:
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.save(state(DOC, phase=phase))
        await uow.log(PETE, "deal", f"Phase {phase}.", before=uow.game.state)


async def test_a_commit_waits_off_the_loop_while_another_process_holds_the_file(sqlite_database):
    await start(sqlite_database, DOC)
    await deal(sqlite_database, 1)                                   # the loop's connection is open
    other_process = sqlite3.connect(sqlite_database.engine.url.database, check_same_thread=False)
    other_process.execute("BEGIN IMMEDIATE")                        # holds the file's write lock
    try:
        waiting = asyncio.create_task(deal(sqlite_database, 2))
        started = time.perf_counter()
        for _ in range(20):
            await asyncio.sleep(0.01)
        assert time.perf_counter() - started < 1                   # the loop went on meanwhile
        assert not waiting.done()
    finally:
        other_process.rollback()
        other_process.close()
    await asyncio.wait_for(waiting, 5)
    assert (await sqlite_database.load_game(GUILD, CHANNEL)).state == state(DOC, phase=2)
    assert await one(sqlite_database, "SELECT max(seq) FROM log") == 2


async def test_the_wal_is_checkpointed_in_a_thread_every_so_many_commits(sqlite_database, monkeypatch):
    monkeypatch.setattr(quick, "CHECKPOINT_EVERY", 25)
    await start(sqlite_database, DOC)
    file = Path(sqlite_database.engine.url.database)
    size = file.stat().st_size                 # the database file grows only when the WAL is checkpointed
    for phase in range(1, 25):
        await deal(sqlite_database, phase)
    assert file.stat().st_size == size
    await deal(sqlite_database, 25)
    await asyncio.wait_for(sqlite_database._quick._checkpoint, 5)
    assert file.stat().st_size > size


async def test_the_last_few_entries_are_read_past_sqlalchemy_as_sqlalchemy_reads_them(sqlite_database):
    """A button's roll among the last entries of the log (bot/storage/repository.py, QUICK_READ) is read on the
    loop's connection, every column as SQLAlchemy reads it; a long read goes SQLAlchemy's way, off the loop."""
    database = sqlite_database
    game = await start(database, DOC)
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.save(state(DOC, phase=1))
        await uow.log(PETE, "deal", "Phase 1 — «dealt».", {"cards": ["AH", "10S"], "n": 2}, before=uow.game.state)
        for n in range(QUICK_READ):
            await uow.log(DIRECTOR, "note", f"Note {n}.")
    await database.record_messages([(game, 1, 777)])
    through_sqlalchemy: list[str] = []
    event.listen(database.engine.sync_engine, "before_cursor_execute",
                 lambda _c, _cur, statement, *_: through_sqlalchemy.append(statement))
    async with database.unit(GUILD, CHANNEL) as uow:
        quickly = await uow.log_from(2)
        assert through_sqlalchemy == []
        slowly = await uow.log_from(1)
        assert len(through_sqlalchemy) == 1
    assert quickly == slowly[1:] and len(slowly) == QUICK_READ + 1
    assert [(e.seq, e.actor_id, e.kind, without_chain(e.data), e.message_id, e.undone, e.at.tzinfo)
            for e in slowly[:2]] == [
        (1, PETE, "deal", {"cards": ["AH", "10S"], "n": 2}, 777, False, UTC),
        (2, DIRECTOR, "note", {}, None, False, UTC)]
