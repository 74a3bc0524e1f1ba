"""Quick on the Draw's autocomplete and its tables read from what was typed: weapons (those the shooter carries
first), skills and traits, personalities, animals, the vehicles of the book and of the game."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.glue.options import matching, named, others_of, pick
from bot.rules.qotd.beasts import ANIMALS
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.state import Character, QotdState
from bot.rules.qotd.traits import EXPERTS, PERSONALITIES, SKILLS
from bot.rules.qotd.vehicles import KINDS
from bot.rules.qotd.weapons import WEAPONS


def weapon(typed: str) -> str:
    """The weapons table's key for a weapon typed as its key or its name in the book."""
    return pick(((w.name, k) for k, w in WEAPONS.items()), typed, "a weapon")


def carried_weapon(typed: str | None) -> str:
    """The key of the weapon a roll names, or what was typed if it names no one weapon (the rules then
    say that the character has no such weapon); empty when none was named."""
    found = named(((w.name, k) for k, w in WEAPONS.items()), typed or "")
    return found[0][1] if len(found) == 1 else typed or ""


def skill(typed: str) -> str:
    return pick(((t.name, k) for k, t in SKILLS.items()), typed, "a skill or trait")


def personality(typed: str) -> str:
    return pick(((t.name, k) for k, t in PERSONALITIES.items()), typed, "a personality")


def animal(typed: str) -> str:
    return pick(((a.name, k) for k, a in ANIMALS.items()), typed, "an animal")


async def vehicles(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Vehicles of this channel's game."""
    return matching(await others_of(interaction), typed)


async def vehicle_kinds(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The vehicles of the book's movement table."""
    return matching(((f"{kind.name} ({kind.move} paces)", key) for key, kind in KINDS.items()), typed)


async def personalities(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((f"{t.name} — {t.nickname}", k) for k, t in PERSONALITIES.items()), typed)


async def skills(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((f"{t.name} — {t.nickname}", k) for k, t in SKILLS.items()), typed)


async def skill_details(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """For an Expert, the book's names (Pistoleer, Rifleman ...) then each weapon; other skills are named freely."""
    if interaction.namespace.skill != "expert":
        return []
    return matching(((_weapon_label(k), k) for k in WEAPONS), typed, first=((name, name) for name in EXPERTS))


async def weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((_weapon_label(k), k) for k in WEAPONS), typed)


async def missile_weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(_missiles(), typed)


async def melee_weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((_weapon_label(k), k) for k, w in WEAPONS.items() if w.range == 0), typed)


async def shooters_weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The missile weapons the shooter (see :func:`shooter_of`) carries; every missile weapon when he is not
    known."""
    shooter = await shooter_of(interaction)
    if shooter is None:
        return await missile_weapons(interaction, typed)
    return matching(_carried_missiles(shooter), typed)


async def shooters_weapons_first(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Every missile weapon, those the shooter (see :func:`shooter_of`) carries first."""
    shooter = await shooter_of(interaction)
    return matching(_missiles(), typed, first=_carried_missiles(shooter) if shooter else ())


async def shooter_of(interaction: discord.Interaction) -> Character | None:
    """In this channel's game of Quick on the Draw, the character named as ``shooter``, else the one whose card is
    up; None when neither is known."""
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id) \
        if interaction.guild_id is not None else None
    if game is None or game.ruleset != QOTD.key:
        return None
    state = QotdState.from_json(game.state)
    stated = (getattr(interaction.namespace, "shooter", None) or "").casefold()
    return next((c for c in state.characters.values() if stated in (c.key, c.name.casefold())), None) \
        if stated else state.acting


def _missiles() -> list[tuple[str, str]]:
    return [(_weapon_label(k), k) for k, w in WEAPONS.items() if w.range > 0]


def _carried_missiles(character: Character) -> list[tuple[str, str]]:
    carried = dict.fromkeys(c.weapon for c in character.weapons if WEAPONS[c.weapon].range > 0)
    return [(_weapon_label(k), k) for k in carried]


def _weapon_label(key: str) -> str:
    weapon = WEAPONS[key]
    if weapon.range:
        return f"{weapon.name} ({weapon.range} paces, {weapon.impact.name.lower()} impact)"
    return f"{weapon.name} ({weapon.reach.name.lower() if weapon.reach else 'close'} reach)"
