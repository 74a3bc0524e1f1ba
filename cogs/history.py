"""The game's history: the log in plain words, the whole log as a Markdown file, and undo."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Director
from bot.db import LogRow, UnitOfWork
from bot.errors import UserError
from bot.replies import COLOUR, DESCRIPTION_LIMIT, FIELD_LIMIT, clip, safe, send
from bot.rules.core import serial
from bot.rules.core.dice import Roll
from bot.rules.qotd.results import Resolution
from bot.rules.qotd.state import GameState
from bot.table import open_table

from .rolls import decision_view

logger = logging.getLogger("director.history")

CUT_NOTE = "… older entries cut: `/log export` has them all."
TITLE_LIMIT = 256
UNDONE_COLOUR = discord.Colour.dark_grey()


def dice_of(entry: LogRow, escape: Callable[[str], str]) -> list[str]:
    """An entry's rolls: each reading's label, faces and outcome title, or a free roll's dice."""
    if "resolution" in entry.data:
        resolution = serial.from_json(Resolution, entry.data["resolution"])
        return [f"{escape(r.label)}: {r.roll} → {escape(r.outcome.title)}" for r in resolution.readings]
    if "roll" in entry.data:
        return [str(Roll.from_json(entry.data["roll"]))]
    return []


def plain(text: str) -> str:
    """An entry's text without the bold some of the bot's own lines carry, ready to be escaped."""
    return text.replace("**", "")


def struck(line: str, undone: bool) -> str:
    return f"~~{line}~~" if undone else line


def entry_block(entry: LogRow) -> str:
    """One entry for the embed: number, time, who (a mention, which embeds never ping), kind and text,
    then its dice; struck out if undone."""
    when = f"<t:{int(entry.at.timestamp())}:t>"
    lines = [f"**#{entry.seq}** {when} <@{entry.actor_id}> · {entry.kind} — {safe(plain(entry.text))}"]
    lines += [f"↳ {roll}" for roll in dice_of(entry, safe)]
    return clip("\n".join(struck(line, entry.undone) for line in lines), FIELD_LIMIT)


def log_embed(entries: list[LogRow]) -> discord.Embed:
    """The entries, newest last; the oldest are cut when they do not all fit."""
    blocks: list[str] = []
    room = DESCRIPTION_LIMIT - len(CUT_NOTE) - 2
    for block in map(entry_block, reversed(entries)):
        if len(block) + 2 > room:
            blocks.append(CUT_NOTE)
            break
        blocks.append(block)
        room -= len(block) + 2
    embed = discord.Embed(title=f"The last {len(entries)} log entries", colour=COLOUR,
                          description="\n\n".join(reversed(blocks)))
    embed.set_footer(text="Struck out: undone. /log export has the whole log.")
    return embed


def cell(text: str) -> str:
    """Text for one cell of a Markdown table: on one line, markdown and pipes escaped."""
    return discord.utils.escape_markdown(" ".join(text.split()))


def markdown_log(entries: list[LogRow], names: dict[int, str], channel_name: str) -> str:
    """The whole log as a Markdown document: a header, then a table with one row per entry."""
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"# Game log — #{cell(channel_name)}", "",
             f"{len(entries)} entries, exported {now}. Struck-out entries were undone.", "",
             "| # | time (UTC) | who | kind | what | dice |", "| --: | --- | --- | --- | --- | --- |"]
    for entry in entries:
        who = cell(names.get(entry.actor_id, f"user {entry.actor_id}"))
        kind = entry.kind + " (undone)" if entry.undone else entry.kind
        what = struck(cell(plain(entry.text)), entry.undone)
        dice = "; ".join(dice_of(entry, cell))
        at = entry.at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
        lines.append(f"| {entry.seq} | {at} | {who} | {kind} | {what} | {dice} |")
    return "\n".join(lines) + "\n"


async def waiting_roll(uow: UnitOfWork, state: GameState, before_seq: int | None = None
                       ) -> tuple[LogRow, Resolution] | None:
    """The roll ``state`` waits on a re-roll decision for, with the log entry that showed it (among the
    live entries before entry ``before_seq``, if given): to offer its buttons again, or take them away."""
    if not state.pending:
        return None
    step = len(state.pending["tape"]) - 1
    for entry in reversed(await uow.full_log()):
        if (before_seq is None or entry.seq < before_seq) and not entry.undone and "resolution" in entry.data:
            resolution = serial.from_json(Resolution, entry.data["resolution"])
            if resolution.decision and resolution.decision.step == step:
                return entry, resolution
    return None


