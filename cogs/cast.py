"""The cast list any ruleset shares: `/cast show`, `/cast list` and `/cast remove`. This cog owns the `/cast` group;
a ruleset whose casting verbs live in it adds them when its own extension loads (see
:mod:`cogs.rulesets.qotd.cast`); every other ruleset casts with its own group's `cast` command."""

from __future__ import annotations


import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.glue.errors import UserError
from bot.glue.replies import safe, send
from bot.glue.table import open_table

from bot.glue import options
from bot.glue.casting import cast_list_embed, sheet_embed



@app_commands.guild_only()
class Cast(commands.GroupCog, group_name="cast", group_description="Cast characters and beasts for this game"):
    """The cast list: add characters with the rulebook's limits, equip them, show and remove them."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="show")
    @app_commands.describe(character="Whom (or which vehicle) to show")
    @app_commands.autocomplete(character=options.targets)
    async def show(self, interaction: discord.Interaction, character: str) -> None:
        """Show a character's card, or a vehicle, in full."""
        async with open_table(self.bot, interaction) as table:
            key = table.target(character)
            state = table.state
        await send(interaction, embed=sheet_embed(table.ruleset.sheet(state, key)))

    @app_commands.command(name="list")
    async def list(self, interaction: discord.Interaction) -> None:
        """The cast list: every character, its player's suit and its cards."""
        async with open_table(self.bot, interaction) as table:
            state = table.state
        listed = table.ruleset.cast_list(state)
        if not listed:
            raise UserError("Nobody has been cast yet: `/cast add` a character.")
        await send(interaction, embed=cast_list_embed(listed))

    @app_commands.command(name="remove")
    @app_commands.describe(character="Who (or which vehicle) leaves the cast")
    @app_commands.autocomplete(character=options.targets)
    async def remove(self, interaction: discord.Interaction, character: str) -> None:
        """Remove a character (with its cards) or a vehicle."""
        async with open_table(self.bot, interaction) as table:
            key = table.target(character)
            target = table.state.characters.get(key) or table.others[key]
            table.require_control(target)
            if table.state.pending:
                raise UserError("A roll is waiting for a re-roll decision; settle it first.")
            if key in table.state.characters:
                table.ruleset.remove(table.state, key)
            else:
                table.ruleset.remove_other(table.state, key)
            await table.commit("remove", f"{target.name} leaves the cast.", {"character": target.key})
        await send(interaction, content=f"**{safe(target.name)}** leaves the cast.")


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Cast(bot))
