"""An order of play by typed dice (:class:`~bot.rules.core.pictures.DrawOrder`, Shootist's Draw): every character's
die in order, its type drawn as its shape, the first to act marked, with the die type and the name beneath."""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from bot.rules.core.pictures import DrawOrder
from bot.pictures.theme import (BOLD, CREAM, EDGE, FACE, GOLD, INK, MARGIN, MUTED, SANS, WOOD, Canvas, Sprite, fit, font,
                    name_font, on_palette)

HEADER = 36
CELL = 96
"""The width of one character's column."""
DIE = 60
PER_ROW = 10
MIN_WIDTH = 360
"""Wide enough for the header's title and note: a Draw of two or three is centred on it."""
ROW = DIE + 52
"""A row: the die, its type and the name under it."""
CORNERS = {4: 3, 6: 4, 8: 4, 10: 5, 12: 5}
"""The outline of each die type: a triangle for the D4, a square for the D6, a diamond for the D8, a kite-like
pentagon for the D10 and a pentagon for the D12."""
TURNS = {4: -90, 6: -45, 8: -90, 10: -90, 12: -90}


def outline(sides: int, size: int) -> list[tuple[float, float]]:
    """The corners of a die type's shape in a ``size`` square."""
    centre, radius = size / 2, size / 2 - 2
    corners = CORNERS.get(sides, 6)
    squash = 0.78 if sides == 10 else 1
    return [(centre + radius * math.cos(math.radians(TURNS.get(sides, -90) + n * 360 / corners)) * squash,
             centre + radius * math.sin(math.radians(TURNS.get(sides, -90) + n * 360 / corners))
             + (4 if corners == 3 else 0)) for n in range(corners)]


@functools.lru_cache(maxsize=256)
def typed_die(sides: int, value: int, size: int, first: bool) -> Sprite:
    """A die of a type (its shape) showing ``value``; the first to act dark with a gold rim."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    fill, ink, rim = (WOOD, CREAM, GOLD) if first else (FACE, INK, EDGE)
    draw.polygon(outline(sides, size), fill=fill, outline=rim, width=3 if first else 2)
    centre = size / 2 + (size // 10 if sides == 4 else 0)
    draw.text((size / 2, centre), str(value), font=font(BOLD, size * 2 // 5), fill=ink, anchor="mm")
    return on_palette(image)


@functools.lru_cache(maxsize=256)
def render_draws(order: DrawOrder) -> bytes:
    """The dice, first to act first; PNG bytes. A die shows the roll that placed it (the last); a tie broken is said
    under it."""
    draws = order.dice
    columns = max(1, min(PER_ROW, len(draws)))
    rows = max(1, math.ceil(len(draws) / PER_ROW))
    width = max(MIN_WIDTH, 2 * MARGIN + columns * CELL)
    canvas = Canvas(width, HEADER + MARGIN + rows * ROW + MARGIN // 2)
    canvas.header(HEADER, order.title, "Draw order")
    small = font(SANS, 12)
    start = (width - columns * CELL) // 2
    for index, drawn in enumerate(draws):
        left = start + (index % PER_ROW) * CELL
        top = HEADER + MARGIN + (index // PER_ROW) * ROW
        centre = left + CELL / 2
        *tied, placed = drawn.rolls
        canvas.stamp(typed_die(drawn.sides, placed, DIE, index == 0), centre - DIE / 2, top)
        again = f" · tied {', '.join(map(str, tied))}" if tied else ""
        canvas.text((centre, top + DIE + 16), fit(f"{index + 1}. D{drawn.sides}{again}", small, CELL - 4), small,
                    MUTED, anchor="ms")
        face = name_font(drawn.name, 14)
        canvas.text((centre, top + DIE + 36), fit(drawn.name, face, CELL - 8), face, INK, anchor="ms")
    return canvas.png()
