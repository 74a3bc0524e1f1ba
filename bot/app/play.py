"""Offline play: the real bot and cogs against an in-process simulated Discord (SimCord).

Type slash commands at the prompt as one of several named players; replies
are printed and images saved to a folder. No token, no server, no network::

    dora> /game start
    dora> pete: /game join
    pete> /cast add name:"Doc Holliday" type:hero personality:brave
    pete> click Keep

The first player named is the Director. ``as NAME`` switches who types. What
Discord itself would refuse (a missing option, a value not offered, a button
that is not there) gets one line and the prompt back. SimCord is the optional
extra ``play``: ``pip install "director-bot[play]"``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import re
import shlex
import sys
import zlib
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

import discord
from discord import app_commands

from bot.app.launch import make_bot, opened
from bot.app.settings import Settings
from bot.glue.options import MORE

OFFLINE_PACE = 1_000_000
"""Offline, one person types for every player on no server: no member's share of commands to keep."""

HELP = """Commands:
  /command sub option:value ...   run a slash command as the current player (quote values with spaces)
  /command sub option:?          list the values an option takes (option:text? lists those matching text),
                                  or say what kind of value it wants
  Tab                             at a terminal: complete commands, options and their values
  NAME: /command ...              run one command as another player
  as NAME                         switch the current player
  click LABEL                     press a button on the last message that has buttons (the start of its
                                  label will do, in any case, with - for a dash)
  select VALUE                    choose in the menu of the last message that has one (your hand's cards)
  help                            this text
  quit                            leave (the game and the last buttons are kept for next time)"""
MISSING_SIMCORD = 'Offline play needs SimCord, the simulated Discord: pip install "director-bot[play]"'
SAVED_PICTURE = re.compile(r"^(\d+)-")
PLAYER_NAME = re.compile(r"[^\s:/]+")
"""A player's name: one word, so that ``NAME: /command`` reads as that player speaking."""
MARKDOWN_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
"""A backslash before ASCII punctuation: Discord shows the punctuation alone."""
DASHES = str.maketrans({"—": "-", "–": "-"})
DISCORD_EPOCH = datetime(2015, 1, 1, tzinfo=UTC)
PLAYERS_SINCE = datetime(2025, 1, 1, tzinfo=UTC)
"""The moment of the players' ids, before the simulated Discord's clock starts: no id it hands out is one."""
LARGEST_FILE = 25 * 1024 * 1024
"""The largest file an option takes: Discord's limit on an upload."""
MENTION = re.compile(r"<@!?(\d+)>|<@&(\d+)>|<#(\d+)>|<t:(-?\d+)(?::([tTdDfFR]))?>")
TIME_FORMATS = {"t": "{0:%H:%M}", "T": "{0:%H:%M:%S}", "d": "{0:%Y-%m-%d}", "D": "{0.day} {0:%B %Y}",
                "f": "{0.day} {0:%B %Y %H:%M}", "F": "{0:%A} {0.day} {0:%B %Y %H:%M}"}
"""How a Discord timestamp of each style reads (Discord shows it in the reader's zone; here, UTC)."""


class Refused(Exception):
    """What Discord would not send: the message is one line, shown as it is."""