def struck_embed(embed: discord.Embed) -> discord.Embed:
    """An embed of an undone action: its title struck out, in grey."""
    if embed.title:
        embed.title = f"~~{clip(embed.title, TITLE_LIMIT - 4)}~~"
    embed.colour = UNDONE_COLOUR
    return embed


async def strike_out(channel: discord.abc.Messageable, messages: dict[int, int]) -> None:
    """Strike out the bot's messages that showed undone entries (by entry number), and take their buttons away.

    A message deleted meanwhile (or out of the bot's reach) is passed over, and logged.
    """
    for seq, message_id in messages.items():
        try:
            message = await channel.fetch_message(message_id)
            content = f"~~{clip(message.content, 1980)}~~ *(undone)*" if message.content else "*(undone)*"
            await message.edit(content=content, embeds=[struck_embed(e) for e in message.embeds], view=None,
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:
            logger.info("the message of log entry #%s is gone; nothing to strike out", seq)
        except discord.HTTPException as error:
            logger.warning("could not strike out the message of log entry #%s: %s", seq, error)


@app_commands.guild_only()
class History(commands.Cog):
    """/log recent, /log export and /undo."""

    log = app_commands.Group(name="log", description="The game's log: the last actions, or all of it as a file",
                             guild_only=True)

    def __init__(self, bot: Director) -> None:
        self.bot = bot

    @log.command(name="recent")
    @app_commands.describe(n="How many entries (default 10)")
    async def recent(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 50] = 10) -> None:
        """The last actions in plain words, with their dice; undone ones struck out."""
        async with open_table(self.bot, interaction) as table:
            entries = await table.uow.recent_log(n)
        await send(interaction, embed=log_embed(entries))

    @log.command(name="export")
    async def export(self, interaction: discord.Interaction) -> None:
        """The game's whole log as a Markdown file."""
        async with open_table(self.bot, interaction) as table:
            entries = await table.uow.full_log()
        channel_name = getattr(interaction.channel, "name", None) or "this channel"
        names = await self.bot.names.of(interaction.guild, {e.actor_id for e in entries})
        document = markdown_log(entries, names, channel_name)
        await send(interaction, content=f"The game's whole log: {len(entries)} entries.",
                   image=document.encode(), filename="game-log.md")   # attached as is: there is no embed

    @app_commands.command(name="undo")
    @app_commands.describe(entry="Roll back to just before this log entry (default: the last action)")
    async def undo(self, interaction: discord.Interaction,
                   entry: app_commands.Range[int, 1] | None = None) -> None:
        """Take back the last action, or every action from a log entry on (Director only)."""
        async with open_table(self.bot, interaction) as table:
            table.require_director("undo")
            uow = table.uow
            start = entry or await uow.last_undoable()
            if start is None:
                raise UserError("There is nothing to undo: the game is as it started.")
            undone = await uow.mark_undone(start)
            if not undone or undone[0].seq != start:
                raise UserError(f"Entry #{start} cannot be undone: it does not exist, is undone already, or "
                                "changed nothing to undo (the start, a free roll, the game's pace, an undo). "
                                "`/log recent` shows the entries.")
            state = await uow.snapshot_before(start)
            uow.save(state)
            table.state = GameState.from_json(state)
            numbers = f"#{start}" if len(undone) == 1 else f"#{start} to #{undone[-1].seq}"
            await table.log("undo", f"Undid {numbers}.", {"undone": [e.seq for e in undone]})
            waiting = await waiting_roll(uow, table.state, start)
        embed = discord.Embed(title=f"Undone: {numbers}", colour=COLOUR)
        embed.description = clip("\n".join(f"~~**#{e.seq}** {e.kind} — {safe(plain(e.text))}~~" for e in undone),
                                 DESCRIPTION_LIMIT)
        view, ping, content = None, [], ""
        if waiting is not None:
            _, resolution = waiting
            owner = table.state.characters[resolution.decision.roller].owner
            view, ping = decision_view(table.game.id, resolution), [owner]
            content = f"<@{owner}>, the roll before waits for your choice again: re-roll or keep?"
        await send(interaction, content=content, embed=embed, view=view, ping=ping)
        shown = {e.seq: self.bot.message_showing(table.game.id, e) for e in undone}
        await strike_out(interaction.channel, {seq: message for seq, message in shown.items() if message})


async def setup(bot: Director) -> None:
    await bot.add_cog(History(bot))
