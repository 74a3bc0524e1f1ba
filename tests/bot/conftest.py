"""The real bot on a temporary SQLite file, run in SimCord; a scene with a Director and two players."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from discord import app_commands

from bot.client import Director
from bot.db import Database, DatabaseUnavailable, GameExists, StaleGame
from bot.errors import ReplyFailed, UserError
from bot.rules.qotd.state import RulesError
from bot.settings import Settings


MADE: list[Director] = []
"""Bots made during the current test; their databases are closed when it ends."""


def make_bot(url: str, seed: int = 7) -> Director:
    """A fresh bot on the database at ``url``, syncing its commands as SimCord expects."""
    settings = Settings(discord_token="", database_url=url)
    bot = Director(settings, Database(url), rng=random.Random(seed), sync_on_start=True, shard_count=1)
    MADE.append(bot)
    return bot


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'director.db'}"


@pytest.fixture
async def simcord_bot(db_url):
    yield make_bot(db_url)
    while MADE:
        await MADE.pop().db.dispose()


@dataclass
class Scene:
    """A server with a #saloon channel, its Director (dora) and two players (pete, polly)."""

    env: object
    guild: object
    channel: object
    dora: object
    pete: object
    polly: object
    stranger: object

    async def game(self) -> None:
        """Start a game with dora directing, and both players joined."""
        await self.dora.slash(self.channel, "game start")
        await self.pete.slash(self.channel, "game join")
        await self.polly.slash(self.channel, "game join")

    def db(self) -> Database:
        return self.env.bot.db


REFUSALS = (UserError, RulesError, app_commands.CheckFailure, GameExists, StaleGame, ReplyFailed,
            DatabaseUnavailable)
"""Errors the bot answers with a clear message: expected whenever a test is refused (or Discord fails)."""


def unexpected_errors(env) -> list[BaseException]:
    """Errors the bot raised other than refusals (acknowledging them all with SimCord)."""
    return [e for e in env.errors if not isinstance(getattr(e, "original", e), REFUSALS)]


@pytest.fixture
async def scene(simcord_env):
    guild = simcord_env.create_guild("Tombstone")
    channel = guild.create_text_channel("saloon")
    users = {name: guild.add_member(simcord_env.create_user(name)) for name in ("dora", "pete", "polly", "stranger")}
    yield Scene(simcord_env, guild, channel, **users)
    assert unexpected_errors(simcord_env) == []
