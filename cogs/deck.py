"""Play moving on, in any ruleset: `/deal` starts a turn, `/draw` moves on to whoever acts next, `/deck` shows the
turn so far (each through the game's ruleset, see :class:`~bot.rules.core.ruleset.Ruleset`)."""

from __future__ import annotations

import functools

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import acknowledge, acknowledge_if_crowded
from bot.glue.client import DirectorBot
from bot.glue.hands import send_step
from bot.glue.replies import COLOUR, DESCRIPTION_LIMIT, TITLE_LIMIT, clip, markdown, render, send
from bot.glue.steps import check_may_step, play
from bot.glue.table import open_table
from bot.pictures import step_picture


@app_commands.guild_only()
class Deck(commands.Cog):
    """Play moving on: dealing a turn, drawing on to whoever acts, and the deck so far."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="deal")
    @app_commands.describe(again="Reshuffle even though cards of this phase are still to come")
    async def deal(self, interaction: discord.Interaction, again: bool = False) -> None:
        """Deal the next phase or turn, as the channel's ruleset deals (Director only)."""
        async with open_table(self.bot, interaction) as table:
            table.require_director("deal")
            step = await play(table, "deal", functools.partial(table.ruleset.deal, again=again))
        await acknowledge_if_crowded(interaction)
        await send_step(interaction, table, step)

    @app_commands.command(name="draw")
    async def draw(self, interaction: discord.Interaction) -> None:
        """Turn the next card: its character acts. A spent pack is shuffled for the next phase.

        The reply shows the cards turned (`/deck` shows the whole phase).
        """
        async with open_table(self.bot, interaction) as table:
            check_may_step(table)
            step = await play(table, "draw", table.ruleset.advance)
        await acknowledge_if_crowded(interaction)
        await send_step(interaction, table, step)

    @app_commands.command(name="deck")
    async def deck(self, interaction: discord.Interaction) -> None:
        """The deck: cards turned this phase, the card up, how many remain, jokers seen."""
        async with open_table(self.bot, interaction) as table:
            state = table.state
        step = table.ruleset.deck(state)
        picture = step_picture(table.ruleset, state, step)
        if picture is not None:
            await acknowledge(interaction)                    # the picture may wait for a busy worker
        await send(interaction, embed=discord.Embed(title=clip(markdown(step.title), TITLE_LIMIT), colour=COLOUR,
                                                    description=clip("\n".join(map(markdown, step.lines)),
                                                                                     DESCRIPTION_LIMIT)),
                   image=await render(picture) if picture is not None else None, filename="deck.png")


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Deck(bot))
