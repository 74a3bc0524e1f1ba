"""One server cannot stall the others (issue 26): a picture that runs for seconds holds one picture worker only until
its deadline, the worker is killed and replaced, and another server's pictures keep arriving meanwhile; and a
member who may not write in a channel cannot make the bot speak there (rulings 460-464)."""

from __future__ import annotations

import asyncio
import json
import signal
import time

import discord
import pytest
from sqlalchemy import update

from bot.pictures import pool as painters
from bot.glue.client import SILENCED
from bot.storage.models import Game
from bot.pictures.pool import Pool

from .conftest import unexpected_errors
from .helpers import LoopWatch, burst, channel_view, fill_log, png, refused, unsettled
from .test_answering import LOOP_LIMIT

RUNAWAY = json.dumps({"width": 200, "height": 200, "name": "The Endless Woods",
                      "areas": [{"ground": "woods", "rect": {"x": 0, "y": 0, "w": 200, "h": 200}}] * 500})
"""A picture that runs away within the map checks (ruling 445): the largest set, and the most pieces a map may
hold, each a woods the size of the set, which a worker draws tree by tree for seconds of processor time. (The
issue's 169-byte map, woods 100,000 paces wide on a 10-pace set, is refused as a file and, stored before the
checks, loses those woods when read: tests/bot/test_map_limits.py.)"""
DEADLINE = 0.5
"""The test pool's deadline, in seconds of a worker's processor time: some ten times what an ordinary map takes,
a tenth of what :data:`RUNAWAY` would."""
WAIT = 60.0
"""The longest the test waits for an event before failing (real seconds; never slept)."""


class WatchedPool(Pool):
    """The bot's pool of workers, telling the test when a server's picture is handed to a worker."""

    def __init__(self, **settings) -> None:
        super().__init__(**settings)
        self.handed: dict[int | None, asyncio.Event] = {}

    def handed_to(self, server: int) -> asyncio.Event:
        return self.handed.setdefault(server, asyncio.Event())

    def _hand_out(self) -> None:
        super()._hand_out()
        for painter in self.painters:
            if painter.job is not None:
                self.handed_to(painter.job.server).set()


@pytest.fixture
def pool(monkeypatch):
    """Two workers, each server one of them at most, a picture :data:`DEADLINE` seconds of drawing at most."""
    small = WatchedPool(workers=2, deadline=DEADLINE, share=1)
    monkeypatch.setattr(painters, "POOL", small)
    yield small
    small.stop()


async def store_runaway_map(db, guild_id: int, channel_id: int) -> None:
    """Put :data:`RUNAWAY` in the channel's game as its set."""
    game = await db.load_game(guild_id, channel_id)
    state = json.loads(game.state) if isinstance(game.state, str) else dict(game.state)
    state["battlefield"] = json.loads(RUNAWAY)
    async with db.engine.begin() as connection:
        await connection.execute(update(Game).where(Game.id == game.id).values(state=json.dumps(state)
                                                                               if isinstance(game.state, str)
                                                                               else state))
    db.forget_games()


class Finished:
    """The slash commands the bot has finished, in order, each awaitable by its interaction id."""

    def __init__(self, bot) -> None:
        self.order: list[int] = []
        self._done: dict[int, asyncio.Future] = {}
        bot.add_listener(self._finished, "on_app_command_completion")

    async def _finished(self, interaction: discord.Interaction, _command) -> None:
        self.order.append(interaction.id)
        self.future(interaction.id).set_result(None)

    def future(self, interaction_id: int) -> asyncio.Future:
        if interaction_id not in self._done:
            self._done[interaction_id] = asyncio.get_running_loop().create_future()
        return self._done[interaction_id]

    async def of(self, result) -> None:
        """Until the bot has finished ``result``'s command (failing after :data:`WAIT` real seconds)."""
        await asyncio.wait_for(asyncio.shield(self.future(result._interaction.id)), WAIT)


async def shows_a_map(result) -> bool:
    """The reply shows the map's embed with its picture."""
    message = result.response
    return bool(message.embeds) and message.embeds[0].title.startswith("The battlefield") \
        and len(message.attachments) == 1 and png(await message.attachments[0].read())


