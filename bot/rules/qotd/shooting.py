"""Reel 4: shooting, a three-step process, and reloading; the Main Street shootout.

1. Wanting to Shoot, 2. the to-hit roll with the weapon's dice, 3. one effect
roll per hit by the target, then wounds and the courage test.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.dice import Band, Dice, Keep, Roll
from ..core.replay import Context, Right
from ..core.words import Code, Command, Name, words
from .actions import Request, Story, action, begin
from .battlefield import Cover
from .charts import CHARTS
from .checks import check_can_act, check_not_holding, leader_of
from .hits import Blow, beast_reaction, courage_test, entangled, strike, strike_rider_or_mount
from .rolls import DRAWING, Situation, Test, action_roll, automatic_reductions
from .state import Carried, Character, Condition, QotdState, RulesError, Vehicle, WeaponCondition
from .vehicles import (MOUNT_MOVE, TEAM, Speed, check_target, check_team, speed, strike_aboard,
                       vehicle_speed)
from .weapons import (EXPLOSIVE, HANDGUN, NON_GUNPOWDER, SHOULDER_ARM, WEAPONS, Fire, Ignition, Impact, Reload, Weapon, fire_dice,
                      reduced_fire_dice)


class ShotType(enum.Enum):
    """Types of shooting, as Reel 4 lists them."""

    DELIBERATE = "Deliberate"
    AIMED = "Aimed"
    HASTY = "Hasty"
    SNAP = "Snap"
    FANNING = "Fanning"
    QUICK_DRAW = "Quick draw"
    BOTH_BARRELS = "Both barrels"
    """A deliberate shot firing two barrels at once (double-barrelled guns, derringers, sawn-offs)."""
    DRAWN = "Drawn and fired"
    """Drawn and fired this turn, read as the DV table's +1 for drawing rather than a hasty shot."""


class Motion(enum.Enum):
    """How the target is moving."""

    STILL = "still"
    QUICKLY = "moving quickly"
    EVADING = "evading"


FANNING_RANGE = 6
DEVIATION = "It falls short: deviation"
"""The label of the deviation roll of thrown dynamite that falls short (the map reads it)."""
NAME_SHOWN = 40
"""How much of an unknown name a refusal repeats."""
ENTANGLER = "entangling"
WHIP = "whip"
COVER_ADJUSTMENT = {Cover.LIGHT: "light_cover", Cover.DENSE: "dense_cover", Cover.HARD: "hard_cover"}
MOTION_ADJUSTMENT = {Motion.QUICKLY: "moving_quickly", Motion.EVADING: "evading"}
SHOT_ADJUSTMENT = {ShotType.AIMED: "aimed_shot", ShotType.HASTY: "hasty_shot", ShotType.SNAP: "snap_shot",
                   ShotType.FANNING: "fanned", ShotType.DRAWN: "drawing"}
SHOT_FIRE = {ShotType.SNAP: Fire.DOUBLE, ShotType.FANNING: Fire.MULTI}


@dataclass
class ShotRequest(Request):
    """A shot at a target, with everything the DV table and the dice table ask about."""

    kind = "shoot"
    shooter: str
    target: str
    weapon: str = ""
    """Key of the carried weapon; empty for the shooter's first missile weapon."""
    shot: ShotType = ShotType.DELIBERATE
    paces: int = 6
    cover: Cover = Cover.NONE
    motion: Motion = Motion.STILL
    prone: bool = False
    defenceless: bool = False
    moved: bool = False
    """The shooter moved this turn: any shot is Hasty."""
    wrong_hand: bool = False
    raised: bool = False
    """The shooter raised a shoulder arm this turn: it counts as drawing unless stationary and deliberate."""
    riding: bool = False
    at_mount: bool = False
    """Shooting at the target's mount rather than its rider."""
    entangle: bool = False
    """A whip used to entangle rather than to hit (a lasso, bolas or net always entangles)."""
    responding: bool = False
    """A shot made in response (from hold, or to an attack): the response was the test."""
    aim: bool = False
    """Spend the turn aiming at the target (a basic action, no roll), for an aimed shot later."""
    spread: tuple[str, ...] = ()
    """Others within 1 pace of the target (2 for a shell) to take the hits after the first, in order."""
    leader: str = ""
    """A Natural Leader or Dominant character within 10 paces of one who rolls (of the same player)."""
    mount_paces: int = 0
    """How far the shooter's mount moved this turn (a vehicle's speed is the vehicle's own)."""

    def involved(self) -> tuple[str, ...]:
        return (self.shooter, self.target, *self.spread)


