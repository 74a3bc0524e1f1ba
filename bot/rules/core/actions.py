"""Running an action, for every ruleset: perform a request, pause for a re-roll decision, resume with the choice.

Each kind of request is a dataclass registered with its handler by
:func:`action`; kinds are unique across rulesets. A handler works on a fork of
the game (see :meth:`ActionState.fork`) and tells its story through the
context; if a roll pauses for a decision, the game is returned unchanged but
for ``state.pending`` (the request and the tape, as JSON), and :func:`decide`
later replays the action with the choice made.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from . import serial
from .errors import RulesError
from .replay import KEEP, ChoiceError, Context, Entry, Paused
from .results import Resolution


@dataclass
class Story:
    """What a handler says about the action before it rolls: the headline and who is involved."""

    kind: str
    headline: str
    actor: str
    target: str = ""


class Request:
    """Base of every action request: a plain dataclass naming the characters it touches."""

    kind: ClassVar[str]
    title: ClassVar[str] = ""
    """Its roll card's heading in the text's words ("Shoot Action"); empty: the last word of its kind."""

    def involved(self) -> tuple[str, ...]:
        """Keys of the characters the action may change, the actor first."""
        raise NotImplementedError


class ActionState(Protocol):
    """What an action needs of a ruleset's game state."""

    pending: dict[str, Any] | None
    """An action waiting for a decision: its request, its tape and the roller's key."""

    def involve(self, keys: tuple[str, ...]) -> dict[str, None]:
        """The keys an action naming ``keys`` may change: each checked to exist (else :class:`RulesError`),
        and widened as the rules need (those a character is fighting, say)."""

    def fork(self, *keys: str) -> ActionState:
        """A copy to run the action on, on which only ``keys`` may change."""

    def settle(self, before: ActionState, keys: dict[str, None], ctx: Context) -> None:
        """The ruleset's bookkeeping once a handler is done, told through ``ctx`` (a combat that ended, say)."""


S = TypeVar("S", bound=ActionState)
Handler = Callable[[Any, Any, Context], Story]
_HANDLERS: dict[str, tuple[type[Request], Handler]] = {}
R = TypeVar("R", bound=Request)
T = TypeVar("T")


def shallow(obj: T, **changes: Any) -> T:
    """A shallow copy of a (mutable) dataclass with some fields changed; much cheaper than
    ``dataclasses.replace``, which runs ``__init__`` again. Actions copy state on every roll."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__, **changes)
    return new


def action(request_type: type[R]) -> Callable[[Callable[[S, R, Context], Story]], Callable]:
    """Register a handler for a request type; a kind is registered once, whatever its ruleset."""
    def register(handler: Callable[[S, R, Context], Story]) -> Callable:
        if _HANDLERS.get(request_type.kind, (request_type,))[0] is not request_type:
            raise ValueError(f"Two requests of kind {request_type.kind!r}")
        _HANDLERS[request_type.kind] = (request_type, handler)
        return handler
    return register


def begin(ctx: Context, story: Story) -> Story:
    """Tell the context the story before the first roll, so that a pause can show it."""
    ctx.story = story
    return story


def _run(state: S, request: Request, ctx: Context) -> tuple[S, Resolution]:
    _, handler = _HANDLERS[request.kind]
    keys = state.involve(request.involved())
    work = state.fork(*keys)
    try:
        story = handler(work, request, ctx)
        work.settle(state, keys, ctx)
    except Paused as paused:
        state.pending = {"request": {"kind": request.kind, **serial.to_json(request)},
                         "tape": serial.to_json(ctx.tape), "roller": paused.decision.roller}
        return state, _resolution(ctx.story, ctx, paused, request.title)
    return work, _resolution(story, ctx, None, request.title)


def _resolution(story: Any, ctx: Context, paused: Paused | None, title: str) -> Resolution:
    return Resolution(story.kind, story.headline, story.actor, story.target, tuple(ctx.readings),
                      tuple(ctx.changes), paused.decision if paused else None, title)


def perform(state: S, request: Request, rng: random.Random) -> tuple[S, Resolution]:
    """Carry out a request. Returns the new state and what happened.

    When a roll waits for a decision, the returned state is ``state`` itself with
    ``pending`` set, and the resolution's ``decision`` names the choice to make.
    """
    if state.pending:
        raise RulesError("An earlier roll is waiting for a re-roll decision.")
    return _run(state, request, Context(rng))


def pending_request(state: ActionState) -> Request:
    """The request of the action waiting for a decision."""
    if not state.pending:
        raise RulesError("There is no re-roll waiting for a decision.")
    data = dict(state.pending["request"])
    request_type, _ = _HANDLERS[data.pop("kind")]
    return serial.from_json(request_type, data)


def decide(state: S, choice: str, rng: random.Random) -> tuple[S, Resolution]:
    """Make the waiting decision (a right's key, or ``"keep"``) and carry on with the action.

    The roll waiting is always the last one on the tape. If the choice is not
    open, the game is left waiting as it was.
    """
    request = pending_request(state)
    tape = serial.from_json(list[Entry], state.pending["tape"])
    tape[-1].choice = choice
    pending, state.pending = state.pending, None
    try:
        return _run(state, request, Context(rng, tape))
    except Exception as error:
        state.pending = pending
        if isinstance(error, ChoiceError):
            raise RulesError(str(error)) from error
        raise


__all__ = ["KEEP", "ActionState", "Request", "Story", "action", "begin", "decide", "pending_request", "perform"]
