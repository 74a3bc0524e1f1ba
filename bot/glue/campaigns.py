"""Campaigns, as the shared commands and every ruleset's roster commands use them: finding a campaign and its
roster characters, an adventure's set, enrolling a character on the roster, casting it back and amending it,
the end of a campaign's game (see :func:`end_adventure`: what the ruleset's roster keeps, Post Action Rest and
Recovery in Quick on the Draw), and the menus of the new traits experience teaches, which work after restarts."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.glue.client import DirectorBot
from bot.glue.consent import pingable
from bot.storage import CampaignRow, GameRow, RosterRow
from bot.glue.errors import NotAllowed, NotFound, UserError, guarded
from bot.glue.replies import COLOUR, clip, pages, describe, fitted, safe, send
from bot.rules.core.results import Resolution
from bot.rules.core.ruleset import Enlisted, Homecoming, Ruleset, Standing, State
from bot.rules.core.ruleset import Campaign as RosterRules
from bot.rules.qotd.campaign import Veteran, at_limit, kept, learn, lessons, may_learn
from bot.rules.qotd.campaign import veteran as held
from bot.rules.qotd.battlefield import Battlefield
from bot.rules.qotd.map_checks import stored_map
from bot.rules.qotd.sets import read_json, terrain_only
from bot.rules.qotd.state import Character, Trait
from bot.rules.qotd.traits import SKILLS
from bot.glue.table import NAME_LIMIT, Table, clean_name, directs, open_table, quote, require_stored, slug

from bot.glue import options
from bot.glue.maps import named
from bot.glue.casting import sheet_embed
from bot.rules.qotd.sheets import trait_text

BACK = "back"
"""The swap menu's option to pick another new trait instead."""


BACK = "back"
"""The swap menu's option to pick another new trait instead."""


def row_id(text: str) -> int | None:
    """The id an autocomplete gave (a number that fits a database id), or None for a typed name."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def veteran(row: RosterRow) -> Veteran:
    """A roster row of Quick on the Draw as its rules engine sees it."""
    return held(enlisted(row))


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


NO_MAP = "none"
"""``/game start map_name:`` for an adventure with no map."""


async def adventure_set(bot: DirectorBot, guild_id: int, campaign: CampaignRow, chosen: str | None
                        ) -> tuple[Battlefield | None, str]:
    """The map an adventure starts on, and words saying so: the set of the campaign's last adventure, its
    terrain only (see docs/rulings.md), unless the Director chose a map the server keeps, or none."""
    if chosen is not None and chosen.strip().casefold() == NO_MAP:
        return None, ""
    if chosen is not None:
        data = await bot.db.saved_map(guild_id, chosen)
        if data is None:
            raise UserError(f"This server keeps no map called **{safe(chosen[:40])}**: `/map save` keeps one.")
        return named(read_json(data)), f"The set is the map **{safe(chosen[:40])}**: `/map show` shows it."
    last = await bot.db.last_adventure_state(campaign.id)
    if not last or not last.get("battlefield"):
        return None, ""
    stored = stored_map(last["battlefield"])
    if stored is None:
        return None, ""
    field = terrain_only(stored)
    return field, (f"The set is the last adventure's{': ' + safe(field.name) if field.name else ''}, with no one on "
                   "it yet (`/map show`; `/game start map_name:` chooses another).")


async def adventure_sets(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The maps the server keeps, and none."""
    names = await interaction.client.db.map_names(interaction.guild_id) if interaction.guild_id else []
    return options.matching(((name, name) for name in [NO_MAP, *names]), typed)


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


async def enrol(bot: DirectorBot, interaction: discord.Interaction, text: str) -> None:
    """Put a character of the adventure on its campaign's roster, as its ruleset keeps it, unless a living one of
    the roster has its name; logged, and remembered as the character's ``roster_id`` to carry what the adventure
    does to it. Saved without an undo snapshot: /undo leaves the roster as it is."""
    async with open_table(bot, interaction) as table:
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


