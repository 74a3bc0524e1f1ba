"""The status board: every character at a glance, as a picture. On servers that pin it, one board per
game: /status posts and pins it, and the bot redraws it a few seconds after each change to the game."""

from __future__ import annotations

import asyncio
import logging
from weakref import WeakValueDictionary

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import acknowledge
from bot.glue.client import DirectorBot
from bot.glue.errors import NoGame
from bot.pictures.pool import asked_for
from bot.glue.replies import attached, fitted, post, send
from bot.rules.core.ruleset import ruleset
from bot.glue.boards import board_embed, pictures, status_embed
from bot.glue.table import ENDED, ended_game, open_table

log = logging.getLogger("director.status")

FILENAME = "status.png"


async def edit_board(channel: discord.abc.Messageable, message_id: int, embed: discord.Embed,
                     pages: list[bytes]) -> discord.Message | None:
    """The pinned board updated in place; None when its message was deleted."""
    files = attached(FILENAME, pages=pages)
    if files:
        embed.set_image(url=f"attachment://{FILENAME}")
    try:
        return await channel.get_partial_message(message_id).edit(**fitted("", [embed], files, edit=True))
    except discord.NotFound:
        return None


async def post_board(channel: discord.abc.Messageable, embed: discord.Embed, pages: list[bytes]
                     ) -> tuple[discord.Message, bool]:
    """A new board, posted and pinned; the flag says whether pinning worked."""
    message = await post(channel, embed=embed, filename=FILENAME, pages=pages)
    try:
        await message.pin(reason="The game's status board")
    except discord.HTTPException as error:
        log.info("could not pin the status board in channel %s: %s", message.channel.id, error)
        return message, False
    return message, True


async def redraw_boards(bot: DirectorBot) -> None:
    """Redraw the pinned boards of the games that changed since the last time (see
    :meth:`Director.board_changed`), side by side; a failure is logged and the others go on."""
    stale = list(bot.stale_boards())
    for (guild_id, channel_id), outcome in zip(stale, await asyncio.gather(
            *(redraw_board(bot, guild_id, channel_id) for guild_id, channel_id in stale), return_exceptions=True)):
        if isinstance(outcome, Exception):
            log.error("could not redraw the status board of the game in channel %s (guild %s)", channel_id,
                      guild_id, exc_info=outcome)


async def redraw_board(bot: DirectorBot, guild_id: int, channel_id: int) -> None:
    """Edit a game's pinned board to show the game as it is now. A board deleted meanwhile is left for the
    next /status to post again."""
    asked_for(guild_id)
    async with board_lock(guild_id, channel_id):
        async with bot.db.unit(guild_id, channel_id) as uow:
            if uow.game is None or uow.game.status_message_id is None:
                return
            rules = ruleset(uow.game.ruleset)
            state, message_id = rules.load(uow.game.state), uow.game.status_message_id
        channel = await bot.find_channel(channel_id)
        if channel is None:
            return
        await edit_board(channel, message_id, board_embed(rules, state),
                         await pictures(bot, channel.guild, rules, state))


BOARDS: WeakValueDictionary[tuple[int, int], asyncio.Lock] = WeakValueDictionary()


def board_lock(guild_id: int, channel_id: int) -> asyncio.Lock:
    """This process's lock on a game's pinned board, held while it is edited or posted (so that two /status
    never post two boards), kept only while someone holds or awaits it. It is not the channel's lock: the
    game's other commands never wait for Discord to take a board."""
    lock = BOARDS.get((guild_id, channel_id))
    if lock is None:
        lock = BOARDS[guild_id, channel_id] = asyncio.Lock()
    return lock


@app_commands.guild_only()
class Status(commands.Cog):
    """/status: the cast's cards, wounds and weapons, the phase and the card up."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """The status board: cards left, wounds, KO, holding, ammunition, mounts; phase and card up."""
        server = await self.bot.server_settings(interaction.guild_id)
        ended = False
        try:
            async with open_table(self.bot, interaction) as table:
                rules, state = table.ruleset, table.state
        except NoGame:
            game = await ended_game(self.bot, interaction)
            rules, ended = ruleset(game.ruleset), True
            state = rules.load(game.state)
        if server.status_pinned and not ended:
            await acknowledge(interaction, ephemeral=True)
            board, note = await self.update_pinned(interaction)
            await interaction.followup.send(f"{note}: {board.jump_url}", ephemeral=True)
            return
        await acknowledge(interaction)                        # the pictures may wait for a busy worker
        embed = status_embed(rules, state)
        if ended:
            embed.title = f"Ended — {embed.title}"
        pages = await pictures(self.bot, interaction.guild, rules, state)
        await send(interaction, content=ENDED if ended else "", embed=embed, filename=FILENAME, pages=pages)

    async def update_pinned(self, interaction: discord.Interaction) -> tuple[discord.Message, str]:
        """Edit the game's pinned board, or post and pin one if it has none or it was deleted; returns the
        board and what was done. Holds the board's lock, not the channel's: the game goes on meanwhile."""
        key = (interaction.guild_id, interaction.channel_id)
        async with board_lock(*key):
            async with self.bot.db.unit(*key) as uow:
                if uow.game is None:
                    raise NoGame()
                rules = ruleset(uow.game.ruleset)
                state, old = rules.load(uow.game.state), uow.game.status_message_id
            embed = board_embed(rules, state)
            pages = await pictures(self.bot, interaction.guild, rules, state)
            board = await edit_board(interaction.channel, old, embed, pages) if old is not None else None
            if board is not None:
                return board, "The status board is up to date"
            board, pinned = await post_board(interaction.channel, embed, pages)
            async with self.bot.db.unit(*key) as uow:
                if uow.game is not None:
                    uow.set_status_message(board.id)
        return board, ("The status board is posted and pinned" if pinned else
                       "The status board is posted, but I could not pin it: give me the *Pin Messages* permission")


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Status(bot))
