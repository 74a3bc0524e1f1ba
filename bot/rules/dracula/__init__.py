"""Dracula's America, from Osprey's quick reference (``shared/rules/draculas-america-quick-reference.md``,
cited as DA and its line numbers)."""

from .ruleset import DRACULA as RULESET  # noqa: F401  (found by bot.rules.registry)

ORDER = 3
"""Where this ruleset comes among those the bot lists (see :mod:`bot.rules.registry`)."""
