"""Reading the pictures back: open the PNG, count colours in a box, find runs of a colour on a line."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops

from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.state import Character, QotdState

MAX_BYTES = 300 * 1024
MAX_WIDTH = 1200


def picture(data: bytes) -> Image.Image:
    """The PNG as an RGB image, after checking it is a PNG within the size limits."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) < MAX_BYTES
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width <= MAX_WIDTH
    return image.convert("RGB")


def count(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    """How many pixels of exactly ``colour`` are in ``box``."""
    return sum(n for n, c in _histogram(image, box) if c == colour)


def colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    """The colours in ``box``."""
    return {c for _, c in _histogram(image, box)}


def _histogram(image: Image.Image, box: tuple[int, int, int, int]) -> list[tuple[int, tuple[int, int, int]]]:
    area = image.crop(box)
    return area.getcolors(max(1, area.width * area.height))


def runs(image: Image.Image, y: int, colour: tuple[int, int, int], least: int) -> list[tuple[int, int]]:
    """Stretches of at least ``least`` pixels of ``colour`` along the line ``y``, as (start, end)."""
    line = image.crop((0, y, image.width, y + 1)).tobytes()
    found, start = [], None
    for x in range(image.width + 1):
        inside = x < image.width and tuple(line[3 * x:3 * x + 3]) == colour
        if inside and start is None:
            start = x
        elif not inside and start is not None:
            if x - start >= least:
                found.append((start, x))
            start = None
    return found


def cast(*types: CharacterType, seed: int = 1) -> tuple[QotdState, list[Character]]:
    """A game with one player for each character (so each has its own suit), dealt for phase 1."""
    rng = random.Random(seed)
    state = QotdState()
    people = [state.add(Character(f"c{i}", f"Character {i}", 100 + i, kind, "brave"), rng)
              for i, kind in enumerate(types)]
    state.shuffle(rng)
    return state, people


def unlike(sent: bytes, drawn: bytes) -> str:
    """How a picture the bot sent differs from the one drawn here, for an assertion's message: the box where their
    pixels differ, or, the pixels alike, that only their compressed bytes do."""
    first, second = (Image.open(io.BytesIO(data)).convert("RGB") for data in (sent, drawn))
    if first.size != second.size:
        return f"sent {first.size[0]}x{first.size[1]} pixels, drawn {second.size[0]}x{second.size[1]}"
    box = ImageChops.difference(first, second).getbbox()
    if box is None:
        return f"the same pixels, other bytes ({len(sent)} sent, {len(drawn)} drawn)"
    return f"their pixels differ within {box} (left, top, right, bottom)"
