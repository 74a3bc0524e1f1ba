"""Firing (SB 193-391): AIM, FIRE with every modifier and the second die past 10, the jam on a 1 and the roll to
unjam, the Hits table by calibre, and the shock roll."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Request, Story, action, begin
from ..core.errors import RulesError
from ..core.replay import Context
from ..core.words import Command, Name, words
from .charts import (FIRER_MOTION, HIT, HITS, JAMMED, MAX_AIMS, MISS, MOUNTED_AND_STATIONARY, SECOND_DIE,
                     SHOTGUN_ROW, SNAPSHOT, TARGET_MOTION, UNJAM, UNJAM_DIE, VISIBILITY, VISIBILITY_WORDS, Band,
                     CALIBRES, Gait, Severity, band_at, hits_column, second_die, threshold, to_hit, visibility_penalty)
from .rolls import roll_on, roll_on_grid, shock
from .state import BurtState, Gun, Gunman


@dataclass
class AimRequest(Request):
    """An AIM action at a target (SB 171-175)."""

    kind = "burt-aim"
    character: str
    target: str

    def involved(self) -> tuple[str, ...]:
        return (self.character, self.target)


@dataclass
class FireRequest(Request):
    """A FIRE action: one shot at a target."""

    kind = "burt-fire"
    shooter: str
    target: str
    distance: int = 0
    """How far the target is, in cm (a metre each, SB 13); 0 when ``band`` is given instead."""
    band: str = ""
    """The range band by name (``Band``), when no distance is given."""
    visible: int = 100
    """How much of the target shows: 100, 75, 50, 25 or 10 per cent (SB 267-281)."""
    soft_cover: bool = False
    """The target is hidden by soft cover, which counts half the visibility penalty (SB 291-295)."""
    weapon: str = ""
    """Which gun ("rifle", "pistol .45"); empty: the one drawn."""

    def involved(self) -> tuple[str, ...]:
        return (self.shooter, self.target)


@dataclass
class UnjamRequest(Request):
    """An UNJAM action (SB 313-319)."""

    kind = "burt-unjam"
    title = "Clear a jam"
    character: str
    weapon: str = ""

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


def other(state: BurtState, character: Gunman, target_key: str) -> Gunman:
    """The target of an action by a character able to act: another character, still in the fight."""
    state.ready(character)
    if target_key == character.key:
        raise RulesError(f"{character.name} cannot be their own target.")
    target = state.characters[target_key]
    if target.out:
        raise RulesError(f"{target.name} is {target.out}.")
    return target


@action(AimRequest)
def aim(state: BurtState, request: AimRequest, ctx: Context) -> Story:
    """Up to 3 AIM actions in a row may precede a shot at the same target."""
    character = state.characters[request.character]
    target = other(state, character, request.target)
    story = begin(ctx, Story("burt-aim", f"{character.name} aims at {target.name}", character.key, target.key))
    aims = character.aims if character.aim_at == target.key else 0
    if aims >= MAX_AIMS:
        raise RulesError(f"{character.name} has aimed {MAX_AIMS} times already: up to 3 AIMs may precede a shot.")
    state.spend(character, 1, ctx, aiming=True)
    character.aims, character.aim_at = aims + 1, target.key
    ctx.note(f"{character.name} has aimed {character.aims} time{'s' if character.aims > 1 else ''} at {target.name}.")
    return story


def range_band(gun: Gun, request: FireRequest) -> Band:
    """The band of the shot: from the distance and the gun's ranges, or as named."""
    if request.distance:
        band = band_at(gun.kind, request.distance)
        if band is None:
            raise RulesError(f"{request.distance} cm is beyond a {gun.kind}'s long range.")
        return band
    try:
        return Band[request.band.upper().replace(" ", "_")]
    except KeyError:
        raise RulesError("Give the distance to the target, or the range band.") from None


def modifiers(shooter: Gunman, target: Gunman, request: FireRequest) -> list[tuple[str, int]]:
    """The shooting skill and every modifier of the text (SB 219-285) that applies, with its reason."""
    out = [(f"{shooter.type.value}'s shooting skill", shooter.skill)]
    if shooter.wounds:
        out.append((f"{len(shooter.wounds)} wound{'s' * (len(shooter.wounds) > 1)}", -len(shooter.wounds)))
    if target.gait in TARGET_MOTION:
        out.append((f"Target {target.gait.moving}", TARGET_MOTION[target.gait]))
    aims = shooter.aims if shooter.aim_at == target.key else 0
    if not aims:
        out.append(("Snapshot", SNAPSHOT))
    elif aims > 1:
        out.append((f"{aims - 1} AIM{'s' * (aims > 2)} after the first", aims - 1))
    if shooter.mounted and shooter.gait is Gait.STILL:
        out.append(("Firer mounted and stationary", MOUNTED_AND_STATIONARY))
    elif shooter.gait in FIRER_MOTION:
        out.append((f"Firer {shooter.gait.moving}", FIRER_MOTION[shooter.gait]))
    if request.visible not in VISIBILITY:
        raise RulesError("Visibility is 100, 75, 50, 25 or 10 per cent.")
    penalty = visibility_penalty(request.visible, request.soft_cover)
    if penalty:
        cover = ", soft cover" if request.soft_cover else ""
        out.append((f"Target only {request.visible}% visible ({VISIBILITY_WORDS[request.visible]}{cover})",
                    penalty))
    return [(reason, value) for reason, value in out if value]


