"""Dataclasses to JSON and back (bot.rules.core.serial): the shapes a ruleset's state may take."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from bot.rules.core import serial
from bot.rules.core.cards import Card

T = TypeVar("T")


@dataclass
class Pile(Generic[T]):
    """A pile of anything: cards, or a ruleset's own tokens."""

    to_come: list[T] = field(default_factory=list)
    top: T | None = None
    hands: dict[int, list[T]] = field(default_factory=dict)


@dataclass
class Table:
    cards: Pile[Card]
    tokens: Pile[str] = field(default_factory=Pile)


class Skill(enum.Enum):
    DRAW = 8
    SHOOT = 6


@dataclass
class Shootist:
    dice: dict[Skill, int] = field(default_factory=dict)


def test_a_generic_pile_of_cards_reads_back_as_it_was_written():
    """Once read back as ``Pile(to_come={'to_come': [...]})``, without an error."""
    table = Table(Pile([Card.parse("AS"), Card.parse("RJ")], Card.parse("10H"), {7: [Card.parse("2C")]}),
                  Pile(["STOP", "EVENT"]))
    stored = serial.to_json(table)
    assert stored == {"cards": {"to_come": ["AS", "RJ"], "top": "10H", "hands": {"7": ["2C"]}},
                      "tokens": {"to_come": ["STOP", "EVENT"]}}
    again = serial.from_json(Table, stored)
    assert again == table
    assert isinstance(again.cards.top, Card) and all(isinstance(c, Card) for c in again.cards.to_come)
    assert list(again.cards.hands) == [7]


def test_a_dict_keyed_by_an_enum_is_written_by_name_and_reads_back():
    """Once written as ``'Skill.DRAW'``, which failed to read back."""
    shootist = Shootist({Skill.DRAW: 8, Skill.SHOOT: 6})
    stored = serial.to_json(shootist)
    assert stored == {"dice": {"DRAW": 8, "SHOOT": 6}}
    assert serial.from_json(Shootist, stored) == shootist


def test_differences_name_every_field_that_differs_those_equality_leaves_out_too():
    """How a state kept between commands is checked: a field no object is made with (compare=False) counts, and so
    does a number's type, but for a number written as an int and read back as a float."""
    @dataclass
    class Marked:
        at: float
        seen: list[str] = field(default_factory=list, compare=False)

    table = Table(Pile([Card.parse("AS")]), Pile(["STOP"]))
    assert serial.differences(table, serial.from_json(Table, serial.to_json(table))) == []
    assert serial.differences(Marked(30), Marked(30.0)) == []
    left = Marked(1.5, ["drawn"])
    assert left == Marked(1.5)
    assert serial.differences(left, Marked(1.5)) == ["state.seen: ['drawn'] != []"]
    assert serial.differences(Pile(["STOP"], "EVENT"), Pile(["STOP"], None), "pile") == ["pile.top: 'EVENT' != None"]
    assert serial.differences(Pile(hands={7: ["2C"]}), Pile(hands={7: ["3C"]})) == ["state.hands[7][0]: '2C' != '3C'"]
    assert serial.differences(True, 1) == ["state: True != 1"]
