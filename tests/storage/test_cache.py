"""Each process keeps the games it served: a command reads none from the database, writes in two
statements, and a game another process changed is refused once, then loaded afresh."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from sqlalchemy import event

from bot.storage import Database, StaleGame, repository

from .helpers import CHANNEL, DOC, GUILD, KATE, PETE, json_value, one, start, state


@asynccontextmanager
async def statements(database: Database) -> AsyncIterator[list[str]]:
    """The SQL statements the database is sent inside the block (their first two words), as SQLite's
    writer connections (the loop's own and aiosqlite's) trace them, or as SQLAlchemy sends them to PostgreSQL."""
    sent: list[str] = []

    def record(statement: str) -> None:
        if not statement.startswith(("BEGIN", "COMMIT", "ROLLBACK")):
            sent.append(" ".join(statement.split()[:2]).upper())

    if database.engine.dialect.name == "sqlite":
        driver = (await database._writer.get_raw_connection()).driver_connection
        await driver.set_trace_callback(record)
        database._quick.connection.set_trace_callback(record)
        try:
            yield sent
        finally:
            await driver.set_trace_callback(None)
            database._quick.connection.set_trace_callback(None)
        return

    def sending(_connection, _cursor, statement, *_args) -> None:
        record(statement)

    event.listen(database.engine.sync_engine, "before_cursor_execute", sending)
    try:
        yield sent
    finally:
        event.remove(database.engine.sync_engine, "before_cursor_execute", sending)


async def test_a_command_on_a_game_served_before_reads_nothing_and_writes_two_statements(database):
    await start(database, DOC)
    async with statements(database) as sent:
        async with database.unit(GUILD, CHANNEL) as uow:
            assert uow.game.state == state(DOC)
            uow.save(state(DOC, phase=1))
            assert await uow.log(PETE, "deal", "Phase 1.", before=uow.game.state) == 1
    assert sent == ["UPDATE GAMES", "INSERT INTO"]
    async with statements(database) as sent:
        async with database.unit(GUILD, CHANNEL) as uow:
            assert uow.game.state == state(DOC, phase=1)
    assert sent == []


async def test_a_game_changed_by_another_process_is_refused_once_then_loaded_afresh(database, other_database):
    await start(database, DOC)
    async with database.unit(GUILD, CHANNEL):
        pass                                                      # this process has the game in memory
    async with other_database.unit(GUILD, CHANNEL) as theirs:
        theirs.save(state(DOC, KATE))
        await theirs.log(PETE, "cast", "Kate joins.", before=theirs.game.state)
    with pytest.raises(StaleGame):
        async with database.unit(GUILD, CHANNEL) as mine:
            assert mine.game.state == state(DOC)                  # what it served last
            mine.save(state(DOC, phase=1))
            await mine.log(PETE, "deal", "Phase 1.", before=mine.game.state)
    assert json_value(await one(database, "SELECT state FROM games")) == state(DOC, KATE)
    async with database.unit(GUILD, CHANNEL) as mine:
        assert mine.game.state == state(DOC, KATE)
        mine.save(state(DOC, KATE, phase=1))
        assert await mine.log(PETE, "deal", "Phase 1.", before=mine.game.state) == 2
    assert (await other_database.load_game(GUILD, CHANNEL)).state == state(DOC, KATE, phase=1)


async def test_a_command_that_fails_leaves_the_served_game_as_stored(database):
    await start(database, DOC)
    with pytest.raises(ZeroDivisionError):
        async with database.unit(GUILD, CHANNEL) as uow:
            uow.game.state["characters"].clear()                  # a command changing what it was given
            uow.save(uow.game.state)
            1 / 0
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game.state == state(DOC)


async def test_an_ended_game_is_not_served_again(database):
    await start(database, DOC)
    async with database.unit(GUILD, CHANNEL) as uow:
        await uow.end_game()
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game is None
    assert await database.load_game(GUILD, CHANNEL) is None


async def in_a_task_of_its_own(work):
    """Run ``work`` (a coroutine function) as a command runs: in a task of its own, over when it returns."""
    return await asyncio.create_task(work())


async def test_the_state_a_command_stored_goes_to_the_next_command_once_the_first_is_over(database):
    await start(database, DOC)
    decoded, data = {"what the rules engine read": [1, 2]}, state(DOC, phase=1)

    async def store() -> None:
        async with database.unit(GUILD, CHANNEL) as uow:
            assert uow.take_kept() is None                        # nothing stored by a command yet
            uow.save(data, decoded=decoded)
            await uow.log(PETE, "deal", "Phase 1.", before=uow.game.state)

    async def take() -> tuple[object, ...]:
        async with database.unit(GUILD, CHANNEL) as uow:
            return uow.game.state, uow.take_kept(), uow.take_kept()

    await in_a_task_of_its_own(store)
    handed, *kept = await in_a_task_of_its_own(take)
    assert handed is data and kept == [decoded, None]             # the same data and object, each only once
    again, *kept = await in_a_task_of_its_own(take)
    assert again == data and again is not data and kept == [None, None]   # the JSON stored, read as ever
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.stored_state() == data


async def test_a_command_still_running_keeps_what_it_stored_to_itself(database):
    await start(database, DOC)
    stored, taken = asyncio.Event(), []
    decoded, data = {"read": True}, state(DOC, phase=1)

    async def store_then_reply() -> None:
        async with database.unit(GUILD, CHANNEL) as uow:
            uow.save(data, decoded=decoded)
        stored.set()
        await asyncio.sleep(0)                                    # still replying from what it holds
        await asyncio.sleep(0)

    async def next_command() -> None:
        await stored.wait()
        async with database.unit(GUILD, CHANNEL) as uow:
            taken.append((uow.game.state is data, uow.take_kept()))

    first = asyncio.create_task(store_then_reply())
    await asyncio.gather(first, next_command())
    assert taken == [(False, None)]                               # read afresh: the first still held both
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game.state is data and uow.take_kept() is decoded   # the first is over: the next may take them


async def test_what_a_failed_or_stale_command_held_is_never_kept(database, other_database):
    await start(database, DOC)

    async def store(decoded: object, phase: int) -> None:
        async with database.unit(GUILD, CHANNEL) as uow:
            uow.take_kept()
            uow.save(state(DOC, phase=phase), decoded=decoded)
            await uow.log(PETE, "deal", f"Phase {phase}.", before=uow.game.state)

    await in_a_task_of_its_own(lambda: store("first", 1))
    with pytest.raises(ZeroDivisionError):
        async with database.unit(GUILD, CHANNEL) as uow:
            assert uow.take_kept() == "first"
            uow.save(state(DOC, phase=2), decoded="failed")
            1 / 0
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.take_kept() is None and uow.game.state == state(DOC, phase=1)
    await in_a_task_of_its_own(lambda: store("second", 2))
    async with other_database.unit(GUILD, CHANNEL) as theirs:
        theirs.save(state(DOC, KATE))
    with pytest.raises(StaleGame):
        await in_a_task_of_its_own(lambda: store("stale", 3))
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.take_kept() is None and uow.game.state == state(DOC, KATE)


async def test_only_the_games_stored_last_keep_their_state_read(database, monkeypatch):
    """A state read is some six times its JSON: the process keeps it for the KEPT_STATES games stored last alone."""
    monkeypatch.setattr(repository, "KEPT_STATES", 2)
    channels = [CHANNEL + n for n in range(3)]
    for channel in channels:
        await start(database, DOC, channel=channel)

    async def store(channel: int) -> None:
        async with database.unit(GUILD, channel) as uow:
            uow.save(state(DOC, phase=1), decoded=f"read in {channel}")

    for channel in channels:
        await in_a_task_of_its_own(lambda: store(channel))
    taken = []
    for channel in channels:
        async with database.unit(GUILD, channel) as uow:
            taken.append(uow.take_kept())
    assert taken == [None, f"read in {channels[1]}", f"read in {channels[2]}"]
    await in_a_task_of_its_own(lambda: store(channels[0]))
    kept = database._games[GUILD, channels[0]].kept
    database.forget_game(GUILD, channels[0])                      # as after another process changed the game
    assert kept.take() is None                                    # let go with the game, not at the 256th next
