"""Steve Burt's character deck: a card with a character's name, the STOP card and the EVENT card, and the picture
of the cards one /draw turns (an EVENT, then a character's card, or STOP).

The faces are :attr:`bot.rules.core.ruleset.Step.faces` of the Burt ruleset: "STOP", "EVENT", or the name of the
character whose card it is.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from ..rules.burt.state import EVENT, STOP
from .sprites import CardSize
from .theme import (BOLD, CREAM, EDGE, FACE, GOLD, INK, RED, SANS, WOOD, Canvas, Sprite, font, name_font, on_palette,
                    wrap)

CARD = CardSize(112, 158, 0, 0, 0)
MARGIN = 16
GAP = 14
NAME_SIZE = 20
NAME_LINES = 3
OCTAGON = 8

LOOKS = {STOP: (RED, CREAM), EVENT: (WOOD, GOLD)}
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
def special_card(face: str) -> Sprite:
    """STOP: a cream octagon on red; EVENT: a gold question on wood."""
    ground, ink = LOOKS[face]
    image, draw = _card(ground)
    w, h = CARD.width, CARD.height
    if face == STOP:
        draw.polygon(octagon((w / 2, h / 2), w * 0.42), outline=ink, width=4)
        draw.text((w / 2, h / 2), STOP, font=font(BOLD, 26), fill=ink, anchor="mm")
    else:
        draw.text((w / 2, h * 0.45), "?", font=font(BOLD, 70), fill=ink, anchor="mm")
        draw.text((w / 2, h - 22), EVENT, font=font(BOLD, 20), fill=ink, anchor="mm")
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
        draw.text((w / 2, 14 + index * (NAME_SIZE + 4)), line, font=face, fill=INK, anchor="mt")
    return on_palette(image)


def card(face: str) -> Sprite:
    return special_card(face) if face in LOOKS else character_card(face)


@functools.lru_cache(maxsize=512)
def render_burt_turn(faces: tuple[str, ...]) -> bytes:
    """The cards a /draw turned, left to right; PNG bytes."""
    count = max(1, len(faces))
    canvas = Canvas(2 * MARGIN + count * CARD.width + (count - 1) * GAP, 2 * MARGIN + CARD.height)
    for index, face in enumerate(faces):
        canvas.stamp(card(face), MARGIN + index * (CARD.width + GAP), MARGIN)
    return canvas.png()
