"""Campaigns, as the shared commands and every ruleset's roster commands use them: finding a campaign and its
roster characters, enrolling a character on the roster, casting it back and amending it through its ruleset (see
:class:`~bot.rules.core.ruleset.Campaign`), and the end of a campaign's game (see :func:`end_adventure`: what the
ruleset's roster keeps, and what it shows)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.glue.client import DirectorBot
from bot.glue.consent import pingable
from bot.storage import CampaignRow, GameRow, RosterRow
from bot.glue.errors import NotAllowed, NotFound, UserError
from bot.glue.replies import COLOUR, clip, pages, describe, markdown, safe, send
from bot.rules.core.results import Resolution
from bot.rules.core.ruleset import Enlisted, Homecoming, Ruleset, Standing, State
from bot.rules.core.ruleset import Campaign as RosterRules
from bot.glue.table import Table, directs, open_table, quote, slug

from bot.glue import options
from bot.glue.casting import sheet_embed


def row_id(text: str) -> int | None:
    """The id an autocomplete gave (a number that fits a database id), or None for a typed name."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


async def find_campaign(bot: DirectorBot, guild_id: int, text: str) -> CampaignRow:
    """The server's campaign a user named: by the id autocomplete gives, or an active one by name."""
    number = row_id(text)
    if number is not None and (campaign := await bot.db.campaign(guild_id, number)) is not None:
        return campaign
    wanted = " ".join(text.split()).casefold()
    for campaign in await bot.db.campaigns(guild_id):
        if campaign.name.casefold() == wanted:
            return campaign
    raise NotFound(f"There is no campaign called **{quote(text)}** on this server.")


async def find_veteran(bot: DirectorBot, guild_id: int, text: str, campaign_id: int | None = None) -> RosterRow:
    """The roster character a user named: by the id autocomplete gives, or by name (the living first)
    on the server's active campaigns' rosters, or on ``campaign_id``'s only."""
    number = row_id(text)
    if number is not None and (row := await bot.db.roster_entry(guild_id, number)) is not None:
        return row
    wanted = " ".join(text.split()).casefold()
    named = [n for n in await bot.db.roster_names(guild_id)
             if n.name.casefold() == wanted and campaign_id in (None, n.campaign_id)]
    living = [n for n in named if n.status != Standing.DEAD.value] or named
    if len(living) > 1:
        raise UserError(f"Several roster characters are called **{quote(text)}**: pick one from the list.")
    if not living:
        raise NotFound(f"There is no character called **{quote(text)}** on a roster of this server.")
    return await bot.db.roster_entry(guild_id, living[0].id)


async def may_direct(bot: DirectorBot, interaction: discord.Interaction, campaign: CampaignRow) -> bool:
    """Whether the user directs the campaign: its starter, the server's Director role, or Manage Server."""
    server = await bot.server_settings(interaction.guild_id)
    return directs(interaction.user, campaign.director_id, server)


async def require_campaign_director(bot: DirectorBot, interaction: discord.Interaction, campaign: CampaignRow,
                                    doing: str) -> None:
    """Refuse a user who does not direct the campaign."""
    if not await may_direct(bot, interaction, campaign):
        raise NotAllowed(f"Only a Director of {safe(campaign.name)} can {doing}.")


async def next_adventure_of(bot: DirectorBot, interaction: discord.Interaction, text: str) -> CampaignRow:
    """The campaign whose next adventure the user starts: active, theirs to direct, none under way."""
    campaign = await find_campaign(bot, interaction.guild_id, text)
    if campaign.status != "active":
        raise UserError(f"The campaign {safe(campaign.name)} has ended.")
    await require_campaign_director(bot, interaction, campaign, "start its adventures")
    channel = await bot.db.adventure_channel(campaign.id)
    if channel is not None:
        raise UserError(f"An adventure of {safe(campaign.name)} is under way in <#{channel}>: "
                        "its Director ends it with `/game end` there first.")
    return campaign


def adventure_of(table: Table) -> int:
    """The campaign of the channel's game; refused when the game is not an adventure."""
    if table.game.campaign_id is None:
        raise UserError("This game is not an adventure of a campaign: a Director starts one with "
                        "`/game start campaign:`.")
    return table.game.campaign_id


def enlisted(row: RosterRow) -> Enlisted:
    """A roster row as its campaign's ruleset sees it."""
    return Enlisted(row.id, row.owner_id, row.name, Standing(row.status), row.data)


def roster_of(rules: Ruleset) -> RosterRules:
    """The ruleset as its campaigns' roster (see :class:`~bot.rules.core.ruleset.Campaign`); refused for a ruleset
    whose campaigns keep none."""
    if not isinstance(rules, RosterRules):
        raise UserError(f"{rules.title} keeps no roster: its campaigns carry nobody from one game to the next.")
    return rules