async def recast(bot: DirectorBot, interaction: discord.Interaction, text: str) -> None:
    """Cast a roster character into the adventure as its ruleset keeps it (checked as :func:`roster_row_to_cast`)."""
    async with open_table(bot, interaction) as table:
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
    """What the game's end made of each roster character (the rolls, if any, and what they mean), then a trait menu
    for each character with one to pick, pinging their player if the game may (see :mod:`bot.glue.consent`)."""
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
            owner = aftermath.roster[home.entry].owner_id
            character = veteran(dataclasses.replace(aftermath.roster[home.entry], data=home.data)).character
            await offer(interaction, home.entry, character, ping=bool(pingable(game, [owner])))


def lesson_value(trait: Trait) -> str:
    """A trait as a menu option's value: its key, and its detail after a colon."""
    return f"{trait.key}:{trait.detail}" if trait.detail else trait.key


def lesson_of(value: str) -> Trait:
    key, _, detail = value.partition(":")
    return Trait(key, detail)


def trait_view(entry_id: int, character: Character) -> discord.ui.View:
    """The menu of new traits the character may learn."""
    choices = [discord.SelectOption(label=clip(f"{trait_text(t)} — {SKILLS[t.key].nickname}", 100),
                                    value=lesson_value(t), description=clip(SKILLS[t.key].effect, 100))
               for t in lessons(character)]
    view = discord.ui.View(timeout=None)
    view.add_item(TraitMenu(entry_id, choices))
    return view


def swap_view(entry_id: int, lesson: Trait, character: Character) -> discord.ui.View:
    """The menu of the character's skills and traits, one of which the new trait replaces."""
    choices = [discord.SelectOption(label=clip(trait_text(t), 100), value=lesson_value(t))
               for t in character.traits]
    choices.append(discord.SelectOption(label="Pick another new trait instead", value=BACK))
    view = discord.ui.View(timeout=None)
    view.add_item(SwapMenu(entry_id, lesson, choices))
    return view


def prompt(name: str) -> str:
    return f"**{safe(name)}** learnt from the adventure: pick a new trait."


async def offer(interaction: discord.Interaction, entry_id: int, character: Character, ping: bool) -> None:
    """Post the trait menu for a roster character, pinging their player if asked."""
    owner = [character.owner] if ping else []
    await send(interaction, content=(f"<@{character.owner}>, " if ping else "") + prompt(character.name),
               view=trait_view(entry_id, character), ping=owner)


async def pupil(interaction: discord.Interaction, entry_id: int) -> tuple[RosterRow, Veteran]:
    """The roster character whose new trait is picked, by their player or a Director of the campaign."""
    row = await interaction.client.db.roster_entry(interaction.guild_id, require_stored(entry_id))
    if row is None:
        raise NotFound("That character is not on a roster of this server.")
    campaign = await interaction.client.db.campaign(interaction.guild_id, row.campaign_id)
    if row.owner_id != interaction.user.id and not await may_direct(interaction.client, interaction, campaign):
        raise NotAllowed(f"Only {safe(row.name)}'s player or a Director can pick {safe(row.name)}'s new trait.")
    pupil = veteran(row)
    if not pupil.traits_due:
        raise UserError(f"{safe(row.name)} has no new trait to pick.")
    return row, pupil


async def teach(interaction: discord.Interaction, entry_id: int, lesson: Trait,
            replacing: Trait | None = None) -> None:
    """A new trait picked from a menu: ask for the skill, or which trait it replaces, if need be; then
    store it and turn the menu into the news."""
    row, vet = await pupil(interaction, entry_id)
    character = vet.character
    if lesson.key == "good_in" and not lesson.detail:
        await interaction.response.send_modal(SkillForm(entry_id))
        return
    if lesson.key == "good_in":
        lesson = Trait(lesson.key, clean_name(lesson.detail, "skill"))
    if not may_learn(character, lesson):
        raise UserError(f"{safe(row.name)} cannot learn {safe(trait_text(lesson))}: it is not on offer.")
    if at_limit(character) and replacing is None:
        limit = character.type.row.max_traits
        await interaction.response.edit_message(**fitted(
            f"**{safe(row.name)}** has a {character.type.title}'s most skills and traits ({limit}): "
            f"pick the one {safe(trait_text(lesson))} replaces.", view=swap_view(entry_id, lesson, character),
            edit=True))
        return
    learn(character, lesson, replacing)
    taught = dataclasses.replace(vet, character=character, traits_due=vet.traits_due - 1)
    if not await interaction.client.db.replace_roster_data(row.id, row.data, kept(taught)):
        raise UserError(f"{safe(row.name)}'s new trait has been picked already.")
    news = f"**{safe(row.name)}** learns {safe(trait_text(lesson))}: {SKILLS[lesson.key].effect}"
    if replacing is not None:
        news += f" It replaces {safe(trait_text(replacing))}."
    more = taught.traits_due > 0
    await interaction.response.edit_message(**fitted(news + ("\n" + prompt(row.name) if more else ""),
                                                   view=trait_view(entry_id, character) if more else None,
                                                   edit=True))


