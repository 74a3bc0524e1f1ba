"""Errors whose messages are safe to show a user; everything else is logged, not shown."""

from __future__ import annotations

from collections.abc import Awaitable

import discord


class UserError(Exception):
    """A refusal the user should read: bad input, no permission, nothing to act on."""


class NoGame(UserError):
    def __init__(self) -> None:
        super().__init__("There is no game in this channel. A Director can start one with `/game start`.")


class NotAllowed(UserError):
    """The user may not do this (not the owner, not a Director)."""


class NotFound(UserError):
    """A name or id that matches nothing in this game."""


class ReplyFailed(Exception):
    """Discord would not take the reply to a command (or a message the bot posts unasked) whose change,
    if any, is already stored."""


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a menu's work; refusals and failures get the same handling as slash commands."""
    try:
        await work
    except Exception as error:
        await interaction.client.tree.on_error(interaction, error)
