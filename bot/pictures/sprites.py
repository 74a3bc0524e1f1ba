"""Playing cards, card backs, joker badges and dice: drawn once, cached as sprites, stamped wherever needed."""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.rules.core.cards import SUIT_SYMBOLS, Card
from bot.pictures.theme import (BACK, BLACK, BOLD, CREAM, EDGE, FACE, GOLD, INK, MUTED, PAPER, RED, SANS, STRIKE, WOOD,
                    WOOD_DARK, Sprite, font, on_palette)


@dataclass(frozen=True)
class CardSize:
    """A card's pixel size and the sizes of its rank, corner pip and centre pip (0: none)."""

    width: int
    height: int
    rank: int
    pip: int
    centre: int


BIG = CardSize(84, 118, 22, 18, 50)
SMALL = CardSize(38, 54, 14, 11, 22)
TINY = CardSize(26, 36, 13, 11, 0)


class Look(enum.Enum):
    """How a card is shown: in play, stunned (greyed), lost (struck out), taken out of the phase."""

    PLAIN = "plain"
    STUNNED = "stunned"
    LOST = "lost"
    OUT = "out"


def fade(sprite: Image.Image, amount: float, grey: bool = True) -> Image.Image:
    """The sprite washed towards the paper colour (and greyed), keeping its shape."""
    base = sprite.convert("LA").convert("RGBA") if grey else sprite
    faded = Image.blend(base, Image.new("RGBA", sprite.size, PAPER + (255,)), amount)
    faded.putalpha(sprite.getchannel("A"))
    return faded


def _blank(size: CardSize, fill: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (size.width, size.height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, size.width - 1, size.height - 1), max(4, size.width // 10), fill=fill,
                           outline=EDGE, width=1 + size.width // 100)
    return image, draw


def _pips(draw: ImageDraw.ImageDraw, card: Card, size: CardSize, colour: tuple[int, int, int]) -> None:
    w, h, pad = size.width, size.height, max(3, size.width // 14)
    rank, pip = font(BOLD, size.rank), font(SANS, size.pip)
    symbol = SUIT_SYMBOLS[card.suit]
    if size.centre:
        draw.text((pad, pad), card.rank, font=rank, fill=colour, anchor="lt")
        if w >= BIG.width:  # a big card has the corner pip under the rank, a small one beside it
            corner = (pad + rank.getlength(card.rank) / 2, pad + size.rank + 2)
        else:
            corner = (pad + rank.getlength(card.rank) + 1 + size.pip / 2, pad + (size.rank - size.pip) / 2)
        draw.text(corner, symbol, font=pip, fill=colour, anchor="mt")
        draw.text((w / 2, h * 0.6), symbol, font=font(SANS, size.centre), fill=colour, anchor="mm")
    else:
        draw.text((w / 2, pad), card.rank, font=rank, fill=colour, anchor="mt")
        draw.text((w / 2, h - pad), symbol, font=pip, fill=colour, anchor="mb")
    if card.pack > 1:
        draw.text((w - pad, h - pad), str(card.pack), font=font(BOLD, max(10, size.rank // 2)), fill=MUTED,
                  anchor="rb")


def _joker(draw: ImageDraw.ImageDraw, size: CardSize, colour: tuple[int, int, int]) -> None:
    w, h = size.width, size.height
    inset = max(3, w // 14)
    draw.rectangle((inset, inset, w - 1 - inset, h - 1 - inset), outline=colour, width=max(2, w // 30))
    draw.text((w / 2, h / 2 + w // 12), "★", font=font(SANS, size.centre or w * 2 // 3), fill=colour, anchor="mm")
    if size.centre:
        draw.text((w / 2, inset * 2 + 1), "JOKER", font=font(BOLD, max(8, w // 6)), fill=colour, anchor="mt")


@functools.lru_cache(maxsize=1024)
def card_face(card: Card, size: CardSize, look: Look = Look.PLAIN) -> Sprite:
    """One card, face up, in a given look."""
    image, draw = _blank(size, FACE)
    colour = RED if card.is_red else BLACK
    if card.is_joker:
        _joker(draw, size, colour)
    else:
        _pips(draw, card, size, colour)
    if look is Look.PLAIN:
        return on_palette(image)
    image = fade(image, 0.45)
    draw = ImageDraw.Draw(image)
    w, h = size.width, size.height
    if look is Look.LOST:
        line = max(3, w // 10)
        draw.line((line, line, w - 1 - line, h - 1 - line), fill=STRIKE, width=line)
        draw.line((w - 1 - line, line, line, h - 1 - line), fill=STRIKE, width=line)
    elif look is Look.OUT:
        band = max(12, h // 5)
        draw.rectangle((0, (h - band) // 2, w - 1, (h + band) // 2), fill=WOOD)
        draw.text((w / 2, h / 2), "OUT", font=font(BOLD, band * 3 // 4), fill=CREAM, anchor="mm")
    return on_palette(image)


@functools.cache
def card_back(size: CardSize) -> Sprite:
    """The back of a card: barn red with a cream frame and a lattice."""
    image, draw = _blank(size, BACK)
    w, h, inset = size.width, size.height, max(4, size.width // 12)
    for offset in range(-h, w, 10):
        draw.line((offset, 0, offset + h, h), fill=WOOD_DARK, width=1)
        draw.line((offset + h, 0, offset, h), fill=WOOD_DARK, width=1)
    draw.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), inset, outline=CREAM, width=2)
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), max(4, w // 10), fill=255)
    image.putalpha(mask)
    return on_palette(image)


@functools.cache
def joker_badge(red: bool, diameter: int) -> Sprite:
    """The round mark on a card a joker affected: a cream star on the joker's colour."""
    image = Image.new("RGBA", (diameter, diameter), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, diameter - 1, diameter - 1), fill=RED if red else BLACK, outline=CREAM, width=2)
    draw.text((diameter / 2, diameter / 2 + 1), "★", font=font(SANS, diameter * 2 // 3), fill=CREAM, anchor="mm")
    return on_palette(image)


@functools.lru_cache(maxsize=512)
def die_face(value: int, size: int, kept: bool, faded: bool = False) -> Sprite:
    """A D10 as a rounded square with its number; the kept die dark with a gold rim."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    fill, ink, rim = (WOOD, CREAM, GOLD) if kept else (FACE, INK, EDGE)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), size // 5, fill=fill, outline=rim, width=3 if kept else 2)
    draw.text((size / 2, size / 2), str(value), font=font(BOLD, size // 2), fill=ink, anchor="mm")
    return on_palette(fade(image, 0.55) if faded else image)
