"""Post Action Rest and Recovery: what each character carries into the next adventure.

A campaign keeps a roster of :class:`Veteran` characters between adventures. After
each adventure every veteran who took part rolls on the Post Action Rest and
Recovery chart (:func:`recover`) and the outcome is applied (:func:`after_adventure`);
a veteran who missed it comes back fully recovered (:func:`missed_adventure`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import serial
from ..core.replay import Context, Reading
from ..core.ruleset import Campaign, Enlisted, Homecoming, Standing
from ..core.words import Command, Name, words
from .charts import CHARTS
from .rolls import Situation, Test, action_roll
from .state import Carried, Character, QotdState, Mount, RulesError, Trait, shallow
from .traits import PERSONALITIES, SKILLS

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
    adventures: int = 0
    """Adventures taken part in."""
    notes: list[str] = field(default_factory=list)
    """Each adventure's Post Action Rest and Recovery, by the titles of its outcomes."""


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
    told = {"adventures": veteran.adventures + 1,
            "notes": [*veteran.notes, " → ".join(reading.outcome.title for reading in recovery.readings)]}
    if recovery.dies:
        return Veteran(character, Standing.DEAD, **told)
    if recovery.sits_out or recovery.cards_less >= character.type.row.cards:
        return Veteran(character, Standing.RESTING, traits_due=veteran.traits_due, **told)
    return Veteran(character, Standing.READY, recovery.cards_less, recovery.reduced,
                   veteran.traits_due + recovery.new_trait, **told)


def missed_adventure(veteran: Veteran) -> Veteran:
    """A veteran who missed an adventure takes part in the next one fully recovered; the dead stay dead."""
    if veteran.standing is Standing.DEAD:
        return veteran
    return Veteran(veteran.character, traits_due=veteran.traits_due, adventures=veteran.adventures,
                   notes=veteran.notes)


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


# -- the roster as the bot keeps it -----------------------------------------------------------------


def veteran(enlisted: Enlisted) -> Veteran:
    """A roster entry as the rules engine sees it."""
    return dataclasses.replace(serial.from_json(Veteran, enlisted.data), standing=enlisted.standing)


def kept(veteran: Veteran) -> dict[str, Any]:
    """What the roster keeps of a veteran besides how they stand (JSON)."""
    return serial.to_json(dataclasses.replace(veteran, standing=Standing.READY))


def consequence(recovery: Recovery, after: Veteran) -> str:
    """What a recovery means for the next adventure, in plain words."""
    if after.standing is Standing.DEAD:
        return "Dies: they cannot be cast again."
    words = []
    if recovery.personality:
        words.append(f"Now {PERSONALITIES[recovery.personality].name}.")
    if after.standing is Standing.RESTING and not recovery.sits_out:
        words.append("With one card less they would have none: they miss the next adventure and come back "
                     "fully recovered.")
    elif after.standing is Standing.RESTING:
        words.append("Misses the next adventure, then comes back fully recovered.")
    elif after.cards_less:
        less = "one card less and reduced dice" if after.reduced else "one card less"
        words.append(f"In the next adventure: {less}; or they miss it and come back fully recovered.")
    else:
        words.append("Takes part in the next adventure fully fit.")
    if recovery.new_trait:
        words.append("Picks a new trait from the menu below.")
    return " ".join(words)


class Adventures(Campaign):
    """Quick on the Draw's campaigns: a roster of veterans, who roll Post Action Rest and Recovery after each
    adventure they take part in (Reel 6)."""

    homecoming = "Post Action Rest and Recovery"

    def enrol(self, state: QotdState, key: str) -> dict[str, Any]:
        character = state.characters[key]
        if character.is_beast:
            raise RulesError("Beasts do not join a roster.")
        return kept(Veteran(enlist(character)))

    def recast(self, state: QotdState, enlisted: Enlisted, rng: random.Random) -> Character:
        """The veteran, with a card less and reduced dice if the last recovery says so; not while a new trait is
        still to pick."""
        before = veteran(enlisted)
        character, cards = cast_veteran(before, enlisted.entry)
        if before.traits_due:
            raise RulesError(words(Name(enlisted.name), " has a new trait to pick first: ", Command("campaign learn"),
                                   " shows the menu."))
        return state.add(character, rng, cards)

    def unfinished(self, state: QotdState) -> str:
        """Never: Post Action Rest and Recovery is rolled as the adventure ends."""
        return ""

    def keep(self, state: QotdState, roster: Sequence[Enlisted], rng: random.Random) -> list[Homecoming]:
        """Post Action Rest and Recovery for every veteran who took part; those who missed the adventure come
        back fully recovered for the next one."""
        played = {c.roster_id: c for c in state.characters.values() if c.roster_id}
        out = []
        for enlisted in roster:
            before = veteran(enlisted)
            character = played.get(enlisted.entry)
            if character is None:
                after = missed_adventure(before)
                if after != before:
                    out.append(Homecoming(enlisted.entry, after.standing, kept(after)))
                continue
            recovery = recover(character, rng)
            after = after_adventure(before, character, recovery)
            out.append(Homecoming(enlisted.entry, after.standing, kept(after), consequence(recovery, after),
                                  recovery.readings, recovery.new_trait))
        return out

    def amend(self, enlisted: Enlisted, changes: Mapping[str, Any]) -> dict[str, Any]:
        if any(value is not None for value in changes.values()):
            raise RulesError("A veteran changes only as their adventures and their recoveries change them.")
        return enlisted.data

    def describe(self, enlisted: Enlisted) -> tuple[str, str]:
        """"Hero, Brave" and "ready, a new trait to pick; 2 adventures; last: Fighting Fit!"."""
        held = veteran(enlisted)
        character = held.character
        standing = {Standing.READY: "ready", Standing.RESTING: "misses the next adventure",
                    Standing.DEAD: "dead"}[held.standing]
        if held.cards_less:
            standing += ", one card less" + (" and reduced dice" if held.reduced else "") + " next adventure"
        if held.traits_due:
            standing += ", a new trait to pick"
        last = f"; last: {held.notes[-1]}" if held.notes else ""
        played = f"{held.adventures} adventure{'s' * (held.adventures != 1)}"
        return f"{character.type.title}, {PERSONALITIES[character.personality].name}", f"{standing}; {played}{last}"


__all__ = ["Adventures", "DRAWBACKS", "Recovery", "Standing", "Veteran", "after_adventure", "at_limit", "cast_veteran",
           "consequence", "enlist", "kept", "learn", "lessons", "may_learn", "missed_adventure", "recover", "veteran"]
