"""Steve Burt's Wild West Skirmish rules: the engine (see ruleset.py)."""
