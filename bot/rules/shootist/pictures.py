"""What Shootist's pictures show, in the pictures' vocabulary (:mod:`bot.rules.core.pictures`): the Draw as typed
dice in Draw order, and an action's card of typed dice, blood drawn in red and a close shave in green."""

from __future__ import annotations

import re

from ..core.pictures import Drawn, DrawOrder, Tone, TypedCard
from ..core.results import Resolution
from ..core.ruleset import Step
from .state import ShootistState

DIE_FACE = re.compile(r"d(\d+):(\d+(?:,\d+)*):(.+)")
"""A die the Draw rolled for a shootist, as its step's faces give it: ``d8:5:<key>``, or ``d8:5,3:<key>`` with the
rolls again that broke a tie."""
BAD = frozenset({"Hit", "Dead", "Falls", "Falls off", "Loses", "Head"})
GOOD = frozenset({"Miss", "Alive", "Wins", "Stays in the saddle", "Keeps his footing", "1"})
"""Outcomes read as blood drawn (grave) and as a close shave (good); the rest plain."""


def step_picture(state: ShootistState, step: Step) -> DrawOrder | None:
    """The Draw dice a step rolled, in Draw order (a shootist gone since, by key); None for a step that rolled
    none."""
    dice = [DIE_FACE.fullmatch(face) for face in step.faces]
    if not dice or not all(dice):
        return None
    return DrawOrder(str(step.title), tuple(Drawn(state.characters[m[3]].name if m[3] in state.characters else m[3],
                                             int(m[1]), tuple(map(int, m[2].split(",")))) for m in dice))


def roll_picture(resolution: Resolution, aside: str) -> TypedCard:
    """An action's card: its dice by type, each outcome in its tone."""
    return TypedCard(resolution, tuple(Tone.GRAVE if reading.outcome.title in BAD else
                                       Tone.GOOD if reading.outcome.title in GOOD else Tone.PLAIN
                                       for reading in resolution.readings), aside)
