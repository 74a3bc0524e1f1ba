"""The roll card (:class:`~bot.rules.core.pictures.RollCard`): each reading with its dice, the die that counted, any
first roll, band and outcome."""

from __future__ import annotations

import functools
import re
from itertools import zip_longest
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.rules.core.dice import Band
from bot.rules.core.pictures import RollCard
from bot.rules.core.replay import Reading
from bot.rules.core.results import Resolution
from bot.pictures.sprites import die_face
from bot.pictures.theme import (BOLD, CREAM, GOLD, GREEN, INK, MARGIN, MUTED, PAPER_SHADE, RED, RUST, SANS, Box, Canvas,
                    Sprite, font, length, name_font, on_palette, wrap)

WIDTH = 520
HEADER = 36
DICE_RIGHT = 180
"""The dice of a reading fit between the margin and here."""
ARROW = 20
DIE = 30
DICE_TOP = 22
"""The dice of a reading stand this far below the top of its row, under its label."""
HEADLINE = HEADER + 21
"""The baseline of the headline's first line."""
HEADLINE_SIZE = 14
LINE = 18
"""From one baseline to the next in the headline, the notes and the list of changes."""
ROW = 60
MAX_CHANGES = 8
NOTE_LINES = 3
"""A reading's notes (a long DV line) wrap onto at most this many lines."""
BANDS = ((Band.DISASTER, 24, RED), (Band.FAIL, 36, RUST), (Band.SUCCESS, 36, GREEN), (Band.OUTSTANDING, 28, GOLD))
"""Each band of the chart strip: its width and its colour when the roll falls in it."""
STRIP_WIDTH = sum(width for _, width, _ in BANDS)
STRIP_HEIGHT = 24
LABEL_SIZE = 14
SUBTITLE_GAP = 8
"""Room between a reading's label and its subtitle."""
TITLE_SIZE = 16
SMALL_TITLE_SIZE = 13
"""An outcome's title too long for a line is drawn smaller on two."""


@dataclass(frozen=True)
class Die:
    """One die drawn on the card."""

    box: Box
    value: int
    kept: bool
    faded: bool
    """From a first roll that was re-rolled."""


@dataclass(frozen=True)
class ReadingRow:
    """Where one reading goes: its row, its dice, the arrow from a first roll (0: none), the band strip."""

    top: int
    dice: tuple[Die, ...]
    arrow: int
    strip: Box
    notes: tuple[str, ...]
    """The notes (:func:`notes`), wrapped on up to NOTE_LINES lines."""
    subtitle: str = ""
    """The dice and why (:func:`subtitle`) beside the label, where it fits whole; else it leads the notes."""


@dataclass(frozen=True)
class RollLayout:
    """The geometry of the roll card."""

    size: tuple[int, int]
    headline: tuple[str, ...]
    """The headline's lines: a long one goes on two."""
    rows: tuple[ReadingRow, ...]
    changes: tuple[str, ...]
    changes_top: int


DICE_WORDS = re.compile(r"\b(?:a |an |\d*)D\d+(?: take (?:best|worst|all))?\b", re.IGNORECASE)
"""Dice written out in a reading's reason ("Main Character: 2D10 take best", "a D6")."""


def card_title(resolution: Resolution) -> str:
    """A roll card's heading: the request's title in the text's words, else the last word of its kind ("burt-fire"
    is a Fire: the ruleset's prefix is no part of it)."""
    return resolution.title or resolution.kind.rpartition("-")[2].replace("_", " ").capitalize() or "Roll"


def subtitle(reading: Reading) -> str:
    """The dice rolled and why, each said once: "2D10 take best · Main Character" (the reason's own spelling
    of the dice left out)."""
    reason = " ".join(DICE_WORDS.sub("", reading.dice_reason).split()).strip(" :,·-")
    reason = re.sub(r"\s*([:,])\s*(?=[:,]|$)", "", reason).strip(" :,")
    return " · ".join(filter(None, (str(reading.roll.dice), reason)))


def notes(reading: Reading, column: str = "") -> str:
    """The grid chart's column as the ruleset words it (Quick on the Draw's DV and its adjustments), the re-roll, a
    joker's mark and ignored 1s, in a line."""
    parts = [column] if column else []
    if reading.first is not None:
        parts.append(f"first roll re-rolled with {reading.reroll}" if reading.reroll else "first roll re-rolled")
    for roll in (reading.first, reading.roll):
        if roll is not None and roll.luck is not None:
            parts.append(f"{roll.luck.name.lower()} joker: read as {roll.luck.value}")
    if reading.roll.ones_ignored and 1 in reading.roll.faces:
        parts.append("1s read as 2")
    return " · ".join(parts)


