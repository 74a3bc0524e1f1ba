"""Alarms ride on the game's row: set in a command's own UPDATE, found by one indexed query per shard set,
and handled once, by one process, whoever else looks at the same time. Messages are tied to the log."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import exc

from bot.storage import AlarmRow, Database, StaleGame

from .helpers import CHANNEL, DOC, GUILD, KATE, PETE, one, rows, start, state
from .test_cache import statements

NOW = datetime(2030, 1, 1, 12, tzinfo=UTC)
HOUR = timedelta(hours=1)


async def set_alarm(database: Database, at: datetime | None, channel: int = CHANNEL, guild: int = GUILD) -> None:
    async with database.unit(guild, channel) as uow:
        uow.set_alarm(NOW - HOUR, at, "reminder" if at else None)


async def test_an_alarm_rides_in_the_commands_own_update(database):
    await start(database, DOC)
    async with database.unit(GUILD, CHANNEL):
        pass                                                   # the game is served from memory from now on
    async with statements(database) as sent:
        async with database.unit(GUILD, CHANNEL) as uow:
            uow.save(state(DOC, phase=1))
            await uow.log(PETE, "deal", "Phase 1.", before=uow.game.state)
            uow.set_alarm(NOW, NOW + 12 * HOUR, "reminder")
    assert sent == ["UPDATE GAMES", "INSERT INTO"]
    game = await database.load_game(GUILD, CHANNEL)
    assert (game.waiting_since, game.alarm_at, game.alarm_kind) == (NOW, NOW + 12 * HOUR, "reminder")


async def test_the_soonest_alarms_come_first_due_or_not_and_ended_games_have_none(database):
    await start(database, DOC)
    await start(database, KATE, channel=CHANNEL + 1)
    await start(database, DOC, channel=CHANNEL + 2)
    await set_alarm(database, NOW + HOUR)
    await set_alarm(database, NOW - HOUR, channel=CHANNEL + 1)
    assert await database.next_alarms(10) == [AlarmRow(GUILD, CHANNEL + 1, NOW - HOUR),
                                              AlarmRow(GUILD, CHANNEL, NOW + HOUR)]
    assert await database.next_alarms(1) == [AlarmRow(GUILD, CHANNEL + 1, NOW - HOUR)]

    async with database.unit(GUILD, CHANNEL + 1) as uow:
        await uow.end_game()
    assert await database.next_alarms(10) == [AlarmRow(GUILD, CHANNEL, NOW + HOUR)]
    assert await one(database, "SELECT count(*) FROM games WHERE alarm_at IS NOT NULL") == 1


async def test_each_process_sees_the_alarms_of_its_own_shards_only(database):
    guilds = [(n << 22) + GUILD % (1 << 22) for n in range(4)]     # on shards 0, 1, 2 and 3 of four
    for hour, guild in enumerate(guilds):
        async with database.unit(guild, CHANNEL) as uow:
            await uow.start_game(PETE, state(DOC), "qotd")
        await set_alarm(database, NOW + hour * HOUR, guild=guild)
    assert [a.guild_id for a in await database.next_alarms(10, 4, (1, 3))] == [guilds[1], guilds[3]]
    assert [a.guild_id for a in await database.next_alarms(10, 4, (2,))] == [guilds[2]]
    assert [a.guild_id for a in await database.next_alarms(10, 2, (0,))] == [guilds[0], guilds[2]]
    assert [a.guild_id for a in await database.next_alarms(10, 4, range(4))] == guilds


async def test_a_due_alarm_is_handled_exactly_once_by_two_processes_at_once(database, other_database):
    """Both find the alarm due and load the game before either commits; the version lets one through."""
    await start(database, DOC)
    await set_alarm(database, NOW - HOUR)
    both_loaded = asyncio.Barrier(2)

    async def handle(db: Database) -> str:
        [alarm] = await db.next_alarms(10)
        try:
            async with db.unit(alarm.guild_id, alarm.channel_id) as uow:
                due = uow.due_alarm(NOW)
                await both_loaded.wait()
                if due is None:
                    return "not due"
                uow.set_alarm(uow.game.waiting_since, None, None)
                await uow.log(PETE, "deadline", "The deadline passed.", before=uow.game.state)
            return "handled"
        except StaleGame:
            return "stale"

    outcomes = await asyncio.wait_for(asyncio.gather(handle(database), handle(other_database)), 30)
    assert sorted(outcomes) == ["handled", "stale"]
    assert await rows(database, "SELECT kind FROM log") == [("deadline",)]
    assert await database.next_alarms(10) == []
    async with other_database.unit(GUILD, CHANNEL) as uow:      # a process that lost the race looks again
        assert uow.due_alarm(NOW) is None


async def test_an_alarm_not_yet_due_is_not_due(database):
    await start(database, DOC)
    await set_alarm(database, NOW + HOUR)
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.due_alarm(NOW) is None
        assert uow.due_alarm(NOW + HOUR) == "reminder"


async def test_the_messages_that_show_log_entries_are_stored(database):
    game_id = await start(database, DOC)
    async with database.unit(GUILD, CHANNEL) as uow:
        for n in range(3):
            await uow.log(PETE, "draw", f"Draw {n}.", before=uow.game.state)
    await database.record_messages([(game_id, 1, 9_000_000_000_000_000_001), (game_id, 3, 9_000_000_000_000_000_003)])
    assert await rows(database, "SELECT seq, message_id FROM log ORDER BY seq") == [
        (1, 9_000_000_000_000_000_001), (2, None), (3, 9_000_000_000_000_000_003)]
    async with database.unit(GUILD, CHANNEL) as uow:
        assert [e.message_id for e in await uow.recent_log(3)] == [9_000_000_000_000_000_001, None,
                                                                     9_000_000_000_000_000_003]


async def test_a_naive_alarm_time_is_refused(database):
    await start(database, DOC)
    with pytest.raises((exc.StatementError, ValueError), match="naive datetime"):   # SQLite: straight to the driver
        await set_alarm(database, datetime(2030, 1, 1))
    assert await database.next_alarms(10) == []
