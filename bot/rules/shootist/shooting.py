"""Shooting (SH 18-52, 75-90): shoot die against dodge die, with every modifier stepping the die type.

One request is one action: a shot (two with two pistols, two or four rolls with
a shotgun), the first of up to three fanned shots (the others come after every
other shootist has acted), a shot at a horse, or a flaming arrow at a building.
A shot that misses may hit another in the line of fire (crossfire).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.actions import Request, Story, action, begin
from ..core.charts import Outcome
from ..core.errors import RulesError
from ..core.replay import Context
from ..core.words import Name, words
from .skills import DODGE, DieType, modified
from .state import HORSE_DODGE, INDIAN, LEG, Deferred, Gun, Shootist, ShootistState, Status
from .turns import MOVES_ON, check_action
from .weapons import BOW, PISTOL, RIFLE, SHOTGUN, THROWN, Weapon
from .wounds import roll, skill_die, wound, wound_horse

HORSE = "horse:"
"""A crossfire candidate written ``horse:<key>`` is that shootist's horse."""
BUILDING_DODGE = 4
HIT = Outcome("Hit", "shoot > dodge: the target is hit.")
MISS = Outcome("Miss", "shoot ≤ dodge.")


class Ledge(enum.Enum):
    """Where a target stands when a hit may throw him down (Hollywood rules, SH 80)."""

    NONE = "nowhere to fall from"
    WINDOW = "behind a window"
    ROOF = "at the edge of a roof"


@dataclass
class ShootRequest(Request):
    """A shooter's action (or a fanner's later shot): at a shootist, his horse, or a building."""

    kind = "shootist-shoot"
    shooter: str
    target: str = ""
    hexes: int = 4
    """How far the target is: 0 for the same hex."""
    weapon: str = ""
    """Key of the weapon carried; empty for his first gun (or bow)."""
    move: int = 0
    """Hexes moved with the shot: Move 1 hex & Shoot, or a mounted shootist's horse (SH 5, 87)."""
    cover: bool = False
    """The target is in soft or partial cover (SH 44)."""
    behind: bool = False
    """Shot from behind (SH 39)."""
    two_pistols: bool = False
    fan: tuple[str, ...] = ()
    """Fanning: the targets of the 2nd and 3rd shots, declared before the 1st (SH 38-41)."""
    barrels: int = 1
    """A shotgun's barrels fired: 2 for both (SH 31)."""
    at_horse: bool = False
    """At the target's horse rather than at him (SH 89-90)."""
    building: str = ""
    """A building to set on fire with a flaming arrow, instead of a target (SH 81, 97)."""
    legs_hidden: bool = False
    """The target's legs are hidden: the hit location is a D8 (SH 54)."""
    ledge: Ledge = Ledge.NONE
    floors: int = 1
    """How many floors he would fall (SH 80)."""
    crossfire: tuple[str, ...] = ()
    """Others in the line of fire, more than 2 hexes from the shooter, should the shot miss (SH 47-51)."""

    def involved(self) -> tuple[str, ...]:
        return (self.shooter, self.target, *self.fan, *(c.removeprefix(HORSE) for c in self.crossfire))


