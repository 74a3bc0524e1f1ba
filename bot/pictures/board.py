"""The status board of any ruleset: one row a character (or vehicle), drawn from the ruleset's
:class:`~bot.rules.core.ruleset.Board`, pages of them."""

from __future__ import annotations

from bot.rules.core.cards import RED_SUITS, SUIT_SYMBOLS, Card
from bot.rules.core.pictures import Board, BoardRow, Phrase, Tone
from bot.pictures.sprites import TINY, Look, card_face
from bot.pictures.status import CARD_INSET, CARD_STEP, GUTTER, HEADER, NAME_SIZE, PER_PAGE, TEXT_SIZE, pages_of
from bot.pictures.theme import (BLACK, GOLD, INK, MUTED, PAPER_SHADE, RED, RUST, SANS, TONES, Box, Canvas, Colour,
                                font, name_font)

BADGE_GAP = 6
BADGE_PAD = 5
EMBLEM_ROOM = 28
"""Where the name begins in a row with an emblem (a suit, a wheel); 12 in one without."""


def _badges(canvas: Canvas, row: BoardRow, box: Box) -> float:
    """The row's labelled figures as small framed boxes at its right, the last rightmost; returns the x
    where they begin (the name and words stop before it)."""
    x0, y0, x1, y1 = box
    label_face, figure_face = font(SANS, 10), font(SANS, 16)
    right = x1 - CARD_INSET
    for label, figure in reversed(row.badges):
        width = max(label_face.getlength(label), figure_face.getlength(figure)) + 2 * BADGE_PAD
        left = right - width
        canvas.box((left, y0 + 6, right, y1 - 7), outline=MUTED if row.down else GOLD, width=1, radius=4)
        canvas.text(((left + right) / 2, y0 + 19), label, label_face, MUTED, on=PAPER_SHADE, anchor="ms")
        canvas.text(((left + right) / 2, y0 + 42), figure, figure_face, MUTED if row.down else INK, on=PAPER_SHADE,
                    anchor="ms")
        right = left - BADGE_GAP
    return right


def card_boxes(count: int, box: Box) -> tuple[Box, ...]:
    """Where a row's ``count`` cards stand: at its right, overlapping when there are many."""
    room = (box[2] - box[0]) * 2 // 5
    step = CARD_STEP if count <= 1 else min(CARD_STEP, (room - TINY.width) // (count - 1))
    left = box[2] - CARD_INSET - TINY.width - step * (count - 1)
    top = box[1] + 5
    return tuple((left + i * step, top, left + i * step + TINY.width, top + TINY.height) for i in range(count))


def _cards(canvas: Canvas, row: BoardRow, box: Box) -> float:
    """The row's cards at its right; returns the x where they begin."""
    boxes = card_boxes(len(row.cards), box)
    for held, (left, top, *_) in zip(row.cards, boxes):
        canvas.stamp(card_face(Card.parse(held.code), TINY, Look(held.look)), left, top)
    return boxes[0][0]


def _emblem(canvas: Canvas, row: BoardRow, box: Box) -> None:
    """The sign before the name: a suit's pip (with its pack past the first), or a wheel."""
    x0, y0 = box[:2]
    if row.emblem in SUIT_SYMBOLS:
        canvas.text((x0 + 13, y0 + 21), SUIT_SYMBOLS[row.emblem], font(SANS, 18),
                    RED if row.emblem in RED_SUITS else BLACK, on=PAPER_SHADE, anchor="ms")
        if row.pack > 1:
            canvas.text((x0 + 20, y0 + 10), str(row.pack), font(SANS, 9), MUTED, on=PAPER_SHADE)
        return
    hub_x, hub_y = x0 + 13, y0 + 15
    canvas.box((hub_x - 8, hub_y - 8, hub_x + 8, hub_y + 8), outline=RUST if row.emblem == "broken wheel" else INK,
               width=2, radius=8)
    for dx, dy in ((8, 0), (0, 8), (6, 6), (6, -6)):
        canvas.line((hub_x - dx, hub_y - dy, hub_x + dx, hub_y + dy), INK)


def _runs(words: tuple[str | Phrase, ...], plain: Colour) -> list[tuple[str, Colour]]:
    """Phrases as coloured words, a plain one in ``plain``."""
    return [(word, plain) if isinstance(word, str) else
            (word.text, plain if word.tone is Tone.PLAIN else TONES[word.tone]) for word in words]


def _draw_row(canvas: Canvas, row: BoardRow, box: Box, owners: dict[int, str]) -> None:
    """One row: its emblem, name, type, player and state words (a character down greyed, the one whose turn it
    is outlined); its gear on a line of its own; its cards or figures at the right."""
    x0, y0, x1, y1 = box
    canvas.box((x0, y0, x1 - 1, y1 - 1), fill=PAPER_SHADE, outline=GOLD if row.acting else None, width=2, radius=6)
    right = (_cards(canvas, row, box) if row.cards else _badges(canvas, row, box)) - CARD_INSET
    if row.emblem:
        _emblem(canvas, row, box)
    left = x0 + (EMBLEM_ROOM if row.emblem else 12)
    canvas.write(left, y0 + 21, row.name, name_font(row.name, NAME_SIZE),
                 MUTED if row.down else INK, right - left, PAPER_SHADE)
    small = font(SANS, TEXT_SIZE)
    who = [(row.kind, MUTED)] if row.kind else []
    who += [(owners[row.owner], MUTED)] if row.owner in owners else []
    words = _runs(row.words, RED if row.down else INK)
    if row.gear:
        canvas.write_runs(left, y0 + 38, who + words, small, right, PAPER_SHADE)
        canvas.write_runs(left, y0 + 55, _runs(row.gear, INK), small, x1 - CARD_INSET, PAPER_SHADE)
        return
    if who:
        canvas.write_runs(left, y0 + 38, who, small, right, PAPER_SHADE)
    canvas.write_runs(left, y0 + 55, words or [("ready", MUTED)], small, right, PAPER_SHADE)


def board_layout(board: Board) -> list[tuple[tuple[int, int], list[tuple[BoardRow, Box]]]]:
    """The size of each page of the board, and each of its rows with the box it is drawn in."""
    return [(size, list(zip(board.rows[number * PER_PAGE:], boxes)))
            for number, (size, boxes) in enumerate(pages_of(len(board.rows)))]


def render_board_pages(board: Board, owners: dict[int, str] | None = None, most: int | None = None) -> list[bytes]:
    """The pages of a ruleset's status board as PNG bytes (a page holds 24 rows), the first ``most`` if
    given."""
    pages = board_layout(board)
    drawn = []
    for number, (size, placed) in enumerate(pages[:most]):
        title = board.title + (f" · page {number + 1}/{len(pages)}" if len(pages) > 1 else "")
        canvas = Canvas(*size)
        canvas.header(HEADER, title, board.footer)
        for row, box in placed:
            _draw_row(canvas, row, box, owners or {})
        if not board.rows:
            canvas.write(GUTTER + 4, HEADER + 32, "No one in the cast yet.", font(SANS, 15), MUTED)
        drawn.append(canvas.png())
    return drawn
