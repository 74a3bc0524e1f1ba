"""Per-command cost through SimCord: /draw and a full /shoot (storage and image included), and the main action
of each other ruleset, a full /burt fire and a full /shootist shoot, beside a no-op slash command measured in
the same run (the floor discord.py itself costs). Goals at the median (issue #23): /draw within 3x the no-op and
/shoot within 4.5x in a game on a map, within 2.5x and 4x in a game without one; /burt fire and /shootist shoot
within 5x.

The first game is on a map (issue #16): /shoot with the range and cover typed does not read it, /shoot
without them does (and posts the map's picture too); goal within 1.2x. /move to: a place on the map
beside /move alone. The second game plays the same cast with no map ("off the map").

A command is timed as a user sends it: from the slash until SimCord has settled the bot's work.
SimCord, while it settles, sleeps 50 ms whenever a finished task's done-callback is still queued
when it looks (though the callback runs at the loop's next turn anyway), which happens at random
after any command, the no-op too, and says nothing about the bot; the bench has it look again at
the next turn instead (``settle_promptly``).

    .venv/bin/python bench/commands.py [--runs 200]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import discord
import simcord
from simcord import _settlement as settlement
from simcord import env as simcord_env

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app.launch import make_bot as make  # noqa: E402
from bot.glue.client import DirectorBot  # noqa: E402
from bot.storage import Database  # noqa: E402
from bot.glue.errors import UserError  # noqa: E402
from bot.rules.core.errors import RulesError  # noqa: E402
from bot.app.settings import Settings  # noqa: E402
from tests.bot.conftest import TEST_PACE  # noqa: E402

REFUSALS = (UserError, RulesError)


def make_bot(url: str) -> DirectorBot:
    bot = make(Settings(discord_token="", database_url=url, commands_per_minute=TEST_PACE), Database(url),
               rng=random.Random(1), sync_on_start=True, shard_count=1)

    @bot.tree.command(name="noop", description="Does nothing: the floor of a slash command's cost")
    async def noop(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    return bot


class Stopwatch:
    """Times a slash command from its sending until SimCord has settled it, in milliseconds."""

    def __init__(self, bot: DirectorBot) -> None:
        self.completed = False
        bot.add_listener(self.complete, "on_app_command_completion")

    async def complete(self, _interaction: discord.Interaction, _command: object) -> None:
        self.completed = True

    async def time(self, call) -> tuple[float | None, object]:
        """The command's cost (None when it was refused, so never completed) and its result."""
        self.completed = False
        start = time.perf_counter()
        result = await call
        took = (time.perf_counter() - start) * 1000
        return (took if self.completed else None), result


def settle_promptly() -> None:
    """Have SimCord's settling pass over callbacks already queued to run (not timers): its loop yields
    to them at every look, so it waits for them without sleeping its idle interval."""
    active = settlement._active_callbacks

    def timed_only(state):
        return [record for record in active(state) if record.when is not None]

    simcord_env._active_callbacks = timed_only


def summary(name: str, samples: list[float], floor: float) -> str:
    median = statistics.median(samples)
    p95 = statistics.quantiles(samples, n=20)[-1]
    return f"{name:<11} median {median:7.2f} ms   p95 {p95:7.2f} ms   {median / floor:5.2f}x the floor   (n={len(samples)})"


