"""One extension per ruleset, with that ruleset's own commands only, found by the launcher (bot/app/launch.py)
without a list: a module here named after its ruleset's key (``qotd.py``), or starting with it
(``qotd_map.py``), is loaded after every shared extension of ``cogs``."""