def ready_gun(shooter: Gunman, weapon: str) -> Gun:
    gun = shooter.gun(weapon)
    if not gun.drawn:
        raise RulesError(words(Name(shooter.name), f"'s {gun.title} is not drawn: DRAW it first (",
                               Command("burt act action:draw"), ")."))
    if gun.broken:
        raise RulesError(f"{shooter.name}'s {gun.title} is permanently jammed.")
    if gun.jammed:
        raise RulesError(words(Name(shooter.name), f"'s {gun.title} is jammed: UNJAM it first (", Command("burt unjam"),
                               ")."))
    return gun


@action(FireRequest)
def fire(state: BurtState, request: FireRequest, ctx: Context) -> Story:
    """The roll to hit: a d10 plus the shooting skill and the modifiers against the range's number; a 1 jams the
    weapon; a roll needed over 10 takes a 10 and then the second die. A hit rolls on the Hits table, and the
    one hit rolls for shock."""
    shooter = state.characters[request.shooter]
    target = other(state, shooter, request.target)
    gun = ready_gun(shooter, request.weapon)
    story = begin(ctx, Story("burt-fire", f"{shooter.name} fires a {gun.title} at {target.name}", shooter.key,
                             target.key))
    band = range_band(gun, request)
    adjustments = tuple(modifiers(shooter, target, request))
    state.spend(shooter, 1, ctx)
    needed = band.to_hit - sum(value for _, value in adjustments)
    base = (f"{band.title} range", band.to_hit)
    chart = to_hit(needed)
    reading = roll_on(ctx, chart, "To hit", shooter, adjustments=adjustments, base=base)
    if reading.outcome is JAMMED:
        gun.jammed = True
        ctx.note(f"{shooter.name}'s {gun.title} is jammed.")
        return story
    if reading.outcome is SECOND_DIE:
        after = second_die(needed)
        again = threshold("over_10", f"Over 10: {needed} needs a 10, then {after}-0", 10, after, MISS, HIT)
        reading = roll_on(ctx, again, "Second die", shooter)
    if reading.outcome is HIT:
        shotgun = gun.kind == "shotgun"
        calibre = SHOTGUN_ROW[band] if shotgun else CALIBRES[gun.calibre]
        effect = roll_on_grid(ctx, HITS, hits_column(calibre),
                              f"Hit: the {calibre.shotgun if shotgun else calibre.calibre} row", target)
        wound(state, ctx, target, effect.outcome.title)
    return story


def wound(state: BurtState, ctx: Context, target: Gunman, title: str, real: bool = True) -> None:
    """A wound of the titled severity, and the shock roll; a blow that is no real damage (a punch or kick,
    SB 437-439) counts its hits for the shock roll alone (see docs/rulings.md)."""
    severity = next(s for s in Severity if s.title == title)
    if not real:
        ctx.note(f"{target.name} takes a {severity.title.lower()} blow: no real damage.")
        hits = target.hits + severity.hits
    else:
        state.take_hits(target, severity)
        if target.out:
            ctx.note(f"{target.name} is dead." if severity is Severity.DEAD else
                     f"{target.name} has taken {target.hits} hits, all a character can take: dead.")
            return
        ctx.note(f"{target.name} takes a {severity.title.lower()} wound: {target.hits} hit"
                 f"{'s' * (target.hits > 1)} of 4.")
        hits = target.hits
    if target.stunned:
        ctx.note(f"{target.name} is already down, stunned.")
        return
    shock(state, ctx, target, hits)


@action(UnjamRequest)
def unjam(state: BurtState, request: UnjamRequest, ctx: Context) -> Story:
    """"Roll to unjam as an action: 1 = permanently jammed, 4-6 OK, 2,3 try again" (SB 313-319)."""
    character = state.characters[request.character]
    jammed = [g for g in character.guns if g.jammed and not g.broken]
    gun = character.gun(request.weapon) if request.weapon else (jammed[0] if jammed else None)
    if gun is None or not gun.jammed or gun.broken:
        raise RulesError(f"{character.name} has no jammed weapon to clear"
                         + (" (it is permanently jammed)." if gun is not None and gun.broken else "."))
    story = begin(ctx, Story("burt-unjam", f"{character.name} tries to unjam a {gun.title}", character.key))
    state.spend(character, 1, ctx)
    title = roll_on(ctx, UNJAM, "Unjam", character, UNJAM_DIE).outcome.title
    if title == "OK":
        gun.jammed = False
        ctx.note(f"{character.name}'s {gun.title} is clear.")
    elif title == "Permanently jammed":
        gun.broken = True
        ctx.note(f"{character.name}'s {gun.title} is permanently jammed.")
    return story
