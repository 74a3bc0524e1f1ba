"""Offline play: the real bot and cogs against an in-process simulated Discord (SimCord).

Type slash commands at the prompt as one of several named players; replies
are printed and images saved to a folder. No token, no server, no network::

    dora> /game start
    dora> pete: /game join
    pete> /cast add name:"Doc Holliday" type:hero personality:brave
    pete> click Keep

The first player named is the Director. ``as NAME`` switches who types.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shlex
import sys
from pathlib import Path
from typing import Any, TextIO

import discord
from discord import app_commands

from .client import Director, open_database
from .settings import Settings

HELP = """Commands:
  /command sub option:value ...   run a slash command as the current player (quote values with spaces)
  NAME: /command ...              run one command as another player
  as NAME                         switch the current player
  click LABEL                     press a button on the last message that has buttons
  help                            this text
  quit                            leave (the game is kept in the database)"""


class Console:
    """Reads lines, runs them in SimCord as the named members, prints what the channel shows."""

    def __init__(self, env: Any, players: list[str], images: Path, out: TextIO) -> None:
        self.env = env
        self.out = out
        self.images = images
        self.guild = env.create_guild("Offline Saloon")
        self.channel = self.guild.create_text_channel("main-street")
        self.members = {name: self.guild.add_member(env.create_user(name)) for name in players}
        self.current = players[0]
        self.last_buttons: discord.Message | None = None
        self.saved = 0

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    async def handle(self, line: str) -> bool:
        """Run one line; returns False to stop."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if line in ("quit", "exit"):
            return False
        if line == "help":
            self.say(HELP)
            return True
        speaker, _, rest = line.partition(":")
        if speaker in self.members and rest.strip().startswith(("/", "click")):
            keep, self.current = self.current, speaker
            try:
                return await self.handle(rest)
            finally:
                self.current = keep
        if line.startswith("as "):
            name = line[3:].strip()
            if name not in self.members:
                self.say(f"No player called {name}; players: {', '.join(self.members)}")
            else:
                self.current = name
            return True
        if line.startswith("click "):
            await self.click(line[6:].strip().strip('"'))
            return True
        if line.startswith("/"):
            await self.slash(line[1:])
            return True
        self.say("Type a slash command such as /draw, or help.")
        return True

    async def slash(self, text: str) -> None:
        try:
            words = shlex.split(text)
        except ValueError as error:
            self.say(f"Could not read that: {error}")
            return
        path, options = [], {}
        for word in words:
            if ":" in word and path:
                key, _, value = word.partition(":")
                options[key] = value
            else:
                path.append(word)
        command = self.env.bot.tree.get_command(path[0]) if path else None
        for name in path[1:]:
            command = command.get_command(name) if isinstance(command, app_commands.Group) else None
        if not isinstance(command, app_commands.Command):
            self.say(f"No command /{' '.join(path)}.")
            return
        try:
            converted = {key: self.convert(command, key, value) for key, value in options.items()}
        except ValueError as error:
            self.say(str(error))
            return
        result = await self.members[self.current].slash(self.channel, " ".join(path), **converted)
        await self.show(result.response)
        for followup in result.followups:
            await self.show(followup)

    def convert(self, command: app_commands.Command, key: str, value: str) -> Any:
        """An option typed as text, as the command's parameter type wants it."""
        parameter = next((p for p in command.parameters if p.name == key), None)
        if parameter is None:
            raise ValueError(f"/{command.qualified_name} has no option {key}; it has "
                             f"{', '.join(p.name for p in command.parameters)}.")
        kind = parameter.type
        if kind is discord.AppCommandOptionType.integer:
            return int(value)
        if kind is discord.AppCommandOptionType.number:
            return float(value)
        if kind is discord.AppCommandOptionType.boolean:
            return value.casefold() in ("true", "yes", "1", "on")
        if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
            if value not in self.members:
                raise ValueError(f"No player called {value}.")
            return self.members[value]
        if kind is discord.AppCommandOptionType.role:
            return self.guild.create_role(value)
        return value

    async def click(self, label: str) -> None:
        if self.last_buttons is None:
            self.say("There is no button to press.")
            return
        result = await self.members[self.current].click(self.last_buttons, label=label)
        await self.show(result.response)

    async def show(self, message: Any) -> None:
        """Print a message as the channel shows it, and save its images."""
        if message is None:
            return
        tag = " (only you see this)" if message.ephemeral else ""
        if message.content:
            self.say(f"{message.content}{tag}")
        elif tag:
            self.say(tag.strip())
        for embed in message.embeds:
            if embed.title:
                self.say(f"== {embed.title} ==")
            if embed.description:
                self.say(embed.description)
            for field in embed.fields:
                self.say(f"-- {field.name}: {field.value}")
        for attachment in message.attachments:
            self.saved += 1
            path = self.images / f"{self.saved:03d}-{attachment.filename}"
            path.write_bytes(await attachment.read())
            self.say(f"[image saved: {path}]")
        if message.components:
            self.last_buttons = message.message
            labels = [c.get("label") for row in message.components for c in row.get("components", [])]
            self.say("Buttons: " + " | ".join(f"[{label}]" for label in labels if label))
        self.say()


async def play(settings: Settings, players: list[str], images: Path, seed: int | None,
               stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Run the console until the input ends or the user quits."""
    import simcord

    images.mkdir(parents=True, exist_ok=True)
    database = open_database(settings)
    bot = Director(settings, database, rng=random.Random(seed) if seed is not None else None,
                   sync_on_start=True, shard_count=1)
    try:
        async with simcord.run(bot, check_errors=False) as env:
            console = Console(env, players, images, stdout)
            console.say(f"Offline game in #{console.channel.name}. Players: {', '.join(players)} "
                        f"({players[0]} directs). Type help for help.")
            interactive = stdin.isatty()
            while True:
                if interactive:
                    stdout.write(f"{console.current}> ")
                    stdout.flush()
                line = await asyncio.to_thread(stdin.readline)
                if not line or not await console.handle(line):
                    break
    finally:
        await database.dispose()
    return 0


def main(settings: Settings, argv: list[str]) -> int:
    """``python -m bot play``: parse the options and play."""
    parser = argparse.ArgumentParser(prog="python -m bot play", description="Play offline in the terminal.")
    parser.add_argument("--players", default="dora,pete,polly",
                        help="comma-separated player names; the first directs (default: dora,pete,polly)")
    parser.add_argument("--images", type=Path, default=Path("data/images"), help="where images are saved")
    parser.add_argument("--seed", type=int, help="seed the dice, to replay a game exactly")
    args = parser.parse_args(argv)
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    if not players:
        parser.error("name at least one player")
    return asyncio.run(play(settings, players, args.images, args.seed))
