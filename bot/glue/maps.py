"""What the action pipeline asks of a game's map (Quick on the Draw's battlefield, the only map yet): the map
before and after a roll, what a decided roll does on it, where those in an action stand for its log, the map's
embed shown under a roll's card; and what a shot, a fight or a move reads from it (range, cover, contact, the
route); and the set a campaign's next adventure starts on."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands

from bot.glue import options
from bot.glue.errors import UserError
from bot.glue.replies import COLOUR, Shown, picture, render_soon, safe
from bot.glue.client import DirectorBot
from bot.glue.table import Table, clean_name
from bot.pictures import render_scene
from bot.storage import CampaignRow
from bot.rules.core.ruleset import OnAMap, Ruleset, State
from bot.rules.qotd.battlefield import Area, Battlefield, Cover, Obstacle, Route
from bot.rules.qotd.map_checks import stored_map
from bot.rules.qotd.sets import read_json, terrain_only
from bot.rules.qotd.on_the_map import (bolting, in_contact, mark_shot, placed, plan_on_map, shot_on_map, spread_reach,
                                      spread_to)
from bot.rules.core.results import Resolution
from bot.rules.qotd.state import Condition, QotdState


FILENAME = "map.png"


def map_embed(state: QotdState, words: str) -> discord.Embed:
    """The map's embed: what changed, and how to read the picture."""
    field = state.battlefield
    embed = discord.Embed(title=f"The battlefield: {safe(field.name or 'unnamed set')}", colour=COLOUR,
                          description=words)
    embed.set_footer(text=f"{field.width}×{field.height} paces, squares of {field.step}: place with /place at:C7")
    return embed


def named(field: Battlefield, pieces: list[Area | Obstacle] | None = None) -> Battlefield:
    """The map with its name and its terrain's (or only those of ``pieces``) cleaned as a character's name is:
    refused when one could ping, link, or hide or turn text."""
    if pieces is None:
        field.name = clean_name(field.name, "map's name") if field.name else ""
    for piece in field.areas + field.obstacles if pieces is None else pieces:
        if piece.name:
            kind = piece.ground if isinstance(piece, Area) else piece.barrier
            piece.name = clean_name(piece.name, f"{kind}'s name")
    return field


def the_map(rules: Ruleset, state: State) -> Any | None:
    """The game's map (see :class:`~bot.rules.core.ruleset.OnAMap`); None off one."""
    return rules.field(state) if isinstance(rules, OnAMap) else None


def log_positions(rules: Ruleset, state: State, keys: tuple[str, ...]) -> dict:
    """Where those in an action stand, for its log entry (nothing off a map)."""
    found = rules.positions(state, keys) if the_map(rules, state) is not None else {}
    return {"positions": found} if found else {}


async def after_roll_aside(rules: Ruleset, state: State, resolution: Resolution) -> str:
    """What a decided roll does on the game's map (:meth:`~bot.rules.core.ruleset.OnAMap.after_roll`), in a
    thread of its own: a search for cover reads hundreds of places, and no server's game waits on the event loop
    meanwhile (the state is this command's alone)."""
    if resolution.decision is not None or the_map(rules, state) is None:
        return ""
    return await asyncio.to_thread(rules.after_roll, state, resolution)


def map_soon(rules: Ruleset, state: State, before: Any | None) -> asyncio.Future[bytes] | None:
    """Start drawing the map if a roll changed it (a shot drawn on it, a token moved), alongside the roll card;
    None when it did not, or while a planned move waits for its roll to be decided."""
    field = the_map(rules, state)
    if field is None or field is before or field.plan is not None:
        return None
    return render_soon(render_scene, rules.scene(state))


async def map_after_roll(rules: Ruleset, state: State, drawing: asyncio.Future[bytes] | None, moved: str
                         ) -> list[Shown]:
    """The map's embed and picture (from :func:`map_soon`) to show in the roll's reply, under its card: how the
    token moved, or the line of fire; none when the roll did not change the map."""
    if drawing is None:
        return []
    return [(map_embed(state, moved or rules.shot_words(state)), FILENAME, await picture(drawing))]


