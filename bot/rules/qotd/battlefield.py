"""The set as a map: terrain, where everyone stands, and what the book makes of it (Reel 3's going,
Reel 4's cover and range).

Pure data and geometry: a game without a map plays as before. Where the book is
silent (which terrain gives which cover, how far one sees through woods), see
docs/rulings.md.
"""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass, field

from ..core.errors import RulesError
from ..core.geometry import EPSILON, Point, Rect, crossing, crossings, distance, near_segment, path_length, point_at
from ..core.grid import Grid
from ..core.pictures import Shot

GRID_STEPS = (1, 2, 3, 4, 5, 10)
"""Paces a grid square may measure: the smallest that keeps the columns within A to Z."""
MAX_SIZE = 200
COVER_REACH = 2.0
"""A line of fire crossing terrain within this many paces of the target puts it in that terrain's cover."""
SIGHT_THROUGH_WOODS = 4.0
"""Paces of woods a line of sight may run through before the trees hide the target."""
OPENING_REACH = 1.0
"""Paces either side of a door's or window's middle that a line passes through it."""
CELL = 8.0
"""Paces a cell of the terrain's index measures (see :class:`TerrainIndex`)."""


class Cover(enum.Enum):
    """The target's cover, least first."""

    NONE = "in the open"
    LIGHT = "in light cover"
    DENSE = "in dense cover"
    HARD = "in hard cover"
    LOOPHOLE = "firing through a loophole"


class Going(enum.Enum):
    """The going, as Reel 3 names it (465-491)."""

    GOOD = "good going"
    BAD = "bad going"
    WATER = "swimming"


@dataclass(frozen=True)
class Ground:
    """A kind of area terrain: its cover, its going, and the Wanting to Move chart for it."""

    key: str
    name: str
    cover: Cover
    going: Going
    chart: str = "move"


GROUNDS: dict[str, Ground] = {g.key: g for g in (
    Ground("building", "building", Cover.HARD, Going.BAD),
    Ground("woods", "woods", Cover.DENSE, Going.BAD, "move_forest"),
    Ground("rocks", "rocks", Cover.HARD, Going.BAD),
    Ground("scrub", "scrub", Cover.LIGHT, Going.BAD),
    Ground("water", "water", Cover.NONE, Going.WATER),
    Ground("swamp", "swamp", Cover.NONE, Going.BAD, "move_swamp"),
    Ground("snow", "deep snow", Cover.NONE, Going.BAD, "move_snow"),
    Ground("sand", "deep sand", Cover.NONE, Going.BAD, "move_snow"),
    Ground("ruins", "ruins", Cover.HARD, Going.BAD, "move_ruins"),
    Ground("road", "road", Cover.NONE, Going.GOOD),
    Ground("street", "street", Cover.NONE, Going.GOOD),
)}
"""Area terrain (see docs/rulings.md for the cover each gives)."""


@dataclass(frozen=True)
class Barrier:
    """A kind of linear obstacle (473-479): its cover, and whether a vehicle may cross it (at 50%)."""

    key: str
    name: str
    cover: Cover
    vehicles_cross: bool = False


BARRIERS: dict[str, Barrier] = {b.key: b for b in (
    Barrier("fence", "fence", Cover.LIGHT),
    Barrier("hedge", "hedge", Cover.LIGHT),
    Barrier("wall", "wall", Cover.HARD),
    Barrier("ditch", "ditch", Cover.NONE, vehicles_cross=True),
)}

OPENINGS: dict[str, Cover] = {"door": Cover.LIGHT, "window": Cover.HARD, "loophole": Cover.LOOPHOLE}
"""A building's openings and the cover of one seen through each (see docs/rulings.md)."""
TOKEN_KINDS = ("character", "mount", "vehicle", "beast")
PLACES = 3
"""Decimals of a pace a place on the map is kept to: a thousandth of a pace, far below what any reading of the map
tells apart (ranges in whole paces, reaches of a pace or two), where a place worked out by geometry has seventeen
digits (ruling 491)."""
SWIMMING = 4
"""Paces a turn swimming (446)."""


@dataclass
class Opening:
    """A door, window or loophole in a building's wall, by its middle."""

    kind: str
    at: Point


