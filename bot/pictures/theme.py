"""The look every picture shares: palette, fonts, text cut to fit, the canvas, the header band, PNG output.

A picture is drawn straight onto the palette: shapes in theme colours, and text and sprites made once,
mapped onto the palette over the colour they sit on and kept in a cache. Nothing is quantized per
picture, and the same name or card is never drawn twice.
"""

from __future__ import annotations

import functools
import re
import struct
import unicodedata
import zlib
from dataclasses import dataclass
from pathlib import Path

from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont

from bot.rules.core.pictures import Tone

FONTS = Path(__file__).resolve().parents[1] / "fonts"
"""The fonts, with their licences: assets/fonts, linked as bot/fonts, shipped in the package as its data
``bot.fonts``."""
DISPLAY = "Rye-Regular.ttf"
"""The western display face (SIL OFL); Latin only."""
SANS = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
"""A plain sans for numbers, pips, accents, Greek, Cyrillic and more."""
FALLBACKS = ("unifont.otf", "unifont_upper.otf")
"""GNU Unifont: a glyph for every character of the Basic Multilingual Plane (Chinese, Japanese, Korean, Arabic,
Indic scripts...), and Unifont Upper's for the planes above it (emoji among them), drawn for any character the
chosen face lacks (ruling 580)."""
NOTDEF = "\U0010fffd"
"""A private-use character that none of the fonts has: it draws each font's missing-glyph box (or nothing)."""

Colour = tuple[int, int, int]
"""Every colour of the theme is a multiple of 4 in each channel: Pillow maps such a colour onto the
palette exactly (its colour cache works in steps of 4), so flat areas keep their colour in the PNG."""
Box = tuple[int, int, int, int]
"""Left, top, right, bottom in pixels (right and bottom exclusive)."""

PAPER: Colour = (240, 228, 200)
PAPER_SHADE: Colour = (228, 212, 176)
WOOD: Colour = (96, 60, 32)
WOOD_DARK: Colour = (60, 36, 20)
CREAM: Colour = (248, 240, 216)
INK: Colour = (40, 28, 16)
MUTED: Colour = (100, 80, 56)
RED: Colour = (176, 32, 32)
BLACK: Colour = (28, 24, 20)
FACE: Colour = (252, 252, 244)
EDGE: Colour = (120, 96, 72)
GOLD: Colour = (220, 164, 36)
GREEN: Colour = (56, 112, 48)
RUST: Colour = (180, 104, 36)
STRIKE: Colour = (224, 16, 16)
"""The red X over a lost card: brighter than the red of hearts and diamonds, so it can be told apart."""
BACK: Colour = (124, 40, 28)
GREY: Colour = (72, 68, 64)
TONES: dict[Tone, Colour] = {Tone.PLAIN: INK, Tone.GRAVE: RED, Tone.TROUBLE: RUST, Tone.ASIDE: MUTED, Tone.GOOD: GREEN,
                             Tone.DARK: BLACK}
"""The colour of words of each tone (on the status board, plain words take their row's)."""

GROUND: Colour = (232, 212, 168)
DUST: Colour = (212, 188, 140)
WATER: Colour = (104, 156, 196)
WOODS: Colour = (92, 136, 72)
TREES: Colour = (44, 88, 40)
SCRUB: Colour = (176, 172, 104)
ROCK: Colour = (156, 144, 128)
SWAMP: Colour = (120, 136, 96)
SNOW: Colour = (244, 248, 252)
SAND: Colour = (236, 204, 140)
RUBBLE: Colour = (180, 160, 136)
FLATS = (GROUND, DUST, WATER, WOODS, TREES, SCRUB, ROCK, SWAMP, SNOW, SAND, RUBBLE)
"""The map's ground colours: flat fills with nothing written on them, so each takes one palette entry."""

_BLENDS = (
    (PAPER, (INK, MUTED, WOOD, RED, RUST, GOLD, EDGE, BLACK, GREY, STRIKE)),
    (PAPER_SHADE, (INK, MUTED, RED, RUST, GOLD, EDGE, BLACK)),
    (FACE, (RED, BLACK, EDGE, MUTED, INK)),
    (WOOD, (CREAM, GOLD, WOOD_DARK)),
    (BACK, (CREAM, WOOD_DARK)),
    (CREAM, (RED, BLACK, GREEN, RUST, GOLD)),
)
"""Backgrounds and the colours drawn on them: the palette holds the steps between each pair."""

