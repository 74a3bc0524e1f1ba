"""The status board of any ruleset but Quick on the Draw (which keeps its own, :mod:`.status`): one row a
character, drawn from the ruleset's :class:`~bot.rules.core.ruleset.Board` in the same style, pages of them."""

from __future__ import annotations

from bot.rules.core.ruleset import Board, BoardRow
from bot.pictures.status import CARD_INSET, GUTTER, HEADER, NAME_SIZE, PER_PAGE, TEXT_SIZE, pages_of
from bot.pictures.theme import GOLD, INK, MUTED, PAPER_SHADE, RED, SANS, Box, Canvas, font, name_font

BADGE_GAP = 6
BADGE_PAD = 5


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


def _draw_row(canvas: Canvas, row: BoardRow, box: Box, owners: dict[int, str]) -> None:
    """One character: name, type, player and state words (a character down greyed, its words in red, the one
    whose turn it is outlined), then its kit, as Quick on the Draw's board shows its gear; its figures at the
    right."""
    x0, y0, x1, y1 = box
    canvas.box((x0, y0, x1 - 1, y1 - 1), fill=PAPER_SHADE, outline=GOLD if row.acting else None, width=2, radius=6)
    right = _badges(canvas, row, box) - CARD_INSET
    left = x0 + 12
    canvas.write(left, y0 + 21, row.name, name_font(row.name, NAME_SIZE), MUTED if row.down else INK, right - left,
                 PAPER_SHADE)
    small = font(SANS, TEXT_SIZE)
    who = [(row.kind, MUTED)] if row.kind else []
    who += [(owners[row.owner], MUTED)] if row.owner in owners else []
    words = [(word, RED if row.down else INK) for word in row.words]
    if row.kit:
        who, words = who + words, [(thing, MUTED if row.down else INK) for thing in row.kit]
    if who:
        canvas.write_runs(left, y0 + 38, who, small, right, PAPER_SHADE)
    canvas.write_runs(left, y0 + 55, words or [("ready", MUTED)], small, right, PAPER_SHADE)


def render_board_pages(board: Board, owners: dict[int, str] | None = None, most: int | None = None) -> list[bytes]:
    """The pages of a ruleset's status board as PNG bytes (a page holds 24 characters), the first ``most``
    if given."""
    pages = pages_of(len(board.rows))
    drawn = []
    for number, (size, boxes) in enumerate(pages[:most]):
        title = board.title + (f" · page {number + 1}/{len(pages)}" if len(pages) > 1 else "")
        canvas = Canvas(*size)
        canvas.header(HEADER, title, board.footer)
        for row, box in zip(board.rows[number * PER_PAGE:], boxes):
            _draw_row(canvas, row, box, owners or {})
        if not board.rows:
            canvas.write(GUTTER + 4, HEADER + 32, "No one in the cast yet.", font(SANS, 15), MUTED)
        drawn.append(canvas.png())
    return drawn
