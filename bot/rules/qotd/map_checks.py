"""What a map may hold: every number finite and on the set, every size positive, and the terrain bounded (pieces,
places along a line and in all, openings of a building), so that nothing a map holds makes its sight, going or
picture endless.

A map made by a Director (typed, uploaded, loaded) is refused at its first fault, saying where
(:func:`check`); a map stored before these checks keeps what passes them (:func:`stored_map`).
"""

from __future__ import annotations

import json
import logging
import math
from collections import OrderedDict

from ..core import serial
from ..core.errors import RulesError
from ..core.geometry import near_segment
from .battlefield import BARRIERS, GROUNDS, OPENINGS, TOKEN_KINDS, Area, Battlefield, Obstacle, Plan, Shot, Token

MAX_PIECES = 500
"""Pieces of terrain (areas and linear obstacles) a map holds."""
MAX_LINE_POINTS = 100
"""Places a linear obstacle (or a path) runs through."""
MAX_POINTS = 1_000
"""Places the linear obstacles of a map run through in all."""
MAX_OPENINGS = 20
"""Doors, windows and loopholes of a building."""
NAME_LIMIT = 40
ON_WALL = 0.5
"""Paces a door or window may lie off its building's wall."""
LARGEST = 2 ** 53
"""Past this a whole number is no longer exact as a float: no place on a map comes near it."""

log = logging.getLogger(__name__)


def finite(value: object) -> bool:
    """Whether a value is a finite real number (not a truth value, not text)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return -LARGEST < value < LARGEST
    return isinstance(value, float) and math.isfinite(value)


def place_fault(p: object, field: Battlefield) -> str:
    """Why ``p`` is no place on the map ("" when it is one)."""
    if not (isinstance(p, tuple) and len(p) == 2 and all(finite(v) for v in p)):
        return "a place is two finite numbers of paces, east and south"
    if not (0 <= p[0] <= field.width and 0 <= p[1] <= field.height):
        return f"{p[0]:g},{p[1]:g} is off the map ({field.width} by {field.height} paces)"
    return ""


def name_fault(name: str) -> str:
    """Why a name of the map or its terrain is too long ("" when it is not; what it says is checked as a
    character's name is, by the commands)."""
    return f"a name is at most {NAME_LIMIT} characters" if len(name) > NAME_LIMIT else ""


def area_fault(area: Area, field: Battlefield) -> str:
    """Why an area cannot be on the map ("" when it can)."""
    if area.ground not in GROUNDS:
        return f"{area.ground[:20]!r} is not a kind of terrain: {', '.join([*GROUNDS, *BARRIERS])}"
    box = area.rect
    if not all(finite(v) for v in (box.x, box.y, box.w, box.h)):
        return f"a {area.ground}'s corner and size are finite numbers of paces"
    if box.w <= 0 or box.h <= 0:
        return f"a {area.ground} is more than 0 paces wide and high"
    fault = place_fault((box.x, box.y), field) or place_fault((box.x + box.w, box.y + box.h), field)
    return fault or opening_fault(area, field) or name_fault(area.name)


def opening_fault(area: Area, field: Battlefield) -> str:
    """Why the area's doors, windows or loopholes cannot be ("" when they can): only a building has them, on
    its wall, at most :data:`MAX_OPENINGS`."""
    if len(area.openings) > MAX_OPENINGS:
        return f"a building has at most {MAX_OPENINGS} doors, windows and loopholes"
    box = area.rect
    corners = [(box.x, box.y), (box.x + box.w, box.y), (box.x + box.w, box.y + box.h), (box.x, box.y + box.h),
               (box.x, box.y)]
    for opening in area.openings:
        kind = opening.kind if opening.kind in OPENINGS else "opening"
        if area.ground != "building":
            return f"only a building has a {kind}"
        if kind == "opening":
            return f"a building's openings are {', '.join(OPENINGS)}"
        fault = place_fault(opening.at, field)
        if fault:
            return fault
        if min(near_segment(opening.at, c, d) for c, d in zip(corners, corners[1:])) > ON_WALL:
            return f"the {kind} at {opening.at[0]:g},{opening.at[1]:g} is not on the building's wall"
    return ""


def line_fault(line: list, field: Battlefield, what: str) -> str:
    """Why a line of places cannot be on the map ("" when it can): two to :data:`MAX_LINE_POINTS` places."""
    if len(line) < 2:
        return f"a {what} runs through two or more places x,y"
    if len(line) > MAX_LINE_POINTS:
        return f"a {what} runs through at most {MAX_LINE_POINTS} places ({len(line):,} here): split it"
    return next((fault for p in line if (fault := place_fault(p, field))), "")


def obstacle_fault(obstacle: Obstacle, field: Battlefield) -> str:
    """Why a linear obstacle cannot be on the map ("" when it can)."""
    if obstacle.barrier not in BARRIERS:
        return f"{obstacle.barrier[:20]!r} is not a kind of terrain: {', '.join([*GROUNDS, *BARRIERS])}"
    return line_fault(obstacle.line, field, obstacle.barrier) or name_fault(obstacle.name)


def piece_fault(piece: Area | Obstacle, field: Battlefield) -> str:
    """Why a piece of terrain cannot be on the map ("" when it can)."""
    return area_fault(piece, field) if isinstance(piece, Area) else obstacle_fault(piece, field)


def room_fault(pieces: int, points: int) -> str:
    """Why a map of so many pieces, and places along its lines, is too big ("" when it is not)."""
    if pieces > MAX_PIECES:
        return f"a map holds at most {MAX_PIECES} pieces of terrain"
    if points > MAX_POINTS:
        return f"the lines of a map run through at most {MAX_POINTS:,} places in all"
    return ""


def points_of(field: Battlefield) -> int:
    """The places the map's lines run through, in all."""
    return sum(len(o.line) for o in field.obstacles)


def check(field: Battlefield) -> Battlefield:
    """The map, refused at its first fault with where it lies (a piece by its number, counted from 1)."""
    fault = name_fault(field.name)
    if fault:
        raise RulesError(f"The map's name: {fault}.")
    for number, piece in enumerate([*field.areas, *field.obstacles], 1):
        fault = piece_fault(piece, field)
        if fault:
            raise RulesError(f"Piece {number} of the terrain: {fault}.")
    fault = room_fault(len(field.areas) + len(field.obstacles), points_of(field))
    if fault:
        raise RulesError(f"That map is too big: {fault}.")
    return field


TERRAIN = ("width", "height", "areas", "obstacles")
"""What a map's terrain is read from: its pieces, and the size their checks hold them to."""
TERRAINS_KEPT = 64
_terrains: OrderedDict[str, tuple[list[Area], list[Obstacle]]] = OrderedDict()
"""The terrains last read from stored maps, read and checked, by their JSON: the set never changes in a game, and
each command reads its game's map; the pieces are shared, never changed in place (a map edited is a new list)."""


def stored_map(data: object) -> Battlefield | None:
    """A game's map as stored, with what no map may hold left out (stored before the checks): unsound pieces,
    pieces past the limits, tokens off it and marks that are not sound. None when it cannot be read at all."""
    try:
        key = json.dumps([data.get(name) for name in TERRAIN])
        terrain = _terrains.get(key)
        field = serial.from_json(Battlefield, data if terrain is None else
                                 {name: value for name, value in data.items() if name not in TERRAIN[2:]})
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, RulesError):
        log.warning("A stored map could not be read and is left out of its game.")
        return None
    if terrain is None:
        terrain = sound_terrain(field)
        _terrains[key] = terrain
        if len(_terrains) > TERRAINS_KEPT:
            _terrains.popitem(last=False)
    else:
        _terrains.move_to_end(key)
    field.areas, field.obstacles = terrain
    field.tokens = {key: token for key, token in field.tokens.items() if sound_token(token, field)}
    if field.last_shot is not None and not sound_shot(field.last_shot, field):
        field.last_shot = None
    if not sound_path(field.last_path, field):
        field.last_path = []
    if field.plan is not None and not sound_plan(field.plan, field):
        field.plan = None
    return field


