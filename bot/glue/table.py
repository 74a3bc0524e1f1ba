"""One command's hold on the channel's game: load it, check who may do what, store the change.

Used as ``async with open_table(bot, interaction) as table:``; the change and
its log entry are committed when the block ends, before any reply is sent.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import discord

from bot.glue.answering import storing
from bot.pictures.pool import asked_for
from bot.glue.errors import NoGame, NotAllowed, NotFound, UserError
from bot.glue.replies import HIDDEN, SHOWN_ENTRY, safe, visible
from bot.rules.core import serial
from bot.rules.core.ruleset import Cast, CastSpec, Ruleset, State, Targets
from bot.rules.core.ruleset import ruleset as ruleset_named
from bot.glue.seals import sealing
from bot.glue.skeleton import look_alike
from bot.glue.waiting import start_wait

if TYPE_CHECKING:
    from bot.glue.client import DirectorBot
    from bot.storage import GameRow, ServerRow, UnitOfWork

NAME_LIMIT = 40
BIGINT = 2**63 - 1
"""The largest number a BIGINT column holds: a Discord id, a game's or a roster entry's id."""
INTEGER = 2**31 - 1
"""The largest number an INTEGER column holds: a log entry's number."""
MENTION = re.compile(r"@(everyone|here)|<[@#][!&]?\d+>|<@&\d+>", re.IGNORECASE)
LINK = re.compile(r"[a-z][a-z0-9+.-]*://|\bwww\.|\bdiscord(?:app)?\.(?:gg|com/invite|me|io|li)\b|\.gg/",
                  re.IGNORECASE)
"""A link, or an invite to a server, written with or without its scheme."""
BLANKS = frozenset("\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0\u034f") | frozenset(map(chr, range(0x180B, 0x1810)))
"""Characters that print nothing but are not control or format characters: the Hangul and Khmer fillers, the
blank Braille pattern, the combining grapheme joiner and Mongolian variation selectors (with Cc and Cf, the
default-ignorable and blank code points of Unicode)."""


def clean_name(text: str, what: str = "name") -> str:
    """A name as typed, refused if it is empty, too long, or could ping or hide text."""
    name = " ".join(text.split())
    if not name:
        raise UserError(f"The {what} cannot be empty.")
    if len(name) > NAME_LIMIT:
        raise UserError(f"The {what} is {len(name)} characters long; keep it to {NAME_LIMIT}.")
    if MENTION.search(name):
        raise UserError(f"The {what} cannot contain a mention such as @everyone.")
    if LINK.search(name):
        raise UserError(f"The {what} cannot contain a link.")
    require_visible(name, what)
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise UserError(f"The {what} needs a letter or a digit that shows.")
    return name


def require_visible(text: str, what: str) -> None:
    """Refuse text with control, format or blank characters: they hide text, show as nothing, or turn what
    follows right to left."""
    if any(unicodedata.category(ch) in HIDDEN or ch in BLANKS or 0xFE00 <= ord(ch) <= 0xFE0F for ch in text):
        raise UserError(f"The {what} contains invisible or control characters.")


def require_stored(number: int, limit: int = BIGINT) -> int:
    """A number read from a button's or menu's custom_id, refused when no stored row could have it."""
    if not 0 <= number <= limit:
        raise UserError("That button belongs to nothing the bot keeps: it cannot be used.")
    return number


def quote(text: str) -> str:
    """What a user typed, to repeat it in a refusal: what cannot be seen dropped, cut to a name's length, escaped."""
    return safe(visible(text)[:NAME_LIMIT])


def directs(user: discord.abc.User, director_id: int, server: ServerRow) -> bool:
    """Whether a user directs a game or campaign: the one who started it (or was handed it),
    a member with the server's Director role (by its id), or a member who may manage the server."""
    if user.id == director_id:
        return True
    if not isinstance(user, discord.Member):
        return False
    return user.guild_permissions.manage_guild or user.get_role(server.director_role_id or 0) is not None


def slug(name: str) -> str:
    """A character's key: its name folded to lower case, spaces as dashes."""
    return "-".join(name.casefold().split())


KEPT_CHECKED = False
"""Whether a state kept from the command before is checked, field by field, against the same state read afresh, and
the data handed on with it against the JSON stored (the tests check it: a command that changes its state after
storing it, or leaves a field behind for the next, then fails)."""