def carried_weapon(character: Character, key: str, missile: bool) -> tuple[Carried, Weapon]:
    """The weapon a character uses: the one named, or the first of the right kind."""
    for carried in character.weapons:
        weapon = WEAPONS[carried.weapon]
        if (carried.weapon == key or not key) and (weapon.range > 0) == missile:
            return carried, weapon
    if key and key in WEAPONS:
        raise RulesError(f"{character.name} carries no {WEAPONS[key].name}.")
    kind = "missile weapon" if missile else "weapon to fight with"
    named = f" called {key[:NAME_SHOWN]!r}" if key else ""
    raise RulesError(f"{character.name} has no {kind}{named}.")


def drawn_shot(state: QotdState, shooter: Character, ctx: Context) -> ShotType:
    """A shot drawn and fired in the same turn: no penalty for a Quick Draw; otherwise hasty, or
    the DV table's +1 for drawing, by the game's setting (see docs/rulings.md)."""
    if shooter.has("quick_draw"):
        ctx.note(f"{shooter.name} is a Quick Draw: no penalty for drawing.")
        return ShotType.DELIBERATE
    return ShotType.HASTY if state.settings.drawing_is_hasty else ShotType.DRAWN


def effective_shot(state: QotdState, shooter: Character, request: ShotRequest, weapon: Weapon,
                   ctx: Context) -> ShotType:
    """The shot as the DV table reads it, after checking the weapon and the shooter allow it."""
    shot = request.shot
    if shot is ShotType.SNAP and not weapon.snap:
        raise RulesError(f"Snap shots need a repeating or revolving weapon, not a {weapon.name}.")
    if shot is ShotType.BOTH_BARRELS and weapon.both_barrels is None:
        raise RulesError(f"A {weapon.name} has no second barrel to fire.")
    if shot is ShotType.FANNING:
        if not weapon.fan:
            raise RulesError("Only a single action revolver can be fanned.")
        if request.paces > FANNING_RANGE:
            raise RulesError(f"Fanning has a maximum range of {FANNING_RANGE} paces.")
    if weapon.deliberate_only and (request.moved or shot not in (ShotType.DELIBERATE, ShotType.AIMED)):
        raise RulesError(f"A {weapon.name} is thrown with deliberate or aimed shots only, standing still.")
    if weapon.hasty_only:
        if shot is not ShotType.HASTY:
            ctx.note(f"A {weapon.name} is always a hasty shot.")
        return ShotType.HASTY
    if shot is ShotType.AIMED and Condition.AIMING not in shooter.conditions:
        raise RulesError(words("An aimed shot needs a turn spent aiming first: ", Name(shooter.name), " has not "
                               "aimed (", Command("shoot ... aim:True"), ")."))
    if shot is ShotType.QUICK_DRAW:
        if not weapon.draw_and_fire:
            raise RulesError(f"A {weapon.name} cannot be drawn and fired in the same turn.")
        return drawn_shot(state, shooter, ctx)
    if request.raised:
        if weapon.category != SHOULDER_ARM:
            raise RulesError(words(f"Only a shoulder arm is raised to fire, not a {weapon.name}: draw a handgun "
                                   "with ", Code("shot:quick draw"), "."))
        if not request.moved and not request.mount_paces and shot in (ShotType.DELIBERATE, ShotType.AIMED):
            ctx.note(f"{shooter.name} raised the {weapon.name} standing still for a deliberate shot: no penalty.")
        elif not request.moved:
            ctx.note(f"{shooter.name} raised the {weapon.name} and fired this turn: it counts as drawing.")
            return drawn_shot(state, shooter, ctx)
    if request.moved and shot is not ShotType.HASTY:
        ctx.note("The shooter moved: the shot is Hasty.")
        return ShotType.HASTY
    return shot


def check_shot(state: QotdState, shooter_key: str, target_key: str, weapon_key: str,
               paces: int) -> tuple[Character, Character | Vehicle, Carried, Weapon]:
    """Refuse a shot that cannot be made, before any die is rolled: who, at whom (or at which vehicle),
    with what, how far."""
    shooter = state.characters[shooter_key]
    target = state.characters.get(target_key) or state.vehicles[target_key]
    check_can_act(shooter)
    if shooter is target:
        raise RulesError("A character cannot shoot at themselves.")
    if isinstance(target, Vehicle):
        check_target(target)
    elif target.casualty or not target.in_action:
        raise RulesError(f"{target.name} is already out of the fight.")
    carried, weapon = carried_weapon(shooter, weapon_key, missile=True)
    if not 1 <= paces <= 2 * weapon.range:
        raise RulesError(f"A {weapon.name} reaches {2 * weapon.range} paces at most (effective "
                         f"{weapon.range}); {paces} is out of range.")
    if carried.condition is not WeaponCondition.READY:
        raise RulesError(f"{shooter.name}'s {weapon.name} is {carried.condition.value}: reload first.")
    return shooter, target, carried, weapon


