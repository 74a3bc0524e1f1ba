"""The status board of another ruleset (bot/pictures/board.py), drawn from its Board and read back pixel by pixel."""

import pytest

from bot.pictures import render_board_pages
from bot.pictures.status import COLUMNS, ONE_COLUMN_WIDTH, ROW_GAP, ROWS_PER_COLUMN, TWO_COLUMN_WIDTH, pages_of
from bot.pictures.theme import GOLD, INK, MUTED, PAPER, RED
from bot.rules.core.pictures import Board, BoardRow, Phrase

from .pixels import colours, count, picture


def board(rows: int, **row) -> Board:
    return Board("Turn 2", [BoardRow(f"Gunman {n}", n, ("Shock",), (("Hits", "2"), ("Draw", "D8")), key=str(n),
                                     **row) for n in range(rows)], "3 to come")


@pytest.mark.parametrize("rows, pages, width", [(0, 1, ONE_COLUMN_WIDTH), (12, 1, ONE_COLUMN_WIDTH),
                                                (13, 1, TWO_COLUMN_WIDTH), (25, 2, TWO_COLUMN_WIDTH)])
def test_rows_wrap_into_two_columns_then_pages_as_quick_on_the_draws_board(rows, pages, width):
    images = [picture(data) for data in render_board_pages(board(rows))]
    layout = pages_of(rows)
    assert len(images) == pages and all(image.width == width for image in images)
    for (size, boxes), image in zip(layout, images):
        assert image.size == size and len(boxes) <= ROWS_PER_COLUMN * COLUMNS
        for x0, _, x1, y1 in boxes:
            assert colours(image, (x0, y1, x1, y1 + ROW_GAP)) == {PAPER}, "something spilled out of a row"
    assert len(render_board_pages(board(25), most=1)) == 1


def test_whose_turn_it_is_is_outlined_and_the_down_are_greyed_with_their_words_in_red():
    shown = Board("Turn 1", [BoardRow("Kid", 1, ("Shock",), (("Hits", "1"),), key="kid", acting=True),
                             BoardRow("Ann", 2, ("Down",), (("Hits", "4"),), down=True, key="ann")])
    image = picture(render_board_pages(shown)[0])
    (x0, y0, x1, y1), (a0, b0, a1, b1) = pages_of(2)[0][1]
    assert count(image, (x0 + 20, y0, x1 - 20, y0 + 3), GOLD) > 100
    assert count(image, (a0 + 20, b0, a1 - 20, b0 + 3), GOLD) == 0
    assert count(image, (a0, b0 + 40, a0 + 200, b1), RED) > 20 and count(image, (x0, y0 + 40, x0 + 200, y1), RED) == 0
    assert count(image, (a0, b0, a0 + 200, b0 + 26), MUTED) > count(image, (x0, y0, x0 + 200, y0 + 26), MUTED)


def test_a_rows_gear_is_written_on_its_last_line_its_states_moved_up_beside_its_type():
    """A Dracula model's weapons and skills are its gear: drawn in ink under the type and states, as Quick on the
    Draw's board writes its weapons; a row without gear keeps its states on the last line."""
    bare = Board("Turn 1", [BoardRow("Kid", 1, ("Shock",), (("Grit", "D8"),), key="kid", kind="Novice")])
    kitted = Board("Turn 1", [BoardRow("Kid", 1, ("Shock",), (("Grit", "D8"),), key="kid", kind="Novice",
                                       gear=tuple(map(Phrase, ("Heavy Pistol", "Shotgun", "Deadeye"))))])
    (x0, y0, x1, y1), = pages_of(1)[0][1]
    last_line, middle = (x0, y0 + 42, x0 + 300, y1), (x0, y0 + 26, x0 + 300, y0 + 42)
    plain, with_kit = (picture(render_board_pages(b)[0]) for b in (bare, kitted))
    assert count(with_kit, last_line, INK) > 2 * count(plain, last_line, INK) > 0
    assert count(with_kit, middle, INK) > count(plain, middle, INK)          # "Shock" beside the type
