"""The status board: every character at a glance, as a picture, and the pinned board of a server that pins
it, redrawn a few seconds after each change to its game (``/status`` posts it; the background task redraws)."""

from __future__ import annotations

import asyncio
import logging
from weakref import WeakValueDictionary

import discord

from bot.glue.client import DirectorBot
from bot.glue.replies import COLOUR, MAX_FILES, TITLE_LIMIT, attached, clip, fitted, post, render
from bot.pictures import render_board_pages, render_scene
from bot.pictures.pool import asked_for
from bot.pictures.status import PER_PAGE
from bot.rules.core.ruleset import OnAMap, Ruleset, State, ruleset

log = logging.getLogger("director.status")


FILENAME = "status.png"


def status_embed(rules: Ruleset, state: State) -> discord.Embed:
    """The embed of the game's board: its title, how many stand."""
    board = rules.board(state)
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
    """The board's pages as pictures (none if they could not be drawn), drawn from the ruleset's
    :class:`~bot.rules.core.ruleset.Board` with the players' names; a game on a map has its map last."""
    board = rules.board(state)
    owners = bot.names.of(guild, {row.owner for row in board.rows})
    pages = await render(render_board_pages, board, owners, MAX_FILES) or []
    if isinstance(rules, OnAMap) and rules.field(state) is not None and pages:     # the map, as the board's last page
        drawn = await render(render_scene, rules.scene(state))
        pages = [*pages[:MAX_FILES - 1], drawn] if drawn else pages
    return pages


async def edit_board(channel: discord.abc.Messageable, message_id: int, embed: discord.Embed,
                     pages: list[bytes]) -> discord.Message | None:
    """The pinned board updated in place; None when its message was deleted."""
    files = attached(FILENAME, pages=pages)
    if files:
        embed.set_image(url=f"attachment://{FILENAME}")
    try:
        return await channel.get_partial_message(message_id).edit(**fitted("", [embed], files, edit=True))
    except discord.NotFound:
        return None


async def post_board(channel: discord.abc.Messageable, embed: discord.Embed, pages: list[bytes]
                     ) -> tuple[discord.Message, bool]:
    """A new board, posted and pinned; the flag says whether pinning worked."""
    message = await post(channel, embed=embed, filename=FILENAME, pages=pages)
    try:
        await message.pin(reason="The game's status board")
    except discord.HTTPException as error:
        log.info("could not pin the status board in channel %s: %s", message.channel.id, error)
        return message, False
    return message, True


async def redraw_boards(bot: DirectorBot) -> None:
    """Redraw the pinned boards of the games that changed since the last time (see
    :meth:`Director.board_changed`), side by side; a failure is logged and the others go on."""
    stale = list(bot.stale_boards())
    for (guild_id, channel_id), outcome in zip(stale, await asyncio.gather(
            *(redraw_board(bot, guild_id, channel_id) for guild_id, channel_id in stale), return_exceptions=True)):
        if isinstance(outcome, Exception):
            log.error("could not redraw the status board of the game in channel %s (guild %s)", channel_id,
                      guild_id, exc_info=outcome)


async def redraw_board(bot: DirectorBot, guild_id: int, channel_id: int) -> None:
    """Edit a game's pinned board to show the game as it is now. A board deleted meanwhile is left for the
    next /status to post again."""
    asked_for(guild_id)
    async with board_lock(guild_id, channel_id):
        async with bot.db.unit(guild_id, channel_id) as uow:
            if uow.game is None or uow.game.status_message_id is None:
                return
            rules = ruleset(uow.game.ruleset)
            state, message_id = rules.load(uow.game.state), uow.game.status_message_id
        channel = await bot.find_channel(channel_id)
        if channel is None:
            return
        await edit_board(channel, message_id, board_embed(rules, state),
                         await pictures(bot, channel.guild, rules, state))


BOARDS: WeakValueDictionary[tuple[int, int], asyncio.Lock] = WeakValueDictionary()


def board_lock(guild_id: int, channel_id: int) -> asyncio.Lock:
    """This process's lock on a game's pinned board, held while it is edited or posted (so that two /status
    never post two boards), kept only while someone holds or awaits it. It is not the channel's lock: the
    game's other commands never wait for Discord to take a board."""
    lock = BOARDS.get((guild_id, channel_id))
    if lock is None:
        lock = BOARDS[guild_id, channel_id] = asyncio.Lock()
    return lock