def check_spread(state: QotdState, request: ShotRequest, weapon: Weapon, shot: ShotType) -> list[Character]:
    """The others named to take spread hits: only shotguns, blunderbusses, volley guns, explosions
    and fanning spread their hits (1302-1311), onto others in the fight."""
    if not request.spread:
        return []
    others = [state.characters[key] for key in dict.fromkeys(request.spread)]
    for other in others:
        if other.key in (request.shooter, request.target):
            raise RulesError("Spread the hits onto others than the shooter and the target.")
        if other.casualty or not other.in_action:
            raise RulesError(f"{other.name} is already out of the fight.")
    if others and not (weapon.spreads or shot is ShotType.FANNING):
        raise RulesError(f"Hits from a {weapon.name} cannot be spread: only shotguns, blunderbusses, volley "
                         "guns, explosions and fanning spread theirs.")
    return others


@action(ShotRequest)
def shoot(state: QotdState, request: ShotRequest, ctx: Context) -> Story:
    """The whole shot: Wanting to Shoot, to hit, the effect of each hit, and courage."""
    shooter, target, carried, weapon = check_shot(state, request.shooter, request.target, request.weapon,
                                                  request.paces)
    if not request.responding:
        check_not_holding(shooter)
    if request.aim:
        if request.wrong_hand or request.raised:
            raise RulesError(words("Aiming fires no shot: say ", Code("wrong_hand:"), " or ", Code("raised:"),
                                   " on the shot itself."))
        return aim(shooter, target, ctx)
    shot = effective_shot(state, shooter, request, weapon, ctx)
    others = check_spread(state, request, weapon, shot)
    leader = leader_of(state, request.leader, shooter, target)
    check_moving_shot(state, shooter, shot, request.mount_paces)
    vehicle = state.vehicle_of(target.key)
    if vehicle is not None and others:
        raise RulesError("Hits on a vehicle, or on someone aboard one, are not spread.")
    if target is vehicle and (weapon.key == ENTANGLER or request.entangle):
        raise RulesError(f"A vehicle cannot be entangled: aim at someone aboard the {vehicle.name}.")
    if target is vehicle and request.at_mount:
        check_team(vehicle)
    if request.cover is Cover.LOOPHOLE and (target is vehicle or target.is_beast):
        raise RulesError(f"Only a character fires through a loophole, not {target.name}.")
    if shooter.conditions:
        shooter.conditions.discard(Condition.AIMING)
    story = begin(ctx, Story("shoot", f"{shooter.name} shoots at {target.name} with a {weapon.name} "
                                      f"({shot.value.lower()}, {request.paces} paces)", shooter.key, target.key))
    extra = quick_reactions(shooter)
    if not request.responding:
        want = action_roll(state, ctx, shooter, CHARTS["shoot"], Situation(Test.SHOOT), leader=leader)
        if not want.band.passed:
            return story
        if want.band is Band.OUTSTANDING:
            extra.append(Right("got_them", "Re-roll (Got Them!)", ones_ignored=True))
    hits, shot = to_hit(state, ctx, shooter, carried, weapon, shot, request, extra)
    if not hits:
        if target is not vehicle and target.is_beast:
            beast_reaction(state, ctx, target)
        return story
    if weapon.key == ENTANGLER or (request.entangle and weapon.key == WHIP):
        entangle(state, ctx, target, bulls_eye=10 in hits)
        return story
    if vehicle is not None:
        moving = vehicle_speed(vehicle) in (Speed.QUICKLY, Speed.VERY_FAST)

        def blow(on: Character, bulls_eye: bool) -> Blow:
            struck = shot_blow(shooter, on, weapon, shot, request, bulls_eye)
            if moving:
                struck.adjust("moving_quickly")
            return struck
        may_choose = shooter.has("marksman") or shot is ShotType.AIMED
        stated = TEAM if target is vehicle and request.at_mount else target.key
        strike_aboard(state, ctx, shooter, stated, vehicle, hits, may_choose, blow,
                      lambda bulls_eye: shot_vdv(shooter, weapon, shot, request, bulls_eye), in_close_combat=False)
        return story
    victims = [target, *others]
    must_test: dict[str, Character] = {}
    for number, value in enumerate(hits, start=1):
        victim = victims[number - 1] if number <= len(victims) else target
        if victim.casualty:
            continue
        blow = shot_blow(shooter, victim, weapon, shot, request, value == 10)
        spread = f" (spread to {victim.name})" if victim is not target else ""
        blow.label = (f"Effect of hit {number} of {len(hits)}{spread}" if len(hits) > 1 else "Effect of the hit")
        may_choose = shooter.has("marksman") or shot is ShotType.AIMED
        if strike_rider_or_mount(state, ctx, victim, blow, request.at_mount and victim is target, may_choose,
                                 fast=victim is target and request.motion is Motion.QUICKLY):
            must_test[victim.key] = victim
    for victim in must_test.values():
        courage_test(state, ctx, victim, in_close_combat=False, leader=leader,
                     in_cover=request.cover is not Cover.NONE)
    return story


