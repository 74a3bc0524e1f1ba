"""Start-up, as discord.py's examples/advanced_startup.py: open the database, start the picture workers, find the
extensions (every module of ``cogs``, then every ruleset's of ``cogs.rulesets``, with no list to keep), build
the bot with them, and run it or push its slash commands to Discord."""

from __future__ import annotations

import importlib.util
import pkgutil
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from bot.app.health import heartbeat
from bot.app.settings import Settings
from bot.glue.client import DirectorBot
from bot.glue.exporting import start_exporting
from bot.pictures.pool import POOL, start_painters
from bot.rules import registry  # noqa: F401  (every ruleset the bot plays)
from bot.storage import Database, ServerRow


SHARED = "cogs"
"""The package of the shared features' extensions."""
RULESETS = "cogs.rulesets"
"""The package of each ruleset's own extension."""


def modules_of(package: str, *, packages: bool = False) -> list[str]:
    """The modules of the package named (and its packages, if asked), by name: found where they lie, and loaded by
    ``load_extension`` alone (nothing of ``bot`` imports ``cogs``)."""
    places = importlib.util.find_spec(package).submodule_search_locations
    return sorted(f"{package}.{found.name}" for found in pkgutil.iter_modules(places) if packages or not found.ispkg)


def extensions() -> tuple[str, ...]:
    """Every extension the bot loads: the shared features first, each a module, so that a ruleset's extension may
    add its verbs to a shared group (see :mod:`cogs.rulesets`), then each ruleset's, a module or a package."""
    return (*modules_of(SHARED), *modules_of(RULESETS, packages=True))


def make_bot(settings: Settings, database: Database, *, kind: type[DirectorBot] = DirectorBot,
             rng: random.Random | None = None, **options: object) -> DirectorBot:
    """The bot (of ``kind``) on ``database``, with every extension found; the picture workers (with the settings'
    deadline for a picture) and the export process are started for it, if they are not running yet."""
    POOL.deadline = settings.picture_seconds
    start_painters()
    start_exporting()
    return kind(settings, database, extensions=extensions(), rng=rng, **options)


def open_database(settings: Settings) -> Database:
    """The database of the settings, with the server defaults they give."""
    return Database(settings.database_url,
                    server_defaults=ServerRow(settings.director_role, settings.reminder_hours))


@asynccontextmanager
async def opened(settings: Settings) -> AsyncIterator[Database]:
    """The settings' database, open until the block ends."""
    database = open_database(settings)
    try:
        yield database
    finally:
        await database.dispose()


async def run_bot(settings: Settings) -> None:
    """Connect to Discord and play until stopped."""
    async with opened(settings) as database, make_bot(settings, database) as bot, heartbeat(bot):
        await bot.start(settings.discord_token)


async def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Push the slash commands to Discord, to one guild (instant) or globally. Returns how many."""
    async with opened(settings) as database, make_bot(settings, database) as bot:
        await bot.login(settings.discord_token)
        for name in bot.initial_extensions:
            await bot.load_extension(name)
        guild = discord.Object(guild_id) if guild_id else None
        if guild:
            bot.tree.copy_global_to(guild=guild)
        return len(await bot.tree.sync(guild=guild))