def sound_terrain(field: Battlefield) -> tuple[list[Area], list[Obstacle]]:
    """The map's pieces that pass the checks, within the limits."""
    room = [MAX_PIECES, MAX_POINTS]
    return ([a for a in field.areas if not area_fault(a, field) and fits(room, 0)],
            [o for o in field.obstacles if not obstacle_fault(o, field) and fits(room, len(o.line))])


def fits(room: list[int], points: int) -> bool:
    """Take a piece of ``points`` places out of the ``room`` left (pieces, places), if there is room for it."""
    if room[0] < 1 or room[1] < points:
        return False
    room[0], room[1] = room[0] - 1, room[1] - points
    return True


def sound_token(token: Token, field: Battlefield) -> bool:
    """Whether a token stored on the map is one of its kinds, standing on the map."""
    return token.kind in TOKEN_KINDS and finite(token.facing) and not place_fault(token.at, field)


def sound_shot(shot: Shot, field: Battlefield) -> bool:
    """Whether the line of fire stored on the map runs between two places on it, with words of a shot's length."""
    return not place_fault(shot.shooter, field) and not place_fault(shot.target, field) and len(shot.words) <= 200


def sound_path(path: list, field: Battlefield) -> bool:
    """Whether a path drawn or planned on the map is sound: at most :data:`MAX_LINE_POINTS` places on it."""
    return len(path) <= MAX_LINE_POINTS and not any(place_fault(p, field) for p in path)


def sound_plan(plan: Plan, field: Battlefield) -> bool:
    """Whether a planned move stored on the map is a sound path."""
    return len(plan.path) >= 2 and sound_path(plan.path, field)

