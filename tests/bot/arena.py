"""A mid-phase game to fire commands at, and what one command did there: for the fuzz and the permission matrix.

Every call is judged the same way. The user's client may refuse the input before the bot sees it
(as Discord does with a value out of an option's range); otherwise the bot must answer. A refusal (an
error the bot's handler answered, or any other plain sentence for the user alone; an answer for the
user alone, such as /help, comes in an embed) is ephemeral, one clear sentence, pings nobody and
changes nothing: not the game, its Director or its log, not what the channel shows, not another
server's game, not any row stored (the server's settings, campaigns and rosters, timers ...). A
command that succeeds shows no hidden characters or links a user wrote, pings nobody but the owner
of the character whose card is up, of the character a re-roll or a new trait's pick waits for, or a
member it makes the Director, and leaves a game that passes its own consistency check. After a call
that changed anything, the arena puts the game back.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from discord import app_commands
from simcord import OptionError, SetupError
from sqlalchemy import select

from bot.storage.models import Game

from tests.storage.helpers import json_value

from .conftest import REFUSALS, Scene
from .helpers import View, channel_view, read, stored_rows, words_of

DISCORD = "refused by Discord"
"""The user's client refused the input (out of range, not a choice, someone of another server)."""
REFUSED = "refused"
SUCCEEDED = "succeeded"

