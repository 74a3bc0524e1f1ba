"""Vehicles as game pieces: the kinds the book's movement table lists, their speed, and Hits on Vehicles
(Reel 6) with what each outcome does to the vehicle and to everyone aboard it.

A shot or blow aimed at a vehicle, or at someone aboard one, lands as the book says (Shooting at a rider
or at vehicles; Fighting opponents on mounts or moving vehicles): on the stated target when the attacker
may choose, otherwise 1D10 for each hit, 5+ the stated target and 1-4 the other.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..core.dice import Band, Dice
from ..core.replay import Context, Reading
from .beasts import MOUNT_STAMINA
from .casting import CharacterType
from .charts import GRIDS
from .dv import CONSTRUCTIONS, VDV, VEHICLE_ADJUSTMENTS
from .hits import MOUNT_CONTROL, RIDER_OR_MOUNT, WOUNDS, Blow, courage_test, fall, lose_card, strike
from .rolls import Situation, Test, action_roll
from .state import Character, QotdState, Role, RulesError, Vehicle
from .weapons import MOVES

CREW_TEST = ("immobilized", "reduced_mobility", "courage")
"""Outcomes after which the driver, crew and passengers take a Courage Test."""
SLOW_PACES = 4
"""Up to 4 paces a turn a vehicle moves slowly (the book's line between a stationary or slow vehicle and a
faster one, Fighting opponents on mounts or moving vehicles)."""


@dataclass(frozen=True)
class VehicleKind:
    """A vehicle of the movement table (Reel 3, Wanting to Move), with the construction it is cast with."""

    key: str
    name: str
    move: int
    """Paces a turn."""
    construction: str
    """The construction it gets unless the Director says otherwise (see docs/rulings.md)."""
    team: int
    """Horses in harness (see docs/rulings.md)."""


KINDS: dict[str, VehicleKind] = {kind.key: kind for kind in (
    VehicleKind("cart", "Cart", MOVES["cart"], "light", 1),
    VehicleKind("buggy", "Buggy", MOVES["coach"], "light", 1),
    VehicleKind("wagon", "Wagon", MOVES["wagon"], "robust", 2),
    VehicleKind("stagecoach", "Stagecoach", MOVES["coach"], "robust", 4),
    VehicleKind("motor_vehicle", "Motorised vehicle", MOVES["motor_vehicle"], "light", 0),
    VehicleKind("railroad_engine", "Railroad engine", MOVES["railroad_engine"], "strong", 0),
)}
"""Carts 8 paces, wagons 10, coaches 12, motorised vehicles 16, railroad engines 24; a buggy as a coach."""
MOUNT_MOVE = MOVES["mounted"]
HORSE_HITS = MOUNT_STAMINA["horse"]
TEAM = "team"
"""What a shot or blow at a vehicle's team is aimed at."""


class Speed(enum.Enum):
    """How fast a mount or vehicle moves, in the book's words (see docs/rulings.md for the paces)."""

    STATIONARY = "stationary"
    SLOWLY = "moving slowly"
    QUICKLY = "moving quickly"
    VERY_FAST = "moving very fast"


def speed(paces: int, move: int) -> Speed:
    """The speed of something that moved ``paces`` this turn with a full move of ``move``: slowly up to 4
    paces, quickly up to its full move, very fast beyond it (a Move It! double move)."""
    if paces <= 0:
        return Speed.STATIONARY
    if paces <= SLOW_PACES:
        return Speed.SLOWLY
    return Speed.QUICKLY if paces <= move else Speed.VERY_FAST


def full_move(vehicle: Vehicle) -> int:
    """Paces a turn: its kind's move, halved for each Reduced Mobility, none once immobilized."""
    if vehicle.immobilized or vehicle.destroyed:
        return 0
    return KINDS[vehicle.kind].move >> vehicle.halved


def vehicle_speed(vehicle: Vehicle) -> Speed:
    return speed(vehicle.paces, KINDS[vehicle.kind].move)


