"""Shootist: a one-page skirmish game where every skill is a die type, D4 to D12 (`rules/shootist.txt`)."""

from .ruleset import SHOOTIST as RULESET  # noqa: F401  (found by bot.rules.registry)

ORDER = 2
"""Where this ruleset comes among those the bot lists (see :mod:`bot.rules.registry`)."""
