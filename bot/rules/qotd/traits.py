"""Reel 2: personalities, and general and specific combat skills and traits.

Names and nicknames are the book's; the effects are short summaries in our own words
(the rules that apply them live with the tests they change).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .weapons import WEAPONS


class TraitKind(enum.Enum):
    """Which of the book's three lists a trait comes from."""

    PERSONALITY = "personality"
    GENERAL = "general skill or trait"
    COMBAT = "specific combat skill or trait"


@dataclass(frozen=True)
class Trait:
    """A personality, skill or trait. ``takes_detail``: it names a skill, area of study or weapon."""

    key: str
    name: str
    nickname: str
    effect: str
    kind: TraitKind
    takes_detail: bool = False


def _index(kind: TraitKind, rows: tuple[tuple[str, str, str, str], ...],
           detailed: frozenset[str] = frozenset()) -> dict[str, Trait]:
    """Traits by key, in the book's order."""
    return {key: Trait(key, name, nickname, effect, kind, key in detailed)
            for key, name, nickname, effect in rows}


PERSONALITIES: dict[str, Trait] = _index(TraitKind.PERSONALITY, (
    ("academic", "Academic", "A Very Clever Person",
     "May re-roll any action roll in their area of study; must pass a test to stop studying "
     "anything related to it that they come across."),
    ("brave", "Brave", "Made of stern stuff",
     "May re-roll a failed courage test (keeps the second); ignores grazes from combat."),
    ("bloodthirsty", "Bloodthirsty", "Always finishes their foe off",
     "Must pass an action test to stop fighting, or taking trophies from, a fallen foe."),
    ("cautious", "Cautious", "Holds back",
     "Uses reduced dice for every responding or reacting to new events test."),
    ("charismatic", "Charismatic", "An absolute Charmer",
     "May try to charm a character next to them (the charm chart)."),
    ("disciplined", "Disciplined", "Calm under Pressure",
     "May re-roll wanting to move, shoot, attack, hold or reload (keeps the second)."),
    ("dominant", "Dominant", "Expects to be obeyed",
     "Own followers within 10 paces may re-roll failed action or task tests; may try to "
     "influence other characters (the dominate chart)."),
    ("fanatic", "Fanatic", "No concern for personal safety",
     "May re-roll a failed attack, or move towards the enemy (keeps the second); ignores 1s "
     "on courage tests."),
    ("fearsome", "Fearsome", "Someone to be Feared",
     "Opponents test courage on first sighting them, and when they charge or are charged by them."),
    ("heroic", "Heroic", "Puts the objectives and safety of others before their own",
     "Always seeks out the biggest, nastiest foe; never tests for courage."),
    ("lucky", "Lucky", "Beats the odds",
     "May re-roll up to 4 rolls a game (keeps the second), including rolls against them and "
     "the effect of hits they cause."),
    ("natural_leader", "Natural Leader", "An inspiration",
     "Their command within 10 paces uses the leader's dice for movement, courage and "
     "responding to hold actions."),
    ("ordinary", "Ordinary", "The average person",
     "No improvement or reduction on any test."),
    ("proud", "Proud", "Always stands and fights",
     "May re-roll a failed courage test; always tries to fight the enemy leader."),
    ("quick_witted", "Quick Witted", "Sharp",
     "May re-roll a failed responding or reaction test (keeps the second)."),
    ("rash", "Rash", "Acts before thinking",
     "May re-roll a failed move towards the enemy (keeps the second); always stands, fights "
     "and makes an all out attack."),
    ("ruthless", "Ruthless", "Prepared to sacrifice others to achieve his goals",
     "Puts their own objectives first; must pass a reaction test to help or support others."),
), detailed=frozenset({"academic"}))
"""The 17 personalities of Reel 2, Academic to Ruthless."""