@action(ShootRequest)
def shoot(state: ShootistState, request: ShootRequest, ctx: Context) -> Story:
    shooter = state.shootist(request.shooter)
    deferred = later_shot(state, shooter, request)
    if deferred is None:
        check_action(state, shooter)
    gun = two_pistols(shooter)[0] if request.two_pistols and not request.weapon else \
        shooter.gun(deferred.weapon if deferred else request.weapon)
    weapon = gun.kind
    aim = aim_at(state, shooter, request)
    story = begin(ctx, Story("shoot", f"{shooter.name} shoots at {aim} with his {weapon.name}", shooter.key,
                             request.target))
    guns = check_can_shoot(shooter, gun, request, deferred)
    die = skill_die(shooter, weapon.skill, shot_steps(state, shooter, weapon, request, deferred), floor=False)
    if die.below_d4:
        raise RulesError(f"{shooter.name}'s shoot die is less than D4: no shooting is possible ({die}).")
    if request.at_horse and not state.characters[request.target].horse.mounted:
        runs = roll(ctx, state.characters[request.target], "Horse shot at", 4,
                    lambda value: Outcome(f"{value} hexes", "A horse being shot at, in a different hex as its "
                                                            "driver, runs D4 hexes away from shooter."))
        ctx.note(f"{aim} runs {runs.roll.value} hexes away from {shooter.name}.")
    for n, fired in enumerate(guns, start=1):
        fired.loaded -= 0 if fired.kind.kind == THROWN else request.barrels if fired.kind.kind == SHOTGUN else 1
        for roll_no in range(2 * request.barrels if fired.kind.kind == SHOTGUN else 1):
            label = f"Shot {n}" if len(guns) > 1 else f"Roll {roll_no + 1}" if fired.kind.kind == SHOTGUN else "Shot"
            fire(state, shooter, request, die, fired.kind, ctx, label)
    after_shooting(state, shooter, gun, request, deferred, ctx)
    return story


def aim_at(state: ShootistState, shooter: Shootist, request: ShootRequest) -> str:
    """What the shot is aimed at, in words, once checked it can be."""
    if request.building:
        if request.target or request.at_horse:
            raise RulesError("Shoot at a shootist, or at a building: not both.")
        return f"the {request.building}"
    if not request.target:
        raise RulesError("Name the target, or the building to set on fire.")
    target = state.shootist(request.target)
    if request.at_horse:
        if target.horse is None or target.horse.dead:
            raise RulesError(f"{target.name} has no horse alive to shoot at.")
        return f"{target.name}'s horse"
    if target is shooter:
        raise RulesError(f"{shooter.name} cannot shoot at himself.")
    if target.status is Status.DEAD:
        raise RulesError(f"{target.name} is dead already.")
    if not target.noticed:
        raise RulesError(f"{target.name} has not been noticed: he cannot be shot at (SH 106).")
    return target.name


def later_shot(state: ShootistState, shooter: Shootist, request: ShootRequest) -> Deferred | None:
    """The fanned shot the shooter fires now, if it is his turn for them; it must be as declared."""
    deferred = state.turn.fanning_now
    if deferred is None or deferred.shooter != shooter.key:
        return None
    if not deferred.targets:
        raise RulesError(words(Name(shooter.name), " has fired all his fanned shots", *MOVES_ON))
    if request.target != deferred.targets[0] or request.weapon not in ("", deferred.weapon) or request.at_horse:
        raise RulesError(f"{shooter.name}'s next fanned shot was declared at "
                         f"{state.characters[deferred.targets[0]].name}.")
    if request.fan or request.two_pistols or request.building:
        raise RulesError("A later fanned shot is one shot, as declared.")
    return deferred


def check_can_shoot(shooter: Shootist, gun: Gun, request: ShootRequest, deferred: Deferred | None) -> list[Gun]:
    """Refuse a shot the text does not allow; the guns fired (two with two pistols)."""
    weapon = gun.kind
    if shooter.attacked:
        raise RulesError(f"{shooter.name} was attacked hand to hand this turn: he may not shoot anymore (SH 72).")
    if shooter.arms_hit:
        raise RulesError(f"Both {shooter.name}'s arms are hit: he is unable to shoot (SH 59).")
    check_move(shooter, weapon, request, deferred)
    if request.building and weapon.kind != BOW:
        raise RulesError("Only flaming arrows set buildings on fire (SH 97): shoot with a Bow.")
    if request.barrels not in (1, 2) or (request.barrels == 2 and weapon.kind != SHOTGUN):
        raise RulesError("Only a shotgun fires both barrels.")
    if request.fan:
        check_fanning(shooter, weapon, request)
    needed = request.barrels if weapon.kind == SHOTGUN else 1 + len(request.fan)
    guns = [gun]
    if request.two_pistols:
        guns = two_pistols(shooter)
    for fired in guns:
        if fired.kind.kind != THROWN and fired.loaded < needed:
            raise RulesError(f"{shooter.name}'s {fired.kind.name} " + (
                "is empty: reload it." if not fired.loaded else f"holds {fired.loaded}, not the {needed} wanted."))
    return guns


