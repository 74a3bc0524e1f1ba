"""Two commands on one game: serialised in a process by the channel lock, refused across processes by the version."""

from __future__ import annotations

import asyncio
import gc
from datetime import UTC, datetime

import pytest

from bot.storage import StaleGame

from .helpers import CHANNEL, DIRECTOR, DOC, GUILD, KATE, PETE, json_value, one, rows, start, state

WAIT = 5.0


async def test_a_unit_loaded_before_another_commits_is_stale_and_stores_nothing(database, other_database):
    """As two processes: both load version v; the first commit wins, the second raises and leaves no trace."""
    game_id = await start(database, DOC)
    version = await one(database, "SELECT version FROM games")
    with pytest.raises(StaleGame, match="try again"):
        async with other_database.unit(GUILD, CHANNEL) as theirs:
            async with database.unit(GUILD, CHANNEL) as mine:
                assert mine.game.version == theirs.game.version == version
                mine.save(state(DOC, phase=1))
                await mine.log(PETE, "deal", "Phase 1.", before=mine.game.state)
            theirs.save(state(DOC, KATE))
            theirs.set_director(PETE)
            await theirs.log(PETE, "cast", "Kate joins.", before=theirs.game.state)
            theirs.set_alarm(datetime.now(UTC), datetime.now(UTC), "reminder")

    [(stored, stored_version, director)] = await rows(database, "SELECT state, version, director_id FROM games")
    assert (json_value(stored), stored_version, director) == (state(DOC, phase=1), version + 1, DIRECTOR)
    assert await rows(database, "SELECT seq, kind FROM log") == [(1, "deal")]
    assert await rows(database, "SELECT seq FROM log WHERE snapshot IS NOT NULL") == [(1,)]
    assert await one(database, "SELECT count(*) FROM games WHERE alarm_at IS NOT NULL") == 0
    assert await rows(database, "SELECT key FROM characters WHERE game_id = :id", id=game_id) == [("doc",)]


async def test_no_change_is_lost_when_two_processes_play_at_once(database, other_database):
    """Commands racing from two Database objects, retried on StaleGame as the bot asks users to: all land once."""
    await start(database, DOC)
    commands, stale = 12, []

    async def command(db, n: int) -> None:
        while True:
            try:
                async with db.unit(GUILD, CHANNEL) as uow:
                    played = uow.game.state["deck"]["phase"]
                    await asyncio.sleep(0.001 * (n % 3))
                    uow.save(state(DOC, phase=played + 1))
                    await uow.log(PETE, "deal", f"command {n}", before=uow.game.state)
                return
            except StaleGame:
                stale.append(n)

    await asyncio.wait_for(asyncio.gather(*(command(db, n) for n in range(commands)
                                            for db in (database, other_database))), 60)
    assert json_value(await one(database, "SELECT state FROM games"))["deck"]["phase"] == 2 * commands
    assert await rows(database, "SELECT seq FROM log ORDER BY seq") == [(n,) for n in range(1, 2 * commands + 1)]
    assert await one(database, "SELECT count(snapshot) FROM log") == 2 * commands
    assert stale, "the two processes never collided: the test proves nothing"


async def test_units_on_one_channel_take_turns_and_each_sees_the_last_commit(database):
    await start(database, DOC)
    inside = asyncio.Event()
    release = asyncio.Event()
    order = []

    async def first() -> None:
        async with database.unit(GUILD, CHANNEL) as uow:
            order.append("first in")
            inside.set()
            await release.wait()
            uow.save(state(DOC, phase=1))
            order.append("first out")

    async def second() -> None:
        await inside.wait()
        async with database.unit(GUILD, CHANNEL) as uow:
            order.append("second in")
            assert uow.game.state == state(DOC, phase=1)
            uow.save(state(DOC, phase=2))

    tasks = [asyncio.create_task(first()), asyncio.create_task(second())]
    await inside.wait()
    await asyncio.sleep(0.1)
    assert order == ["first in"]
    release.set()
    await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
    assert order == ["first in", "first out", "second in"]
    assert json_value(await one(database, "SELECT state FROM games")) == state(DOC, phase=2)


async def test_a_unit_in_another_channel_is_not_blocked(database):
    await start(database, DOC)
    await start(database, KATE, channel=CHANNEL + 1)
    async with database.unit(GUILD, CHANNEL):
        async def elsewhere() -> None:
            async with database.unit(GUILD, CHANNEL + 1) as uow:
                uow.save(state(KATE, phase=3))

        await asyncio.wait_for(elsewhere(), WAIT)
    assert json_value(await one(database, "SELECT state FROM games WHERE channel_id = :c",
                                c=CHANNEL + 1)) == state(KATE, phase=3)


async def test_channel_locks_are_not_kept_once_no_one_holds_them(database):
    await start(database, DOC)
    for channel in range(20):
        async with database.unit(GUILD, channel):
            pass
    gc.collect()
    assert len(database._locks) == 0


async def test_more_units_at_once_than_pooled_connections_all_commit(database, other_database):
    """Forty channels load their games and commit at once, on a Database that has served none yet (a
    process just started): no unit waits for a connection that another unit, itself waiting, holds."""
    for channel in range(40):
        await start(database, DOC, channel=channel)

    async def command(channel: int) -> None:
        async with other_database.unit(GUILD, channel) as uow:
            await asyncio.sleep(0.01)
            uow.save(state(DOC, phase=1))
            await uow.log(PETE, "deal", "Phase 1.", before=uow.game.state)

    await asyncio.wait_for(asyncio.gather(*(command(channel) for channel in range(40))), 30)
    assert await one(database, "SELECT count(*) FROM log WHERE kind = 'deal'") == 40