async def reoffer(interaction: discord.Interaction, entry_id: int) -> None:
    """Back from the swap menu to the menu of new traits."""
    row, vet = await pupil(interaction, entry_id)
    await interaction.response.edit_message(**fitted(prompt(row.name), view=trait_view(entry_id, vet.character),
                                                   edit=True))


class TraitMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"learn:(?P<entry>\d+)"):
    """The new traits a roster character may learn; only their player or a Director picks. Works after restarts."""

    def __init__(self, entry: int, choices: list[discord.SelectOption]) -> None:
        super().__init__(discord.ui.Select(custom_id=f"learn:{entry}", placeholder="Pick a new trait",
                                           options=choices))
        self.entry = entry

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match) -> TraitMenu:
        return cls(int(match["entry"]), item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, teach(interaction, self.entry, lesson_of(self.item.values[0])))


class SwapMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"swap:(?P<entry>\d+):(?P<lesson>.+)"):
    """At their type's most skills and traits: which of theirs the new trait replaces. Works after restarts."""

    def __init__(self, entry: int, lesson: Trait, choices: list[discord.SelectOption]) -> None:
        super().__init__(discord.ui.Select(custom_id=f"swap:{entry}:{lesson_value(lesson)}",
                                           placeholder=clip(f"{trait_text(lesson)} replaces ...", 150),
                                           options=choices))
        self.entry, self.lesson = entry, lesson

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match) -> SwapMenu:
        return cls(int(match["entry"]), lesson_of(match["lesson"]), item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        choice = self.item.values[0]
        work = (reoffer(interaction, self.entry) if choice == BACK
                else teach(interaction, self.entry, self.lesson, lesson_of(choice)))
        await guarded(interaction, work)


class SkillForm(discord.ui.Modal, title="Good in a particular skill"):
    """Asks which skill a character became good in."""

    skill = discord.ui.TextInput(label="Which skill?", custom_id="skill", placeholder="riding, tracking, poker ...",
                                 max_length=NAME_LIMIT)

    def __init__(self, entry: int) -> None:
        super().__init__()
        self.entry = entry

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, teach(interaction, self.entry, Trait("good_in", self.skill.value)))


async def roster_choices(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The living characters of the server's campaigns' rosters, the user's own first."""
    if interaction.guild_id is None:
        return []
    rows = [n for n in await interaction.client.db.roster_names(interaction.guild_id)
            if n.status != Standing.DEAD.value]
    mine = [(f"{n.name} ({n.campaign})", str(n.id)) for n in rows if n.owner_id == interaction.user.id]
    others = [(f"{n.name} ({n.campaign})", str(n.id)) for n in rows if n.owner_id != interaction.user.id]
    return (options.matching(mine, typed) + options.matching(others, typed))[:options.MAX_CHOICES]


def require_aftermath(table: Table) -> None:
    """Refuse to end a game that its ruleset's roster cannot leave yet (a gunfight before its aftermath, while a
    roster figure is in it; see :meth:`~bot.rules.core.ruleset.Campaign.unfinished`)."""
    if isinstance(table.ruleset, RosterRules) and (why := table.ruleset.unfinished(table.state)):
        raise UserError(why)
