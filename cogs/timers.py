"""Keeping play moving: one reminder per wait, then the game's deadline, rung by a background task.

Each game carries its next alarm in its own row (see :mod:`bot.glue.waiting`). The task
sleeps until the soonest alarm of the servers on this process's shards, or until a
command sets a sooner one, and rings every alarm that is due, also those that fell
due while the bot was down. Each alarm is handled in an ordinary unit of work: its
version check lets one process, once, act on it; the channel is told after the commit.
The same task stores, a few seconds after a reply, which message showed which log entry, and redraws
the pinned status boards of the games that changed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import discord
from discord.ext import commands, tasks

from bot.glue.client import DirectorBot
from bot.glue.consent import pingable
from bot.storage import AlarmRow, DatabaseUnavailable, GameRow, StaleGame, UnitOfWork
from bot.glue.errors import ReplyFailed
from bot.pictures.pool import asked_for
from bot.pictures import roll_picture
from bot.glue.replies import markdown, post, render, safe
from bot.rules.core import serial
from bot.rules.core.replay import KEEP
from bot.rules.core.actions import decide
from bot.rules.core.ruleset import HOLD, Ruleset, State, Wait, ruleset
from bot.glue.seals import announced, sealing
from bot.glue.waiting import REMINDER, after_reminder, deadline_at, start_wait, waiting_on

from bot.glue.maps import after_roll_aside
from bot.glue.steps import step_data, step_filename, step_message
from bot.glue.acting import roll_message, waiting_roll
from bot.glue.boards import redraw_boards

log = logging.getLogger("director.timers")

BATCH = 50
"""Alarms read at a time; more due than that are read again at once."""
LONGEST_NAP = timedelta(hours=6)
"""The task looks at least this often, whatever it expects."""
AFTER_A_FAILURE = timedelta(minutes=1)
@dataclass
class Notice:
    """What the channel is told once an alarm's unit has committed."""

    content: str
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    ping: list[int] = field(default_factory=list)
    picture: Callable[[], bytes] | None = None
    """How to draw the message's picture, once the change is stored."""
    filename: str = "image.png"
    entry: tuple[int, int] | None = None
    """The (game id, entry number) of the deadline's log entry, which the message shows."""
    buttons_of: int | None = None
    """A message whose re-roll buttons the deadline took away (the roll it kept)."""


def when(at: datetime) -> str:
    """A time as Discord shows it to each reader: their own date and time, and how far off."""
    stamp = int(at.timestamp())
    return f"<t:{stamp}:f> (<t:{stamp}:R>)"


def name_in(state: State, wait: Wait) -> str:
    """The name of the character a wait is about, or ""."""
    character = state.characters.get(wait.character)
    return character.name if character else ""


def at_deadline_text(game: GameRow, wait: Wait) -> str:
    """What the game's deadline will do, for the reminder: the character holds, where the wait says they may
    and ``/game settings deadline_action:`` has them; else what the wait says."""
    if wait.holds and game.deadline_action == HOLD:
        return markdown(wait.holds)
    return markdown(wait.then) or "play moves on without you"


def reminder_text(wait: Wait, uow: UnitOfWork, state: State) -> str:
    """The one reminder of a wait: whose move it is (in its ruleset's words), since when, and what the
    deadline will do."""
    game = uow.game
    text = markdown(wait.asks) or f"the game waits on you ({wait.reason})."
    at_deadline = at_deadline_text(game, wait)
    text = f"{', '.join(f'<@{user}>' for user in wait.users)}, a reminder: {text}"
    if game.waiting_since is not None:
        text += f" The game has waited since {when(game.waiting_since)}."
    deadline = deadline_at(game)
    if deadline is not None:
        text += f" At the deadline, {when(deadline)}, {at_deadline}."
    return text


