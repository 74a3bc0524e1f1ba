"""Reel 4: shooting, a three-step process, and reloading; the Main Street shootout.

1. Wanting to Shoot, 2. the to-hit roll with the weapon's dice, 3. one effect
roll per hit by the target, then wounds and the courage test.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.dice import Band, Dice, Keep
from ..core.replay import Context, Reading, Right
from .actions import Request, Story, action, begin
from .charts import CHARTS
from .checks import check_can_act
from .hits import Blow, courage_test, entangled, lose_card, strike, strike_rider_or_mount
from .rolls import Situation, Test, action_roll
from .state import Carried, Character, Condition, GameState, RulesError, WeaponCondition
from .weapons import WEAPONS, Fire, Ignition, Impact, Reload, Weapon, fire_dice, reduced_fire_dice


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


class Cover(enum.Enum):
    """The target's cover."""

    NONE = "in the open"
    LIGHT = "in light cover"
    DENSE = "in dense cover"
    HARD = "in hard cover"


class Motion(enum.Enum):
    """How the target is moving."""

    STILL = "still"
    QUICKLY = "moving quickly"
    EVADING = "evading"


FANNING_RANGE = 6
NAME_SHOWN = 40
"""How much of an unknown name a refusal repeats."""
ENTANGLER = "entangling"
WHIP = "whip"
COVER_ADJUSTMENT = {Cover.LIGHT: "light_cover", Cover.DENSE: "dense_cover", Cover.HARD: "hard_cover"}
MOTION_ADJUSTMENT = {Motion.QUICKLY: "moving_quickly", Motion.EVADING: "evading"}
SHOT_ADJUSTMENT = {ShotType.AIMED: "aimed_shot", ShotType.HASTY: "hasty_shot", ShotType.SNAP: "snap_shot",
                   ShotType.FANNING: "fanned"}
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
    riding: bool = False
    at_mount: bool = False
    """Shooting at the target's mount rather than its rider."""
    entangle: bool = False
    """A whip used to entangle rather than to hit (a lasso, bolas or net always entangles)."""
    responding: bool = False
    """A shot made in response (from hold, or to an attack): the response was the test."""

    def involved(self) -> tuple[str, ...]:
        return (self.shooter, self.target)


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


def effective_shot(shooter: Character, request: ShotRequest, weapon: Weapon, ctx: Context) -> ShotType:
    """The shot as the DV table reads it, after checking the weapon allows it."""
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
    if shot is ShotType.QUICK_DRAW:
        if not weapon.draw_and_fire:
            raise RulesError(f"A {weapon.name} cannot be drawn and fired in the same turn.")
        if shooter.has("quick_draw"):
            ctx.note(f"{shooter.name} is a Quick Draw: no penalty for drawing.")
            return ShotType.DELIBERATE
        return ShotType.HASTY
    if request.moved and shot is not ShotType.HASTY:
        ctx.note("The shooter moved: the shot is Hasty.")
        return ShotType.HASTY
    return shot


def check_shot(state: GameState, shooter_key: str, target_key: str, weapon_key: str,
               paces: int) -> tuple[Character, Character, Carried, Weapon]:
    """Refuse a shot that cannot be made, before any die is rolled: who, at whom, with what, how far."""
    shooter = state.characters[shooter_key]
    target = state.characters[target_key]
    check_can_act(shooter)
    if shooter is target:
        raise RulesError("A character cannot shoot at themselves.")
    if target.casualty or not target.in_action:
        raise RulesError(f"{target.name} is already out of the fight.")
    carried, weapon = carried_weapon(shooter, weapon_key, missile=True)
    if not 1 <= paces <= 2 * weapon.range:
        raise RulesError(f"A {weapon.name} reaches {2 * weapon.range} paces at most (effective "
                         f"{weapon.range}); {paces} is out of range.")
    if carried.condition is not WeaponCondition.READY:
        raise RulesError(f"{shooter.name}'s {weapon.name} is {carried.condition.value}: reload first.")
    return shooter, target, carried, weapon