def aim(shooter: Character, target: Character, ctx: Context) -> Story:
    """Aiming, a basic action: the turn is spent aiming at the target, for an aimed shot (1213-1214)."""
    shooter.conditions.add(Condition.AIMING)
    ctx.note(f"{shooter.name} takes aim at {target.name}: their next shot may be an aimed shot.")
    return begin(ctx, Story("aim", f"{shooter.name} aims at {target.name}", shooter.key, target.key))


def quick_reactions(character: Character) -> list[Right]:
    """The re-roll a 10 responding to an opportunity gives this attack or shot only (909-913)."""
    if not character.conditions or Condition.QUICK_REACTIONS not in character.conditions:
        return []
    character.conditions.discard(Condition.QUICK_REACTIONS)
    return [Right("quick_reactions", "Re-roll (Quick Reactions!)")]


def entangle(state: QotdState, ctx: Context, target: Character, bulls_eye: bool) -> None:
    """Entangling or restraining: the target throws their action dice on the Entangling chart;
    after a 10 to hit they throw them twice and take the worse."""
    throws = [action_roll(state, ctx, target, CHARTS["entangle"], Situation(Test.EFFECT), label="Entangled?")
              for _ in range(2 if bulls_eye else 1)]
    entangled(target, min(reading.roll.value for reading in throws), ctx)


def to_hit(state: QotdState, ctx: Context, shooter: Character, carried: Carried, weapon: Weapon,
           shot: ShotType, request: ShotRequest, extra: list[Right]) -> tuple[list[int], ShotType]:
    """Roll to hit and let the weapon have its say; return the die value of each hit, and the
    shot they hit with (a blast of every chamber is hasty)."""
    tier = "lead" if shooter.type.row.lead else "support"
    fire = weapon.both_barrels if shot is ShotType.BOTH_BARRELS else SHOT_FIRE.get(shot, weapon.fire)
    reasons = []
    if request.paces > weapon.range:
        reasons.append(f"beyond effective range of {weapon.range} paces")
    if shooter.has("poor_shot"):
        reasons.append("Poor shot")
    reading = action_roll(state, ctx, shooter, CHARTS["to_hit_shooting"],
                          Situation(Test.TO_HIT, skill=carried.weapon), reduce_for=reasons,
                          dice=fire_dice(tier, fire), reduced=reduced_fire_dice(tier, fire),
                          extra=extra, adverse=lambda r: max(r.roll.values) < 5, label="To hit")
    barrels = dice_read(reading.roll, state.settings.every_die_thrown)
    if weapon.blast_on and any(weapon.blast_on & faces for _, faces in barrels):
        return blast(state, ctx, shooter, carried, weapon), ShotType.HASTY
    fired = fire_shot(ctx, carried, weapon, shot, barrels)
    if weapon.category == EXPLOSIVE and 1 in fired:
        hurt_self(state, ctx, shooter, weapon, "Dropped it! Effect on the thrower")
        return [], shot
    if weapon.category == EXPLOSIVE and fired and max(fired) < 5:
        action_roll(state, ctx, shooter, CHARTS["random_movement"], Situation(Test.TASK), dice=Dice(1),
                    adverse=lambda r: False, label=DEVIATION)
        ctx.note(f"The {weapon.name} falls short and goes off where it lands: the Director judges who is caught.")
    return [v for v in fired if v >= 5], shot


Barrel = tuple[int, frozenset[int]]
"""A value read on the to-hit chart, and the dice the weapon's own numbers are read on for it."""


def dice_read(roll: Roll, every_die: bool) -> list[Barrel]:
    """Each die of an all-can-score roll is its own barrel or shot, read on itself. A roll that keeps
    one die reads the weapon's misfire, jam and "any 1s" numbers on every die thrown, or on the kept
    die only, by the game's setting (see docs/rulings.md)."""
    if roll.dice.keep is Keep.ALL:
        return [(value, frozenset({value})) for value in roll.values]
    if not every_die:
        return [(roll.value, frozenset({roll.value}))]
    if roll.luck is None and not roll.ones_ignored:
        return [(roll.value, frozenset(roll.faces))]
    floor = 2 if roll.ones_ignored else 1
    faces = frozenset(roll.luck.value if roll.luck else max(floor, face) for face in roll.faces)
    return [(roll.value, faces)]


