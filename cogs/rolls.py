"""Rolls any ruleset shares: a free ``/roll`` for what the charts do not cover, logged like any other, and the
re-roll buttons on every ruleset's rolls (:class:`bot.glue.acting.RerollButton`), registered here so that the
buttons of a roll posted before a restart still work."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.acting import RerollButton
from bot.glue.client import DirectorBot
from bot.glue.errors import NotAllowed
from bot.glue.replies import markdown, safe, send
from bot.glue.table import open_table, require_visible
from bot.rules.core.dice import Dice, Keep, roll


@app_commands.guild_only()
class FreeRoll(commands.Cog):
    """A free roll, for any game."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="roll")
    @app_commands.describe(dice="How many dice", keep="Take the best, the worst, or read every die",
                           why="What the roll is for", sides="Sides of each die (default: the D10)")
    async def roll(self, interaction: discord.Interaction, dice: app_commands.Range[int, 1, 6] = 1,
                   keep: Literal["best", "worst", "all"] = "best",
                   why: app_commands.Range[str, 1, 200] | None = None, sides: app_commands.Range[int, 2, 100] = 10
                   ) -> None:
        """A free roll for what the charts do not cover; logged like any other."""
        if why:
            require_visible(why, "reason")
        reason = why or "a free roll"
        async with open_table(self.bot, interaction) as table:
            if interaction.user.id not in table.state.seats and not table.is_director:
                raise NotAllowed("Only the game's players and Directors roll into its log: `/game join` first.")
            rolled = roll(Dice(dice, Keep[keep.upper()], sides), table.dice)
            table.uow.save(table.state.to_json())                   # the phase's count of draws moved on
            await table.log("roll", f"{reason}: {markdown(rolled.shown())}", {"roll": rolled.to_json()})
        band = f" ({rolled.band.value})" if table.ruleset.bands and sides == 10 else ""
        await send(interaction, content=f"{safe(interaction.user.display_name)} rolls for {safe(reason)}: "
                                        f"{markdown(rolled.shown())} → **{rolled.value}**{band}")


async def setup(bot: DirectorBot) -> None:
    bot.add_dynamic_items(RerollButton)
    await bot.add_cog(FreeRoll(bot))
