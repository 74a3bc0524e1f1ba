"""The game's history: the log in plain words, the whole log as a Markdown file, undo, and checking it."""

from __future__ import annotations

import asyncio
import io
import logging
import zipfile
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import acknowledge
from bot.glue.client import DirectorBot
from bot.glue.consent import pingable
from bot.glue.entries import consequences_of, plain, struck
from bot.storage import Database, GameRow, LogRow
from bot.glue.errors import NoGame, UserError
from bot.glue.exporting import elsewhere
from bot.glue.replies import (COLOUR, DESCRIPTION_LIMIT, FIELD_LIMIT, UPLOAD_LIMIT, clip, fitted, markdown, safe,
                               send)
from bot.record import RECORD_NAME, record_of_entries
from bot.record.views import frames
from bot.rules.core import serial
from bot.rules.core.dice import Roll
from bot.rules.core.results import Resolution
from bot.rules.core.ruleset import ruleset as ruleset_named
from bot.rules.core.fair import Retake, Seal
from bot.glue.seals import announced
from bot.glue.table import ENDED, INTEGER, ended_game, open_table
from bot.rules.verify import Verifier, Verdict, block, logged

from bot.glue.acting import decision_view, waiting_roll

logger = logging.getLogger("director.history")

CUT_NOTE = "… older entries cut: `/log export` has them all."
TITLE_LIMIT = 256
UNDONE_COLOUR = discord.Colour.dark_grey()


def numbered(roll: Roll) -> str:
    """A roll as the log shows it: its dice, and the draws they came from when a seal drew them."""
    if roll.number is None:
        return markdown(roll.shown())
    last = roll.number + len(roll.faces) - 1
    return f"{markdown(roll.shown())} ({'draw' if last == roll.number else 'draws'} {roll.number}" + \
        (f"-{last})" if last != roll.number else ")")


def seal_name(name: Any, turn_name: str) -> str:
    """A seal as the log names it: a turn's after the game's word for it ("turn 2", "phase 3/2"), others as named
    ("deck pack 1", "root")."""
    name = str(name)
    return name if name == "root" or name.startswith("deck ") else f"{turn_name.lower()} {name}"


def listed(value: Any) -> list[dict[str, Any]]:
    """Seals made or revealed: a list of them, or the one seal a game stored before seals were named wrote."""
    return [value] if isinstance(value, dict) else list(value or ())


def seal_notes(data: dict[str, Any], turn_name: str) -> list[str]:
    """What a log entry's ``data`` says of seals and cards, for people (the verifier reads the data): the seeds
    it revealed, the seals it made, the hidden shuffles it made (never their order), the cards it turned and
    those it shuffled in among the cards to come. A turn's seal is named by the game's ``turn_name`` ("Phase" or
    "Turn")."""
    notes = [f"revealed {seal_name(shown.get('name', shown.get('phase')), turn_name)} of channel "
             f"{shown['channel']}: seed {shown['seed']}" for shown in listed(data.get("revealed"))]
    notes += [f"sealed {seal_name(sealed.get('name', sealed.get('phase')), turn_name)}: commitment "
              f"{sealed['commitment']}" for sealed in listed(data.get("sealed"))]
    notes += [f"shuffled {len(shuffle['cards']) if 'cards' in shuffle else 'the'} cards of {shuffle['pile']} under "
              f"{shuffle['seal']}" for shuffle in data.get("shuffled", ())]
    if data.get("turned"):
        notes.append("turned: " + " ".join(data["turned"]))
    if data.get("placed"):
        notes.append("shuffled in: " + " ".join(data["placed"]))
    return notes


def dice_of(entry: LogRow, escape: Callable[[str], str]) -> list[str]:
    """An entry's rolls: each reading's label, faces (the first roll too, if re-rolled) and outcome title, or a
    free roll's dice, or the dice a turn's deal or draw rolled; with the draws of the phase they came from
    (see bot.rules.verify)."""
    if "resolution" in entry.data:
        resolution = serial.from_json(Resolution, entry.data["resolution"])
        return [f"{escape(r.label)}: {reroll(r.first, r.reroll)}{numbered(r.roll)} → {escape(r.outcome.title)}"
                for r in resolution.readings]
    if "roll" in entry.data:
        return [numbered(Roll.from_json(entry.data["roll"]))]
    return [numbered(Roll.from_json(roll)) for roll in entry.data.get("rolls", ())]


