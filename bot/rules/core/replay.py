"""Actions that pause for a player's re-roll decision and resume later, even after a restart.

An action is a plain function of (state, request, context). Every die it needs
comes from :meth:`Context.roll`, which records the roll on a *tape*. Where a
roll leaves a re-roll right open, the context stops the action with
:class:`Paused`; the caller stores the request and the tape (plain JSON) and
leaves the game state untouched. When the player chooses, the choice is
written on the tape and the action is run again from the start on the same
state: every recorded roll is read back, not re-rolled, so it ends the same
way up to the decision and goes on from there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .charts import Outcome
from .dice import Band, Dice, Luck, Roll, roll
from .words import Words

KEEP = "keep"


@dataclass(frozen=True)
class Right:
    """A right to re-roll: a personality, skill, Lucky, Cut!, or an earlier outcome."""

    key: str
    label: str
    ones_ignored: bool = False
    """The re-roll reads any 1 as a plain fail ("ignoring any 1s rolled")."""
    owner: str = ""
    """Who holds the right when it is not the roller (the one who caused a hit, on its effect roll)."""


@dataclass(frozen=True)
class Reading:
    """One roll read on a chart, with everything that went into it."""

    label: str
    """What the roll was for, e.g. "Wanting to Shoot" or "Effect of hit 2 of 3"."""
    roller: str
    """Key of the character who rolled."""
    dice_reason: str
    roll: Roll
    outcome: Outcome
    chart: str = ""
    first: Roll | None = None
    """The first roll when this one is a re-roll."""
    reroll: str = ""
    """Label of the right that re-rolled it."""
    column: int | None = None
    """The DV (or VDV) column read, for grid charts."""
    adjustments: tuple[tuple[str, int], ...] = ()
    """Each DV adjustment with its reason, for grid charts."""
    base: tuple[str, int] | None = None
    """The basic DV (or VDV) the adjustments start from, with where it comes from, for grid charts."""

    @property
    def band(self) -> Band:
        return self.roll.band


def modified(reading: Reading) -> str:
    """The number a die was read against and each modifier, for a reading that has one and no DV column:
    "Short range 5 · Snapshot -1" ("" for none)."""
    if reading.base is None or reading.column is not None:
        return ""
    return " · ".join([f"{reading.base[0]} {reading.base[1]}",
                       *(f"{why} {value:+d}" for why, value in reading.adjustments)])


@dataclass
class Entry:
    """One roll on the tape: as first rolled, the choice made, and the re-roll."""

    first: Roll
    choice: str = ""
    second: Roll | None = None


@dataclass(frozen=True)
class Decision:
    """A roll waiting for its owner to choose a re-roll or keep it."""

    step: int
    roller: str
    rights: tuple[Right, ...]
    reading: Reading


class ChoiceError(ValueError):
    """The choice made is not one of the rights open on that roll."""


class Paused(Exception):
    """Raised inside an action when a roll waits for a decision."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.reading.label)
        self.decision = decision


@dataclass
class Context:
    """What an action rolls with: the random source, the tape, and what it has read so far."""

    rng: random.Random
    tape: list[Entry] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    story: object | None = None
    """What the action is about, told before its first roll so that a pause can show it."""
    cursor: int = 0

    def roll(self, dice: Dice, *, label: str, roller: str, dice_reason: str,
             read: Callable[[Roll], Reading], rights: Callable[[Reading], list[Right]] = lambda r: [],
             use: Callable[[Right], Dice | None] = lambda r: None, luck: Luck | None = None,
             ones_ignored: bool = False) -> Reading:
        """Roll (or read back) one roll, offering ``rights`` to re-roll it.

        ``read`` turns a roll into a reading; ``rights`` lists the rights open on a
        first reading; ``use`` is called once when a right is taken (to pay for it)
        and may return other dice for the re-roll.
        """
        step = self.cursor
        self.cursor += 1
        if step == len(self.tape):
            self.tape.append(Entry(roll(dice, self.rng, luck, ones_ignored)))
        entry = self.tape[step]
        first = read(entry.first)
        open_rights = tuple(rights(first))
        if not open_rights:
            return self._keep(first)
        if not entry.choice:
            self.readings.append(first)
            raise Paused(Decision(step, open_rights[0].owner or roller, open_rights, first))
        if entry.choice == KEEP:
            return self._keep(first)
        right = next((r for r in open_rights if r.key == entry.choice), None)
        if right is None:
            raise ChoiceError(f"That re-roll is not open on {label}.")
        second_dice = use(right) or dice
        if entry.second is None:
            entry.second = roll(second_dice, self.rng, ones_ignored=ones_ignored or right.ones_ignored)
        second = read(entry.second)
        return self._keep(Reading(**{**second.__dict__, "first": entry.first, "reroll": right.label}))

    def _keep(self, reading: Reading) -> Reading:
        self.readings.append(reading)
        return reading

    def note(self, change: str | Words) -> None:
        """Record a change the action made to the game, in plain words (words as plain text: a command with its
        slash, :mod:`.words`)."""
        self.changes.append(str(change))

