"""The real bot on a temporary SQLite file, run in SimCord; a scene with a Director and two players."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass

import discord
import pytest
from discord import app_commands

from bot.app import launch
from bot.glue.client import DirectorBot
from bot.storage import Database, DatabaseUnavailable, GameExists, StaleGame
from bot.glue.errors import ReplyFailed, UserError
from bot.rules.core.ruleset import Ruleset, State
from bot.rules.qotd.state import RulesError
from bot.app.settings import Settings
from tests.rules.scripted import Dice

from tests.conftest import ANSWERING, migrated_sqlite

from .helpers import Stopwatch, stored_game


MADE: list[DirectorBot] = []
"""Bots made during the current test; their databases are closed when it ends."""


TEST_PACE = 10_000
"""Commands a test user may send a minute: test users type faster than anyone (the pace has its own test)."""


class ScriptedDirector(DirectorBot):
    """The bot, seeded; a test that sets its ``rng`` to a :class:`Dice` writes the dice it rolls instead
    of the phase's seal (the seals are still made, and logged)."""

    def dice(self, ruleset: Ruleset, state: State, channel_id: int) -> random.Random:
        sealed = super().dice(ruleset, state, channel_id)
        return self.rng if isinstance(self.rng, Dice) else sealed

    async def load_extension(self, name: str, *, package: str | None = None) -> None:
        """An extension's ``setup`` for this bot, its module imported once per test process: discord.py's own
        ``load_extension`` runs the module afresh for each bot (so that it can be reloaded), which cost every bot
        of the tests 0.09 s to start. The bot itself loads its extensions with discord.py's (the process tests
        and the offline console run it)."""
        await importlib.import_module(name, package).setup(self)


def make_bot(url: str, seed: int = 6, commands_per_minute: int = TEST_PACE,
             kind: type[ScriptedDirector] = ScriptedDirector) -> DirectorBot:
    """A fresh bot (of ``kind``) on the database at ``url``, syncing its commands as SimCord expects."""
    settings = Settings(discord_token="", database_url=url, commands_per_minute=commands_per_minute)
    bot = launch.make_bot(settings, Database(url), kind=kind, rng=random.Random(seed), sync_on_start=True,
                          shard_count=1)
    MADE.append(bot)
    return bot


@pytest.fixture
def db_url(tmp_path) -> str:
    """A new SQLite file at the newest schema (see :func:`tests.conftest.migrated_sqlite`)."""
    return migrated_sqlite(tmp_path / "director.db")


SETTLE_SECONDS = 30.0
"""Real seconds SimCord waits for the bot to settle after an interaction before failing the test: the work a
command hands to a process of its own (a log export, a picture) starts that process first, which on a loaded
machine takes longer than SimCord's default of 5 s. (What a command holds the event loop is measured apart.)"""


@pytest.fixture(autouse=True)
def answering_in_time(request):
    """Every SimCord test's interactions are timed in real time (see ``Stopwatch``); the run tells the
    longest, beside the 3 s after which the real Discord drops an interaction (tests/conftest.py)."""
    if "simcord_env" not in request.fixturenames:
        yield
        return
    env = request.getfixturevalue("simcord_env")
    env.settle_timeout = max(env.settle_timeout, SETTLE_SECONDS)
    with Stopwatch(env) as watch:
        yield
    ANSWERING["acknowledged"] += watch.acknowledged
    ANSWERING["answered"] += watch.answered


@pytest.fixture
async def simcord_bot(db_url):
    yield make_bot(db_url)
    while MADE:
        await MADE.pop().db.dispose()


