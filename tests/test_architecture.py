"""The shape of the code, read from its source (every import statement counts: at the top, inside a function,
under ``TYPE_CHECKING``): extensions are leaves, ``bot`` never imports ``cogs``, a ruleset is named only in its own
package, its own extension and tests, and no two modules of the project import each other, however far round."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from bot.rules.registry import FOUND

ROOT = Path(__file__).resolve().parents[1]
KEYS = tuple(rules.key for rules in FOUND)


@cache
def modules() -> dict[str, Path]:
    """Every module of ``bot`` and ``cogs``, by its dotted name (a package by its own)."""
    found = {}
    for path in sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def project_module(name: str) -> str | None:
    """The module of the project that an imported name lives in (``bot.rules.qotd.state.Character`` → its
    module), or None for another library's."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


def imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dotted names an import statement of ``module`` names: ``from . import x`` as ``<package>.x``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module if modules()[module].name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}".rstrip(".")
    return [f"{base}.{alias.name}" for alias in node.names]


@cache
def tree(module: str) -> ast.Module:
    return ast.parse(modules()[module].read_text(), str(modules()[module]))


@cache
def imports(module: str) -> frozenset[str]:
    """The project's modules that ``module`` imports, wherever the statement stands."""
    names = [name for node in ast.walk(tree(module)) if isinstance(node, (ast.Import, ast.ImportFrom))
             for name in imported(module, node)]
    return frozenset(found for name in names if (found := project_module(name)) not in (None, module))


def owns(key: str, module: str) -> bool:
    """Whether ``module`` is the ruleset's own: its package under ``bot.rules`` or its extension under
    ``cogs.rulesets`` (a module, or a package and its modules)."""
    return any(module == package or module.startswith(f"{package}.")
               for package in (f"bot.rules.{key}", f"cogs.rulesets.{key}"))


def extension(module: str) -> str:
    """The extension a module of ``cogs`` is part of: a shared one (``cogs.game``), or a ruleset's module or package
    (``cogs.rulesets.qotd`` for ``cogs.rulesets.qotd.cast``)."""
    return ".".join(module.split(".")[:3 if module.startswith("cogs.rulesets.") else 2])


def crosses(module: str, other: str) -> bool:
    """Whether ``module`` importing ``other`` reaches into another extension (or the package ``cogs`` itself)."""
    return other.startswith("cogs") and extension(other) != extension(module)


def spelt(module: str) -> set[str]:
    """The ruleset keys a module writes in a string (docstrings aside), as a word: ``"qotd"``, ``"qotd:{id}"``."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree(module))
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    texts = [node.value for node in ast.walk(tree(module)) if isinstance(node, ast.Constant)
             and isinstance(node.value, str) and id(node) not in docstrings]
    return {key for key in KEYS if any(re.search(rf"\b{key}\b", text) for text in texts)}


def named(module: str) -> set[str]:
    """The rulesets a module that is not theirs names: by importing their package, or by spelling their key. A
    migration is history, which names what the data held when it was written: it is not read."""
    if module.startswith("bot.storage.migrations."):
        return set()
    imported_keys = {key for key in KEYS for other in imports(module) if owns(key, other)}
    return {key for key in imported_keys | spelt(module) if not owns(key, module)}


def test_the_reading_sees_every_kind_of_import():
    """The reader is not blind: it finds a function-local import (the pictures' warm-up imports the gallery) and
    relative ones (``from . import ammo``, ``from ..core.ruleset import exposing``)."""
    assert "bot.pictures.gallery" in imports("bot.pictures")
    assert "bot.rules.shootist.ammo" in imports("bot.rules.shootist.ruleset")
    assert "bot.rules.core.ruleset" in imports("bot.rules.qotd")
    assert set(KEYS) >= {"qotd", "burt", "shootist", "dracula", "norman"}


def test_the_reading_sees_a_ruleset_named_and_whose_it_is():
    """The reader would see a shared module naming a ruleset: it finds each ruleset's key spelt and its package
    imported where they are (in its own extension), and tells its own modules from shared ones."""
    for key in KEYS:
        extension = f"cogs.rulesets.{key}"
        assert key in spelt(extension) or any(owns(key, other) for other in imports(extension)), key
        assert owns(key, f"bot.rules.{key}.ruleset") and owns(key, extension) and owns(key, f"{extension}.part")
        assert not owns(key, "cogs.game") and not owns(key, "bot.glue.acting") and not owns(key, f"bot.rules.{key}x")


def test_no_extension_imports_another():
    """A ruleset's extension package imports its own modules; nothing imports another extension."""
    leaning = {module: sorted(other for other in imports(module) if crosses(module, other))
               for module in modules() if module.startswith("cogs.")}
    assert {module: others for module, others in leaning.items() if others} == {}


def test_an_import_between_extensions_is_caught_and_one_within_a_package_is_not():
    assert "cogs.rulesets.qotd.options" in imports("cogs.rulesets.qotd.cast")
    assert not crosses("cogs.rulesets.qotd.cast", "cogs.rulesets.qotd.options")
    assert not crosses("cogs.rulesets.qotd", "cogs.rulesets.qotd.rolls")
    assert crosses("cogs.rulesets.burt", "cogs.rulesets.qotd.options")
    assert crosses("cogs.rulesets.qotd.cast", "cogs.cast")
    assert crosses("cogs.game", "cogs.help") and crosses("cogs.rulesets.qotdx", "cogs.rulesets.qotd")
    assert crosses("cogs.help", "cogs") and crosses("cogs.rulesets.burt", "cogs.rulesets")
    assert owns("qotd", "cogs.rulesets.qotd.on_the_map") and not owns("qotd", "cogs.rulesets.qotdx")


def test_bot_never_imports_cogs():
    """The launcher finds the extensions by name and discord.py loads them: nothing in ``bot`` imports one."""
    assert {module: sorted(imports(module)) for module in modules() if module.startswith("bot")
            and any(other == "cogs" or other.startswith("cogs.") for other in imports(module))} == {}


def test_a_ruleset_is_named_only_by_its_own_package_and_extension():
    naming = {module: sorted(keys) for module in modules() if (keys := named(module))}
    assert naming == {}, "a shared module names a ruleset: put what it needs into the ruleset protocol"


def test_every_ruleset_has_its_own_extension():
    assert [key for key in KEYS if f"cogs.rulesets.{key}" not in modules()] == []


def cycle_from(start: str) -> list[str] | None:
    """The shortest chain of imports from ``start`` back to itself, if any."""
    paths = {other: [start, other] for other in imports(start)}
    frontier = list(paths)
    while frontier:
        if start in paths:
            return paths[start]
        following = []
        for module in frontier:
            for other in imports(module):
                if other not in paths:
                    paths[other] = [*paths[module], other]
                    following.append(other)
        frontier = following
    return paths.get(start)


def test_no_import_cycle():
    cycles = {module: " → ".join(chain) for module in modules() if (chain := cycle_from(module))}
    assert cycles == {}