def _dice(reading: Reading, top: int) -> tuple[tuple[Die, ...], int]:
    """The dice of a reading (a re-rolled first roll faded before an arrow), and the arrow's x."""
    rolls = [(reading.first, True)] if reading.first is not None else []
    rolls.append((reading.roll, False))
    count = sum(len(roll.faces) for roll, _ in rolls)
    step = min(DIE + 6, (DICE_RIGHT - MARGIN - ARROW * (len(rolls) - 1)) // max(1, count))
    size = max(10, step - 5)
    y = top + DICE_TOP + (DIE - size) // 2
    x, arrow, dice = MARGIN, 0, []
    for roll, faded in rolls:
        kept = set(roll.kept)
        for index, face in enumerate(roll.faces):
            dice.append(Die((x, y, x + size, y + size), face, index in kept, faded))
            x += step
        if faded:
            arrow = x + ARROW // 2 - 3
            x += ARROW
    return tuple(dice), arrow


def roll_layout(card: RollCard) -> RollLayout:
    """The geometry of :func:`render_roll` for this card (with its band strip where it has bands; without, the
    outcome takes its place)."""
    resolution = card.resolution
    headline = wrap(resolution.headline, font(BOLD, HEADLINE_SIZE), WIDTH - 2 * MARGIN, 2)
    y = HEADLINE + 13 + LINE * max(0, len(headline) - 1)
    rows = []
    for reading, column in zip_longest(resolution.readings, card.columns, fillvalue=""):
        dice, arrow = _dice(reading, y)
        beside = subtitle(reading)
        label = length(reading.label, font(BOLD, LABEL_SIZE))
        said = notes(reading, column)
        if label + SUBTITLE_GAP + length(beside, font(SANS, 12)) > WIDTH - 2 * MARGIN:
            beside, said = "", " · ".join(filter(None, (beside, said)))   # on a line of its own, whole
        lines = wrap(said, font(SANS, 12), WIDTH - 2 * MARGIN, NOTE_LINES)
        strip = (DICE_RIGHT + 10, y + DICE_TOP + (DIE - STRIP_HEIGHT) // 2)
        strip += (strip[0] + (STRIP_WIDTH if card.bands else 0), strip[1] + STRIP_HEIGHT)
        rows.append(ReadingRow(y, dice, arrow, strip, lines, beside))
        y += ROW + LINE * len(lines)
    changes = resolution.changes
    if len(changes) > MAX_CHANGES:
        changes = changes[:MAX_CHANGES - 1] + (f"… and {len(changes) - MAX_CHANGES + 1} more",)
    if resolution.decision is not None:
        rights = ", ".join(r.label for r in resolution.decision.rights)
        changes += (f"Waiting: re-roll {resolution.decision.reading.label} ({rights}) or keep it",)
    changes_top = y + 4
    bottom = changes_top + len(changes) * LINE + (8 if changes else 0)
    return RollLayout((WIDTH, bottom + MARGIN - 6), headline, tuple(rows), changes, changes_top)


@functools.cache
def band_strip(active: Band) -> Sprite:
    """The chart's four bands, 1 / 2-4 / 5-9 / 10, with the one the roll fell in filled."""
    image = Image.new("RGBA", (STRIP_WIDTH, STRIP_HEIGHT), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    face = font(BOLD, 11)
    x = 0
    for band, band_width, colour in BANDS:
        lit = band is active
        draw.rectangle((x, 0, x + band_width - 1, STRIP_HEIGHT - 1), fill=colour if lit else PAPER_SHADE,
                       outline=MUTED)
        draw.text((x + band_width / 2, STRIP_HEIGHT / 2), band.value, font=face, fill=CREAM if lit else MUTED,
                  anchor="mm")
        x += band_width
    return on_palette(image)


def _draw_reading(canvas: Canvas, reading: Reading, row: ReadingRow) -> None:
    top = row.top
    canvas.line((MARGIN, top - 4, WIDTH - MARGIN, top - 4), PAPER_SHADE, width=2)
    end = canvas.write(MARGIN, top + 14, reading.label, font(BOLD, LABEL_SIZE), INK, WIDTH - 2 * MARGIN)
    canvas.write(end + SUBTITLE_GAP, top + 14, row.subtitle, font(SANS, 12), MUTED)
    for die in row.dice:
        canvas.stamp(die_face(die.value, die.box[2] - die.box[0], die.kept, die.faded), *die.box[:2])
    middle = top + DICE_TOP + DIE // 2
    if row.arrow:
        canvas.text((row.arrow, middle), "→", font(SANS, 16), MUTED, anchor="mm")
    if row.strip[2] > row.strip[0]:
        canvas.stamp(band_strip(reading.band), *row.strip[:2])
    x = row.strip[2] + 10
    title, room = reading.outcome.title, WIDTH - MARGIN - x
    face = name_font(title, TITLE_SIZE)
    if length(title, face) <= room:
        canvas.write(x, middle + 6, title, face, INK)
    else:
        face = name_font(title, SMALL_TITLE_SIZE)
        lines = wrap(title, face, room, 2)
        for index, line in enumerate(lines):
            canvas.write(x, middle + 5 + (index * 2 + 1 - len(lines)) * 8, line, face, INK)
    for index, line in enumerate(row.notes):
        canvas.write(MARGIN, top + ROW + 6 + index * LINE, line, font(SANS, 12), MUTED, WIDTH - 2 * MARGIN)


def render_roll(card: RollCard) -> bytes:
    """The roll card, as PNG bytes: each reading with the band strip (1 / 2-4 / 5-9 / 10) where the card has bands
    (Quick on the Draw's; other rulesets' dice are not read in them)."""
    resolution = card.resolution
    layout = roll_layout(card)
    canvas = Canvas(*layout.size)
    canvas.header(HEADER, card_title(resolution), "waiting for a choice" if resolution.decision else "")
    for index, line in enumerate(layout.headline):
        canvas.write(MARGIN, HEADLINE + index * LINE, line, font(BOLD, HEADLINE_SIZE), INK)
    for reading, row in zip(resolution.readings, layout.rows):
        _draw_reading(canvas, reading, row)
    small = font(SANS, 13)
    for index, change in enumerate(layout.changes):
        baseline = layout.changes_top + 14 + index * LINE
        waiting = resolution.decision is not None and index == len(layout.changes) - 1
        canvas.text((MARGIN + 3, baseline), "•", small, MUTED)
        canvas.write(MARGIN + 15, baseline, change, font(BOLD, 13) if waiting else small, RUST if waiting else INK,
                     WIDTH - 2 * MARGIN - 15)
    return canvas.png()