@dataclass
class Scene:
    """A server with a #saloon channel, its Director (dora) and two players (pete, polly).

    Also on the server: a stranger, deputy (who has the server's Director role) and boss (who may
    manage the server).
    """

    env: object
    guild: object
    channel: object
    dora: object
    pete: object
    polly: object
    stranger: object
    deputy: object
    boss: object

    async def game(self) -> None:
        """Start a game with dora directing, and both players joined."""
        await self.dora.slash(self.channel, "game start")
        await self.pete.slash(self.channel, "game join")
        await self.polly.slash(self.channel, "game join")

    async def mid_phase(self, channel, campaign: str | None = None) -> None:
        """A game in ``channel`` (an adventure of ``campaign``, if given) in the middle of phase 1, with
        Kid's card up (see MID_PHASE)."""
        self.env.bot.rng = Dice()
        start = await self.dora.slash(channel, "game start", **({"campaign": campaign} if campaign else {}))
        assert not start.response.ephemeral, start.response.content
        for actor, command, options, faces in MID_PHASE:
            if command == "deal":
                self.env.bot.rng = Dice(seed=MID_PHASE_DEAL)
            self.env.bot.rng.faces = list(faces)
            result = await getattr(self, actor).slash(channel, command, **options)
            assert not result.response.ephemeral, f"/{command} was refused: {result.response.content}"
            assert self.env.bot.rng.faces == [], f"/{command} left dice unrolled"
        for _ in range(10):
            state = await stored_game(self.db(), self.guild.id, channel.id)
            if state.acting and state.acting.key == "kid":
                return
            await self.dora.slash(channel, "draw")
        raise AssertionError("Kid's card never came up")

    def db(self) -> Database:
        return self.env.bot.db


MID_PHASE = [
    ("pete", "game join", {}, ()),
    ("polly", "game join", {}, ()),
    ("pete", "cast add", {"name": "Kid", "type": "supporting", "personality": "ordinary"}, ()),
    ("pete", "cast weapon", {"character": "Kid", "weapon": "derringer"}, ()),
    ("pete", "cast skill", {"character": "Kid", "skill": "healer"}, ()),
    ("pete", "cast add", {"name": "Doc Holliday", "type": "hero", "personality": "brave"}, ()),
    ("polly", "cast add", {"name": "Wyatt Earp", "type": "main", "personality": "disciplined"}, ()),
    ("polly", "cast weapon", {"character": "Wyatt Earp", "weapon": "double_barrelled"}, ()),
    ("dora", "cast add", {"name": "Ike", "type": "minor", "personality": "rash"}, ()),
    ("dora", "cast beast", {"name": "Old Ephraim", "animal": "grizzly"}, ()),
    ("pete", "shoot", {"shooter": "Kid", "target": "Ike", "paces": 6}, (7, 8, 4)),
    ("pete", "fight", {"attacker": "Kid", "defender": "Doc Holliday"}, (6, 6, 5, 5, 6, 6)),
    ("dora", "deal", {}, ()),
]
"""A game with every kind of character. pete plays Kid (Supporting, a Healer whose derringer has
one of its two shots left) and Doc Holliday (a Hero, knocked out by Kid); polly plays Wyatt Earp (a
Main Character, Disciplined); dora directs Ike (a Minor Character, down with a lethal hit) and Old
Ephraim (a grizzly not yet in play). Phase 1 is dealt; ``Scene.mid_phase`` then turns cards until
Kid's is up."""
MID_PHASE_DEAL = 14
"""The seed of the scripted source that shuffles MID_PHASE's pack: the black joker comes up just before Kid's card."""


REFUSALS = (UserError, RulesError, app_commands.CheckFailure, app_commands.TransformerError, GameExists, StaleGame,
            ReplyFailed, DatabaseUnavailable)
"""Errors the bot answers with a clear message: expected whenever a test is refused (or Discord fails)."""


def unexpected_errors(env) -> list[BaseException]:
    """Errors the bot raised other than refusals (acknowledging them all with SimCord)."""
    return [e for e in env.errors if not isinstance(getattr(e, "original", e), REFUSALS)]


def tombstone(env) -> Scene:
    """A new server in ``env``: #saloon, its Director dora, the players pete and polly, a stranger, deputy (the
    server's Director role) and boss (Manage Server)."""
    guild = env.create_guild("Tombstone")
    channel = guild.create_text_channel("saloon")
    users = {name: guild.add_member(env.create_user(name)) for name in ("dora", "pete", "polly", "stranger")}
    director = guild.create_role("Director")
    manager = guild.create_role("Manager", permissions=discord.Permissions(manage_guild=True))
    users["deputy"] = guild.add_member(env.create_user("deputy"), roles=[director])
    users["boss"] = guild.add_member(env.create_user("boss"), roles=[manager])
    return Scene(env, guild, channel, **users)


@pytest.fixture
async def scene(simcord_env):
    yield tombstone(simcord_env)
    assert unexpected_errors(simcord_env) == []
