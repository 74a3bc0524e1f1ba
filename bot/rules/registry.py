"""Every ruleset the bot plays, found rather than listed: each package of :mod:`bot.rules` whose ``__init__``
exposes ``RULESET`` is one. Importing this module imports them all, so that each is in
:data:`bot.rules.core.ruleset.RULESETS`, in the order their packages give as ``ORDER`` (then by key; a package
that gives none comes last): the first is the one ``/game start`` plays when none is named (ruling 470).

A new ruleset is a package ``bot/rules/<key>/`` whose ``__init__`` imports its ruleset as ``RULESET``: no list
to edit."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

import bot.rules
from bot.rules.core.ruleset import RULESETS, Ruleset

LAST = 1_000
"""The place of a ruleset whose package gives no ``ORDER``."""


def packages() -> list[ModuleType]:
    """Every package of :mod:`bot.rules` that exposes a ``RULESET``, in the order they give."""
    found = [importlib.import_module(f"{bot.rules.__name__}.{module.name}")
             for module in pkgutil.iter_modules(bot.rules.__path__) if module.ispkg]
    playable = [package for package in found if hasattr(package, "RULESET")]
    return sorted(playable, key=lambda package: (getattr(package, "ORDER", LAST), package.RULESET.key))


def discover() -> tuple[Ruleset, ...]:
    """Import every ruleset's package and keep :data:`RULESETS` in their order (a ruleset registered by hand,
    such as a test's, after them). Returns the rulesets found."""
    rulesets = tuple(package.RULESET for package in packages())
    others = {key: rules for key, rules in RULESETS.items() if rules not in rulesets}
    RULESETS.clear()
    RULESETS.update({rules.key: rules for rules in rulesets})
    RULESETS.update(others)
    return rulesets


FOUND = discover()
"""The rulesets found, in order."""
