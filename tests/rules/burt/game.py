"""A Steve Burt game to test on, and dice written in the test so each test reads like a worked example."""

from __future__ import annotations

import random

from bot.rules.burt.ruleset import BURT
from bot.rules.burt.state import BurtState
from bot.rules.core.actions import Request, perform
from bot.rules.core.results import Resolution
from bot.rules.core.ruleset import CastSpec
from tests.rules.scripted import Dice


class Faces(Dice):
    """``randint(1, n)`` returns the faces given, in order, whatever the die (each checked to be on it);
    shuffling stays seeded. A :class:`~tests.rules.scripted.Dice`, so the bot of the SimCord tests rolls them."""

    def randint(self, a: int, b: int) -> int:
        if a != 1:
            return super().randint(a, b)
        if not self.faces:
            raise AssertionError("the action rolled more dice than the test scripted")
        face = self.faces.pop(0)
        assert 1 <= face <= b, f"a {face} on a d{b}"
        return face


def cast(state: BurtState, name: str, kind: str, owner: int = 1, **options: str):
    """Cast a character as ``/cast add`` would."""
    return BURT.cast(state, CastSpec(name.lower(), name, owner, kind, options), random.Random(0))


def game(**casts: str) -> BurtState:
    """A game with a character per keyword (name=class), owners 1, 2, 3 ... in order; nothing dealt yet, so
    actions are not counted."""
    state = BURT.new_game()
    for owner, (name, kind) in enumerate(casts.items(), 1):
        cast(state, name.title(), kind, owner)
    return state


def play(state: BurtState, request: Request, *faces: int) -> tuple[BurtState, Resolution]:
    """Perform an action with the dice given, every one of which it must roll."""
    dice = Faces(*faces)
    new, resolution = perform(state, request, dice)
    assert not dice.faces, f"dice left unrolled: {dice.faces}"
    new.check()
    return new, resolution


def titles(resolution: Resolution) -> list[tuple[str, int, str]]:
    """Each roll as (label, die, outcome title)."""
    return [(r.label, r.roll.value, r.outcome.title) for r in resolution.readings]


def up(state: BurtState, key: str) -> BurtState:
    """Deal a turn whose first card is ``key``'s, and turn it."""
    BURT.deal(state, random.Random(0))
    state.to_come.remove(key)
    state.to_come.insert(0, key)
    BURT.advance(state, random.Random(0))
    assert state.acting == key
    return state