def fire_shot(ctx: Context, carried: Carried, weapon: Weapon, shot: ShotType, barrels: list[Barrel]) -> list[int]:
    """The weapon's side of a shot: misfires and jams stop the barrels they fall on (not the others),
    then ammunition is spent. Returns the values of the barrels that fired."""
    misfire_on = weapon.misfires(carried.ignition)
    stops = misfire_on | weapon.jam_on
    fired = [value for value, faces in barrels if not faces & stops]
    many = len(barrels) > 1
    for _, faces in barrels if len(fired) < len(barrels) else ():
        if faces & misfire_on:
            ctx.note(f"{'One barrel of the' if many else 'The'} {weapon.name} misfires on a {min(faces & misfire_on)}"
                     f"{': it needs re-priming' if weapon.reload is Reload.EVERY_SHOT else ''}.")
            if weapon.reload is Reload.EVERY_SHOT:
                carried.condition = WeaponCondition.UNPRIMED
        elif faces & weapon.jam_on:
            carried.condition = WeaponCondition.JAMMED
            ctx.note(f"The {weapon.name} jams on a {min(faces & weapon.jam_on)}.")
    if fired:
        any_one = weapon.reload is Reload.ON_ONES and any(1 in faces for _, faces in barrels)
        spend(ctx, carried, weapon, shot, disaster=1 in fired, any_one=any_one)
    return fired


def spent_shots(weapon: Weapon, shot: ShotType) -> int:
    """Shots a shot uses: fanning empties the weapon, two barrels or a snap shot use two."""
    if shot is ShotType.FANNING:
        return weapon.shots
    return 2 if shot in (ShotType.BOTH_BARRELS, ShotType.SNAP) else 1


def spend(ctx: Context, carried: Carried, weapon: Weapon, shot: ShotType, disaster: bool, any_one: bool) -> None:
    """Ammunition after a shot, by the weapon's reload rule and the Damn It! result."""
    if disaster:
        damn_it(ctx, carried, weapon, shot)
        return
    if weapon.reload is Reload.EVERY_SHOT:
        carried.loaded = 0
    elif weapon.reload is Reload.WHEN_EMPTY:
        carried.loaded = max(0, carried.loaded - spent_shots(weapon, shot))
    elif weapon.reload is Reload.ON_ONES and (any_one or shot is ShotType.FANNING):
        carried.loaded = 0
        if any_one:
            ctx.note(f"A 1 was thrown: the {weapon.name} must be reloaded.")
    elif weapon.reload in (Reload.RECOVER, Reload.RECOIL):
        carried.condition = WeaponCondition.GONE if weapon.reload is Reload.RECOVER else WeaponCondition.EMPTY
        ctx.note(f"The {weapon.name} must be {'recovered' if weapon.reload is Reload.RECOVER else 'recoiled'}.")
        return
    if carried.loaded == 0 and carried.condition is WeaponCondition.READY:
        carried.condition = WeaponCondition.EMPTY
        ctx.note(f"The {weapon.name} is empty.")


def damn_it(ctx: Context, carried: Carried, weapon: Weapon, shot: ShotType) -> None:
    """The weapon's fate on a 1 to hit (Damn It!, 1262-1283)."""
    carried.loaded = 0
    if weapon.category == EXPLOSIVE:
        carried.condition = WeaponCondition.GONE
        ctx.note(f"Damn It! The {weapon.name} is dropped at the thrower's feet.")
    elif weapon.breaks:
        carried.condition = WeaponCondition.BROKEN
        ctx.note(f"Damn It! The {weapon.name} breaks.")
    elif weapon.reload is Reload.RECOIL:
        carried.condition = WeaponCondition.TANGLED
        ctx.note(f"Damn It! The {weapon.name} becomes entangled.")
    elif weapon.category == NON_GUNPOWDER and weapon.reload is Reload.EVERY_SHOT:
        carried.condition = WeaponCondition.EMPTY
        ctx.note(f"Damn It! The {weapon.name} needs to be restrung.")
    elif weapon.reload is Reload.RECOVER:
        carried.condition = WeaponCondition.GONE
        ctx.note(f"Damn It! The {weapon.name} misses and must be recovered.")
    elif weapon.reload is Reload.EVERY_SHOT and weapon.ignitions[0] is not Ignition.CARTRIDGE:
        carried.condition = WeaponCondition.UNPRIMED
        ctx.note(f"Damn It! The {weapon.name} needs to be re-primed.")
    elif weapon.reload is Reload.EVERY_SHOT or shot is ShotType.FANNING or "double action" in weapon.name.lower():
        carried.condition = WeaponCondition.JAMMED
        ctx.note(f"Damn It! The {weapon.name} jams and needs reloading.")
    else:
        carried.condition = WeaponCondition.EMPTY
        ctx.note(f"Damn It! The {weapon.name} is out of ammo.")


