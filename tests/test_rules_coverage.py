"""docs/rules-coverage.md stays true to the tree: every test it names exists, every engine name it gives is
defined, every chart of the engine has its row, and the count at its end is the count of its rows."""

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from bot.rules.qotd.charts import CHARTS, GRIDS

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
ROWS = [[cell.strip() for cell in line.strip().strip("|").split(" | ")]
        for line in DOC.splitlines() if re.match(r"^\| \d+ \|", line)]
STATUSES = ("exact", "ruled", "table")


def status(row):
    return row[5].split()[0].rstrip(":")


def defined(path: Path, dotted: str) -> bool:
    """Whether a function, class, constant or class attribute ``Class.name`` is defined in a module."""
    scope = ast.parse(path.read_text(encoding="utf-8")).body
    for part in dotted.split("."):
        found = next((node for node in scope if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == part
            or isinstance(node, ast.Assign) and any(getattr(t, "id", None) == part for t in node.targets)
            or isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == part)), None)
        if found is None:
            return False
        scope = getattr(found, "body", [])
    return True


def test_rows_are_numbered_in_order_with_a_status_each():
    assert [int(row[0]) for row in ROWS] == list(range(1, len(ROWS) + 1))
    assert all(len(row) == 6 and status(row) in STATUSES for row in ROWS)


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row[0])
def test_every_test_named_exists_and_only_rows_left_to_the_table_have_none(row):
    named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", row[4])
    assert named or status(row) == "table", f"row {row[0]} has no test"
    for path, name in named:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert re.search(rf"^(async )?def {name}\(", source, re.M), f"row {row[0]}: no {path}::{name}"


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row[0])
def test_every_engine_name_is_defined(row):
    for module, name in re.findall(r"`([a-z_]+)\.([A-Za-z_][\w.]*)`", row[3]):
        assert defined(ROOT / "bot" / "rules" / "qotd" / f"{module}.py", name), f"row {row[0]}: no {module}.{name}"
    for key in re.findall(r'CHARTS\["(\w+)"\]', row[3]):
        assert key in CHARTS
    for key in re.findall(r'GRIDS\["(\w+)"\]', row[3]):
        assert key in GRIDS


def test_every_chart_of_the_engine_has_its_row():
    engine = " ".join(row[3] for row in ROWS)
    assert [key for key in CHARTS if f'CHARTS["{key}"]' not in engine] == []
    assert [key for key in GRIDS if f'GRIDS["{key}"]' not in engine] == []


def test_the_coverage_count_is_the_count_of_the_rows():
    counts = Counter(status(row) for row in ROWS)
    table = ", ".join(row[0] for row in ROWS if status(row) == "table")
    ending = DOC[DOC.index("## Coverage count"):]
    assert (f"**{len(ROWS)} rows: {counts['exact']} exact, {counts['ruled']} ruled, {counts['table']} left to the "
            "table**") in " ".join(ending.split())
    assert table.rsplit(", ", 1)[0] + " and " + table.rsplit(", ", 1)[1] in " ".join(ending.split())
