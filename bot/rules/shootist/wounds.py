"""Wounds (SH 54-61): the hit location, what each wound does to the dice, death, falls and horses.

Every hit a location's effects count again: a second chest wound is another -1
to dodge, a second leg wound means both legs (see docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.charts import Chart, Outcome, Row
from ..core.dice import Dice, Keep
from ..core.replay import Context, Reading
from .skills import BRAWL, DODGE, DRAW, KNIFE, RIDE, SHOOT, DieType, modified
from .state import CHEST, HEAD, LEG, SHOOT_ARM, SPARE_ARM, Horse, Shootist, ShootistState, Status

LOCATION = Chart("location", "Wounds", (
    Row(1, 1, Outcome("Head", "Instant death (or knock-out if brawling).")),
    Row(2, 6, Outcome("Chest", "-1 to dodge. Roll D6. If D6 < total number of wounds received, then the "
                               "shootist is dead.")),
    Row(7, 7, Outcome("Spare Arm", "-1 to brawl. Cannot Fan. Reload at 1/2 rate. Cannot use this arm to shoot. If "
                                   "both arms are hit, shootist is unable to shoot or brawl.")),
    Row(8, 8, Outcome("Shoot Arm", "-1 to draw, shoot and brawl. Cannot Fan. If both arms are hit, shootist is "
                                   "unable to shoot or brawl.")),
    Row(9, 10, Outcome("Leg", "-1 to brawl. Movement is limited to one hex. If both legs are hit, shootist can "
                              "only change orientation.")),
))
"""The hit location table: "Roll D10 for location (D8 if legs are hidden e.g. window)" (SH 54)."""

BOUNCES = Outcome("1", "The bullet bounces off the sherrif's star.")
GLANCES = Outcome("1", "The blow glances off the sherrif's star.")
GOES_IN = Outcome("2-6", "The star does not stop it.")
LOCATIONS = {"Head": HEAD, "Chest": CHEST, "Spare Arm": SPARE_ARM, "Shoot Arm": SHOOT_ARM, "Leg": LEG}

WOUND_STEPS: dict[str, dict[str, int]] = {
    CHEST: {DODGE: -1},
    SPARE_ARM: {BRAWL: -1},
    SHOOT_ARM: {DRAW: -1, SHOOT: -1, KNIFE: -1, BRAWL: -1},
    LEG: {BRAWL: -1},
}
"""The wound modifiers of each location, by skill. A knife is thrown with the shoot arm: its -1 counts for the knife
skill too (see docs/rulings.md)."""


def skill_die(shootist: Shootist, skill: str, steps: list[tuple[str, int]] | None = None,
              floor: bool = True) -> DieType:
    """A shootist's die for a skill: his die type, the situation's ``steps``, Variable's bonus and the wound
    modifiers (which a Tough Guy ignores)."""
    steps = list(steps or ())
    if shootist.variable == skill:
        steps.append(("Variable", 1))
    if not shootist.has("tough_guy"):
        for location in dict.fromkeys(shootist.wounds):
            if n := WOUND_STEPS.get(location, {}).get(skill, 0) * shootist.hits(location):
                steps.append((f"{location.replace('_', ' ')} wound" + ("s" if abs(n) > 1 else ""), n))
    return modified(skill, shootist.dice[skill], steps, floor)


def roll(ctx: Context, who: Shootist, label: str, die: DieType | int, outcome: Callable[[int], Outcome],
         twice: bool = False, chart: str = "") -> Reading:
    """Roll one die, a skill's (:class:`DieType`) or a plain one (its sides), and read it with ``outcome``;
    ``twice`` rolls two and keeps the higher (Lucky)."""
    sides = die if isinstance(die, int) else die.sides
    reason = f"D{sides}" if isinstance(die, int) else str(die)
    if twice:
        reason += " (Lucky: the higher of two)"
    return ctx.roll(Dice(2 if twice else 1, Keep.BEST, sides), label=label, roller=who.key, dice_reason=reason,
                    read=lambda r: Reading(label, who.key, reason, r, outcome(r.value), chart))


def wound(state: ShootistState, victim: Shootist, ctx: Context, *, brawling: bool = False, double: bool = False,
          legs_hidden: bool = False, label: str = "Hit location") -> str:
    """A hit on ``victim``: the location roll and its wound. Returns the location's title ("" for a hit ignored)."""
    if victim.has("thick_skin") and not victim.thick_skin_used:
        victim.thick_skin_used = True
        ctx.note(f"{victim.name} has a Thick Skin: the 1st hit is ignored.")
        return ""
    title = roll(ctx, victim, label, 8 if legs_hidden else 10, LOCATION.read, chart=LOCATION.key).outcome.title
    location = LOCATIONS[title]
    if location == HEAD:
        if brawling:
            knock_out(state, victim, ctx)
        else:
            kill(victim, ctx, "a hit in the head")
        return title
    if location == CHEST and victim.has("lawman"):
        stopped = GLANCES if brawling else BOUNCES
        if roll(ctx, victim, "Lawman", 6, lambda value: stopped if value == 1 else GOES_IN).outcome is stopped:
            ctx.note(f"The blow glances off {victim.name}'s star." if brawling else
                     f"The bullet bounces off {victim.name}'s star.")
            return title
    victim.wounds += [location] * (2 if double else 1)
    ctx.note(f"{victim.name} is wounded in the {title.lower()}" + (" (double damage)." if double else "."))
    if location == CHEST:
        total = len(victim.wounds)
        dead = Outcome("Dead", f"D6 < {total}, the total number of wounds received")
        alive = Outcome("Alive", f"D6 ≥ {total}, the total number of wounds received")
        if roll(ctx, victim, "Chest wound", 6, lambda value: dead if value < total else alive).outcome is dead:
            kill(victim, ctx, "a chest wound")
    if victim.up and victim.mounted:
        ride_test(victim, victim.horse, ctx)
    return title


