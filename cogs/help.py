"""/help: how a game runs in a channel, and every command with what it does, to the one who asks."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.glue.replies import COLOUR, FIELD_LIMIT, clip, send
from bot.rules.core.ruleset import RULESETS, Ruleset
from bot.rules.qotd.ruleset import QOTD

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
    "**On a map** (`/map set` a ready set, or `/map new`), `/place` everyone: `/shoot` and `/move to:` then "
    "read the range, the cover and the going from it; a flight, a fall back or a dash for cover moves the token; "
    "a thrown rider's horse bolts, and a Director `/place`s loose mounts.\n"
    "**5.** `/status` shows the cast, `/log recent` what happened; a Director can `/undo`. Games keep for "
    "days: the bot reminds whoever it waits on.")
OTHER_RULESET = (
    "A Director started this game of the ruleset below; players `/game join` and cast with its own `cast` "
    "command. The Director `/deal`s; `/draw` moves play on and pings whoever acts. `/status` shows the cast, "
    "`/log recent` what happened; a Director can `/undo`. Games keep for days: the bot reminds whoever it "
    "waits on.")
SHARED = (("Game", "game"), ("Cast", "cast"), ("Deck", "deck"), ("Status", "status"), ("History", "history"),
          ("Catchup", "catch-up"), ("Campaign", "campaigns"), ("Hands", "hidden hands"), ("FreeRoll", "free roll"))
"""The cogs of every ruleset's commands, each listed under a heading of its own."""
QOTD_ONLY = (("Rolls", "rolls"), ("Map", "battlefield"), ("Places", "places on it"))
"""The cogs of Quick on the Draw's own verbs (with `/cast`'s, which its extension adds to the Cast cog's group)."""


def command_lines(cog: commands.Cog, described: bool = True) -> str:
    """Each of the cog's slash commands with its description (or only their names), in the order they were
    added: a group cog's are its group's, with those a ruleset's extension added to it."""
    commands_of = cog.app_command.walk_commands() if cog.app_command else cog.walk_app_commands()
    names = [(f"`/{command.qualified_name}`", command.description) for command in commands_of
             if isinstance(command, app_commands.Command)]
    if not described:
        return clip(" ".join(name for name, _ in names), FIELD_LIMIT)
    return clip("\n".join(f"{name} {description}" for name, description in names), FIELD_LIMIT)


def group_cog(bot: DirectorBot, group: str) -> commands.Cog | None:
    """The cog of a ruleset's command group, if the bot has loaded it."""
    return next((cog for cog in bot.cogs.values() if getattr(cog, "__cog_group_name__", None) == group), None)


def help_embed(bot: DirectorBot, playing: Ruleset | None = None) -> discord.Embed:
    """How a game runs and the commands of the channel's ruleset (``playing``; none: Quick on the Draw), each
    with what it does; the other rulesets' commands by name only, so that it all fits one message."""
    qotd = playing is None or playing is QOTD
    embed = discord.Embed(title="Director — western skirmish games by chat", colour=COLOUR,
                          description=HOW_A_GAME_RUNS if qotd else OTHER_RULESET)
    if playing is not None:
        embed.add_field(name=f"This channel plays {playing.title}", value=clip(playing.help(), FIELD_LIMIT),
                        inline=False)
    for name, heading in (*SHARED, *QOTD_ONLY) if qotd else SHARED:
        cog = bot.get_cog(name)
        if cog is not None:
            embed.add_field(name=f"The {heading}", value=command_lines(cog), inline=False)
    for rules in RULESETS.values():
        cog = group_cog(bot, rules.group) if rules.group else None
        if cog is not None:
            embed.add_field(name=f"{rules.title} (`/game start ruleset:{rules.key}`)",
                            value=command_lines(cog, described=rules is playing), inline=False)
    if not qotd:
        verbs = " ".join(command_lines(bot.get_cog(name), described=False) for name, _ in QOTD_ONLY
                         if bot.get_cog(name) is not None)
        embed.add_field(name=f"{QOTD.title}'s own", value=clip(verbs, FIELD_LIMIT), inline=False)
    embed.set_footer(text="Only a character's player or a Director acts with it; only a Director deals, "
                          "ends and undoes.")
    return embed


class Help(commands.Cog):
    """/help, shown only to the member who asks."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """How a game runs, and every command (only you see it)."""
        game = await self.bot.db.load_game(interaction.guild_id, interaction.channel_id) \
            if interaction.guild_id is not None else None
        await send(interaction, embed=help_embed(self.bot, RULESETS.get(game.ruleset) if game else None),
                   ephemeral=True)


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Help(bot))
