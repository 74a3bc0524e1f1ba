"""Answering in time: the real Discord drops an interaction not acknowledged within 3 s of its creation.

A command's first response is its answer when that comes quickly. Nothing is acknowledged before the command
is accepted, so that its refusals stay the user's alone (a public "thinking…" cannot turn into a private
message). An accepted change is acknowledged ("thinking…", in the channel, where its answer goes) before it
is stored when it would otherwise keep others waiting, or wait itself: when its interaction has waited
:data:`~bot.glue.arrivals.GIVE_WAY_AFTER` since it arrived, when its store must wait for others', or when interactions arrived
after it and its store waits on the database. The command then gives way to them, so that a burst is
acknowledged, command after command, before the answers are written out; so is a command under a burst
before a picture, which waits its turn for a worker. Otherwise it is acknowledged only if storing it takes
longer than :data:`ACKNOWLEDGE_AFTER` (a loop timer, armed only once the store is known to wait, and called off
when it ends: SQLite's quick commit, made on the event loop, arms none): a store that fails at once (the
database out of reach) is refused to its user alone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import discord

from bot.glue.arrivals import GIVE_WAY_AFTER, Arrivals

if TYPE_CHECKING:
    from bot.glue.client import DirectorBot
    from bot.storage import UnitOfWork

log = logging.getLogger("director.answering")

ACKNOWLEDGE_AFTER = 1.0
"""Seconds an accepted change may take to store before Discord is told its answer is coming."""


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool = False, thinking: bool = True) -> None:
    """Tell Discord the answer is coming ("thinking"), if it has not been answered yet: an interaction not
    acknowledged within 3 s is lost. Done once a command is accepted (its refusals stay ephemeral) and
    before what may keep it waiting: storing the change, a long piece of work. Should Discord refuse it, the
    command goes on, and its answer is the acknowledgement. A press acknowledged without ``thinking`` shows
    nothing (a deferred update)."""
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer(thinking=thinking, ephemeral=ephemeral)
    except discord.HTTPException as error:
        log.warning("could not acknowledge interaction %s: %s", interaction.id, error)


@asynccontextmanager
async def storing(bot: DirectorBot, interaction: discord.Interaction) -> AsyncIterator[UnitOfWork]:
    """The unit of work of one command on its channel (see :meth:`Database.unit`), whose change, once the
    block accepts it, is acknowledged in time while it is stored."""
    late: LateAcknowledgement | None = None
    try:
        async with bot.db.unit(interaction.guild_id, interaction.channel_id) as uow:
            yield uow
            if uow.changed:
                late = await accepted(bot.arrivals, interaction, uow)
    finally:
        if late is not None:
            await late.settle()


async def accepted(arrivals: Arrivals, interaction: discord.Interaction, uow: UnitOfWork
                   ) -> LateAcknowledgement | None:
    """The change is accepted and about to be stored. It is acknowledged now, and gives way to the interactions
    behind it, when it has waited :data:`~bot.glue.arrivals.GIVE_WAY_AFTER`, when its store waits for others', or when others
    arrived after it and its store is more than SQLite's quick commit; else the acknowledgement to make if
    storing takes long is returned."""
    if not (arrivals.waited(interaction) >= GIVE_WAY_AFTER or uow.store_waits
            or (arrivals.behind(interaction) and not uow.store_is_quick)):
        return LateAcknowledgement(interaction, uow)
    await acknowledge(interaction)
    await asyncio.sleep(0)                # the commands that arrived meanwhile reach their acceptance first
    return None


async def acknowledge_if_crowded(interaction: discord.Interaction, *, thinking: bool = True) -> None:
    """Acknowledge the interaction when it is crowded (see :meth:`Arrivals.crowded`): a command before its answer's
    slow part (a picture, which waits its turn for a worker); a button or menu pressed under a burst at once, before
    its game is read, without ``thinking`` (a deferred update shows no one anything, and the press's answer and
    refusals follow as messages of their own, each public or private as it would have been)."""
    if interaction.client.arrivals.crowded(interaction):
        await acknowledge(interaction, thinking=thinking)


class LateAcknowledgement:
    """Acknowledges an accepted change whose store takes longer than :data:`ACKNOWLEDGE_AFTER`: timed from the
    moment the store is known to wait (:attr:`UnitOfWork.on_slow_store`)."""

    def __init__(self, interaction: discord.Interaction, uow: UnitOfWork) -> None:
        self.interaction = interaction
        self.acknowledging: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        uow.on_slow_store = self._arm

    def _arm(self) -> None:
        self.timer = asyncio.get_running_loop().call_later(ACKNOWLEDGE_AFTER, self._due)

    def _due(self) -> None:
        self.acknowledging = asyncio.ensure_future(acknowledge(self.interaction))

    async def settle(self) -> None:
        """The store is over: an acknowledgement under way is let finish (the answer follows it), one not yet
        due is called off."""
        if self.timer is not None:
            self.timer.cancel()
        if self.acknowledging is not None:
            await self.acknowledging
