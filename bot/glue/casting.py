"""Casting, as every ruleset's ``cast`` command does it: who plays the character, the ruleset's check of the typed
options, the new character stored and announced (a member a Director cast for asked once to join); and a
character's card as the cast list shows it."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.glue.client import DirectorBot
from bot.glue.errors import UserError
from bot.glue.pings import invitation, invite
from bot.glue.replies import COLOUR, clip, safe, send
from bot.glue.table import Table, clean_name, open_table, quote, slug
from bot.rules.core.ruleset import BoardRow, CastSpec, Phrase, Ruleset, State
from bot.rules.qotd.beasts import ANIMALS
from bot.rules.qotd.dv import ARMOUR, VDV
from bot.rules.qotd.state import Carried, Character, QotdState, Trait, Vehicle, WeaponCondition
from bot.rules.qotd.traits import PERSONALITIES, SKILLS
from bot.rules.qotd.vehicles import KINDS, aboard_text, full_move, vdv_text, vehicle_words
from bot.rules.qotd.weapons import WEAPONS


def cards_text(character: Character) -> str:
    """The character's cards, lost ones struck out and stunned ones in italics."""
    shown = []
    for card in character.cards:
        if card in character.lost:
            shown.append(f"~~{card}~~")
        elif card in character.stunned:
            shown.append(f"*{card}*")
        else:
            shown.append(str(card))
    return " ".join(shown) or "no cards"


def weapon_text(carried: Carried) -> str:
    weapon = WEAPONS[carried.weapon]
    if weapon.range == 0:
        return weapon.name
    if carried.condition is WeaponCondition.READY and weapon.shots:
        return f"{weapon.name} ({carried.loaded}/{weapon.shots})"
    return f"{weapon.name} ({carried.condition.value})"


def trait_text(trait: Trait) -> str:
    """A skill or trait as the book names it, with what it is about (a weapon by its name)."""
    name = SKILLS[trait.key].name
    if not trait.detail:
        return name
    subject = WEAPONS[trait.detail].name if trait.detail in WEAPONS else trait.detail
    return f"{name} ({subject})"


def character_embed(character: Character, owner: str) -> discord.Embed:
    """Everything about one character, as the cast list shows it."""
    kind = ANIMALS[character.animal].name if character.is_beast else character.type.title
    embed = discord.Embed(title=clip(safe(character.name), 256), description=f"{kind} · played by {owner}",
                          colour=COLOUR)
    embed.add_field(name="Cards", value=cards_text(character), inline=False)
    if character.is_beast:
        animal = ANIMALS[character.animal]
        embed.add_field(name="Attack dice", value=str(character.attack_dice))
        embed.add_field(name="Top speed", value=f"{animal.speed_after(character.wounds)} paces")
        embed.add_field(name="Traits", value=", ".join((PERSONALITIES.get(t) or SKILLS[t]).name
                                                       for t in animal.traits) or "none")
    else:
        personality = PERSONALITIES[character.personality]
        embed.add_field(name="Personality", value=f"{personality.name} — {personality.nickname}", inline=False)
        traits = [safe(trait_text(t)) for t in character.traits]
        limit = character.type.row.max_traits
        embed.add_field(name=f"Skills and traits ({len(traits)}/{limit})", value=", ".join(traits) or "none",
                        inline=False)
        embed.add_field(name="Weapons", value=", ".join(weapon_text(w) for w in character.weapons) or "none")
        embed.add_field(name="Armour", value=f"{character.armour} (DV {ARMOUR[character.armour]})"
                                             + (" + shield" if character.shield else ""))
    if character.mount:
        embed.add_field(name="Mount", value=f"{character.mount.kind} ({character.mount.hits}/"
                                            f"{character.mount.stamina} hits)")
    if character.state_words:
        embed.add_field(name="State", value=", ".join(character.state_words), inline=False)
    return embed