def blast(state: QotdState, ctx: Context, shooter: Character, carried: Carried, weapon: Weapon) -> list[int]:
    """A pepperpot or early revolving arm on a 1 (1771-1777, 1932-1938): every chamber goes off in
    one blast, 3D10 as hasty shots that may all hit, and the shooter tests on the Effect of Hits chart."""
    carried.loaded, carried.condition = 0, WeaponCondition.EMPTY
    ctx.note(f"A 1! Every chamber of the {weapon.name} goes off in one blast.")
    every = Dice(3, Keep.ALL)
    reading = action_roll(state, ctx, shooter, CHARTS["to_hit_shooting"], Situation(Test.TO_HIT), dice=every,
                          reduced=every, adverse=lambda r: False, label="Every chamber at once")
    hurt_self(state, ctx, shooter, weapon, "The blast: effect on the shooter")
    return [v for v in reading.roll.values if v >= 5]


def hurt_self(state: QotdState, ctx: Context, character: Character, weapon: Weapon, label: str) -> None:
    """A character tests for injury from their own weapon: its impact, and explosive if it is."""
    blow = Blow(character, lethal=weapon.lethal, label=label)
    if weapon.category == EXPLOSIVE:
        blow.adjust("explosive")
    if weapon.impact is Impact.HIGH:
        blow.adjust("high_impact")
    if strike(state, ctx, character, blow):
        courage_test(state, ctx, character, in_close_combat=False)


def shot_blow(shooter: Character, target: Character, weapon: Weapon, shot: ShotType,
              request: ShotRequest, bulls_eye: bool) -> Blow:
    """Every DV adjustment of Reel 6 that applies to a hit from this shot."""
    blow = Blow(shooter, lethal=weapon.lethal, label="Effect of the hit",
                loophole=request.cover is Cover.LOOPHOLE)
    target_side = [
        ("defenceless", request.defenceless or target.defenceless),
        ("point_blank", request.paces <= 1),
        ("all_out_attack", Condition.MADE_ALL_OUT_ATTACK in target.conditions),
        (COVER_ADJUSTMENT.get(request.cover, ""), request.cover in COVER_ADJUSTMENT),
        (MOTION_ADJUSTMENT.get(request.motion, ""), request.motion is not Motion.STILL),
        ("prone", request.prone),
        ("stealthy", target.has("stealthy")),
        ("shield", target.shield and weapon.category == "non-gunpowder"),
    ]
    deliberate = shot in (ShotType.DELIBERATE, ShotType.AIMED)
    attacker_side = [
        ("marksman", shooter.has("marksman") and deliberate),
        ("explosive", weapon.category == EXPLOSIVE),
        ("bulls_eye", bulls_eye),
        ("man_killer", shooter.has("man_killer")),
        ("high_impact", weapon.impact_at(request.paces) is Impact.HIGH),
        ("expert", shooter.has("expert", weapon.key)),
        ("riding", request.riding or (shooter.mount is not None and not shooter.mount.collapsed)),
        ("light_impact", weapon.impact_at(request.paces) is Impact.LIGHT),
        (SHOT_ADJUSTMENT.get(shot, ""), shot in SHOT_ADJUSTMENT),
        ("wrong_hand", request.wrong_hand and not shooter.has("ambidextrous")),
    ]
    for key, applies in target_side + attacker_side:
        if applies:
            blow.adjust(key)
    return blow


def shot_vdv(shooter: Character, weapon: Weapon, shot: ShotType, request: ShotRequest, bulls_eye: bool) -> list[str]:
    """Every VDV adjustment of Reel 6 that applies to a hit on a vehicle from this shot: handguns are the small
    arms, and fanning is hasty shooting (see docs/rulings.md)."""
    impact = weapon.impact_at(request.paces)
    checks = [
        ("marksman", shooter.has("marksman") and shot in (ShotType.DELIBERATE, ShotType.AIMED)),
        ("bulls_eye", bulls_eye),
        ("high_impact", impact is Impact.HIGH),
        ("explosive", weapon.category == EXPLOSIVE),
        ("expert", shooter.has("expert", weapon.key)),
        ("aimed_shot", shot is ShotType.AIMED),
        ("light_impact", impact is Impact.LIGHT),
        ("small_arms", weapon.category == HANDGUN),
        ("hasty_shot", shot in (ShotType.HASTY, ShotType.FANNING)),
        ("wrong_hand", request.wrong_hand and not shooter.has("ambidextrous")),
    ]
    return [key for key, applies in checks if applies]


MOVING_SHOTS = {
    Speed.SLOWLY: (ShotType.AIMED, ShotType.DELIBERATE, ShotType.BOTH_BARRELS, ShotType.HASTY),
    Speed.QUICKLY: (ShotType.AIMED, ShotType.DELIBERATE, ShotType.BOTH_BARRELS, ShotType.HASTY),
    Speed.VERY_FAST: (ShotType.DELIBERATE, ShotType.BOTH_BARRELS, ShotType.SNAP, ShotType.HASTY),
}
"""Shooting from a mount or vehicle: aimed, deliberate and hasty shots moving slowly or quickly; deliberate,
snap or hasty shots moving faster."""


