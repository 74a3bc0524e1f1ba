"""What the shared action pipeline asks of a game's map (Quick on the Draw's battlefield, the only map yet):
the map before and after a roll, what a decided roll does on it, where those in an action stand for its log,
and the map's embed shown under a roll's card."""

from __future__ import annotations

import asyncio

import discord

from bot.glue.replies import COLOUR, Shown, picture, render_soon, safe
from bot.glue.table import clean_name
from bot.pictures import render_scene, scene_of
from bot.rules.core.ruleset import State
from bot.rules.qotd.battlefield import Area, Battlefield, Obstacle
from bot.rules.qotd.on_the_map import bolt_loose, carry_out_plan, fall_back, falls_short, flee, positions
from bot.rules.qotd.results import Resolution
from bot.rules.qotd.state import QotdState


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


def the_map(state: State) -> Battlefield | None:
    """The game's map: only a game of Quick on the Draw has one, and only once a Director makes it."""
    return state.battlefield if isinstance(state, QotdState) else None


def log_positions(state: State, keys: tuple[str, ...]) -> dict:
    """Where those in an action stand, for its log entry (nothing off a map)."""
    found = positions(state, keys) if the_map(state) else {}
    return {"positions": found} if found else {}


def after_roll(state: State, resolution: Resolution) -> str:
    """What a decided roll does on the map: a planned move carried out, dynamite that fell short landed, those
    whose courage broke fled, those whose result sends them back or to the nearest cover moved, the mount of a
    rider thrown bolted; the words the map's picture then shows ("" for none of them)."""
    if resolution.decision is not None or not isinstance(state, QotdState) or state.battlefield is None:
        return ""
    readings = resolution.readings
    done = (carry_out_plan(state, readings), falls_short(state, resolution.actor, resolution.target, readings),
            flee(state, resolution.actor, readings), fall_back(state, resolution), bolt_loose(state, readings))
    return " ".join(filter(None, done))


async def after_roll_aside(state: State, resolution: Resolution) -> str:
    """:func:`after_roll` in a thread of its own when the game has a map: a search for cover reads hundreds of
    places, and no server's game waits on the event loop meanwhile (the state is this command's alone)."""
    if resolution.decision is not None or the_map(state) is None:
        return ""
    return await asyncio.to_thread(after_roll, state, resolution)


def map_soon(state: State, before: Battlefield | None) -> asyncio.Future[bytes] | None:
    """Start drawing the map if a roll changed it (a shot drawn on it, a token moved), alongside the roll card;
    None when it did not, or while a planned move waits for its roll to be decided."""
    field = the_map(state)
    if field is None or field is before or field.plan is not None:
        return None
    return render_soon(render_scene, scene_of(state))


async def map_after_roll(state: QotdState, drawing: asyncio.Future[bytes] | None, moved: str) -> list[Shown]:
    """The map's embed and picture (from :func:`map_soon`) to show in the roll's reply, under its card: how the
    token moved, or the line of fire; none when the roll did not change the map."""
    if drawing is None:
        return []
    words = moved or f"Line of fire: {state.battlefield.last_shot.words}."
    return [(map_embed(state, words), FILENAME, await picture(drawing))]
