"""Keeping play moving: whom a game waits on, and when the bot reminds them or acts for them.

Every action starts a new wait. Its first alarm is the reminder (after the game's or
the server's reminder interval), or the deadline when that comes first; once the
reminder has gone, the deadline (if the game has one) is the wait's last alarm.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from .db import GameRow, UnitOfWork
from .rules.qotd.state import Character, Condition, GameState

REMINDER, DEADLINE = "reminder", "deadline"
HOLD, SKIP = "hold", "skip"
DECISION, TURN, LAST_CARD, HELD, NEXT_PHASE = "decision", "turn", "last card", "held", "next phase"
"""What a game waits for (see :class:`Wait`)."""


@dataclass(frozen=True, slots=True)
class Wait:
    """Whom the game waits on, and for what: ``DECISION``, the re-roll choice on ``character``'s roll;
    ``TURN``, ``character``'s turn, their card up; ``LAST_CARD``, the same on the phase's last card;
    ``HELD``, the next card, ``character`` holding on theirs; ``NEXT_PHASE``, a Director to deal the
    next phase (``character`` None)."""

    user_id: int
    reason: str
    character: Character | None = None


def waiting_on(state: GameState, director_id: int) -> Wait | None:
    """Whom the game waits on: the owner of a roll waiting for its re-roll decision; else the owner of the
    character whose card is up; else, when the phase's pack is spent and its last card acts no more (its
    character holds, or it was a holder's card that passed), the Director. None before the first phase."""
    if state.pending:
        roller = state.characters.get(state.pending["roller"])
        return Wait(roller.owner, DECISION, roller) if roller else None
    acting = state.acting
    holding = acting is not None and Condition.HOLDING in acting.conditions
    if state.deck.spent and (acting is None or holding):
        return Wait(director_id, NEXT_PHASE)
    if acting is None:
        return None
    return Wait(acting.owner, HELD if holding else LAST_CARD if state.deck.spent else TURN, acting)


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


def start_wait(uow: UnitOfWork, state: GameState, server_hours: float, now: datetime) -> datetime | None:
    """After an action: the game waits afresh on whoever is to act in ``state``, from ``now``.

    Sets the game's alarm on commit and returns when it rings (None: the game waits on nobody).
    """
    if waiting_on(state, uow.game.director_id) is None:
        uow.set_alarm(None, None, None)
        return None
    at, kind = first_alarm(uow.game, server_hours, now)
    uow.set_alarm(now, at, kind)
    return at


def after_reminder(uow: UnitOfWork) -> None:
    """The reminder has gone: the wait goes on, with its deadline as the last alarm, if it has one."""
    at = deadline_at(uow.game)
    uow.set_alarm(uow.game.waiting_since, at, DEADLINE if at else None)