@dataclass
class Area:
    """Area terrain: an upright rectangle of one ground; a building has walls, doors and windows."""

    ground: str
    rect: Rect
    name: str = ""
    openings: list[Opening] = field(default_factory=list)

    @property
    def title(self) -> str:
        return self.name or GROUNDS[self.ground].name

    def opening_at(self, p: Point) -> Opening | None:
        return next((o for o in self.openings if distance(o.at, p) <= OPENING_REACH + EPSILON), None)

    def crossings(self, a: Point, b: Point) -> list[tuple[float, Opening | None]]:
        """Where ``a``-``b`` crosses the walls (0 to 1 along it), each with the opening it goes through (None:
        the wall itself)."""
        return [(t, self.opening_at(point_at(a, b, t))) for t in self.rect.walls_crossed(a, b)]


@dataclass
class Obstacle:
    """A linear obstacle along a line of points: a fence, hedge, wall or ditch."""

    barrier: str
    line: list[Point]
    name: str = ""

    @property
    def title(self) -> str:
        return self.name or BARRIERS[self.barrier].name


def kept(p: Point) -> Point:
    """A place as the map keeps it: to :data:`PLACES` decimals of a pace."""
    return (round(p[0], PLACES), round(p[1], PLACES))


@dataclass
class Token:
    """A character, mount, vehicle or beast on the map; ``facing`` in degrees clockwise from north."""

    key: str
    at: Point
    facing: int = 0
    kind: str = "character"


@dataclass
class Plan:
    """A move asked for with ``/move to:``, carried out once its Wanting to Move roll is decided."""

    key: str
    path: list[Point]


