"""Post Action Rest and Recovery: what each character carries into the next adventure.

A campaign keeps a roster of :class:`Veteran` characters between adventures. After
each adventure every veteran who took part rolls on the Post Action Rest and
Recovery chart (:func:`recover`) and the outcome is applied (:func:`after_adventure`);
a veteran who missed it comes back fully recovered (:func:`missed_adventure`).
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from ..core.replay import Context, Reading
from .charts import CHARTS
from .rolls import Situation, Test, action_roll
from .state import Carried, Character, QotdState, Mount, RulesError, Trait, shallow
from .traits import SKILLS

SHAKEN_PERSONALITIES = ("heroic", "brave", "rash")
"""A brush with death (Needs Extensive Medical Care!) makes these Ordinary; anyone else turns Cautious."""

DRAWBACKS = frozenset({"frail", "lumbering", "poor_in", "poor_fighter", "poor_shot"})
"""Skills and traits that nobody learns from experience (see docs/rulings.md)."""


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
    """Roll the character's Action dice (never reduced: the adventure is over) on the chart for how
    they ended the adventure."""
    ctx = Context(rng)
    character = shallow(character, reduced=False)
    down = character.casualty
    chart = CHARTS["recovery_down" if down else "recovery_fit"]
    reading = action_roll(QotdState(), ctx, character, chart, Situation(Test.TASK),
                          label="Post Action Rest and Recovery", adverse=lambda r: False)
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
    reading = action_roll(QotdState(), ctx, character, CHARTS["hes_going"], Situation(Test.TASK),
                          label="He's Going!", adverse=lambda r: False)
    readings = tuple(ctx.readings)
    title = reading.outcome.title
    if reading.roll.value <= 4:
        return Recovery(character.key, readings, title, dies=True)
    if reading.roll.value == 10:
        return Recovery(character.key, readings, title, sits_out=True)
    shaken = "ordinary" if character.personality in SHAKEN_PERSONALITIES else "cautious"
    return Recovery(character.key, readings, title, sits_out=True, personality=shaken)


# -- the roster -------------------------------------------------------------------------------------


class Standing(enum.Enum):
    """Where a roster character stands between adventures."""

    READY = "ready"
    RESTING = "resting"
    """Misses the next adventure, then comes back fully recovered."""
    DEAD = "dead"


@dataclass
class Veteran:
    """A roster character between adventures: who they are, and how they come to the next adventure."""

    character: Character
    """Type, personality, skills and traits, weapons, armour and mount: no cards, wounds or conditions."""
    standing: Standing = Standing.READY
    cards_less: int = 0
    reduced: bool = False
    traits_due: int = 0
    """New traits learnt from experience and not picked yet."""


def enlist(character: Character) -> Character:
    """The character as the roster keeps them: who they are and what they carry, with their weapons
    reloaded and in working order and their mount rested (see docs/rulings.md)."""
    mount = Mount(character.mount.kind, character.mount.stamina) if character.mount else None
    return Character(character.key, character.name, character.owner, character.type, character.personality,
                     traits=[Trait(t.key, t.detail) for t in character.traits],
                     weapons=[Carried.ready(w.weapon, w.ignition) for w in character.weapons],
                     armour=character.armour, shield=character.shield, mount=mount)


def after_adventure(veteran: Veteran, played: Character, recovery: Recovery) -> Veteran:
    """The veteran after an adventure they took part in: their kit as the adventure left it, and
    the recovery applied. One card less that would leave no card means missing the next adventure."""
    character = enlist(played)
    if recovery.personality:
        character.personality = recovery.personality
    if recovery.dies:
        return Veteran(character, Standing.DEAD)
    if recovery.sits_out or recovery.cards_less >= character.type.row.cards:
        return Veteran(character, Standing.RESTING, traits_due=veteran.traits_due)
    return Veteran(character, Standing.READY, recovery.cards_less, recovery.reduced,
                   veteran.traits_due + recovery.new_trait)


def missed_adventure(veteran: Veteran) -> Veteran:
    """A veteran who missed an adventure takes part in the next one fully recovered; the dead stay dead."""
    if veteran.standing is Standing.DEAD:
        return veteran
    return Veteran(veteran.character, traits_due=veteran.traits_due)


def cast_veteran(veteran: Veteran, roster_id: int) -> tuple[Character, int]:
    """The character to cast into an adventure from the roster, and how many cards they are dealt."""
    name = veteran.character.name
    if veteran.standing is Standing.DEAD:
        raise RulesError(f"{name} is dead (A Goner!) and cannot be cast again.")
    if veteran.standing is Standing.RESTING:
        raise RulesError(f"{name} must miss this adventure; they come back fully recovered for the next one.")
    character = veteran.character.copy()
    character.reduced, character.roster_id = veteran.reduced, roster_id
    return character, character.type.row.cards - veteran.cards_less


# -- Experience is a great Teacher! ----------------------------------------------------------------


def lessons(character: Character) -> list[Trait]:
    """The skills and traits experience may teach the character, in the book's order: none they have,
    no drawback; Good in a particular skill (the player names the skill), and Expert with each weapon
    they carry (or riding, when mounted)."""
    out = []
    for key in SKILLS:
        if key in DRAWBACKS:
            continue
        if key == "expert":
            subjects = [w.weapon for w in character.weapons] + (["riding"] if character.mount else [])
            out += [Trait(key, subject) for subject in dict.fromkeys(subjects) if not character.has(key, subject)]
        elif key == "good_in" or not character.has(key):
            out.append(Trait(key))
    return out


def may_learn(character: Character, lesson: Trait) -> bool:
    """Whether experience may teach the character this trait (with its detail)."""
    if lesson.key == "good_in":
        return bool(lesson.detail) and not character.has(lesson.key, lesson.detail)
    return lesson in lessons(character)


def at_limit(character: Character) -> bool:
    """Whether the character has as many skills and traits as their type allows."""
    return len(character.traits) >= character.type.row.max_traits


def learn(character: Character, lesson: Trait, replacing: Trait | None = None) -> None:
    """Add a trait experience taught. At their type's maximum it takes the place of ``replacing``,
    one of theirs (see docs/rulings.md)."""
    if not may_learn(character, lesson):
        raise RulesError(f"{character.name} cannot learn that.")
    if at_limit(character):
        if replacing not in character.traits:
            raise RulesError(f"{character.name} has a {character.type.title}'s most skills and traits: "
                             "pick the one the new trait replaces.")
        character.traits.remove(replacing)
    character.traits.append(lesson)


__all__ = ["DRAWBACKS", "Recovery", "Standing", "Veteran", "after_adventure", "at_limit", "cast_veteran",
           "enlist", "learn", "lessons", "may_learn", "missed_adventure", "recover"]
