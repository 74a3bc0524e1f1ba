"""The bot class: the error handler, the pace of each user's commands, the caches it holds, and loading the
extensions it is given (:mod:`bot.app.launch` finds them and builds it)."""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.arrivals import Arrivals
from bot.storage import Database, DatabaseUnavailable, GameExists, GameRow, LogRow, ServerRow, StaleGame
from bot.glue.errors import ReplyFailed, UserError
from bot.glue.names import MemberNames
from bot.pictures.pool import asked_for
from bot.glue.replies import fitted, markdown
from bot.rules.core.errors import RulesError
from bot.rules.core.words import Words
from bot.rules.core.ruleset import Ruleset, State
from bot.glue.seals import TurnDice
from bot.app.settings import Settings

log = logging.getLogger("director.bot")

SERVER_CACHE_SECONDS = 60.0
STORE_SHOWN_AFTER = timedelta(seconds=10)
REDRAW_BOARDS_AFTER = timedelta(seconds=5)
"""A pinned status board is redrawn this long after a change to its game (changes meanwhile, one redraw)."""
UNEXPECTED = "Something went wrong on our side and nothing was changed. It has been logged; please try again."
STALE = "The game changed while you were typing: nothing was done, please try again."
GAME_EXISTS = "This channel already has a game. Its Director can `/game end` it first."
REPLY_FAILED = "Discord would not take the bot's reply. What you did is stored all the same: `/log recent` shows it."
UNREACHABLE = "The game's storage cannot be reached right now: nothing was changed. Try again in a moment."
UNFIT = "Pick from the list: that option takes members of this server and the values it offers."
SILENCED = ("You may not send messages in this channel, so the bot will not speak here for you: nothing was done. "
            "Play in a channel where you may write.")
ANSWERED_PRIVATELY = frozenset({"help", "hand"})
"""The slash commands that only ever answer their user privately: open to a member who may not write in the
channel (ruling 463)."""
THREADS = (discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread)
COLLECT_AFTER = (5_000, 20, 20)
"""The garbage collector's thresholds: a young collection once 5,000 more objects live, not Python's 700. A command
reads its whole game into a few thousand objects that die with it; at 700 a collection came in the middle of
most commands, walking them and keeping them for the older generations' longer collections (bench/commands.py:
the collector's time a third of what it was, every command and the no-op faster)."""
INTENTS = discord.Intents(guilds=True)
"""Slash commands and buttons arrive as interactions whatever the intents: the bot asks only for the servers
and their channels, so Discord sends it none of the messages typed on the servers it is in."""


class DirectorTree(app_commands.CommandTree):
    """Maps every error to one ephemeral reply: safe messages shown, the rest logged; and holds each user to
    the bot's commands a minute."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Refuse a slash command past the user's share of a minute, saying when to try again (suggestions
        as they type are not counted), and one that would make the bot speak in a channel where its user may
        not (ruling 463). The pictures the command asks for are its server's (see :mod:`bot.pictures.pool`)."""
        asked_for(interaction.guild_id)
        if interaction.type is discord.InteractionType.application_command:
            self.client.pace.check(interaction.user.id)
            if not may_speak(interaction) and _command_name(interaction) not in ANSWERED_PRIVATELY:
                raise app_commands.CheckFailure(SILENCED)
        return True

    def add_command(self, command: app_commands.Command | app_commands.Group | app_commands.ContextMenu, /,
                    **kwargs: object) -> None:
        """Add a command; one of a cog declared ``@app_commands.guild_only()`` is guild-only itself, and so is
        a group made with ``guild_only=True``, in the contexts Discord reads today, so that Discord never offers
        them in direct messages (discord.py reads a cog's declaration on group cogs only)."""
        if command.guild_only or getattr(getattr(command, "binding", None), "__discord_app_commands_guild_only__",
                                         False):
            app_commands.guild_only(command)
        super().add_command(command, **kwargs)

    def lend(self, group: str, verbs: app_commands.Group) -> None:
        """Add a ruleset's own verbs (the commands of ``verbs``, a group made for this bot) to the shared group
        ``group`` (``/cast``, ``/campaign``)."""
        shared = self.get_command(group)
        for verb in verbs.commands:
            shared.add_command(verb)

    def take_back(self, group: str, verbs: app_commands.Group) -> None:
        """Remove the verbs :meth:`lend` added from the shared group ``group``."""
        shared = self.get_command(group)
        for verb in verbs.commands:
            shared.remove_command(verb.name)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, RulesError):        # words the bot writes, or a line that quotes names as typed
            said = original.said
            message = markdown(said) if isinstance(said, Words) else discord.utils.escape_markdown(said)
        elif isinstance(original, UserError):
            message = str(original)
        elif isinstance(original, StaleGame):
            message = STALE
        elif isinstance(original, GameExists):
            message = GAME_EXISTS
        elif isinstance(original, ReplyFailed):
            log.warning("reply to /%s failed: %s", _command_name(interaction), original)
            await tell(interaction, REPLY_FAILED, in_channel=True)
            return
        elif isinstance(original, DatabaseUnavailable):
            log.warning("database unavailable for /%s: %s", _command_name(interaction), original)
            message = UNREACHABLE
        elif isinstance(error, app_commands.CheckFailure):
            message = str(error) or "You cannot use that command here."
        elif isinstance(error, app_commands.TransformerError) and error.__cause__ is None:
            message = UNFIT                       # e.g. a user who is not a member of the server
        else:
            log.error("unexpected error in /%s (guild %s, channel %s, user %s)", _command_name(interaction),
                      interaction.guild_id, interaction.channel_id, interaction.user.id, exc_info=original)
            message = UNEXPECTED
        await tell(interaction, message)


