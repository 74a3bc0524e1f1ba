"""Casting, as every ruleset's ``cast`` command does it: who plays the character, the ruleset's check of the typed
options, the new character stored and announced (a member a Director cast for asked once to join); and a
member of the cast, and the cast list, as its ruleset gives them (:class:`~bot.rules.core.ruleset.Sheet`,
:class:`~bot.rules.core.ruleset.Listed`)."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.glue.client import DirectorBot
from bot.glue.errors import UserError
from bot.glue.pings import invitation, invite
from bot.glue.replies import COLOUR, FIELD_LIMIT, clip, markdown, safe, send
from bot.glue.table import Table, clean_name, open_table, quote, slug
from bot.rules.core.ruleset import Cast, CastSpec, Listed, Sheet


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
        if type in rules.directors_types:
            table.require_director(f"cast a {rules.character_types[type]}. {rules.directors_types[type]}")
        owner = cast_for(table, player, "character")
        table.require_room(owner)
        character = table.cast_spec(CastSpec(slug(name), name, owner, type, dict(fields)))
        asked = owner != interaction.user.id and invite(table, owner)
        await table.commit("cast", f"{name} is cast as a {rules.character_types[type]}.", {"character": character.key})
        embed = sheet_embed(rules.sheet(table.state, character.key))
    await announce_cast(interaction, table, name, embed, owner, asked)


async def announce_cast(interaction: discord.Interaction, table: Table, name: str, embed: discord.Embed,
                        owner: int, asked: bool) -> None:
    """A new character in the channel; the member a Director cast it for, if ``asked``, asked once to join."""
    content, view = f"**{safe(name)}** joins the cast.", None
    if asked:                                   # they are asked once, and pinged by nobody until they accept
        words, view = invitation(table.game.id, owner)
        content += "\n" + words
    await send(interaction, content=content, embed=embed, view=view)


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


def owned(table: Table, name: str) -> Cast:
    """A character the user may change: their own, or any for a Director."""
    character = table.character(name)
    table.require_control(character)
    return character


def sheet_embed(sheet: Sheet) -> discord.Embed:
    """A member of the cast in full, as its ruleset's :class:`~bot.rules.core.ruleset.Sheet` has it."""
    embed = discord.Embed(title=clip(safe(sheet.name), 256), colour=COLOUR,
                          description=" · ".join(filter(None, (sheet.kind, f"played by <@{sheet.owner}>"))))
    for title, what, inline in sheet.fields:
        embed.add_field(name=clip(title, 256), value=clip(markdown(what), FIELD_LIMIT), inline=inline)
    return embed


def cast_list_embed(listed: list[Listed]) -> discord.Embed:
    """The cast list: a line a member, each section of its ruleset's list (vehicles ...) in a field of its own."""
    sections: dict[str, list[str]] = {}
    for line in listed:
        sections.setdefault(line.section, []).append(
            " ".join(filter(None, (line.sign, f"**{safe(line.name)}**")))
            + f" ({', '.join(filter(None, (line.kind, f'<@{line.owner}>')))})"
            + (f"{line.lead}{markdown(line.detail)}" if line.detail else ""))
    embed = discord.Embed(title="Cast list", colour=COLOUR, description=clip("\n".join(sections.pop("", [])), 4096))
    for section, lines in sections.items():
        embed.add_field(name=section, value=clip("\n".join(lines), FIELD_LIMIT), inline=False)
    return embed