@action(ShotRequest)
def shoot(state: GameState, request: ShotRequest, ctx: Context) -> Story:
    """The whole shot: Wanting to Shoot, to hit, the effect of each hit, and courage."""
    shooter, target, carried, weapon = check_shot(state, request.shooter, request.target, request.weapon,
                                                  request.paces)
    shot = effective_shot(shooter, request, weapon, ctx)
    story = begin(ctx, Story("shoot", f"{shooter.name} shoots at {target.name} with a {weapon.name} "
                                      f"({shot.value.lower()}, {request.paces} paces)", shooter.key, target.key))
    extra: list[Right] = []
    if not request.responding:
        want = action_roll(state, ctx, shooter, CHARTS["shoot"], Situation(Test.SHOOT))
        if not want.band.passed:
            return story
        if want.band is Band.OUTSTANDING:
            extra.append(Right("got_them", "Re-roll (Got Them!)", ones_ignored=True))
    hits = to_hit(state, ctx, shooter, carried, weapon, shot, request, extra)
    if not hits:
        return story
    if weapon.key == ENTANGLER or (request.entangle and weapon.key == WHIP):
        entangle(state, ctx, target, bulls_eye=10 in hits)
        return story
    must_test = False
    for number, value in enumerate(hits, start=1):
        blow = shot_blow(shooter, target, weapon, shot, request, value == 10)
        blow.label = f"Effect of hit {number} of {len(hits)}" if len(hits) > 1 else "Effect of the hit"
        may_choose = shooter.has("marksman") or shot is ShotType.AIMED
        must_test |= strike_rider_or_mount(state, ctx, target, blow, request.at_mount, may_choose)
        if target.casualty:
            break
    if must_test:
        courage_test(state, ctx, target, in_close_combat=False)
    return story


def entangle(state: GameState, ctx: Context, target: Character, bulls_eye: bool) -> None:
    """Entangling or restraining: the target throws their action dice on the Entangling chart;
    after a 10 to hit they roll twice and take the worse."""
    dice = Dice(2, Keep.WORST) if bulls_eye else None
    reading = action_roll(state, ctx, target, CHARTS["entangle"], Situation(Test.ESCAPE), dice=dice,
                          whose="rolled twice, the worse kept (a 10 to hit)" if bulls_eye else "",
                          label="Entangled?")
    entangled(target, reading.roll.value, ctx)


def to_hit(state: GameState, ctx: Context, shooter: Character, carried: Carried, weapon: Weapon,
           shot: ShotType, request: ShotRequest, extra: list[Right]) -> list[int]:
    """Roll to hit; apply misfires, jams and ammunition; return the die value of each hit."""
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
    values = reading.roll.values
    fired = fire_shot(ctx, shooter, carried, weapon, shot, reading)
    if fired and weapon.category == "explosive" and 1 in values:
        blow = shot_blow(shooter, shooter, weapon, shot, request, bulls_eye=False)
        blow.label = "Dropped it! Effect on the thrower"
        if strike(state, ctx, shooter, blow):
            courage_test(state, ctx, shooter, in_close_combat=False)
    return [v for v in values if v >= 5] if fired else []


def fire_shot(ctx: Context, shooter: Character, carried: Carried, weapon: Weapon, shot: ShotType,
              reading: Reading) -> bool:
    """The weapon's side of a shot: misfire, jam or ammunition spent. Returns whether it fired."""
    values = set(reading.roll.values)
    misfire = weapon.misfires(carried.ignition) & values
    if misfire:
        if weapon.reload is Reload.EVERY_SHOT:
            carried.condition = WeaponCondition.UNPRIMED
        ctx.note(f"The {weapon.name} misfires on a {min(misfire)}"
                 f"{': it needs re-priming' if weapon.reload is Reload.EVERY_SHOT else ''}.")
        return False
    jam = weapon.jam_on & values
    if jam:
        carried.condition = WeaponCondition.JAMMED
        ctx.note(f"The {weapon.name} jams on a {min(jam)}.")
        return False
    spend(ctx, carried, weapon, shot, disaster=1 in values)
    return True


