"""Autocomplete shared by the extensions: the cast of the channel's game, the asker's hidden hand, the rulesets, the
server's campaigns; and the picking of one entry of a rulebook's table by what was typed."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.glue.errors import UserError
from bot.rules.core.cards import Card
from bot.rules.core.ruleset import RULESETS, HiddenHands, Ruleset, State, Targets, first
from bot.glue.table import quote

MAX_CHOICES = 25
"""The most choices Discord shows for an option."""
MORE = "…"
"""The value of the last choice of a list longer than Discord shows: its name tells how many more there are and
how to narrow them (picked, it names nothing and is refused as such)."""


def matching(pairs: Iterable[tuple[str, str]], typed: str,
             first: Iterable[tuple[str, str]] = ()) -> list[app_commands.Choice[str]]:
    """The (label, value) pairs whose label contains what was typed: those of ``first`` (the asker's own, what the
    character carries) before the rest, each group's labels starting with it first. Past 25, the first 24 and a
    last choice telling how many more there are."""
    typed = typed.casefold().strip()

    def hits(group: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
        found = [(label, value) for label, value in group if typed in label.casefold()]
        return sorted(found, key=lambda lv: (not lv[0].casefold().startswith(typed), lv[0].casefold()))
    ahead = hits(first)
    taken = {value for _, value in ahead}
    found = ahead + [(label, value) for label, value in hits(pairs) if value not in taken]
    if len(found) > MAX_CHOICES:
        more = len(found) - MAX_CHOICES + 1
        found = found[:MAX_CHOICES - 1] + [(f"… {more} more: type part of a name to narrow the list", MORE)]
    return [app_commands.Choice(name=label[:100], value=value[:100]) for label, value in found]


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


async def characters(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Characters of this channel's game, the user's own first."""
    mine, others = await cast_of(interaction)
    return matching(others, typed, first=mine)


async def cast_of(interaction: discord.Interaction) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The (name, key) pairs of the characters of this channel's game: the user's own, and the others."""
    if interaction.guild_id is None:
        return [], []
    rows = await interaction.client.db.character_names(interaction.guild_id, interaction.channel_id)
    return ([(name, key) for key, name, owner in rows if owner == interaction.user.id],
            [(name, key) for key, name, owner in rows if owner != interaction.user.id])


async def own_cards(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The cards in the asker's own hand, as the hand shows them (``5♣``, with the code ``5C``): never another
    player's, whose hands are hidden. For an option of several cards, those typed before the last are kept in
    front and not offered again."""
    found = await game_with(interaction, HiddenHands)
    if found is None:
        return []
    ruleset, state = found
    private = ruleset.private(state, interaction.user.id)
    *before, last = re.split(r"[\s,]+", typed[:100]) or [""]
    typed_codes = set()
    for code in before:
        try:
            typed_codes.add(Card.parse(code).code)
        except ValueError:
            pass
    lead = "".join(f"{code} " for code in before)
    hand = [Card.parse(code) for code in (private.cards if private else ()) if code not in typed_codes]
    return matching(((f"{lead}{card} ({card.code})", f"{lead}{card.code}") for card in hand), last)


async def others_of(interaction: discord.Interaction) -> list[tuple[str, str]]:
    """The (name, key) pairs of the members of this channel's game's cast that are no characters (its vehicles, see
    :class:`~bot.rules.core.ruleset.Targets`)."""
    found = await game_with(interaction, Targets)
    if found is None:
        return []
    rules, state = found
    return [(other.name, key) for key, other in rules.others(state).items()]


async def game_with(interaction: discord.Interaction, capability: type) -> tuple[Any, State] | None:
    """This channel's game, read, with its ruleset, when the ruleset has ``capability``
    (:mod:`bot.rules.core.ruleset`); None when the channel has no game or its ruleset has not."""
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id) \
        if interaction.guild_id is not None else None
    rules = RULESETS.get(game.ruleset) if game else None
    return (rules, rules.load(game.state)) if isinstance(rules, capability) else None


async def targets(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Characters of this channel's game (the user's own first), then the rest of its cast (its vehicles)."""
    mine, others = await cast_of(interaction)
    return matching(others + await others_of(interaction), typed, first=mine)


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