ELLIPSIS = "…"
MARGIN = 12
"""Room between the edge of a picture and what it shows."""
PNG_LEVEL = 1
"""Pictures are saved on a fixed palette (a third of the bytes of RGB to compress), deflated by ISA-L (python-isal)
at its level 1: compressing was most of the time a picture took, and ISA-L deflates a roll card eight times faster
than zlib's fastest level, into a file some 5% smaller."""

_BLANKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
_MARK_RANGES = ("\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u0610-\u061a\u064b-\u065f"
                "\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f")
"""The blocks of combining marks (enough to tame "zalgo" text)."""
_STACKS = re.compile(f"[{_MARK_RANGES}]{{3,}}")
MARKS = 2
"""Combining marks kept on one letter."""


@functools.cache
def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    """A font from bot/fonts, loaded once per size."""
    return ImageFont.truetype(str(FONTS / name), size)


def _drawn(face: ImageFont.FreeTypeFont, text: str) -> tuple[tuple[int, int], bytes]:
    """What ``face`` draws for ``text``: the size of its coverage and its pixels."""
    mask, _ = face.getmask2(text, "L")
    return mask.size, bytes(Image.Image()._new(mask).tobytes()) if 0 not in mask.size else b""


@functools.lru_cache(maxsize=65536)
def has_glyph(name: str, char: str) -> bool:
    """Whether the font file ``name`` has a glyph of its own for ``char`` (it draws other than its missing-glyph
    box); a space counts as had, and marks and format characters as had by none (they join the letter before)."""
    if char.isspace():
        return True
    if unicodedata.category(char) in ("Cf", "Mn", "Me"):
        return False
    probe = font(name, 24)
    return _drawn(probe, char) != _drawn(probe, NOTDEF)


def _joins(char: str) -> bool:
    """Whether ``char`` belongs with the letter before it: a mark, a joiner, a variation selector."""
    return unicodedata.category(char) in ("Cf", "Mn", "Me")


def stand_in(char: str) -> str:
    """What is written for a character no shipped font has: its code point (ruling 580)."""
    return f"U+{ord(char):04X}"


@functools.lru_cache(maxsize=4096)
def runs(text: str, face: ImageFont.FreeTypeFont) -> tuple[tuple[str, ImageFont.FreeTypeFont], ...]:
    """``text`` in pieces, each with the face to draw it in: ``face`` where it has the letters, else the first
    fallback that has them (:data:`FALLBACKS`), else the letter's code point in ``face``."""
    chain = (Path(face.path).name, *((BOLD,) if Path(face.path).name == DISPLAY else ()), *FALLBACKS)
    pieces: list[list] = []
    for char in text:
        if (_joins(char) or char.isspace()) and pieces:
            pieces[-1][0] += char                 # with the letter before, in its face
            continue
        if _joins(char):
            pieces.append([char, face])
            continue
        name = next((name for name in chain if has_glyph(name, char)), None)
        chosen = face if name in (None, chain[0]) else font(name, face.size)
        if name is None:
            char = stand_in(char)
        if pieces and pieces[-1][1] is chosen:
            pieces[-1][0] += char
        else:
            pieces.append([char, chosen])
    return tuple((piece, chosen) for piece, chosen in pieces)


@functools.lru_cache(maxsize=1024)
def name_font(text: str, size: int) -> ImageFont.FreeTypeFont:
    """The display face when it has every character of ``text``, else the bold sans (with its fallbacks)."""
    shown = (char for char in text if not char.isspace())
    return font(DISPLAY, size) if all(has_glyph(DISPLAY, char) for char in shown) else font(BOLD, size)


def clean(text: str) -> str:
    """One line of text: control characters and line breaks become spaces, and no letter
    carries more than two combining marks (stacks of them would spill over other lines)."""
    return _STACKS.sub(lambda m: m.group()[:MARKS], _BLANKS.sub(" ", text))


@functools.lru_cache(maxsize=8192)
def length(text: str, face: ImageFont.FreeTypeFont) -> float:
    """The width of ``text`` in ``face`` (each letter it lacks in a fallback's), in pixels."""
    return _measure(text, face)


def _measure(text: str, face: ImageFont.FreeTypeFont) -> float:
    return sum(chosen.getlength(piece) for piece, chosen in runs(text, face))