def check_move(shooter: Shootist, weapon: Weapon, request: ShootRequest, deferred: Deferred | None) -> None:
    """Move & shoot: one hex on foot (SH 5); a horse may move up to 2 hexes (SH 87); rifles, fanning and wounded
    legs limit it."""
    if request.move <= 0:
        return
    if request.fan or deferred is not None:
        raise RulesError("Movement is not possible when fanning (SH 39-40).")
    if shooter.mounted:
        if request.move > 2:
            raise RulesError("No shooting if the horse moves more than 2 hexes (SH 87).")
        return
    if request.move > 1:
        raise RulesError("On foot, a shootist moves 1 hex and shoots (SH 5).")
    if shooter.hits(LEG) >= 2:
        raise RulesError(f"Both {shooter.name}'s legs are hit: he can only change orientation (SH 61).")
    if weapon.kind == RIFLE:
        raise RulesError("Rifleman may not shoot while moving (SH 28).")


def check_fanning(shooter: Shootist, weapon: Weapon, request: ShootRequest) -> None:
    """"Only pistols may be fanned, and not if an arm is wounded. A shootist shooting with two pistols may not
    fan"; "up to 3 shots" (SH 38-42, 59-60)."""
    if weapon.kind != PISTOL:
        raise RulesError("Only pistols may be fanned.")
    if shooter.arm_hit:
        raise RulesError(f"{shooter.name} has an arm wounded: he cannot fan.")
    if request.two_pistols:
        raise RulesError("A shootist shooting with two pistols may not fan.")
    if len(request.fan) > 2:
        raise RulesError("Up to 3 shots may be fanned: the first and two more.")


def two_pistols(shooter: Shootist) -> list[Gun]:
    """The two pistols he shoots with: both hands, so not with the spare arm hit (SH 59)."""
    pistols = shooter.pistols
    if len(pistols) < 2:
        raise RulesError(f"{shooter.name} does not carry two pistols.")
    if shooter.hits("spare_arm"):
        raise RulesError(f"{shooter.name}'s spare arm is hit: he cannot use it to shoot.")
    return pistols[:2]


def shot_steps(state: ShootistState, shooter: Shootist, weapon: Weapon, request: ShootRequest,
               deferred: Deferred | None) -> list[tuple[str, int]]:
    """The shoot die's modifiers (SH 36-52, 87, 28, 97, 107, 114-116); the wound modifiers and Variable are
    :func:`~.wounds.skill_die`'s."""
    heading, steps = weapon.range_modifier(request.hexes)
    out = [(f"{heading} (Eagle Eye)" if shooter.has("eagle_eye") and steps < 0 else heading,
            max(steps, 0) if shooter.has("eagle_eye") else steps)]
    if shooter.mounted:
        if request.move:
            out.append(("horse moving", -1))
        if weapon.kind == RIFLE:
            out.append(("rifle from a horse" + (" moving" if request.move else ""), -2 if request.move else -1))
    elif request.move and not shooter.has("sharp_shooter"):
        out.append(("moving", -1))
    if shooter.go_first and state.turn.order[:1] == [shooter.key]:
        out.append(("Super Fast, gone first", -1))
    if (request.fan or deferred) and not shooter.has("fan_specialist"):
        other = deferred is not None and request.target != deferred.first
        out.append(("fanning at another target" if other else "fanning", -2 if other else -1))
    if request.two_pistols:
        out.append(("two pistols", -1))
    if request.cover and shooter.type != INDIAN:
        out.append(("target in cover", -1))
    if weapon.kind != THROWN and shooter.shot_turn == state.turn.number - 1 and changed_weapons(
            shooter.shot_with, fired_with(shooter, weapon, request)):
        out.append(("changing weapons", -1))
    if weapon.kind == BOW and shooter.arm_hit:
        out.append(("an arm wounded", -1))
    return out


