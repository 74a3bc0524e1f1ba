"""Reel 2, Character Type / Star Status: cards, action dice and limits by type."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.dice import Dice, Keep


@dataclass(frozen=True)
class TypeRow:
    """One row of the Type of Character table."""

    title: str
    cards: int
    action_dice: Dice
    reduced_dice: Dice
    max_traits: int
    lead: bool
    """Heroes and Main Characters: the upper row of the weapons dice table, Cut!, no graze test."""


class CharacterType(enum.Enum):
    """The four types of character."""

    HERO = TypeRow("Hero", 4, Dice(2, Keep.BEST), Dice(1), 4, True)
    MAIN = TypeRow("Main Character", 3, Dice(2, Keep.BEST), Dice(1), 3, True)
    SUPPORTING = TypeRow("Supporting Character", 2, Dice(1), Dice(2, Keep.WORST), 2, False)
    MINOR = TypeRow("Minor Character", 1, Dice(1), Dice(2, Keep.WORST), 1, False)

    @property
    def row(self) -> TypeRow:
        return self.value

    @property
    def title(self) -> str:
        return self.value.title
