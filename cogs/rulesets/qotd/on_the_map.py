"""What Quick on the Draw's commands read from the battlefield (through :mod:`bot.rules.qotd.on_the_map`): the
range and cover of a shot, whom its extra hits spread to, how many a fighter faces, a move's route and chart, the
squares to type; and the map's names checked as a player's are."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.glue.errors import UserError
from bot.glue.options import MAX_CHOICES
from bot.glue.table import Table, clean_name
from bot.rules.qotd.battlefield import Area, Battlefield, Cover, Obstacle, Route
from bot.rules.qotd.map_checks import stored_map
from bot.rules.qotd.on_the_map import (bolting, in_contact, mark_shot, placed, plan_on_map, shot_on_map, spread_reach,
                                      spread_to)
from bot.rules.qotd.sets import renamed
from bot.rules.qotd.state import Condition


def named(field: Battlefield, pieces: list[Area | Obstacle] | None = None) -> Battlefield:
    """The map with its name and its terrain's (or only those of ``pieces``) cleaned as a character's name is:
    refused when one could ping, link, or hide or turn text."""
    return renamed(field, clean_name, pieces)


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
            if label.startswith(last)][:MAX_CHOICES]


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
