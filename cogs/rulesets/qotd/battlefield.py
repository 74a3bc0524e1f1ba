"""The battlefield: a map of the set for the channel's game (a Director makes it), everyone's place on it, and
its picture. Moves and shots read it (:mod:`.rolls`, through :mod:`.on_the_map`)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import acknowledge
from bot.glue.client import DirectorBot
from bot.glue.errors import UserError
from bot.pictures import render_scene
from bot.glue.replies import picture, render_soon, safe, send
from bot.rules.core import serial
from bot.rules.qotd.battlefield import Battlefield, Token
from bot.rules.qotd.beasts import MOUNT_STAMINA
from bot.rules.qotd.on_the_map import loose_mount, loose_names
from bot.rules.qotd.sets import MAX_TEXT, read_any, ready, terrain_only, with_line
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.state import Condition, QotdState, Mount
from bot.glue.table import Table, clean_name, open_table

from bot.glue.maps import FILENAME, map_embed
from bot.glue.options import cast_of, matching, others_of

from .on_the_map import named, require_map, squares

FACINGS = {"north": 0, "north-east": 45, "east": 90, "south-east": 135, "south": 180, "south-west": 225,
           "west": 270, "north-west": 315}
SETS = Literal["main_street", "ranch", "canyon", "prairie"]


async def show(interaction: discord.Interaction, state: QotdState, words: str) -> None:
    """Reply with the map's picture and ``words``; acknowledged while it is drawn (a map drawn for too long
    is given up at its worker's deadline, past Discord's patience: ruling 461)."""
    drawing = render_soon(render_scene, QOTD.scene(state))
    await acknowledge(interaction)
    await send(interaction, embed=map_embed(QOTD, state.battlefield, words), image=await picture(drawing),
               filename=FILENAME)


def keep_tokens(table: Table, new: Battlefield) -> Battlefield:
    """The new set with the game's tokens on it, refused when one would stand off it."""
    old = table.state.battlefield
    for token in (old.tokens.values() if old else ()):
        if not (0 <= token.at[0] <= new.width and 0 <= token.at[1] <= new.height):
            raise UserError(f"{safe(token_name(table.state, token.key))} stands at {token.at[0]:g},{token.at[1]:g}, "
                            f"off a {new.width}×{new.height} map: move them first.")
        new.tokens[token.key] = token
    return new


def token_name(state: QotdState, key: str) -> str:
    if key in state.characters:
        return state.characters[key].name
    return state.vehicles[key].name if key in state.vehicles else key


