"""Maps as text a Director can write, and the ready sets: Main Street, a ranch, a canyon, open prairie.

The text format, one thing a line (``#`` starts a comment)::

    map "Main Street" 60x40              the name and size in paces: first, once
    street 0,15 60x10                    area terrain: kind, north-west corner x,y, width x height,
    building 2,3 14x10 "Saloon" door 9,13 window 4,13
                                         then an optional "name"; a building lists its doors, windows
                                         and loopholes by the middle of each, on its wall
    fence 0,26 16,26 16,38 "corral"      linear obstacles: kind, two or more points x,y, optional "name"
    poor visibility                      fog or bad weather: all terrain is bad going

Area kinds: building, woods, rocks, scrub, water, swamp, snow, sand, ruins, road, street.
Linear obstacles: fence, hedge, wall, ditch. Places are paces east and south of the
north-west corner. A map is also read from the JSON that ``/map save`` keeps.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable, Sequence

from ..core import serial
from ..core.errors import RulesError
from ..core.geometry import Point, Rect
from ..core.words import Code, words
from .battlefield import BARRIERS, GROUNDS, OPENINGS, Area, Battlefield, Obstacle, Opening
from .map_checks import check, piece_fault, points_of, room_fault

MAX_LINES = 500
MAX_TEXT = 40_000
_POINT = re.compile(r"(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)")
_SIZE = re.compile(r"(\d+)x(\d+)")
FIRST_LINE = Code('map "name" WIDTHxHEIGHT')
"""The line a map in the text format starts with."""


def _point(word: str, where: str) -> Point:
    match = _POINT.fullmatch(word)
    if not match:
        raise RulesError(f"{where}: {word[:20]!r} is not a place (paces east,south such as 12,30).")
    return (float(match[1]), float(match[2]))


def _size(word: str, where: str) -> tuple[int, int]:
    match = _SIZE.fullmatch(word)
    if not match:
        raise RulesError(f"{where}: {word[:20]!r} is not a size (width x height in paces, such as 60x40).")
    return int(match[1]), int(match[2])


def _name(words: list[str]) -> str:
    """The optional name left after a line's places (already unquoted)."""
    return " ".join(words)


def read_text(text: str) -> Battlefield:
    """A map from the text format (see the module's docstring); refuses a line it cannot read, saying which."""
    if len(text) > MAX_TEXT:
        raise RulesError(f"A map's text is at most {MAX_TEXT:,} characters.")
    field: Battlefield | None = None
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise RulesError(f"A map is at most {MAX_LINES} lines.")
    for number, line in enumerate(lines, 1):
        where = f"Line {number}"
        try:
            terms = shlex.split(line, comments=True)
        except ValueError:
            raise RulesError(f"{where}: a quote is not closed.") from None
        if not terms:
            continue
        kind, rest = terms[0].lower(), terms[1:]
        if kind == "map":
            if field is not None or len(rest) < 1:
                raise RulesError(words(f"{where}: ", FIRST_LINE, " comes once, first."))
            width, height = _size(rest[-1], where)
            field = Battlefield(width, height, _name(rest[:-1]))
            continue
        if field is None:
            raise RulesError(words(f"{where}: the map starts with ", FIRST_LINE, "."))
        if kind == "poor" and [w.lower() for w in rest] == ["visibility"]:
            field.poor_visibility = True
        else:
            add_piece(field, _piece(kind, rest, where), where)
    if field is None:
        raise RulesError(words("That map is empty: it starts with ", FIRST_LINE, "."))
    return field


def _piece(kind: str, words: list[str], where: str) -> Area | Obstacle:
    """A line's piece of terrain as written: an area, or a linear obstacle by its places and name."""
    if kind in GROUNDS:
        return _area(kind, words, where)
    if kind in BARRIERS:
        points = [_point(w, where) for w in words if _POINT.fullmatch(w)]
        return Obstacle(kind, points, _name([w for w in words if not _POINT.fullmatch(w)]))
    raise RulesError(f"{where}: {kind[:20]!r} is not a kind of terrain: {', '.join([*GROUNDS, *BARRIERS])}.")


def add_piece(field: Battlefield, piece: Area | Obstacle, where: str) -> None:
    """Add a piece of terrain to the map, refused (saying ``where``) when it or the map it makes breaks the map's
    limits (:mod:`.map_checks`)."""
    points = 0 if isinstance(piece, Area) else len(piece.line)
    fault = piece_fault(piece, field) or room_fault(len(field.areas) + len(field.obstacles) + 1,
                                                    points_of(field) + points)
    if fault:
        raise RulesError(f"{where}: {fault}.")
    (field.areas if isinstance(piece, Area) else field.obstacles).append(piece)


def _area(kind: str, terms: list[str], where: str) -> Area:
    """An area as written: its corner, size, name, and a building's doors, windows and loopholes."""
    if len(terms) < 2:
        raise RulesError(words(f"{where}: {kind} x,y WIDTHxHEIGHT, as ", Code(f"{kind} 2,3 14x10"), "."))
    corner = _point(terms[0], where)
    width, height = _size(terms[1], where)
    openings, name = [], []
    rest = iter(terms[2:])
    for word in rest:
        if word.lower() in OPENINGS:
            openings.append(Opening(word.lower(), _point(next(rest, ""), where)))
        else:
            name.append(word)
    return Area(kind, Rect(corner[0], corner[1], width, height), _name(name), openings)