def spend(ctx: Context, carried: Carried, weapon: Weapon, shot: ShotType, disaster: bool) -> None:
    """Ammunition after a shot, by the weapon's reload rule and the Damn It! result."""
    barrels = 2 if shot is ShotType.BOTH_BARRELS else 1
    if weapon.reload is Reload.EVERY_SHOT:
        carried.loaded = 0
    elif weapon.reload is Reload.WHEN_EMPTY:
        carried.loaded = max(0, carried.loaded - barrels)
    elif weapon.reload is Reload.ON_ONES and (disaster or shot is ShotType.FANNING):
        carried.loaded = 0
    elif weapon.reload in (Reload.RECOVER, Reload.RECOIL):
        carried.condition = WeaponCondition.GONE if weapon.reload is Reload.RECOVER else WeaponCondition.EMPTY
        ctx.note(f"The {weapon.name} must be {'recovered' if weapon.reload is Reload.RECOVER else 'recoiled'}.")
        return
    if disaster:
        damn_it(ctx, carried, weapon, shot)
    elif carried.loaded == 0:
        carried.condition = WeaponCondition.EMPTY
        ctx.note(f"The {weapon.name} is empty.")


def damn_it(ctx: Context, carried: Carried, weapon: Weapon, shot: ShotType) -> None:
    """The weapon's fate on a 1 to hit (Damn It!)."""
    if weapon.category == "explosive":
        carried.condition = WeaponCondition.GONE
        ctx.note(f"Damn It! The {weapon.name} is dropped at the thrower's feet.")
    elif weapon.category == "non-gunpowder" and weapon.reload is Reload.EVERY_SHOT:
        carried.condition = WeaponCondition.EMPTY
        ctx.note(f"Damn It! The {weapon.name} needs to be restrung.")
    elif weapon.reload is Reload.EVERY_SHOT and weapon.ignitions[0] is not Ignition.CARTRIDGE:
        carried.condition = WeaponCondition.UNPRIMED
        ctx.note(f"Damn It! The {weapon.name} needs to be re-primed.")
    elif weapon.reload is Reload.EVERY_SHOT or shot is ShotType.FANNING or "double action" in weapon.name.lower():
        carried.condition = WeaponCondition.JAMMED
        ctx.note(f"Damn It! The {weapon.name} jams and needs reloading.")
    else:
        carried.loaded = 0
        carried.condition = WeaponCondition.EMPTY
        ctx.note(f"Damn It! The {weapon.name} is out of ammo.")


def shot_blow(shooter: Character, target: Character, weapon: Weapon, shot: ShotType,
              request: ShotRequest, bulls_eye: bool) -> Blow:
    """Every DV adjustment of Reel 6 that applies to a hit from this shot."""
    blow = Blow(shooter, lethal=weapon.lethal, label="Effect of the hit")
    target_side = [
        ("defenceless", request.defenceless or Condition.DEFENCELESS in target.conditions),
        ("point_blank", request.paces <= 1),
        ("all_out_attack", Condition.MADE_ALL_OUT_ATTACK in target.conditions),
        (COVER_ADJUSTMENT.get(request.cover, ""), request.cover is not Cover.NONE),
        (MOTION_ADJUSTMENT.get(request.motion, ""), request.motion is not Motion.STILL),
        ("prone", request.prone),
        ("stealthy", target.has("stealthy")),
        ("shield", target.shield and weapon.category == "non-gunpowder"),
    ]
    deliberate = shot in (ShotType.DELIBERATE, ShotType.AIMED)
    attacker_side = [
        ("marksman", shooter.has("marksman") and deliberate),
        ("explosive", weapon.category == "explosive"),
        ("bulls_eye", bulls_eye),
        ("man_killer", shooter.has("man_killer")),
        ("high_impact", weapon.impact_at(request.paces) is Impact.HIGH),
        ("expert", shooter.has("expert", weapon.key)),
        ("riding", request.riding),
        ("light_impact", weapon.impact_at(request.paces) is Impact.LIGHT),
        (SHOT_ADJUSTMENT.get(shot, ""), shot in SHOT_ADJUSTMENT),
        ("wrong_hand", request.wrong_hand and not shooter.has("ambidextrous")),
    ]
    for key, applies in target_side + attacker_side:
        if applies:
            blow.adjust(key)
    return blow


