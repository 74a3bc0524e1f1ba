"""What the pictures show, as data: the one vocabulary a ruleset says what to draw in.

A ruleset says what a step shows (:meth:`~.ruleset.Ruleset.picture_of_step`), what a roll's card shows
(:meth:`~.ruleset.Ruleset.picture_of_roll`), its status board (:meth:`~.ruleset.Ruleset.board`) and its map
(:meth:`~.ruleset.OnAMap.scene`) in these values, and :mod:`bot.pictures` draws them knowing no ruleset: playing
cards by their codes, the named cards STOP and EVENT and cards bearing a name, typed dice (a D8 showing 5), a roll's
card of readings, a pack laid out, board rows with cards and badges, a map's scene. A look this vocabulary cannot
draw is a change to it, reviewed, never a ruleset's own picture. Every value is plain and small: it is pickled to a
picture worker.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card
from .dice import Luck
from .geometry import Point, Rect
from .results import Resolution


class Tone(enum.Enum):
    """How words read: a phrase on the status board, an outcome on a roll's card, a joker's line."""

    PLAIN = "plain"
    """As its row reads: in ink, or in red on a row that is out of the fight."""
    GRAVE = "grave"
    """Red: a casualty, a wreck, a hit taken; a red joker."""
    TROUBLE = "trouble"
    """Rust: a weapon empty or jammed, a mount bolting, a miss."""
    ASIDE = "aside"
    """Muted: nothing to tell ("unarmed", "nobody aboard")."""
    GOOD = "good"
    """Green: the roll goes the roller's way."""
    DARK = "dark"
    """Black: the gravest (dead), or what the roll leaves open; a black joker."""


@dataclass(frozen=True)
class Phrase:
    """Words with how they read."""

    text: str
    tone: Tone = Tone.PLAIN


# -- the status board ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HeldCard:
    """A card a character holds, as the status board shows it at the right of their row."""

    code: str
    """As :attr:`~.cards.Card.code` writes it: "KH", "10S2"."""
    look: str = "plain"
    """"plain", "stunned" (greyed), "lost" (struck out) or "out" (taken out of this phase)."""


@dataclass(frozen=True)
class BoardRow:
    """One character's line on the status board (or a vehicle's, in a ruleset that casts them)."""

    name: str
    owner: int
    words: tuple[str | Phrase, ...] = ()
    """States in the ruleset's words: "Shock", "Down", "Reloading" ... (a plain string reads as its row)."""
    badges: tuple[tuple[str, str], ...] = ()
    """Small labelled figures: ("Hits", "2"), ("Draw", "D8"), ("Ammo", "4/6")."""
    down: bool = False
    """Out of the fight: drawn greyed."""
    key: str = ""
    """The character's key: ``/cast show`` and ``/cast list`` read its row."""
    kind: str = ""
    """Its type as the text names it (one of :attr:`~.ruleset.Ruleset.character_types`' titles)."""
    acting: bool = False
    """Whose turn it is: outlined in gold."""
    cards: tuple[HeldCard, ...] = ()
    """The cards the character holds, drawn small at the row's right."""
    emblem: str = ""
    """A small sign before the name: the suit their cards come from ("hearts"), or "wheel" for a vehicle
    ("broken wheel" once it is wrecked)."""
    pack: int = 1
    """Which pack the suit of :attr:`emblem` is from (a figure beside it past the first)."""
    gear: tuple[Phrase, ...] = ()
    """A line of its own under the others (weapons, mount and armour; who is aboard): when there is one, the
    :attr:`words` follow the type and player on the line above it."""


@dataclass
class Board:
    """The status board of a game, as data: :mod:`bot.pictures` draws it."""

    title: str
    rows: list[BoardRow]
    footer: str = ""


@dataclass(frozen=True)
class StatusPage:
    """The first page of a status board, with its players' names by Discord id."""

    board: Board
    owners: tuple[tuple[int, str], ...] = ()


# -- cards -------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CardsTurned:
    """Playing cards turned, left to right: the last with the badge of the joker that marked it (``mark``), each with
    its caption under it if given (whose card it is)."""

    cards: tuple[Card, ...]
    mark: Luck | None = None
    captions: tuple[str, ...] = ()


class Named(enum.Enum):
    """A card drawn by its name."""

    STOP = "STOP"
    """A cream octagon on red."""
    EVENT = "EVENT"
    """A gold question mark on wood."""


@dataclass(frozen=True)
class NameCards:
    """The cards of a deck of names turned, left to right in rows: named cards, and cards bearing a character's
    name."""

    faces: tuple[Named | str, ...]


