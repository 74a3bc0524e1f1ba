"""Dice: what to roll, the roll itself, and the four bands every chart reads."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field

from .words import Bold, Words, joined, words


class Band(enum.Enum):
    """The four conventions of Reel 1: 1 disaster, 2-4 fail, 5-9 success, 10 outstanding."""

    DISASTER = "1"
    FAIL = "2-4"
    SUCCESS = "5-9"
    OUTSTANDING = "10"

    @classmethod
    def of(cls, value: int) -> Band:
        """The band a single D10 result falls in."""
        if value <= 1:
            return cls.DISASTER
        if value <= 4:
            return cls.FAIL
        if value <= 9:
            return cls.SUCCESS
        return cls.OUTSTANDING

    @property
    def passed(self) -> bool:
        """Whether the band is a pass (5+)."""
        return self in (Band.SUCCESS, Band.OUTSTANDING)


class Keep(enum.Enum):
    """How a roll of several dice is read."""

    BEST = "take best"
    WORST = "take worst"
    ALL = "all can score"


@dataclass(frozen=True)
class Dice:
    """A dice specification such as 2D10 take best."""

    count: int = 1
    keep: Keep = Keep.BEST
    sides: int = 10

    def __post_init__(self) -> None:
        if not 1 <= self.count <= 12:
            raise ValueError(f"cannot roll {self.count} dice")
        if self.sides < 2:
            raise ValueError(f"a die needs at least two sides, not {self.sides}")

    def __str__(self) -> str:
        base = f"{self.count}D{self.sides}"
        if self.count == 1:
            return base
        if self.keep is Keep.ALL:
            return f"{base} {'both' if self.count == 2 else 'all'} can score"
        return f"{base} {self.keep.value}"

    def to_json(self) -> list:
        return [self.count, self.keep.name, self.sides]

    @classmethod
    def from_json(cls, data: list) -> Dice:
        return cls(data[0], Keep[data[1]], data[2])


class Luck(enum.Enum):
    """A joker's mark on the next card: the character's roll counts as a 10 or a 1."""

    RED = 10
    BLACK = 1


@dataclass(frozen=True)
class Roll:
    """Dice as they fell, and how they are read.

    ``luck`` is a joker's mark: every die read counts as a 10 (red) or a 1 (black),
    whatever it showed. ``ones_ignored`` reads a 1 as a plain fail (2), as rules
    that "ignore any 1s rolled" say. ``number`` is the draw of the seal named ``seal`` its first
    die came from (the others follow), when the dice came from a game's seals (see :mod:`.fair`); ``retake``
    the undone log entry whose draws they are, taken again.
    """

    dice: Dice
    faces: tuple[int, ...]
    luck: Luck | None = None
    ones_ignored: bool = False
    number: int | None = field(default=None, compare=False)
    seal: str = field(default="", compare=False)
    retake: int | None = field(default=None, compare=False)
    kept: tuple[int, ...] = field(init=False, repr=False, compare=False)
    values: tuple[int, ...] = field(init=False, repr=False, compare=False)
    value: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Read the dice once: ``kept``, the indexes of the faces that count; ``values``, the values read (one
        for best/worst, one a die for all can score); ``value``, the single value read (the best of several)."""
        faces = self.faces
        if not faces:
            kept: tuple[int, ...] = ()
        elif self.dice.keep is Keep.ALL:
            kept = tuple(range(len(faces)))
        else:
            pick = max if self.dice.keep is Keep.BEST else min
            kept = (pick(range(len(faces)), key=lambda i: (faces[i], -i)),)
        if self.luck is not None:
            values = tuple(self.luck.value for _ in kept)
        else:
            floor = 2 if self.ones_ignored else 1
            values = tuple(max(floor, faces[i]) for i in kept)
        object.__setattr__(self, "kept", kept)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "value", max(values) if values else 0)

    @property
    def band(self) -> Band:
        return Band.of(self.value)

    def shown(self) -> Words:
        """The roll as the channel shows it: the dice, the faces (those that count in bold, of two or more), and
        what reads them otherwise: "2D10 take best: [3, **8**]"."""
        kept = set(self.kept)
        faces = joined((Bold(str(f)),) if i in kept and len(self.faces) > 1 else (str(f),)
                       for i, f in enumerate(self.faces))
        ignored = " (1s ignored)" if self.ones_ignored and 1 in self.faces else ""
        luck = f" → counts as {self.luck.value} ({self.luck.name.lower()} joker)" if self.luck is not None else ""
        return words(f"{self.dice}: [", *faces, "]", ignored, luck)

    def __str__(self) -> str:
        return str(self.shown())

    def to_json(self) -> dict:
        data: dict = {"dice": self.dice.to_json(), "faces": list(self.faces)}
        if self.luck is not None:
            data["luck"] = self.luck.name
        if self.ones_ignored:
            data["ones_ignored"] = True
        if self.number is not None:
            data["n"] = self.number
        if self.seal:
            data["seal"] = self.seal
        if self.retake is not None:
            data["retake"] = self.retake
        return data

    @classmethod
    def from_json(cls, data: dict) -> Roll:
        luck = data.get("luck")
        return cls(Dice.from_json(data["dice"]), tuple(data["faces"]),
                   Luck[luck] if luck else None, data.get("ones_ignored", False), data.get("n"),
                   data.get("seal", ""), data.get("retake"))


def roll(dice: Dice, rng: random.Random, luck: Luck | None = None,
         ones_ignored: bool = False) -> Roll:
    """Roll ``dice`` with the given random source (numbered by the seal and draw of its first die, and noted on
    the source, when it is a game's seals: see :mod:`.fair`)."""
    seals = getattr(rng, "seal", None)
    trail = seals.trail if seals is not None else None
    start = len(trail) if trail is not None else 0
    faces = tuple(rng.randint(1, dice.sides) for _ in range(dice.count))
    if trail is None:
        return Roll(dice, faces, luck, ones_ignored)
    name, number, retake = trail[start]
    rolled = Roll(dice, faces, luck, ones_ignored, number, name, retake)
    seals.rolled.append(rolled)
    return rolled