INTERNALS = re.compile(r"Traceback|Exception|Error\b|\bNone\b|<class |object at 0x|\bself\.")
HIDING = re.compile("[\x00-\x09\x0b-\x1f\x7f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Control characters, and the marks that turn text right to left: what makes a message read otherwise than it is."""
SENTENCE_END = re.compile(r"[.!?][*`)]*$")
MASKED_LINK = re.compile(r"(?<!\\)\[[^\]]*(?<!\\)\]\(")
"""Markdown that shows a link under other words: the bot writes none, so one in a reply came from a user."""


def leaves(tree: app_commands.CommandTree) -> list[app_commands.Command]:
    """Every command a user can type: the tree's commands that are not groups."""
    return sorted((c for c in tree.walk_commands() if isinstance(c, app_commands.Command)),
                  key=lambda c: c.qualified_name)


def unclear(text: str) -> list[str]:
    """Why a refusal is not one clear sentence (nothing when it is)."""
    text = text.strip()
    if not text:
        return ["the refusal is empty"]
    problems = []
    internals = INTERNALS.search(text)
    if internals:
        problems.append(f"it shows the bot's internals ({internals.group()!r})")
    if HIDING.search(text):
        problems.append("it carries control or right-to-left characters")
    if not SENTENCE_END.search(text):
        problems.append("it does not end as a sentence")
    return problems


@dataclass
class Seen:
    """Everything one command may change: the channel's game, another server's, and every stored row."""

    table: View
    elsewhere: View
    stored: dict[str, list[dict]]

    def changed(self, other: Seen) -> list[str]:
        """What differs from ``other``, in words (only the public messages may differ after a success)."""
        differs = [name for name in ("state", "director", "log")
                   if getattr(self.table, name) != getattr(other.table, name)]
        differs += [f"the {name} table" for name, rows in self.stored.items() if rows != other.stored.get(name)]
        if self.elsewhere != other.elsewhere:
            differs.append("another server's game")
        return differs


@dataclass
class Outcome:
    """What one call did: the verdict, the reply in words, whether it changed anything, what went wrong."""

    verdict: str
    reply: str = ""
    changed: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def lost(self) -> bool:
        """An error escaped the bot's handler, or the user got no answer."""
        return any(p.startswith(("unexpected", "no answer")) for p in self.problems)


class Arena:
    """The scene's server with a mid-phase game (``Scene.mid_phase``, an adventure of a campaign), and a
    game on another server.

    ``marshal`` is a role of no standing; ``dodge`` is the other server, where ``sheriff`` directs a
    game with Calamity Jane in it.
    """

    OTHER_CAST = ("Calamity Jane", "Black Bart")

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.env = scene.env
        self.marshal = scene.guild.create_role("Marshal")
        self.dodge = scene.env.create_guild("Dodge City")
        self.street = self.dodge.create_text_channel("front-street")
        self.sheriff = self.dodge.add_member(scene.env.create_user("sheriff"))
        self.channel = None
        self.baseline: View | None = None
        self.baseline_pings: dict | None = None
        self.server = None
        self.elsewhere: View | None = None
        self.names = 0

    async def open(self) -> Arena:
        """Set up the other server's game and the first mid-phase game."""
        await self.sheriff.slash(self.street, "game start")
        for name in self.OTHER_CAST:
            await self.sheriff.slash(self.street, "cast add", name=name, type="main", personality="brave")
        self.elsewhere = await channel_view(self.env, self.dodge.id, self.street)
        await self.fresh_table()
        self.server = await self.db.server(self.scene.guild.id)   # its Director role found by name, kept by id
        return self

    @property
    def db(self):
        return self.scene.db()

    async def fresh_table(self) -> None:
        """A new channel with the mid-phase game, the first adventure of a new campaign of dora's."""
        self.channel = self.scene.guild.create_text_channel(f"set-{len(self.scene.guild.channels)}")
        campaign = self.name("Tales")
        await self.scene.dora.slash(self.channel, "campaign start", name=campaign)
        await self.scene.mid_phase(self.channel, campaign)
        table = await channel_view(self.env, self.scene.guild.id, self.channel)
        if self.baseline is not None:           # the same game but for its seal, made for its own channel
            assert (unsealed(table.state), table.director) == (unsealed(self.baseline.state), self.baseline.director), \
                "the mid-phase game came out differently"
        self.baseline = table
        self.baseline_pings = await self.pings()

    def name(self, stem: str) -> str:
        """A name no campaign of the server has: ``stem`` and a number."""
        self.names += 1
        return f"{stem} {self.names}"

    def empty_channel(self):
        """A new channel with no game."""
        return self.scene.guild.create_text_channel(f"empty-{len(self.scene.guild.channels)}")

    async def before(self, channel) -> Seen:
        """The channel and the database now; the other server's game as it began (a call that changes it
        fails the test)."""
        return Seen(await channel_view(self.env, self.scene.guild.id, channel), self.elsewhere,
                    await stored_rows(self.db))

    async def after(self, channel) -> Seen:
        return Seen(await channel_view(self.env, self.scene.guild.id, channel),
                    await channel_view(self.env, self.dodge.id, self.street), await stored_rows(self.db))

    async def fire(self, call: Callable[[], Awaitable], channel=None, *, discord_may_refuse: bool = False) -> Outcome:
        """Make one call (a slash command or a click) in ``channel`` (default: the game's) and judge it.

        ``discord_may_refuse``: the input holds something the user's client would not send (a value
        out of range or not among the choices, someone of another server), so the call may stop there.
        """
        channel = channel or self.channel
        before = await self.before(channel)
        cursor = self.env.error_cursor
        try:
            result = await call()
        except OptionError:
            return await self._refused_by_discord(channel, before)
        except SetupError:
            if not discord_may_refuse:
                raise
            return await self._refused_by_discord(channel, before)
        after = await self.after(channel)
        raised = self.env.errors_since(cursor)
        return judge(result, raised, before, after)

    async def _refused_by_discord(self, channel, before: Seen) -> Outcome:
        after = await self.after(channel)
        changed = after.changed(before)
        problems = [f"the bot acted on input Discord refuses: {', '.join(changed)} changed"] if changed else []
        if after.table.public != before.table.public:
            problems.append("the bot posted about input Discord refuses")
        return Outcome(DISCORD, changed=changed, problems=problems)

    async def restore(self) -> None:
        """Put the server's settings and the game back as they were before the last call: with /undo,
        or in a fresh channel when undo cannot (the game ended or changed hands, its roster grew)."""
        scene = self.scene
        if await self.db.server(scene.guild.id) != self.server:
            role = next(r for r in scene.guild.roles.values() if r.id == self.server.director_role_id)
            await scene.boss.slash(self.channel, "game settings", director_role=role,
                                   server_reminder_hours=self.server.reminder_hours,
                                   pin_status=self.server.status_pinned, cast_limit=self.server.cast_limit,
                                   player_cast_limit=self.server.player_cast_limit)
            assert await self.db.server(scene.guild.id) == self.server, "the server's settings were not restored"
        if await self.roster() or await self.pings() != self.baseline_pings:       # undo keeps whom it may ping
            await self.fresh_table()
            return
        for _ in range(3):
            table = await channel_view(self.env, scene.guild.id, self.channel)
            if (table.state, table.director) == (self.baseline.state, self.baseline.director):
                return
            if table.state is None or table.director != self.baseline.director:
                break
            await scene.boss.slash(self.channel, "undo")
        await self.fresh_table()

    async def pings(self) -> dict | None:
        """Whom the game may ping (see bot.glue.consent)."""
        game = await self.stored()
        return game.pings if game else None

    async def roster(self) -> list:
        """The roster of the campaign whose adventure the game is (empty in a fresh one; /undo leaves it)."""
        game = await self.stored()
        return await self.db.roster(game.campaign_id) if game and game.campaign_id else []

    async def stored(self):
        """The game's row as the database holds it now: whom it may ping, its campaign (read as ``channel_view``
        reads, on a connection of its own)."""
        guild, channel = self.scene.guild.id, self.channel.id
        return await read(self.db, lambda connection: connection.execute(
            select(Game.pings, Game.campaign_id).where(Game.guild_id == guild, Game.channel_id == channel,
                                                       Game.status == "active")).first())

    def dice(self, seed: int) -> None:
        """Seed the bot's dice for the next call."""
        self.env.bot.rng = random.Random(seed)


def unsealed(state: dict) -> dict:
    """A stored game without its seal (see bot.rules.core.fair)."""
    return {key: value for key, value in state.items() if key != "seal"}


def judge(result, raised, before: Seen, after: Seen) -> Outcome:
    """The verdict on a call the bot received, and everything that went wrong with it."""
    unexpected = [e for e in raised if not isinstance(getattr(e, "original", e), REFUSALS)]
    problems = [f"unexpected {type(getattr(e, 'original', e)).__name__} reached discord.py: "
                f"{getattr(e, 'original', e)}" for e in unexpected]
    reply = result.response
    if reply is None:
        return Outcome(REFUSED, problems=problems + ["no answer: the user sees 'The application did not respond'"])
    messages = [reply, *result.followups]
    changed = after.changed(before)
    if raised or (reply.ephemeral and not reply.embeds):
        outcome = Outcome(REFUSED, reply.content, changed)
        if not reply.ephemeral:
            problems.append("the refusal was posted for everyone to see")
        problems += unclear(reply.content)
        if changed:
            problems.append(f"the refused command changed {', '.join(changed)}")
        if after.table.public != before.table.public:
            problems.append("the refused command changed what the channel shows")
        allowed: set[int] = set()
    else:
        outcome = Outcome(SUCCEEDED, "\n".join(words_of(m) for m in messages), changed)
        if "another server's game" in changed:
            problems.append("the command changed another server's game")
        allowed = may_ping(before, after)
        game = after.table.game
        if game is not None:
            try:
                game.check()
            except AssertionError as error:
                problems.append(f"the stored game fails its consistency check: {error}")
        for text in map(words_of, messages):
            if HIDING.search(text):
                problems.append(f"a public message carries control or right-to-left characters: {text!r}")
            if MASKED_LINK.search(text):
                problems.append(f"a public message shows a link a user wrote: {text!r}")
    for message in messages:
        sent = message._message
        pinged = set(sent.ping_user_ids) - allowed
        if pinged or sent.ping_role_ids or sent.mention_everyone:
            problems.append(f"the reply pinged users {sorted(pinged)}, roles {sent.ping_role_ids}, "
                            f"everyone: {sent.mention_everyone}")
    outcome.problems = problems
    return outcome


def may_ping(before: Seen, after: Seen) -> set[int]:
    """Whom a command that succeeded may ping: the owner of the character whose card is up, the owner
    of the character a re-roll or a new trait's pick waits for, and a member it made the Director; each only
    if they joined a game themselves (see bot.glue.consent)."""
    allowed = {row["owner_id"] for row in after.stored["roster"] if json_value(row["data"]).get("traits_due")}
    game = after.table.game
    if game is not None:
        if game.acting is not None:
            allowed.add(game.acting.owner)
        if game.pending:
            allowed.add(game.characters[game.pending["roller"]].owner)
    if after.table.director != before.table.director and after.table.director is not None:
        allowed.add(after.table.director)
    joined = {int(user) for row in after.stored["games"] for user, said in row["pings"].items() if said == "on"}
    return allowed & joined
