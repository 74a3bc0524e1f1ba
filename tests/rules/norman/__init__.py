# The bot imports its catalogue (Quick on the Draw first) before any other ruleset registers: so do these tests.
from bot.rules import catalogue  # noqa: F401