def mask(text: str, face: ImageFont.FreeTypeFont, anchor: str = "ls") -> tuple[Image.Image, tuple[int, int]]:
    """The coverage of ``text`` drawn in ``face`` (letters it lacks in a fallback's, on one baseline) and where
    its top left lies from the anchor point, which is read as Pillow reads its anchors."""
    pieces = runs(text, face)
    if len(pieces) == 1 and pieces[0][1] is face:
        core, offset = face.getmask2(pieces[0][0], "L", anchor=anchor)
        return Image.Image()._new(core) if 0 not in core.size else Image.new("L", (1, 1)), offset
    placed, x = [], 0.0
    for piece, chosen in pieces:
        core, (left, top) = chosen.getmask2(piece, "L", anchor="ls")
        if 0 not in core.size:
            placed.append((Image.Image()._new(core), round(x) + left, top))
        x += chosen.getlength(piece)
    if not placed:
        return Image.new("L", (1, 1)), (0, 0)
    left, top = min(p[1] for p in placed), min(p[2] for p in placed)
    right, bottom = max(p[1] + p[0].width for p in placed), max(p[2] + p[0].height for p in placed)
    cover = Image.new("L", (right - left, bottom - top))
    for image, x0, y0 in placed:
        cover.paste(image, (x0 - left, y0 - top), image)
    ascent, descent = face.getmetrics()
    dx = {"l": 0, "m": -x / 2, "r": -x}[anchor[0]]
    dy = {"s": 0, "a": ascent, "d": -descent, "m": (ascent - descent) / 2, "t": -top, "b": -bottom}[anchor[1]]
    return cover, (round(left + dx), round(top + dy))


def draw_text(image: Image.Image, xy: tuple[float, float], text: str, face: ImageFont.FreeTypeFont,
              fill: tuple[int, ...], anchor: str = "ls") -> None:
    """``text`` drawn on an RGBA ``image`` as ``ImageDraw.text`` would, with the fallbacks for letters ``face``
    lacks."""
    cover, (left, top) = mask(text, face, anchor)
    image.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), cover)


