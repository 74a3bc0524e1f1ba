"""The status board's geometry: rows of a fixed size in one column, then two, then pages of them (drawn by
:mod:`.board`)."""

from __future__ import annotations

from bot.pictures.sprites import TINY
from bot.pictures.theme import Box

ROWS_PER_COLUMN = 12
COLUMNS = 2
"""Beyond one column of rows the board wraps into two; beyond two it goes on to another page."""
PER_PAGE = ROWS_PER_COLUMN * COLUMNS
ONE_COLUMN_WIDTH = 560
TWO_COLUMN_WIDTH = 820
HEADER = 40
GUTTER = 10
ROW_HEIGHT = 60
ROW_GAP = 4
CARD_STEP = TINY.width + 3
CARD_INSET = 8
"""The cards stand this far in from the right of a row, and the name stops this far before them."""
NAME_SIZE = 17
TEXT_SIZE = 13


def pages_of(count: int) -> list[tuple[tuple[int, int], list[Box]]]:
    """The size of each page of a board of ``count`` rows, and the box of each row on it (one column of rows
    up to :data:`ROWS_PER_COLUMN`, then two; :data:`PER_PAGE` rows a page)."""
    columns = 1 if count <= ROWS_PER_COLUMN else COLUMNS
    width = ONE_COLUMN_WIDTH if columns == 1 else TWO_COLUMN_WIDTH
    column_width = (width - (columns + 1) * GUTTER) // columns
    pages = []
    for start in range(0, max(1, count), PER_PAGE):
        chunk = min(PER_PAGE, count - start)
        rows_per_column = max(1, -(-chunk // columns))
        boxes = []
        for index in range(chunk):
            column, line = divmod(index, rows_per_column)
            x = GUTTER + column * (column_width + GUTTER)
            y = HEADER + GUTTER + line * (ROW_HEIGHT + ROW_GAP)
            boxes.append((x, y, x + column_width, y + ROW_HEIGHT))
        height = HEADER + 2 * GUTTER + rows_per_column * (ROW_HEIGHT + ROW_GAP) - ROW_GAP
        pages.append(((width, height), boxes))
    return pages