def check_moving_shot(state: QotdState, shooter: Character, shot: ShotType, mount_paces: int) -> None:
    """Refuse a type of shot that cannot be made from the shooter's moving mount or vehicle."""
    vehicle = state.vehicle_of(shooter.key)
    if vehicle is not None:
        if mount_paces:
            raise RulesError(f"{shooter.name} is aboard the {vehicle.name}, which moves at its own speed.")
        moving, source = vehicle_speed(vehicle), f"the {vehicle.name}"
    elif mount_paces:
        if shooter.mount is None or shooter.mount.collapsed:
            raise RulesError(f"{shooter.name} has no mount to shoot from.")
        if mount_paces > 2 * MOUNT_MOVE:
            raise RulesError(f"A mount moves up to {MOUNT_MOVE} paces a turn, twice that with Move It!.")
        moving, source = speed(mount_paces, MOUNT_MOVE), f"a {shooter.mount.kind}"
    else:
        return
    allowed = MOVING_SHOTS.get(moving)
    if allowed is not None and shot not in allowed:
        kinds = ", ".join(s.value.lower() for s in allowed if s is not ShotType.BOTH_BARRELS)
        raise RulesError(f"From {source} {moving.value} only {kinds} shots can be made, not a "
                         f"{shot.value.lower()} shot.")


@dataclass
class ReloadRequest(Request):
    """Reloading, repriming, clearing a jam, restringing or lighting a fuse."""

    kind = "reload"
    character: str
    weapon: str = ""
    moving: bool = False
    quickly: bool = False
    """Moving quickly (a bow then reloads with reduced dice unless the archer is an expert rider)."""

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


NEEDS_RELOAD = (WeaponCondition.EMPTY, WeaponCondition.UNPRIMED, WeaponCondition.JAMMED,
                WeaponCondition.TANGLED, WeaponCondition.FOULED)
CLEARING = (WeaponCondition.JAMMED, WeaponCondition.FOULED)


def reload_reasons(character: Character, carried: Carried, weapon: Weapon, request: ReloadRequest) -> list[str]:
    """Why the reloading dice are reduced, refusing a reload the weapon does not allow on the move."""
    if (request.moving or request.quickly) and weapon.stationary_reload:
        raise RulesError(f"{character.name} must be stationary to reload a {weapon.name}.")
    reasons = []
    if weapon.difficult_reload and carried.condition not in CLEARING:
        reasons.append("a difficult weapon to reload")
    if carried.reduced_clearing and carried.condition in CLEARING:
        reasons.append("the last attempt to clear it went wrong")
    if request.quickly and weapon.reload_moving_slowly and not character.has("expert", "riding"):
        reasons.append("reloading while moving quickly")
    return reasons


def load(ctx: Context, carried: Carried, weapon: Weapon) -> None:
    """Fill the weapon: a harmonica rifle takes one of its preloaded slides."""
    if weapon.slides:
        carried.slides -= 1
    carried.condition, carried.loaded = WeaponCondition.READY, weapon.shots
    left = f"; {carried.slides} slide{'s' * (carried.slides != 1)} left" if weapon.slides else ""
    ctx.note(f"The {weapon.name} is loaded ({weapon.shots} shot{'s' * (weapon.shots != 1)}{left}).")


@action(ReloadRequest)
def reload(state: QotdState, request: ReloadRequest, ctx: Context) -> Story:
    """Needing to reload or restring (Reel 4); a thrown weapon is simply recovered."""
    character = state.characters[request.character]
    check_can_act(character)
    check_not_holding(character)
    candidates = [c for c in character.weapons if WEAPONS[c.weapon].range > 0
                  and (c.weapon == request.weapon or not request.weapon and c.condition is not WeaponCondition.BROKEN)
                  and (c.condition in NEEDS_RELOAD or c.condition is WeaponCondition.GONE
                       or c.loaded < WEAPONS[c.weapon].shots)]
    if not candidates:
        raise RulesError(f"{character.name} has no weapon that needs reloading.")
    carried = candidates[0]
    weapon = WEAPONS[carried.weapon]
    story = begin(ctx, Story("reload", f"{character.name} reloads the {weapon.name}", character.key))
    if carried.condition is WeaponCondition.BROKEN:
        raise RulesError(f"The {weapon.name} is broken.")
    if carried.condition is WeaponCondition.GONE:
        carried.condition, carried.loaded = WeaponCondition.READY, weapon.shots
        ctx.note(f"{character.name} recovers the {weapon.name}.")
        return story
    clearing = carried.condition in CLEARING
    if weapon.slides and not clearing:
        if carried.loaded and carried.condition is WeaponCondition.READY:
            raise RulesError(f"The {weapon.name}'s slide still has {carried.loaded} shots.")
        if not carried.slides:
            raise RulesError(f"{character.name} has no preloaded slide left for the {weapon.name}.")
    reading = action_roll(state, ctx, character, CHARTS["reload"], Situation(Test.RELOAD, skill=carried.weapon),
                          reduce_for=reload_reasons(character, carried, weapon, request))
    if reading.band is Band.DISASTER:
        its_jammed(state, ctx, character, carried, weapon, clearing)
    elif reading.band.passed and clearing:
        clear(ctx, carried, weapon, reading.band is Band.OUTSTANDING)
    elif reading.band.passed:
        load(ctx, carried, weapon)
    return story


