"""One extension per ruleset, with that ruleset's own commands only, found by the launcher (bot/app/launch.py)
without a list: a module here named after its ruleset's key (``burt.py``), or a package of that name for one of
several modules (``qotd/``, whose ``__init__`` sets them all up; they import each other, never another extension),
is loaded after every shared extension of ``cogs``."""
