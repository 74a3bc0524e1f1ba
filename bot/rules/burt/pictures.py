"""What Steve Burt's pictures show, in the pictures' vocabulary (:mod:`bot.rules.core.pictures`): the character deck
as a /draw turns it (a card bearing a character's name, STOP, EVENT), and an action's card of one die a reading, each
outcome in its tone."""

from __future__ import annotations

from ..core.pictures import BoxedCard, Named, NameCards, Tone
from ..core.results import Resolution
from ..core.ruleset import Step
from .state import EVENT, STOP

NAMED = {STOP: Named.STOP, EVENT: Named.EVENT}
"""The deck's two cards that are nobody's."""
TONES = {"Hit": Tone.GOOD, "OK": Tone.GOOD, "Gets up": Tone.GOOD, "Stays up": Tone.GOOD, "Made it": Tone.GOOD,
         "Miss": Tone.TROUBLE, "Try again": Tone.TROUBLE, "Stays down": Tone.TROUBLE, "Light": Tone.TROUBLE,
         "Serious": Tone.GRAVE, "Critical": Tone.GRAVE, "Jammed": Tone.GRAVE, "Permanently jammed": Tone.GRAVE,
         "Falls over stunned": Tone.GRAVE, "Fallen over": Tone.GRAVE}
"""The tone of each outcome of the text: good goes the roller's way, grave and dark (the rest: dead, 10: roll again)
badly, trouble between."""


def step_picture(step: Step) -> NameCards | None:
    """The character deck's cards a step turned, if any."""
    return NameCards(tuple(NAMED.get(face, face) for face in step.faces)) if step.faces else None


def roll_picture(resolution: Resolution) -> BoxedCard:
    """An action's card: each die with its outcome in the text's tone."""
    return BoxedCard(resolution, tuple(TONES.get(reading.outcome.title, Tone.DARK) for reading in resolution.readings))