GENERAL_SKILLS: dict[str, Trait] = _index(TraitKind.GENERAL, (
    ("ambidextrous", "Ambidextrous", "Even Handed",
     "No +2 to the target's DV for shooting a firearm with the wrong hand."),
    ("athletic", "Athletic", "Natural Poise",
     "May re-roll a climbing, jumping or squeezing-through task (keeps the second)."),
    ("good_in", "Good in a particular skill", "Knows their stuff",
     "May re-roll a task roll using that skill (keeps the second)."),
    ("fleet_footed", "Fleet Footed", "Runs Like the Wind",
     "May re-roll a failed wanting to move roll; moves up to fast (10 paces on foot)."),
    ("frail", "Frail", "Resistant to Recovery",
     "Reduced dice to come round after a KO or to recover from medical treatment."),
    ("healer", "Healer", "Saw Bones",
     "Can heal wounds and aid recovery."),
    ("lumbering", "Lumbering", "Moves slowly",
     "Moves less (6 paces on foot); reduced dice wanting to move in or into bad going."),
    ("poor_in", "Poor in a particular skill", "Inept",
     "Reduced dice for any task roll related to that skill."),
    ("sixth_sense", "Sixth Sense", "Can sense danger",
     "Rolls for an unseen threat within 12 paces; on 5+ becomes aware of it."),
    ("stealthy", "Stealthy", "A Shadow",
     "+1 to their DV when shot; harder to locate."),
    ("strong", "Strong", "Muscleman",
     "May re-roll any strength task; lowers the enemy's DV by 1 when hitting with a blunt "
     "weapon or fists and feet."),
    ("surefooted", "Surefooted", "Moves like a Cat",
     "May re-roll wanting to move in or into bad going; crosses bad going without penalty."),
    ("tough", "Tough", "Resilient to injury",
     "May re-roll when being healed or trying to come round after a KO."),
), detailed=frozenset({"good_in", "poor_in"}))
"""The 13 general skills and traits of Reel 2."""

COMBAT_SKILLS: dict[str, Trait] = _index(TraitKind.COMBAT, (
    ("brawler", "Brawler", "Close in Fighter",
     "Lowers the enemy's DV by 1 with clubs, chairs, bottles or other improvised short weapons."),
    ("expert", "Fighter or Expert with a particular weapon", "None Better",
     "With that weapon: lowers the enemy's DV by 1 and may re-roll a miss (keeps the second); "
     "with a missile weapon also re-rolls task and reload rolls. E.g. Pistoleer, Rifleman, "
     "Swordsman, Bowman."),
    ("man_killer", "Man Killer", "Just Deadly",
     "Lowers the enemy's DV by 2 with any shot or attack."),
    ("marksman", "Marksman", "Eagle Eyed",
     "Lowers the enemy's DV by 2 with a deliberate or aimed shot; may re-roll reload tests."),
    ("martial_artist", "Martial Artist", "Lethal Hands and Feet",
     "Lowers the enemy's DV by 1 when hitting; may make lethal or stunning attacks however armed."),
    ("off_handed", "Off Handed", "Southpaw",
     "Lowers the enemy's DV by 1 in a close combat attack."),
    ("poor_fighter", "Poor fighter", "Untrained",
     "Reduced dice to hit when fighting."),
    ("poor_shot", "Poor shot", "No use at shooting",
     "Reduced dice to hit when shooting."),
    ("quick_draw", "Quick Draw", "Greased Lightning",
     "May re-roll a failed draw; no DV bonus to the enemy for drawing and shooting or fighting."),
    ("two_fisted", "Two Fisted", "Hard Hitter",
     "Lowers the enemy's DV by 1 when using fists and feet."),
    ("two_weapon_trained", "Two Weapon Trained", "Tricky to Fight",
     "Lowers the enemy's DV by 1 in a close combat attack."),
), detailed=frozenset({"expert"}))
"""The 11 specific combat skills and traits of Reel 2."""

SKILLS: dict[str, Trait] = {**GENERAL_SKILLS, **COMBAT_SKILLS}
"""Every skill and trait a character may take, general then combat."""


def _weapons_of(*categories: str) -> frozenset[str]:
    return frozenset(key for key, weapon in WEAPONS.items() if weapon.category in categories)


EXPERTS: dict[str, frozenset[str]] = {
    "Pistoleer": _weapons_of("handgun"),
    "Rifleman": _weapons_of("shoulder arm"),
    "Shotgunner": _weapons_of("shotgun"),
    "Swordsman": frozenset({"sword", "sabre", "two_handed_weapon"}),
    "Bowman": frozenset({"bow"}),
    "Knife fighter": frozenset({"knife", "bowie_knife", "throwing_knife"}),
    "Expert rider": frozenset({"riding"}),
}
"""An Expert's proficiency by the names the book gives it ("Pistoleer, Rifleman, Swordsman, Bowman, etc."):
the weapons (or riding) each covers."""


def covers(detail: str, subject: str) -> bool:
    """Whether a trait's detail covers what a roll is about: the same skill or weapon key, the weapon's name,
    or an Expert's name for a kind of weapon (a Pistoleer with any handgun)."""
    wanted = detail.casefold()
    if wanted == subject.casefold():
        return True
    weapon = WEAPONS.get(subject)
    if weapon is not None and wanted == weapon.name.casefold():
        return True
    return any(wanted == name.casefold() and subject in keys for name, keys in EXPERTS.items())