@dataclass
class ReloadRequest(Request):
    """Reloading, repriming, clearing a jam, restringing or lighting a fuse."""

    kind = "reload"
    character: str
    weapon: str = ""
    moving: bool = False

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


NEEDS_RELOAD = (WeaponCondition.EMPTY, WeaponCondition.UNPRIMED, WeaponCondition.JAMMED,
                WeaponCondition.TANGLED, WeaponCondition.FOULED)


@action(ReloadRequest)
def reload(state: GameState, request: ReloadRequest, ctx: Context) -> Story:
    """Needing to reload or restring (Reel 4); a thrown weapon is simply recovered."""
    character = state.characters[request.character]
    check_can_act(character)
    candidates = [c for c in character.weapons if WEAPONS[c.weapon].range > 0
                  and (c.weapon == request.weapon or not request.weapon)
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
    reasons = []
    if weapon.difficult_reload:
        reasons.append("a difficult weapon to reload")
    if request.moving and weapon.stationary_reload:
        raise RulesError(f"{character.name} must be stationary to reload a {weapon.name}.")
    reading = action_roll(state, ctx, character, CHARTS["reload"],
                          Situation(Test.RELOAD, skill=carried.weapon), reduce_for=reasons)
    clearing = carried.condition in (WeaponCondition.JAMMED, WeaponCondition.FOULED)
    if reading.band is Band.DISASTER:
        carried.condition = WeaponCondition.JAMMED
        ctx.note(f"It's Jammed! The {weapon.name} must be cleared before it can be reloaded.")
        if weapon.category == "explosive":
            lose_card(state, character, True, "the fuse explodes prematurely", ctx)
    elif reading.band.passed:
        if clearing:
            carried.condition = WeaponCondition.EMPTY
            ctx.note(f"The {weapon.name} is cleared.")
        else:
            carried.condition, carried.loaded = WeaponCondition.READY, weapon.shots
            ctx.note(f"The {weapon.name} is loaded ({weapon.shots} shot{'s' * (weapon.shots != 1)}).")
    return story


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
def quick_draw(state: GameState, request: DrawRequest, ctx: Context) -> Story:
    """Drawing and shooting (Shootouts): the draw test, then the shot without a Wanting to Shoot test."""
    shooter, _, carried, weapon = check_shot(state, request.shooter, request.target, request.weapon,
                                             request.paces)
    chart = CHARTS["respond_draw" if request.responding else "draw"]
    story = begin(ctx, Story("quickdraw", f"{shooter.name} draws on {state.characters[request.target].name}",
                             shooter.key, request.target))
    test = Test.RESPOND if request.responding else Test.DRAW
    reading = action_roll(state, ctx, shooter, chart, Situation(test))
    if reading.band is Band.DISASTER and not request.responding:
        carried.condition = WeaponCondition.GONE
        ctx.note(f"{shooter.name} fumbles and drops the {weapon.name}.")
    if not reading.band.passed:
        return story
    clean = reading.band is Band.OUTSTANDING or shooter.has("quick_draw")
    if shooter.has("quick_draw") and (request.responding or reading.band is Band.OUTSTANDING):
        ctx.note(f"{shooter.name} has the Quick Draw trait and shoots first.")
    shot = ShotRequest(shooter.key, request.target, carried.weapon,
                       ShotType.DELIBERATE if clean else ShotType.HASTY, request.paces, responding=True)
    shoot(state, shot, ctx)
    return story
