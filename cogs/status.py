"""The status board: every character at a glance, as a picture."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Director
from bot.render import render_status
from bot.replies import COLOUR, render, send
from bot.table import open_table


@app_commands.guild_only()
class Status(commands.Cog):
    """/status: the cast's cards, wounds and weapons, the phase and the card up."""

    def __init__(self, bot: Director) -> None:
        self.bot = bot

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """The status board: cards left, wounds, KO, holding, ammunition, mounts; phase and card up."""
        async with open_table(self.bot, interaction) as table:
            state = table.state
        guild = interaction.guild
        owners = {}
        for user_id in {c.owner for c in state.characters.values()}:
            member = guild.get_member(user_id) if guild else None
            owners[user_id] = member.display_name if member else f"player {user_id}"
        image = await render(render_status, state, owners)
        deck = state.deck
        title = f"Phase {deck.phase}" if deck.phase else "Before the first phase"
        if deck.current:
            title += f" — {deck.current} is up"
        embed = discord.Embed(title=title, colour=COLOUR,
                              description=f"{len(state.characters)} in the cast, "
                                          f"{sum(not c.casualty for c in state.characters.values())} standing.")
        await send(interaction, embed=embed, image=image, filename="status.png")


async def setup(bot: Director) -> None:
    await bot.add_cog(Status(bot))
