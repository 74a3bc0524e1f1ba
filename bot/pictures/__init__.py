"""Pictures of the game: plain results of the rules engine in, PNG bytes out.

The only package that imports PIL. Every function here is pure (no I/O) and may
run in a worker thread.
"""

from bot.pictures.battlefield import render_battlefield, render_scene, scene_of
from bot.pictures.board import render_board_pages
from bot.pictures.burt import render_burt_roll, render_burt_turn
from bot.pictures.deck import render_deck
from bot.pictures.draws import render_draws
from bot.pictures.roll import render_roll, roll_picture
from bot.pictures.shootout import render_shootist_roll
from bot.pictures.steps import draws_steps, step_picture
from bot.pictures.turn import render_turn

__all__ = ["render_battlefield", "render_board_pages", "render_burt_roll", "render_burt_turn", "render_deck", "render_draws",
           "render_roll", "render_scene", "render_shootist_roll", "render_turn",
           "draws_steps", "roll_picture", "scene_of", "step_picture", "warm_up"]


def warm_up() -> None:
    """Draw one of each picture, so that fonts, cards and dice are loaded before the first real one."""
    from bot.pictures.gallery import sample_battlefield, sample_game, sample_resolution
    from bot.rules.qotd.board import board

    game = sample_game(characters=4, turned=6)
    render_deck(game)
    render_board_pages(board(game), {})
    render_roll(sample_resolution())
    render_turn(tuple(game.deck.turned[-1:]))
    render_battlefield(sample_battlefield(4))