def kill(victim: Shootist, ctx: Context, how: str) -> None:
    victim.status = Status.DEAD
    ctx.note(f"{victim.name} is dead ({how}).")


def knock_out(state: ShootistState, victim: Shootist, ctx: Context) -> None:
    """"Head = knockout" in a brawl; he sits out the rest of this turn and the next (see docs/rulings.md)."""
    victim.status = Status.KNOCKED_OUT
    victim.out_until = state.turn.number + 1
    ctx.note(f"{victim.name} is knocked out until turn {state.turn.number + 2}.")


def ride_test(rider: Shootist, horse: Horse, ctx: Context) -> None:
    """"If mounted shootist or horse is wounded, roll Ride die. If roll <= number of wounds of shootist and horse,
    he falls off the horse" (SH 88)."""
    wounds = len(rider.wounds) + horse.wounds
    fell = Outcome("Falls off", f"Ride roll ≤ {wounds}, the wounds of shootist and horse")
    stays = Outcome("Stays in the saddle", f"Ride roll > {wounds}, the wounds of shootist and horse")
    if roll(ctx, rider, "Ride die", skill_die(rider, RIDE), lambda value: fell if value <= wounds else stays
            ).outcome is fell:
        horse.mounted = False
        ctx.note(f"{rider.name} falls off his horse.")


def wound_horse(owner: Shootist, ctx: Context, wounds: int) -> None:
    """A hit on a horse: a wound (two for double damage); the sixth kills it; its rider rolls his Ride die."""
    horse = owner.horse
    horse.wounds = min(horse.wounds + wounds, 6)
    if horse.dead:
        ctx.note(f"{owner.name}'s horse is dead.")
        if horse.mounted:
            horse.mounted = False
            ctx.note(f"{owner.name} is on foot.")
        return
    ctx.note(f"{owner.name}'s horse is wounded ({horse.wounds} of 6): it moves at half speed.")
    if horse.mounted and owner.up:
        ride_test(owner, horse, ctx)
