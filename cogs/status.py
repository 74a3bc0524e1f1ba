"""The status board: every character at a glance, as a picture; on servers that pin it, one board per game."""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Director
from bot.render import render_status
from bot.replies import COLOUR, post, render, send
from bot.rules.qotd.state import GameState
from bot.table import Table, open_table

log = logging.getLogger("director.status")

FILENAME = "status.png"


def status_embed(state: GameState) -> discord.Embed:
    deck = state.deck
    title = f"Phase {deck.phase}" if deck.phase else "Before the first phase"
    if deck.current:
        title += f" — {deck.current} is up"
    return discord.Embed(title=title, colour=COLOUR,
                         description=f"{len(state.characters)} in the cast, "
                                     f"{sum(not c.casualty for c in state.characters.values())} standing.")


async def edit_board(channel: discord.abc.Messageable, message_id: int, embed: discord.Embed,
                     image: bytes | None) -> discord.Message | None:
    """The pinned board updated in place; None when its message was deleted."""
    attachments = []
    if image is not None:
        attachments = [discord.File(io.BytesIO(image), filename=FILENAME)]
        embed.set_image(url=f"attachment://{FILENAME}")
    try:
        return await channel.get_partial_message(message_id).edit(embed=embed, attachments=attachments)
    except discord.NotFound:
        return None


async def post_board(channel: discord.abc.Messageable, embed: discord.Embed, image: bytes | None
                     ) -> tuple[discord.Message, bool]:
    """A new board, posted and pinned; the flag says whether pinning worked."""
    message = await post(channel, embed=embed, image=image, filename=FILENAME)
    try:
        await message.pin(reason="The game's status board")
    except discord.HTTPException as error:
        log.info("could not pin the status board in channel %s: %s", message.channel.id, error)
        return message, False
    return message, True


@app_commands.guild_only()
class Status(commands.Cog):
    """/status: the cast's cards, wounds and weapons, the phase and the card up."""

    def __init__(self, bot: Director) -> None:
        self.bot = bot

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """The status board: cards left, wounds, KO, holding, ammunition, mounts; phase and card up."""
        server = await self.bot.server_settings(interaction.guild_id)
        async with open_table(self.bot, interaction) as table:
            state = table.state
            if server.status_pinned:
                await interaction.response.defer(ephemeral=True, thinking=True)
                board, note = await self.update_pinned(interaction, table)
        if server.status_pinned:
            await interaction.followup.send(f"{note}: {board.jump_url}", ephemeral=True)
            return
        image = await render(render_status, state, self.owners(interaction.guild, state))
        await send(interaction, embed=status_embed(state), image=image, filename=FILENAME)

    async def update_pinned(self, interaction: discord.Interaction, table: Table) -> tuple[discord.Message, str]:
        """Edit the game's pinned board, or post and pin one if it has none or it was deleted; returns the
        board and what was done. Runs inside the game's unit, so two /status never post two boards."""
        state = table.state
        embed = status_embed(state)
        embed.timestamp = discord.utils.utcnow()
        embed.set_footer(text="Updated by /status")
        image = await render(render_status, state, self.owners(interaction.guild, state))
        old = table.game.status_message_id
        board = await edit_board(interaction.channel, old, embed, image) if old is not None else None
        if board is not None:
            return board, "The status board is up to date"
        board, pinned = await post_board(interaction.channel, embed, image)
        table.uow.set_status_message(board.id)
        return board, ("The status board is posted and pinned" if pinned else
                       "The status board is posted, but I could not pin it: give me the *Pin Messages* permission")

    @staticmethod
    def owners(guild: discord.Guild | None, state: GameState) -> dict[int, str]:
        """Display names of the players, as far as the bot knows them."""
        owners = {}
        for user_id in {c.owner for c in state.characters.values()}:
            member = guild.get_member(user_id) if guild else None
            owners[user_id] = member.display_name if member else f"player {user_id}"
        return owners


async def setup(bot: Director) -> None:
    await bot.add_cog(Status(bot))
