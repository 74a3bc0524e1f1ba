"""Discord extensions, one per shared feature (each command: check, call the rules, store in one unit of work,
render, reply), and in :mod:`cogs.rulesets` one per ruleset. Each is a leaf: it imports :mod:`bot.glue`, never
another extension. The launcher finds them all (:func:`bot.app.launch.extensions`); there is no list to keep."""
