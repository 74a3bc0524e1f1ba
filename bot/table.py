"""One command's hold on the channel's game: load it, check who may do what, store the change.

Used as ``async with open_table(bot, interaction) as table:``; the change and
its log entry are committed when the block ends, before any reply is sent.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import discord

from .errors import NoGame, NotAllowed, NotFound, UserError
from .replies import HIDDEN, SHOWN_ENTRY, safe, visible
from .rules.qotd.state import Character, GameState
from .waiting import start_wait

if TYPE_CHECKING:
    from .client import Director
    from .db import ServerRow, UnitOfWork

NAME_LIMIT = 40
MENTION = re.compile(r"@(everyone|here)|<[@#][!&]?\d+>|<@&\d+>", re.IGNORECASE)


def clean_name(text: str, what: str = "name") -> str:
    """A name as typed, refused if it is empty, too long, or could ping or hide text."""
    name = " ".join(text.split())
    if not name:
        raise UserError(f"The {what} cannot be empty.")
    if len(name) > NAME_LIMIT:
        raise UserError(f"The {what} is {len(name)} characters long; keep it to {NAME_LIMIT}.")
    if MENTION.search(name):
        raise UserError(f"The {what} cannot contain a mention such as @everyone.")
    require_visible(name, what)
    return name


def require_visible(text: str, what: str) -> None:
    """Refuse text with control or format characters: they hide text, or turn what follows right to left."""
    if any(unicodedata.category(ch) in HIDDEN for ch in text):
        raise UserError(f"The {what} contains invisible or control characters.")


def quote(text: str) -> str:
    """What a user typed, to repeat it in a refusal: what cannot be seen dropped, cut to a name's length, escaped."""
    return safe(visible(text)[:NAME_LIMIT])


def directs(user: discord.abc.User, director_id: int, director_role: str) -> bool:
    """Whether a user directs a game or campaign: the one who started it (or was handed it),
    a member with the server's Director role, or a member who may manage the server."""
    if user.id == director_id:
        return True
    if not isinstance(user, discord.Member):
        return False
    return user.guild_permissions.manage_guild or any(role.name == director_role for role in user.roles)


def slug(name: str) -> str:
    """A character's key: its name folded to lower case, spaces as dashes."""
    return "-".join(name.casefold().split())


class Table:
    """The game of one channel, as one command sees it inside its unit of work."""

    def __init__(self, bot: Director, interaction: discord.Interaction, uow: UnitOfWork, server: ServerRow) -> None:
        self.bot = bot
        self.server = server
        self.interaction = interaction
        self.uow = uow
        self.game = uow.game
        self.before = uow.game.state
        self.state = GameState.from_json(uow.game.state)

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    @property
    def is_director(self) -> bool:
        """The game's Director, a member with the server's Director role, or a server manager."""
        return directs(self.interaction.user, self.game.director_id, self.server.director_role)

    def require_director(self, doing: str) -> None:
        if not self.is_director:
            raise NotAllowed(f"Only a Director can {doing}.")

    def character(self, text: str) -> Character:
        """The character a user named (by key or name, any case; what cannot be seen is ignored)."""
        wanted = visible(text)
        for character in self.state.characters.values():
            if wanted.casefold() in (character.key, character.name.casefold()):
                return character
        if not wanted:
            raise NotFound("There is no character by that name in this game.")
        raise NotFound(f"There is no character called **{quote(wanted)}** in this game.")

    def require_control(self, character: Character) -> None:
        """Only the owner of a character, or a Director, acts with it."""
        if character.owner != self.user_id and not self.is_director:
            raise NotAllowed(f"{discord.utils.escape_markdown(character.name)} is not yours to play.")

    async def commit(self, kind: str, text: str, data: dict | None = None) -> int:
        """Store the changed game and a log entry (with an undo snapshot). Returns the entry's number.

        The reply sent for this interaction is then remembered as the entry's message.
        """
        self.uow.save(self.state.to_json())
        seq = await self.log(kind, text, data, undoable=True)
        self.interaction.extras[SHOWN_ENTRY] = (self.game.id, seq)
        return seq

    async def log(self, kind: str, text: str, data: dict | None = None, *, undoable: bool = False) -> int:
        """A log entry for the user's action (with an undo snapshot if ``undoable``); returns its number.

        Every action starts a new wait on whoever is to act in ``self.state``, and has the game's pinned
        status board, if any, redrawn.
        """
        seq = await self.uow.log(self.user_id, kind, text, data or {}, before=self.before if undoable else None)
        alarm = start_wait(self.uow, self.state, self.server.reminder_hours, discord.utils.utcnow())
        self.bot.expect_alarm(alarm)
        self.bot.board_changed(self.uow.game, self.server)
        return seq


@asynccontextmanager
async def open_table(bot: Director, interaction: discord.Interaction) -> AsyncIterator[Table]:
    """The channel's game for one command; refuses when the channel has none."""
    if interaction.guild_id is None:
        raise UserError("Games are played in server channels, not in direct messages.")
    server = await bot.server_settings(interaction.guild_id)
    async with bot.db.unit(interaction.guild_id, interaction.channel_id) as uow:
        if uow.game is None:
            raise NoGame()
        yield Table(bot, interaction, uow, server)
