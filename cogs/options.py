"""Autocomplete shared by the extensions: characters of the channel's game, the server's campaigns, and the
rulebook's tables."""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands

from bot.rules.qotd.traits import PERSONALITIES, SKILLS
from bot.rules.qotd.weapons import WEAPONS

MAX_CHOICES = 25


def matching(pairs: Iterable[tuple[str, str]], typed: str) -> list[app_commands.Choice[str]]:
    """Up to 25 (label, value) pairs whose label contains what was typed, those starting with it first."""
    typed = typed.casefold().strip()
    hits = [(label, value) for label, value in pairs if typed in label.casefold()]
    hits.sort(key=lambda lv: (not lv[0].casefold().startswith(typed), lv[0].casefold()))
    return [app_commands.Choice(name=label[:100], value=value[:100]) for label, value in hits[:MAX_CHOICES]]


async def characters(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Characters of this channel's game, the user's own first."""
    if interaction.guild_id is None:
        return []
    rows = await interaction.client.db.character_names(interaction.guild_id, interaction.channel_id)
    mine = [(name, key) for key, name, owner in rows if owner == interaction.user.id]
    others = [(name, key) for key, name, owner in rows if owner != interaction.user.id]
    return (matching(mine, typed) + matching(others, typed))[:MAX_CHOICES]


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


async def weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((_weapon_label(k), k) for k in WEAPONS), typed)


async def missile_weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((_weapon_label(k), k) for k, w in WEAPONS.items() if w.range > 0), typed)


async def melee_weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return matching(((_weapon_label(k), k) for k, w in WEAPONS.items() if w.range == 0), typed)


def _weapon_label(key: str) -> str:
    weapon = WEAPONS[key]
    if weapon.range:
        return f"{weapon.name} ({weapon.range} paces, {weapon.impact.name.lower()} impact)"
    return f"{weapon.name} ({weapon.reach.name.lower() if weapon.reach else 'close'} reach)"
