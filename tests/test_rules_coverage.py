"""docs/rules-coverage.md stays true to the tree, for each of the five rulesets in its part of the document: every
test it names exists, every engine name it gives is defined, every chart of the engine has its row, every line it
cites is in the ruleset's text, every ruling it names is in docs/rulings.md, and the count at the part's end is the
count of its rows."""

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from bot.rules import registry  # noqa: F401  (registers every ruleset)
from bot.rules.core.ruleset import RULESETS
from bot.rules.qotd.charts import GRIDS

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
RULINGS = {int(n) for n in re.findall(r"^ *(\d+)\. \*\*", (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"),
                                      re.M)}
TEXTS = {"qotd": "quick-on-the-draw.txt", "burt": "steve-burt-wild-west-skirmish.txt", "shootist": "shootist.txt",
         "norman": "mackenzie-norman-card-gunfight.txt", "dracula": "draculas-america-quick-reference.md"}
RULES = Path("/work/shared/rules")
STATUSES = ("exact", "ruled", "table")


def parts() -> dict[str, str]:
    """The document's parts by ruleset key: Quick on the Draw's first ("# Rules coverage"), then one a ruleset,
    each headed by the ruleset's title."""
    titles = {ruleset.title: key for key, ruleset in RULESETS.items()}
    first, *others = re.split(r"^# ", DOC, flags=re.M)[1:]
    found = {"qotd": first}
    for part in others:
        title = part.splitlines()[0].strip()
        assert title in titles, f"no ruleset is called {title!r}"
        found[titles[title]] = part
    return found


PARTS = parts()


def rows_of(part: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip().strip("|").split(" | ")]
            for line in part.splitlines() if re.match(r"^\| \d+ \|", line)]


ROWS = [(key, row) for key, part in PARTS.items() for row in rows_of(part)]


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


def named(key_row) -> str:
    key, row = key_row
    return f"{key}-{row[0]}"


def test_every_ruleset_has_its_part():
    assert sorted(PARTS) == sorted(RULESETS)


@pytest.mark.parametrize("key", sorted(RULESETS))
def test_rows_are_numbered_in_order_with_a_status_each(key):
    rows = rows_of(PARTS[key])
    assert [int(row[0]) for row in rows] == list(range(1, len(rows) + 1))
    assert all(len(row) == 6 and status(row) in STATUSES for row in rows)


@pytest.mark.parametrize("key_row", ROWS, ids=named)
def test_every_test_named_exists_and_only_rows_left_to_the_table_have_none(key_row):
    key, row = key_row
    tests = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", row[4])
    assert tests or status(row) == "table", f"{key} row {row[0]} has no test"
    for path, name in tests:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert re.search(rf"^(async )?def {name}\(", source, re.M), f"{key} row {row[0]}: no {path}::{name}"


@pytest.mark.parametrize("key_row", ROWS, ids=named)
def test_every_engine_name_is_defined(key_row):
    key, row = key_row
    for module, name in re.findall(r"`([a-z_]+)\.([A-Za-z_][\w.]*)`", row[3]):
        assert defined(ROOT / "bot" / "rules" / key / f"{module}.py", name), f"{key} row {row[0]}: no {module}.{name}"
    for chart in re.findall(r'CHARTS\["([\w-]+)"\]', row[3]):
        assert chart in RULESETS[key].charts or key == "qotd" and chart in GRIDS
    for grid in re.findall(r'GRIDS\["(\w+)"\]', row[3]):
        assert key == "qotd" and grid in GRIDS


@pytest.mark.parametrize("key_row", ROWS, ids=named)
def test_every_line_cited_is_in_the_text_and_every_ruling_in_the_rulings(key_row):
    key, row = key_row
    lines = len((RULES / TEXTS[key]).read_text(encoding="utf-8").splitlines())
    assert all(1 <= int(n) <= lines for n in re.findall(r"\d+", row[2])), f"{key} row {row[0]}: {row[2]}"
    assert {int(n) for n in re.findall(r"#(\d+)", row[5])} <= RULINGS, f"{key} row {row[0]}: {row[5]}"


@pytest.mark.parametrize("key", sorted(RULESETS))
def test_every_chart_of_the_engine_has_its_row(key):
    engine = " ".join(row[3] for row in rows_of(PARTS[key]))
    charts = dict(RULESETS[key].charts) | (GRIDS if key == "qotd" else {})
    kind = {chart: "GRIDS" if key == "qotd" and chart in GRIDS else "CHARTS" for chart in charts}
    assert [chart for chart in charts if f'{kind[chart]}["{chart}"]' not in engine] == []


def listed(numbers: list[str]) -> str:
    """"1", "1 and 2", "1, 2 and 3"."""
    return " and ".join([", ".join(numbers[:-1]), numbers[-1]] if len(numbers) > 1 else numbers)


@pytest.mark.parametrize("key", sorted(RULESETS))
def test_the_coverage_count_is_the_count_of_the_rows(key):
    part, rows = PARTS[key], rows_of(PARTS[key])
    counts = Counter(status(row) for row in rows)
    ending = " ".join(part[part.index("## Coverage count"):].split())
    assert (f"**{len(rows)} rows: {counts['exact']} exact, {counts['ruled']} ruled, {counts['table']} left to the "
            "table**") in ending
    assert listed([row[0] for row in rows if status(row) == "table"]) in ending
