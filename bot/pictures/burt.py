"""Steve Burt's pictures: the character deck (a card with a character's name, the STOP card and the EVENT card) as
one /draw turns it (an EVENT, then a character's card, or STOP), and the roll card of an action.

The faces are :attr:`bot.rules.core.ruleset.Step.faces` of the Burt ruleset: "STOP", "EVENT", or the name of the
character whose card it is.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from bot.rules.burt.state import EVENT, STOP
from bot.rules.core.replay import Reading, modified
from bot.rules.core.results import Resolution
from bot.rules.core.ruleset import State, Step
from bot.pictures.roll import card_title
from bot.pictures.sprites import CardSize, die_face
from bot.pictures.roll import draws_rolls
from bot.pictures.steps import Picture, draws_steps
from bot.pictures.theme import (BLACK, BOLD, CREAM, EDGE, FACE, GOLD, GREEN, INK, MUTED, PAPER_SHADE, RED, RUST, SANS, WOOD,
                    Canvas, Sprite, draw_text, font, name_font, on_palette, wrap)

CARD = CardSize(112, 158, 0, 0, 0)
MARGIN = 16
GAP = 14
NAME_SIZE = 20
PER_ROW = 8
"""Cards a row: eight keep the picture within 1,100 pixels."""
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
        draw_text(image, (w / 2, 14 + index * (NAME_SIZE + 4)), line, face, INK, anchor="mt")
    return on_palette(image)


def card(face: str) -> Sprite:
    return special_card(face) if face in LOOKS else character_card(face)


@functools.lru_cache(maxsize=512)
def render_burt_turn(faces: tuple[str, ...]) -> bytes:
    """The cards a /draw turned (or the whole turn so far, for /deck), left to right in rows of PER_ROW; PNG
    bytes."""
    columns = max(1, min(len(faces), PER_ROW))
    rows = max(1, -(-len(faces) // PER_ROW))
    canvas = Canvas(2 * MARGIN + columns * CARD.width + (columns - 1) * GAP,
                    2 * MARGIN + rows * CARD.height + (rows - 1) * GAP)
    for index, face in enumerate(faces):
        row, column = divmod(index, PER_ROW)
        canvas.stamp(card(face), MARGIN + column * (CARD.width + GAP), MARGIN + row * (CARD.height + GAP))
    return canvas.png()


@draws_steps("burt")
def burt_step(state: State, step: Step) -> Picture | None:
    """The character deck's cards a step turned, if any."""
    return functools.partial(render_burt_turn, step.faces) if step.faces else None


ROLL_WIDTH = 520
HEADER = 36
HEADLINE = HEADER + 22
LINE = 18
ROW = 52
DIE = 32
OUTCOME = (190, 34)
"""Where a reading's outcome stands (x, and its height), in a cream box to the right edge."""
OUTCOME_COLOURS = {"Hit": GREEN, "OK": GREEN, "Gets up": GREEN, "Stays up": GREEN, "Made it": GREEN,
                   "Miss": RUST, "Try again": RUST, "Stays down": RUST, "10: roll again": BLACK, "Light": RUST,
                   "Serious": RED, "Critical": RED, "Dead": BLACK, "Jammed": RED, "Permanently jammed": RED,
                   "Falls over stunned": RED, "Fallen over": RED}
"""The colour of each outcome of the text: green goes the roller's way, red and black badly, rust between."""
MAX_CHANGES = 8
NOTE_LINES = 3


def note_lines(reading: Reading) -> tuple[str, ...]:
    """What a die was read against (:func:`modified`), on as many as NOTE_LINES lines."""
    notes = modified(reading)
    return wrap(notes, font(SANS, 12), ROLL_WIDTH - 2 * GAP, NOTE_LINES) if notes else ()


def _roll_height(resolution: Resolution, headline: tuple[str, ...]) -> int:
    notes = sum(LINE * len(note_lines(r)) + 4 for r in resolution.readings if modified(r))
    changes = min(len(resolution.changes), MAX_CHANGES)
    return HEADLINE + LINE * len(headline) + ROW * len(resolution.readings) + notes + LINE * changes + 16


@functools.cache
def outcome_box() -> Sprite:
    """The cream box with rounded corners a reading's outcome is written in, drawn once."""
    x, height = OUTCOME
    image = Image.new("RGBA", (ROLL_WIDTH - GAP - x + 1, height + 1), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((0, 0, ROLL_WIDTH - GAP - x, height), 6, fill=CREAM, outline=EDGE)
    return on_palette(image)


@draws_rolls("burt")
def burt_roll(resolution: Resolution) -> Picture:
    """A roll of Steve Burt's Wild West: his own card."""
    return functools.partial(render_burt_roll, resolution)


def render_burt_roll(resolution: Resolution) -> bytes:
    """The roll card of a Burt action: each die with what it needed and its outcome, then what changed."""
    headline = wrap(resolution.headline, font(BOLD, 14), ROLL_WIDTH - 2 * GAP, 2)
    canvas = Canvas(ROLL_WIDTH, _roll_height(resolution, headline))
    canvas.header(HEADER, card_title(resolution))
    y = HEADLINE
    for line in headline:
        canvas.write(GAP, y, line, font(BOLD, 14), INK)
        y += LINE
    for reading in resolution.readings:
        canvas.line((GAP, y - 6, ROLL_WIDTH - GAP, y - 6), PAPER_SHADE, width=2)
        end = canvas.write(GAP, y + 10, reading.label, font(BOLD, 14), INK, ROLL_WIDTH * 0.5)
        canvas.write(end + 8, y + 10, f"{reading.roll.dice} · {reading.dice_reason}", font(SANS, 12), MUTED,
                     ROLL_WIDTH - GAP - end - 8)
        canvas.stamp(die_face(reading.roll.value, DIE, True), GAP, y + 16)
        title = reading.outcome.title
        x, height = OUTCOME
        canvas.stamp(outcome_box(), x, y + 16)
        canvas.write(x + 10, y + 16 + height * 2 // 3, title, name_font(title, 16),
                     OUTCOME_COLOURS.get(title, BLACK), ROLL_WIDTH - GAP - x - 20, on=CREAM)
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
        canvas.write(GAP + 15, y + 8, change, font(SANS, 13), INK, ROLL_WIDTH - 2 * GAP - 15)
        y += LINE
    return canvas.png()