@dataclass
class Battlefield:
    """The set: its size in paces, its terrain, and the tokens on it."""

    width: int
    height: int
    name: str = ""
    areas: list[Area] = field(default_factory=list)
    obstacles: list[Obstacle] = field(default_factory=list)
    tokens: dict[str, Token] = field(default_factory=dict)
    poor_visibility: bool = False
    """Poor visibility or bad weather: all terrain is bad going (486)."""
    last_shot: Shot | None = None
    last_path: list[Point] = field(default_factory=list)
    plan: Plan | None = None

    def __post_init__(self) -> None:
        if not (1 <= self.width <= MAX_SIZE and 1 <= self.height <= MAX_SIZE):
            raise RulesError(f"A map is 1 to {MAX_SIZE} paces each way.")

    def copy(self) -> Battlefield:
        """A copy whose tokens and marks may change without touching this one (terrain is shared)."""
        new = object.__new__(Battlefield)
        new.__dict__.update(self.__dict__, tokens=dict(self.tokens), last_path=list(self.last_path))
        return new

    @property
    def index(self) -> TerrainIndex | AllTerrain:
        """The terrain a query reads: by its index once a search has built one (:meth:`indexed`), else all of it
        (one line of sight reads a map's whole terrain sooner than its index is built)."""
        index = self.__dict__.get("_index")
        return index if index is not None and index.fits(self) else AllTerrain(self)

    def indexed(self) -> TerrainIndex:
        """The terrain's index, built once for a search of many queries (rebuilt when a piece is added)."""
        index = self.__dict__.get("_index")
        if index is None or not index.fits(self):
            index = self.__dict__["_index"] = TerrainIndex(self)
        return index

    # -- the grid ------------------------------------------------------------

    @property
    def step(self) -> int:
        """Paces a grid square measures."""
        return next((s for s in GRID_STEPS if math.ceil(self.width / s) <= 26), GRID_STEPS[-1])

    @property
    def columns(self) -> int:
        return math.ceil(self.width / self.step)

    @property
    def rows(self) -> int:
        return math.ceil(self.height / self.step)

    def label(self, p: Point) -> str:
        """The grid square a point lies in, as ``C7``."""
        column = min(self.columns - 1, max(0, int(p[0] // self.step)))
        row = min(self.rows - 1, max(0, int(p[1] // self.step)))
        return f"{chr(ord('A') + column)}{row + 1}"

    def point(self, text: str) -> Point:
        """A point from a grid square (``C7``: its middle) or paces east and south (``12,30``)."""
        text = text.strip().upper()
        square = re.fullmatch(r"([A-Z])\s*(\d{1,3})", text)
        if square:
            column, row = ord(square[1]) - ord("A"), int(square[2]) - 1
            if column >= self.columns or not 0 <= row < self.rows:
                raise RulesError(f"{text} is off the map: squares run from A1 to {self.label(self.corner)}.")
            half = self.step / 2
            return (min(self.width, column * self.step + half), min(self.height, row * self.step + half))
        paces = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[, ]\s*(\d+(?:\.\d+)?)", text)
        if not paces:
            raise RulesError(f"{text[:20]!r} is not a place on the map: give a square such as C7, or paces east "
                             "and south such as 12,30.")
        p = (float(paces[1]), float(paces[2]))
        self.require_on(p)
        return p

    @property
    def corner(self) -> Point:
        return (float(self.width), float(self.height))

    def require_on(self, p: Point) -> None:
        if not (0 <= p[0] <= self.width and 0 <= p[1] <= self.height):
            raise RulesError(f"{p[0]:g},{p[1]:g} is off the map ({self.width} by {self.height} paces).")

    # -- terrain ---------------------------------------------------------------

    def areas_at(self, p: Point) -> list[Area]:
        return [a for a in self.areas if a.rect.contains(p)]

    def place(self, token: Token) -> None:
        """Put a token on the map, or move it (its place kept to :data:`PLACES` decimals); not inside a wall's
        thickness or off the map."""
        self.require_on(token.at)
        if token.kind not in TOKEN_KINDS:
            raise RulesError(f"A token is one of: {', '.join(TOKEN_KINDS)}.")
        token.at = kept(token.at)
        self.tokens[token.key] = token

    def without(self, key: str) -> Battlefield:
        """The map without ``key``'s token, nor a move planned for it (a copy); this map when it has neither."""
        if key not in self.tokens and (self.plan is None or self.plan.key != key):
            return self
        new = self.copy()
        new.tokens.pop(key, None)
        if new.plan is not None and new.plan.key == key:
            new.plan = None
        return new

    def closed_to(self, p: Point, vehicle: bool) -> str:
        """Why no move could ever end at ``p`` ("" when one could): inside a building with no door or window to
        go in by (a loophole lets nobody through), or, for a vehicle, in a building or in water (see
        docs/rulings.md)."""
        for area in self.index.areas_near(p, EPSILON):
            if not area.rect.contains(p):
                continue
            ground = GROUNDS[area.ground]
            if vehicle and (ground.key == "building" or ground.going is Going.WATER):
                return f"a vehicle cannot go into the {area.title}"
            if ground.key == "building" and not any(o.kind in ("door", "window") for o in area.openings):
                return f"the {area.title} has no door or window to go in by"
        return ""

    # -- sight and cover -------------------------------------------------------

    def sight(self, a: Point, b: Point) -> Sight:
        """What one at ``a`` sees of one at ``b``: the range, the target's cover, or what hides them."""
        paces = distance(a, b)
        cover, why = Cover.NONE, ""

        def behind(t: float) -> bool:
            return (1 - t) * paces <= COVER_REACH + EPSILON

        def take(level: Cover, words: str) -> None:
            nonlocal cover, why
            if list(Cover).index(level) > list(Cover).index(cover):
                cover, why = level, words

        woods = 0.0
        for area in self.index.areas_along(a, b):
            ground = GROUNDS[area.ground]
            if ground.key == "building":
                for t, opening in area.crossings(a, b):
                    if opening is None:
                        return Sight(paces, Cover.NONE, "", f"the wall of the {area.title} is in the way")
                    if area.rect.contains(b) or behind(t):
                        take(OPENINGS[opening.kind], f"through a {opening.kind} of the {area.title}")
                continue
            stretch = area.rect.clip(a, b)
            if stretch is None:
                continue
            if ground.key == "woods":
                woods += (stretch[1] - stretch[0]) * paces
            if ground.cover is not Cover.NONE and behind(stretch[1]):
                take(ground.cover, f"{'in' if area.rect.contains(b) else 'behind'} the {area.title}")
        if woods > SIGHT_THROUGH_WOODS + EPSILON:
            return Sight(paces, Cover.NONE, "", f"{woods:.0f} paces of woods are in the way (one sees through "
                                                f"{SIGHT_THROUGH_WOODS:g})")
        for obstacle, segments in self.index.segments_near(b, COVER_REACH + EPSILON):
            barrier = BARRIERS[obstacle.barrier]
            if barrier.cover is Cover.NONE:
                continue
            if any(behind(t) for c, d in segments if (t := crossing(a, b, c, d)) is not None):
                take(barrier.cover, f"behind the {obstacle.title}")
        return Sight(paces, cover, why)

    def covered(self, threat: Point, p: Point) -> Sight | None:
        """What one at ``p`` has between them and a threat at ``threat`` when it is cover (or hides them); None
        when they stand in the open to it."""
        sight = self.sight(threat, p)
        return sight if sight.hidden or sight.cover is not Cover.NONE else None

    def shelter(self, around: Point, reach: float) -> list[Point]:
        """The places within ``reach`` of ``around`` where one may find cover: every half-pace lattice point (off
        any line, on the map) within :data:`COVER_REACH` of terrain that gives cover or of a building."""
        def lattice(low: float, high: float, size: int) -> range:
            return range(max(0, math.floor(low)), min(size, math.ceil(high)))

        x, y = around
        self.indexed()
        return [p for i in lattice(x - reach, x + reach, self.width) for j in lattice(y - reach, y + reach, self.height)
                if distance(around, p := (i + 0.5, j + 0.5)) <= reach + EPSILON and self.sheltering(p)]

    def sheltering(self, p: Point) -> bool:
        """Whether a half-pace lattice point lies within :data:`COVER_REACH` of terrain that gives cover: of a
        line of it, or of an area of it by the lattice points around it."""
        r = COVER_REACH
        for area in self.index.areas_near(p, r + 1):
            box = area.rect
            if GROUNDS[area.ground].cover is not Cover.NONE \
                    and math.floor(box.x - r) <= p[0] - 0.5 < math.ceil(box.x + box.w + r) \
                    and math.floor(box.y - r) <= p[1] - 0.5 < math.ceil(box.y + box.h + r):
                return True
        return any(BARRIERS[obstacle.barrier].cover is not Cover.NONE
                   and any(near_segment(p, c, d) <= r for c, d in segments)
                   for obstacle, segments in self.index.segments_near(p, r))

    def near(self, p: Point, paces: float) -> list[str]:
        """Keys of the tokens within ``paces`` of a point (not one standing on it), nearest first."""
        found = [(d, key) for key, t in self.tokens.items() if (d := distance(p, t.at)) > EPSILON]
        return [key for d, key in sorted(found) if d <= paces + EPSILON]

    # -- the going ---------------------------------------------------------------

    def going(self, path: list[Point], mover: Mover) -> Route:
        """The going along a path for one moving (465-499): the deductions from its move and the chart it
        tests on. Refuses a path through a wall, off the map, or over what the mover cannot cross."""
        for p in path:
            self.require_on(p)
        move = mover.move
        deductions: list[tuple[str, int]] = []
        chart, bad, water = "move", self.poor_visibility, False
        for a, b in zip(path, path[1:]):
            for area in self.index.areas_along(a, b):
                stretch = area.rect.clip(a, b)
                if stretch is None:
                    continue
                ground = GROUNDS[area.ground]
                if ground.key == "building":
                    self._through_walls(area, a, b, mover, deductions)
                if ground.going is Going.WATER:
                    water = True
                    if mover.vehicle:
                        raise RulesError(f"A vehicle cannot cross the {area.title}.")
                elif ground.going is Going.BAD:
                    bad = True
                    if chart == "move":
                        chart = ground.chart
            for obstacle in self.index.obstacles_along(a, b):
                for _ in crossings(a, b, obstacle.line):
                    barrier = BARRIERS[obstacle.barrier]
                    if mover.vehicle and not barrier.vehicles_cross:
                        raise RulesError(f"A vehicle cannot cross the {obstacle.title} (473-479).")
                    deductions.append((f"crossing the {obstacle.title}", 50 if mover.vehicle else 25))
        if water:
            move = mover.swim
        if bad and not mover.surefooted:
            deductions.append(("bad going", 50 if mover.heavy else 25))
        if mover.prone:
            deductions.append(("getting up from prone", 25))
        return Route(list(path), path_length(path), move, tuple(deductions), chart, bad, water)

    def _through_walls(self, area: Area, a: Point, b: Point, mover: Mover,
                       deductions: list[tuple[str, int]]) -> None:
        for _, opening in area.crossings(a, b):
            if mover.vehicle:
                raise RulesError(f"A vehicle cannot go into the {area.title}.")
            if opening is None or opening.kind == "loophole":
                raise RulesError(f"That path goes through the wall of the {area.title}: go by a door or a window.")
            if opening.kind == "window":
                deductions.append((f"climbing through a window of the {area.title}", 25))

    def first_wall(self, a: Point, b: Point) -> float:
        """How far along ``a``-``b`` (0 to 1) it first meets a building's wall other than at a door, or the
        map's edge; 1 if it meets neither."""
        t = 1.0
        for area in self.index.areas_along(a, b):
            if area.ground == "building":
                t = min([t, *(w for w, o in area.crossings(a, b) if o is None or o.kind != "door")])
        edge = Rect(0, 0, self.width, self.height).clip(a, b)
        return min(t, edge[1]) if edge else 0.0


class AllTerrain:
    """The map's terrain read whole, as :class:`TerrainIndex` reads it near a place or a line."""

    def __init__(self, field: Battlefield) -> None:
        self.areas, self.obstacles = field.areas, field.obstacles

    def areas_along(self, a: Point, b: Point) -> list[Area]:
        """Every area."""
        return self.areas

    def areas_near(self, p: Point, reach: float) -> list[Area]:
        """Every area."""
        return self.areas

    def obstacles_along(self, a: Point, b: Point) -> list[Obstacle]:
        """Every linear obstacle."""
        return self.obstacles

    def segments_near(self, p: Point, reach: float) -> list[tuple[Obstacle, list[tuple[Point, Point]]]]:
        """Every linear obstacle, with all its segments."""
        return [(obstacle, list(zip(obstacle.line, obstacle.line[1:]))) for obstacle in self.obstacles]


class TerrainIndex:
    """The map's terrain cell by cell (:class:`Grid`): a line of sight, a path or a search for cover reads only
    the terrain near it, whatever the size of the map's terrain. Queries give pieces in the map's order, as a
    walk over them all would meet them."""

    def __init__(self, field: Battlefield) -> None:
        self.areas, self.obstacles = field.areas, field.obstacles
        self.counts = (len(field.areas), len(field.obstacles))
        self.area_cells = Grid(field.width, field.height, CELL)
        self.line_cells = Grid(field.width, field.height, CELL)
        for n, area in enumerate(field.areas):
            box = area.rect
            self.area_cells.add_box(n, box.x, box.y, box.x + box.w, box.y + box.h)
        for n, obstacle in enumerate(field.obstacles):
            for k, (c, d) in enumerate(zip(obstacle.line, obstacle.line[1:])):
                self.line_cells.add_segment((n, k), c, d)

    def fits(self, field: Battlefield) -> bool:
        """Whether this index is of the map's terrain as it stands."""
        return self.areas is field.areas and self.obstacles is field.obstacles \
            and self.counts == (len(field.areas), len(field.obstacles))

    def areas_along(self, a: Point, b: Point) -> list[Area]:
        """The areas the segment ``a``-``b`` may meet."""
        return [self.areas[n] for n in sorted(self.area_cells.along(a, b))]

    def areas_near(self, p: Point, reach: float) -> list[Area]:
        """The areas that may lie within ``reach`` of a point."""
        return [self.areas[n] for n in sorted(self.area_cells.near(p, reach))]

    def obstacles_along(self, a: Point, b: Point) -> list[Obstacle]:
        """The linear obstacles the segment ``a``-``b`` may cross."""
        return [self.obstacles[n] for n in sorted({n for n, _ in self.line_cells.along(a, b)})]

    def segments_near(self, p: Point, reach: float) -> list[tuple[Obstacle, list[tuple[Point, Point]]]]:
        """The linear obstacles that may run within ``reach`` of a point, each with those of its segments."""
        found: dict[int, list[tuple[Point, Point]]] = {}
        for n, k in sorted(self.line_cells.near(p, reach)):
            line = self.obstacles[n].line
            found.setdefault(n, []).append((line[k], line[k + 1]))
        return [(self.obstacles[n], segments) for n, segments in found.items()]


@dataclass(frozen=True)
class Sight:
    """What a line between two characters shows: range in paces, the target's cover and why, or what hides the
    target (``hidden``, empty when seen)."""

    distance: float
    cover: Cover
    why: str
    hidden: str = ""

    @property
    def paces(self) -> int:
        """The range in whole paces, to the nearest (at least 1; see docs/rulings.md)."""
        return max(1, math.floor(self.distance + 0.5))


@dataclass(frozen=True)
class Mover:
    """What the going asks of one who moves: the full move (446-456) and how the going treats them."""

    move: int
    swim: int = SWIMMING
    """Paces a turn in water."""
    vehicle: bool = False
    heavy: bool = False
    """A heavily laden animal or wheeled transport: bad going deducts 50% (491)."""
    surefooted: bool = False
    prone: bool = False


@dataclass(frozen=True)
class Route:
    """A path worked out: its length, the full move, the deductions (why, per cent) and the chart to test on."""

    path: list[Point]
    length: float
    move: int
    deductions: tuple[tuple[str, int], ...]
    chart: str
    bad: bool
    water: bool

    @property
    def allowance(self) -> float:
        """One move after the deductions (each a share of the full move; see docs/rulings.md)."""
        return self.move * max(0, 100 - sum(p for _, p in self.deductions)) / 100

    def words(self) -> str:
        base = f"{self.move} paces" + (" swimming" if self.water else "")
        cuts = "".join(f", less {p}% for {why}" for why, p in self.deductions)
        return f"{base}{cuts}: {self.allowance:g} paces a move"
