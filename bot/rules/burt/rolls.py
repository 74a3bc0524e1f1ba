"""Every die of the text, rolled through the context: one die read on a chart, the shock roll, getting up and
difficult actions, which any action may call for."""

from __future__ import annotations

from ..core.charts import Chart, GridChart, remade
from ..core.dice import Dice
from ..core.replay import Context, Reading
from .charts import (FALLEN, GET_UP_DIE, GETS_UP, KEEPS_FOOTING, SHAKEN_OFF, SHOCK_DIE, STAYS_DOWN, STUNNED,
                     threshold)
from .state import BurtState, Gunman

D10 = Dice(1, sides=10)


def roll_on(ctx: Context, chart: Chart, label: str, roller: Gunman, sides: int = 10,
            adjustments: tuple[tuple[str, int], ...] = (), base: tuple[str, int] | None = None) -> Reading:
    """Roll one die and read it on a chart; the chart's name (what the die needs) is the reason for the roll."""
    return ctx.roll(Dice(1, sides=sides), label=label, roller=roller.key, dice_reason=chart.name,
                    read=lambda r: Reading(label, roller.key, chart.name, r, chart.read(r.value), chart.key,
                                           adjustments=adjustments, base=base))


def roll_on_grid(ctx: Context, grid: GridChart, column: int, label: str, roller: Gunman) -> Reading:
    """Roll a d10 and read it in one column of a grid chart (the label names the column: it is no DV)."""
    return ctx.roll(D10, label=label, roller=roller.key, dice_reason=grid.name,
                    read=lambda r: Reading(label, roller.key, grid.name, r, grid.read(r.value, column)[1], grid.key))


def shock(state: BurtState, ctx: Context, character: Gunman, hits: int) -> bool:
    """"Rolls 1 d6. If less than or equal to number of hits, he falls over stunned" (SB 385): ``hits`` are the
    character's hits counting the blow just taken (see docs/rulings.md). Returns whether he is stunned."""
    chart = threshold("shock", f"Shock: stunned on {hits} or less", SHOCK_DIE, hits + 1, STUNNED, SHAKEN_OFF)
    reading = roll_on(ctx, chart, "Shock", character, SHOCK_DIE)
    if reading.outcome is STUNNED:
        mounted = character.mounted
        state.fall(character, stunned=True)
        ctx.note(f"{character.name} falls off the horse, stunned." if mounted else f"{character.name} falls over "
                 "stunned.")
        return True
    return False


def get_up(ctx: Context, character: Gunman) -> bool:
    """"Roll > number of wounds to try and get up each move" (SB 387), on a d6 (see docs/rulings.md)."""
    wounds = len(character.wounds)
    chart = threshold("get_up", f"Getting up: over {wounds}", GET_UP_DIE, wounds + 1, STAYS_DOWN, GETS_UP)
    reading = roll_on(ctx, chart, "Getting up", character, GET_UP_DIE)
    if reading.outcome is GETS_UP:
        character.stunned = character.lying = False
        ctx.note(f"{character.name} gets up.")
        return True
    return False


def difficult_chart(rating: int) -> Chart:
    """A difficult action's d10 for a character of ``rating``: the 1-3 read on the roll plus the rating."""
    return threshold("difficult", "Difficult action: 1-3 falls", 10, 4 - rating, FALLEN, KEEPS_FOOTING)


remade("difficult", lambda base, added: difficult_chart(added) if base is None else None)


def difficult(state: BurtState, ctx: Context, character: Gunman, what: str) -> bool:
    """A difficult action: "Roll and add character's rating (d10). On a 1-3 he/she has fallen over /off horse.
    Characters falling off a horse are stunned, others not" (SB 179-189). The rating is the shooting skill, and
    the 1-3 is read on the total (see docs/rulings.md). Returns whether he fell."""
    rating = character.skill
    chart = difficult_chart(rating)
    reading = roll_on(ctx, chart, f"Difficult action: {what}", character,
                      adjustments=((f"{character.type.value}'s rating", rating),) if rating else ())
    if reading.outcome is not FALLEN:
        return False
    if character.mounted:
        state.fall(character, stunned=True)
        ctx.note(f"{character.name} falls off the horse, stunned.")
    else:
        state.fall(character, stunned=False)
        ctx.note(f"{character.name} has fallen over.")
    return True
