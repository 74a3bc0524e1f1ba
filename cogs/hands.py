"""Hidden hands, for any ruleset whose players hold cards the others must not see: `/hand` answers its user
alone, with their cards and a menu to play one face down (the pipeline and its buttons are
:mod:`bot.glue.hands`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.glue.hands import HandButton, PlayMenu, show_hand


@app_commands.guild_only()
class Hands(commands.Cog):
    """Hidden hands: your own cards, seen by you alone."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your hand, seen by you alone, with a menu to play a card (a Director with no seat: every hand)."""
        await show_hand(interaction, None)


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Hands(bot))
    bot.add_dynamic_items(HandButton, PlayMenu)
