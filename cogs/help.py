"""/help: how a game runs in a channel, and every command with what it does, to the one who asks."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Director
from bot.replies import COLOUR, FIELD_LIMIT, clip, send
from bot.rules.core.ruleset import RULESETS, Ruleset

HOW_A_GAME_RUNS = (
    "**1.** A Director types `/game start` in a channel or thread: it becomes the set.\n"
    "**2.** Players `/game join` (each gets a suit) and `/cast add` their characters, then arm them with "
    "`/cast weapon`, `/cast skill`, `/cast armour` and `/cast mount`.\n"
    "**3.** The Director `/deal`s a phase. `/draw` turns the next card: its character acts, and its player "
    "is pinged.\n"
    "**4.** The player acts: `/shoot`, `/fight`, `/move`, `/test` a chart ... The bot rolls, reads the "
    "rulebook's charts and shows every die. Where the book allows a re-roll, the player gets buttons. "
    "Off their card, a character only responds, acts from hold or takes a test the situation calls for: "
    "anything else out of turn is the Director's call.\n"
    "**5.** `/status` shows the cast, `/log recent` what happened; a Director can `/undo`. Games keep for "
    "days: the bot reminds whoever it waits on.")
SECTIONS = (("Game", "game"), ("Cast", "cast"), ("Deck", "deck"), ("Rolls", "rolls"), ("Status", "status"),
            ("History", "history"), ("Campaign", "campaigns"), ("Hands", "hidden hands"))
"""The cogs whose commands /help lists, each under a heading of its own."""


def command_lines(cog: commands.Cog) -> str:
    """Each of the cog's slash commands with its description, in the order they were written."""
    lines = [f"`/{command.qualified_name}` {command.description}" for command in cog.walk_app_commands()
             if isinstance(command, app_commands.Command)]
    return clip("\n".join(lines), FIELD_LIMIT)


def group_cog(bot: Director, group: str) -> commands.Cog | None:
    """The cog of a ruleset's command group, if the bot has loaded it."""
    return next((cog for cog in bot.cogs.values() if getattr(cog, "__cog_group_name__", None) == group), None)


def help_embed(bot: Director, playing: Ruleset | None = None) -> discord.Embed:
    """How a game runs and every command; with the channel's ruleset (``playing``) named and how it plays."""
    embed = discord.Embed(title="Director — Quick on the Draw by chat", colour=COLOUR, description=HOW_A_GAME_RUNS)
    if playing is not None:
        embed.add_field(name=f"This channel plays {playing.title}", value=clip(playing.help(), FIELD_LIMIT),
                        inline=False)
    for name, heading in SECTIONS:
        cog = bot.get_cog(name)
        if cog is not None:
            embed.add_field(name=f"The {heading}", value=command_lines(cog), inline=False)
    for rules in RULESETS.values():
        cog = group_cog(bot, rules.group) if rules.group else None
        if cog is not None:
            embed.add_field(name=f"{rules.title} (`/game start ruleset:{rules.key}`)", value=command_lines(cog),
                            inline=False)
    embed.set_footer(text="Only a character's player or a Director acts with it; only a Director deals, "
                          "ends and undoes.")
    return embed


class Help(commands.Cog):
    """/help, shown only to the member who asks."""

    def __init__(self, bot: Director) -> None:
        self.bot = bot

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """How a game runs, and every command (only you see it)."""
        game = await self.bot.db.load_game(interaction.guild_id, interaction.channel_id) \
            if interaction.guild_id is not None else None
        await send(interaction, embed=help_embed(self.bot, RULESETS.get(game.ruleset) if game else None),
                   ephemeral=True)


async def setup(bot: Director) -> None:
    await bot.add_cog(Help(bot))
