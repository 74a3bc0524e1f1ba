"""Campaigns, as the shared commands and every ruleset's roster commands use them: finding a campaign and its
roster characters, an adventure's set, putting a character on the roster and casting it back, Post Action
Rest and Recovery when an adventure ends (see :func:`end_adventure`), and the menus of the new traits
experience teaches, which work after restarts."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import discord
from discord import app_commands

from bot.glue.client import DirectorBot
from bot.glue.consent import pingable
from bot.storage import CampaignRow, GameRow, RosterRow
from bot.glue.errors import NotAllowed, NotFound, UserError, guarded
from bot.glue.replies import COLOUR, clip, pages, describe, fitted, safe, send
from bot.rules.core import serial
from bot.rules.qotd.campaign import (Recovery, Standing, Veteran, after_adventure, at_limit, learn, lessons, may_learn,
                                     missed_adventure, recover)
from bot.rules.qotd.battlefield import Battlefield
from bot.rules.qotd.results import Resolution
from bot.rules.qotd.map_checks import stored_map
from bot.rules.qotd.sets import read_json, terrain_only
from bot.rules.qotd.state import Character, QotdState, Trait
from bot.rules.qotd.traits import PERSONALITIES, SKILLS
from bot.rules.core.ruleset import Cast, CastSpec, Ruleset
from bot.rules.norman.campaign import described as gang_described, homecoming
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import DEAD, NormanState
from bot.glue.table import NAME_LIMIT, Table, clean_name, directs, quote, require_stored, slug

from bot.glue import options
from bot.glue.maps import named
from bot.glue.casting import trait_text


BACK = "back"
"""The swap menu's option to pick another new trait instead."""


def row_id(text: str) -> int | None:
    """The id an autocomplete gave (a number that fits a database id), or None for a typed name."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def veteran(row: RosterRow) -> Veteran:
    """A roster row as the rules engine sees it."""
    return Veteran(serial.from_json(Character, row.data), Standing(row.status), row.cards_less, row.reduced,
                   row.traits_due)


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


async def put_on_roster(bot: DirectorBot, table: Table, target: Cast, data: dict) -> tuple[int, CampaignRow]:
    """Put a character of the adventure on its campaign's roster as ``data`` (any ruleset's JSON of it), logged,
    unless a living one of the roster has its name. Returns its roster id and the campaign."""
    campaign_id = adventure_of(table)
    if any(row.name.casefold() == target.name.casefold() and row.status != Standing.DEAD.value
           for row in await bot.db.roster(campaign_id)):
        raise UserError(f"The roster already has a character called {safe(target.name)}.")
    entry = await table.uow.enrol(target.owner, target.name, data)
    campaign = await bot.db.campaign(table.interaction.guild_id, campaign_id)
    await table.log("enrol", f"{target.name} joins the roster of {campaign.name}.",
                    {"character": target.key, "roster": entry})
    return entry, campaign


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


async def cast_from_roster(bot: DirectorBot, table: Table, text: str,
                           spec: Callable[[dict], tuple[str, dict[str, str]]]) -> tuple[RosterRow, Cast]:
    """Cast a living roster character into the adventure through its ruleset (checked as
    :func:`roster_row_to_cast`); ``spec`` gives its type and cast options from the roster's data. The caller
    commits."""
    row = await roster_row_to_cast(bot, table, text)
    if row.status == Standing.DEAD.value:
        raise UserError(f"{safe(row.name)} is dead: they cannot be cast again.")
    table.require_room(row.owner_id)
    type, options = spec(row.data)
    return row, table.cast_spec(CastSpec(slug(row.name), row.name, row.owner_id, type, options))


async def keep_on_roster(bot: DirectorBot, table: Table, target: Cast, data: dict) -> CampaignRow:
    """Put a character on the roster (:func:`put_on_roster`) that remembers its entry, as its ``roster_id``, to
    carry what the adventure does to it; saved without an undo snapshot: /undo leaves the roster as it is."""
    if target.roster_id:
        raise UserError(f"{safe(target.name)} is on the roster already.")
    target.roster_id, campaign = await put_on_roster(bot, table, target, data)
    table.uow.save(table.state.to_json())
    return campaign


async def amend_on_roster(bot: DirectorBot, interaction: discord.Interaction, text: str, rules: Ruleset,
                          change: Callable[[dict], dict], dead: bool | None) -> tuple[RosterRow, CampaignRow]:
    """A roster character of a campaign of ``rules`` as its Director amends it between games: ``change`` makes its
    new data, ``dead`` (if given) its standing. Stored; returns the row as amended, and its campaign."""
    row = await find_veteran(bot, interaction.guild_id, text)
    campaign = await bot.db.campaign(interaction.guild_id, row.campaign_id)
    if campaign.ruleset != rules.key:
        raise UserError(f"{safe(row.name)} is on the roster of {safe(campaign.name)}, which does not play "
                        f"{rules.title}.")
    await require_campaign_director(bot, interaction, campaign, "amend its roster")
    data = change(row.data)
    status = row.status if dead is None else (Standing.DEAD if dead else Standing.READY).value
    await bot.db.amend_roster(row.id, data, status)
    return dataclasses.replace(row, data=data, status=status), campaign


@dataclass(frozen=True)
class Recovered:
    """One roster character's Post Action Rest and Recovery, and how they stand after it."""

    row: RosterRow
    recovery: Recovery
    after: Veteran


