"""The map of the set, top down: a lettered grid in paces, the terrain, everyone on it in their player's
suit colour with their name and cards left, and the last shot's line and the last move's path.

Sized for a phone: Discord shows it about 400 px wide there, so the picture is some 640 px wide and
its lettering large. The terrain changes seldom and is drawn once per set; each picture copies it and
puts the tokens on, and only the bands of rows the tokens changed are compressed again. A token is drawn
once as a sprite and stamped on each picture until it changes.
"""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from PIL import Image

from bot.rules.core.cards import RED_SUITS, SUIT_SYMBOLS
from bot.rules.core.geometry import Point
from bot.rules.core.pictures import Barrier, Figure, Patch, Scene, Terrain
from bot.pictures.theme import (BLACK, BOLD, CREAM, DUST, EDGE, FACE, GOLD, GREEN, GREY, GROUND, INK, MUTED, PAPER, RED,
                    ROCK, RUBBLE, RUST, SAND, SANS, SCRUB, SNOW, STRIKE, SWAMP, TREES, WATER, WOOD, WOOD_DARK,
                    WOODS, Backdrop, Box, Canvas, Colour, Mark, Sprite, fit, font, length, sketch)

WIDTH = 640
"""About the width the map is drawn at (paces times a whole number of pixels)."""
HEADER = 40
RULER = 22
"""Room for the grid's letters (top) and numbers (left)."""
FILLS: dict[str, Colour] = {"building": WOOD, "woods": WOODS, "rocks": ROCK, "scrub": SCRUB, "water": WATER,
                            "swamp": SWAMP, "snow": SNOW, "sand": SAND, "ruins": RUBBLE, "road": DUST,
                            "street": DUST}
LINES: dict[str, tuple[Colour, int]] = {"fence": (WOOD, 2), "hedge": (GREEN, 4), "wall": (GREY, 4),
                                        "ditch": (MUTED, 3)}
SPECKLES: dict[str, Colour] = {"woods": TREES, "rocks": GREY, "scrub": GREEN, "swamp": WATER, "ruins": GREY}
"""Area terrain drawn with a pattern of dots over its fill (trees, boulders, bushes, pools, rubble)."""
OPENING_COLOURS: dict[str, Colour] = {"door": CREAM, "window": FACE, "loophole": BLACK}
TERRAIN_KEPT = 16


