"""Shootist's roll card: every die of an action drawn as its type (the shoot die above the dodge die it must
beat), with the modifiers that made the type, the outcome, and what changed."""

from __future__ import annotations

import functools

from bot.rules.core.results import Resolution
from bot.pictures.draws import typed_die
from bot.pictures.roll import card_title, draws_rolls
from bot.pictures.steps import Picture
from bot.pictures.theme import BOLD, GREEN, INK, MARGIN, MUTED, PAPER_SHADE, RED, SANS, Canvas, font, name_font, wrap

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
BAD = frozenset({"Hit", "Dead", "Falls", "Falls off", "Loses", "Head"})
GOOD = frozenset({"Miss", "Alive", "Wins", "Stays in the saddle", "Keeps his footing", "1"})
"""Outcomes drawn in red (blood drawn) and green (a close shave); the rest in ink."""


@draws_rolls("shootist")
def shootist_roll(resolution: Resolution) -> Picture:
    """A roll of The Shootist: its own card, the Draw dice by type."""
    return functools.partial(render_shootist_roll, resolution)


def render_shootist_roll(resolution: Resolution) -> bytes:
    """The roll card of a Shootist action, as PNG bytes."""
    headline = wrap(resolution.headline, font(BOLD, 14), WIDTH - 2 * MARGIN, 2)
    small, label_face = font(SANS, 11), font(BOLD, 13)
    changes = list(resolution.changes)
    if len(changes) > MAX_CHANGES:
        changes = changes[:MAX_CHANGES - 1] + [f"… and {len(changes) - MAX_CHANGES + 1} more"]
    top = HEADLINE + 12 + LINE * (len(headline) - 1)
    height = top + ROW * len(resolution.readings) + LINE * len(changes) + MARGIN + 6
    canvas = Canvas(WIDTH, height)
    canvas.header(HEADER, card_title(resolution), "Shootist")
    for index, line in enumerate(headline):
        canvas.write(MARGIN, HEADLINE + index * LINE, line, font(BOLD, 14), INK)
    y = top
    for reading in resolution.readings:
        canvas.line((MARGIN, y, WIDTH - MARGIN, y), PAPER_SHADE, width=2)
        dice_top = y + 8
        kept = set(reading.roll.kept)
        for index, face in enumerate(reading.roll.faces):
            marked = index in kept and len(kept) < len(reading.roll.faces)
            canvas.stamp(typed_die(reading.roll.dice.sides, face, DIE, marked), MARGIN + index * (DIE + 4), dice_top)
        canvas.write(WORDS, dice_top + 12, reading.label, label_face, INK, OUTCOME - WORDS - 8)
        canvas.write(WORDS, dice_top + 28, reading.dice_reason, small, MUTED, OUTCOME - WORDS - 8)
        title = reading.outcome.title
        colour = RED if title in BAD else GREEN if title in GOOD else INK
        canvas.write(OUTCOME, dice_top + 13, title, name_font(title, 16), colour, WIDTH - MARGIN - OUTCOME)
        canvas.write(OUTCOME, dice_top + 28, reading.outcome.effect, small, MUTED, WIDTH - MARGIN - OUTCOME)
        y += ROW
    for index, change in enumerate(changes):
        baseline = y + 16 + index * LINE
        canvas.text((MARGIN + 3, baseline), "•", font(SANS, 13), MUTED)
        canvas.write(MARGIN + 15, baseline, change, font(SANS, 13), INK, WIDTH - 2 * MARGIN - 15)
    return canvas.png()