def roster_line(row: RosterRow, rules: RosterRules) -> str:
    """One roster character, as its ruleset describes it, with its player; struck out once dead."""
    who, stands = rules.describe(enlisted(row))
    name = f"**{safe(row.name)}**"
    name = f"~~{name}~~" if row.status == Standing.DEAD.value else name
    return f"{name} ({safe(who)}, <@{row.owner_id}>)" + (f" — {safe(stands)}" if stands else "")


async def roster_row_to_cast(bot: DirectorBot, table: Table, text: str) -> RosterRow:
    """The roster character a user named to cast into the adventure: on its campaign's roster, and theirs to
    play (or any for a Director) once they hold a seat."""
    campaign_id = adventure_of(table)
    row = await find_veteran(bot, table.interaction.guild_id, text, campaign_id)
    if row.campaign_id != campaign_id:
        raise NotFound(f"{safe(row.name)} is not on the roster of this adventure's campaign.")
    if row.owner_id != table.user_id and not table.is_director:
        raise NotAllowed(f"{safe(row.name)} is not yours to play.")
    if row.owner_id not in table.state.seats and not table.is_director:
        raise UserError("Join the game first with `/game join`.")
    return row


async def enrol(bot: DirectorBot, interaction: discord.Interaction, text: str, ruleset: str | None = None) -> None:
    """Put a character of the adventure on its campaign's roster, as its ruleset keeps it, unless a living one of
    the roster has its name; logged, and remembered as the character's ``roster_id`` to carry what the adventure
    does to it. Saved without an undo snapshot: /undo leaves the roster as it is. A ruleset's own command gives
    its ``ruleset``, and is refused in a game of another (see :func:`~bot.glue.table.open_table`)."""
    async with open_table(bot, interaction, ruleset) as table:
        rules = roster_of(table.ruleset)
        campaign_id = adventure_of(table)
        target = table.character(text)
        table.require_control(target)
        if target.roster_id:
            raise UserError(f"{safe(target.name)} is on the roster already.")
        data = rules.enrol(table.state, target.key)
        if any(row.name.casefold() == target.name.casefold() and row.status != Standing.DEAD.value
               for row in await bot.db.roster(campaign_id)):
            raise UserError(f"The roster already has a character called {safe(target.name)}.")
        target.roster_id = await table.uow.enrol(target.owner, target.name, data)
        campaign = await bot.db.campaign(interaction.guild_id, campaign_id)
        await table.log("enrol", f"{target.name} joins the roster of {campaign.name}.",
                        {"character": target.key, "roster": target.roster_id})
        table.uow.save(table.state.to_json())
    await send(interaction, content=f"**{safe(target.name)}** joins the roster of **{safe(campaign.name)}**: "
                                    "`/campaign cast` brings them into its next games.")


async def recast(bot: DirectorBot, interaction: discord.Interaction, text: str, ruleset: str | None = None) -> None:
    """Cast a roster character into the adventure as its ruleset keeps it (checked as :func:`roster_row_to_cast`;
    ``ruleset`` as for :func:`enrol`)."""
    async with open_table(bot, interaction, ruleset) as table:
        rules = roster_of(table.ruleset)
        row = await roster_row_to_cast(bot, table, text)
        if any(c.roster_id == row.id for c in table.state.characters.values()):
            raise UserError(f"{safe(row.name)} is in this adventure already.")
        table.require_room(row.owner_id)
        table.refuse_look_alike(slug(row.name), row.name)
        cast = rules.recast(table.state, enlisted(row), table.dice)
        await table.commit("cast", f"{row.name} is cast from the roster.", {"character": cast.key, "roster": row.id})
        embed = sheet_embed(rules.sheet(table.state, cast.key))
    who, _ = rules.describe(enlisted(row))
    await send(interaction, content=f"**{safe(row.name)}** rides again: {safe(who)}.", embed=embed)


