"""Running an action: perform a request, pause for a re-roll decision, resume with the choice.

Each kind of request is a dataclass registered with its handler by
:func:`action`. A handler works on a fork of the game (see
:meth:`GameState.fork`) and tells its story through the context; if a roll
pauses for a decision, the game is returned unchanged but for
``state.pending`` (the request and the tape, as JSON), and :func:`decide`
later replays the action with the choice made.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from ..core import serial
from ..core.replay import KEEP, ChoiceError, Context, Entry, Paused
from .results import Resolution
from .state import GameState, RulesError


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

    def involved(self) -> tuple[str, ...]:
        """Keys of the characters the action may change, the actor first."""
        raise NotImplementedError


Handler = Callable[[GameState, Any, Context], Story]
_HANDLERS: dict[str, tuple[type[Request], Handler]] = {}
R = TypeVar("R", bound=Request)


def action(request_type: type[R]) -> Callable[[Callable[[GameState, R, Context], Story]], Callable]:
    """Register a handler for a request type."""
    def register(handler: Callable[[GameState, R, Context], Story]) -> Callable:
        _HANDLERS[request_type.kind] = (request_type, handler)
        return handler
    return register


def begin(ctx: Context, story: Story) -> Story:
    """Tell the context the story before the first roll, so that a pause can show it."""
    ctx.story = story
    return story


def _run(state: GameState, request: Request, ctx: Context) -> tuple[GameState, Resolution]:
    _, handler = _HANDLERS[request.kind]
    characters = state.characters
    keys = dict.fromkeys(request.involved())
    for key in keys:
        if key not in characters and key not in state.vehicles:
            raise RulesError(f"There is no character {key!r} in this game.")
    fighting = [key for key in keys if key in characters and characters[key].opponents]
    if fighting:                       # their opponents too: a combat may end for them
        keys.update(dict.fromkeys(k for key in fighting for k in characters[key].opponents if k in characters))
        fighting = [key for key in keys if key in characters and characters[key].opponents]
    work = state.fork(*keys)
    try:
        story = handler(work, request, ctx)
        in_combat = [*fighting, *(k for k in keys if k in work.characters and work.characters[k].opponents)]
        for character in work.settle_combats(dict.fromkeys(in_combat)) if in_combat else ():
            ctx.note(f"{character.name}'s combat is over.")
    except Paused as paused:
        state.pending = {"request": {"kind": request.kind, **serial.to_json(request)},
                         "tape": serial.to_json(ctx.tape), "roller": paused.decision.roller}
        return state, _resolution(ctx.story, ctx, paused)
    return work, _resolution(story, ctx, None)


def _resolution(story: Any, ctx: Context, paused: Paused | None) -> Resolution:
    return Resolution(story.kind, story.headline, story.actor, story.target, tuple(ctx.readings),
                      tuple(ctx.changes), paused.decision if paused else None)


def perform(state: GameState, request: Request, rng: random.Random) -> tuple[GameState, Resolution]:
    """Carry out a request. Returns the new state and what happened.

    When a roll waits for a decision, the returned state is ``state`` itself with
    ``pending`` set, and the resolution's ``decision`` names the choice to make.
    """
    if state.pending:
        raise RulesError("An earlier roll is waiting for a re-roll decision.")
    return _run(state, request, Context(rng))


def pending_request(state: GameState) -> Request:
    """The request of the action waiting for a decision."""
    if not state.pending:
        raise RulesError("There is no re-roll waiting for a decision.")
    data = dict(state.pending["request"])
    request_type, _ = _HANDLERS[data.pop("kind")]
    return serial.from_json(request_type, data)


def decide(state: GameState, choice: str, rng: random.Random) -> tuple[GameState, Resolution]:
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


__all__ = ["KEEP", "Request", "Story", "action", "begin", "decide", "pending_request", "perform"]