def scale(field: Terrain | Scene) -> int:
    """Pixels a pace."""
    return max(3, min(24, WIDTH // field.width))


def size(terrain: Terrain) -> tuple[int, int]:
    s = scale(terrain)
    return RULER + terrain.width * s + 8, HEADER + RULER + terrain.height * s + 8


_terrain: OrderedDict[Terrain, Backdrop] = OrderedDict()


def drawn_terrain(terrain: Terrain) -> Backdrop:
    """The set without tokens: the grid, its labels and the terrain, drawn (and compressed) once and kept, by what
    it is."""
    image = _terrain.get(terrain)
    if image is None:
        image = _terrain[terrain] = Backdrop(_draw_terrain(terrain))
        while len(_terrain) > TERRAIN_KEPT:
            _terrain.popitem(last=False)
    return image


def _draw_terrain(terrain: Terrain) -> Image.Image:
    s = scale(terrain)
    canvas = Canvas(*size(terrain))
    aside = f"{terrain.width}×{terrain.height} paces · squares of {terrain.step}"
    canvas.header(HEADER, terrain.name or "The battlefield", aside + (" · poor visibility" if terrain.poor_visibility
                                                                       else ""))
    left, top = RULER, HEADER + RULER
    canvas.box((left, top, left + terrain.width * s, top + terrain.height * s), fill=GROUND)
    for patch in terrain.patches:
        if patch.ground != "building":
            _draw_patch(canvas, patch, s, left, top)
    label = font(SANS, 13)
    step = terrain.step * s
    for column in range(terrain.columns):
        x = left + column * step
        canvas.line((x, top, x, top + terrain.height * s), EDGE)
        canvas.text((x + step / 2, top - 6), chr(ord("A") + column), label, MUTED, anchor="ms")
    for row in range(terrain.rows):
        y = top + row * step
        canvas.line((left, y, left + terrain.width * s, y), EDGE)
        canvas.text((left - 4, y + step / 2), str(row + 1), label, MUTED, anchor="rm")
    for patch in terrain.patches:
        if patch.ground == "building":
            _draw_patch(canvas, patch, s, left, top)
    for barrier in terrain.barriers:
        _draw_barrier(canvas, barrier, s, left, top)
    canvas.box((left, top, left + terrain.width * s, top + terrain.height * s), outline=INK, width=2)
    for words, box in building_names(terrain):
        canvas.text(((box[0] + box[2]) / 2, box[3] - NAME_DROP), words, font(BOLD, 13), CREAM, on=WOOD, anchor="ms")
    canvas.image.load()
    return canvas.image


NAME_DROP = 4
"""Pixels of a label below its baseline (the descenders' room)."""


@functools.lru_cache(maxsize=TERRAIN_KEPT)
def building_names(terrain: Terrain) -> tuple[tuple[str, Box], ...]:
    """Each building's name as written across its middle, and the box it takes."""
    s, face, names = scale(terrain), font(BOLD, 13), []
    for patch in terrain.patches:
        if patch.ground == "building" and patch.name:
            r = patch.rect
            words = fit(patch.name, face, r.w * s - 6)
            x, y = RULER + (r.x + r.w / 2) * s, HEADER + RULER + (r.y + r.h / 2) * s
            half = length(words, face) / 2
            names.append((words, (round(x - half), round(y - 9), round(x + half), round(y + 9))))
    return tuple(names)


def _draw_patch(canvas: Canvas, patch: Patch, s: int, left: int, top: int) -> None:
    r = patch.rect
    box = (round(left + r.x * s), round(top + r.y * s), round(left + (r.x + r.w) * s), round(top + (r.y + r.h) * s))
    canvas.box(box, fill=FILLS[patch.ground])
    speckle = SPECKLES.get(patch.ground)
    if speckle:
        gap = max(6, 2 * s)
        for row, y in enumerate(range(box[1] + gap // 2, box[3] - 2, gap)):
            for x in range(box[0] + gap // 2 + (row % 2) * gap // 2, box[2] - 2, gap):
                dot = max(2, s // 3)
                canvas.ellipse((x - dot, y - dot, x + dot, y + dot), fill=speckle)
    if patch.ground == "building":
        canvas.box(box, outline=WOOD_DARK, width=3)
        for kind, (at_x, at_y) in patch.openings:
            x, y = left + at_x * s, top + at_y * s
            half = max(3, s * 0.8)
            canvas.box((round(x - half), round(y - half), round(x + half), round(y + half)),
                       fill=OPENING_COLOURS[kind], outline=WOOD_DARK)


def _draw_barrier(canvas: Canvas, barrier: Barrier, s: int, left: int, top: int) -> None:
    colour, width = LINES[barrier.kind]
    points = [(left + x * s, top + y * s) for x, y in barrier.line]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        canvas.line((round(x0), round(y0), round(x1), round(y1)), colour, width)
        if barrier.kind == "fence":
            posts = max(1, int(math.hypot(x1 - x0, y1 - y0) // max(8, s)))
            for i in range(posts + 1):
                x, y = x0 + (x1 - x0) * i / posts, y0 + (y1 - y0) * i / posts
                canvas.box((round(x) - 2, round(y) - 2, round(x) + 2, round(y) + 2), fill=WOOD_DARK)


def render_scene(scene: Scene) -> bytes:
    """The map picture of a :class:`~bot.rules.core.pictures.Scene`: the set, everyone on it, the last shot and the
    last move; PNG bytes."""
    backdrop = drawn_terrain(scene.terrain)
    canvas = backdrop.canvas()
    s = scale(scene)

    def at(p: Point) -> tuple[float, float]:
        return RULER + p[0] * s, HEADER + RULER + p[1] * s

    if len(scene.last_path) > 1:
        points = [at(p) for p in scene.last_path]
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            canvas.line((round(x0), round(y0), round(x1), round(y1)), RUST, 3)
        for x, y in points[:-1]:
            canvas.ellipse((round(x) - 3, round(y) - 3, round(x) + 3, round(y) + 3), fill=RUST)
    for figure in scene.figures:
        canvas.stamp(*_token(figure, s))
    if scene.last_shot is not None:
        (x0, y0), (x1, y1) = at(scene.last_shot.shooter), at(scene.last_shot.target)
        canvas.line((round(x0), round(y0), round(x1), round(y1)), STRIKE, 2)
    for label in place_labels(scene, canvas.width, canvas.image.height):
        if label.leader:
            canvas.line(label.leader, GOLD)
        canvas.stamp(label.sprite, label.box[0], label.box[1])
    return backdrop.png(canvas.image)


class Label(NamedTuple):
    """Words on a plate placed on the map: the box it takes, and a line to what it names when it stands off."""

    words: str
    box: Box
    sprite: Sprite
    leader: Box | None = None


def place_labels(scene: Scene, width: int, height: int) -> list[Label]:
    """The last shot's words by its line, then each token's plate under it, or where it overlaps no name of a
    building and no label already placed (above it, beside it, then further off, with a line back to it): the
    first place free in that order, else the one overlapping least. A label may cover a token where nothing else
    is free."""
    s = scale(scene)
    taken, tokens = Boxes(box for _, box in building_names(scene.terrain)), Boxes(_reach_of(f, s) for f in scene.figures)
    bounds = (RULER, HEADER + RULER, width, height)
    labels = []
    if scene.last_shot is not None:
        shot = scene.last_shot
        x0, y0 = RULER + shot.shooter[0] * s, HEADER + RULER + shot.shooter[1] * s
        x1, y1 = RULER + shot.target[0] * s, HEADER + RULER + shot.target[1] * s
        sprite = _shot_plate(fit(shot.words, font(BOLD, 14), width - 2 * RULER))
        labels.append(_place(shot.words, sprite, (x0 + x1) / 2, (y0 + y1) / 2, 0, taken, tokens, bounds,
                             ((0, 0, 0), *_SPOTS)))
    for figure in sorted(scene.figures, key=lambda f: (f.at[1], f.at[0])):
        x, y = RULER + figure.at[0] * s, HEADER + RULER + figure.at[1] * s
        reach = (_reach_of(figure, s)[3] - _reach_of(figure, s)[1]) // 2
        sprite = _plate(figure.words, GREY if figure.out else (MUTED if figure.look == "mount" else INK))
        if sprite is not None:
            labels.append(_place(figure.words, sprite, x, y, reach, taken, tokens, bounds))
    return labels


def _reach_of(figure: Figure, s: int) -> Box:
    """The box a token's disc or wagon takes on the map."""
    x, y = RULER + figure.at[0] * s, HEADER + RULER + figure.at[1] * s
    radius = max(7, round(s * 0.9))
    across = 2 * radius if figure.look == "vehicle" else radius
    down = radius // 2 if figure.prone and figure.look == "character" else radius
    return round(x - across), round(y - down), round(x + across), round(y + down)


class Boxes:
    """Boxes on the map, filed by the squares of a coarse grid they touch: what a box overlaps is looked for only
    among those filed where it lies, so that placing a crowd's labels costs no more than a few per label."""

    SQUARE = 64

    def __init__(self, boxes: Iterable[Box] = ()) -> None:
        self._filed: dict[tuple[int, int], list[Box]] = {}
        for box in boxes:
            self.add(box)

    def _squares(self, box: Box) -> Iterator[tuple[int, int]]:
        for column in range(box[0] // self.SQUARE, (box[2] - 1) // self.SQUARE + 1):
            for row in range(box[1] // self.SQUARE, (box[3] - 1) // self.SQUARE + 1):
                yield column, row

    def add(self, box: Box) -> None:
        for square in self._squares(box):
            self._filed.setdefault(square, []).append(box)

    def overlap(self, box: Box) -> int:
        """The pixels ``box`` shares with the boxes filed (each counted once)."""
        left, top, right, bottom = box
        total, seen = 0, set()
        for square in self._squares(box):
            for other in self._filed.get(square, ()):
                if other[0] < right and left < other[2] and other[1] < bottom and top < other[3] \
                        and id(other) not in seen:
                    seen.add(id(other))
                    total += _overlap(box, other)
        return total


def _place(words: str, sprite: Sprite, x: float, y: float, reach: int, taken: Boxes, tokens: Boxes,
           bounds: Box, spots: tuple[tuple[int, int, int], ...] = ()) -> Label:
    """A label for what stands at ``x, y`` (``reach`` pixels round), at the first place that overlaps nothing
    ``taken`` (which it joins), and as few ``tokens`` as may be."""
    w, h = sprite.image.size
    best, least = None, None
    for dx, dy, off in spots or _SPOTS:
        left = round(x - w / 2 + dx * (w / 2 + reach + 4))
        top = round(y + (reach + 2 if dy > 0 else -reach - 2 - h if dy < 0 else -h / 2) + off * (h + 2) * dy)
        left = min(max(left, bounds[0] - RULER), bounds[2] - w)
        top = min(max(top, bounds[1]), bounds[3] - h)
        box = (left, top, left + w, top + h)
        overlap = taken.overlap(box) * COVERED
        if least is not None and overlap >= least:
            continue
        overlap += tokens.overlap(box)
        if least is None or overlap < least:
            best, least = box, overlap
            if not overlap:
                break
    taken.add(best)
    leader = None if _near(best, x, y, reach) else (round(x), round(y), round(min(max(x, best[0]), best[2])),
                                                    round(min(max(y, best[1]), best[3])))
    return Label(words, best, sprite, leader)


def _near(box: Box, x: float, y: float, reach: int) -> bool:
    """Whether a label touches the ring ``reach`` + a few pixels round ``x, y``."""
    gap_x = max(box[0] - x, 0, x - box[2])
    gap_y = max(box[1] - y, 0, y - box[3])
    return max(gap_x, gap_y) <= reach + 4


_SPOTS = ((0, 1, 0), (0, -1, 0), (1, 0, 0), (-1, 0, 0), (0, 1, 1), (0, -1, 1), (1, 1, 0), (-1, 1, 0), (1, -1, 0),
          (-1, -1, 0), (0, 1, 2), (0, -1, 2), (1, 1, 1), (-1, 1, 1), (1, -1, 1), (-1, -1, 1), (0, 1, 3), (0, -1, 3))
"""Where a label may go, in order of preference: (-1, 0 or 1 to the left, middle or right; -1, 0 or 1 above,
beside or below; rows further off)."""


COVERED = 10_000
"""How much worse a label over another label or a building's name is than one over a token, pixel for pixel."""


def _overlap(a: Box, b: Box) -> int:
    """The area two boxes share, in pixels."""
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))


@functools.lru_cache(maxsize=1024)
def _token(figure: Figure, s: int) -> tuple[Sprite, int, int]:
    """A token drawn (see :func:`_marks`) as a sprite, and where it is stamped on a map drawn at ``s`` pixels a
    pace: a token that has not changed since the last picture is not drawn again (its plate is placed apart, see
    :func:`place_labels`)."""
    x, y = RULER + figure.at[0] * s, HEADER + RULER + figure.at[1] * s
    left, top = round(x), round(y)
    marks = tuple((kind, (xy[0] - left, xy[1] - top, *xy[2:]), *how) if kind == "text" else
                  (kind, (xy[0] - left, xy[1] - top, xy[2] - left, xy[3] - top), *how)
                  for kind, xy, *how in _marks(figure, x, y, s))
    return sketch(marks), left, top


def _marks(figure: Figure, x: float, y: float, s: int) -> list[Mark]:
    """A character or beast as a disc in its player's suit colour; a vehicle as a wagon bed; a loose mount as
    a small brown disc: the marks drawing it at ``x, y``."""
    radius = max(7, round(s * 0.9))
    if figure.look == "vehicle":
        return [("box", (round(x - 2 * radius), round(y - radius), round(x + 2 * radius), round(y + radius)), WOOD,
                 WOOD_DARK, 2)]
    if figure.look == "mount":
        return [("ellipse", (round(x - radius * 0.7), round(y - radius * 0.7), round(x + radius * 0.7),
                             round(y + radius * 0.7)), RUST, WOOD_DARK, 2)]
    colour = RED if figure.suit in RED_SUITS else BLACK
    line = GREY if figure.out else colour
    heading = math.radians(figure.facing)
    tip = (x + math.sin(heading) * (radius + 6), y - math.cos(heading) * (radius + 6))
    squash = radius // 2 if figure.prone else radius
    disc = (round(x - radius), round(y - squash), round(x + radius), round(y + squash))
    marks: list[Mark] = [("line", (round(x), round(y), round(tip[0]), round(tip[1])), line, 3),
                         ("ellipse", disc, FACE, line, 2)]
    if figure.out:
        marks += [("line", disc, STRIKE, 2), ("line", (disc[0], disc[3], disc[2], disc[1]), STRIKE, 2)]
    else:
        marks.append(("text", (round(x), round(y)), SUIT_SYMBOLS[figure.suit], font(SANS, max(9, squash * 3 // 2)),
                      colour, FACE, "mm"))
    return marks


@functools.lru_cache(maxsize=1024)
def _plate(words: str, colour: Colour) -> Sprite | None:
    """A token's words on a gold-edged plate, placed at its top left (none for no words)."""
    face = font(BOLD, 13)
    words = fit(words, face, 120)
    if not words:
        return None
    width = round(length(words, face)) + 6
    return sketch((("box", (0, 0, width, 16), PAPER, GOLD, 1), ("text", (width // 2, 13), words, face, colour, PAPER,
                                                                 "ms")))


@functools.lru_cache(maxsize=64)
def _shot_plate(words: str) -> Sprite:
    """The last shot's words in red on a paper plate, placed at its top left."""
    face = font(BOLD, 14)
    width = round(length(words, face)) + 10
    return sketch((("box", (0, 0, width, 20), PAPER, RED, 1), ("text", (width // 2, 16), words, face, RED, PAPER,
                                                                "ms")))


