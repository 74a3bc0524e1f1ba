"""Pictures of the game: plain results of the rules engine in, PNG bytes out.

The only package that imports PIL. Every function here is pure (no I/O) and may
run in a worker thread.
"""

from .deck import render_deck
from .roll import render_roll
from .status import render_status, render_status_pages
from .turn import render_turn

__all__ = ["render_deck", "render_roll", "render_status", "render_status_pages", "render_turn"]
