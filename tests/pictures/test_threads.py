"""The bot draws pictures in worker threads: drawn in several at once, they come out as drawn one by one."""

from concurrent.futures import ThreadPoolExecutor

from bot.pictures import render_board_pages, render_deck, render_roll
from bot.pictures.gallery import OWNERS, sample_game, sample_resolution
from bot.rules.qotd.board import board


def test_pictures_drawn_in_threads_at_once_are_the_same_as_drawn_one_by_one():
    state = sample_game(characters=12, turned=14)
    for index, character in enumerate(state.characters.values()):
        character.name = f"Rider {index} of the threads"  # never drawn before: the threads fill the caches at once
    resolution = sample_resolution()
    jobs = [lambda: render_deck(state), lambda: render_board_pages(board(state), OWNERS), lambda: render_roll(resolution)] * 8
    with ThreadPoolExecutor(8) as pool:
        drawn = list(pool.map(lambda job: job(), jobs))
    assert drawn == [job() for job in jobs]
