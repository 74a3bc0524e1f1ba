"""Steve Burt's Wild West Skirmish rules: the engine (see ruleset.py)."""

from ..core.ruleset import exposing

__getattr__ = exposing(f"{__name__}.ruleset", "BURT")
"""``RULESET``: the ruleset, found by :mod:`bot.rules.registry`."""

ORDER = 1
"""Where this ruleset comes among those the bot lists (see :mod:`bot.rules.registry`)."""
