"""Director: a Discord bot that umpires Quick on the Draw. Start it with ``python -m bot``."""
