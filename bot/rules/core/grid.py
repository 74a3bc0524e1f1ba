"""A spatial index over a table: a uniform grid of square cells, each listing the items (areas, segments of a
line) that touch it, so that a query reads what lies near a point or along a segment instead of everything.

An item is registered in every cell its box, or its segment, touches; a query returns every item registered in
the cells it touches, a superset of those it may meet, for the caller to test exactly.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator

from .geometry import Point

SLACK = 1e-6
"""Paces a segment is widened by, so that one along a cell's boundary is found in the cells either side."""


class Grid:
    """Square cells of ``cell`` paces over ``width`` by ``height`` paces (places off it fall in its edge cells)."""

    def __init__(self, width: float, height: float, cell: float) -> None:
        self.cell = cell
        self.columns = max(1, math.ceil(width / cell))
        self.rows = max(1, math.ceil(height / cell))
        self.cells: dict[tuple[int, int], list[Hashable]] = {}

    def _span(self, low: float, high: float, count: int) -> range:
        """The columns (or rows, of ``count``) from ``low`` to ``high`` paces, within the table."""
        first = min(count - 1, max(0, math.floor(low / self.cell)))
        last = min(count - 1, max(0, math.floor(high / self.cell)))
        return range(first, last + 1)

    def _cells(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[tuple[int, int]]:
        """The cells a box touches."""
        for column in self._span(x0, x1, self.columns):
            for row in self._span(y0, y1, self.rows):
                yield column, row

    def _touched(self, a: Point, b: Point) -> list[tuple[int, int]]:
        """The cells the segment ``a``-``b`` passes through on the table, a column of cells at a time (those either
        side of a boundary it runs along or ends on included)."""
        (x0, y0), (x1, y1) = sorted((a, b))
        run = x1 - x0
        keys = []
        for column in self._span(x0 - SLACK, x1 + SLACK, self.columns):
            left, right = max(x0, column * self.cell), min(x1, (column + 1) * self.cell)
            ends = (y0 + (y1 - y0) * (left - x0) / run, y0 + (y1 - y0) * (right - x0) / run) if run > SLACK \
                else (y0, y1)
            keys.extend((column, row) for row in self._span(min(ends) - SLACK, max(ends) + SLACK, self.rows))
        return keys

    def add_box(self, item: Hashable, x0: float, y0: float, x1: float, y1: float) -> None:
        """Register ``item`` in every cell the box touches."""
        for key in self._cells(x0, y0, x1, y1):
            self.cells.setdefault(key, []).append(item)

    def add_segment(self, item: Hashable, a: Point, b: Point) -> None:
        """Register ``item`` in every cell the segment ``a``-``b`` passes through (and a few beside it)."""
        for key in self._touched(a, b):
            self.cells.setdefault(key, []).append(item)

    def near(self, p: Point, reach: float) -> set[Hashable]:
        """The items of the cells within ``reach`` of a point (each item within ``reach`` of it among them)."""
        return {item for key in self._cells(p[0] - reach, p[1] - reach, p[0] + reach, p[1] + reach)
                for item in self.cells.get(key, ())}

    def along(self, a: Point, b: Point) -> set[Hashable]:
        """The items of the cells the segment ``a``-``b`` passes through (each item it meets among them)."""
        return {item for key in self._touched(a, b) for item in self.cells.get(key, ())}
