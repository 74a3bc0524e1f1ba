"""Shootist's Draw picture, read back pixel by pixel."""

from bot.pictures import draw
from bot.pictures.draws import CELL, DIE, HEADER, MIN_WIDTH, PER_ROW, ROW, render_draws as render_order
from bot.pictures.theme import FACE, GOLD, MARGIN, WOOD
from bot.rules.core.pictures import Drawn, DrawOrder
from bot.rules.shootist.ruleset import SHOOTIST
from tests.rules.shootist.table import Dice, game

from .pixels import count, picture

DRAWS = (("Doc", 10, 9), ("Kid", 4, 4), ("Ann", 6, 3), ("Bob", 8, 2), ("Red Cloud", 12, 1))


def render_draws(title, draws):
    """The Draw of ``draws`` as (name, die sides, rolls ...)."""
    return render_order(DrawOrder(title, tuple(Drawn(name, sides, tuple(rolls)) for name, sides, *rolls in draws)))


def cell(index: int, start: int = MARGIN) -> tuple[int, int, int, int]:
    left = start + (index % PER_ROW) * CELL
    top = HEADER + MARGIN + (index // PER_ROW) * ROW
    return (left, top, left + CELL, top + DIE)


def test_one_die_a_shootist_in_draw_order_the_first_marked():
    image = picture(render_draws("Turn 3: the Draw", DRAWS))
    assert image.width == 2 * MARGIN + len(DRAWS) * CELL
    first = cell(0)
    assert count(image, first, WOOD) > 400 and count(image, first, GOLD) > 50
    for index in range(1, len(DRAWS)):
        box = cell(index)
        assert count(image, box, FACE) > 300, f"die {index + 1} is not drawn"
        assert count(image, box, WOOD) == 0 and count(image, box, GOLD) == 0


def test_each_die_type_has_its_own_shape_and_a_small_draw_is_centred():
    """A D4 (a triangle) covers less of its square than a D6 (a square); three dice sit in the middle of a
    picture wide enough for its title."""
    image = picture(render_draws("Turn 1: the Draw", (("Ann", 8, 1), ("Kid", 4, 4), ("Bob", 6, 4))))
    assert image.width == MIN_WIDTH
    start = (MIN_WIDTH - 3 * CELL) // 2
    assert count(image, cell(0, start), WOOD) > 400
    assert count(image, cell(1, start), FACE) < count(image, cell(2, start), FACE) * 0.7


def test_many_shootists_wrap_onto_rows():
    draws = tuple((f"S{n}", 8, 8 - n % 8) for n in range(PER_ROW + 3))
    image = picture(render_draws("Turn 9: the Draw", draws))
    assert image.width == 2 * MARGIN + PER_ROW * CELL
    assert count(image, cell(PER_ROW + 2), FACE) > 300


def test_a_draw_seen_before_is_not_drawn_again():
    assert render_draws("Turn 3: the Draw", DRAWS) is render_draws("Turn 3: the Draw", DRAWS)


def test_a_tie_shows_the_roll_again_that_placed_each_die():
    """Two shootists tie on 5 and roll again (6 and 3): the Draw picture of that very step shows each die as the
    roll that put it in its place, not the two 5s that left the order open."""
    state = game(("Ann", 1, {}), ("Bob", 2, {}), ("Cal", 2, {}))
    step = SHOOTIST.deal(state, Dice(5, 5, 2, 3, 6))
    tied = picture(draw(SHOOTIST.picture_of_step(state, step)))
    placed = picture(render_draws(step.title, (("Bob", 8, 6), ("Ann", 8, 3), ("Cal", 8, 2))))
    first_roll = picture(render_draws(step.title, (("Bob", 8, 5), ("Ann", 8, 5), ("Cal", 8, 2))))
    start = (MIN_WIDTH - 3 * CELL) // 2
    for index in range(3):
        box = cell(index, start)
        assert tied.crop(box).tobytes() == placed.crop(box).tobytes(), index
    assert tied.crop(cell(0, start)).tobytes() != first_roll.crop(cell(0, start)).tobytes()