def fired_with(shooter: Shootist, weapon: Weapon, request: ShootRequest) -> str:
    """The weapons a shot is fired with, as :attr:`~.state.Shootist.shot_with` keeps them: two keys for two
    pistols."""
    return ",".join(g.weapon for g in two_pistols(shooter)) if request.two_pistols else weapon.key


def changed_weapons(before: str, now: str) -> bool:
    """"-1 if changing weapons ... It does not apply to switching between 1 and 2 pistols" (SH 45-46): a Colt
    then a Dragoon is a change; a Colt then that Colt with a second pistol, or back, is not."""
    last, this = set(before.split(",")), set(now.split(","))
    return bool(before) and not (last <= this or this <= last)


def dodge_die(target: Shootist, weapon: Weapon, behind: bool = False) -> DieType:
    """The target's dodge die (SH 36-40, 104)."""
    steps = []
    if target.moved:
        steps.append(("has moved this turn", 1))
    if behind:
        steps.append(("shot from behind", -1))
    if target.shield and weapon.kind == THROWN:
        steps.append(("shield", 1))
    return skill_die(target, DODGE, steps)


def fire(state: ShootistState, shooter: Shootist, request: ShootRequest, die: DieType, weapon: Weapon,
         ctx: Context, label: str) -> None:
    """One roll of shoot against dodge; a hit wounds, a miss may hit another in the line of fire."""
    shot = roll(ctx, shooter, f"{label}: shoot die", die,
                lambda value: Outcome(f"Shoot {value}", "the dodge die must be lower"))
    value = shot.roll.value

    def outcome(dodge: int) -> Outcome:
        return HIT if value > dodge else MISS

    if request.building:
        hit = roll(ctx, shooter, f"{label}: the {request.building} dodges", BUILDING_DODGE, outcome).outcome is HIT
        if hit:
            set_on_fire(state, shooter, request.building, ctx)
        return
    target = state.characters[request.target]
    if request.at_horse:
        hit = roll(ctx, target, f"{label}: {target.name}'s horse dodges", HORSE_DODGE, outcome).outcome is HIT
        if hit:
            wound_horse(target, ctx, 2 if weapon.double_damage else 1)
        elif request.crossfire:
            crossfire(state, shooter, request, die, weapon, ctx)
        return
    dodge = roll(ctx, target, f"{label}: {target.name} dodges", dodge_die(target, weapon, request.behind),
                 outcome, twice=target.has("lucky"))
    if dodge.outcome is MISS:
        if request.crossfire:
            crossfire(state, shooter, request, die, weapon, ctx)
        return
    wound(state, target, ctx, double=weapon.double_damage,
          legs_hidden=request.legs_hidden or request.ledge is Ledge.WINDOW)
    if request.ledge is not Ledge.NONE:
        hollywood_fall(state, target, request, value, weapon, ctx)


def hollywood_fall(state: ShootistState, target: Shootist, request: ShootRequest, shot: int, weapon: Weapon,
                   ctx: Context) -> None:
    """"If a shootist is behind window or at the edge of roof when hit, roll dodge again. If dodge < original
    shoot roll, shootist falls through window or from the roof. If he falls more than one floor, he gets an
    additional wound" (SH 80)."""
    place = "through the window" if request.ledge is Ledge.WINDOW else "from the roof"
    falls = Outcome("Falls", f"dodge < {shot}: falls {place}")
    keeps = Outcome("Keeps his footing", f"dodge ≥ {shot}")
    if roll(ctx, target, "Hollywood: dodge again", dodge_die(target, weapon, request.behind),
            lambda value: falls if value < shot else keeps, twice=target.has("lucky")).outcome is keeps:
        return
    ctx.note(f"{target.name} falls {place}.")
    if request.floors > 1 and target.status is not Status.DEAD:
        wound(state, target, ctx, label="The fall: hit location")


