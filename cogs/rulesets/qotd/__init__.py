"""Quick on the Draw's extension, one package of its own commands: its rolls (:mod:`.rolls`), the battlefield and
everyone's place on it (:mod:`.battlefield`), its casting verbs in the shared ``/cast`` group (:mod:`.cast`) and its
veterans' new traits (:mod:`.campaign`); with what they read from what was typed (:mod:`.options`) and from the
map (:mod:`.on_the_map`). Its modules import each other, never another extension."""

from __future__ import annotations

from discord.ext import commands

from . import battlefield, campaign, cast, rolls


async def setup(bot: commands.Bot) -> None:
    for part in (rolls, campaign, cast, battlefield):      # the order its extensions loaded in when they were four
        await part.setup(bot)


async def teardown(bot: commands.Bot) -> None:
    """Its verbs out of the shared groups, its menus unheard (its cogs go with the extension)."""
    await cast.teardown(bot)
    await campaign.teardown(bot)
