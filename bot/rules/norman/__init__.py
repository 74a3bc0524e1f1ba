"""Mackenzie Norman's card gunfight: a suit a player, cards as actions, Jokers that cancel, True Grit, the
town's face-down Allies, notches over a campaign (the engine; its `/gunfight` commands are to come)."""

from ..core.ruleset import exposing

__getattr__ = exposing(f"{__name__}.ruleset", "NORMAN")
"""``RULESET``: the ruleset, found by :mod:`bot.rules.registry`."""

ORDER = 4
"""Where this ruleset comes among those the bot lists (see :mod:`bot.rules.registry`)."""