async def test_a_runaway_picture_is_killed_and_replaced_while_another_server_keeps_its_pictures(
        simcord_env, simcord_bot, pool):
    env, bot = simcord_env, simcord_bot
    env.settle_timeout = WAIT
    tombstone, dodge = env.create_guild("Tombstone"), env.create_guild("Dodge City")
    saloon, street = tombstone.create_text_channel("saloon"), dodge.create_text_channel("front-street")
    ike = tombstone.add_member(env.create_user("ike"))
    wyatt = dodge.add_member(env.create_user("wyatt"))
    await ike.slash(saloon, "game start")
    await wyatt.slash(street, "game start")
    await wyatt.slash(street, "map set", ready_set="ranch")
    await store_runaway_map(bot.db, tombstone.id, saloon.id)
    finished = Finished(bot)

    with unsettled(env):
        runaways = [await ike.slash(saloon, "map show") for _ in range(2)]
    await asyncio.wait_for(pool.handed_to(tombstone.id).wait(), WAIT)
    runaway = next(painter for painter in pool.painters if painter.job is not None)
    with unsettled(env):
        first_show = await wyatt.slash(street, "map show")
    await finished.of(first_show)
    assert await shows_a_map(first_show), "Dodge City's map came while Tombstone's first picture ran away"
    assert [pool.busy(tombstone.id), pool.busy(dodge.id)] == [1, 0], "Tombstone has its one worker, no more"
    assert runaway.job is not None and runaway.job.server == tombstone.id

    await finished.of(runaways[0])
    assert runaway.process.wait(WAIT) == -signal.SIGPROF                  # stopped at its deadline ...
    assert runaway not in pool.painters and len(pool.painters) == 2 and all(p.alive for p in pool.painters)
    workers = [painter.process.pid for painter in pool.painters]
    reply = runaways[0].response                                           # ... and answered without the picture
    assert reply.embeds[0].title.startswith("The battlefield") and not reply.attachments
    assert reply.embeds[0].image.url is None

    await finished.of(runaways[1])     # the same picture, asked for while the first ran: given up, no worker spent
    assert [painter.process.pid for painter in pool.painters] == workers
    assert runaways[1].response.embeds and not runaways[1].response.attachments
    with unsettled(env):
        again = await ike.slash(saloon, "map show")
        second_show = await wyatt.slash(street, "map show")
    await finished.of(second_show)
    await finished.of(again)
    assert await shows_a_map(second_show) and not again.response.attachments
    assert [painter.process.pid for painter in pool.painters] == workers and all(p.alive for p in pool.painters)
    assert pool.busy(tombstone.id) == 0


async def test_a_member_who_may_not_write_in_the_channel_cannot_start_a_game_there(simcord_env, simcord_bot):
    env = simcord_env
    town = env.create_guild("Tombstone")
    reader = town.add_member(env.create_user("reader"))
    announcements = town.create_text_channel(
        "announcements", overwrites={town.default_role: discord.PermissionOverwrite(send_messages=False)})
    before = await channel_view(env, town.id, announcements)

    started = await reader.slash(announcements, "game start")
    refused(started, "may not send messages in this channel", "nothing was done")
    assert started.response.content == SILENCED
    rolled = await reader.slash(announcements, "roll", dice=2)
    refused(rolled, "may not send messages")
    assert await channel_view(env, town.id, announcements) == before            # no game, no log, no public post
    helped = await reader.slash(announcements, "help")
    assert helped.response.ephemeral and "may not send messages" not in helped.response.content
    assert unexpected_errors(env) == []


EXPORTS = 10
LONG_LOG = 20_000


async def test_ten_exports_of_a_long_log_at_once_leave_the_bot_its_event_loop_and_its_processor(scene):
    """The issue's crowd: ten /log export of a long log at once. The entries are read and written out in the
    export process (one export for the ten), so the bot's own process spends next to nothing on them and its
    event loop is never held (the Markdown of 20,000 entries takes over a second to build)."""
    await scene.game()                                                      # a start and two joins
    await scene.pete.slash(scene.channel, "roll", why="to see whether the Clantons still watch the trail")
    await fill_log(scene.db(), scene.guild.id, scene.channel.id, LONG_LOG)
    scene.env.settle_timeout = WAIT
    readers = [scene.pete, scene.polly, scene.dora, scene.stranger, scene.deputy] * (EXPORTS // 5)
    spent = time.process_time()
    with LoopWatch() as loop:
        exports = await burst(scene.env, [(reader, scene.channel, "log export", {}) for reader in readers])
    spent = time.process_time() - spent
    for export in exports:
        [attachment] = export.response.attachments
        assert f"The game's whole log: {LONG_LOG + 4} entries." in export.response.content
        last = [line for line in (await attachment.read()).decode().splitlines()
                if line.startswith(f"| {LONG_LOG + 4} | ")]
        assert len(last) == 1 and "to see whether the Clantons still watch the trail" in last[0]
    assert loop.longest_work < LOOP_LIMIT, f"the loop was held {loop.longest_work * 1000:.0f} ms by {loop.culprit}"
    assert spent < 1.0, f"the bot's process spent {spent:.2f} s of processor time on {EXPORTS} exports"
