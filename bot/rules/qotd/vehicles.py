"""Hits on Vehicles (Reel 6): 1D10 per hit against the Vehicle Defence Value and its adjustments."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.dice import Dice, roll
from ..core.replay import Reading
from .charts import GRIDS
from .dv import CONSTRUCTIONS, VDV, VEHICLE_ADJUSTMENTS
from .state import RulesError

CREW_TEST = ("immobilized", "reduced_mobility", "courage")
"""Outcomes after which the driver, crew and passengers take a Courage Test."""


@dataclass(frozen=True)
class VehicleHit:
    """One hit on a vehicle: the reading, and what it means for the vehicle and those aboard."""

    reading: Reading
    outcome: str
    """Key of the outcome: destroyed, immobilized, reduced_mobility, courage or no_damage."""

    @property
    def crew_test(self) -> bool:
        return self.outcome in CREW_TEST


def hit_vehicle(construction: str, adjustments: Iterable[str], rng: random.Random) -> VehicleHit:
    """Roll for one hit on a vehicle of a construction (none, light, robust, strong).

    ``adjustments`` are keys of the VDV adjustments table; each of the table's bullets counts once.
    """
    if construction not in VDV:
        raise RulesError(f"Vehicles are built {', '.join(VDV)}, not {construction!r}.")
    applied: list[tuple[str, int]] = []
    for key in adjustments:
        if key not in VEHICLE_ADJUSTMENTS:
            raise RulesError(f"There is no vehicle adjustment {key!r}.")
        entry = (VEHICLE_ADJUSTMENTS[key].reason, VEHICLE_ADJUSTMENTS[key].delta)
        if entry not in applied:
            applied.append(entry)
    vdv = VDV[construction] + sum(delta for _, delta in applied)
    grid = GRIDS["effect_on_vehicles"]
    rolled = roll(Dice(1), rng)
    key, outcome = grid.read(rolled.value, vdv)
    reading = Reading(f"Hit on a vehicle ({CONSTRUCTIONS[construction]})", "", "1D10", rolled, outcome,
                      grid.key, column=grid.column_for(vdv), adjustments=tuple(applied))
    return VehicleHit(reading, key)
