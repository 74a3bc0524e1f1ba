"""Quick on the Draw's campaigns, past what every ruleset's roster does (bot/glue/campaigns.py): Experience is a great
Teacher! (Reel 6). A veteran who learnt from an adventure picks a new trait from a menu, posted when the adventure
ends (the ``roster_pick`` event) or again with ``/campaign learn``, a subcommand the extension adds to the shared
``/campaign`` group when it loads. The menus work after restarts."""

from __future__ import annotations

import dataclasses

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.campaigns import enlisted, find_veteran, may_direct, roster_choices
from bot.glue.consent import pingable
from bot.glue.errors import NotAllowed, NotFound, UserError, guarded
from bot.glue.replies import clip, fitted, safe, send
from bot.glue.table import NAME_LIMIT, clean_name, require_stored
from bot.rules.core.ruleset import Ruleset
from bot.rules.qotd.campaign import Veteran, at_limit, kept, learn, lessons, may_learn
from bot.rules.qotd.campaign import veteran as held
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.sheets import trait_text
from bot.rules.qotd.state import Character, Trait
from bot.rules.qotd.traits import SKILLS
from bot.storage import RosterRow

BACK = "back"
"""The swap menu's option to pick another new trait instead."""


def veteran(row: RosterRow) -> Veteran:
    """A roster row of Quick on the Draw as its rules engine sees it."""
    return held(enlisted(row))


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


class QotdCampaign(app_commands.Group):
    """Quick on the Draw's verb of ``/campaign``: made for each bot that loads this extension, then handed to its
    ``/campaign`` group."""

    @app_commands.command(name="learn")
    @app_commands.describe(character="A roster character with a new trait to pick")
    @app_commands.autocomplete(character=roster_choices)
    async def learn(self, interaction: discord.Interaction, character: str) -> None:
        """Show the menu of new traits again for a roster character who learnt from an adventure."""
        row = await find_veteran(interaction.client, interaction.guild_id, character)
        await pupil(interaction, row.id)
        game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id)
        asked_for = row.owner_id != interaction.user.id and game is not None
        await offer(interaction, row.id, veteran(row).character,
                    ping=asked_for and bool(pingable(game, [row.owner_id])))


class Lessons(commands.Cog):
    """The trait menus posted when an adventure of Quick on the Draw ends."""

    @commands.Cog.listener()
    async def on_roster_pick(self, interaction: discord.Interaction, rules: Ruleset, row: RosterRow,
                             ping: bool) -> None:
        """A veteran the adventure's end taught a new trait: its menu, pinging their player if the game may."""
        if rules is QOTD:
            await offer(interaction, row.id, veteran(row).character, ping=ping)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(TraitMenu, SwapMenu)
    bot.tree.lend("campaign", QotdCampaign())
    await bot.add_cog(Lessons())


async def teardown(bot: commands.Bot) -> None:
    bot.tree.take_back("campaign", QotdCampaign())
    bot.remove_dynamic_items(TraitMenu, SwapMenu)