async def saved_maps(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The maps the server keeps."""
    if interaction.guild_id is None:
        return []
    names = await interaction.client.db.map_names(interaction.guild_id)
    return matching(((name, name) for name in names), typed)



@app_commands.guild_only()
class Map(commands.GroupCog, group_name="map", group_description="The battlefield: a map of the set"):
    """The map of the channel's game: made, changed, saved and loaded by a Director, shown to everyone."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        super().__init__()

    async def change(self, interaction: discord.Interaction, make, words: str) -> None:
        """A Director's change of the map: ``make(table)`` returns the new map; stored, logged and shown."""
        async with open_table(self.bot, interaction, QOTD.key) as table:
            table.require_director("change the map")
            table.state.battlefield = make(table)
            await table.commit("map", words)
        await show(interaction, table.state, words)

    @app_commands.command(name="new")
    @app_commands.describe(width="Paces across (east)", height="Paces down (south)", name="The set's name")
    async def new(self, interaction: discord.Interaction, width: app_commands.Range[int, 10, 200] = 60,
                  height: app_commands.Range[int, 10, 200] = 40, name: str | None = None) -> None:
        """Make a bare map for this game (the tokens on a map already made stay where they are)."""
        title = clean_name(name, "map's name") if name else ""
        await self.change(interaction, lambda table: keep_tokens(table, Battlefield(width, height, title)),
                          f"A bare {width}×{height} pace set{': ' + safe(title) if title else ''}.")

    @app_commands.command(name="set")
    @app_commands.describe(ready_set="A ready set: Main Street, a ranch, a canyon or open prairie")
    async def set(self, interaction: discord.Interaction, ready_set: SETS) -> None:
        """Start the map from a ready set."""
        await self.change(interaction, lambda table: keep_tokens(table, ready(ready_set)),
                          f"The ready set {ready(ready_set).name}.")

    @app_commands.command(name="show")
    async def show_map(self, interaction: discord.Interaction) -> None:
        """Show the map with everyone on it."""
        async with open_table(self.bot, interaction, QOTD.key) as table:
            if table.state.battlefield is None:
                raise UserError("This game has no map: a Director makes one with `/map new` or `/map set`.")
        await show(interaction, table.state, f"{len(table.state.battlefield.tokens)} on the map.")

    @app_commands.command(name="terrain")
    @app_commands.describe(line='One line of the map format, e.g. `building 2,3 14x10 "Saloon" door 9,13` or '
                                '`fence 0,26 16,26`')
    async def terrain(self, interaction: discord.Interaction, line: app_commands.Range[str, 1, 300]) -> None:
        """Add a piece of terrain, written as a line of the map format (see the README)."""
        def make(table: Table) -> Battlefield:
            field = require_map(table)
            new = with_line(field, line)
            return named(new, [*new.areas[len(field.areas):], *new.obstacles[len(field.obstacles):]])
        await self.change(interaction, make, f"Added: {safe(line[:200])}.")

    @app_commands.command(name="save")
    @app_commands.describe(name="The name the server keeps it under (saving again replaces it)")
    async def save(self, interaction: discord.Interaction, name: str) -> None:
        """Keep this game's map on the server, to load in another game."""
        title = clean_name(name, "map's name")
        async with open_table(self.bot, interaction, QOTD.key) as table:
            table.require_director("save the map")
            data = serial.to_json(terrain_only(require_map(table)))
        replaced = await self.bot.db.save_map(interaction.guild_id, title, data, interaction.user.id)
        await send(interaction, content=f"The map is kept as **{safe(title)}**"
                                        f"{' (replacing the one of that name)' if replaced else ''}: "
                                        "`/map load` puts it in any game of this server.")

    @app_commands.command(name="load")
    @app_commands.describe(name="A map the server keeps")
    @app_commands.autocomplete(name=saved_maps)
    async def load(self, interaction: discord.Interaction, name: str) -> None:
        """Load a map the server keeps into this game (the tokens stay where they are)."""
        data = await self.bot.db.saved_map(interaction.guild_id, name)
        if data is None:
            raise UserError(f"This server keeps no map called **{safe(name[:40])}**: `/map save` keeps one.")
        field = QOTD.read_map(data, clean_name)
        await self.change(interaction, lambda table: keep_tokens(table, field),
                          f"The map **{safe(name[:40])}**, as the server keeps it.")

    @app_commands.command(name="upload")
    @app_commands.describe(file="A map as text (see the README) or as JSON")
    async def upload(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        """Load a map written as a text or JSON file."""
        if file.size > MAX_TEXT:
            raise UserError(f"A map file is at most {MAX_TEXT:,} bytes.")
        try:
            text = (await file.read()).decode("utf-8")
        except (UnicodeDecodeError, discord.HTTPException):
            raise UserError("That file could not be read as UTF-8 text.") from None
        field = named(read_any(text))
        await self.change(interaction, lambda table: keep_tokens(table, field),
                          f"The map from {safe(file.filename[:60])}.")


def place_whom(table: Table, who: str, mount: str | None) -> tuple[str, str, str]:
    """The key, name and kind of token of the one ``/place`` names: a loose mount (a Director's to place; a new
    riderless one with ``mount``), or a character or vehicle its player or a Director places."""
    state = table.state
    loose = loose_mount(state, who)
    if mount is not None and loose is None:
        table.require_director("put a riderless mount on the map")
        name = clean_name(who, "mount's name")
        if any(name.casefold() == piece.name.casefold() for piece in (*state.characters.values(),
                                                                       *state.vehicles.values())):
            raise UserError(f"**{safe(name)}** is the name of one in the game: name the mount otherwise.")
        state.loose_mounts[name] = Mount(mount, MOUNT_STAMINA[mount])
        loose = name
    elif mount is not None:
        raise UserError(f"**{safe(loose)}** is already a loose mount: leave out mount: to place it.")
    if loose is not None:
        table.require_director("place a loose mount")
        return loose, loose, "mount"
    key = table.target(who)
    piece = state.characters.get(key) or state.vehicles[key]
    table.require_control(piece)
    return key, piece.name, "vehicle" if key in state.vehicles else "beast" if piece.is_beast else "character"


def require_setting_up(state: QotdState, field: Battlefield, name: str, kind: str, point: tuple[float, float],
                       old: Token | None) -> None:
    """A player's ``/place`` sets the scene: before the first phase is dealt, and only where a move could ever
    reach; once play is under way it turns or lays down a token only where it stands (a Director still places
    anyone anywhere; see docs/rulings.md)."""
    if old is not None and old.at == point:
        return
    if state.deck.phase > 0:
        raise UserError(f"The scene is set (phase {state.deck.phase} is under way): a player places a character "
                        f"only before the first phase is dealt; {safe(name)} moves with `/move to:` now, and a "
                        "Director may correct a place with `/place`.")
    closed = field.closed_to(point, kind == "vehicle")
    if closed:
        raise UserError(f"{safe(name)} cannot stand at {point[0]:g},{point[1]:g}: {closed}. Only a Director places "
                        "one where no move could reach.")


async def placeable(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Characters and vehicles of the channel's game, then its loose mounts and fallen riders' mounts."""
    mine, others = await cast_of(interaction)
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id) \
        if interaction.guild_id is not None else None
    loose = loose_names(QotdState.from_json(game.state)) if game is not None and game.ruleset == QOTD.key else []
    return matching([*others, *await others_of(interaction), *((name, name) for name in loose)], typed, first=mine)


@app_commands.guild_only()
class Places(commands.Cog):
    """Everyone's place on the map."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="place")
    @app_commands.describe(who="A character, vehicle or loose mount (a new riderless one: name it and give mount:)",
                           at="A grid square such as C7, or paces east,south such as 12,30",
                           facing="Which way they face", prone="Lying prone (or getting up: false)",
                           mount="A riderless mount to put on the map, called who: (a Director)")
    @app_commands.autocomplete(who=placeable, at=squares)
    async def place(self, interaction: discord.Interaction, who: str, at: app_commands.Range[str, 1, 20],
                    facing: Literal["north", "north-east", "east", "south-east", "south", "south-west", "west",
                                    "north-west"] | None = None,
                    prone: bool | None = None, mount: Literal["horse", "camel", "elephant"] | None = None) -> None:
        """Put a character, vehicle or loose mount on the map, or move it (a Director, or its player)."""
        async with open_table(self.bot, interaction, QOTD.key) as table:
            field = require_map(table).copy()
            key, name, kind = place_whom(table, who, mount)
            if prone is not None and key not in table.state.characters:
                raise UserError("Only a character lies prone.")
            point = field.point(at)
            old = field.tokens.get(key)
            if not table.is_director:
                require_setting_up(table.state, field, name, kind, point, old)
            heading = FACINGS[facing] if facing else old.facing if old else 0
            field.place(Token(key, point, heading, kind))
            lying = ""
            if key in table.state.characters:
                piece = table.state.characters[key]
                if prone is not None:
                    piece.conditions ^= {Condition.PRONE} if prone != (Condition.PRONE in piece.conditions) else set()
                lying = ", prone" if Condition.PRONE in piece.conditions else ""
            table.state.battlefield = field
            facing_words = next((k for k, v in FACINGS.items() if v == heading), f"{heading}°")
            words = (f"{safe(name)} {'moves' if old else 'takes their place'} at {field.label(point)} "
                     f"({point[0]:g},{point[1]:g}), facing {facing_words}{lying}.")
            await table.commit("place", words)
        await show(interaction, table.state, words)


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Map(bot))
    await bot.add_cog(Places(bot))
