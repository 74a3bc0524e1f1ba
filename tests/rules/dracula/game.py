"""A game of Dracula's America for the scenario tests, and dice that fall as a test writes them."""

from __future__ import annotations

import random

from bot.rules import registry  # noqa: F401
from bot.rules.core.ruleset import CastSpec
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.dracula.state import DraculaState

ANN, BOB = 1, 2


class Faces(random.Random):
    """``randint`` returns the faces given, in order, whatever the die (each checked to fit it); shuffles stay
    seeded."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if not self.faces:
            raise AssertionError("the rules rolled more dice than the test scripted")
        face = self.faces.pop(0)
        assert a <= face <= b, f"a D{b} cannot show {face}"
        return face


def cast(state: DraculaState, key: str, owner: int, type: str, **options: str) -> None:
    DRACULA.cast(state, CastSpec(key, key.capitalize(), owner, type, options), random.Random(0))


def two_posses() -> DraculaState:
    """Ann's posse: Abe (Hero Boss, Pistol, Rifle), Art (Novice, Shotgun); Bob's: Bo (Veteran Boss, Sixgun),
    Bud (Novice, Carbine), Ben (Novice, Pistol)."""
    state = DRACULA.new_game()
    for user in (ANN, BOB):
        DRACULA.join(state, user, random.Random(0))
    cast(state, "abe", ANN, "hero", boss="True", weapons="Pistol, Rifle")
    cast(state, "art", ANN, "novice", weapons="Shotgun")
    cast(state, "bo", BOB, "veteran", boss="True", weapons="Sixgun")
    cast(state, "bud", BOB, "novice", weapons="Carbine")
    cast(state, "ben", BOB, "novice", weapons="Pistol")
    return state
