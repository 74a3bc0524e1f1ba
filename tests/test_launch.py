"""Start-up finds what it plays, with no list to edit: a ruleset is a package of ``bot.rules`` that exposes
``RULESET`` (bot/rules/registry.py), its commands a module or a package of ``cogs/rulesets`` (bot/app/launch.py).
High Noon, the tests' ruleset, is dropped in beside the others to show it."""

from __future__ import annotations

import importlib
import sys

import pytest

import bot.rules
from bot.app.launch import extensions
from bot.rules import registry
from bot.rules.core.ruleset import RULESETS


@pytest.fixture
def high_noon_beside_the_others(tmp_path):
    """High Noon as a package ``bot.rules.highnoon`` and an extension ``cogs.rulesets.duel``, in a folder of
    their own searched with the project's: taken away again after the test."""
    (tmp_path / "rules" / "highnoon").mkdir(parents=True)
    (tmp_path / "rules" / "highnoon" / "__init__.py").write_text("from tests.bot.duel import DUEL as RULESET\n")
    (tmp_path / "extensions").mkdir()
    (tmp_path / "extensions" / "duel.py").write_text("async def setup(bot):\n    pass\n")
    places = [bot.rules.__path__, importlib.import_module("cogs.rulesets").__path__]
    for place, folder in zip(places, ("rules", "extensions")):
        place.append(str(tmp_path / folder))
    before = dict(RULESETS)
    yield
    for place, folder in zip(places, ("rules", "extensions")):
        place.remove(str(tmp_path / folder))
    sys.modules.pop("bot.rules.highnoon", None)
    RULESETS.clear()
    RULESETS.update(before)


def test_the_rulesets_are_found_in_the_order_their_packages_give():
    assert list(RULESETS)[:5] == ["qotd", "burt", "shootist", "dracula", "norman"]
    assert [rules.key for rules in registry.FOUND] == list(RULESETS)[:len(registry.FOUND)]


def test_a_new_ruleset_package_is_found_and_listed_after_those_that_give_their_order(high_noon_beside_the_others):
    found = registry.discover()
    assert [rules.key for rules in found][-1] == "duel"
    assert list(RULESETS) == ["qotd", "burt", "shootist", "dracula", "norman", "duel"]


def test_every_extension_is_found_the_shared_ones_first(high_noon_beside_the_others):
    found = extensions()
    shared = [name for name in found if not name.startswith("cogs.rulesets.")]
    assert found[:len(shared)] == tuple(shared), "a ruleset's extension before a shared one"
    assert {"cogs.game", "cogs.cast", "cogs.rolls", "cogs.rulesets.qotd", "cogs.rulesets.norman",
            "cogs.rulesets.duel"} <= set(found)
    assert "cogs.rulesets" not in found and "cogs.rulesets.qotd.cast" not in found   # a package is one extension
    assert found.index("cogs.cast") < found.index("cogs.rulesets.qotd")   # it adds its verbs to /cast
