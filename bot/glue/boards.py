"""The status board as the bot shows it: its embed and its pages as pictures (a game on a map has its map last)."""

from __future__ import annotations

import discord

from bot.glue.client import DirectorBot
from bot.glue.replies import COLOUR, MAX_FILES, TITLE_LIMIT, clip, render
from bot.pictures import render_board_pages, render_scene, render_status_pages, scene_of
from bot.pictures.status import PER_PAGE
from bot.rules.core.ruleset import Board, Ruleset, State
from bot.rules.qotd.ruleset import QOTD


def status_embed(rules: Ruleset, state: State) -> discord.Embed:
    if rules is not QOTD:
        return board_status(rules.board(state))
    deck = state.deck
    title = f"Phase {deck.phase}" if deck.phase else "Before the first phase"
    if deck.current:
        title += f" — {deck.current} is up"
    cast = len(state.characters)
    description = f"{cast} in the cast, {sum(not c.casualty for c in state.characters.values())} standing."
    if cast > PER_PAGE * MAX_FILES:
        description += f" The board shows the first {PER_PAGE * MAX_FILES}: `/cast list` names everyone."
    return discord.Embed(title=title, colour=COLOUR, description=description)


def board_status(board: Board) -> discord.Embed:
    """The embed of another ruleset's board: its title, how many stand."""
    description = f"{len(board.rows)} in the cast, {sum(not row.down for row in board.rows)} standing."
    if len(board.rows) > PER_PAGE * MAX_FILES:
        description += f" The board shows the first {PER_PAGE * MAX_FILES}: `/cast list` names everyone."
    return discord.Embed(title=clip(board.title, TITLE_LIMIT), colour=COLOUR, description=description)


def board_embed(rules: Ruleset, state: State) -> discord.Embed:
    """The pinned board's embed: the status, stamped with the time it shows."""
    embed = status_embed(rules, state)
    embed.timestamp = discord.utils.utcnow()
    embed.set_footer(text="Kept up to date as the game goes")
    return embed


async def pictures(bot: DirectorBot, guild: discord.Guild | None, rules: Ruleset, state: State) -> list[bytes]:
    """The board's pages as pictures (none if they could not be drawn), with the players' names: Quick on the
    Draw's own board (a game on a map has its map last), or another ruleset's drawn from its
    :class:`~bot.rules.core.ruleset.Board`."""
    if rules is not QOTD:
        board = rules.board(state)
        owners = bot.names.of(guild, {row.owner for row in board.rows})
        return await render(render_board_pages, board, owners, MAX_FILES) or []
    owners = bot.names.of(guild, {c.owner for c in [*state.characters.values(), *state.vehicles.values()]})
    pages = await render(render_status_pages, state, owners, MAX_FILES) or []
    if state.battlefield is not None and pages:            # the map, as the board's last page
        drawn = await render(render_scene, scene_of(state))
        pages = [*pages[:MAX_FILES - 1], drawn] if drawn else pages
    return pages