class Table:
    """The game of one channel, as one command sees it inside its unit of work."""

    def __init__(self, bot: DirectorBot, interaction: discord.Interaction, uow: UnitOfWork, server: ServerRow) -> None:
        self.bot = bot
        self.server = server
        self.interaction = interaction
        self.uow = uow
        self.game = uow.game
        self.before = uow.game.state
        self.ruleset: Ruleset = ruleset_named(uow.game.ruleset)
        kept = self._kept()
        self.state = kept if kept is not None else self.ruleset.load(uow.game.state)
        self.sealed: dict = {}
        """What the command's log entry says of seals (see :func:`bot.glue.seals.sealing`), once logged."""

    def _kept(self) -> State | None:
        """The game's state as the command before left it, when it stored it and is over (see
        :meth:`~bot.storage.UnitOfWork.take_kept`), starting this command as one read afresh would."""
        state = self.uow.take_kept()
        if state is None:
            return None
        if state.seal is not None:
            state.seal.anew()
        if KEPT_CHECKED:
            stored = self.uow.stored_state()
            if found := serial.differences(state, self.ruleset.load(stored)):
                raise AssertionError(f"the state kept from the command before is not the one stored: {found[:5]}")
            if self.before != stored:
                raise AssertionError("the state the command before handed on as JSON data is not the one stored")
        return state

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    @property
    def is_director(self) -> bool:
        """The game's Director, a member with the server's Director role, or a server manager."""
        return directs(self.interaction.user, self.game.director_id, self.server)

    @property
    def dice(self) -> random.Random:
        """The random source of this command: the phase's (or turn's) seal (see :meth:`Director.dice`)."""
        return self.bot.dice(self.ruleset, self.state, self.game.channel_id)

    def ask(self, asked: str) -> None:
        """The command asks ``asked`` of the rules (an action's request, a deal): if an undone entry asked the same,
        its draws are taken again (see :meth:`bot.rules.core.fair.Seal.ask`)."""
        if self.state.seal is not None:
            self.state.seal.ask(asked)

    def require_director(self, doing: str) -> None:
        if not self.is_director:
            raise NotAllowed(f"Only a Director can {doing}.")

    def character(self, text: str) -> Cast:
        """The character a user named (by key or name, any case; what cannot be seen is ignored)."""
        wanted = visible(text)
        for character in self.state.characters.values():
            if wanted.casefold() in (character.key, character.name.casefold()):
                return character
        if not wanted:
            raise NotFound("There is no character by that name in this game.")
        raise NotFound(f"There is no character called **{quote(wanted)}** in this game.")

    def characters_named(self, text: str) -> tuple[str, ...]:
        """The keys of the characters a user named, comma-separated ("Kid, Ann"; blanks skipped)."""
        return tuple(self.character(name).key for name in text.split(",") if name.strip())

    def require_room(self, owner: int) -> None:
        """Refuse one more character for ``owner`` past the server's limits: the game's whole cast, and one
        player's share of it (the game's Director casts up to the whole cast's limit)."""
        limit, share = self.server.cast_limit, self.server.player_cast_limit
        cast = list(self.state.characters.values())
        if len(cast) >= limit:
            raise UserError(f"The cast is full: this server allows {limit} characters in a game. "
                            "A member who may manage the server can change that with `/game settings cast_limit:`.")
        if owner != self.game.director_id and sum(c.owner == owner for c in cast) >= share:
            raise UserError(f"That player has {share} characters in this game, the most this server allows a "
                            "player (`/game settings player_cast_limit:`); the Director may cast more.")

    def actor(self, text: str | None) -> Cast:
        """The character a command names, or else who acts now by its ruleset (:meth:`Ruleset.actor`); the user
        must control it."""
        character = self.character(text) if text else self.state.characters[self.ruleset.actor(self.state,
                                                                                                  self.user_id)]
        self.require_control(character)
        return character

    @property
    def others(self) -> dict[str, Cast]:
        """The members of the cast that are not characters (see :class:`~bot.rules.core.ruleset.Targets`)."""
        return dict(self.ruleset.others(self.state)) if isinstance(self.ruleset, Targets) else {}

    def other(self, text: str) -> Cast:
        """The member of the cast that is not a character a user named (by key or name, any case)."""
        wanted = visible(text)
        for other in self.others.values():
            if wanted.casefold() in (other.key, other.name.casefold()):
                return other
        called = self.ruleset.others_called if isinstance(self.ruleset, Targets) else "target"
        raise NotFound(f"There is no {called} called **{quote(wanted)}** in this game.")

    def target(self, text: str) -> str:
        """The key of the character, or other member of the cast, a user named as a target."""
        try:
            return self.character(text).key
        except NotFound:
            if not any(visible(text).casefold() in (o.key, o.name.casefold()) for o in self.others.values()):
                raise
        return self.other(text).key

    def cast_spec(self, spec: CastSpec) -> Cast:
        """Add a character to the game through its ruleset, refusing a name that reads the same as another's."""
        self.refuse_look_alike(spec.key, spec.name)
        return self.ruleset.cast(self.state, spec, self.dice)

    def refuse_look_alike(self, key: str, name: str) -> None:
        """Refuse a new character's name that reads the same as another's (see :mod:`bot.glue.skeleton`)."""
        for other in self.state.characters.values():
            if other.key != key and look_alike(name, other.name):
                raise UserError(f"**{safe(name)}** reads the same as **{safe(other.name)}**, already in "
                                "this game: pick a name that looks different.")

    def require_control(self, character: Cast) -> None:
        """Only the owner of a character, or a Director, acts with it."""
        if character.owner != self.user_id and not self.is_director:
            raise NotAllowed(f"{discord.utils.escape_markdown(character.name)} is not yours to play.")

    async def commit(self, kind: str, text: str, data: dict | None = None) -> int:
        """Store the changed game and a log entry (with an undo snapshot). Returns the entry's number.

        The reply sent for this interaction is then remembered as the entry's message.
        """
        seq = await self.log(kind, text, data, undoable=True, save=True)
        self.interaction.extras[SHOWN_ENTRY] = (self.game.id, seq)
        return seq

    async def log(self, kind: str, text: str, data: dict | None = None, *, undoable: bool = False,
                  save: bool = False) -> int:
        """A log entry for the user's action (with an undo snapshot if ``undoable``, the state stored if ``save``);
        returns its number.

        The seals the command committed and revealed, and the draws it took, go into the entry (and the game's
        seals, moved on, into the state stored). Every action starts a new wait on whoever is to act in
        ``self.state``, and has the game's pinned status board, if any, redrawn.
        """
        self.sealed = sealing(self.ruleset, self.before, self.state, self.uow.head)
        retake = self.state.seal.retake(self.uow.next_seq) if self.state.seal is not None else None
        seq = await self.uow.log(self.user_id, kind, text, {**(data or {}), **self.sealed},
                                 before=self.before if undoable else None,
                                 retake=None if retake is None else serial.to_json(retake))
        if save or self.uow.saving or self.sealed or (self.state.seal and self.state.seal.trail):
            self.uow.save(self.state.to_json(), decoded=self.state)
        alarm = start_wait(self.uow, self.ruleset, self.state, self.server.reminder_hours, discord.utils.utcnow())
        self.bot.expect_alarm(alarm)
        self.bot.board_changed(self.uow.game, self.server)
        return seq


