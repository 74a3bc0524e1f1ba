"""Skills as die types, the modifiers that step them, and the special abilities (SH 7-10, 109-119).

"All modifiers change die type, never actual die throw. No die can ever be less
than D4. No die can ever be more than D12." A skill is kept as its number of
sides; a modifier moves it along :data:`LADDER`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import RulesError

LADDER = (4, 6, 8, 10, 12)
"""The die types, smallest first: a modifier of +1 is one step up this ladder."""

DRAW, SHOOT, DODGE, BRAWL, KNIFE, RIDE = "draw", "shoot", "dodge", "brawl", "knife", "ride"
SKILLS = {DRAW: "Draw", SHOOT: "Shoot", DODGE: "Dodge", BRAWL: "Brawl", KNIFE: "Knife", RIDE: "Ride"}
"""Every skill a shootist rolls, by key: the text names each as a die (SH 3, 18, 34, 69, 88)."""

DEFAULT_DIE = 8
"""The text gives no starting die types: every skill starts at D8, the middle of the ladder (see
docs/rulings.md)."""

ABILITIES = {
    "sharp_shooter": ("Sharp Shooter", "Can shoot whilst moving without penalty."),
    "thick_skin": ("Thick Skin", "Resistant to wounds. Ignore 1st hit."),
    "tough_guy": ("Tough Guy", "Resistant to pain. Skills (shoot, draw, brawl, dodge) are not affected by wounds."),
    "eagle_eye": ("Eagle Eye", "Shoots just as well at any range (upto maximum range of weapon)."),
    "super_fast": ("Super Fast", "May go first in a turn, but shooting is at a -1."),
    "fan_specialist": ("Fan Specialist", "No penalty while fanning."),
    "variable": ("Variable", "Can apply one die bonus to any one skill once each turn. This counts for all die "
                             "rolls for that skill."),
    "lucky": ("Lucky", "Rolls dodge twice, takes the highest number."),
    "lawman": ("Lawman", "On a hit in the chest, roll a D6. If 1, the bullet bounces off the sherrif's star."),
}
"""The Special Abilities (SH 109-119): key to the text's name and words."""


def die_name(sides: int) -> str:
    return f"D{sides}"


def parse_die(text: str) -> int:
    """A die type as a player writes it: "D8", "d8" or "8"."""
    cleaned = text.strip().upper().removeprefix("D")
    if not cleaned.isdigit() or int(cleaned) not in LADDER:
        raise RulesError(f"{text[:12]!r} is not a die type: use D4, D6, D8, D10 or D12.")
    return int(cleaned)


@dataclass(frozen=True)
class DieType:
    """A skill's die after its modifiers: the sides rolled (0 if below D4) and every step with its reason."""

    skill: str
    base: int
    steps: tuple[tuple[str, int], ...]
    sides: int

    @property
    def below_d4(self) -> bool:
        return self.sides == 0

    def __str__(self) -> str:
        said = "".join(f", {n:+d} {reason}" for reason, n in self.steps if n)
        result = die_name(self.sides) if self.sides else "less than D4"
        return f"{SKILLS[self.skill]} {die_name(self.base)}{said} → {result}" if said else \
            f"{SKILLS[self.skill]} {die_name(self.base)}"


def modified(skill: str, base: int, steps: list[tuple[str, int]], floor: bool = True) -> DieType:
    """``base`` stepped by every modifier, never more than D12; never less than D4 when ``floor``, else
    "less than D4" (sides 0): a shooting die that low cannot shoot (SH 10)."""
    at = LADDER.index(base) + sum(n for _, n in steps)
    if at < 0:
        sides = LADDER[0] if floor else 0
    else:
        sides = LADDER[min(at, len(LADDER) - 1)]
    return DieType(skill, base, tuple(steps), sides)
