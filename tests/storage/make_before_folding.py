"""Made tests/storage/before_folding.db.gz: a database as the bot stored it before the roster's Quick on the Draw
columns (``cards_less``, ``reduced``, ``traits_due``) were folded into its ``data``, for the test that upgrades it
(test_roster_folding.py). It was run once, with the code of that time (commit d4cb260), as
``python -m tests.storage.make_before_folding tests/storage/before_folding.db.gz``; it is kept to show how the file
was made, not to run again.

The real bot played it in SimCord on the server of ``tests.bot.conftest.tombstone``, in the channels of
:data:`CHANNELS` made in that order first (the test makes them again in that order, with the ids they had then:
``test_roster_folding.ids_as_stored``):

- #saloon: the first adventure of Tombstone, a Quick on the Draw campaign, ended: its roster holds a character with
  a trait due, one dead, one with a card less, one with a card less and reduced dice, and one resting;
- #qotd, #burt, #shootist, #dracula, #norman: a game of each ruleset, Kid and Ann cast, dealt and drawn, under way;
- #boot-hill: a Quick on the Draw game played and ended;
- #gang: the first gunfight of Deadwood, a Mackenzie Norman campaign, ended, with Kid and Ann on its roster.
"""

from __future__ import annotations

import asyncio
import dataclasses
import gzip
import sqlite3
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from simcord import Env

import bot.rules.registry  # noqa: F401  (registers every ruleset the bot plays)
from bot.rules.core.ruleset import RULESETS
from tests.bot.conftest import Scene, make_bot, tombstone
from tests.bot.helpers import end_game
from tests.bot.test_campaign import end_first_adventure, first_adventure
from tests.contract.driving import Play, public

CHANNELS = (*RULESETS, "boot-hill", "gang")
"""The channels made after #saloon, in this order (their ids follow from it)."""


async def play(path: Path, story: Callable[[Scene], Awaitable[None]]) -> None:
    """Play ``story`` on the server of ``tombstone`` into the SQLite file ``path``."""
    env = Env(make_bot(f"sqlite+aiosqlite:///{path}"))
    await env.start()
    try:
        await story(tombstone(env))
        assert env.errors == [], env.errors
    finally:
        await env.shutdown()
        await env.bot.db.dispose()
    with sqlite3.connect(path) as connection:
        connection.execute("VACUUM")


async def tombstone_and_beyond(scene: Scene) -> None:
    """The adventures and games this file holds (see the module's docstring)."""
    channels = {name: scene.guild.create_text_channel(name) for name in CHANNELS}
    await first_adventure(scene)
    await end_first_adventure(scene)
    for key in RULESETS:
        play = Play(dataclasses.replace(scene, channel=channels[key]), key)
        await play.seated_and_cast()
        public(await scene.dora.slash(play.channel, "deal"))
        await play.play_hands()
        public(await scene.dora.slash(play.channel, "draw"))
    ended = Play(dataclasses.replace(scene, channel=channels["boot-hill"]), "qotd")
    await ended.seated_and_cast()
    public(await scene.dora.slash(ended.channel, "deal"))
    await end_game(scene.dora, ended.channel)
    gang = Play(dataclasses.replace(scene, channel=channels["gang"]), "norman")
    public(await scene.dora.slash(gang.channel, "campaign start", name="Deadwood", ruleset="norman"))
    await gang.seated_and_cast(campaign="Deadwood")
    for player, name in (("pete", "Kid"), ("polly", "Ann")):
        public(await getattr(scene, player).slash(gang.channel, "gunfight enrol", figure=name))
    await end_game(scene.dora, gang.channel)


def make(out: Path, story: Callable[[Scene], Awaitable[None]] = tombstone_and_beyond) -> None:
    """The database ``story`` leaves, gzipped into ``out``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "director.db"
        asyncio.run(play(path, story))
        out.write_bytes(gzip.compress(path.read_bytes(), 9, mtime=0))


if __name__ == "__main__":
    make(Path(sys.argv[1]))