def reroll(first: Roll | None, right: str) -> str:
    """"<the first roll> re-rolled (Lucky): ", for a reading that was re-rolled; else nothing."""
    return f"{numbered(first)} re-rolled ({right}): " if first is not None else ""


def entry_block(entry: LogRow, turn_name: str) -> str:
    """One entry for the embed: number, time, who (a mention, which embeds never ping), kind and text,
    then its dice and seals (each named by the game's ``turn_name``); struck out if undone."""
    when = f"<t:{int(entry.at.timestamp())}:t>"
    lines = [f"**#{entry.seq}** {when} <@{entry.actor_id}> · {entry.kind} — {safe(plain(entry.text))}"]
    lines += [f"↳ {roll}" for roll in dice_of(entry, safe)]
    lines += [f"⇒ {change}" for change in consequences_of(entry, safe)]
    lines += [f"↳ {note}" for note in seal_notes(entry.data, turn_name)]
    return clip("\n".join(struck(line, entry.undone) for line in lines), FIELD_LIMIT)


def log_embed(entries: list[LogRow], turn_name: str) -> discord.Embed:
    """The entries, newest last; the oldest are cut when they do not all fit."""
    blocks: list[str] = []
    room = DESCRIPTION_LIMIT - len(CUT_NOTE) - 2
    for block in (entry_block(entry, turn_name) for entry in reversed(entries)):
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


def markdown_log(entries: list[LogRow], names: dict[int, str], channel_name: str, turn_name: str) -> str:
    """The whole log as a Markdown document: a header, a table with one row per entry for people, and the
    entries as data (the ``director-log`` block, what the verifier reads). The header and the seals column name
    the stretch of play each seal covers by the game's ``turn_name`` ("Phase" or "Turn")."""
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    word = turn_name.lower()
    lines = [f"# Game log — #{cell(channel_name)}", "",
             f"{len(entries)} entries, exported {now}. Struck-out entries were undone. Each {word} is sealed as "
             f"it starts and its seed revealed once it is over (the seals column). The block at the end holds every "
             "entry as data: `python -m bot verify` checks it, never the table.", "",
             "| # | time (UTC) | who | kind | what | dice | what changed | seals |",
             "| --: | --- | --- | --- | --- | --- | --- | --- |"]
    for entry in entries:
        who = cell(names.get(entry.actor_id, f"user {entry.actor_id}"))
        kind = entry.kind + " (undone)" if entry.undone else entry.kind
        what = struck(cell(plain(entry.text)), entry.undone)
        dice = "; ".join(dice_of(entry, cell))
        changed = "; ".join(consequences_of(entry, cell))
        changed = struck(changed, entry.undone) if changed else ""
        seals = "; ".join(seal_notes(entry.data, turn_name))
        at = entry.at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
        lines.append(f"| {entry.seq} | {at} | {who} | {kind} | {what} | {dice} | {changed} | {seals} |")
    return "\n".join(lines) + "\n\n" + block(entries)


EXPORT_NAME = "game-log"
RECORD_VIEWS = 500
"""The most states of a game its record shows the board and map of (each read, loaded and drawn as data): a
game that changed more often shows them every so many entries."""
RECORD_NOTE = ("The game's record: open it in any browser to replay the game step by step, and press *Check this "
               "game* to prove every card and die fair, offline.")


async def readable_game(bot: DirectorBot, interaction: discord.Interaction) -> tuple[GameRow, str]:
    """The channel's game, or its last game once that has ended (with a word saying so): its log stays readable
    and checkable."""
    try:
        async with open_table(bot, interaction) as table:
            return table.game, ""
    except NoGame:
        return await ended_game(bot, interaction), ENDED


def turn_name_of(game: GameRow) -> str:
    """What the game's ruleset calls the stretch of play each seal covers: "Phase" or "Turn"."""
    return ruleset_named(game.ruleset).turn_name