class Console:
    """Reads lines, runs them in SimCord as the named members, prints what the channel shows."""

    def __init__(self, env: Any, players: list[str], images: Path, buttons: Path, out: TextIO) -> None:
        self.env = env
        self.out = out
        self.images = images
        self.buttons = buttons
        self.guild = env.create_guild("Offline Saloon")
        self.channel = self.guild.create_text_channel("main-street")
        self.members = {name: self.guild.add_member(self.player(name)) for name in players}
        self.current = players[0]
        self.last_buttons: Any = None
        self.last_menu: Any = None
        self.saved = max((int(m[1]) for p in images.iterdir() if (m := SAVED_PICTURE.match(p.name))), default=0)

    def player(self, name: str) -> Any:
        """The user called ``name``, with an id that follows from the name alone: in a game kept from an earlier
        session a name keeps its seat whoever else plays, and a new name is a newcomer who may join."""
        import simcord
        from simcord.backend.models.user import User

        backend = self.env.backend
        moment = int((PLAYERS_SINCE - DISCORD_EPOCH).total_seconds() * 1000)
        wanted = moment << 22 | zlib.crc32(name.casefold().encode()) & 0x3FFFFF
        if wanted in backend.users:                       # two names of one checksum: the second is numbered on
            return self.env.create_user(name)
        backend.reserve_id(wanted)
        backend.users[wanted] = User(id=wanted, name=name)
        return simcord.UserHandle(self.env, backend.users[wanted])

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    async def handle(self, line: str) -> bool:
        """Run one line; returns False to stop. What Discord would refuse is said in one line."""
        try:
            return await self.run_line(line.strip())
        except Refused as refusal:
            self.say(str(refusal))
            return True

    async def run_line(self, line: str) -> bool:
        if not line or line.startswith("#"):
            return True
        if line in ("quit", "exit"):
            return False
        if line == "help":
            self.say(HELP)
            return True
        speaker, colon, rest = line.partition(":")
        if colon and PLAYER_NAME.fullmatch(speaker) and rest.strip().startswith(("/", "click", "select")):
            if speaker not in self.members:
                raise Refused(f"No player called {speaker}; players: {', '.join(self.members)}.")
            keep, self.current = self.current, speaker
            try:
                return await self.run_line(rest.strip())
            finally:
                self.current = keep
        if line.startswith("as "):
            name = line[3:].strip()
            if name not in self.members:
                raise Refused(f"No player called {name}; players: {', '.join(self.members)}")
            self.current = name
            return True
        if line.startswith("click "):
            await self.click(line[6:].strip().strip('"'))
            return True
        if line.startswith("select "):
            await self.select(line[7:].strip().strip('"'))
            return True
        if line.startswith("/"):
            await self.slash(line[1:])
            return True
        raise Refused("Type a slash command such as /draw, or help.")

    async def slash(self, text: str) -> None:
        try:
            words = shlex.split(text)
        except ValueError as error:
            raise Refused(f"Could not read that: {error}") from None
        path, options = [], {}
        for word in words:
            if ":" in word and path:
                key, _, value = word.partition(":")
                options[key] = value
            else:
                path.append(word)
        command = self.command(path)
        if not isinstance(command, app_commands.Command):
            raise Refused(f"No command /{' '.join(path)}: help lists how to type one, /help lists them all.")
        asked = [key for key, value in options.items() if value.endswith("?")]
        if asked:
            filled = {key: self.convert(command, key, value) for key, value in options.items() if key not in asked}
            for key in asked:
                await self.list_choices(command, key, options[key][:-1], filled)
            return
        converted = {key: self.convert(command, key, value) for key, value in options.items()}
        result = await self.discord(self.members[self.current].slash(self.channel, command.qualified_name,
                                                                     **converted))
        await self.show(result.response)
        for followup in result.followups:
            await self.show(followup)

    def command(self, path: list[str]) -> app_commands.Command | app_commands.Group | None:
        """The slash command or group that the words typed name, if any."""
        found = self.env.bot.tree.get_command(path[0]) if path else None
        for name in path[1:]:
            found = found.get_command(name) if isinstance(found, app_commands.Group) else None
        return found

    async def completions(self, line: str) -> list[str]:
        """What the last word of a line being typed may become: Tab completion."""
        speaker, colon, rest = line.partition(": ")
        if colon and speaker in self.members:
            line = rest
        words = line.split(" ")
        last = words[-1]
        if words[0] == "as" and len(words) == 2:
            offered = list(self.members)
        elif len(words) == 1 and not last.startswith("/"):
            offered = ["help", "quit", "as", "click", *(f"{name}:" for name in self.members)]
        elif words[0] == "click" and len(words) == 2 and self.last_buttons is not None:
            offered = [label for label in button_labels(self.last_buttons.components) if " " not in label]
        elif len(words) == 1:
            offered = [f"/{name}" for name in sorted(c.name for c in self.env.bot.tree.get_commands())]
        else:
            return await self.option_completions(words)
        return [word for word in offered if word.casefold().startswith(last.casefold())]

    async def option_completions(self, words: list[str]) -> list[str]:
        """The subcommands or option names the last word of a slash command begins, or the values the
        option it names offers (those its autocomplete finds, whatever they begin with)."""
        last = words[-1]
        path = [word for word in words[:-1] if ":" not in word]
        path[0] = path[0].removeprefix("/")
        command = self.command(path)
        typed = dict(word.partition(":")[::2] for word in words[:-1] if ":" in word)
        key, colon, value = last.partition(":")
        if isinstance(command, app_commands.Group) and len(path) == len(words) - 1:
            offered = [sub.name for sub in command.commands]
        elif isinstance(command, app_commands.Command) and not colon:
            offered = [f"{p.name}:" for p in command.parameters if p.name not in typed]
        else:
            offered = []
        if offered or not isinstance(command, app_commands.Command):
            return [word for word in offered if word.startswith(last)]
        try:
            filled = {name: self.convert(command, name, text) for name, text in typed.items()}
            choices = await self.offered(command, self.parameter(command, key), value, filled)
        except Refused:
            return []
        return [f"{key}:{choice}" for _, choice in choices or () if choice != MORE]

    async def discord(self, call: Any) -> Any:
        """Send an interaction as Discord would; what its checks refuse becomes a one-line refusal."""
        import simcord

        try:
            return await call
        except simcord.SetupError as error:
            raise Refused(f"Discord refuses that: {str(error).partition(' — ')[0]}.") from None

    def parameter(self, command: app_commands.Command, key: str) -> app_commands.Parameter:
        found = next((p for p in command.parameters if p.name == key), None)
        if found is None:
            takes = (f"it has {', '.join(p.name for p in command.parameters)}" if command.parameters else
                     "it takes none")
            raise Refused(f"/{command.qualified_name} has no option {key}; {takes}.")
        return found

    def convert(self, command: app_commands.Command, key: str, value: str) -> Any:
        """An option typed as text, as the command's parameter type wants it."""
        kind = self.parameter(command, key).type
        try:
            if kind is discord.AppCommandOptionType.integer:
                return int(value)
            if kind is discord.AppCommandOptionType.number:
                return float(value)
        except ValueError:
            raise Refused(f"Discord refuses that: {key} takes a number, not {value!r}.") from None
        if kind is discord.AppCommandOptionType.boolean:
            return value.casefold() in ("true", "yes", "1", "on")
        if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
            if value not in self.members:
                raise Refused(f"No player called {value}; players: {', '.join(self.members)}.")
            return self.members[value]
        if kind is discord.AppCommandOptionType.role:
            return self.guild.create_role(value)
        if kind is discord.AppCommandOptionType.attachment:
            return attached(Path(value))
        return value

    async def offered(self, command: app_commands.Command, parameter: app_commands.Parameter, typed: str,
                      filled: dict[str, Any]) -> list[tuple[str, str]] | None:
        """The (name, value) pairs an option offers for what was typed: its fixed choices that contain
        it, or what its autocomplete suggests; None for an option without a list."""
        if parameter.choices:
            return [(c.name, str(c.value)) for c in parameter.choices if typed.casefold() in c.name.casefold()]
        if not parameter.autocomplete:
            return None
        choices = await self.discord(self.members[self.current].autocomplete(
            self.channel, command.qualified_name, parameter.name, typed, **filled))
        return [(c["name"], str(c["value"])) for c in choices]

    async def list_choices(self, command: app_commands.Command, key: str, typed: str,
                           filled: dict[str, Any]) -> None:
        """What an option offers: its fixed choices, what its autocomplete suggests, or its kind."""
        parameter = self.parameter(command, key)
        offered = await self.offered(command, parameter, typed, filled)
        if offered is None:
            self.say(f"{key}: {describe(parameter, self.members)}")
            return
        self.say(f"{key} takes:" if offered else f"{key}: nothing offered for {typed!r}.")
        for name, value in offered:
            if value == MORE:
                self.say(f"  {name} ({key}:TEXT? lists those whose name holds TEXT)")
            else:
                self.say(f"  {value}" if name == value else f"  {value}  ({name})")
        self.say()

    async def click(self, label: str) -> None:
        """Press the button that ``label`` names (see :func:`pressable`) on the last message that has buttons."""
        labels = button_labels(self.last_buttons.components) if self.last_buttons is not None else []
        if not labels:
            raise Refused("There is no button to press.")
        meant = pressable(labels, label)
        if not meant:
            raise Refused(f"No button {label!r}; the buttons are " + " | ".join(f"[{text}]" for text in labels))
        if len(meant) > 1:
            raise Refused(f"{label!r} begins " + " and ".join(f"[{text}]" for text in meant) + ": type more of it.")
        pressed = self.last_buttons
        result = await self.discord(self.members[self.current].click(pressed, label=meant[0]))
        if not button_labels(self.as_shown(pressed).components):
            self.last_buttons = None
            self.buttons.unlink(missing_ok=True)
        await self.show(result.response)
        for followup in result.followups:
            await self.show(followup)

    async def select(self, value: str) -> None:
        """Choose ``value`` (any case) in the menu of the last message that has one."""
        values = menu_values(self.last_menu.components) if self.last_menu is not None else []
        exact = [v for v, _ in values if v.casefold() == value.casefold()]
        if not exact:
            raise Refused("There is no menu to choose in." if not values else f"No choice {value!r}; the menu "
                          "offers " + " | ".join(f"{v} ({label})" for v, label in values))
        result = await self.discord(self.members[self.current].select(self.last_menu, exact))
        self.last_menu = None
        await self.show(result.response)
        for followup in result.followups:
            await self.show(followup)

    async def show(self, message: Any) -> None:
        """Print a message as the channel shows it, and save its images."""
        if message is None:
            return
        tag = " (only you see this)" if message.ephemeral else ""
        if message.content:
            self.say(f"{self.readable(message.content)}{tag}")
        elif tag:
            self.say(tag.strip())
        for embed in message.embeds:
            if embed.title:
                self.say(f"== {self.readable(embed.title)} ==")
            if embed.description:
                self.say(self.readable(embed.description))
            for field in embed.fields:
                self.say(f"-- {self.readable(field.name)}: {self.readable(field.value)}")
        for attachment in message.attachments:
            self.saved += 1
            path = self.images / f"{self.saved:03d}-{attachment.filename}"
            path.write_bytes(await attachment.read())
            self.say(f"[image saved: {path}]")
        if labels := button_labels(message.components):
            self.last_buttons = message
            self.keep_buttons(message)
            self.say("Buttons: " + " | ".join(f"[{label}]" for label in labels))
        if values := menu_values(message.components):
            self.last_menu = message
            self.say("Menu (select VALUE): " + " | ".join(f"{value} ({label})" for value, label in values))
        self.say()

    def readable(self, text: str) -> str:
        """Mentions as names, timestamps as times and escaped Markdown as its characters, as Discord shows them."""
        names = {member.id: name for name, member in self.members.items()}
        names[self.env.bot.user.id] = self.env.bot.user.name
        roles = {role.id: role.name for role in self.env.bot.get_guild(self.guild.id).roles}
        now = self.env.now()

        def replace(match: re.Match[str]) -> str:
            user, role, channel, stamp, style = match.groups()
            if user:
                return f"@{names.get(int(user), 'unknown user')}"
            if role:
                return f"@{roles.get(int(role), 'unknown role')}"
            if channel:
                return f"#{self.channel.name}" if int(channel) == self.channel.id else "#unknown channel"
            return timestamp(datetime.fromtimestamp(int(stamp), UTC), style or "f", now)
        return MARKDOWN_ESCAPE.sub(r"\1", MENTION.sub(replace, text))

    def as_shown(self, message: Any) -> Any:
        """A message as the channel shows it now (after the bot's edits)."""
        import simcord

        return simcord.ResponseMessage(self.env, self.env.backend.get_message(message.channel_id, message.id))

    def keep_buttons(self, message: Any) -> None:
        """Note the message with buttons in a file, so that they can be pressed after a restart."""
        self.buttons.parent.mkdir(parents=True, exist_ok=True)
        self.buttons.write_text(json.dumps({"content": message.content, "components": message.components}))

    async def restore_buttons(self) -> None:
        """Post again the buttons of the last session: the bot's buttons work across restarts."""
        import simcord

        try:
            kept = json.loads(self.buttons.read_text())
        except FileNotFoundError:
            return
        except (OSError, ValueError) as error:
            self.say(f"The buttons kept from the last session cannot be read ({error}): they are left out.")
            return
        backend = self.env.backend
        stored = backend.create_message(self.channel.id, backend.bot_user.id, kept["content"],
                                        components=kept["components"])
        self.last_buttons = simcord.ResponseMessage(self.env, stored)
        self.say("From the last session:")
        await self.show(self.last_buttons)