class OtherRuleset(UserError):
    """A command of one ruleset in a channel that plays another."""

    def __init__(self, playing: Ruleset) -> None:
        where = f"`/{playing.group} …`" if playing.group else "its own commands (`/shoot`, `/fight`, `/test` …)"
        super().__init__(f"This channel plays {playing.title}: use {where}. That command belongs to another "
                         "ruleset; `/help` shows what this game plays with.")


@asynccontextmanager
async def open_table(bot: DirectorBot, interaction: discord.Interaction, ruleset: str | None = None
                     ) -> AsyncIterator[Table]:
    """The channel's game for one command; refuses when the channel has none, or (given ``ruleset``, the key
    of the ruleset the command belongs to) when its game plays another ruleset. An accepted change is
    acknowledged in time (see :mod:`bot.glue.answering`)."""
    if interaction.guild_id is None:
        raise UserError("Games are played in server channels, not in direct messages.")
    asked_for(interaction.guild_id)                       # a button's pictures too are its server's
    server = await bot.server_settings(interaction.guild_id)
    async with storing(bot, interaction) as uow:
        if uow.game is None:
            raise NoGame()
        if ruleset is not None and uow.game.ruleset != ruleset:
            raise OtherRuleset(ruleset_named(uow.game.ruleset))
        yield Table(bot, interaction, uow, server)


ENDED = "This game has ended; a Director starts a new one with `/game start`."
"""Said with what `/log` and `/status` show of a channel's game once it is over."""


async def ended_game(bot: DirectorBot, interaction: discord.Interaction) -> GameRow:
    """The channel's last game, ended: its log and status stay readable. NoGame when the channel has none."""
    game = await bot.db.last_ended_game(interaction.guild_id, interaction.channel_id) \
        if interaction.guild_id is not None else None
    if game is None:
        raise NoGame()
    return game
