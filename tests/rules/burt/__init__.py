"""Steve Burt's Wild West Skirmish, chart by chart. The registry is imported first, so that the rulesets are
registered in the bot's order (Quick on the Draw first) whichever test imports a ruleset first."""

import bot.rules.registry  # noqa: F401
