"""Reel 6: Defence Values. Basic DV by armour, the adjustments for shooting and fighting, and the
Vehicle Defence Value (VDV) with its own adjustments.

Each adjustment keeps the book's bullet word for word as its ``reason``. A bullet that names
situations the bot asks about separately (light cover or moving quickly; a bulls eye shot or a
deadly blow) has a key for each; those keys share the bullet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.replay import Reading

TARGET, ATTACKER = "target", "attacker"


@dataclass(frozen=True)
class Adjustment:
    """One bullet of an adjustments table: the change to the DV and whose circumstance it is."""

    key: str
    reason: str
    delta: int
    side: str


def _index(table: str) -> dict[str, Adjustment]:
    """Adjustments by key from a typed table: ``delta | side | keys | the book's bullet``.

    Lines starting ``#`` are the book's row headings; an indented line goes on with the bullet above.
    """
    adjustments = {}
    for line in re.sub(r"\n\s+", " ", table.strip()).splitlines():
        if line.startswith("#"):
            continue
        delta, side, keys, reason = (cell.strip() for cell in line.split("|"))
        if side not in (TARGET, ATTACKER):
            raise ValueError(f"no side {side!r}")
        adjustments.update((key, Adjustment(key, reason, int(delta), side)) for key in keys.split())
    return adjustments


ARMOUR: dict[str, int] = {"none": 0, "minimal": 1, "armour": 2, "heavy": 3}
"""Basic DV by armour worn (Reel 2; heavy armour from the Effects of Hit table's header)."""
ARMOUR_WORN: dict[str, str] = {"none": "no armour", "minimal": "minimal armour", "armour": "armoured",
                               "heavy": "heavy armour"}
"""What each :data:`ARMOUR` key says about the one wearing it, for the DV line."""
EDGE = 4
"""The last column of the Effects of Hit tables, headed "3+" (see docs/rulings.md)."""
LOOPHOLE_DV = 4
"""A character firing through a loophole is read in the Effects of Hit table's "DV 3+" column."""

ADJUSTMENTS: dict[str, Adjustment] = _index("""
# Decrease the target's DV by 2
-2 | target   | defenceless                | Defenceless or helpless
-2 | attacker | marksman                   | Shot by a Marksman
-2 | attacker | explosive                  | Hit by any explosive weapon, such as a grenade, ball or shell, grape or
                                             dynamite
-2 | attacker | bulls_eye deadly_blow      | Hit by a bulls eye shot or deadly blow
-2 | attacker | man_killer                 | Hit by a Man Killer
# Decrease the target's DV by 1
-1 | target   | point_blank                | Shot at point blank range (1 pace)
-1 | target   | all_out_attack             | Made an All Out Attack on their turn
-1 | attacker | high_impact                | Hit by a High Impact weapon
-1 | attacker | expert                     | Hit by an Expert with a particular type of weapon
-1 | attacker | longer_reach               | Hit by a character with a longer reach weapon
-1 | attacker | aimed_shot                 | Hit by an aimed shot
-1 | attacker | riding                     | Hit by a character riding a mount
-1 | attacker | charging                   | Hit by a character charging in or following up
-1 | attacker | fighter                    | Hit in close combat by a Fighter, Brawler or one with martial arts skill
-1 | attacker | mighty_blow                | Hit by a Mighty Blow
-1 | attacker | two_weapon                 | Hit by a character rated as Two Weapon trained or by the fists of a
                                             character who is two fisted
-1 | attacker | strong_blunt               | Hit with a Blunt Weapon by a character who is strong
-1 | attacker | off_handed                 | Hit by a character who is off handed
# Increase the target's DV by 1
+1 | target   | moving_quickly light_cover | Shot while Moving quickly or in light cover
+1 | target   | stealthy                   | Stealthy and shot
+1 | target   | shield                     | Using a shield when hit in close combat or by a non-gunpowder weapon
+1 | target   | armour                     | Wearing Armour
+1 | attacker | light_impact               | Hit by a Light Impact weapon or an improvised weapon
+1 | attacker | drawing                    | Hit by opponent Drawing weapon on this turn
+1 | attacker | snap_shot                  | Hit by a snap shot
# Increase the target's DV by 2
+2 | target   | evading dense_cover hard_cover prone | Shot while evading or in dense or hard cover or lying prone
+2 | target   | block                      | Making a block defence
+2 | target   | behind_defences            | Behind defences in combat
+2 | attacker | hasty_shot hasty_attack    | Hit by a hasty shot or hasty attack
+2 | attacker | fanned                     | Hit by a character who fanned their revolver
+2 | attacker | back_foot                  | Hit by a character who is On the Back Foot
+2 | attacker | wrong_hand                 | Hit by a shot fired from the shooter’s wrong hand
""")
"""Adjustments for shooting and fighting to DV (Reel 6), by key.

"armour" is the armour that sets the basic DV (:data:`ARMOUR`), not a further +1; "shield"
counts only in close combat or against non-gunpowder missile weapons.
"""


def shield_counts(close_combat: bool, gunpowder: bool) -> bool:
    """Whether a shield raises the DV: in close combat, or against a non-gunpowder missile."""
    return close_combat or not gunpowder


VDV: dict[str, int] = {"none": 0, "light": 1, "robust": 2, "strong": 3}
"""Starting Vehicle Defence Value by armour or construction (Reel 6, Hits on Vehicles)."""
CONSTRUCTIONS: dict[str, str] = {
    "none": "No armour or protection",
    "light": "Minimal Armour or Light Construction",
    "robust": "Normal Armour or Robust Construction",
    "strong": "Heavy Armour or Strong Construction",
}
"""The book's name for each :data:`VDV` key."""

VEHICLE_ADJUSTMENTS: dict[str, Adjustment] = _index("""
# Decrease the target's VDV by 2
-2 | attacker | marksman                   | Shot by a Marksman
-2 | attacker | deadly_blow bulls_eye      | Hit by a deadly blow or by a bulls eye shot
# Decrease the target's VDV by 1
-1 | attacker | high_impact explosive      | Hit by a High Impact weapon or big explosive device
-1 | attacker | expert                     | Hit by an Expert with a particular type of weapon
-1 | attacker | aimed_shot                 | Hit by an aimed shot
-1 | target   | collision                  | In collision with a larger object or vehicle or whilst moving quickly
# Increase the target's VDV by 1
+1 | target   | moving_very_fast           | Vehicle is moving very fast
+1 | attacker | light_impact               | Hit by a Light Impact weapon
+1 | attacker | small_arms                 | Hit by small arms
+1 | attacker | melee                      | Attacked in Mêlée
# Increase the target's VDV by 2
+2 | attacker | hasty_shot wrong_hand      | Hit by a shooter who was making hasty shots or firing off handed
+2 | attacker | back_foot                  | Hit by a character who is On the Back Foot in close combat
+2 | attacker | improvised                 | Hit by an improvised weapon
""")
"""Adjustments to VDV (Reel 6), by key. The book gives them in one column; ``side`` is ours.
The collision bullet breaks off in the book after "whilst moving quickly or"."""


def dv_line(reading: Reading) -> str:
    """The DV (or VDV) of an effect roll, adding up: the basic DV and where it comes from, each adjustment
    with its bullet, the sum, and the column read when the sum is past the chart's edge.

    An entry stored before the basic DV was kept shows the basic DV as what the column read leaves.
    """
    what = "VDV" if reading.chart == "effect_on_vehicles" else "DV"
    added = sum(delta for _, delta in reading.adjustments)
    source, base = reading.base or ("basic", reading.column - added)
    terms = [f"{base} ({source})"]
    terms += [f"{'+' if delta >= 0 else '−'} {abs(delta)} ({reason})" for reason, delta in reading.adjustments]
    total = base + added
    line = f"{what} " + " ".join(terms) + (f" = {total}" if reading.adjustments else "")
    heading = "3+" if reading.column >= EDGE else f"{reading.column}"
    if total != reading.column:
        return f"{line}, past the chart's edge: read in the {heading} column"
    return f"{line} (the {heading} column)" if heading == "3+" else line