@functools.lru_cache(maxsize=4096)
def fit(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` on one line, cut with an ellipsis to ``width`` pixels in ``face``."""
    # The narrowest letters of these faces take over a quarter of an em, so a text of more than five
    # characters an em is cut without measuring all of it (a 5,000-character name costs no more).
    longest = int(width * 5 / face.size) + 1
    text = clean(text[:longest * 4])  # with room for the combining marks clean() drops
    if len(text) <= longest and length(text, face) <= width:
        return text
    text = text[:longest]
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if _measure(text[:middle].rstrip() + ELLIPSIS, face) <= width:
            low = middle
        else:
            high = middle - 1
    while 0 < low < len(text) and unicodedata.combining(text[low]):
        low += 1  # keep a letter's accents (which take no room) with it
    return text[:low].rstrip(" \u200d") + ELLIPSIS if width >= length(ELLIPSIS, face) else ""


@functools.lru_cache(maxsize=1024)
def wrap(text: str, face: ImageFont.FreeTypeFont, width: float, lines: int) -> tuple[str, ...]:
    """``text`` broken between words into at most ``lines`` lines of ``width``; the last one cut to fit."""
    words = clean(text).split()
    if words and length(" ".join(words), face) <= width:     # one line: measured once, not word after word
        return (fit(" ".join(words), face, width),)
    broken = []
    while words and len(broken) < lines - 1:
        line = words.pop(0)
        while words and length(f"{line} {words[0]}", face) <= width:
            line += " " + words.pop(0)
        broken.append(line)
    if words:
        broken.append(" ".join(words))
    return tuple(fit(line, face, width) for line in broken)


@functools.cache
def palette() -> Image.Image:
    """Every colour of the theme and the anti-aliasing steps between them (at most 256)."""
    steps = (0.0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9)
    colours = dict.fromkeys(
        tuple(round(b + (f - b) * t) for b, f in zip(base, ink))
        for base, inks in _BLENDS for ink in inks for t in steps)
    colours.update(dict.fromkeys(tuple(round(c + (255 - c) * t) for c in GREY) for t in steps))
    colours.update(dict.fromkeys(ink for _, inks in _BLENDS for ink in inks))
    colours.update(dict.fromkeys(FLATS))
    assert len(colours) <= 256, len(colours)
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in colours for channel in colour])
    image.load()  # settles the palette now, so threads only ever read this image
    return image


@functools.cache
def _entries() -> bytes:
    return bytes(palette().getpalette())


@functools.cache
def _indices() -> dict[Colour, int]:
    entries = _entries()
    return {tuple(entries[i:i + 3]): i // 3 for i in range(0, len(entries), 3)}


def palette_index(colour: Colour) -> int:
    """Where a theme colour is in the :func:`palette`."""
    return _indices()[colour]


_COVERED = [0] + [255] * 255
"""Any coverage at all makes a pixel part of a sprite's mask."""


@dataclass(frozen=True)
class Sprite:
    """A piece of picture on the palette: its pixels, the mask of those it covers, and where it starts
    from the point it is placed at (for text, the anchor)."""

    image: Image.Image
    mask: Image.Image
    offset: tuple[int, int] = (0, 0)


def on_palette(drawing: Image.Image) -> Sprite:
    """A sprite of an RGBA drawing: its colours mapped onto the palette; it covers the pixels where its alpha is
    not 0."""
    image = drawing.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)
    image.load()  # settles the palette now, so threads only ever read this image
    return Sprite(image, drawing.getchannel("A").point(_COVERED, "1"))


@functools.cache
def blend(fill: Colour, ground: Colour) -> tuple[int, ...]:
    """The palette index of ``fill`` laid over ``ground`` at each coverage, 0 to 255: what mapping a drawing
    in ``fill`` over ``ground`` onto the palette gives each of its pixels (they blend as pasting does)."""
    strip = Image.new("RGB", (256, 1), ground)
    strip.paste(fill, (0, 0), Image.frombytes("L", (256, 1), bytes(range(256))))
    return tuple(strip.quantize(palette=palette(), dither=Image.Dither.NONE).tobytes())


@functools.lru_cache(maxsize=4096)
def lettering(text: str, face: ImageFont.FreeTypeFont, fill: Colour, ground: Colour, anchor: str) -> Sprite:
    """``text`` anti-aliased in ``fill`` over ``ground``, as a sprite placed at its anchor: the text is laid
    out and rendered once, and its coverage mapped through :func:`blend` (no quantizing)."""
    cover, offset = mask(text, face, anchor)
    image = cover._new(cover.im.point(blend(fill, ground), None))  # Image.point would round every entry again
    image.putpalette(_entries())
    return Sprite(image, cover._new(cover.im.point(_COVERED, "1")), offset)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BAND = 16
"""Rows of a :class:`Backdrop` compressed together: a picture drawn on it compresses again only the bands
where it differs."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _packed(rows: bytes) -> bytes:
    """Rows deflated on their own (no reference to what comes before them), ending on a whole byte, so that
    such pieces join into one stream."""
    packer = isal_zlib.compressobj(PNG_LEVEL, isal_zlib.DEFLATED, -15)
    return packer.compress(rows) + packer.flush(isal_zlib.Z_SYNC_FLUSH)


def png_of(image: Image.Image) -> bytes:
    """A picture on the palette as PNG bytes: its rows unfiltered (as Pillow saves a palette), deflated whole."""
    if image.mode != "P":
        raise ValueError("not a picture on the palette")
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    framed = Image.new("P", (width + 1, height), 0)      # a first column of zeros: each row's filter byte, "none"
    framed.paste(image, (1, 0))
    rows = isal_zlib.compress(framed.tobytes(), PNG_LEVEL)
    return b"".join((PNG_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", bytes(image.getpalette())),
                     _chunk(b"IDAT", rows), _chunk(b"IEND", b"")))


class Backdrop:
    """A picture on the palette kept to draw others on (a map's terrain): each picture drawn on a copy of it is
    saved as a PNG whose unchanged bands of rows reuse the backdrop's, compressed once."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        raw, step = image.tobytes(), image.width * BAND
        self._rows = [raw[start:start + step] for start in range(0, len(raw), step)]
        self._bands: dict[int, tuple[bytes, int]] = {}
        header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
        self._head = PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", bytes(image.getpalette()))

    def canvas(self) -> Canvas:
        """A copy of the backdrop to draw a picture on."""
        return Canvas.over(self.image.copy())

    def png(self, image: Image.Image) -> bytes:
        """``image`` (drawn on a :meth:`canvas` of the backdrop) as PNG bytes."""
        width, height = image.size
        if image.mode != "P" or (width, height) != self.image.size:
            raise ValueError("not a picture drawn on this backdrop")
        raw = image.tobytes()
        stream, check = [b"\x78\x01"], 1
        for number, band in enumerate(self._rows):
            start = number * len(self._rows[0])
            if raw.startswith(band, start):                  # compared in place, not cut out
                packed, band_check = self._band(number)
            else:
                rows = _filtered(raw[start:start + len(band)], width)
                packed, band_check = _packed(rows), zlib.adler32(rows)
            stream.append(packed)
            check = _adler_joined(check, band_check, len(band) + len(band) // width)
        stream.append(b"\x03\x00" + struct.pack(">I", check))
        return b"".join((self._head, _chunk(b"IDAT", b"".join(stream)), _chunk(b"IEND", b"")))

    def _band(self, number: int) -> tuple[bytes, int]:
        """The backdrop's band of rows ``number``, filtered: compressed, and its Adler-32 (once)."""
        if number not in self._bands:
            rows = _filtered(self._rows[number], self.image.width)
            self._bands[number] = _packed(rows), zlib.adler32(rows)
        return self._bands[number]


ADLER = 65521
"""The modulus of the Adler-32 checksum that ends a zlib stream."""


def _adler_joined(first: int, second: int, length: int) -> int:
    """The Adler-32 of two pieces of data one after the other, from each one's and the second's ``length`` (as
    zlib's adler32_combine): the bands' sums, kept with them, need not be summed over again."""
    low = (first & 0xFFFF) + (second & 0xFFFF) - 1
    high = (first >> 16) + (second >> 16) + length * ((first & 0xFFFF) - 1)
    return (high % ADLER) << 16 | low % ADLER


def _filtered(band: bytes, width: int) -> bytes:
    """Rows of pixels as a PNG stores them, each after its filter byte (0: none, as Pillow saves a palette)."""
    return b"".join(b"\0" + band[x:x + width] for x in range(0, len(band), width))


class Canvas:
    """A paper-coloured picture drawn on the palette: shapes in theme colours (Pillow draws them without
    anti-aliasing, so they stay on the palette), sprites and text stamped from the caches."""

    def __init__(self, width: int, height: int) -> None:
        self.image = Image.new("P", (width, height), palette_index(PAPER))
        self.image.putpalette(_entries())
        self._pen = ImageDraw.Draw(self.image)

    @classmethod
    def over(cls, image: Image.Image) -> Canvas:
        """A canvas drawing on ``image`` (one on the palette) itself."""
        canvas = cls.__new__(cls)
        canvas.image, canvas._pen = image, ImageDraw.Draw(image)
        return canvas

    @property
    def width(self) -> int:
        """The picture's width in pixels."""
        return self.image.width

    def box(self, xy: Box, fill: Colour | None = None, outline: Colour | None = None, width: int = 1,
            radius: int = 0) -> None:
        """A rectangle (``xy`` inclusive, as Pillow draws it), its corners rounded by ``radius``."""
        fill, outline = (None if colour is None else palette_index(colour) for colour in (fill, outline))
        if radius:
            self._pen.rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width)
        else:
            self._pen.rectangle(xy, fill=fill, outline=outline, width=width)

    def ellipse(self, xy: Box, fill: Colour | None = None, outline: Colour | None = None, width: int = 1) -> None:
        """An ellipse inside the box ``xy`` (inclusive)."""
        fill, outline = (None if colour is None else palette_index(colour) for colour in (fill, outline))
        self._pen.ellipse(xy, fill=fill, outline=outline, width=width)

    def line(self, xy: Box, fill: Colour, width: int = 1) -> None:
        """A straight line from ``xy[:2]`` to ``xy[2:]``."""
        self._pen.line(xy, fill=palette_index(fill), width=width)

    def stamp(self, sprite: Sprite, x: float, y: float) -> None:
        """Put a sprite's pixels down with its point at ``x, y``: straight onto the canvas's pixels, as
        ``Image.paste`` ends by doing once its checks are passed (a sprite is on the palette, loaded, and
        its mask is of its size), which cost more than the copy of a small sprite, stamped a dozen times a
        picture."""
        left, top = round(x) + sprite.offset[0], round(y) + sprite.offset[1]
        width, height = sprite.image.size
        self.image.im.paste(sprite.image.im, (left, top, left + width, top + height), sprite.mask.im)

    def text(self, xy: tuple[float, float], text: str, face: ImageFont.FreeTypeFont, fill: Colour,
             on: Colour = PAPER, anchor: str = "ls") -> None:
        """Draw ``text`` anchored at ``xy`` (as Pillow's anchors) over a ground of colour ``on``."""
        if text:
            self.stamp(lettering(text, face, fill, on, anchor), *xy)

    def write(self, x: float, baseline: float, text: str, face: ImageFont.FreeTypeFont, fill: Colour,
              width: float | None = None, on: Colour = PAPER) -> float:
        """Draw ``text`` (cut to ``width``) from ``x`` on ``baseline``; returns the x where it ends."""
        if width is not None:
            text = fit(text, face, width)
        if not text:
            return x
        self.text((x, baseline), text, face, fill, on)
        return x + length(text, face)

    def write_runs(self, x: float, baseline: float, runs: list[tuple[str, Colour]], face: ImageFont.FreeTypeFont,
                   right: float, on: Colour = PAPER, separator: str = " · ") -> None:
        """Draw coloured pieces of text one after another, separated, cut where ``right`` is reached.

        Neighbours of one colour are drawn as one piece (fewer, longer strings draw faster).
        """
        merged: list[tuple[str, Colour]] = []
        for text, colour in runs:
            if merged and merged[-1][1] == colour:
                merged[-1] = (merged[-1][0] + separator + text, colour)
            else:
                merged.append((separator + text if merged else text, colour))
        for text, colour in merged:
            if x >= right - face.size:
                return
            x = self.write(x, baseline, text, face, colour, right - x, on)

    def header(self, height: int, title: str, aside: str = "") -> None:
        """The wooden band across the top: a title in the display face and a note on the right."""
        width = self.width
        self.box((0, 0, width, height), fill=WOOD)
        self.box((0, height - 3, width, height), fill=WOOD_DARK)
        size = height * 9 // 16
        baseline = height // 2 + size * 2 // 5
        note = font(BOLD, size * 2 // 3)
        aside = fit(aside, note, width * 0.45)
        aside_width = length(aside, note)
        self.write(MARGIN, baseline, title, name_font(title, size), CREAM, width - 3 * MARGIN - aside_width, WOOD)
        self.write(width - MARGIN - aside_width, baseline, aside, note, CREAM, on=WOOD)

    def png(self) -> bytes:
        """The picture as PNG bytes."""
        return png_of(self.image)


Mark = tuple
"""A step of a drawing at whole pixels, as :class:`Canvas` takes it: ``("box", xy, fill, outline, width)``,
``("ellipse", xy, fill, outline, width)``, ``("line", xy, fill, width)``, or ``("text", (x, y), text, face,
fill, on, anchor)`` (the text not empty)."""
_SHAPES = {"box": "rectangle", "ellipse": "ellipse"}


@functools.lru_cache(maxsize=4096)
def sketch(marks: tuple[Mark, ...]) -> Sprite:
    """The marks drawn in order as one sprite, placed at the marks' (0, 0): drawn once, and stamped wherever
    the same drawing comes again. Pillow draws a shape given in whole pixels alike wherever it is, and each
    mark covers what lies under it, so the stamp leaves the very pixels the marks drawn there would."""
    reach = [_reach(mark) for mark in marks]
    left, top = min(r[0] for r in reach), min(r[1] for r in reach)
    size = max(r[2] for r in reach) - left, max(r[3] for r in reach) - top
    canvas, cover = Canvas(*size), Image.new("L", size, 0)
    pen = ImageDraw.Draw(cover)
    for kind, xy, *how in marks:
        if kind == "text":
            sprite = lettering(*how)
            x, y = xy[0] - left + sprite.offset[0], xy[1] - top + sprite.offset[1]
            canvas.stamp(sprite, xy[0] - left, xy[1] - top)
            cover.paste(255, (x, y, x + sprite.image.width, y + sprite.image.height), sprite.mask)
            continue
        xy = (xy[0] - left, xy[1] - top, xy[2] - left, xy[3] - top)
        if kind == "line":
            canvas.line(xy, *how)
            pen.line(xy, fill=255, width=how[1])
        else:
            fill, outline, width = how
            getattr(canvas, kind)(xy, fill, outline, width)
            outline = None if outline in (None, fill) else 254        # as Pillow: no outline of the fill's colour
            getattr(pen, _SHAPES[kind])(xy, fill=None if fill is None else 255, outline=outline, width=width)
    return Sprite(canvas.image, cover.point(_COVERED, "1"), (left, top))


def _reach(mark: Mark) -> Box:
    """The pixels a mark may cover, as a box (right and bottom exclusive)."""
    kind, xy, *how = mark
    if kind == "text":
        sprite = lettering(*how)
        x, y = xy[0] + sprite.offset[0], xy[1] + sprite.offset[1]
        return x, y, x + sprite.image.width, y + sprite.image.height
    width = how[-1]
    return (min(xy[0], xy[2]) - width, min(xy[1], xy[3]) - width, max(xy[0], xy[2]) + width + 1,
            max(xy[1], xy[3]) + width + 1)
