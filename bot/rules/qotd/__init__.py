"""Quick on the Draw: the ruleset the Director plays first."""

from ..core.ruleset import exposing

__getattr__ = exposing(f"{__name__}.ruleset", "QOTD")
"""``RULESET``: the ruleset, found by :mod:`bot.rules.registry`."""

ORDER = 0
"""Where this ruleset comes among those the bot lists (see :mod:`bot.rules.registry`)."""
