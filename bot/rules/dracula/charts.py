"""The quick reference's charts and tables, as printed (DA and its line numbers)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.core.charts import Chart, Outcome, Row
from bot.rules.core.errors import RulesError

GRIT = {"novice": 6, "veteran": 8, "hero": 10}
"""Grit: Novices D6, Veterans D8, Heroes D10 (DA 5-9)."""
RANKS = {"novice": "Novice", "veteran": "Veteran", "hero": "Hero"}
NPCS = {"bystander": "Innocent Bystander", "supernatural": "Supernatural Creature"}
"""The NPCs of the NPC Phase, in the order they act: Innocent Bystanders and scenario NPCs first, then
Supernatural Creatures (DA 77-78)."""
SUCCESS = 5
"""Each Die showing a score of 5 or better is a Success (DA 25)."""
TEST_DICE = 3
"""Shooting, Fight, Recovery and Bottle Checks are all 3 Dice Tests (DA 84, 92, 103, 128)."""

ONE_DIE = Chart("one_die", "One Die: a Success on 5+", (
    Row(1, SUCCESS - 1, Outcome("Failure", "")), Row(SUCCESS, SUCCESS, Outcome("Success", ""))))
"""One die of any size read alone: "Each Die showing a score of 5 or better is a Success" (DA 25); a higher
face reads as the 5 row. What each outcome does is the test's own."""

SAVE = Chart("save", "Save", (
    Row(1, 1, Outcome("Save on 5+", "One Grit Die: 5 or more saves.")),
    Row(2, 2, Outcome("Save on 6+", "One Grit Die: 6 or more saves.")),
    Row(3, 3, Outcome("Save on 7+", "One Grit Die: 7 or more saves.")),
    Row(4, 4, Outcome("Save on 8+", "One Grit Die: 8 or more saves.")),
    Row(5, 5, Outcome("Save on 9+", "One Grit Die: 9 or more saves.")),
    Row(6, 6, Outcome("Save on 10+", "One Grit Die: 10 or more saves."))), counts="the Successes scored")
"""Target Makes Save if Hit: Number of Successes to Save On (DA 112-120); 6+ reads as 6."""

SHAKEN, DOWNED, CASUALTY = "Shaken", "Downed", "Removed as Casualty"
DAMAGE = Chart("damage", "Damage", (
    Row(1, 2, Outcome(SHAKEN, "Grit Die one Rank lower (minimum D6); Shaken again: Downed.")),
    Row(3, 4, Outcome(DOWNED, "May only crawl 2\"; cannot be Shot at; Fought, it is removed as a Casualty.")),
    Row(5, 5, Outcome(CASUALTY, "The model is removed from play."))), counts="the amount failed by")
"""Damage: the Amount Failed By (DA 145-150); 5+ reads as 5."""

RECOVERY = Chart("recovery", "Recovery Test", (
    Row(0, 0, Outcome("Casualty", "Remove model as a Casualty.")),
    Row(1, 2, Outcome("Remains Downed", "Model remains Downed.")),
    Row(3, 3, Outcome("Stands up", "Model stands back up but is Shaken."))), counts="Successes")
"""Recovery Tests by Successes (DA 86-88); 3+ reads as 3."""

BOTTLE = Chart("bottle", "Bottle Check", (
    Row(0, 0, Outcome("Bottles Out", "All its remaining models are removed from play.")),
    Row(1, 1, Outcome("Fights on", "The Posse fights on."))), counts="Successes")
"""Bottle Checks by Successes (DA 94-95); at least 1 reads as 1."""


@dataclass(frozen=True)
class Weapon:
    """A line of the Basic or Special Weapon Summary (DA 160-177)."""

    name: str
    short: int
    medium: int
    long: int
    jam: int
    """The JAM die's sides; 0 for "Auto": the weapon jams after every shot."""
    kind: str
    """Its class: Pistol, Rifle or Shotgun."""
    twice: bool = False
    """May Shoot twice as one Action (Sixgun, Repeater Rifle)."""
    save_short: int = 0
    """The target's Save Modifier at Short range (Heavy Pistol, Buffalo Gun: -1)."""
    save_long: int = 0
    """The target's Save Modifier at Long range (Bow: +2 at 13-18")."""
    dice_short: int = 0
    dice_long: int = 0
    """The Shotgun's +1 Die at up to 4" and -1 Die at 9-12", besides the ranges' own modifiers."""
    note: str = ""


WEAPONS = {w.name.lower(): w for w in (
    Weapon("Pistol", 4, 8, 12, 10, "Pistol"),
    Weapon("Carbine", 6, 12, 18, 10, "Rifle"),
    Weapon("Shotgun", 4, 8, 12, 10, "Shotgun", dice_short=1, dice_long=-1,
           note="+1 Die Shooting at up to 4\", and -1 Die at 9-12\""),
    Weapon("Bow", 6, 12, 18, 10, "Bow", save_long=2, note="Native Americans only"),
    Weapon("Rifle", 8, 16, 24, 8, "Rifle"),
    Weapon("Heavy Pistol", 4, 8, 12, 8, "Pistol", save_short=-1),
    Weapon("Sixgun", 4, 8, 12, 6, "Pistol", twice=True),
    Weapon("LeMat Pistol", 4, 8, 12, 8, "Pistol", note="Once per game, may Shoot as Sawn-Off Shotgun"),
    Weapon("Repeater Rifle", 6, 12, 18, 6, "Rifle", twice=True),
    Weapon("Buffalo Gun", 10, 20, 30, 6, "Rifle", save_short=-1),
    Weapon("Sawn-Off Shotgun", 6, 6, 6, 0, "Shotgun", note="6\" Fire Corridor; automatically Jams after Shooting"),
)}

RANGES = ("short", "medium", "long")
SHOOTING_MODIFIERS = {"cover": ("Target has Cover", -1), "long": ("Target at Long Range", -1),
                      "back_shooter": ("Back-Shooter", +1), "short": ("Target at Short Range", +1),
                      "elevated": ("Shooter Elevated", +1)}
"""Roll to Hit: the Dice Modifiers (DA 105-110)."""
FIGHT_MODIFIERS = {"charging": ("You are Charging", -1), "fortified": ("You are Attacking a Fortified Defender", -1)}
"""Roll to Strike (DA 130-132); the multiple-enemies line (DA 133) is signed by a game setting."""
MULTIPLE_ENEMIES = "Each unengaged enemy in Contact with you after the first"

SKILLS = ("Trigger-Happy", "Gunslinger", "Hawkeye", "Gunsmith", "Trick Shooter", "Deadeye",
          "Bushwhacker", "Nerves of Steel", "Hard to Kill", "Quickdraw", "Lead-belly", "Slick",
          "Close Work", "Fearsome", "Bull-Rush", "'Ornery", "Tough", "Mean")
"""Skills, Gumption Skills and Fighting Skills (DA 181-209)."""
INJURIES = ("Old Wound", "One-Eyed", "Limp", "Weakened")
"""Lasting Injuries (DA 211-217)."""

CHARTS = {c.key: c for c in (SAVE, DAMAGE, RECOVERY, BOTTLE)}


def listed(text: str, known: tuple[str, ...], what: str) -> list[str]:
    """The names of a comma-separated list, as the text prints them (any case typed), or a refusal."""
    by_lower = {k.lower(): k for k in known}
    out = []
    for item in filter(None, (i.strip() for i in text.split(","))):
        if item.lower() not in by_lower:
            raise RulesError(f"There is no {what} {item!r}: one of {', '.join(known)}.")
        out.append(by_lower[item.lower()])
    return out