def crossfire(state: ShootistState, shooter: Shootist, request: ShootRequest, die: DieType, weapon: Weapon,
              ctx: Context) -> None:
    """"If the shot misses, AND there is another potential target ... roll shoot vs dodge against this 2nd
    target. The shooting die is at -1, but can never be less than D4 ... the one with lowest dodge die roll is
    shot at" (SH 47-51). Each candidate dodges with his own die; the shot's die steps down one."""
    lowest: tuple[int, str] | None = None
    for candidate in request.crossfire:
        owner = state.shootist(candidate.removeprefix(HORSE))
        if candidate.startswith(HORSE):
            if owner.horse is None or owner.horse.dead:
                raise RulesError(f"{owner.name} has no horse alive in the line of fire.")
            dodge = roll(ctx, owner, f"Crossfire: {owner.name}'s horse dodges", HORSE_DODGE,
                         lambda value: Outcome(f"Dodge {value}", "D4"))
        elif owner.status is Status.DEAD or owner.key == shooter.key:
            raise RulesError(f"{owner.name} cannot be caught in the crossfire.")
        else:
            dodge = roll(ctx, owner, f"Crossfire: {owner.name} dodges", dodge_die(owner, weapon),
                         lambda value: Outcome(f"Dodge {value}", "the lowest is shot at"), twice=owner.has("lucky"))
        if lowest is None or dodge.roll.value < lowest[0]:
            lowest = (dodge.roll.value, candidate)
    dodge, caught = lowest
    owner = state.characters[caught.removeprefix(HORSE)]
    second = modified(die.skill, die.sides, [("crossfire", -1)])
    if roll(ctx, shooter, f"Crossfire: shoot at {owner.name}" + ("'s horse" if caught.startswith(HORSE) else ""),
            second, lambda value: HIT if value > dodge else MISS).outcome is MISS:
        return
    if caught.startswith(HORSE):
        wound_horse(owner, ctx, 2 if weapon.double_damage else 1)
    else:
        wound(state, owner, ctx, double=weapon.double_damage)


def set_on_fire(state: ShootistState, shooter: Shootist, building: str, ctx: Context) -> None:
    """"Building has dodge of D4. If hit, then roll D4 for number of turns before building collapses" (SH 81)."""
    if building in state.fires:
        ctx.note(f"The {building} is burning already.")
        return
    turns = roll(ctx, shooter, f"The {building} burns", 4,
                 lambda value: Outcome(f"{value} turns", "before the building collapses")).roll.value
    state.fires[building] = turns
    ctx.note(f"The {building} is on fire: it collapses in {turns} turn(s).")


def after_shooting(state: ShootistState, shooter: Shootist, gun: Gun, request: ShootRequest,
                   deferred: Deferred | None, ctx: Context) -> None:
    """What a shot leaves behind: the action taken, the shooter exposed, a thrown weapon lying by its target,
    fanned shots to come."""
    weapon = gun.kind
    if deferred is not None:
        deferred.targets.pop(0)
    else:
        shooter.acted = True
    if request.move:
        shooter.moved = True
    shooter.exposed = True
    if not shooter.noticed:
        shooter.noticed = True
        ctx.note(f"{shooter.name} is noticed: he is visible for the rest of the game.")
    if weapon.kind == THROWN:
        shooter.weapons.remove(gun)
        if request.target:
            state.characters[request.target].lying.append(weapon.key)
            ctx.note(f"The {weapon.name} lies by {state.characters[request.target].name}: anyone may pick it up.")
    else:
        shooter.shot_turn, shooter.shot_with = state.turn.number, fired_with(shooter, weapon, request)
        gun.reloading = False
    if request.fan:
        state.turn.fanning.append(Deferred(shooter.key, gun.weapon, list(request.fan), request.target))
        ctx.note(f"{shooter.name} fans: {len(request.fan)} more shot(s) after every other shootist has acted.")
