"""Post Action Rest and Recovery: what each character carries into the next adventure."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.replay import Context, Reading
from .charts import CHARTS
from .rolls import Situation, Test, action_roll
from .state import Character, GameState

SHAKEN_PERSONALITIES = ("heroic", "brave", "rash")
"""A brush with death (Needs Extensive Medical Care!) makes these Ordinary; anyone else turns Cautious."""


@dataclass(frozen=True)
class Recovery:
    """One character's Post Action Rest and Recovery, and what it means for the next adventure."""

    character: str
    readings: tuple[Reading, ...]
    title: str
    cards_less: int = 0
    """Cards fewer than their type gives, if they take part in the next adventure."""
    reduced: bool = False
    """Uses reduced dice in the next adventure, if they take part."""
    may_rest: bool = False
    """They may instead miss the next adventure and come back fully recovered."""
    sits_out: bool = False
    """They must miss the next adventure."""
    new_trait: bool = False
    dies: bool = False
    personality: str = ""
    """Their new personality, when the brush with death changed it."""


def recover(character: Character, rng: random.Random) -> Recovery:
    """Roll the character's Action dice on the chart for how they ended the adventure."""
    ctx = Context(rng)
    down = character.casualty
    chart = CHARTS["recovery_down" if down else "recovery_fit"]
    reading = action_roll(GameState(), ctx, character, chart, Situation(Test.TASK), adverse=lambda r: False)
    value = reading.roll.value
    title = reading.outcome.title
    if down and value == 1:
        return _hes_going(character, ctx)
    done = tuple(ctx.readings)
    if value == 10:
        return Recovery(character.key, done, title, new_trait=True)
    if value >= 5:
        return Recovery(character.key, done, title)
    return Recovery(character.key, done, title, cards_less=1, reduced=value == 1 and not down, may_rest=True)


def _hes_going(character: Character, ctx: Context) -> Recovery:
    reading = action_roll(GameState(), ctx, character, CHARTS["hes_going"], Situation(Test.TASK),
                          label="He's Going!", adverse=lambda r: False)
    readings = tuple(ctx.readings)
    title = reading.outcome.title
    if reading.roll.value <= 4:
        return Recovery(character.key, readings, title, dies=True)
    if reading.roll.value == 10:
        return Recovery(character.key, readings, title, sits_out=True)
    shaken = "ordinary" if character.personality in SHAKEN_PERSONALITIES else "cautious"
    return Recovery(character.key, readings, title, sits_out=True, personality=shaken)


__all__ = ["Recovery", "recover"]
