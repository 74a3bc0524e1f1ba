"""Autocomplete shared by the extensions: characters of the channel's game, the server's campaigns, and the
rulebook's tables."""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands

from bot.glue.errors import UserError
from bot.rules.core.ruleset import RULESETS, Ruleset, first
from bot.rules.qotd.beasts import ANIMALS
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.state import QotdState
from bot.rules.qotd.traits import EXPERTS, PERSONALITIES, SKILLS
from bot.rules.qotd.vehicles import KINDS
from bot.rules.qotd.weapons import WEAPONS
from bot.glue.table import quote

MAX_CHOICES = 25


def matching(pairs: Iterable[tuple[str, str]], typed: str) -> list[app_commands.Choice[str]]:
    """Up to 25 (label, value) pairs whose label contains what was typed, those starting with it first."""
    typed = typed.casefold().strip()
    hits = [(label, value) for label, value in pairs if typed in label.casefold()]
    hits.sort(key=lambda lv: (not lv[0].casefold().startswith(typed), lv[0].casefold()))
    return [app_commands.Choice(name=label[:100], value=value[:100]) for label, value in hits[:MAX_CHOICES]]


def named(names: Iterable[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """The (book's name, key) pairs meant by what was typed: the one whose key or name (in any case) it is,
    else every one whose name contains it (``wolf`` finds the dogs up to wolf size)."""
    text = " ".join(typed.casefold().split())
    names = list(names)
    exact = [(name, key) for name, key in names if text in (key, key.replace("_", " "), name.casefold())]
    return exact or [(name, key) for name, key in names if text and text in name.casefold()]


def pick(names: Iterable[tuple[str, str]], typed: str, what: str) -> str:
    """The key of the one entry of a table that what was typed names; several or none: a refusal."""
    found = named(names, typed)
    if len(found) == 1:
        return found[0][1]
    if found:
        listed = "; ".join(f"{name} (`{key}`)" for name, key in found[:MAX_CHOICES])
        raise UserError(f"**{quote(typed)}** could be any of: {listed}. Pick {what} from the list.")
    raise UserError(f"The book has no **{quote(typed)}**. Pick {what} from the list.")


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


async def characters(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Characters of this channel's game, the user's own first."""
    if interaction.guild_id is None:
        return []
    rows = await interaction.client.db.character_names(interaction.guild_id, interaction.channel_id)
    mine = [(name, key) for key, name, owner in rows if owner == interaction.user.id]
    others = [(name, key) for key, name, owner in rows if owner != interaction.user.id]
    return (matching(mine, typed) + matching(others, typed))[:MAX_CHOICES]


async def vehicles(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Vehicles of this channel's game."""
    if interaction.guild_id is None:
        return []
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id)
    found = game.state.get("vehicles", {}) if game else {}
    return matching(((vehicle["name"], key) for key, vehicle in found.items()), typed)


async def targets(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Characters of this channel's game, then its vehicles."""
    return ((await characters(interaction, typed)) + (await vehicles(interaction, typed)))[:MAX_CHOICES]


async def vehicle_kinds(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The vehicles of the book's movement table."""
    return matching(((f"{kind.name} ({kind.move} paces)", key) for key, kind in KINDS.items()), typed)


async def rulesets(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Every ruleset the bot plays, in the order they were registered (Quick on the Draw first)."""
    return matching(((r.title, key) for key, r in RULESETS.items()), typed) if typed else \
        [app_commands.Choice(name=r.title, value=key) for key, r in list(RULESETS.items())[:MAX_CHOICES]]


def ruleset(typed: str) -> Ruleset:
    """The ruleset typed as its key or its title."""
    return RULESETS[pick(((r.title, key) for key, r in RULESETS.items()), typed, "a ruleset")]


async def playing(interaction: discord.Interaction) -> Ruleset:
    """The ruleset of this channel's game (the first registered when it has none, or one the bot does not play)."""
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id) \
        if interaction.guild_id is not None else None
    return RULESETS.get(game.ruleset, first()) if game else first()


async def character_types(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The types of character the channel's ruleset casts."""
    return matching(((title, key) for key, title in (await playing(interaction)).character_types.items()), typed)


async def campaigns(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The server's active campaigns."""
    if interaction.guild_id is None:
        return []
    rows = await interaction.client.db.campaigns(interaction.guild_id)
    return matching(((c.name, str(c.id)) for c in rows), typed)


async def personalities(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((f"{t.name} — {t.nickname}", k) for k, t in PERSONALITIES.items()), typed)


async def skills(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((f"{t.name} — {t.nickname}", k) for k, t in SKILLS.items()), typed)


async def skill_details(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """For an Expert, the book's names (Pistoleer, Rifleman ...) then each weapon; other skills are named freely."""
    if interaction.namespace.skill != "expert":
        return []
    names = matching(((name, name) for name in EXPERTS), typed)
    return (names + matching(((_weapon_label(k), k) for k in WEAPONS), typed))[:MAX_CHOICES]


async def weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((_weapon_label(k), k) for k in WEAPONS), typed)


async def missile_weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((_weapon_label(k), k) for k, w in WEAPONS.items() if w.range > 0), typed)


async def melee_weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((_weapon_label(k), k) for k, w in WEAPONS.items() if w.range == 0), typed)


async def shooters_weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The missile weapons the character named as ``shooter`` carries (else the one whose card is up);
    every missile weapon when neither is known."""
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id) \
        if interaction.guild_id is not None else None
    if game is None or game.ruleset != QOTD.key:
        return await missile_weapons(interaction, typed)
    state = QotdState.from_json(game.state)
    stated = (getattr(interaction.namespace, "shooter", None) or "").casefold()
    shooter = next((c for c in state.characters.values() if stated in (c.key, c.name.casefold())), None) \
        if stated else state.acting
    if shooter is None:
        return await missile_weapons(interaction, typed)
    carried = dict.fromkeys(c.weapon for c in shooter.weapons if WEAPONS[c.weapon].range > 0)
    return matching(((_weapon_label(k), k) for k in carried), typed)


def _weapon_label(key: str) -> str:
    weapon = WEAPONS[key]
    if weapon.range:
        return f"{weapon.name} ({weapon.range} paces, {weapon.impact.name.lower()} impact)"
    return f"{weapon.name} ({weapon.reach.name.lower() if weapon.reach else 'close'} reach)"