@dataclass(frozen=True)
class Aftermath:
    """The end of an adventure: the campaign, and the outcome for each roster character who took part."""

    campaign: CampaignRow
    outcomes: tuple[Recovered, ...]

    def resolution(self) -> Resolution:
        """Every recovery roll and its consequence, as the game's log keeps rolls."""
        return Resolution("recovery", f"Post Action Rest and Recovery: {self.campaign.name}", actor="",
                          readings=tuple(r for o in self.outcomes for r in o.recovery.readings),
                          changes=tuple(f"{o.row.name}: {consequence(o.recovery, o.after)}" for o in self.outcomes))


async def end_adventure(bot: DirectorBot, table: Table) -> Aftermath:
    """Roll Post Action Rest and Recovery for every roster character who took part, and queue the
    roster's changes to commit with the game's end. Those who missed the adventure come back fully
    recovered for the next one."""
    campaign = await bot.db.campaign(table.interaction.guild_id, adventure_of(table))
    played = {c.roster_id: c for c in table.state.characters.values() if c.roster_id}
    outcomes = []
    for row in await bot.db.roster(campaign.id):
        before = veteran(row)
        character = played.get(row.id)
        if character is None:
            after = missed_adventure(before)
            if after != before:
                table.uow.update_roster(row.id, status=after.standing.value, cards_less=0, reduced=False)
            continue
        recovery = recover(character, table.dice)
        after = after_adventure(before, character, recovery)
        titles = " → ".join(reading.outcome.title for reading in recovery.readings)
        table.uow.update_roster(row.id, data=serial.to_json(after.character), status=after.standing.value,
                                cards_less=after.cards_less, reduced=after.reduced, traits_due=after.traits_due,
                                adventures=row.adventures + 1, notes=[*row.notes, titles])
        outcomes.append(Recovered(row, recovery, after))
    return Aftermath(campaign, tuple(outcomes))


