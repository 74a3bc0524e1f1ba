"""Quick on the Draw's own settings of a game (``/game settings``): how many Cut!s, and the readings a Director
may choose where groups read the rulebook differently (see docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .state import QotdState, Settings


@dataclass(frozen=True)
class RuleReading:
    """A game setting for a rule groups read differently: its field of the game's settings, the option's words
    for each reading, and how each reads."""

    title: str
    field: str
    readings: dict[bool, str]
    words: dict[Any, bool]
    """What the ``/game settings`` option takes, for each reading (a yes/no option: itself)."""

    def text(self, rules: Settings) -> str:
        """The reading in force, and the default."""
        value, default = getattr(rules, self.field), getattr(Settings(), self.field)
        return f"{self.readings[value]}" + ("" if value == default else f" (default: {self.readings[default]})")


YES_NO = {True: True, False: False}
RULE_READINGS = {
    "ones": RuleReading("Any 1s, misfires and jams", "every_die_thrown", {
        True: "read on every die thrown", False: "read on the kept die only"}, {"every die": True, "kept die": False}),
    "drawing": RuleReading("A shot drawn and fired", "drawing_is_hasty", {
        True: "hasty, +2 DV", False: "+1 DV for drawing"}, {"hasty": True, "plus one": False}),
    "stunned_defenceless": RuleReading("Stunned defenders", "stunned_defenceless", {
        True: "Defenceless until they come round", False: "Defenceless only once passed out"}, YES_NO),
    "rash_all_out": RuleReading("Rash and Fanatic All Out", "all_out_every_fight", {
        False: "forced once a phase", True: "forced in every fight"}, {"once a phase": False, "every fight": True}),
    "armour": RuleReading("Armour", "armour_twice", {
        False: "counted once (the basic DV)", True: "counted twice (basic DV and Wearing Armour)"},
        {"once": False, "twice": True}),
    "brave_grazes": RuleReading("The Brave and grazes", "brave_close_combat_only", {
        False: "ignored from shooting and fighting", True: "ignored from close combat only"},
        {"shooting and fighting": False, "close combat": True}),
}
"""The readings a Director may choose, by the /game settings option that sets each (see docs/rulings.md)."""
CUTS = "cuts"
"""The option that sets how many Cut!s each Hero or Main Character may call."""
OPTIONS = frozenset({CUTS, *RULE_READINGS})


def settings_shown(state: QotdState) -> list[tuple[str, str]]:
    """The game's Cut!s and readings, as (title, what it is now)."""
    rules = state.settings
    return [("Cut! per character", str(rules.cuts_per_character)),
            *((reading.title, reading.text(rules)) for reading in RULE_READINGS.values())]


def change_settings(state: QotdState, chosen: Mapping[str, Any]) -> str:
    """Change the game's Cut!s and readings of the rules (by option, as typed); returns the change in words."""
    rules, said = state.settings, []
    if CUTS in chosen:
        rules.cuts_per_character = chosen[CUTS]
        said.append(f"Cut! allowed {chosen[CUTS]} time(s) per Hero or Main Character.")
    for option, word in chosen.items():
        if option in RULE_READINGS:
            reading = RULE_READINGS[option]
            value = reading.words[word]
            setattr(rules, reading.field, value)
            said.append(f"{reading.title}: {reading.readings[value]}.")
    return " ".join(said)
