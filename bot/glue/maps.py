"""What the action pipeline asks of a game's map, through the ruleset's :class:`~bot.rules.core.ruleset.OnAMap`: the
map before and after a roll, what a decided roll does on it, where those in an action stand for its log, the map's
embed shown under a roll's card; and the set a campaign's next adventure starts on."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands

from bot.glue import options
from bot.glue.errors import UserError
from bot.glue.replies import COLOUR, Shown, picture, render_soon, safe
from bot.glue.client import DirectorBot
from bot.glue.table import clean_name
from bot.pictures import render_scene
from bot.storage import CampaignRow
from bot.rules.core.ruleset import OnAMap, Ruleset, State
from bot.rules.core.results import Resolution


FILENAME = "map.png"


def map_embed(rules: OnAMap, field: Any, words: str) -> discord.Embed:
    """The map's embed: what changed, and how to read the picture."""
    name, legend = rules.legend(field)
    embed = discord.Embed(title=f"The battlefield: {safe(name or 'unnamed set')}", colour=COLOUR,
                          description=words)
    embed.set_footer(text=str(legend))
    return embed


def the_map(rules: Ruleset, state: State) -> Any | None:
    """The game's map (see :class:`~bot.rules.core.ruleset.OnAMap`); None off one."""
    return rules.field(state) if isinstance(rules, OnAMap) else None


def log_positions(rules: Ruleset, state: State, keys: tuple[str, ...]) -> dict:
    """Where those in an action stand, for its log entry (nothing off a map)."""
    found = rules.positions(state, keys) if the_map(rules, state) is not None else {}
    return {"positions": found} if found else {}


async def after_roll_aside(rules: Ruleset, state: State, resolution: Resolution) -> str:
    """What a decided roll does on the game's map (:meth:`~bot.rules.core.ruleset.OnAMap.after_roll`), in a
    thread of its own when it may move anything: a search for cover reads hundreds of places, and no server's game
    waits on the event loop meanwhile (the state is this command's alone)."""
    if the_map(rules, state) is None or not rules.moves_after(state, resolution):
        return ""
    return await asyncio.to_thread(rules.after_roll, state, resolution)


def map_soon(rules: Ruleset, state: State, before: Any | None) -> asyncio.Future[bytes] | None:
    """Start drawing the map if a roll changed it (a shot drawn on it, a token moved), alongside the roll card;
    None when it did not, or while a planned move waits for its roll to be decided."""
    field = the_map(rules, state)
    if field is None or field is before or rules.planned(state):
        return None
    return render_soon(render_scene, rules.scene(state))


async def map_after_roll(rules: Ruleset, state: State, drawing: asyncio.Future[bytes] | None, moved: str
                         ) -> list[Shown]:
    """The map's embed and picture (from :func:`map_soon`) to show in the roll's reply, under its card: how the
    token moved, or the line of fire; none when the roll did not change the map."""
    if drawing is None:
        return []
    embed = map_embed(rules, rules.field(state), moved or rules.shot_words(state))
    return [(embed, FILENAME, await picture(drawing))]


# -- the set of a campaign's next adventure --------------------------------------------------------------------------


NO_MAP = "none"
"""``/game start map_name:`` for an adventure with no map."""


async def adventure_set(bot: DirectorBot, guild_id: int, rules: Ruleset, campaign: CampaignRow, chosen: str | None
                        ) -> tuple[Any | None, str]:
    """The map an adventure of ``rules`` (a ruleset played on a map) starts on, and words saying so: the set of the
    campaign's last adventure (:meth:`~bot.rules.core.ruleset.OnAMap.next_set`), unless the Director chose a map the
    server keeps, or none."""
    if chosen is not None and chosen.strip().casefold() == NO_MAP:
        return None, ""
    if chosen is not None:
        data = await bot.db.saved_map(guild_id, chosen)
        if data is None:
            raise UserError(f"This server keeps no map called **{safe(chosen[:40])}**: `/map save` keeps one.")
        return rules.read_map(data, clean_name), f"The set is the map **{safe(chosen[:40])}**: `/map show` shows it."
    last = await bot.db.last_adventure_state(campaign.id)
    field = rules.next_set(rules.load(last)) if last else None
    if field is None:
        return None, ""
    name, _ = rules.legend(field)
    return field, (f"The set is the last adventure's{': ' + safe(name) if name else ''}, with no one on "
                   "it yet (`/map show`; `/game start map_name:` chooses another).")


async def adventure_sets(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The maps the server keeps, and none."""
    names = await interaction.client.db.map_names(interaction.guild_id) if interaction.guild_id else []
    return options.matching(((name, name) for name in [NO_MAP, *names]), typed)
