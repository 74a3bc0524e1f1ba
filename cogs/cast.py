"""The cast list any ruleset shares: `/cast show`, `/cast list` and `/cast remove`. This cog owns the `/cast` group;
a ruleset whose casting verbs live in it adds them when its own extension loads (see
:mod:`cogs.rulesets.qotd_cast`); every other ruleset casts with its own group's `cast` command."""

from __future__ import annotations


import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.glue.errors import UserError
from bot.glue.replies import COLOUR, clip, safe, send
from bot.rules.core.cards import SUIT_SYMBOLS
from bot.rules.qotd.beasts import ANIMALS
from bot.rules.qotd.state import Vehicle
from bot.glue.table import open_table

from bot.glue import options
from bot.glue.casting import card_embed, cards_text, character_embed, row_words, vehicle_embed, vehicle_line



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
        if not table.plays_qotd:
            await send(interaction, embed=card_embed(table.ruleset, state, key))
            return
        if key in state.vehicles:
            vehicle = state.vehicles[key]
            await send(interaction, embed=vehicle_embed(state, vehicle, f"<@{vehicle.owner}>"))
            return
        target = state.characters[key]
        await send(interaction, embed=character_embed(target, f"<@{target.owner}>"))

    @app_commands.command(name="list")
    async def list(self, interaction: discord.Interaction) -> None:
        """The cast list: every character, its player's suit and its cards."""
        async with open_table(self.bot, interaction) as table:
            state = table.state
        if not state.characters and not getattr(state, "vehicles", None):
            raise UserError("Nobody has been cast yet: `/cast add` a character.")
        if not table.plays_qotd:
            lines = [f"**{safe(row.name)}** ({', '.join(filter(None, (row.kind, f'<@{row.owner}>')))})"
                     + (f" — {safe(row_words(row))}" if row.words or row.badges or row.gear else "")
                     for row in table.ruleset.board(state).rows]
            await send(interaction, embed=discord.Embed(title="Cast list", colour=COLOUR,
                                                        description=clip("\n".join(lines), 4096)))
            return
        lines = []
        for character in state.characters.values():
            suit = SUIT_SYMBOLS.get(character.cards[0].suit, "") if character.cards else ""
            kind = ANIMALS[character.animal].name if character.is_beast else character.type.title
            words = f" — {', '.join(character.state_words)}" if character.state_words else ""
            lines.append(f"{suit} **{safe(character.name)}** ({kind}, <@{character.owner}>): "
                         f"{cards_text(character)}{words}")
        embed = discord.Embed(title="Cast list", colour=COLOUR, description=clip("\n".join(lines), 4096))
        if state.vehicles:
            embed.add_field(name="Vehicles", value=clip("\n".join(vehicle_line(state, v)
                                                                  for v in state.vehicles.values()), 1024),
                            inline=False)
        await send(interaction, embed=embed)

    @app_commands.command(name="remove")
    @app_commands.describe(character="Who (or which vehicle) leaves the cast")
    @app_commands.autocomplete(character=options.targets)
    async def remove(self, interaction: discord.Interaction, character: str) -> None:
        """Remove a character (with its cards) or a vehicle."""
        async with open_table(self.bot, interaction) as table:
            key = table.target(character)
            target = table.state.characters.get(key) or table.state.vehicles[key]
            table.require_control(target)
            if table.state.pending:
                raise UserError("A roll is waiting for a re-roll decision; settle it first.")
            if isinstance(target, Vehicle):
                del table.state.vehicles[key]
            else:
                table.ruleset.remove(table.state, target.key)
            await table.commit("remove", f"{target.name} leaves the cast.", {"character": target.key})
        await send(interaction, content=f"**{safe(target.name)}** leaves the cast.")


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Cast(bot))