async def amend(bot: DirectorBot, interaction: discord.Interaction, text: str, rules: Ruleset,
                changes: dict[str, Any], dead: bool | None) -> None:
    """A roster character of a campaign of ``rules`` as its Director amends it between games: ``changes`` are the
    ruleset's own (see :meth:`~bot.rules.core.ruleset.Campaign.amend`), ``dead`` (if given) its standing."""
    row = await find_veteran(bot, interaction.guild_id, text)
    campaign = await bot.db.campaign(interaction.guild_id, row.campaign_id)
    if campaign.ruleset != rules.key:
        raise UserError(f"{safe(row.name)} is on the roster of {safe(campaign.name)}, which does not play "
                        f"{rules.title}.")
    await require_campaign_director(bot, interaction, campaign, "amend its roster")
    data = roster_of(rules).amend(enlisted(row), changes)
    status = row.status if dead is None else (Standing.DEAD if dead else Standing.READY).value
    await bot.db.amend_roster(row.id, data, status)
    row = dataclasses.replace(row, data=data, status=status)
    await send(interaction, content=f"The roster of **{safe(campaign.name)}**: {roster_line(row, rules)}.")


@dataclass(frozen=True)
class Aftermath:
    """The end of a campaign's game for its roster: the campaign, and what the roster keeps of each of its
    characters the game changed (see :meth:`~bot.rules.core.ruleset.Campaign.keep`)."""

    campaign: CampaignRow
    rules: RosterRules
    roster: dict[int, RosterRow]
    """The roster before the game's end, by entry."""
    homecomings: tuple[Homecoming, ...]

    def resolution(self) -> Resolution | None:
        """Every roll the homecomings made and what it means, as the game's log keeps rolls (None for no roll)."""
        rolled = [home for home in self.homecomings if home.readings]
        if not rolled:
            return None
        return Resolution("recovery", f"{self.rules.homecoming}: {self.campaign.name}", actor="",
                          readings=tuple(r for home in rolled for r in home.readings),
                          changes=tuple(f"{self.roster[home.entry].name}: {home.outcome}" for home in rolled))


async def end_adventure(bot: DirectorBot, table: Table) -> Aftermath | None:
    """At the end of a campaign's game whose ruleset keeps a roster, what the roster keeps of its characters,
    queued to commit with the game's end; None for a game of no campaign, or of a ruleset with no roster."""
    if table.game.campaign_id is None or not isinstance(table.ruleset, RosterRules):
        return None
    campaign = await bot.db.campaign(table.interaction.guild_id, table.game.campaign_id)
    roster = {row.id: row for row in await bot.db.roster(campaign.id)}
    homecomings = table.ruleset.keep(table.state, [enlisted(row) for row in roster.values()], table.dice)
    for home in homecomings:
        table.uow.update_roster(home.entry, data=home.data, status=home.standing.value)
    return Aftermath(campaign, table.ruleset, roster, tuple(homecomings))


async def announce_homecoming(interaction: discord.Interaction, state: State, aftermath: Aftermath,
                              game: GameRow) -> None:
    """What the game's end made of each roster character (the rolls, if any, and what they mean); then, for each
    character with something to pick, the event ``roster_pick`` (the interaction, the ruleset, the roster row as
    the game's end left it, and whether its player may be pinged; see :mod:`bot.glue.consent`), which the
    ruleset's extension answers with its menu."""
    told = [home for home in aftermath.homecomings if home.outcome]
    paragraphs = [("\n".join(describe(r, state, aftermath.rules) for r in home.readings)
                   + f"\n→ {safe(home.outcome)}")
                  if home.readings else f"**{safe(aftermath.roster[home.entry].name)}**: {safe(home.outcome)}"
                  for home in told]
    title = clip(f"{aftermath.rules.homecoming} — {safe(aftermath.campaign.name)}", 256)
    for page in pages(paragraphs):
        await send(interaction, embed=discord.Embed(title=title, colour=COLOUR, description=page))
    for home in aftermath.homecomings:
        if home.to_pick:
            row = dataclasses.replace(aftermath.roster[home.entry], data=home.data)
            interaction.client.dispatch("roster_pick", interaction, aftermath.rules, row,
                                        bool(pingable(game, [row.owner_id])))


async def roster_choices(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The living characters of the server's campaigns' rosters, the user's own first."""
    if interaction.guild_id is None:
        return []
    rows = [n for n in await interaction.client.db.roster_names(interaction.guild_id)
            if n.status != Standing.DEAD.value]
    mine = [(f"{n.name} ({n.campaign})", str(n.id)) for n in rows if n.owner_id == interaction.user.id]
    others = [(f"{n.name} ({n.campaign})", str(n.id)) for n in rows if n.owner_id != interaction.user.id]
    return options.matching(others, typed, first=mine)


def require_aftermath(table: Table) -> None:
    """Refuse to end a game that its ruleset's roster cannot leave yet (a gunfight before its aftermath, while a
    roster figure is in it; see :meth:`~bot.rules.core.ruleset.Campaign.unfinished`)."""
    if isinstance(table.ruleset, RosterRules) and (why := table.ruleset.unfinished(table.state)):
        raise UserError(markdown(why))