async def run(runs: int) -> None:
    settle_promptly()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{folder}/bench.db"
        bot = make_bot(url)
        watch = Stopwatch(bot)
        async with simcord.run(bot, check_errors=False) as env:
            env.settle_timeout = 60.0              # real seconds: on a busy machine a picture may wait long for a core
            guild = env.create_guild("Bench")
            channel = guild.create_text_channel("main-street")
            dora = guild.add_member(env.create_user("dora"))
            off_map = guild.create_text_channel("open-range")
            for where in (channel, off_map):
                await dora.slash(where, "game start")
                await dora.slash(where, "game settings", cuts=0)
                await dora.slash(where, "cast add", name="Shooter", type="supporting", personality="ordinary")
                for i in range(6):
                    await dora.slash(where, "cast weapon", character="Shooter", weapon="single_action_revolver")
                for i in range(9):                 # a game of ten, as a typical table has
                    await dora.slash(where, "cast add", name=f"Target {i}", type="hero", personality="ordinary")
                await dora.slash(where, "deal")
            await dora.slash(channel, "map set", ready_set="prairie")
            await dora.slash(channel, "place", who="Shooter", at="30,20")
            for i in range(9):
                await dora.slash(channel, "place", who=f"Target {i}", at="38,20")

            street = guild.create_text_channel("burt-street")
            await dora.slash(street, "game start", ruleset="burt")
            for i in range(10):                    # the same ten; nothing dealt, so no card limits the shots
                await dora.slash(street, "burt cast", name=f"Gun {i}", type="gunslinger", weapons="rifle")

            targets = {channel: [0, 9], off_map: [0, 9]}      # the target shot at; the number of the next one cast

            async def shot(where=channel, **typed) -> float:
                """One timed /shoot that went through (refusals and re-roll buttons dealt with, untimed)."""
                aimed = targets[where]
                while True:
                    took, result = await watch.time(dora.slash(where, "shoot", shooter="Shooter",
                                                               target=f"Target {aimed[0]}", **typed))
                    message = result.response
                    if not message.ephemeral:
                        if message.components:       # a re-roll waits: keep it
                            await dora.click(message.message, label="Keep")
                        return took
                    if "reload first" in message.content:
                        await dora.slash(where, "reload", character="Shooter")
                    else:                            # a fallen target: recast it, so the game stays at ten
                        await dora.slash(where, "cast remove", character=f"Target {aimed[0]}")
                        await dora.slash(where, "cast add", name=f"Target {aimed[1]}", type="hero",
                                         personality="ordinary")
                        if where is channel:
                            await dora.slash(where, "place", who=f"Target {aimed[1]}", at="38,20")
                        aimed[0], aimed[1] = aimed[1], aimed[1] + 1

            async def move(**where) -> float:
                """One timed /move that went through (a re-roll kept, untimed). A move beyond reach, once results
                such as Caution – Danger Ahead! have carried the Shooter away, puts him back (untimed)."""
                while True:
                    took, result = await watch.time(dora.slash(channel, "move", character="Shooter", **where))
                    if took is not None:
                        if result.response.components:
                            await dora.click(result.response.message, label="Keep")
                        return took
                    await dora.slash(channel, "place", who="Shooter", at="30,20")

            gun, aimed, cast = ["Gun 0"], ["Gun 1"], [10]

            async def fire() -> float:
                """One timed /burt fire that went through: a jam is cleared, a gun jammed for good or a dead target
                recast (untimed)."""
                while True:
                    took, result = await watch.time(dora.slash(street, "burt fire", shooter=gun[0], target=aimed[0],
                                                               distance=20))
                    refusal = result.response.content if result.response.ephemeral else ""
                    if not refusal:
                        return took
                    if "UNJAM it first" in refusal:
                        await dora.slash(street, "burt unjam", character=gun[0])
                        continue
                    which = gun if "permanently jammed" in refusal else aimed
                    await dora.slash(street, "cast remove", character=which[0])
                    await dora.slash(street, "burt cast", name=f"Gun {cast[0]}", type="gunslinger", weapons="rifle")
                    which[0], cast[0] = f"Gun {cast[0]}", cast[0] + 1

            boot_hill = guild.create_text_channel("boot-hill")       # Shootist: a game of ten shootists
            await dora.slash(boot_hill, "game start", ruleset="shootist")
            for i in range(10):
                await dora.slash(boot_hill, "shootist cast", name=f"Gun {i}", belt=500)
            await dora.slash(boot_hill, "deal")
            aims = [0, 10]                            # the target tried; the number of the next one cast

            async def shootist_shot() -> float:
                """One timed /shootist shoot by whoever acts, then /draw (untimed): a refused target (himself,
                the dead, recast) is passed over, an empty gun reloaded."""
                while True:
                    name = f"Gun {aims[0]}"
                    took, result = await watch.time(dora.slash(boot_hill, "shootist shoot", target=name, hexes=4))
                    message = result.response
                    if not message.ephemeral:
                        await dora.slash(boot_hill, "draw")
                        return took
                    if "dead already" in message.content:        # recast, so the game stays at ten
                        await dora.slash(boot_hill, "cast remove", character=name)
                        await dora.slash(boot_hill, "shootist cast", name=f"Gun {aims[1]}", belt=500)
                        aims[0], aims[1] = aims[0] + 1, aims[1] + 1
                    elif "empty" in message.content:
                        await dora.slash(boot_hill, "shootist reload")
                        await dora.slash(boot_hill, "draw")
                    elif "himself" in message.content or "no character" in message.content:
                        aims[0] += 1
                    else:                                         # nobody acting: the turn is over
                        await dora.slash(boot_hill, "draw")
                    aims[0] %= aims[1]

            noop, draw, shoot, mapped, moved, moved_to, burt, shootist = [], [], [], [], [], [], [], []
            bare_draw, bare_shoot = [], []
            for run_number in range(runs):           # in rounds, so that other load falls on all alike
                noop.append((await watch.time(dora.slash(channel, "noop")))[0])
                draw.append((await watch.time(dora.slash(channel, "draw")))[0])
                shoot.append(await shot(paces=8, cover="none"))
                bare_draw.append((await watch.time(dora.slash(off_map, "draw")))[0])
                bare_shoot.append(await shot(off_map, paces=8, cover="none"))
                mapped.append(await shot())
                moved.append(await move())
                moved_to.append(await move(to="30,21" if run_number % 2 else "30,20"))
                burt.append(await fire())
                shootist.append(await shootist_shot())
            floor = statistics.median(noop)
            print(f"SimCord, SQLite file, games of ten characters, {runs} runs each (images and commit included)")
            print(summary("noop", noop, floor))
            print(summary("/draw", draw, floor) + "   (goal 3x)")
            print(summary("/shoot", shoot, floor) + "   (goal 4.5x)")
            print(summary("/shoot map", mapped, floor) + f"   {statistics.median(mapped) / statistics.median(shoot):.2f}x "
                  "/shoot with paces: typed (goal 1.2x)")
            print(summary("/move", moved, floor))
            print(summary("/move to:", moved_to, floor) + f"   {statistics.median(moved_to) / statistics.median(moved):.2f}x "
                  "/move alone")
            print(summary("/draw off", bare_draw, floor) + "   off the map (goal 2.5x)")
            print(summary("/shoot off", bare_shoot, floor) + "   off the map (goal 4x)")
            print(summary("/burt fire", burt, floor))
            print(summary("/shootist", shootist, floor) + "  (/shootist shoot)")
            unexpected = [e for e in env.errors if not isinstance(getattr(e, "original", e), REFUSALS)]
            print(f"unexpected errors: {len(unexpected)}")
        await bot.db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    asyncio.run(run(parser.parse_args().runs))


if __name__ == "__main__":
    main()
