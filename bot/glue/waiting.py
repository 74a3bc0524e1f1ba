"""Keeping play moving: whom a game waits on (its ruleset says), and when the bot reminds them or acts for them.

Every action starts a new wait. Its first alarm is the reminder (after the game's or
the server's reminder interval), or the deadline when that comes first; once the
reminder has gone, the deadline (if the game has one) is the wait's last alarm.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.storage import GameRow, UnitOfWork
from bot.rules.core.ruleset import HOLD, Ruleset, State, Wait, deciding

REMINDER, DEADLINE = "reminder", "deadline"
SKIP = "skip"
"""The deadline policy that has the turn pass (see :data:`~bot.rules.core.ruleset.HOLD`)."""


def waiting_on(ruleset: Ruleset, state: State, game: GameRow) -> Wait | None:
    """Whom the game waits on: the player of a roll waiting for its re-roll decision; else whom its ruleset
    says (the game's Director to deal the next turn)."""
    return deciding(state) or ruleset.waiting_on(state, game.director_id)


def reminder_hours(game: GameRow, server_hours: float) -> float:
    """The game's own reminder interval, else the server's."""
    return game.reminder_hours if game.reminder_hours is not None else server_hours


def first_alarm(game: GameRow, server_hours: float, since: datetime) -> tuple[datetime, str]:
    """A new wait's first alarm: the reminder, unless the deadline comes first (or at the same time)."""
    remind = reminder_hours(game, server_hours)
    if game.deadline_hours is not None and game.deadline_hours <= remind:
        return since + timedelta(hours=game.deadline_hours), DEADLINE
    return since + timedelta(hours=remind), REMINDER


def deadline_at(game: GameRow) -> datetime | None:
    """When the current wait's deadline passes (None: the game has no deadline, or waits on nobody)."""
    if game.deadline_hours is None or game.waiting_since is None:
        return None
    return game.waiting_since + timedelta(hours=game.deadline_hours)


def start_wait(uow: UnitOfWork, ruleset: Ruleset, state: State, server_hours: float, now: datetime
               ) -> datetime | None:
    """After an action: the game waits afresh on whoever is to act in ``state``, from ``now``.

    Sets the game's alarm on commit and returns when it rings (None: the game waits on nobody).
    """
    if waiting_on(ruleset, state, uow.game) is None:
        uow.set_alarm(None, None, None)
        return None
    at, kind = first_alarm(uow.game, server_hours, now)
    uow.set_alarm(now, at, kind)
    return at


def after_reminder(uow: UnitOfWork) -> None:
    """The reminder has gone: the wait goes on, with its deadline as the last alarm, if it has one."""
    at = deadline_at(uow.game)
    uow.set_alarm(uow.game.waiting_since, at, DEADLINE if at else None)