def set_speed(vehicle: Vehicle, paces: int) -> None:
    """The vehicle moves ``paces`` this turn: up to twice its full move (Move It!)."""
    limit = 2 * full_move(vehicle)
    if vehicle.destroyed:
        raise RulesError(f"The {vehicle.name} is destroyed.")
    if vehicle.immobilized and paces:
        raise RulesError(f"The {vehicle.name} is immobilized and may no longer move.")
    if not 0 <= paces <= limit:
        raise RulesError(f"The {vehicle.name} moves up to {full_move(vehicle)} paces a turn, twice that with "
                         f"Move It!: {paces} is too far.")
    vehicle.paces = paces


def new_vehicle(key: str, name: str, owner: int, kind: str, construction: str = "") -> Vehicle:
    """A vehicle of a kind from :data:`KINDS`, of its usual construction unless one is given."""
    if kind not in KINDS:
        raise RulesError(f"There is no vehicle {kind!r}: pick one from the list.")
    construction = construction or KINDS[kind].construction
    if construction not in VDV:
        raise RulesError(f"Vehicles are built {', '.join(VDV)}, not {construction!r}.")
    return Vehicle(key, name, owner, kind, construction, team=KINDS[kind].team)


def add_vehicle(state: QotdState, vehicle: Vehicle) -> Vehicle:
    """Cast a vehicle; its name may not be a character's or another vehicle's."""
    state.refuse_taken(vehicle.key, vehicle.name)
    state.vehicles[vehicle.key] = vehicle
    return vehicle


def board(state: QotdState, character: Character, vehicle: Vehicle | None, role: Role) -> None:
    """A character climbs aboard a vehicle as its driver, crew or a passenger (leaving any other), or, with no
    vehicle, climbs down. A vehicle has one driver."""
    if vehicle is not None:
        check_target(vehicle)
        driver = vehicle.driver
        if role is Role.DRIVER and driver and driver != character.key:
            raise RulesError(f"{state.characters[driver].name} already drives the {vehicle.name}.")
    elif state.vehicle_of(character.key) is None:
        raise RulesError(f"{character.name} is not aboard a vehicle.")
    for other in state.vehicles.values():
        other.aboard.pop(character.key, None)
    if vehicle is not None:
        vehicle.aboard[character.key] = role


