"""The status board: every character at a glance, as a picture. On servers that pin it, one board per
game: /status posts and pins it, and the bot redraws it a few seconds after each change to the game."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import acknowledge
from bot.glue.client import DirectorBot
from bot.glue.errors import NoGame
from bot.glue.replies import send
from bot.rules.core.ruleset import ruleset
from bot.glue.boards import FILENAME, board_embed, board_lock, edit_board, pictures, post_board, status_embed
from bot.glue.table import ENDED, ended_game, open_table

log = logging.getLogger("director.status")


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
