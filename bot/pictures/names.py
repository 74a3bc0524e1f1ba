"""A deck of names turned (:class:`~bot.rules.core.pictures.NameCards`): cards bearing a character's name, and the
named cards STOP and EVENT, as one /draw turns them (an EVENT, then a character's card, or STOP)."""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from bot.rules.core.pictures import Named, NameCards
from bot.pictures.sprites import CardSize
from bot.pictures.theme import (BOLD, CREAM, EDGE, FACE, GOLD, INK, RED, SANS, WOOD, Canvas, Sprite, draw_text, font,
                                name_font, on_palette, wrap)

CARD = CardSize(112, 158, 0, 0, 0)
MARGIN = 16
GAP = 14
NAME_SIZE = 20
PER_ROW = 8
"""Cards a row: eight keep the picture within 1,100 pixels."""
NAME_LINES = 3
OCTAGON = 8

LOOKS = {Named.STOP: (RED, CREAM), Named.EVENT: (WOOD, GOLD)}
"""The ground and ink of the two cards that are nobody's."""


def _card(ground: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (CARD.width, CARD.height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD.width - 1, CARD.height - 1), 10, fill=ground, outline=EDGE, width=2)
    return image, draw


def octagon(middle: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The corners of a stop sign's octagon, flat side up."""
    return [(middle[0] + radius * math.cos(math.pi / 8 + i * math.pi / 4),
             middle[1] + radius * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(OCTAGON)]


@functools.cache
def named_card(face: Named) -> Sprite:
    """STOP: a cream octagon on red; EVENT: a gold question on wood."""
    ground, ink = LOOKS[face]
    image, draw = _card(ground)
    w, h = CARD.width, CARD.height
    if face is Named.STOP:
        draw.polygon(octagon((w / 2, h / 2), w * 0.42), outline=ink, width=4)
        draw.text((w / 2, h / 2), face.value, font=font(BOLD, 26), fill=ink, anchor="mm")
    else:
        draw.text((w / 2, h * 0.45), "?", font=font(BOLD, 70), fill=ink, anchor="mm")
        draw.text((w / 2, h - 22), face.value, font=font(BOLD, 20), fill=ink, anchor="mm")
    draw.rectangle((8, 8, w - 9, h - 9), outline=ink, width=1)
    return on_palette(image)


@functools.lru_cache(maxsize=256)
def character_card(name: str) -> Sprite:
    """A character's card: the name on a white face over a wooden star."""
    image, draw = _card(FACE)
    w, h = CARD.width, CARD.height
    draw.text((w / 2, h * 0.68), "★", font=font(SANS, 64), fill=WOOD, anchor="mm")
    face = name_font(name, NAME_SIZE)
    lines = wrap(name, face, w - 16, NAME_LINES)
    for index, line in enumerate(lines):
        draw_text(image, (w / 2, 14 + index * (NAME_SIZE + 4)), line, face, INK, anchor="mt")
    return on_palette(image)


def card(face: Named | str) -> Sprite:
    return named_card(face) if isinstance(face, Named) else character_card(face)


@functools.lru_cache(maxsize=512)
def render_name_cards(turned: NameCards) -> bytes:
    """The cards a /draw turned (or the whole turn so far, for /deck), left to right in rows of PER_ROW; PNG
    bytes."""
    faces = turned.faces
    columns = max(1, min(len(faces), PER_ROW))
    rows = max(1, -(-len(faces) // PER_ROW))
    canvas = Canvas(2 * MARGIN + columns * CARD.width + (columns - 1) * GAP,
                    2 * MARGIN + rows * CARD.height + (rows - 1) * GAP)
    for index, face in enumerate(faces):
        row, column = divmod(index, PER_ROW)
        canvas.stamp(card(face), MARGIN + column * (CARD.width + GAP), MARGIN + row * (CARD.height + GAP))
    return canvas.png()