async def add_character(bot: DirectorBot, interaction: discord.Interaction, ruleset: str, name: str, type: str,
                        player: discord.Member | None, fields: Mapping[str, str]) -> None:
    """Cast a character in a game of ``ruleset`` (another than Quick on the Draw, whose ``/cast add`` is its
    own): what a ruleset group's ``cast`` command does with its typed options. The ruleset checks the
    ``fields`` (its :attr:`~bot.rules.core.ruleset.Ruleset.cast_options`)."""
    name = clean_name(name)
    async with open_table(bot, interaction, ruleset) as table:
        rules = table.ruleset
        if type not in rules.character_types:
            raise UserError(f"{rules.title} has no type **{quote(type)}**: pick one of "
                            f"{', '.join(f'`{key}`' for key in rules.character_types)}.")
        owner = cast_for(table, player, "character")
        table.require_room(owner)
        character = table.cast_spec(CastSpec(slug(name), name, owner, type, dict(fields)))
        asked = owner != interaction.user.id and invite(table, owner)
        await table.commit("cast", f"{name} is cast as a {rules.character_types[type]}.", {"character": character.key})
        embed = card_embed(rules, table.state, character.key)
    await announce_cast(interaction, table, name, embed, owner, asked)


async def announce_cast(interaction: discord.Interaction, table: Table, name: str, embed: discord.Embed,
                        owner: int, asked: bool) -> None:
    """A new character in the channel; the member a Director cast it for, if ``asked``, asked once to join."""
    content, view = f"**{safe(name)}** joins the cast.", None
    if asked:                                   # they are asked once, and pinged by nobody until they accept
        words, view = invitation(table.game.id, owner)
        content += "\n" + words
    await send(interaction, content=content, embed=embed, view=view)


def row_of(rules: Ruleset, state: State, key: str) -> BoardRow:
    """A character's row of its ruleset's board."""
    return next(row for row in rules.board(state).rows if row.key == key)


def said(word: str | Phrase) -> str:
    """A board's word or phrase as text."""
    return word if isinstance(word, str) else word.text


def row_words(row: BoardRow) -> str:
    """A board row's states, figures and gear in words: "Shock, Hits 2, Peacemaker"."""
    return ", ".join([*map(said, row.words), *(f"{label} {figure}" for label, figure in row.badges),
                      *map(said, row.gear)])


def card_embed(rules: Ruleset, state: State, key: str) -> discord.Embed:
    """One character of a ruleset other than Quick on the Draw, as its board row has it."""
    row = row_of(rules, state, key)
    embed = discord.Embed(title=clip(safe(row.name), 256), colour=COLOUR,
                          description=" · ".join(filter(None, (row.kind, f"played by <@{row.owner}>"))))
    for word in row.words:
        embed.add_field(name="State", value=said(word))
    for label, figure in row.badges:
        embed.add_field(name=label, value=figure)
    if row.gear:
        embed.add_field(name="Kit", value=clip(safe(", ".join(map(said, row.gear))), 1024), inline=False)
    return embed


def cast_for(table: Table, player: discord.Member | None, what: str) -> int:
    """Who plays a new character or vehicle: the user, once joined, or anyone a Director names."""
    owner = player.id if player else table.user_id
    if owner != table.user_id:
        table.require_director(f"cast {what}s for someone else")
        if player.bot:
            raise UserError(f"A bot cannot play a {what}.")
    if owner not in table.state.seats and not table.is_director:
        raise UserError("Join the game first with `/game join`.")
    return owner


def owned(table: Table, name: str) -> Character:
    """A character the user may change: their own, or any for a Director."""
    character = table.character(name)
    table.require_control(character)
    return character


def vehicle_embed(state: QotdState, vehicle: Vehicle, owner: str) -> discord.Embed:
    """Everything about one vehicle: construction and VDV, speed, damage, and who is aboard."""
    kind = KINDS[vehicle.kind]
    embed = discord.Embed(title=clip(safe(vehicle.name), 256), description=f"{kind.name} · played by {owner}",
                          colour=COLOUR)
    embed.add_field(name="Construction", value=vdv_text(vehicle), inline=False)
    embed.add_field(name="Move", value=f"{full_move(vehicle)} paces a turn (a {kind.name.lower()} moves "
                                       f"{kind.move})")
    embed.add_field(name="State", value=", ".join(vehicle_words(vehicle)))
    embed.add_field(name="Team", value=f"{vehicle.team} horse{'s' * (vehicle.team != 1)}" if vehicle.team else "none")
    embed.add_field(name="Aboard", value=clip(safe(aboard_text(state, vehicle)), 1024), inline=False)
    return embed


def vehicle_line(state: QotdState, vehicle: Vehicle) -> str:
    """One vehicle of the cast list."""
    return (f"**{safe(vehicle.name)}** ({KINDS[vehicle.kind].name}, VDV {VDV[vehicle.construction]}, "
            f"<@{vehicle.owner}>): {', '.join(vehicle_words(vehicle))} — {safe(aboard_text(state, vehicle))}")