def write_text(field: Battlefield) -> str:
    """The map's terrain in the text format (tokens are the game's, not the set's)."""
    def n(value: float) -> str:
        return f"{value:g}"

    def quoted(name: str) -> str:
        return f" {shlex.quote(name)}" if name else ""

    lines = [f"map{quoted(field.name)} {field.width}x{field.height}"]
    if field.poor_visibility:
        lines.append("poor visibility")
    for area in field.areas:
        r = area.rect
        openings = "".join(f" {o.kind} {n(o.at[0])},{n(o.at[1])}" for o in area.openings)
        lines.append(f"{area.ground} {n(r.x)},{n(r.y)} {n(r.w)}x{n(r.h)}{quoted(area.name)}{openings}")
    for obstacle in field.obstacles:
        points = " ".join(f"{n(x)},{n(y)}" for x, y in obstacle.line)
        lines.append(f"{obstacle.barrier} {points}{quoted(obstacle.name)}")
    return "\n".join(lines) + "\n"


def with_line(field: Battlefield, line: str) -> Battlefield:
    """The map with the terrain one line of the text format adds (a copy; the map's own stays as it was),
    refused when the line cannot be read or the map has no room for it."""
    added = read_text(f"map {field.width}x{field.height}\n{line}")
    new = field.copy()
    new.areas, new.obstacles = list(field.areas), list(field.obstacles)
    new.poor_visibility = field.poor_visibility or added.poor_visibility
    for piece in [*added.areas, *added.obstacles]:
        add_piece(new, piece, "That line")
    return new


def read_json(data: object) -> Battlefield:
    """A map from its JSON (as ``/map save`` keeps it); refused unless it is a sound one."""
    try:
        field = serial.from_json(Battlefield, data)
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
        raise RulesError("That JSON is not a map.") from None
    return terrain_only(check(field))


def read_any(text: str) -> Battlefield:
    """A map from the text format or from JSON."""
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise RulesError("That JSON is not a map.") from None
        return read_json(data)
    return read_text(text)


def terrain_only(field: Battlefield) -> Battlefield:
    """The set without the game's tokens and marks, as a map is saved for reuse."""
    return Battlefield(field.width, field.height, field.name, list(field.areas), list(field.obstacles),
                       poor_visibility=field.poor_visibility)


def renamed(field: Battlefield, clean: Callable[[str, str], str],
            pieces: Sequence[Area | Obstacle] | None = None) -> Battlefield:
    """The map with its name and its terrain's (or only those of ``pieces``) as ``clean(name, what it names)`` has
    them: the bot's check of a name a player types, which refuses one that could ping, link, or hide text."""
    if pieces is None:
        field.name = clean(field.name, "map's name") if field.name else ""
    for piece in field.areas + field.obstacles if pieces is None else pieces:
        if piece.name:
            kind = piece.ground if isinstance(piece, Area) else piece.barrier
            piece.name = clean(piece.name, f"{kind}'s name")
    return field


MAIN_STREET = """\
map "Main Street" 60x40
street 0,15 60x10
building 2,3 14x10 "Saloon" door 9,13 window 4,13 window 14,13 window 2,8
building 18,4 10x9 "Bank" door 23,13 window 20,13 window 26,13
building 30,3 12x10 "General Store" door 36,13 window 32,13 window 40,13
building 44,5 9x8 "Sheriff's Office" door 48,13 window 45,13 loophole 51,13 window 53,9
building 4,27 12x9 "Livery Stable" door 10,27 window 6,27 window 14,27
building 20,27 14x10 "Hotel" door 27,27 window 22,27 window 31,27 window 34,32
building 40,28 8x9 "Church" door 44,28 window 41,28 window 47,28
wall 13,25 16,25 "water trough"
fence 0,26 4,26
fence 16,26 20,26
fence 48,26 60,26 "corral"
fence 53,13 60,13
"""

RANCH = """\
map "Ranch" 60x40
road 0,17 60x5
building 8,4 14x9 "Ranch House" door 15,13 window 10,13 window 20,13 window 8,8 window 22,8
building 34,3 12x11 "Barn" door 40,14 window 46,8
fence 26,24 50,24 50,38 26,38 26,24 "corral"
scrub 4,26 10x6
woods 2,33 14x7 "cottonwoods"
water 52,0 4x40 "creek"
rocks 56,16 4x8
"""

CANYON = """\
map "Canyon" 60x40
rocks 0,0 60x9 "north wall"
rocks 0,31 60x9 "south wall"
road 0,17 60x6 "trail"
scrub 10,10 8x5
scrub 36,24 10x6
rocks 24,12 4x4 "boulders"
ruins 44,10 10x8 "old mission"
ditch 30,9 32,31 "dry wash"
"""

PRAIRIE = """\
map "Open Prairie" 60x40
scrub 8,6 6x4
scrub 40,28 8x5
woods 46,4 8x7 "grove"
ditch 0,22 60,20 "dry wash"
rocks 24,30 3x3
"""

READY: dict[str, str] = {"main_street": MAIN_STREET, "ranch": RANCH, "canyon": CANYON, "prairie": PRAIRIE}
"""The ready sets, by the key ``/map new set:`` takes."""


def ready(key: str) -> Battlefield:
    if key not in READY:
        raise RulesError(f"There is no ready set {key!r}: {', '.join(READY)}.")
    return read_text(READY[key])
