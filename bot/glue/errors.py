"""Errors whose messages are safe to show a user; everything else is logged, not shown."""

from __future__ import annotations


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
