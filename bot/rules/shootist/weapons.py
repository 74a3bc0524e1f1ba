"""The weapon tables (SH 20-34) and the Indians' weapons (SH 92-104).

The text prints each weapon twice, once clean and once as OCR noise ("Diagoon
Revolver (.493 animo)", "whichester Kine", "Kille", "Tomanawk"); the clean rows
are read. A range heading such as "4 hex" is read as "up to 4 hexes" (a 3-hex
shot with a Colt is at 0), and a shot past the last heading is out of range
(see docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.charts import Chart, Outcome, Row
from ..core.errors import RulesError
from .skills import KNIFE, SHOOT

PISTOL, RIFLE, SHOTGUN, THROWN, BOW = "pistol", "rifle", "shotgun", "thrown", "bow"


@dataclass(frozen=True)
class Weapon:
    """One row of a weapon table: shots, reload value, and the range modifier by the furthest hexes of each column."""

    key: str
    name: str
    kind: str
    ammo: str
    """What it is loaded with, as the table names it (".44 ammo"); "" for a weapon that is thrown."""
    shots: int
    reload: int
    """The "reload value": the most a reload puts in (SH 63)."""
    ranges: tuple[tuple[int, int], ...]
    """(up to hexes, die steps), nearest first, as the table's range columns."""
    notes: str
    skill: str = SHOOT
    brawl_bonus: int = 0
    """"+1 when brawling" (SH 34, 71, 100, 103)."""
    double_damage: bool = False

    @property
    def reach(self) -> int:
        return self.ranges[-1][0]

    def range_modifier(self, hexes: int) -> tuple[str, int]:
        """The range column a shot of ``hexes`` reads, and its modifier; out of range is refused."""
        if hexes < 0:
            raise RulesError("A range is a number of hexes, 0 for the same hex.")
        if hexes > self.reach:
            raise RulesError(f"A {self.name} reaches {self.reach} hexes at most, not {hexes}.")
        far, steps = next((far, steps) for far, steps in self.ranges if hexes <= far)
        return heading(far), steps

    @property
    def chart(self) -> Chart:
        """The weapon's range columns as a chart read by hexes."""
        rows, near = [], 0
        for far, steps in self.ranges:
            rows.append(Row(near, far, Outcome(heading(far), f"{steps:+d}" if steps else "0")))
            near = far + 1
        return Chart(f"{self.key}-range", f"{self.name} ({self.ammo})" if self.ammo else self.name, tuple(rows),
                     counts="hexes")


def heading(hexes: int) -> str:
    return "Same hex" if hexes == 0 else f"{hexes} hex"


_PISTOL_RANGES = ((0, 2), (1, 1), (4, 0), (6, -1), (8, -2), (10, -3), (12, -4))

WEAPONS: dict[str, Weapon] = {w.key: w for w in (
    Weapon("colt", "Colt Revolver", PISTOL, ".44 ammo", 6, 6, _PISTOL_RANGES, ""),
    Weapon("dragoon", "Dragoon Revolver", PISTOL, ".493 ammo", 5, 1, _PISTOL_RANGES,
           "Double damage on hit location. No reload possible if wounded in either arm or while moving.",
           double_damage=True),
    Weapon("winchester", "Winchester Rifle", RIFLE, ".44 ammo", 12, 6,
           ((2, -1), (8, 0), (12, -1), (16, -2), (20, -3), (24, -4)),
           "Rifleman may not shoot while moving. Only shoot once per round. Extra -1 penalty if shooting from a "
           "horse (-2 if horse is moving)."),
    Weapon("shotgun", "Shotgun", SHOTGUN, "cartridge ammo", 2, 2, ((2, 0), (4, -1), (6, -2)),
           "Each shot is rolled for twice (roll shoot & dodge twice). Resolve hit location twice if necessary. "
           "Both barrels may be shot (roll 4 times). If reloading while moving, no bullets are lost."),
    Weapon("knife", "Knife", THROWN, "", 1, 0, ((2, 0), (4, -1)),
           "Target can pick up the knife and throw it back. Use knife skill. +1 when brawling.",
           skill=KNIFE, brawl_bonus=1),
    Weapon("bow", "Bow", BOW, "arrow", 10, 10, ((3, 0), (6, -1), (8, -2), (10, -3), (12, -4)),
           "-1 if either arm is wounded. Cannot be fired if both arms are wounded. Flaming arrows can set "
           "buildings on fire."),
    Weapon("spear", "Spear", THROWN, "", 1, 0, ((2, 0), (4, -1)),
           "Use knife skill. In brawl, cannot be wounded by opponent unless also opponent is also fighting with "
           "spear. +1 when brawling.", skill=KNIFE, brawl_bonus=1),
    Weapon("tomahawk", "Tomahawk", THROWN, "", 1, 0, ((2, 1), (4, 0)),
           "Treat as knife. +1 to brawl skill when brawling.", skill=KNIFE, brawl_bonus=1),
)}
"""Every weapon of the two tables by key. Knives, spears and tomahawks are thrown one at a time (the Spear's
"5 1" cannot be read, nor its 2-hex modifier: 0 as the knife's; see docs/rulings.md)."""

SHIELD = ("Shield", "+1 to dodge against hand to hand and spears, knives and tomahawks. Offers no protection "
                    "against firearms.")

SPARE_LOADS = 2
"""The text gives no starting bullets: a shootist starts with every weapon loaded and two more loads of each in
the belt (see docs/rulings.md)."""


def weapon(key: str) -> Weapon:
    """The weapon a player names, by key or name ("colt", "Colt Revolver")."""
    wanted = key.strip().lower()
    for found in WEAPONS.values():
        if wanted in (found.key, found.name.lower(), found.name.lower().split()[0]):
            return found
    raise RulesError(f"There is no weapon {key[:30]!r} in Shootist: "
                     f"{', '.join(w.name for w in WEAPONS.values())}.")
