"""A bot process for the fault tests: the real bot in SimCord on a given database, in a server whose ids are
the same in every such process (a pinned server id; the channel and members made in the same order), so
that several processes, one after another or at once, play the same game.

    python -m tests.bot.player URL play N SEED    # N commands as fast as it can, a JSON line per reply

on a game that :func:`setup` started (in the test's own process: the game is the same whichever process made it).

``play`` turns cards with /draw as the Director and, when Doc's card is up, has pete shoot at Billy, then
keeps or re-rolls as the buttons offer. Each reply is printed (and flushed) as soon as it has arrived:
``{"command": ..., "ok": ..., "text": ..., "turned": [...]}``, ``ok`` false for a refusal.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

import simcord

from bot.app.launch import make_bot as launched
from bot.glue.client import DirectorBot
from bot.storage import Database
from bot.app.settings import Settings
from tests.bot.conftest import SETTLE_SECONDS, TEST_PACE

GUILD_ID = 1_100_000_000_000_000_000
PEOPLE = ("dora", "pete", "polly")
CAST = (("pete", "Doc", "hero", "disciplined", "single_action_revolver"),
        ("polly", "Billy", "main", "ordinary", "single_action_revolver"),
        ("dora", "Ike", "supporting", "ordinary", "single_action_revolver"))


def make_bot(url: str, seed: int) -> DirectorBot:
    return launched(Settings(discord_token="", database_url=url, commands_per_minute=TEST_PACE), Database(url),
                    rng=random.Random(seed), sync_on_start=True, shard_count=1)


def the_set(env) -> tuple[object, dict[str, object]]:
    """The server's #saloon and its members, with the same ids in every process."""
    guild = env.create_guild("Tombstone", id=GUILD_ID)
    channel = guild.create_text_channel("saloon")
    return channel, {name: guild.add_member(env.create_user(name)) for name in PEOPLE}


def reply(command: str, result) -> dict:
    """What the user saw: whether it went through, its words, and the cards a /draw turned."""
    response = result.response
    if response is None:
        return {"command": command, "ok": False, "text": "no reply", "turned": []}
    text = response.content or ""
    turned = []
    if response.embeds:
        description = response.embeds[0].description or ""
        text = f"{text}\n{description}".strip()
        if command == "draw":
            turned = [line.split(" — ")[0].strip("*") for line in description.splitlines() if " — " in line]
    return {"command": command, "ok": not response.ephemeral, "text": text, "turned": turned}


async def setup(url: str) -> None:
    """Start the game on the database at ``url``: cast, and dealt."""
    bot = make_bot(url, 1)
    async with simcord.run(bot) as env:
        env.settle_timeout = SETTLE_SECONDS
        channel, people = the_set(env)
        await people["dora"].slash(channel, "game start")
        for name in ("pete", "polly"):
            await people[name].slash(channel, "game join")
        for owner, name, kind, personality, weapon in CAST:
            await people[owner].slash(channel, "cast add", name=name, type=kind, personality=personality)
            await people[owner].slash(channel, "cast weapon", character=name, weapon=weapon)
        await people["dora"].slash(channel, "game settings", cuts=0)
        await people["dora"].slash(channel, "deal")
    await bot.db.dispose()


async def play(url: str, commands: int, seed: int, gated: bool = False) -> None:
    """Play ``commands`` /draws (and whatever they call for), printing every reply; ``gated``: say so once the
    bot is up, and start when a line comes in (so that two processes play at once)."""
    bot = make_bot(url, seed)
    async with simcord.run(bot, check_errors=False) as env:
        env.settle_timeout = SETTLE_SECONDS          # a machine loaded by other bots: not SimCord's 5 s
        channel, people = the_set(env)
        if gated:
            print(json.dumps({"started": True}), flush=True)
            await asyncio.to_thread(sys.stdin.readline)
        for _ in range(commands):
            result = await people["dora"].slash(channel, "draw")
            said = reply("draw", result)
            print(json.dumps(said), flush=True)
            if said["ok"] and "**Doc** acts" in said["text"]:
                shot, command = await people["pete"].slash(channel, "shoot", target="Billy", paces=10), "shoot"
                if shot.response is not None and "reload first" in (shot.response.content or ""):   # a 1 thrown
                    shot, command = await people["pete"].slash(channel, "reload", character="Doc"), "reload"
                print(json.dumps(reply(command, shot)), flush=True)
                if shot.response is not None and shot.response.components:
                    kept = await people["pete"].click(shot.response.message, label="Keep")
                    print(json.dumps(reply("keep", kept)), flush=True)
    await bot.db.dispose()


def main(argv: list[str]) -> None:
    url, _play, commands, seed, *gated = argv
    asyncio.run(play(url, int(commands), int(seed), gated=gated == ["gated"]))


if __name__ == "__main__":
    main(sys.argv[1:])
