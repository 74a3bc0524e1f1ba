"""The health check Docker runs: the running bot's heartbeat file and its database."""

import json

import pytest

from bot.storage import DatabaseUnavailable
from bot.app.health import MAX_AGE_SECONDS, check, heartbeat, read_heartbeat
from bot.app.settings import Settings


async def test_a_connected_bot_with_its_database_is_healthy_and_unhealthy_once_stopped(simcord_env, db_url, tmp_path):
    beat = tmp_path / "heartbeat.json"
    settings = Settings(database_url=db_url)
    async with heartbeat(simcord_env.bot, beat):
        written = json.loads(beat.read_text())
        assert written["ready"] is True and written["latency"] is not None
        assert await check(settings, beat, MAX_AGE_SECONDS) is None
        assert read_heartbeat(beat, MAX_AGE_SECONDS, written["time"] + MAX_AGE_SECONDS + 1).startswith(
            f"the last heartbeat is {MAX_AGE_SECONDS + 1:.0f} s old")
        with pytest.raises(DatabaseUnavailable):
            await check(Settings(database_url="postgresql+asyncpg://postgres@127.0.0.1:1/director"), beat,
                        MAX_AGE_SECONDS)
    assert await check(settings, beat, MAX_AGE_SECONDS) == f"no heartbeat at {beat}: the bot is not running"


async def test_a_bot_not_connected_to_the_gateway_is_unhealthy(simcord_env, db_url, tmp_path):
    beat = tmp_path / "heartbeat.json"
    async with heartbeat(simcord_env.bot, beat):
        await simcord_env.bot.close()
    async with heartbeat(simcord_env.bot, beat):
        assert await check(Settings(database_url=db_url), beat, MAX_AGE_SECONDS) == (
            "the bot is not connected to Discord's gateway")
