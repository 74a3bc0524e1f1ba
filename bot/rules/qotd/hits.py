"""Reel 6: the effect of a hit on a character, a mount or a wild animal, and the courage test after it."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.charts import Chart, Outcome, Row, banded
from ..core.dice import Band, Dice, Keep
from ..core.replay import Context, Reading
from ..core.words import Command, words
from .beasts import ANIMALS
from .charts import CHARTS, GRIDS
from .dv import ADJUSTMENTS, ARMOUR, ARMOUR_WORN, LOOPHOLE_DV
from .rolls import Situation, Test, action_roll, automatic_reductions
from .state import ENTANGLEMENT, Character, Condition, QotdState

WOUNDS = {"hit1": 1, "hit2": 2, "hit3": 3}
"""Cards lost for each outcome of the Effects of Hit table."""
ANIMAL_WOUNDS = {"hit1": 1, "hit2": 2}

MOUNT_CONTROL = banded(
    "mount_control", "Keeping control of a mount",
    ("Thrown!", "Control is lost and the rider is thrown: the mount bolts in a random direction and the "
                "rider tests for injury."),
    ("Bolting!", "The mount bolts in a random direction until the rider passes an Action Test."),
    ("Steady!", "The rider keeps control."),
    ("Steady!", "The rider keeps control."))
"""Hits on Mounts: the rider's test to keep control (the book gives bullets, not titles)."""

RIDER_OR_MOUNT = Chart("rider_or_mount", "Rider or mount?", (
    Row(1, 4, Outcome("The other one!", "The hit lands on the one not aimed at.")),
    Row(5, 10, Outcome("As aimed!", "The hit lands on the one aimed at.")),
))
"""Shooting or attacking rider or mount: 1D10 per hit, 5+ the stated target, 1-4 the other."""


@dataclass
class Blow:
    """A hit about to be rolled for: who struck, how hard, and every DV adjustment."""

    attacker: Character
    lethal: bool
    label: str
    adjustments: list[tuple[str, int]] = field(default_factory=list)
    in_close_combat: bool = False
    loophole: bool = False
    """The target fires through a loophole: the basic DV is the loophole column's, not their armour's."""

    def adjust(self, key: str) -> None:
        """Apply an adjustment from the DV table by its key; each bullet of the table counts once."""
        adjustment = ADJUSTMENTS[key]
        entry = (adjustment.reason, adjustment.delta)
        if entry not in self.adjustments:
            self.adjustments.append(entry)


def strike_rider_or_mount(state: QotdState, ctx: Context, target: Character, blow: Blow,
                          at_mount: bool, may_choose: bool, fast: bool = False) -> bool:
    """A hit on a mounted target: on the stated one if the attacker may choose, else 1D10, 5+ the
    stated one and 1-4 the other; ``fast``: the mount is travelling fast. Returns whether the rider must take
    a courage test."""
    mount = target.mount
    if mount is None or mount.collapsed:
        return strike(state, ctx, target, blow)
    if not may_choose:
        reading = action_roll(state, ctx, target, RIDER_OR_MOUNT, Situation(Test.TASK), dice=Dice(1),
                              adverse=lambda r: False)
        at_mount = at_mount == (reading.roll.value >= 5)
    if not at_mount:
        return strike(state, ctx, target, blow)
    strike_mount(state, ctx, target, blow, fast)
    return False


def strike_mount(state: QotdState, ctx: Context, rider: Character, blow: Blow, fast: bool = False) -> None:
    """Hits on Mounts: the rider rolls on the mount's behalf; armour and shield do not count."""
    mount = rider.mount
    grid = GRIDS["effect_on_mounts"]
    dv = sum(delta for _, delta in blow.adjustments)
    reading = action_roll(state, ctx, rider, grid, Situation(Test.EFFECT), label=f"{blow.label} on the {mount.kind}",
                          column=dv, adjustments=tuple(blow.adjustments), base=(f"the {mount.kind}", 0),
                          adverse=adverse_to_target, striker=blow.attacker)
    key, _ = grid.read(reading.roll.value, dv)
    if key in WOUNDS:
        mount.hits = min(mount.stamina, mount.hits + WOUNDS[key])
        ctx.note(f"{rider.name}'s {mount.kind} takes {WOUNDS[key]} hit(s): {mount.hits}/{mount.stamina}.")
        if mount.collapsed:
            ctx.note(f"The {mount.kind} collapses; {rider.name} falls.")
            fall(state, ctx, rider, collapsed_fast=fast, under_mount=True)
            return
    if key in WOUNDS or key == "courage" or (key == "graze" and not rider.type.row.lead
                                             and not rider.has("expert", "riding")):
        keep_control(state, ctx, rider)