class Timers(commands.Cog):
    """Reminders and deadlines: a background task rings each game's alarm, once, in time."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        self.looking = True
        """Whether the task is looking at the alarms (or has yet to, the first time)."""
        self.looked_at = discord.utils.utcnow()
        """When it last began to look; its sleep is counted from then."""
        self.wake_at: datetime | None = None
        """When it looks next, while it sleeps."""
        self.expected: datetime | None = None
        """The soonest alarm set while it looks, to sleep no longer than that afterwards."""

    async def cog_load(self) -> None:
        self.bot.alarm_clock = self.expect
        self.keep_time.start()

    async def cog_unload(self) -> None:
        self.bot.alarm_clock = None
        self.keep_time.cancel()

    def expect(self, at: datetime | None) -> None:
        """An alarm was set for ``at``: wake the task sooner if it would sleep past it."""
        if at is None:
            return
        if self.looking:
            self.expected = at if self.expected is None else min(at, self.expected)
        elif at < self.wake_at:
            self.sleep_until(at)

    def sleep_until(self, at: datetime) -> None:
        self.wake_at = at
        self.keep_time.change_interval(seconds=max((at - self.looked_at).total_seconds(), 0.0))

    @tasks.loop(seconds=LONGEST_NAP.total_seconds())
    async def keep_time(self) -> None:
        """Store the messages noted since the last look, redraw the pinned boards of games that changed,
        and ring the alarms that are due; then sleep until the next one (or a sooner one set meanwhile)."""
        self.looked_at = now = discord.utils.utcnow()
        self.looking = True
        try:
            await self.bot.store_shown()
            await redraw_boards(self.bot)
            look_again = await self.ring(now)
        except Exception:
            log.exception("could not read the alarms; trying again in a minute")
            look_again = now + AFTER_A_FAILURE
        if self.expected is not None:
            look_again, self.expected = min(look_again, self.expected), None
        self.looking = False
        self.sleep_until(look_again)

    @keep_time.before_loop
    async def until_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def ring(self, now: datetime) -> datetime:
        """Handle every alarm due by ``now`` on this process's shards; returns when to look again."""
        shard_count = self.bot.shard_count or 1
        alarms = await self.bot.db.next_alarms(BATCH, shard_count, self.bot.shard_ids or range(shard_count))
        failed = False
        for alarm in alarms:
            if alarm.alarm_at > now:
                return min(alarm.alarm_at, now + (AFTER_A_FAILURE if failed else LONGEST_NAP))
            failed |= not await self.ring_one(alarm, now)
        if failed:
            return now + AFTER_A_FAILURE
        return now if len(alarms) == BATCH else now + LONGEST_NAP

    async def ring_one(self, alarm: AlarmRow, now: datetime) -> bool:
        """Handle one alarm; False if Discord or the database failed for now (it rings again in a minute).

        Any other failure is logged and drops the alarm, until the game's next action sets a new one.
        """
        try:
            await self.handle(alarm, now)
        except StaleGame:
            log.info("the game in channel %s changed while its alarm rang: its new alarm stands", alarm.channel_id)
        except (DatabaseUnavailable, discord.HTTPException) as error:
            log.warning("could not ring the alarm of the game in channel %s: %s", alarm.channel_id, error)
            return False
        except Exception:
            log.exception("the alarm of the game in channel %s (guild %s) failed; it is dropped",
                          alarm.channel_id, alarm.guild_id)
            async with self.bot.db.unit(alarm.guild_id, alarm.channel_id) as uow:
                if uow.game is not None and uow.due_alarm(now):
                    uow.set_alarm(None, None, None)
        return True

    async def handle(self, alarm: AlarmRow, now: datetime) -> None:
        """Ring one game's alarm, if it is still due when its unit has the game: commit, then tell the channel."""
        asked_for(alarm.guild_id)
        channel = await self.bot.find_channel(alarm.channel_id)
        server = await self.bot.server_settings(alarm.guild_id)
        self.bot.db.forget_game(alarm.guild_id, alarm.channel_id)     # as stored, whoever changed it last
        async with self.bot.db.unit(alarm.guild_id, alarm.channel_id) as uow:
            kind = uow.due_alarm(now) if uow.game is not None else None
            if kind is None:
                return
            if channel is None:
                log.warning("channel %s of game %s is gone: its alarm is dropped", alarm.channel_id, uow.game.id)
                uow.set_alarm(None, None, None)
                return
            rules = ruleset(uow.game.ruleset)
            state = rules.load(uow.game.state)
            wait = waiting_on(rules, state, uow.game)
            if wait is None:
                uow.set_alarm(None, None, None)
                return
            if kind == REMINDER:
                after_reminder(uow)
                notice = Notice(reminder_text(wait, uow, state), ping=pingable(uow.game, list(wait.users)))
            else:
                notice = await self.deadline(uow, rules, state, wait, server.reminder_hours)
                self.bot.board_changed(uow.game, server)
            self.expect(uow.game.alarm_at)
        await self.tell(channel, notice)

    async def deadline(self, uow: UnitOfWork, rules: Ruleset, state: State, wait: Wait, server_hours: float
                       ) -> Notice:
        """The deadline passed: a roll waiting is kept; else the ruleset moves play on (its
        :meth:`~bot.rules.core.ruleset.Ruleset.at_deadline`, with the game's ``deadline_action``)."""
        game, before = uow.game, uow.game.state
        waiting, view, turned = None, None, []
        who = name_in(state, wait)
        kept = bool(state.pending)
        if kept:
            waiting = await waiting_roll(uow, state)
            state, resolution = decide(state, KEEP, self.bot.dice(rules, state, game.channel_id))
            moved = await after_roll_aside(rules, state, resolution)                # a move on the map is carried out too
            outcome = " ".join(filter(None, ("keeps the roll.", moved)))
            data = {"resolution": serial.to_json(resolution)}
            drawn, filename = roll_picture(rules, resolution), "roll.png"
            sealed = sealing(rules, before, state, uow.head)
        else:
            dice = self.bot.dice(rules, state, game.channel_id)
            step = rules.at_deadline(state, wait, dice, game.deadline_action)
            outcome = step.outcome or ("does not act." if who else f"{markdown(wait.then)}." if wait.then else "")
            data, turned, sealed = step_data(step, dice), [*map(markdown, step.lines)], sealing(rules, before, state,
                                                                                               uow.head)
            content, embed, ping, drawn = step_message(rules, state, step, announced(sealed, rules.turn_name))
            filename = step_filename(step)
        text = " ".join(["The deadline passed:", *filter(None, (who, outcome)), *turned])
        uow.save(state.to_json())
        seq = await uow.log(self.bot.user.id, "deadline", text, {**data, **sealed}, before=before)
        if kept:
            content, embed, view, ping = roll_message(game.id, seq, rules, state, resolution)
        said = f"**{safe(who)}** {safe(outcome)}" if who else outcome
        content = "\n".join(filter(None, (f"⏰ The deadline passed: {said}", content)))
        start_wait(uow, rules, state, server_hours, discord.utils.utcnow())
        return Notice(content, embed, view, pingable(game, ping), drawn, filename, entry=(game.id, seq),
                      buttons_of=self.bot.message_showing(game.id, waiting[0]) if waiting else None)

    async def tell(self, channel: discord.abc.Messageable, notice: Notice) -> None:
        """Post the notice (remembering it as its log entry's message) and take away buttons it outdated."""
        image = await render(notice.picture) if notice.picture is not None else None
        try:
            message = await post(channel, content=notice.content, embed=notice.embed, image=image,
                                 filename=notice.filename, view=notice.view, ping=notice.ping)
            if notice.entry is not None:
                self.bot.remember_message(*notice.entry, message.id)
            if notice.buttons_of is not None:
                await channel.get_partial_message(notice.buttons_of).edit(view=None)
        except (discord.HTTPException, ReplyFailed) as error:
            log.warning("could not tell channel %s of its alarm: %s", getattr(channel, "id", "?"), error)


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Timers(bot))