def standing(vehicle: Vehicle) -> int:
    """Horses of its team still standing."""
    return max(0, vehicle.team - vehicle.team_hits // HORSE_HITS)


def vehicle_words(vehicle: Vehicle) -> list[str]:
    """Plain words for its damage, team and speed, for lists and the board."""
    if vehicle.destroyed:
        return ["destroyed"]
    hits = f"{vehicle.team_hits} hit{'s' * (vehicle.team_hits != 1)}"
    team = [f"team {standing(vehicle)}/{vehicle.team} standing, {hits}"] if vehicle.team_hits else []
    if vehicle.immobilized:
        return ["immobilized", *team]
    words = [f"movement halved{' ' + str(vehicle.halved) + ' times' if vehicle.halved > 1 else ''}"] \
        if vehicle.halved else []
    words += team
    moving = vehicle_speed(vehicle)
    words.append(moving.value if moving is Speed.STATIONARY else f"{moving.value} ({vehicle.paces} paces)")
    return words


def aboard_text(state: QotdState, vehicle: Vehicle) -> str:
    """"Jed (driver), Sal (passenger)", or "nobody aboard"."""
    return ", ".join(f"{state.characters[key].name} ({role.value})" for key, role in vehicle.aboard.items()) \
        or "nobody aboard"


def vdv_text(vehicle: Vehicle) -> str:
    """"Normal Armour or Robust Construction (VDV 2)"."""
    return f"{CONSTRUCTIONS[vehicle.construction]} (VDV {VDV[vehicle.construction]})"


def check_target(vehicle: Vehicle) -> None:
    """Refuse a shot or blow at a vehicle already destroyed."""
    if vehicle.destroyed:
        raise RulesError(f"The {vehicle.name} is already destroyed.")


@dataclass(frozen=True)
class VehicleHit:
    """One hit on a vehicle: the reading, and what it means for the vehicle and those aboard."""

    reading: Reading
    outcome: str
    """Key of the outcome: destroyed, immobilized, reduced_mobility, courage or no_damage."""

    @property
    def crew_test(self) -> bool:
        return self.outcome in CREW_TEST


def hit_vehicle(ctx: Context, vehicle: Vehicle, adjustments: Iterable[str], label: str) -> VehicleHit:
    """Roll 1D10 for one hit on the Hits on Vehicles chart, in the column of the vehicle's VDV as adjusted.

    ``adjustments`` are keys of the VDV adjustments table; each of the table's bullets counts once.
    """
    applied: list[tuple[str, int]] = []
    for key in adjustments:
        if key not in VEHICLE_ADJUSTMENTS:
            raise RulesError(f"There is no vehicle adjustment {key!r}.")
        entry = (VEHICLE_ADJUSTMENTS[key].reason, VEHICLE_ADJUSTMENTS[key].delta)
        if entry not in applied:
            applied.append(entry)
    vdv = VDV[vehicle.construction] + sum(delta for _, delta in applied)
    grid = GRIDS["effect_on_vehicles"]

    def read(rolled):
        _, outcome = grid.read(rolled.value, vdv)
        return Reading(f"{label} on the {vehicle.name}", vehicle.key, f"1D10 ({CONSTRUCTIONS[vehicle.construction]})",
                       rolled, outcome, grid.key, column=grid.column_for(vdv), adjustments=tuple(applied),
                       base=(CONSTRUCTIONS[vehicle.construction], VDV[vehicle.construction]))

    reading = ctx.roll(Dice(1), label=label, roller=vehicle.key, dice_reason="1D10", read=read)
    return VehicleHit(reading, grid.read(reading.roll.value, vdv)[0])


def damage(state: QotdState, ctx: Context, vehicle: Vehicle, hit: VehicleHit) -> None:
    """What the outcome does: destroyed with everyone aboard, immobilized, or its movement halved."""
    if hit.outcome == "destroyed":
        vehicle.destroyed, vehicle.immobilized, vehicle.paces = True, True, 0
        ctx.note(f"The {vehicle.name} is destroyed, with everyone carried in it.")
        for key in vehicle.aboard:
            character = state.characters[key]
            for _ in list(character.available):
                lose_card(state, character, True, f"destroyed with the {vehicle.name}", ctx)
    elif hit.outcome == "immobilized":
        vehicle.immobilized, vehicle.paces = True, 0
        ctx.note(f"The {vehicle.name} is immobilized: it may no longer move.")
    elif hit.outcome == "reduced_mobility" and not vehicle.immobilized:
        vehicle.halved += 1
        ctx.note(f"The {vehicle.name}'s movement is halved: {full_move(vehicle)} paces a turn.")


def may_choose_in_fight(state: QotdState, attacker: Character, vehicle: Vehicle, weapon_key: str) -> bool:
    """Fighting opponents on mounts or moving vehicles: a mounted attacker, an Expert with the melee weapon or a
    Man Killer chooses whatever its speed; one on foot chooses when it is stationary or moving up to 4 paces."""
    if attacker.mount is not None or attacker.has("man_killer") or attacker.has("expert", weapon_key):
        return True
    return state.vehicle_of(attacker.key) is None and vehicle.paces <= SLOW_PACES


def other_target(state: QotdState, stated: str, vehicle: Vehicle) -> str:
    """The one a hit lands on when it misses the stated one: the vehicle, or, aimed at the vehicle, its driver
    (the first aboard when it has none; see docs/rulings.md)."""
    if stated != vehicle.key:
        return vehicle.key
    return vehicle.driver or next(iter(vehicle.aboard), vehicle.key)


def strike_aboard(state: QotdState, ctx: Context, attacker: Character, stated: str, vehicle: Vehicle,
                  hits: list[int], may_choose: bool, blow: Callable[[Character, bool], Blow],
                  vdv: Callable[[bool], list[str]], in_close_combat: bool) -> None:
    """Each hit aimed at a vehicle, at its team (``stated`` is :data:`TEAM`) or at someone aboard it: which one
    it lands on, its effect, and then the courage tests it calls for. ``blow`` makes the hit on a character,
    ``vdv`` the VDV adjustments, both told whether the die was a 10."""
    testing: list[str] = []
    for number, value in enumerate(hits, start=1):
        label = f"Effect of hit {number} of {len(hits)}" if len(hits) > 1 else "Effect of the hit"
        on = stated
        other = vehicle.key if stated == TEAM else other_target(state, stated, vehicle)
        if not may_choose and other != stated:
            which = f"{vehicle.name} or aboard?"
            reading = ctx.roll(Dice(1), label=which, roller=attacker.key, dice_reason="1D10",
                               read=lambda rolled: Reading(which, attacker.key, "1D10", rolled,
                                                           RIDER_OR_MOUNT.read(rolled.value), RIDER_OR_MOUNT.key))
            on = stated if reading.roll.value >= 5 else other
        if on == TEAM:
            horses = Character(TEAM, f"the {vehicle.name}'s team", vehicle.owner, CharacterType.MINOR, "ordinary")
            struck = blow(horses, value == 10)
            struck.label = label
            strike_team(state, ctx, vehicle, struck)
        elif on == vehicle.key:
            fast = ["moving_very_fast"] if vehicle_speed(vehicle) is Speed.VERY_FAST else []
            hit = hit_vehicle(ctx, vehicle, vdv(value == 10) + fast, label)
            damage(state, ctx, vehicle, hit)
            if hit.crew_test:
                testing += vehicle.aboard
        else:
            target = state.characters[on]
            struck = blow(target, value == 10)
            struck.label = label
            if strike(state, ctx, target, struck):
                testing.append(on)
        if vehicle.destroyed or (stated in state.characters and state.characters[stated].casualty):
            break
    for key in dict.fromkeys(testing):
        courage_test(state, ctx, state.characters[key], in_close_combat=in_close_combat and key == stated)


def check_team(vehicle: Vehicle) -> None:
    """Refuse a shot or blow at a team the vehicle does not have (or has lost)."""
    if not standing(vehicle):
        raise RulesError(f"The {vehicle.name} has no team standing to aim at.")


def strike_team(state: QotdState, ctx: Context, vehicle: Vehicle, struck: Blow) -> None:
    """Hits on Mounts, read for a horse of the team (1D10): each collapse halves the vehicle's movement and the
    last leaves it immobilized; a team wounded or spooked tests its driver's control (see docs/rulings.md)."""
    grid = GRIDS["effect_on_mounts"]
    dv = sum(delta for _, delta in struck.adjustments)

    def read(rolled):
        _, outcome = grid.read(rolled.value, dv)
        return Reading(f"{struck.label} on the {vehicle.name}'s team", vehicle.key, "1D10", rolled, outcome, grid.key,
                       column=grid.column_for(dv), adjustments=tuple(struck.adjustments),
                       base=(f"the {vehicle.name}'s team", 0))

    reading = ctx.roll(Dice(1), label=struck.label, roller=vehicle.key, dice_reason="1D10", read=read)
    key = grid.read(reading.roll.value, dv)[0]
    if key in WOUNDS:
        before = standing(vehicle)
        vehicle.team_hits = min(vehicle.team * HORSE_HITS, vehicle.team_hits + WOUNDS[key])
        ctx.note(f"The {vehicle.name}'s team takes {WOUNDS[key]} hit(s): {standing(vehicle)} of {vehicle.team} "
                 "horses standing.")
        if standing(vehicle) < before:
            if standing(vehicle):
                vehicle.halved += before - standing(vehicle)
                ctx.note(f"A horse collapses in its harness: the {vehicle.name}'s movement is halved, "
                         f"{full_move(vehicle)} paces a turn.")
            else:
                vehicle.immobilized, vehicle.paces = True, 0
                ctx.note(f"The {vehicle.name}'s team is down: it is immobilized.")
                return
    driver = state.characters.get(vehicle.driver)
    if driver is None or driver.casualty:
        return
    if key in WOUNDS or key == "courage" or (key == "graze" and not driver.type.row.lead
                                             and not driver.has("expert", "riding")):
        control = action_roll(state, ctx, driver, MOUNT_CONTROL, Situation(Test.TASK),
                              label="Keeping control of the team")
        if control.band.passed:
            return
        ctx.note(f"The {vehicle.name}'s team bolts in a random direction until {driver.name} passes an Action Test.")
        if control.band is not Band.DISASTER:
            return
        del vehicle.aboard[driver.key]
        ctx.note(f"{driver.name} is thrown from the {vehicle.name}.")
        fall(state, ctx, driver)
