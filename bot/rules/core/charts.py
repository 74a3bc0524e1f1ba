"""Result charts as data: rows of dice values, each with the book's title and effect.

Every chart registers itself by key as it is made (:data:`REGISTRY`), so that the verifier
(:mod:`bot.rules.verify`) can read a logged roll on the chart its reading names and recompute the
outcome from the dice. A key names one chart in every ruleset; a chart built anew for each
situation (Steve Burt's to hit, its number needed in the rows) is *situational*: its key alone
does not say its rows, so no outcome read on it is recomputed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
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
    counts: str = ""
    """What the chart is read by when it is not a roll's value ("Successes", "hexes"): its readings' outcomes
    are not the chart's row for their dice, so none is recomputed."""
    situational: bool = False
    """Made anew for each situation, its rows from it (Steve Burt's to hit): its key does not say its rows."""

    def __post_init__(self) -> None:
        covered = [v for row in self.rows for v in range(row.low, row.high + 1)]
        if len(covered) != len(set(covered)):
            raise ValueError(f"chart {self.key} has overlapping rows")
        register(self)

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
    counts: str = ""
    """As :attr:`Chart.counts`."""
    situational: bool = False
    """As :attr:`Chart.situational`."""

    def __post_init__(self) -> None:
        for value, row in self.cells.items():
            if len(row) != len(self.columns):
                raise ValueError(f"{self.key}: row {value} has {len(row)} cells")
            for cell in row:
                if cell not in self.outcomes:
                    raise ValueError(f"{self.key}: unknown outcome {cell!r}")
        register(self)

    def column_for(self, column: int) -> int:
        """The column actually read for a (possibly out-of-range) heading value."""
        return max(self.columns[0], min(self.columns[-1], column))

    def read(self, value: int, column: int) -> tuple[str, Outcome]:
        """The outcome key and outcome for a die value in a column."""
        value = max(min(self.cells), min(max(self.cells), value))
        key = self.cells[value][self.columns.index(self.column_for(column))]
        return key, self.outcomes[key]


REGISTRY: dict[str, Chart | GridChart] = {}
"""Every chart made, by key (the last made of a situational key)."""
SITUATIONAL: set[str] = set()
"""The keys of charts made with other rows for each situation: their key alone does not say how to read them."""
OWNERS: dict[str, set[str]] = {}
"""The rulesets (the package of the module that made it) that made a chart of each key."""


def register(chart: Chart | GridChart) -> None:
    """Note a chart just made under its key, with the ruleset that made it."""
    key = chart.key
    OWNERS.setdefault(key, set()).add(_maker())
    known = REGISTRY.get(key)
    if chart.situational or known is not None and known != chart:
        SITUATIONAL.add(key)
    REGISTRY[key] = chart


def _maker() -> str:
    """The ruleset's package (``bot.rules.burt``) of the first module outside this one and ``dataclasses`` on the
    stack: the code that made the chart."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") in (__name__, "dataclasses"):
        frame = frame.f_back
    module = frame.f_globals.get("__name__", "") if frame is not None else ""
    return ".".join(module.split(".")[:3])


MAKERS: dict[str, Callable[[int | None, int], Chart | None]] = {}
"""How a situational chart is made again from what its reading logs, by key: from the reading's base number (None
without one) and the sum of its modifiers (None when the reading does not say enough)."""


def remade(key: str, maker: Callable[[int | None, int], Chart | None]) -> None:
    """Say how the situational chart ``key`` is made again from a reading's base number and modifiers."""
    MAKERS[key] = maker


def chart_for(key: str) -> Chart | GridChart | None:
    """The chart a reading names, when its key alone says how it is read: read by a roll's value, and not
    situational; else None."""
    chart = REGISTRY.get(key)
    if chart is None or key in SITUATIONAL or chart.counts:
        return None
    return chart
