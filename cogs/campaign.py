"""Campaigns: a roster of characters that lives across adventures, and Post Action Rest and Recovery
(Reel 6) for everyone who took part when an adventure ends.

An adventure is a game started with ``/game start campaign:``; ``/game end`` in it rolls the
recovery (see :func:`bot.glue.campaigns.end_adventure`), so an adventure can never end without it.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.storage import CampaignExists
from bot.glue.errors import UserError
from bot.glue.replies import COLOUR, DESCRIPTION_LIMIT, clip, safe, send
from bot.rules.core.ruleset import RULESETS, first
from bot.rules.core.ruleset import Campaign as RosterRules
from bot.glue.table import clean_name

from bot.glue import options
from bot.glue.campaigns import enrol, find_campaign, recast, require_campaign_director, roster_choices, roster_line


@app_commands.guild_only()
class Campaign(commands.GroupCog, group_name="campaign",
               group_description="A roster of characters that lives across adventures"):
    """Campaigns: start and end them, put characters on the roster, cast them into the next adventure,
    show the roster, and pick the new traits experience teaches."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start")
    @app_commands.describe(name="The campaign's name", ruleset="The game system its adventures play "
                                                              "(default: Quick on the Draw)")
    @app_commands.autocomplete(ruleset=options.rulesets)
    async def start(self, interaction: discord.Interaction, name: str, ruleset: str | None = None) -> None:
        """Start a campaign on this server, with you as its Director."""
        name = clean_name(name, "campaign name")
        rules = options.ruleset(ruleset) if ruleset is not None else first()
        if any(c.name.casefold() == name.casefold() for c in await self.bot.db.campaigns(interaction.guild_id)):
            raise UserError(f"This server already has a campaign called {safe(name)}.")
        try:
            campaign = await self.bot.db.start_campaign(interaction.guild_id, name, interaction.user.id, rules.key)
        except CampaignExists:
            raise UserError(f"This server already has a campaign called {safe(name)}.") from None
        plays = f"It plays {rules.title}.\n"
        embed = discord.Embed(title=f"The campaign {safe(campaign.name)} begins", colour=COLOUR,
                              description=f"Director: {interaction.user.mention}\n{plays}"
                                          "Its Director starts each adventure in a channel with "
                                          "`/game start campaign:`." + (
                                              " Players put their characters on the roster with `/campaign add`, "
                                              "and cast them again with `/campaign cast`."
                                              if isinstance(rules, RosterRules) else ""))
        await send(interaction, embed=embed)

    @app_commands.command(name="add")
    @app_commands.describe(character="A character of this adventure: yours, or anyone's for a Director")
    @app_commands.autocomplete(character=options.characters)
    async def add(self, interaction: discord.Interaction, character: str) -> None:
        """Put a character of this adventure on its campaign's roster, to carry over to the next ones."""
        await enrol(self.bot, interaction, character)

    @app_commands.command(name="cast")
    @app_commands.describe(character="A character on the roster of this adventure's campaign")
    @app_commands.autocomplete(character=roster_choices)
    async def cast(self, interaction: discord.Interaction, character: str) -> None:
        """Cast a roster character into this adventure, as the last one left them."""
        await recast(self.bot, interaction, character)

    @app_commands.command(name="show")
    @app_commands.describe(campaign="Which campaign (default: this adventure's)")
    @app_commands.autocomplete(campaign=options.campaigns)
    async def show(self, interaction: discord.Interaction, campaign: str | None = None) -> None:
        """The campaign's roster: who is ready, who misses the next adventure, who is dead."""
        if campaign is not None:
            found = await find_campaign(self.bot, interaction.guild_id, campaign)
        else:
            async with self.bot.db.unit(interaction.guild_id, interaction.channel_id) as uow:
                campaign_id = uow.game.campaign_id if uow.game else None
            if campaign_id is None:
                raise UserError("This channel has no adventure under way: name the campaign "
                                "(`/campaign show campaign:`).")
            found = await self.bot.db.campaign(interaction.guild_id, campaign_id)
        roster = await self.bot.db.roster(found.id)
        channel = await self.bot.db.adventure_channel(found.id)
        plays = RULESETS.get(found.ruleset)
        head = [f"Director: <@{found.director_id}>" if found.director_id else "Directed by the server's Directors",
                f"Plays {plays.title if plays else found.ruleset}",
                f"Adventure under way in <#{channel}>" if channel else
                ("The campaign has ended." if found.status == "ended" else "No adventure under way.")]
        if isinstance(plays, RosterRules):
            lines = [roster_line(row, plays) for row in roster] or ["Nobody is on the roster yet: `/campaign add` a "
                                                                    "character."]
        else:
            lines = [f"{plays.title if plays else found.ruleset} keeps no roster: its games carry nobody over."]
        embed = discord.Embed(title=clip(f"{safe(found.name)} — the roster", 256), colour=COLOUR,
                              description=clip("\n".join(head) + "\n\n" + "\n".join(lines), DESCRIPTION_LIMIT))
        await send(interaction, embed=embed)

    @app_commands.command(name="end")
    @app_commands.describe(campaign="The campaign that is over")
    @app_commands.autocomplete(campaign=options.campaigns)
    async def end(self, interaction: discord.Interaction, campaign: str) -> None:
        """End a campaign (its Director only) once no adventure is under way. Its roster stays stored."""
        found = await find_campaign(self.bot, interaction.guild_id, campaign)
        await require_campaign_director(self.bot, interaction, found, "end it")
        channel = await self.bot.db.adventure_channel(found.id)
        if channel is not None:
            raise UserError(f"An adventure of {safe(found.name)} is under way in <#{channel}>: end it with "
                            "`/game end` there first.")
        if not await self.bot.db.end_campaign(found.id):
            raise UserError(f"The campaign {safe(found.name)} has ended already.")
        await send(interaction, content=f"The campaign **{safe(found.name)}** is over. Its roster is kept: "
                                        f"`/campaign show campaign:{found.id}`.")


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Campaign(bot))
