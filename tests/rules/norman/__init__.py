# The bot imports its registry (Quick on the Draw first) before any other ruleset registers: so do these tests.
from bot.rules import registry  # noqa: F401
