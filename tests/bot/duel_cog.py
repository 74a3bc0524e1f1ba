"""High Noon's command group (tests/bot/duel.py is the ruleset), loaded as a ruleset's cog is."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.errors import UserError
from bot.glue.table import Table
from bot.glue.acting import act, ruled_by_the_rules
from bot.glue.casting import add_character

from .duel import DUEL, ShotRequest


@app_commands.guild_only()
class Duel(commands.GroupCog, group_name="duel", group_description="High Noon's own actions"):
    def __init__(self, bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="cast")
    @app_commands.describe(name="The gunman's name", type="Gunslinger or greenhorn", grit="Points of grit")
    async def cast(self, interaction: discord.Interaction, name: str, type: Literal["gunslinger", "greenhorn"],
                   grit: app_commands.Range[int, 1, 6] | None = None, player: discord.Member | None = None) -> None:
        """Cast a gunman."""
        await add_character(self.bot, interaction, DUEL.key, name, type, player,
                            {"grit": str(grit)} if grit else {})

    @app_commands.command(name="shoot")
    async def shoot(self, interaction: discord.Interaction, target: str) -> None:
        """The gunman whose turn it is fires a D6 at the target: 4 or more hits."""
        def build(table: Table) -> ShotRequest:
            shooter = table.state.acting
            if shooter is None or shooter.shot:
                raise UserError("Nobody has a shot to fire.")
            table.require_control(shooter)
            return ShotRequest(shooter.key, table.character(target).key)
        await act(interaction, build, DUEL.key, ruled_by_the_rules)


async def setup(bot) -> None:
    await bot.add_cog(Duel(bot))