def its_jammed(state: QotdState, ctx: Context, character: Character, carried: Carried, weapon: Weapon,
               clearing: bool) -> None:
    """It's Jammed! (1381-1399): a lit fuse explodes prematurely; a jam not cleared makes further
    attempts use reduced dice; otherwise the weapon jams."""
    if weapon.category == EXPLOSIVE:
        carried.condition = WeaponCondition.GONE
        ctx.note(f"The fuse of the {weapon.name} explodes prematurely!")
        hurt_self(state, ctx, character, weapon, "It went off early! Effect on the thrower")
    elif clearing:
        carried.reduced_clearing = True
        ctx.note(f"It's Jammed! The {weapon.name} is not cleared, and further attempts use reduced dice.")
    else:
        carried.condition = WeaponCondition.JAMMED
        ctx.note(f"It's Jammed! The {weapon.name} must be cleared before it can be reloaded.")


def clear(ctx: Context, carried: Carried, weapon: Weapon, rapid: bool) -> None:
    """A jam or fouling cleared: shots left in it may be fired; on a 10 it may also load at once
    (Rapid Reload!, 1422-1435; see docs/rulings.md)."""
    carried.reduced_clearing = False
    carried.condition = WeaponCondition.READY if carried.loaded else WeaponCondition.EMPTY
    ctx.note(f"The {weapon.name} is cleared" + (f" with {carried.loaded} shots left." if carried.loaded else "."))
    if rapid and not carried.loaded and (carried.slides or not weapon.slides):
        ctx.note("Rapid Reload! It may load at once.")
        load(ctx, carried, weapon)
    elif rapid:
        ctx.note("Rapid Reload! It may shoot at once.")


@dataclass
class DrawRequest(Request):
    """Main Street: drawing and shooting, or responding to an opponent drawing."""

    kind = "quickdraw"
    shooter: str
    target: str
    weapon: str = ""
    paces: int = 15
    responding: bool = False

    def involved(self) -> tuple[str, ...]:
        return (self.shooter, self.target)


@action(DrawRequest)
def quick_draw(state: QotdState, request: DrawRequest, ctx: Context) -> Story:
    """Drawing and shooting (Shootouts): the draw test, then the shot without a Wanting to Shoot test.
    A holder may respond to an opponent drawing, and stops holding."""
    shooter, target, carried, weapon = check_shot(state, request.shooter, request.target, request.weapon,
                                                  request.paces)
    if not weapon.draw_and_fire:
        raise RulesError(f"A {weapon.name} cannot be drawn and fired in the same turn.")
    if not request.responding:
        check_not_holding(shooter)
    shooter.conditions.discard(Condition.HOLDING)
    chart = CHARTS["respond_draw" if request.responding else "draw"]
    story = begin(ctx, Story("quickdraw", f"{shooter.name} draws on {target.name} with a {weapon.name}",
                             shooter.key, request.target))
    test = Test.RESPOND if request.responding else Test.DRAW
    situation = Situation(test, frozenset({DRAWING}))
    reading = action_roll(state, ctx, shooter, chart, situation,
                          reduce_for=automatic_reductions(shooter, test, situation))
    if reading.band is Band.DISASTER and not request.responding:
        carried.condition = WeaponCondition.GONE
        ctx.note(f"{shooter.name} fumbles and drops the {weapon.name}.")
    if not reading.band.passed:
        return story
    if shooter.has("quick_draw") and (request.responding or reading.band is Band.OUTSTANDING):
        ctx.note(f"{shooter.name} has the Quick Draw trait and shoots first.")
    clean = reading.band is Band.OUTSTANDING
    shot = ShotRequest(shooter.key, request.target, carried.weapon,
                       ShotType.DELIBERATE if clean else drawn_shot(state, shooter, ctx), request.paces,
                       responding=True)
    shoot(state, shot, ctx)
    return story
