"""Timers: added and cancelled with the game's unit of work, claimed by one claimer only."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import exc

from .helpers import CHANNEL, DOC, GUILD, KATE, PETE, one, rows, start

NOW = datetime(2030, 1, 1, 12, tzinfo=UTC)


async def add(database, *timers: tuple[str, datetime], channel: int = CHANNEL) -> None:
    async with database.unit(GUILD, channel) as uow:
        for kind, due_at in timers:
            await uow.add_timer(kind, due_at, {"user": PETE, "kind": kind})


async def test_due_timers_are_claimed_once_with_their_channel(database):
    game_id = await start(database, DOC)
    await add(database, ("reminder", NOW - timedelta(hours=1)), ("deadline", NOW), ("reminder", NOW + timedelta(1)))
    assert await one(database, "SELECT count(*) FROM timers WHERE done_at IS NULL") == 3

    claimed = await database.claim_due_timers(NOW)
    assert [(t.kind, t.game_id, t.guild_id, t.channel_id, t.payload) for t in claimed] == [
        ("reminder", game_id, GUILD, CHANNEL, {"user": PETE, "kind": "reminder"}),
        ("deadline", game_id, GUILD, CHANNEL, {"user": PETE, "kind": "deadline"})]
    assert await rows(database, "SELECT id FROM timers WHERE done_at IS NOT NULL ORDER BY due_at") == [
        (t.id,) for t in claimed]
    assert await database.claim_due_timers(NOW) == []
    assert [t.kind for t in await database.claim_due_timers(NOW + timedelta(2))] == ["reminder"]


async def test_two_processes_claiming_at_once_get_each_timer_exactly_once(database, other_database):
    await start(database, DOC)
    await add(database, *(("reminder", NOW - timedelta(minutes=n)) for n in range(60)))

    async def claimer(db) -> list[int]:
        got = []
        while batch := await db.claim_due_timers(NOW, limit=7):
            got += [t.id for t in batch]
        return got

    mine, theirs = await asyncio.wait_for(asyncio.gather(claimer(database), claimer(other_database)), 60)
    assert not set(mine) & set(theirs)
    assert sorted(mine + theirs) == [i for (i,) in await rows(database, "SELECT id FROM timers ORDER BY id")]
    assert await one(database, "SELECT count(*) FROM timers WHERE done_at IS NULL") == 0


async def test_cancelling_removes_only_the_games_pending_timers_of_that_kind(database):
    await start(database, DOC)
    await start(database, KATE, channel=CHANNEL + 1)
    await add(database, ("reminder", NOW), ("deadline", NOW))
    await add(database, ("reminder", NOW), channel=CHANNEL + 1)
    async with database.unit(GUILD, CHANNEL) as uow:
        await uow.cancel_timers("reminder")
    assert await rows(database, "SELECT t.kind, g.channel_id FROM timers t JOIN games g ON g.id = t.game_id "
                                "ORDER BY g.channel_id, t.kind") == [("deadline", CHANNEL), ("reminder", CHANNEL + 1)]

    async with database.unit(GUILD, CHANNEL) as uow:
        await uow.end_game()
    assert await rows(database, "SELECT kind FROM timers") == [("reminder",)]


async def test_claimed_timers_are_kept_and_not_cancelled(database):
    await start(database, DOC)
    await add(database, ("reminder", NOW))
    await database.claim_due_timers(NOW)
    async with database.unit(GUILD, CHANNEL) as uow:
        await uow.cancel_timers()
    assert await one(database, "SELECT count(*) FROM timers WHERE done_at IS NOT NULL") == 1


async def test_a_naive_time_is_refused(database):
    await start(database, DOC)
    with pytest.raises(exc.StatementError, match="naive datetime"):
        await add(database, ("reminder", datetime(2030, 1, 1)))
    assert await one(database, "SELECT count(*) FROM timers") == 0
