"""Quick on the Draw: the ruleset the Director plays first."""

from .ruleset import QOTD as RULESET  # noqa: F401  (found by bot.rules.registry)

ORDER = 0
"""Where this ruleset comes among those the bot lists (see :mod:`bot.rules.registry`)."""
