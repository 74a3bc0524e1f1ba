"""The boxed roll card (:class:`~bot.rules.core.pictures.BoxedCard`): one die a reading, with what it needed, its
outcome boxed in its tone, then what changed."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from bot.rules.core.pictures import BoxedCard
from bot.rules.core.replay import Reading, modified
from bot.rules.core.results import Resolution
from bot.pictures.roll import card_title
from bot.pictures.sprites import die_face
from bot.pictures.theme import (BOLD, CREAM, EDGE, INK, MUTED, PAPER_SHADE, SANS, TONES, Canvas, Sprite, font,
                                name_font, on_palette, wrap)

GAP = 14
WIDTH = 520
HEADER = 36
HEADLINE = HEADER + 22
LINE = 18
ROW = 52
DIE = 32
OUTCOME = (190, 34)
"""Where a reading's outcome stands (x, and its height), in a cream box to the right edge."""
MAX_CHANGES = 8
NOTE_LINES = 3


def note_lines(reading: Reading) -> tuple[str, ...]:
    """What a die was read against (:func:`modified`), on as many as NOTE_LINES lines."""
    notes = modified(reading)
    return wrap(notes, font(SANS, 12), WIDTH - 2 * GAP, NOTE_LINES) if notes else ()


def _roll_height(resolution: Resolution, headline: tuple[str, ...]) -> int:
    notes = sum(LINE * len(note_lines(r)) + 4 for r in resolution.readings if modified(r))
    changes = min(len(resolution.changes), MAX_CHANGES)
    return HEADLINE + LINE * len(headline) + ROW * len(resolution.readings) + notes + LINE * changes + 16


@functools.cache
def outcome_box() -> Sprite:
    """The cream box with rounded corners a reading's outcome is written in, drawn once."""
    x, height = OUTCOME
    image = Image.new("RGBA", (WIDTH - GAP - x + 1, height + 1), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((0, 0, WIDTH - GAP - x, height), 6, fill=CREAM, outline=EDGE)
    return on_palette(image)


def render_boxed_card(card: BoxedCard) -> bytes:
    """The card: each die with what it needed and its outcome, then what changed; PNG bytes."""
    resolution = card.resolution
    headline = wrap(resolution.headline, font(BOLD, 14), WIDTH - 2 * GAP, 2)
    canvas = Canvas(WIDTH, _roll_height(resolution, headline))
    canvas.header(HEADER, card_title(resolution))
    y = HEADLINE
    for line in headline:
        canvas.write(GAP, y, line, font(BOLD, 14), INK)
        y += LINE
    for reading, tone in zip(resolution.readings, card.tones):
        canvas.line((GAP, y - 6, WIDTH - GAP, y - 6), PAPER_SHADE, width=2)
        end = canvas.write(GAP, y + 10, reading.label, font(BOLD, 14), INK, WIDTH * 0.5)
        canvas.write(end + 8, y + 10, f"{reading.roll.dice} · {reading.dice_reason}", font(SANS, 12), MUTED,
                     WIDTH - GAP - end - 8)
        canvas.stamp(die_face(reading.roll.value, DIE, True), GAP, y + 16)
        title = reading.outcome.title
        x, height = OUTCOME
        canvas.stamp(outcome_box(), x, y + 16)
        canvas.write(x + 10, y + 16 + height * 2 // 3, title, name_font(title, 16),
                     TONES[tone], WIDTH - GAP - x - 20, on=CREAM)
        y += ROW
        lines = note_lines(reading)
        for line in lines:
            canvas.write(GAP, y + 8, line, font(SANS, 12), MUTED)
            y += LINE
        y += 4 if lines else 0
    changes = resolution.changes
    if len(changes) > MAX_CHANGES:
        changes = changes[:MAX_CHANGES - 1] + (f"… and {len(changes) - MAX_CHANGES + 1} more",)
    y += 4
    for change in changes:
        canvas.text((GAP + 3, y + 8), "•", font(SANS, 13), MUTED)
        canvas.write(GAP + 15, y + 8, change, font(SANS, 13), INK, WIDTH - 2 * GAP - 15)
        y += LINE
    return canvas.png()
