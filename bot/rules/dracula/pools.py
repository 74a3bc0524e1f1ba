"""Tests (DA 11-31): a pool of dice of the model's type, Successes on 5+, and the re-roll a maximum face gives."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.core.charts import Chart, Outcome
from bot.rules.core.dice import Dice, Keep, Roll
from bot.rules.core.replay import Context, Reading, Right

from .charts import SUCCESS

LETTERS = "abcdefghijkl"


def pool_size(base: int, modifiers: Sequence[tuple[str, int]]) -> int:
    """Base dice plus the Dice Modifiers, never fewer than 1 Die (DA 15-21)."""
    return max(1, base + sum(n for _, n in modifiers))


def successes(faces: Sequence[int]) -> int:
    """Each Die showing 5 or better is a Success, 4 or less a Failure (DA 25-26)."""
    return sum(1 for face in faces if face >= SUCCESS)


def plural(count: int) -> str:
    """"1 Success", "2 Successes"."""
    return f"{count} Success{'' if count == 1 else 'es'}"


def max_face_rights(faces: Sequence[int], sides: int, skill: str = "") -> list[Right]:
    """A die on its maximum score lets the roller re-roll one of the other Dice (DA 27): one right for each
    failed score among the others (re-rolling a Success cannot help). One re-roll a Test, however many
    maximum faces: see docs/rulings.md. A ``skill`` that re-rolls any one Die (Nerves of Steel, DA 195) offers
    the same rights without a maximum face."""
    if (sides not in faces or len(faces) < 2) and not skill:
        return []
    rights, seen = [], set()
    for index, face in enumerate(faces):
        if face < SUCCESS and face not in seen:
            seen.add(face)
            rights.append(Right(f"reroll_{LETTERS[index]}", f"Re-roll the {face}"))
    return rights


def take_test(ctx: Context, *, label: str, roller: str, sides: int, base: int,
              modifiers: Sequence[tuple[str, int]] = (), chart: Chart | None = None, skill: str = "",
              again: Right | None = None) -> Reading:
    """Roll a Test of ``base`` dice of ``sides`` sides with ``modifiers``; the reading's outcome is the chart's
    row for the Successes (or the count itself). ``skill``: a skill re-rolling any one Die of it; ``again``: a
    skill re-rolling the whole Test when it is Failed, no Success scored (Hawkeye, Quickdraw: DA 186, 197)."""
    count = pool_size(base, modifiers)
    reason = ", ".join([f"{base} Dice", *(f"{why} {n:+d}" for why, n in modifiers)])
    reason += f": {count}D{sides}, 5+ a Success"
    chosen: list[int] = []

    def read(rolled: Roll) -> Reading:
        faces = rolled.faces
        if chosen and rolled.dice.count == 1 and count > 1:
            first = ctx.tape[ctx.cursor - 1].first.faces
            faces = first[:chosen[0]] + rolled.faces + first[chosen[0] + 1:]
        won = successes(faces)
        outcome = chart.read(won) if chart else Outcome(plural(won), "")
        if chart:
            outcome = Outcome(f"{plural(won)}: {outcome.title}", outcome.effect)
        return Reading(label, roller, reason, Roll(Dice(count, Keep.ALL, sides), faces), outcome,
                       chart.key if chart else "", adjustments=tuple(modifiers), base=(f"{base} Dice", base))

    def use(right: Right) -> Dice | None:
        if right == again:
            return None
        chosen[:] = [LETTERS.index(right.key[-1])]
        return Dice(1, Keep.ALL, sides)

    def rights(reading: Reading) -> list[Right]:
        failed = again is not None and not successes(reading.roll.faces)
        return max_face_rights(reading.roll.faces, sides, skill) + ([again] if failed else [])

    return ctx.roll(Dice(count, Keep.ALL, sides), label=label, roller=roller, dice_reason="",
                    read=read, rights=rights, use=use)


def won(reading: Reading) -> int:
    """The Successes a Test's reading scored."""
    return successes(reading.roll.faces)
