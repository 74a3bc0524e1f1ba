"""The roll card of typed dice (:class:`~bot.rules.core.pictures.TypedCard`, Shootist's): every die of an action drawn
as its type (the shoot die above the dodge die it must beat), with the modifiers that made the type, the outcome in
its tone, and what changed."""

from __future__ import annotations

from bot.rules.core.pictures import TypedCard
from bot.pictures.draws import typed_die
from bot.pictures.roll import card_title
from bot.pictures.theme import BOLD, INK, MARGIN, MUTED, PAPER_SHADE, SANS, TONES, Canvas, font, name_font, wrap

WIDTH = 560
HEADER = 36
HEADLINE = HEADER + 21
LINE = 18
DIE = 32
ROW = DIE + 16
"""A reading: its dice at the left; its label over its reasons; its outcome over the outcome's words."""
WORDS = MARGIN + 2 * (DIE + 4) + 8
"""Where a reading's label and reasons begin (room for Lucky's two dice before)."""
OUTCOME = 370
"""Where a reading's outcome begins."""
MAX_CHANGES = 8


def render_typed_card(card: TypedCard) -> bytes:
    """The card, as PNG bytes."""
    resolution = card.resolution
    headline = wrap(resolution.headline, font(BOLD, 14), WIDTH - 2 * MARGIN, 2)
    small, label_face = font(SANS, 11), font(BOLD, 13)
    changes = list(resolution.changes)
    if len(changes) > MAX_CHANGES:
        changes = changes[:MAX_CHANGES - 1] + [f"… and {len(changes) - MAX_CHANGES + 1} more"]
    top = HEADLINE + 12 + LINE * (len(headline) - 1)
    height = top + ROW * len(resolution.readings) + LINE * len(changes) + MARGIN + 6
    canvas = Canvas(WIDTH, height)
    canvas.header(HEADER, card_title(resolution), card.aside)
    for index, line in enumerate(headline):
        canvas.write(MARGIN, HEADLINE + index * LINE, line, font(BOLD, 14), INK)
    y = top
    for reading, tone in zip(resolution.readings, card.tones):
        canvas.line((MARGIN, y, WIDTH - MARGIN, y), PAPER_SHADE, width=2)
        dice_top = y + 8
        kept = set(reading.roll.kept)
        for index, face in enumerate(reading.roll.faces):
            marked = index in kept and len(kept) < len(reading.roll.faces)
            canvas.stamp(typed_die(reading.roll.dice.sides, face, DIE, marked), MARGIN + index * (DIE + 4), dice_top)
        canvas.write(WORDS, dice_top + 12, reading.label, label_face, INK, OUTCOME - WORDS - 8)
        canvas.write(WORDS, dice_top + 28, reading.dice_reason, small, MUTED, OUTCOME - WORDS - 8)
        title = reading.outcome.title
        canvas.write(OUTCOME, dice_top + 13, title, name_font(title, 16), TONES[tone], WIDTH - MARGIN - OUTCOME)
        canvas.write(OUTCOME, dice_top + 28, reading.outcome.effect, small, MUTED, WIDTH - MARGIN - OUTCOME)
        y += ROW
    for index, change in enumerate(changes):
        baseline = y + 16 + index * LINE
        canvas.text((MARGIN + 3, baseline), "•", font(SANS, 13), MUTED)
        canvas.write(MARGIN + 15, baseline, change, font(SANS, 13), INK, WIDTH - 2 * MARGIN - 15)
    return canvas.png()