async def squares(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Grid squares of the channel's map that start with the last place typed (a column's squares for a letter);
    places typed before it (waypoints) are kept in front."""
    if interaction.guild_id is None:
        return []
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id)
    field = stored_map(game.state.get("battlefield")) if game and game.state.get("battlefield") else None
    if field is None:
        return []
    before, _, last = typed.upper().rpartition(" ")
    letters = [chr(ord("A") + c) for c in range(field.columns)]
    column = last[:1] if last[:1] in letters else "A"
    labels = [f"{column}{row}" for row in range(1, field.rows + 1)]
    lead = f"{before} " if before.strip() else ""
    return [app_commands.Choice(name=lead + label, value=lead + label) for label in labels
            if label.startswith(last)][:options.MAX_CHOICES]


def aim(table: Table, shooter: str, target: str, paces: int | None, cover: Cover | None) -> tuple[int, Cover]:
    """The range and cover of a shot: as typed, else from the map when both stand on it (the shot's line is
    then drawn on it); a target the shooter cannot see is refused with the reason."""
    state = table.state
    if (paces is None or cover is None) and placed(state, shooter) and placed(state, target):
        sight = shot_on_map(state, shooter, target)
        state.battlefield = mark_shot(state, shooter, target, sight)
        return paces or sight.paces, sight.cover if cover is None else cover
    if paces is None:
        raise UserError("Give the range in paces (`paces:`), or put both on the map (`/map set`, `/place`).")
    return paces, cover or Cover.NONE


def lying(table: Table, target: str, typed: bool) -> bool:
    """Whether the target lies prone: as typed, or as their token lies on the map."""
    character = table.state.characters.get(target)
    return typed or (character is not None and placed(table.state, target)
                     and Condition.PRONE in character.conditions)


def spread(table: Table, shooter: str, target: str, weapon: str, fanning: bool, typed: str | None,
           shell: bool = False) -> tuple[str, ...]:
    """Whom extra hits may spread to: those typed, else those within a pace of the target on the map (two of a
    shell's); a shell that is no explosion is refused."""
    spread_reach(table.state, shooter, weapon, shell)
    if typed:
        return tuple(dict.fromkeys(table.characters_named(typed)))
    if placed(table.state, shooter) and placed(table.state, target):
        return spread_to(table.state, shooter, target, weapon, fanning, shell)
    return ()


def opponents_on_map(table: Table, attacker: str, defender: str, typed: int) -> int:
    """How many the attacker fights: as typed, or more when the map shows more in contact; a defender out of
    contact on the map is refused."""
    if placed(table.state, attacker) and placed(table.state, defender) and defender in table.state.characters:
        return max(typed, in_contact(table.state, attacker, defender))
    return typed


def plan_move(table: Table, key: str, to: str) -> Route:
    """The path ``to`` (squares or paces, space-separated waypoints) worked out on the map and kept for the
    roll; refused off the map, through a wall, or beyond what any Wanting to Move result allows."""
    field = require_map(table)
    places = [field.point(word) for word in to.replace(";", " ").split()]
    if not places:
        raise UserError("Say where to: a square such as C7, or paces such as 12,30.")
    return plan_on_map(table.state, key, places)


def move_chart(table: Table, key: str, route: Route) -> tuple[str, bool]:
    """The chart a move on the map tests on, and whether it is in bad going: the going's, or the Random Movement
    chart for a rider whose mount bolts (2475-2476)."""
    return ("random_movement", False) if bolting(table.state, key) else (route.chart, route.bad)


def require_map(table: Table) -> Battlefield:
    if table.state.battlefield is None:
        raise UserError("This game has no map: a Director makes one with `/map new` or `/map set`.")
    return table.state.battlefield


# -- the set of a campaign's next adventure --------------------------------------------------------------------------


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
