"""Shootist's roll card: every die of an action drawn as its type (the shoot die beside the dodge die it
must beat), with the modifiers that made the type, the outcome, and what changed."""

from __future__ import annotations

from ..rules.core.results import Resolution
from .draws import typed_die
from .theme import BOLD, GREEN, INK, MARGIN, MUTED, PAPER_SHADE, RED, SANS, Canvas, font, length, name_font, wrap

WIDTH = 520
HEADER = 36
HEADLINE = HEADER + 21
LINE = 18
DIE = 40
DICE_TOP = 22
"""A reading's dice stand this far below its top, past its label and each line of its reasons."""
ROW = DICE_TOP + DIE + 14
"""A reading without reasons: its label, then its dice and outcome."""
REASON_LINES = 2
GAP = 8
"""Between a reading's label and its reasons, when they share a line."""
MAX_CHANGES = 8
BAD = frozenset({"Hit", "Dead", "Falls", "Falls off", "Loses", "Head"})
GOOD = frozenset({"Miss", "Alive", "Wins", "Stays in the saddle", "Keeps his footing", "1"})
"""Outcomes drawn in red (blood drawn) and green (a close shave); the rest in ink."""


def reason_lines(label: str, reason: str) -> tuple[str, ...]:
    """The lines a reading's reasons take under its label: none when they fit beside it."""
    small = font(SANS, 12)
    if length(label, font(BOLD, 13)) + GAP + length(reason, small) <= WIDTH - 2 * MARGIN:
        return ()
    return wrap(reason, small, WIDTH - 2 * MARGIN, REASON_LINES)


def render_shootist_roll(resolution: Resolution) -> bytes:
    """The roll card of a Shootist action, as PNG bytes."""
    headline = wrap(resolution.headline, font(BOLD, 14), WIDTH - 2 * MARGIN, 2)
    small = font(SANS, 12)
    reasons = [reason_lines(r.label, r.dice_reason) for r in resolution.readings]
    changes = list(resolution.changes)
    if len(changes) > MAX_CHANGES:
        changes = changes[:MAX_CHANGES - 1] + [f"… and {len(changes) - MAX_CHANGES + 1} more"]
    top = HEADLINE + 13 + LINE * (len(headline) - 1)
    height = top + sum(ROW + LINE * len(lines) for lines in reasons) + LINE * len(changes) + 2 * MARGIN
    canvas = Canvas(WIDTH, height)
    canvas.header(HEADER, resolution.kind.capitalize() or "Roll", "Shootist")
    for index, line in enumerate(headline):
        canvas.write(MARGIN, HEADLINE + index * LINE, line, font(BOLD, 14), INK)
    y = top
    for reading, lines in zip(resolution.readings, reasons):
        canvas.line((MARGIN, y - 4, WIDTH - MARGIN, y - 4), PAPER_SHADE, width=2)
        end = canvas.write(MARGIN, y + 14, reading.label, font(BOLD, 13), INK, WIDTH - 2 * MARGIN)
        if not lines:
            canvas.write(end + GAP, y + 14, reading.dice_reason, small, MUTED)
        for index, line in enumerate(lines):
            canvas.write(MARGIN, y + 14 + (index + 1) * LINE, line, small, MUTED)
        dice_top = y + DICE_TOP + LINE * len(lines)
        x = MARGIN
        kept = set(reading.roll.kept)
        for index, face in enumerate(reading.roll.faces):
            canvas.stamp(typed_die(reading.roll.dice.sides, face, DIE, index in kept and len(kept) < len(
                reading.roll.faces)), x, dice_top)
            x += DIE + 6
        canvas.write(x + 4, dice_top + DIE / 2 + 5, f"D{reading.roll.dice.sides}", small, MUTED)
        title = reading.outcome.title
        colour = RED if title in BAD else GREEN if title in GOOD else INK
        canvas.write(MARGIN + 150, dice_top + DIE / 2 + 6, title, name_font(title, 16), colour, 140)
        canvas.write(MARGIN + 300, dice_top + DIE / 2 + 5, reading.outcome.effect, small, MUTED,
                     WIDTH - 2 * MARGIN - 300)
        y += ROW + LINE * len(lines)
    for index, change in enumerate(changes):
        baseline = y + 8 + index * LINE
        canvas.text((MARGIN + 3, baseline), "•", font(SANS, 13), MUTED)
        canvas.write(MARGIN + 15, baseline, change, font(SANS, 13), INK, WIDTH - 2 * MARGIN - 15)
    return canvas.png()
