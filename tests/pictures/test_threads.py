"""The bot draws pictures in worker threads: drawn in several at once, they come out as drawn one by one."""

from concurrent.futures import ThreadPoolExecutor

from bot.pictures import draw, render_board_pages
from bot.rules.qotd.board import board
from bot.rules.qotd.pictures import pack
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.samples import OWNERS, sample_game, sample_resolution


def test_pictures_drawn_in_threads_at_once_are_the_same_as_drawn_one_by_one():
    state = sample_game(characters=12, turned=14)
    for index, character in enumerate(state.characters.values()):
        character.name = f"Rider {index} of the threads"  # never drawn before: the threads fill the caches at once
    card = QOTD.picture_of_roll(sample_resolution())
    jobs = [lambda: draw(pack(state)), lambda: render_board_pages(board(state), OWNERS), lambda: draw(card)] * 8
    with ThreadPoolExecutor(8) as pool:
        drawn = list(pool.map(lambda job: job(), jobs))
    assert drawn == [job() for job in jobs]
