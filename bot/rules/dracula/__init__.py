"""Dracula's America, from Osprey's quick reference (``shared/rules/draculas-america-quick-reference.md``,
cited as DA and its line numbers)."""

from ..core.ruleset import exposing

__getattr__ = exposing(f"{__name__}.ruleset", "DRACULA")
"""``RULESET``: the ruleset, found by :mod:`bot.rules.registry`."""

ORDER = 3
"""Where this ruleset comes among those the bot lists (see :mod:`bot.rules.registry`)."""