def button_labels(rows: list[dict[str, Any]]) -> list[str]:
    """The labels of the buttons in a message's component rows, as a user sees them."""
    return [c["label"] for row in rows for c in row.get("components", []) if c.get("type") == 2 and c.get("label")]


def pressable(labels: list[str], typed: str) -> list[str]:
    """The button labels that what was typed names: the one it spells, else those it begins, in any case and
    with a hyphen for a dash."""
    wanted = " ".join(typed.casefold().translate(DASHES).split())
    plain = {label: " ".join(label.casefold().translate(DASHES).split()) for label in labels}
    return [label for label, text in plain.items() if text == wanted] or \
        [label for label, text in plain.items() if wanted and text.startswith(wanted)]


def attached(path: Path) -> tuple[str, bytes]:
    """A file on this computer as an option takes it: its name and bytes."""
    try:
        if path.stat().st_size > LARGEST_FILE:
            raise Refused(f"Discord refuses that: {path} is larger than 25 MB.")
        return path.name, path.read_bytes()
    except OSError as error:
        raise Refused(f"Cannot read {path}: {error.strerror or error}.") from None


def menu_values(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The (value, label) options of the select menus in a message's component rows."""
    return [(o["value"], o["label"]) for row in rows for c in row.get("components", []) if c.get("type") == 3
            for o in c.get("options", [])]


def timestamp(moment: datetime, style: str, now: datetime) -> str:
    """A Discord timestamp ``<t:…:style>`` as it reads, in UTC; relative ones against the simulated now."""
    if style != "R":
        return TIME_FORMATS[style].format(moment) + " UTC"
    minutes = round((moment - now).total_seconds() / 60)
    amount = (f"{abs(minutes) // 60} hours" if abs(minutes) >= 120 else
              f"{abs(minutes)} minutes" if abs(minutes) != 1 else "1 minute")
    return f"in {amount}" if minutes >= 0 else f"{amount} ago"


KINDS = {discord.AppCommandOptionType.integer: "a whole number", discord.AppCommandOptionType.number: "a number",
         discord.AppCommandOptionType.boolean: "true or false",
         discord.AppCommandOptionType.role: "a role's name (offline, a role of that name is made)",
         discord.AppCommandOptionType.attachment: "a file: the path of one on this computer"}
"""What an option of each kind without a list takes, as the console reads it (text, where none is named)."""


def describe(parameter: app_commands.Parameter, members: dict[str, Any]) -> str:
    """What an option without a list takes, with its bounds (a text's are its length) and what it is for."""
    kind = parameter.type
    if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
        takes = f"a player: {', '.join(members)}"
    else:
        takes = KINDS.get(kind, "any text")
    low, high = parameter.min_value, parameter.max_value
    unit = " characters" if kind is discord.AppCommandOptionType.string else ""
    if low is not None and high is not None:
        takes += f" of {low} to {high}{unit}" if unit else f" from {low} to {high}"
    elif high is not None:
        takes += f" of up to {high}{unit}" if unit else f" up to {high}"
    elif low is not None:
        takes += f" of at least {low}{unit}" if unit else f" from {low}"
    said = parameter.description if parameter.description not in ("", "…") else ""
    return takes + ("" if parameter.required else " (optional)") + (f": {said}" if said else "")


async def play(settings: Settings, players: list[str], images: Path, buttons: Path, seed: int | None,
               stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Run the console until the input ends or the user quits."""
    import simcord

    images.mkdir(parents=True, exist_ok=True)
    async with opened(settings) as database:
        bot = make_bot(settings, database, rng=random.Random(seed) if seed is not None else None,
                       sync_on_start=True, shard_count=1)
        async with simcord.run(bot, check_errors=False) as env:
            console = Console(env, players, images, buttons, stdout)
            console.say(f"Offline game in #{console.channel.name}. Players: {', '.join(players)} "
                        f"({players[0]} directs). Type help for help.")
            await console.restore_buttons()
            read = typed_lines(console, asyncio.get_running_loop()) if stdin.isatty() else stdin.readline
            while True:
                line = await asyncio.to_thread(read)
                if not line or not await console.handle(line):
                    break
    return 0


def typed_lines(console: Console, loop: asyncio.AbstractEventLoop) -> Callable[[], str]:
    """Reads a line at the prompt with line editing, history and Tab completion (run in a thread, while
    the event loop waits for it and so is free to ask the bot for autocomplete choices)."""
    import readline

    offered: list[str] = []

    def complete(text: str, state: int) -> str | None:
        if state == 0:
            typed = readline.get_line_buffer()[:readline.get_endidx()]
            offered[:] = asyncio.run_coroutine_threadsafe(console.completions(typed), loop).result(timeout=10)
        return offered[state] if state < len(offered) else None

    readline.set_completer_delims(" ")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")

    def read() -> str:
        try:
            return input(f"{console.current}> ") + "\n"
        except EOFError:
            return ""
    return read


def main(settings: Settings, args: argparse.Namespace) -> int:
    """``python -m bot play``: play with the parsed options."""
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    problem = players_problem(players)
    if problem:
        print(f"director: --players: {problem}", file=sys.stderr)
        return 2
    quiet_logging()
    try:
        import simcord  # noqa: F401
    except ImportError:
        print(f"director: {MISSING_SIMCORD}", file=sys.stderr)
        return 2
    return asyncio.run(play(replace(settings, commands_per_minute=OFFLINE_PACE), players, args.images, args.buttons,
                            args.seed))


def players_problem(players: list[str]) -> str | None:
    """What is wrong with the names given to ``--players``, if anything."""
    if not players:
        return "name at least one player"
    if odd := [name for name in players if not PLAYER_NAME.fullmatch(name)]:
        return f"a name is one word without ':' or '/', not {odd[0]!r}"
    seen: dict[str, str] = {}
    for name in players:
        if name.casefold() in seen:
            return f"{name!r} is named twice (as {seen[name.casefold()]!r}): each player once"
        seen[name.casefold()] = name
    return None


def quiet_logging() -> None:
    """At the console only what goes wrong is logged: not the libraries' start-up notes (no voice, no guilds
    intent, logging in) nor each database migration."""
    logging.getLogger("discord").setLevel(logging.ERROR)
    for name in ("alembic", "director"):
        logger = logging.getLogger(name)
        logger.setLevel(max(logger.getEffectiveLevel(), logging.WARNING))
