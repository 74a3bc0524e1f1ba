"""Result charts as data: rows of dice values, each with the book's title and effect."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """One cell of a chart: the book's title and what it means in play."""

    title: str
    effect: str

    def __str__(self) -> str:
        return f"{self.title} {self.effect}"


@dataclass(frozen=True)
class Row:
    """Dice values ``low`` to ``high`` (inclusive) read as ``outcome``."""

    low: int
    high: int
    outcome: Outcome


@dataclass(frozen=True)
class Chart:
    """A result chart: one die value in, one outcome out.

    ``key`` names the chart in code and commands; ``name`` is the book's
    "Reason for Test" (or heading) as printed.
    """

    key: str
    name: str
    rows: tuple[Row, ...]

    def __post_init__(self) -> None:
        covered = [v for row in self.rows for v in range(row.low, row.high + 1)]
        if len(covered) != len(set(covered)):
            raise ValueError(f"chart {self.key} has overlapping rows")

    def read(self, value: int) -> Outcome:
        """The outcome for a die value; values past either end read as the end row."""
        low = min(r.low for r in self.rows)
        high = max(r.high for r in self.rows)
        value = max(low, min(high, value))
        for row in self.rows:
            if row.low <= value <= row.high:
                return row.outcome
        raise ValueError(f"chart {self.key} has no row for {value}")


def banded(key: str, name: str, disaster: tuple[str, str], fail: tuple[str, str],
           success: tuple[str, str], outstanding: tuple[str, str]) -> Chart:
    """A chart laid out in the book's four columns: 1, 2 to 4, 5 to 9, 10."""
    return Chart(key, name, (
        Row(1, 1, Outcome(*disaster)),
        Row(2, 4, Outcome(*fail)),
        Row(5, 9, Outcome(*success)),
        Row(10, 10, Outcome(*outstanding)),
    ))


@dataclass(frozen=True)
class GridChart:
    """A chart read by die value and a column, such as Effects of Hit by DV.

    ``columns`` are the column headings in order (e.g. DV -3 to 4 where the last
    means "3+"); a column index past either end reads the end column.
    ``cells[value]`` holds one outcome key per column; ``outcomes`` names them.
    """

    key: str
    name: str
    columns: tuple[int, ...]
    cells: dict[int, tuple[str, ...]]
    outcomes: dict[str, Outcome]

    def __post_init__(self) -> None:
        for value, row in self.cells.items():
            if len(row) != len(self.columns):
                raise ValueError(f"{self.key}: row {value} has {len(row)} cells")
            for cell in row:
                if cell not in self.outcomes:
                    raise ValueError(f"{self.key}: unknown outcome {cell!r}")

    def column_for(self, column: int) -> int:
        """The column actually read for a (possibly out-of-range) heading value."""
        return max(self.columns[0], min(self.columns[-1], column))

    def read(self, value: int, column: int) -> tuple[str, Outcome]:
        """The outcome key and outcome for a die value in a column."""
        value = max(min(self.cells), min(max(self.cells), value))
        key = self.cells[value][self.columns.index(self.column_for(column))]
        return key, self.outcomes[key]