def consequence(recovery: Recovery, after: Veteran) -> str:
    """What a recovery means for the next adventure, in plain words."""
    if after.standing is Standing.DEAD:
        return "Dies: they cannot be cast again."
    words = []
    if recovery.personality:
        words.append(f"Now {PERSONALITIES[recovery.personality].name}.")
    if after.standing is Standing.RESTING and not recovery.sits_out:
        words.append("With one card less they would have none: they miss the next adventure and come back "
                     "fully recovered.")
    elif after.standing is Standing.RESTING:
        words.append("Misses the next adventure, then comes back fully recovered.")
    elif after.cards_less:
        less = "one card less and reduced dice" if after.reduced else "one card less"
        words.append(f"In the next adventure: {less}; or they miss it and come back fully recovered.")
    else:
        words.append("Takes part in the next adventure fully fit.")
    if recovery.new_trait:
        words.append("Picks a new trait from the menu below.")
    return " ".join(words)


async def announce_recovery(interaction: discord.Interaction, content: str, state: QotdState,
                            aftermath: Aftermath, game: GameRow) -> None:
    """The wrap with every recovery roll and its consequence, then a trait menu for each character
    who learnt from the adventure, pinging their player if the adventure may (see :mod:`bot.glue.consent`)."""
    paragraphs = ["\n".join(describe(r, state, True) for r in o.recovery.readings)
                  + f"\n→ {consequence(o.recovery, o.after)}" for o in aftermath.outcomes]
    title = clip(f"Post Action Rest and Recovery — {safe(aftermath.campaign.name)}", 256)
    for i, page in enumerate(pages(paragraphs or ["Nobody from the roster took part in this adventure."])):
        await send(interaction, content=content if i == 0 else "",
                   embed=discord.Embed(title=title, colour=COLOUR, description=page))
    for outcome in aftermath.outcomes:
        if outcome.recovery.new_trait:
            owner = outcome.after.character.owner
            await offer(interaction, outcome.row.id, outcome.after.character, ping=bool(pingable(game, [owner])))


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
    if not row.traits_due:
        raise UserError(f"{safe(row.name)} has no new trait to pick.")
    return row, veteran(row)


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
    if not await interaction.client.db.teach(row.id, serial.to_json(character), row.traits_due):
        raise UserError(f"{safe(row.name)}'s new trait has been picked already.")
    news = f"**{safe(row.name)}** learns {safe(trait_text(lesson))}: {SKILLS[lesson.key].effect}"
    if replacing is not None:
        news += f" It replaces {safe(trait_text(replacing))}."
    more = row.traits_due > 1
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


def kept_line(row: RosterRow, described: Callable[[dict], str]) -> str:
    """One roster entry of Dracula's America (Rank, Weapons, Skills, Lasting Injuries) or of Mackenzie Norman's
    gunfight (kit, skills, notches), as ``described``, and its player; dead or not."""
    name = f"**{safe(row.name)}**"
    if row.status == Standing.DEAD.value:
        return f"~~{name}~~ ({safe(described(row.data))}, <@{row.owner_id}>) — dead"
    return f"{name} ({safe(described(row.data))}, <@{row.owner_id}>)"


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
    """Refuse to end a gunfight of a campaign before its aftermath, while a roster figure is in it: the roster
    keeps what the aftermath gives (docs/rulings.md)."""
    state = table.state
    if table.ruleset is NORMAN and state.turn and not state.over and any(f.roster_id for f in state.characters.values()):
        raise UserError("The roster keeps what the aftermath gives its figures: a Director rolls "
                        "`/gunfight aftermath` before the gunfight ends.")


def gang_home(table: Table) -> list[str]:
    """At a campaign's gunfight's end, each roster figure goes home to the roster as the aftermath left it, dead or
    alive, each gang's unspent Money with it (queued to commit with the game's end). Returns what each keeps."""
    state: NormanState = table.state
    purses = {user: seat.money for user, seat in state.seats.items()}
    lines = []
    for figure, data in homecoming([f for f in state.characters.values() if f.roster_id], purses):
        dead = figure.status == DEAD
        table.uow.update_roster(figure.roster_id, data=data, status=(Standing.DEAD if dead else Standing.READY).value)
        lines.append(f"**{safe(figure.name)}**: {safe(gang_described(data))}" + (" — dead." if dead else "."))
    return lines