class Pace:
    """Each user's slash commands in the last minute, as discord.py's cooldowns count them (a bucket that fills
    again over the minute), on Discord's clock; the users not heard from for a while are forgotten."""

    KEPT = 10_000

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._buckets: OrderedDict[int, app_commands.Cooldown] = OrderedDict()

    def check(self, user_id: int) -> None:
        """Count one command of the user's; app_commands.CheckFailure, saying when to retry, past their share."""
        bucket = self._buckets.pop(user_id, None) or app_commands.Cooldown(self.per_minute, 60.0)
        self._buckets[user_id] = bucket
        if len(self._buckets) > self.KEPT:
            self._buckets.popitem(last=False)
        now = discord.utils.utcnow().timestamp()
        wait = bucket.update_rate_limit(now)
        if wait:
            again = int(now + wait) + 1
            raise app_commands.CheckFailure(f"Easy there: that is {self.per_minute} commands from you within a "
                                            f"minute. Try again <t:{again}:R>.")


def may_speak(interaction: discord.Interaction) -> bool:
    """Whether the member may send messages where the interaction comes from (in a thread, in threads); a
    direct message is theirs to write in. An interaction needs only Use Application Commands, so this is the
    bot's to check."""
    if interaction.guild_id is None:
        return True
    permissions = interaction.permissions
    in_thread = getattr(interaction.channel, "type", None) in THREADS
    return permissions.send_messages_in_threads if in_thread else permissions.send_messages


def _command_name(interaction: discord.Interaction) -> str:
    return interaction.command.qualified_name if interaction.command else "?"


