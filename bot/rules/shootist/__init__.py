"""Shootist: a one-page skirmish game where every skill is a die type, D4 to D12 (`rules/shootist.txt`)."""

from ..core.ruleset import exposing

__getattr__ = exposing(f"{__name__}.ruleset", "SHOOTIST")
"""``RULESET``: the ruleset, found by :mod:`bot.rules.registry`."""

ORDER = 2
"""Where this ruleset comes among those the bot lists (see :mod:`bot.rules.registry`)."""