def export_files(entries: list[LogRow], names: dict[int, str], channel_name: str, turn_name: str,
                 limit: int = UPLOAD_LIMIT) -> tuple[list[tuple[str, bytes]], str]:
    """The log as files to send, one a message: a Markdown file; over ``limit`` (Discord's upload limit),
    compressed into a zip; still over it, in parts of consecutive entries, each zipped. Returns the files and
    what the reply says of them. CPU work: run it off the event loop."""
    document = markdown_log(entries, names, channel_name, turn_name).encode()
    if len(document) <= limit:
        return [(f"{EXPORT_NAME}.md", document)], ""
    size = f"{len(document) / 2**20:.1f} MiB"
    archive = zipped(f"{EXPORT_NAME}.md", document)
    if len(archive) <= limit:
        return [(f"{EXPORT_NAME}.zip", archive)], (f" At {size} it is over Discord's {limit >> 20} MiB for a file, "
                                                    f"so it comes compressed, as {EXPORT_NAME}.zip.")
    count = -(-len(archive) // int(limit * 0.9))
    while True:
        step = -(-len(entries) // count)
        parts = [zipped(f"{EXPORT_NAME}-{n}.md", markdown_log(entries[start:start + step], names, channel_name,
                                                               turn_name).encode())
                 for n, start in enumerate(range(0, len(entries), step), 1)]
        if all(len(part) <= limit for part in parts):
            break
        count += 1
    return ([(f"{EXPORT_NAME}-{n}.zip", part) for n, part in enumerate(parts, 1)],
            f" At {size} it is over Discord's {limit >> 20} MiB for a file even compressed: it comes in "
            f"{len(parts)} compressed parts, one a message, #1 first.")


def export_from(url: str, game_id: int, last: int, names: tuple[tuple[int, str], ...], channel_name: str,
                turn_name: str) -> tuple[list[tuple[str, bytes]], str, int, bytes]:
    """In the export process (:mod:`bot.glue.exporting`): the game's log up to entry ``last``, read from the
    database at ``url``, as :func:`export_files` writes it out, how many entries it holds, and the game's record
    (the page that replays and checks it: :mod:`bot.record`)."""
    async def read() -> tuple[list[LogRow], str, dict[int, dict[str, Any]]]:
        database = Database(url)
        try:
            entries = [entry async for page in database.log_pages(game_id) for entry in page if entry.seq <= last]
            return entries, *await database.states_along(game_id, last, RECORD_VIEWS)
        finally:
            await database.dispose()
    entries, ruleset, states = asyncio.run(read())
    shown = frames(ruleset, states)
    return (*export_files(entries, dict(names), channel_name, turn_name), len(entries),
            record_of_entries(entries, dict(names), channel_name, shown))


def zipped(name: str, data: bytes) -> bytes:
    """One file compressed in a zip archive (which every system opens)."""
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as folder:
        folder.writestr(name, data)
    return archive.getvalue()


def struck_embed(embed: discord.Embed) -> discord.Embed:
    """An embed of an undone action: its title struck out, in grey."""
    if embed.title:
        embed.title = f"~~{clip(embed.title, TITLE_LIMIT - 4)}~~"
    embed.colour = UNDONE_COLOUR
    return embed


VERIFY_PAGE = 250
"""Entries read from the database at a time for /verify: each page is fed to the verifier off the event loop."""


async def checked_log(bot: DirectorBot, game: GameRow, turn_name: str, phase: int | None) -> Verdict:
    """The verdict on a game's stored log, its entries read a page at a time and checked off the event loop."""
    verifier = Verifier(turn_name)
    async for page in bot.db.log_pages(game.id, VERIFY_PAGE):
        await asyncio.to_thread(lambda rows: verifier.feed_all(logged(row) for row in rows), page)
    return await asyncio.to_thread(verifier.verdict, phase)


def verdict_embed(verdict: Verdict, turn_name: str) -> discord.Embed:
    """The verdict as an embed within Discord's limits: the chain and the outcomes, then the seals that fail,
    those not yet checkable and the undone draws, then those that match (the command line lists them all)."""
    head, *seals, outcomes = verdict.lines
    order = sorted(seals, key=lambda line: (0 if "FAILS" in line else 1 if "not yet checkable" in line else
                                            2 if line.startswith("  - ") else 3))
    lines, room = [head, outcomes], DESCRIPTION_LIMIT - len(head) - len(outcomes) - 80
    for line in order:
        if len(line) + 1 > room:
            lines.append(f"… and {len(order) - len(lines) + 2} more lines: `python -m bot verify` on `/log export` "
                         "lists them all.")
            break
        lines.append(line)
        room -= len(line) + 1
    embed = discord.Embed(title="Fair play: " + verdict.headline,
                          colour=discord.Colour.red() if verdict.status == "fails" else COLOUR,
                          description=clip("\n".join("↳ " + safe(line[4:]) if line.startswith("  - ") else safe(line)
                                                      for line in lines), DESCRIPTION_LIMIT))
    embed.set_footer(text=f"Only a revealed seed can be checked: a {turn_name.lower()}'s seed is revealed when "
                          "nothing it ordered is hidden any more, and every seed at the game's end.")
    return embed


HISTORY_PAGE = 100
"""The most messages Discord gives for one request of a channel's history."""


class StrikeOuts:
    """The bot's messages that showed undone entries, struck out (and their buttons taken away) by one
    background task, one message at a time, so that no command waits for them: the messages are read a
    hundred at a time from the channel's history, and each edit waits its turn under Discord's rate limits
    (discord.py waits them out)."""

    def __init__(self) -> None:
        self._waiting: deque[tuple[discord.abc.Messageable, dict[int, int]]] = deque()
        self._task: asyncio.Task | None = None

    def add(self, channel: discord.abc.Messageable, messages: dict[int, int]) -> None:
        """Strike out ``messages`` (message ids by entry number) in ``channel``, soon."""
        if not messages:
            return
        self._waiting.append((channel, messages))
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._strike_all())

    def stop(self) -> None:
        """Give up the strike-outs still waiting (the extension is unloaded)."""
        self._waiting.clear()
        if self._task is not None:
            self._task.cancel()

    async def _strike_all(self) -> None:
        while self._waiting:
            channel, messages = self._waiting.popleft()
            try:
                await strike_out(channel, messages)
            except Exception:
                logger.exception("could not strike out the messages of %d undone entries", len(messages))


async def strike_out(channel: discord.abc.Messageable, messages: dict[int, int]) -> None:
    """Strike out the bot's messages that showed undone entries (by entry number), and take their buttons away.

    A message deleted meanwhile (or out of the bot's reach) is passed over, and logged.
    """
    entries = {message_id: seq for seq, message_id in messages.items()}
    found: dict[int, discord.Message] = {}
    after = min(entries) - 1
    while after < max(entries):
        page = [m async for m in channel.history(limit=HISTORY_PAGE, after=discord.Object(after), oldest_first=True)]
        found.update((m.id, m) for m in page if m.id in entries)
        if len(page) < HISTORY_PAGE:
            break
        after = page[-1].id
    for message_id, seq in sorted(entries.items()):
        message = found.get(message_id)
        if message is None:
            logger.info("the message of log entry #%s is gone; nothing to strike out", seq)
            continue
        content = f"~~{clip(message.content, 1980)}~~ *(undone)*" if message.content else "*(undone)*"
        try:
            await message.edit(**fitted(content, [struck_embed(e) for e in message.embeds], edit=True),
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

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        self.strike_outs = StrikeOuts()

    async def cog_unload(self) -> None:
        self.strike_outs.stop()

    @log.command(name="recent")
    @app_commands.describe(n="How many entries (default 10)")
    async def recent(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 50] = 10) -> None:
        """The last actions in plain words, with their dice; undone ones struck out."""
        note = ""
        try:
            async with open_table(self.bot, interaction) as table:
                game, entries = table.game, await table.uow.recent_log(n)
        except NoGame:
            game, note = await ended_game(self.bot, interaction), ENDED
            entries = await self.bot.db.game_log(game.id, n)
        await send(interaction, content=note, embed=log_embed(entries, turn_name_of(game)))

    @log.command(name="export")
    async def export(self, interaction: discord.Interaction) -> None:
        """The game's whole log as a Markdown file (compressed, or in parts, past Discord's upload limit)."""
        game, ended = await readable_game(self.bot, interaction)
        await acknowledge(interaction)                         # a long log takes a while to read and write out
        actors, last = await self.bot.db.log_actors(game.id)
        channel_name = getattr(interaction.channel, "name", None) or "this channel"
        names = self.bot.names.of(interaction.guild, actors)
        url = self.bot.db.engine.url.render_as_string(hide_password=False)
        asked = (url, game.id, last, tuple(sorted(names.items())), channel_name, turn_name_of(game))
        files, note, count, record = await elsewhere(asked, export_from, *asked)
        for n, (name, data) in enumerate(files):
            await send(interaction, content=f"The game's whole log: {count} entries.{note}"
                                            f"{' ' + ended if ended else ''}" if n == 0 else
                       f"The game's log, part {n + 1} of {len(files)}.", image=data, filename=name)
        if len(record) <= UPLOAD_LIMIT:
            await send(interaction, content=RECORD_NOTE, image=record, filename=RECORD_NAME)
        else:
            await send(interaction, content=f"The game's record, at {len(record) / 2**20:.1f} MiB, is over Discord's "
                                            f"{UPLOAD_LIMIT >> 20} MiB for a file: `python -m bot record` on the log "
                                            "makes it.")

    @app_commands.command(name="verify")
    @app_commands.describe(phase="Only the phase (Quick on the Draw) or turn (other rulesets) of this number "
                                 "(default: all)")
    async def verify(self, interaction: discord.Interaction,
                     phase: app_commands.Range[int, 0, INTEGER] | None = None) -> None:
        """Check the log: its chain, each commitment and seed, every card and die, and the outcomes.

        ``phase:`` keeps its name in every ruleset (ruling 270): a slash option's name is the command's, not the
        game's, and a second ``turn:`` option would only offer two ways to say one thing."""
        game, ended = await readable_game(self.bot, interaction)
        rules = ruleset_named(game.ruleset)
        if phase is not None and phase > rules.turn(rules.load(game.state)) + 1:
            raise UserError(f"{rules.turn_name} {phase} was never dealt in this game.")
        await acknowledge(interaction)                   # a long log takes a while to read and check
        verdict = await checked_log(self.bot, game, rules.turn_name, phase)
        if phase is not None and not verdict.seals and not verdict.unchained:      # acknowledged: no refusal now
            ended = f"{rules.turn_name} {phase} is not sealed in this log. {ended}".strip()
        await send(interaction, content=ended, embed=verdict_embed(verdict, rules.turn_name))

    @app_commands.command(name="undo")
    @app_commands.describe(entry="Roll back to just before this log entry (default: the last action)")
    async def undo(self, interaction: discord.Interaction,
                   entry: app_commands.Range[int, 1, INTEGER] | None = None) -> None:
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
            table.state = table.ruleset.load(state)
            if table.before.get("seal") and table.state.seal is not None:
                undone_draws = [serial.from_json(Retake, retake) for retake in await uow.retakes_from(start)]
                table.state.seal.retaken(start, serial.from_json(Seal, table.before["seal"]), undone_draws)
            numbers = f"#{start}" if len(undone) == 1 else f"#{start} to #{undone[-1].seq}"
            await table.log("undo", f"Undid {numbers}.", {"undone": [e.seq for e in undone]}, save=True)
            waiting = await waiting_roll(uow, table.state, start)
        embed = discord.Embed(title=f"Undone: {numbers}", colour=COLOUR)
        seals = announced(table.sealed, table.ruleset.turn_name)
        embed.description = clip("\n".join([*seals, *(f"~~**#{e.seq}** {e.kind} — {safe(plain(e.text))}~~"
                                                       for e in undone)]), DESCRIPTION_LIMIT)
        view, ping, content = None, [], ""
        if waiting is not None:
            shown, resolution = waiting
            owner = table.state.characters[resolution.decision.roller].owner
            view, ping = decision_view(table.game.id, shown.seq, resolution), [owner]
            content = f"<@{owner}>, the roll before waits for your choice again: re-roll or keep?"
        await send(interaction, content=content, embed=embed, view=view, ping=pingable(table.game, ping))
        shown = {e.seq: self.bot.message_showing(table.game.id, e) for e in undone}
        self.strike_outs.add(interaction.channel, {seq: message for seq, message in shown.items() if message})


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(History(bot))