def keep_control(state: QotdState, ctx: Context, rider: Character) -> None:
    """The rider's Action Test to keep control of a hit or spooked mount."""
    reading = action_roll(state, ctx, rider, MOUNT_CONTROL, Situation(Test.TASK))
    if reading.band.passed:
        return
    rider.mount.bolting = True
    ctx.note(f"{rider.name}'s {rider.mount.kind} bolts.")
    if reading.band is Band.DISASTER:
        thrown(state, ctx, rider)
        fall(state, ctx, rider)


def thrown(state: QotdState, ctx: Context, rider: Character) -> None:
    """A rider thrown from their mount, "which will then bolt in a random direction" (2478-2479): the mount is
    loose, and the rider rolls the Random Movement chart for it, as they roll for a hit on it (2459)."""
    name = state.leave_mount(rider)
    ctx.note(f"{rider.name} is thrown: {name} is loose.")
    action_roll(state, ctx, rider, CHARTS["random_movement"], Situation(Test.MOVE), label=bolts(name),
                dice=Dice(1), adverse=lambda r: False)


def bolts(name: str) -> str:
    """The label of a loose mount's Random Movement roll."""
    return f"{name} bolts"


def fall(state: QotdState, ctx: Context, rider: Character, collapsed_fast: bool = False,
         under_mount: bool = False) -> None:
    """A rider thrown or brought down tests for injury as if hit (by a High Impact weapon when their mount
    collapsed travelling fast); under a collapsed mount, a roll of 1 also traps them until they pass an
    Action test (2469-2472). Then a courage test if called for."""
    blow = Blow(rider, lethal=True, label="Injury from the fall")
    if collapsed_fast:
        blow.adjust("high_impact")
    must_test = strike(state, ctx, rider, blow)
    if under_mount and ctx.readings[-1].roll.value == 1 and not rider.casualty:
        rider.conditions.add(Condition.UNDER_MOUNT)
        ctx.note(words(f"{rider.name} is trapped under the dead {rider.mount.kind}: an Action test (",
                       Command("test chart:task"), ") frees them."))
    if must_test:
        courage_test(state, ctx, rider, in_close_combat=False)


def basic_dv(character: Character) -> int:
    """The basic DV from armour: 0 none, 1 minimal, 2 armoured, 3 heavy."""
    return ARMOUR[character.armour]


def adverse_to_target(reading: Reading) -> bool:
    """An effect roll went against the target when it did more than graze a lead character."""
    return reading.outcome.title not in ("Near Miss", "Nick")


def lose_card(state: QotdState, character: Character, lethal: bool, why: str, ctx: Context) -> None:
    """One card lost to a hit, said in plain words; and a casualty named as such."""
    card = state.wound(character, lethal)
    if card is None:
        return
    how = "for good" if lethal else "until they come round"
    ctx.note(f"{character.name} loses {card} ({why}, {how}).")
    if character.casualty:
        ctx.note(f"{character.name} {'passes out' if not character.lost else 'is a casualty'}.")