async def tell(interaction: discord.Interaction, message: str, *, in_channel: bool = False) -> None:
    """An ephemeral message to the user, whether or not the interaction was answered yet; failing that,
    and only when ``in_channel``, a message in the channel (naming the user, pinging no one)."""
    message = fitted(message)["content"]
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
        return
    except discord.HTTPException:
        log.warning("could not tell user %s: %s", interaction.user.id, message)
    if in_channel and interaction.channel is not None:
        try:
            await interaction.channel.send(**fitted(f"{interaction.user.mention}: {message}"),
                                           allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not tell channel %s either", interaction.channel_id)


class DirectorBot(commands.AutoShardedBot):
    """The bot: holds the settings, the database, and where the games' seeds come from.

    ``extensions`` are loaded at start-up, in their order. ``rng``, given by tests and offline play (``--seed``),
    chooses the seeds; without it they come from
    ``secrets``. Every card and die comes from a phase's seal (see :meth:`dice`).
    """

    def __init__(self, settings: Settings, database: Database, *, extensions: Sequence[str] = (),
                 rng: random.Random | None = None,
                 sync_on_start: bool = False, shard_count: int | None = None,
                 shard_ids: list[int] | None = None) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=INTENTS, tree_cls=DirectorTree,
                         allowed_mentions=discord.AllowedMentions.none(), help_command=None,
                         shard_count=shard_count or settings.shard_count,
                         shard_ids=shard_ids or settings.shard_ids)
        self.settings = settings
        self.db = database
        self.initial_extensions = tuple(extensions)
        """The extensions loaded at start-up, in order (see :func:`bot.app.launch.extensions`)."""
        self.rng = rng
        self.sync_on_start = sync_on_start
        self.alarm_clock: Callable[[datetime], None] | None = None
        """Told when the background task must look next, at the latest (set by the timers extension)."""
        self.names = MemberNames()
        self.arrivals = Arrivals()
        self.pace = Pace(settings.commands_per_minute)
        self._servers: dict[int, tuple[float, ServerRow]] = {}
        self._reading_servers: dict[int, asyncio.Future[ServerRow]] = {}
        self._shown: dict[tuple[int, int], int] = {}
        """Messages that show log entries, by (game id, entry number), not stored yet."""
        self._stale_boards: set[tuple[int, int]] = set()
        """Games, by (guild id, channel id), whose pinned status board shows an earlier state."""

    def dice(self, ruleset: Ruleset, state: State, channel_id: int) -> random.Random:
        """The random source of a command on a game of ``ruleset``: its seals, the turn's drawing the dice and
        each deck's its shuffles (see :class:`bot.glue.seals.TurnDice`)."""
        return TurnDice(ruleset, state, channel_id, self.rng)

    def dispatch(self, event_name: str, /, *args: object, **kwargs: object) -> None:
        """Dispatch an event; an interaction is noted as it arrives (see :mod:`bot.glue.answering`)."""
        if event_name == "interaction":
            self.arrivals.note(args[0])
        super().dispatch(event_name, *args, **kwargs)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Note the display name of every member who uses the bot (see :mod:`bot.glue.names`)."""
        if isinstance(interaction.user, discord.Member):
            self.names.note(interaction.user)

    async def server_settings(self, guild_id: int) -> ServerRow:
        """The server's settings, cached for a minute (other processes' changes show within that). Commands
        that find them out of date together wait for one read, not one each.

        A Director role known by name only (stored before roles were kept by id, or the ``DIRECTOR_ROLE``
        default) is looked up once among the server's roles: the one role of that name is kept by its id,
        and with none or several, no role directs until a server manager picks one.
        """
        now = time.monotonic()
        cached = self._servers.get(guild_id)
        if cached and now - cached[0] < SERVER_CACHE_SECONDS:
            return cached[1]
        reading = self._reading_servers.get(guild_id)
        if reading is None:
            reading = self._reading_servers[guild_id] = asyncio.ensure_future(self._read_server(guild_id))
            reading.add_done_callback(lambda _: self._reading_servers.pop(guild_id, None))
        row = await asyncio.shield(reading)
        self._servers[guild_id] = (now, row)
        return row

    async def _read_server(self, guild_id: int) -> ServerRow:
        """The server's settings as stored, its Director role kept by id (see :meth:`server_settings`)."""
        row = await self.db.server(guild_id)
        guild = self.get_guild(guild_id)
        if row.director_role and row.director_role_id is None and guild is not None:
            named = [role.id for role in guild.roles if role.name == row.director_role and not role.is_default()]
            await self.db.update_server(guild_id, director_role="", director_role_id=named[0] if len(named) == 1
                                        else None)
            row = await self.db.server(guild_id)
        return row

    async def find_channel(self, channel_id: int) -> discord.abc.Messageable | None:
        """A game's channel or thread (fetched if not cached, e.g. an archived thread); None if it is gone."""
        found = self.get_channel(channel_id)
        if found is not None:
            return found
        try:
            return await self.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None

    def forget_server(self, guild_id: int) -> None:
        """Drop the cached settings after a change."""
        self._servers.pop(guild_id, None)

    def expect_alarm(self, at: datetime | None) -> None:
        """Have the background task (the timers extension) look again by ``at`` at the latest: a game's
        alarm rings then, or messages wait to be stored."""
        if at is not None and self.alarm_clock is not None:
            self.alarm_clock(at)

    def remember_message(self, game_id: int, seq: int, message_id: int) -> None:
        """Note the message that shows a log entry, for /undo to strike out.

        The background task stores the notes together, :data:`STORE_SHOWN_AFTER` after the first, so
        that no command waits for them or behind them; until then :meth:`message_showing` has them.
        """
        if not self._shown:
            self.expect_alarm(discord.utils.utcnow() + STORE_SHOWN_AFTER)
        self._shown[game_id, seq] = message_id

    def message_showing(self, game_id: int, entry: LogRow) -> int | None:
        """The message that showed a log entry, stored or still to be."""
        return entry.message_id or self._shown.get((game_id, entry.seq))

    def board_changed(self, game: GameRow, server: ServerRow) -> None:
        """A game changed: if its server pins status boards and it has one, the background task redraws
        it :data:`REDRAW_BOARDS_AFTER` later (with whatever else changed meanwhile)."""
        if not (server.status_pinned and game.status_message_id):
            return
        if not self._stale_boards:
            self.expect_alarm(discord.utils.utcnow() + REDRAW_BOARDS_AFTER)
        self._stale_boards.add((game.guild_id, game.channel_id))

    def stale_boards(self) -> set[tuple[int, int]]:
        """The games whose pinned boards are to be redrawn, now taken in hand."""
        stale, self._stale_boards = self._stale_boards, set()
        return stale

    async def store_shown(self) -> None:
        """Store the messages noted since the last time; on a failure they are logged and kept for the next."""
        while self._shown:
            batch, self._shown = self._shown, {}
            try:
                await self.db.record_messages([(game, seq, message) for (game, seq), message in batch.items()])
            except Exception:
                log.exception("could not store which messages show %d log entries; kept for later", len(batch))
                self._shown = {**batch, **self._shown}
                return

    async def setup_hook(self) -> None:
        await self.db.migrate()
        for name in self.initial_extensions:
            await self.load_extension(name)
        if self.sync_on_start:
            await self.tree.sync()
        gc.freeze()          # what start-up made lives as long as the bot: the collector need not walk it again
        gc.set_threshold(*COLLECT_AFTER)

    async def close(self) -> None:
        await self.store_shown()
        await super().close()

