"""Steve Burt's Wild West Skirmish rules: the engine (see ruleset.py)."""

from .ruleset import BURT as RULESET  # noqa: F401  (found by bot.rules.registry)

ORDER = 1
"""Where this ruleset comes among those the bot lists (see :mod:`bot.rules.registry`)."""
