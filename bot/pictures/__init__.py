"""Pictures of the game: values of the pictures' vocabulary (:mod:`bot.rules.core.pictures`) in, PNG bytes out.

The only package that imports PIL, and it knows no ruleset: each says what its pictures show, in the vocabulary.
Every function here is pure (no I/O) and may run in a worker thread.
"""

from bot.pictures.battlefield import render_scene
from bot.pictures.board import render_board_pages
from bot.pictures.drawing import draw, roll_picture, step_picture
from bot.pictures.turn import render_turn

__all__ = ["draw", "render_board_pages", "render_scene", "render_turn", "roll_picture", "step_picture", "warm_up"]


def warm_up() -> None:
    """Draw one of each picture, so that fonts, cards and dice are loaded before the first real one: the samples of
    every ruleset (see :mod:`bot.pictures.gallery`)."""
    from bot.pictures.gallery import samples

    for picture in samples().values():
        draw(picture)
