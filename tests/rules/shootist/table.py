"""A Shootist table for the tests: shootists cast as ``/cast add`` would, and dice written in the test."""

import random

from bot.rules.core.actions import perform
from bot.rules.core.ruleset import CastSpec
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.state import ShootistState
from tests.rules import scripted


class Dice(scripted.Dice):
    """``randint`` returns the faces given, in order, whatever the die (each checked to fit it). A
    :class:`~tests.rules.scripted.Dice`, so the bot of the SimCord tests rolls them rather than the turn's seal."""

    def randint(self, a: int, b: int) -> int:
        if not self.faces:
            raise AssertionError("the action rolled more dice than the test scripted")
        face = self.faces.pop(0)
        assert a <= face <= b, f"a D{b} cannot show {face}"
        return face


def game(*casts: tuple[str, int, dict], kinds: dict[str, str] | None = None) -> ShootistState:
    """A game with each ``(name, owner, options)`` cast; no turn dealt."""
    state = SHOOTIST.new_game()
    for name, owner, options in casts:
        kind = (kinds or {}).get(name, "shootist")
        SHOOTIST.cast(state, CastSpec(name.lower(), name, owner, kind, options), random.Random(0))
    return state


def dealt(state: ShootistState, *draws: int) -> ShootistState:
    """The Draw phase with the Draw dice written out, in casting order."""
    SHOOTIST.deal(state, Dice(*draws))
    return state


def act(state, request, *faces):
    """Perform with the dice given; every one of them must be rolled."""
    dice = Dice(*faces)
    state, result = perform(state, request, dice)
    assert not dice.faces, f"dice left over: {dice.faces}"
    state.check()
    return state, result


def titles(result) -> list[str]:
    return [r.outcome.title for r in result.readings]


def dies(result) -> list[int]:
    """The die type each roll was made with."""
    return [r.roll.dice.sides for r in result.readings]