def strike(state: QotdState, ctx: Context, target: Character, blow: Blow) -> bool:
    """Roll for the effect of one hit on ``target``; returns whether a courage test is called for."""
    if target.is_beast:
        strike_animal(state, ctx, target, blow)
        return False
    if state.settings.armour_twice and target.armour != "none":
        blow.adjust("armour")
    dv = (LOOPHOLE_DV if blow.loophole else basic_dv(target)) + sum(delta for _, delta in blow.adjustments)
    if blow.loophole:
        ctx.note(f"{target.name} fires through a loophole: its DV counts as {LOOPHOLE_DV}, the loophole "
                 "column, before the other adjustments.")
    reading = action_roll(state, ctx, target, GRIDS["effect_of_hits"], Situation(Test.EFFECT),
                          label=blow.label, column=dv, adjustments=tuple(blow.adjustments),
                          base=("a loophole", LOOPHOLE_DV) if blow.loophole else
                          (ARMOUR_WORN[target.armour], basic_dv(target)), adverse=adverse_to_target,
                          striker=blow.attacker)
    key, _ = GRIDS["effect_of_hits"].read(reading.roll.value, dv)
    for _ in range(WOUNDS.get(key, 0)):
        lose_card(state, target, blow.lethal, "lethal hit" if blow.lethal else "stunning hit", ctx)
    if key == "graze":
        return not grazes_off(state, target, blow.in_close_combat)
    return key in ("courage", *WOUNDS) and not target.casualty


def grazes_off(state: QotdState, character: Character, in_close_combat: bool) -> bool:
    """Heroes, Main Characters, the Brave and Fanatics carry on after a graze without a courage test; a game
    may have the Brave ignore only grazes from close combat (see docs/rulings.md)."""
    brave = character.has("brave") and (in_close_combat or not state.settings.brave_close_combat_only)
    return character.type.row.lead or brave or character.has("fanatic")


def strike_animal(state: QotdState, ctx: Context, beast: Character, blow: Blow) -> None:
    """Damage to Wild Animals: 1D10 against the animal's DV; past either end, an extra die."""
    animal = ANIMALS[beast.animal]
    grid = GRIDS["damage_to_wild_animals"]
    dv = animal.dv + sum(delta for _, delta in blow.adjustments)
    dice = Dice(1)
    if dv < grid.columns[0]:
        dice = Dice(2, Keep.WORST)
    elif dv > grid.columns[-1]:
        dice = Dice(2, Keep.BEST)
    reading = action_roll(state, ctx, beast, grid, Situation(Test.EFFECT), label=blow.label, dice=dice,
                          column=dv, adjustments=tuple(blow.adjustments), base=(f"a {animal.name}", animal.dv),
                          adverse=adverse_to_target, striker=blow.attacker)
    key, outcome = grid.read(reading.roll.value, dv)
    if key == "slain":
        _slay(state, beast, ctx)
        return
    hits = ANIMAL_WOUNDS.get(key, 0)
    if blow.in_close_combat:
        ctx.note(f"{beast.name} is driven back {4 if hits else 2} paces.")
    if hits:
        beast.wounds += hits
        beast.attack_dice = max(0, beast.attack_dice - hits)
        ctx.note(f"{beast.name} takes {hits} hit{'s' * (hits > 1)}: {beast.attack_dice} attack dice left, "
                 f"top speed {animal.speed_after(beast.wounds)} paces.")
        if beast.wounds >= animal.kill_hits:
            _slay(state, beast, ctx)
            return
    beast_reaction(state, ctx, beast)


def _slay(state: QotdState, beast: Character, ctx: Context) -> None:
    for _ in list(beast.available):
        state.wound(beast, lethal=True)
    ctx.note(f"{beast.name} drops dead.")


def beast_reaction(state: QotdState, ctx: Context, beast: Character) -> Reading | None:
    """A beast shot at or hit tests its reaction with its attack dice."""
    if beast.attack_dice <= 0:
        ctx.note(f"{beast.name} has no attack dice left and can only flee.")
        return None
    reading = action_roll(state, ctx, beast, CHARTS["beast_reaction"], Situation(Test.BEAST),
                          adverse=lambda r: False)
    beast_reacts(state, ctx, beast, reading.band)
    return reading


