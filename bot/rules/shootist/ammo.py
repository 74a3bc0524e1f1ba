"""Reload and Pick-up (SH 63-65, 25, 31, 59)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Request, Story, action, begin
from ..core.charts import Outcome
from ..core.errors import RulesError
from ..core.replay import Context
from .state import SPARE_ARM, Gun, Shootist, ShootistState, Status
from .turns import ByShootist, check_action
from .weapons import SHOTGUN, THROWN, WEAPONS
from .wounds import roll

BELT_PICKUP, GUN_PICKUP = 6, 3
""""6 bullets can be picked up from the belt of dead shootists, or 3 from their gun" (SH 65)."""


@dataclass
class ReloadRequest(ByShootist):
    """Reload, or Move 1 hex & Reload (SH 5): "Reload an empty gun. If moving, D6 bullets are lost. Maximum
    reload = 'reload value' of weapon" (SH 63)."""

    kind = "shootist-reload"
    weapon: str = ""
    move: int = 0


@action(ReloadRequest)
def reload(state: ShootistState, request: ReloadRequest, ctx: Context) -> Story:
    shootist = state.shootist(request.shootist)
    check_action(state, shootist)
    gun = shootist.gun(request.weapon)
    weapon = gun.kind
    story = begin(ctx, Story("reload", f"{shootist.name} reloads his {weapon.name}", shootist.key))
    if request.move not in (0, 1):
        raise RulesError("A shootist moves 1 hex and reloads, or reloads standing (SH 5).")
    if shootist.arms_hit:
        raise RulesError(f"Both {shootist.name}'s arms are hit: he cannot reload.")
    if weapon.double_damage and (shootist.arm_hit or request.move):
        raise RulesError(f"No reload of a {weapon.name} is possible if wounded in either arm or while moving "
                         "(SH 25).")
    if gun.loaded and not gun.reloading:
        raise RulesError(f"Only an empty gun is reloaded (SH 63): the {weapon.name} holds {gun.loaded}.")
    if gun.loaded >= weapon.shots:
        raise RulesError(f"The {weapon.name} is full.")
    if request.move:
        shootist.moved = True
        if weapon.kind != SHOTGUN:
            drop(shootist, gun, ctx)
    rate = weapon.reload
    if shootist.hits(SPARE_ARM):
        rate = max(1, (rate + 1) // 2)
        ctx.note(f"{shootist.name}'s spare arm is hit: he reloads at half rate ({rate}).")
    put_in = min(rate, weapon.shots - gun.loaded, shootist.belt.get(weapon.ammo, 0))
    if not put_in:
        raise RulesError(f"{shootist.name} has no {weapon.ammo} left to reload with.")
    shootist.belt[weapon.ammo] -= put_in
    gun.loaded += put_in
    gun.reloading = gun.loaded < weapon.shots
    shootist.acted = True
    ctx.note(f"{shootist.name} puts {put_in} {weapon.ammo} in his {weapon.name} ({gun.loaded} of {weapon.shots}; "
             f"{shootist.belt[weapon.ammo]} left in the belt).")
    return story


def drop(shootist: Shootist, gun: Gun, ctx: Context) -> None:
    """"If moving, D6 bullets are lost" (SH 63): from the belt (see docs/rulings.md); a shotgun loses none."""
    ammo = gun.kind.ammo
    lost = roll(ctx, shootist, "Reloading on the move", 6,
                lambda value: Outcome(f"{value} lost", "If moving, D6 bullets are lost.")).roll.value
    lost = min(lost, shootist.belt.get(ammo, 0))
    shootist.belt[ammo] = shootist.belt.get(ammo, 0) - lost
    ctx.note(f"{shootist.name} drops {lost} {ammo} reloading on the move.")


@dataclass
class PickUpRequest(Request):
    """Move 1 hex & Pick-up (SH 5, 65): bullets from a dead shootist's belt or gun, or a single weapon; or a
    weapon thrown that lies where it fell (SH 34)."""

    kind = "shootist-pickup"
    title = "Pick up"
    shootist: str
    source: str
    """The dead shootist (or the one by whom a thrown weapon lies)."""
    what: str
    """"belt", "gun" (bullets from the weapon named) or a weapon's key."""
    weapon: str = ""
    """For "gun": which of his guns."""
    move: int = 0

    def involved(self) -> tuple[str, ...]:
        return (self.shootist, self.source)


@action(PickUpRequest)
def pick_up(state: ShootistState, request: PickUpRequest, ctx: Context) -> Story:
    shootist = state.shootist(request.shootist)
    check_action(state, shootist)
    source = state.shootist(request.source)
    story = begin(ctx, Story("pickup", f"{shootist.name} picks up from {source.name}", shootist.key, source.key))
    if request.move not in (0, 1):
        raise RulesError("A shootist moves 1 hex and picks up, or picks up standing (SH 5).")
    lying = request.what in source.lying
    if not lying and source.status is not Status.DEAD:
        raise RulesError(f"{source.name} is not dead: only a weapon thrown at him may be picked up by him.")
    if request.what == "belt":
        taken = take_bullets(shootist, source.belt, BELT_PICKUP)
        where = "belt"
    elif request.what == "gun":
        gun = source.gun(request.weapon)
        taken = min(GUN_PICKUP, gun.loaded)
        gun.loaded -= taken
        shootist.belt[gun.kind.ammo] = shootist.belt.get(gun.kind.ammo, 0) + taken
        taken = {gun.kind.ammo: taken} if taken else {}
        where = gun.kind.name
    elif lying:
        source.lying.remove(request.what)
        shootist.weapons.append(Gun(request.what, loaded=1))
        taken, where = {}, ""
        ctx.note(f"{shootist.name} picks up the {WEAPONS[request.what].name}.")
    else:
        gun = source.gun(request.what)
        source.weapons.remove(gun)
        shootist.weapons.append(gun)
        taken, where = {}, ""
        ctx.note(f"{shootist.name} takes {source.name}'s {gun.kind.name}" +
                 (f" ({gun.loaded} loaded)." if gun.kind.kind != THROWN else "."))
    if where:
        if not taken:
            raise RulesError(f"There is nothing to take from {source.name}'s {where}.")
        ctx.note(f"{shootist.name} takes " + ", ".join(f"{n} {ammo}" for ammo, n in taken.items())
                 + f" from {source.name}'s {where}.")
    shootist.acted = True
    shootist.moved = shootist.moved or bool(request.move)
    return story


def take_bullets(shootist: Shootist, belt: dict[str, int], most: int) -> dict[str, int]:
    """Up to ``most`` rounds from a dead man's belt, those the shootist's own weapons take first."""
    wanted = [g.kind.ammo for g in shootist.weapons if g.kind.ammo]
    taken: dict[str, int] = {}
    for ammo in sorted(belt, key=lambda a: (a not in wanted, a)):
        n = min(most - sum(taken.values()), belt[ammo])
        if n > 0:
            belt[ammo] -= n
            taken[ammo] = n
            shootist.belt[ammo] = shootist.belt.get(ammo, 0) + n
    return taken
