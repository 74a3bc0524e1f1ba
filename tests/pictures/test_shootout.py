"""Shootist's roll card, read back pixel by pixel."""

from bot.pictures.typed import HEADER, ROW, render_typed_card
from bot.pictures.theme import GOLD, GREEN, RED, WOOD
from bot.rules.core.actions import perform
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.shooting import ShootRequest
from tests.rules.shootist.table import Dice, dealt, game

from .pixels import count, picture


def render_shootist_roll(resolution):
    return render_typed_card(SHOOTIST.picture_of_roll(resolution))


def shot(*faces, bob=None):
    state = dealt(game(("Ann", 1, {}), ("Bob", 2, bob or {})), 6, 2)
    return perform(state, ShootRequest("ann", "bob", hexes=4), Dice(*faces))[1]


def test_a_hit_shows_each_die_and_the_outcome_in_red():
    image = picture(render_shootist_roll(shot(6, 2, 9)))
    assert image.height > HEADER + 3 * ROW
    assert count(image, (0, HEADER, image.width, image.height), RED) > 30
    assert count(image, (0, HEADER, image.width, image.height), GREEN) == 0


def test_a_miss_is_green_and_luckys_kept_die_is_marked():
    """SH 118: Lucky rolls the dodge twice; the higher, kept, is the dark die."""
    image = picture(render_shootist_roll(shot(3, 5, 2, bob={"abilities": "Lucky"})))
    assert count(image, (0, HEADER, image.width, image.height), GREEN) > 30
    assert count(image, (0, HEADER, image.width, image.height), WOOD) > 200
    assert count(image, (0, HEADER, image.width, image.height), GOLD) > 30
    plain = picture(render_shootist_roll(shot(3, 5)))
    assert count(plain, (0, HEADER, plain.width, plain.height), WOOD) == 0