@dataclass(frozen=True)
class Holder:
    """Who acts on the card up, as written beside it: their name, their type and state, and the jokers' lines (the
    joker that marked the card, a joker waiting for the next), each in its joker's colour."""

    name: str
    words: str = ""
    marked: Phrase | None = None
    waiting: Phrase | None = None


@dataclass(frozen=True)
class Pack:
    """A pack laid out: the card up (large) and who acts on it, the cards to come as a stack, the cards turned (each
    with the badge of the joker that marked it), the cards taken out, and a line of small print."""

    title: str
    aside: str
    dealt: bool
    """Whether the stretch of play the pack is for has been dealt."""
    turned: tuple[Card, ...] = ()
    marks: tuple[Luck | None, ...] = ()
    """The joker's mark on each card turned, if any."""
    up: int | None = None
    """Which card turned is up (its index), if any."""
    holder: Holder | None = None
    """Who acts on the card up (None: nobody's card)."""
    to_come: int = 0
    out: tuple[Card, ...] = ()
    out_note: str = ""
    """Why cards are taken out, beside their section's title."""
    small_print: str = ""


# -- dice --------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Drawn:
    """One character's typed die in an order of play: its sides, and its rolls (the last placed it; those before
    it tied)."""

    name: str
    sides: int
    rolls: tuple[int, ...]


@dataclass(frozen=True)
class DrawOrder:
    """Typed dice rolled for the order of play, one a character, the first to act first (and marked)."""

    title: str
    dice: tuple[Drawn, ...]


@dataclass(frozen=True)
class RollCard:
    """A roll's card: each reading with every die (a re-rolled first roll faded before an arrow), the band its D10
    fell in where ``bands`` (1 / 2-4 / 5-9 / 10), its outcome and notes; what changed, and a re-roll waiting."""

    resolution: Resolution
    bands: bool = False
    columns: tuple[str, ...] = ()
    """Each reading's column of a grid chart as the ruleset words it ("" where it read none)."""


@dataclass(frozen=True)
class BoxedCard:
    """A roll's card of one die a reading: beside its label the dice and why, its outcome boxed in its tone, what the
    die was read against; what changed."""

    resolution: Resolution
    tones: tuple[Tone, ...]
    """Each reading's outcome's tone."""


@dataclass(frozen=True)
class TypedCard:
    """A roll's card of typed dice: each reading's dice drawn as their type (the kept ones marked where some are
    not), its label over its reasons, its outcome in its tone over its effect; what changed."""

    resolution: Resolution
    tones: tuple[Tone, ...]
    """Each reading's outcome's tone."""
    aside: str = ""
    """A word in the card's header, after its title."""


# -- the map -----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Patch:
    """Area terrain as the map draws it: its ground ("building", "woods" ...), where, its name, and a building's
    openings ("door", "window", "loophole") by their middles."""

    ground: str
    rect: Rect
    name: str = ""
    openings: tuple[tuple[str, Point], ...] = ()


@dataclass(frozen=True)
class Barrier:
    """A linear obstacle as the map draws it: "fence", "hedge", "wall" or "ditch", along its points."""

    kind: str
    line: tuple[Point, ...]


@dataclass(frozen=True)
class Terrain:
    """The set without anyone on it: its size in paces, its name, the paces a grid square measures, and its
    terrain. It changes seldom: the picture keeps it drawn, by its value."""

    width: int
    height: int
    name: str
    step: int
    patches: tuple[Patch, ...] = ()
    barriers: tuple[Barrier, ...] = ()
    poor_visibility: bool = False

    @property
    def columns(self) -> int:
        return math.ceil(self.width / self.step)

    @property
    def rows(self) -> int:
        return math.ceil(self.height / self.step)


@dataclass(frozen=True)
class Shot:
    """The last shot on the map: from, to, and its words."""

    shooter: Point
    target: Point
    words: str


class Figure(NamedTuple):
    """Someone on the map as it shows them: where they stand and face, what they look like (``look``: "character",
    "vehicle", or "mount" standing loose), and the words on their plate; a character's suit, and whether they lie
    prone or are out of the fight. A tuple: quick to make, to pickle and to look up."""

    at: Point
    facing: int
    look: str
    words: str
    suit: str = ""
    prone: bool = False
    out: bool = False


@dataclass(frozen=True)
class Scene:
    """What the map's picture shows and no more: the set, the last shot and move, and everyone on it."""

    terrain: Terrain
    last_shot: Shot | None = None
    last_path: tuple[Point, ...] = ()
    figures: tuple[Figure, ...] = ()

    @property
    def width(self) -> int:
        return self.terrain.width


Picture = CardsTurned | NameCards | Pack | DrawOrder | RollCard | BoxedCard | TypedCard | Scene | StatusPage
"""Anything :func:`bot.pictures.draw` draws."""