def beast_reacts(state: QotdState, ctx: Context, beast: Character, band: Band) -> None:
    """What the Beast's Reaction does: on a 1 it flees; on a 10 it becomes enraged, and its next attack is an
    All Out Attack (3084-3085)."""
    if band is Band.DISASTER:
        state.take_out_of_action(beast, Condition.FLED)
        ctx.note(f"{beast.name} flees.")
    elif band is Band.OUTSTANDING:
        beast.conditions.add(Condition.ENRAGED)
        ctx.note(f"{beast.name} is enraged: its next attack is an All Out Attack.")


def entangled(target: Character, value: int, ctx: Context) -> None:
    """What the Entangling chart does: 10 barely and 5+ partly caught, 2-4 held and defenceless, 1 completely
    trapped and defenceless."""
    grip = Condition.TRAPPED if value == 1 else Condition.HELD if value <= 4 else Condition.ENTANGLED
    hold_fast(target, grip)
    if value == 1:
        ctx.note(f"{target.name} is completely trapped and defenceless: they cannot escape without help.")
    elif value <= 4:
        ctx.note(f"{target.name} is entangled and defenceless: escaping is a difficult action (reduced dice).")
    else:
        ctx.note(f"{target.name} is {'barely' if value == 10 else 'partly'} entangled and may try to escape "
                 "next turn.")


def hold_fast(target: Character, grip: Condition) -> None:
    """Set how fast the character is entangled, from the chart or from It's Getting Worse!"""
    target.conditions -= set(ENTANGLEMENT)
    target.conditions.add(grip)


def poison_test(state: QotdState, ctx: Context, character: Character) -> bool:
    """Poison: a character injured by a poisoned weapon or a venomous beast tests; failing, two lethal hits.
    Returns whether they call for a courage test."""
    if character.casualty:
        return False
    situation = Situation(Test.POISON)
    reading = action_roll(state, ctx, character, CHARTS["poison"], situation,
                          reduce_for=automatic_reductions(character, Test.POISON, situation))
    return not reading.band.passed and poisoned(state, character, ctx)


def poisoned(state: QotdState, character: Character, ctx: Context) -> bool:
    """A failed poison test: "treat as a 2 lethal hits" (2729), which, like any hits, call for a courage test
    unless the character is now a casualty (2423-2424). Returns whether they do."""
    for _ in range(2):
        lose_card(state, character, True, "poison", ctx)
    return not character.casualty


def courage_test(state: QotdState, ctx: Context, character: Character, in_close_combat: bool,
                 leader: Character | None = None, reduce_for: tuple[str, ...] = (),
                 in_cover: bool = False) -> Reading | None:
    """Taking a Courage Test, and carrying out its outcome. Heroic characters need not test; a leader
    within 10 paces commands it (:func:`~.rolls.command`)."""
    if character.has("heroic") or character.casualty or not character.in_action:
        return None
    situation = Situation(Test.COURAGE)
    reading = action_roll(state, ctx, character, CHARTS["courage"], situation,
                          reduce_for=reduce_for + tuple(automatic_reductions(character, Test.COURAGE, situation)),
                          leader=leader, ones_ignored=character.has("fanatic"))
    if reading.band is Band.DISASTER:
        lets_get_out_of_here(ctx, character, in_close_combat, in_cover)
    elif in_close_combat and reading.band is Band.FAIL:
        character.conditions.add(Condition.ON_THE_BACK_FOOT)
        ctx.note(f"{character.name} falls back 2 paces, On the Back Foot.")
    return reading


def lets_get_out_of_here(ctx: Context, character: Character, in_close_combat: bool, in_cover: bool) -> None:
    """A courage test of 1: in the open or in close combat the character flees, leaving any combat; in cover
    they duck down and will not defend themselves in close combat. Both last the phase (see docs/rulings.md)."""
    if in_cover and not in_close_combat:
        character.conditions.add(Condition.DUCKED_DOWN)
        ctx.note(f"{character.name} ducks down and will not even defend themselves if attacked in close combat "
                 "this phase.")
    else:
        character.conditions.add(Condition.FLEEING)
        ctx.note(f"{character.name} panics and flees at maximum speed away from the enemy this phase "
                 "(if unable to, they try to surrender).")
