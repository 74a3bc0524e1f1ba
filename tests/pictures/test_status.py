"""The status board, read back pixel by pixel on real engine states."""

import random

import pytest

from bot.pictures import render_status, render_status_pages
from bot.pictures.gallery import OWNERS, sample_game
from bot.pictures.status import (CARD_INSET, COLUMNS, ONE_COLUMN_WIDTH, ROW_GAP, ROWS_PER_COLUMN, TWO_COLUMN_WIDTH, gear,
                               luck_words, status_layout, weapon_words)
from bot.pictures.theme import BLACK, GOLD, INK, PAPER, PAPER_SHADE, RED, RUST, STRIKE, WOOD
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.shooting import ShotRequest
from bot.rules.qotd.state import Carried, Mount, Role, Trait, WeaponCondition
from bot.rules.qotd.vehicles import add_vehicle, new_vehicle

from tests.rules.scripted import Dice
from tests.rules.test_actions import game, keeping, person

from .pixels import cast, colours, count, picture

HERO, MAIN, SUPPORTING, MINOR = CharacterType


def row_of(state, key):
    return next(row for page in status_layout(state) for row in page.rows if row.key == key)


def test_lost_cards_are_struck_out_and_stunned_ones_greyed():
    state, (hearts, spades) = cast(HERO, HERO)
    lost = [state.wound(c, lethal=True) for c in (hearts, spades)]
    stunned = [state.wound(c, lethal=False) for c in (hearts, spades)]
    image = picture(render_status(state))
    for character in (hearts, spades):
        ink = RED if character is hearts else BLACK
        for card, box in zip(character.cards, row_of(state, character.key).cards):
            strikes, inked = count(image, box, STRIKE), count(image, box, ink)
            if card in lost:
                assert strikes > 40, card
            else:
                assert strikes == 0, card
                assert (inked == 0) if card in stunned else (inked > 20), card


def test_the_owner_suit_pip_is_red_or_black():
    state, (hearts, spades) = cast(MAIN, MAIN)
    image = picture(render_status(state))
    for character, ink in ((hearts, RED), (spades, BLACK)):
        x0, y0, *_ = row_of(state, character.key).box
        assert count(image, (x0 + 6, y0 + 8, x0 + 36, y0 + 36), ink) > 20


def test_the_acting_character_is_outlined():
    state, people = cast(HERO, MAIN, MINOR)
    while state.turn()[1] is None:
        pass
    image = picture(render_status(state))
    for character in people:
        x0, y0, x1, _ = row_of(state, character.key).box
        outlined = count(image, (x0 + 20, y0, x1 - 20, y0 + 3), GOLD) > 100
        assert outlined == (character is state.acting)


@pytest.mark.parametrize("characters, pages, width", [
    (2, 1, ONE_COLUMN_WIDTH), (12, 1, ONE_COLUMN_WIDTH), (13, 1, TWO_COLUMN_WIDTH), (24, 1, TWO_COLUMN_WIDTH),
    (25, 2, TWO_COLUMN_WIDTH), (30, 2, TWO_COLUMN_WIDTH)])
def test_rows_wrap_into_two_columns_then_pages(characters, pages, width):
    state = sample_game(characters=characters)
    layout = status_layout(state)
    images = render_status_pages(state, OWNERS)
    assert len(layout) == len(images) == pages
    assert images[0] == render_status(state, OWNERS)
    assert sorted(row.key for page in layout for row in page.rows) == sorted(state.characters)
    for page, data in zip(layout, images):
        image = picture(data)
        assert image.size == page.size and image.width == width
        assert len(page.rows) <= ROWS_PER_COLUMN * COLUMNS
        columns = 1 if characters <= ROWS_PER_COLUMN else min(COLUMNS, len(page.rows))
        assert len({row.box[0] for row in page.rows}) == columns
        for row in page.rows:
            x0, _, x1, y1 = row.box
            assert 0 <= x0 < x1 <= image.width and y1 <= image.height
            assert colours(image, (x0, y1, x1, y1 + ROW_GAP)) == {PAPER}, "something spilled out of a row"


NAMES = ["x" * 5000, "محمد بن عبد الله الراشد" * 20, "🤠 Cowboy 🐎🔫 Joe" * 100, "李小龙 Bruce Lee" * 200,
         "Zalgo" + "\u0301\u0316\u0327\u0352" * 300, "new\nline\ttab\x00\u202e" * 100, "@everyone **bold**"]


def test_names_of_any_script_and_length_are_cut_before_the_cards():
    state = sample_game(characters=len(NAMES) * 2)
    keys = list(state.characters)
    for key, name in zip(keys, NAMES + NAMES):
        state.characters[key].name = name
    image = picture(render_status(state, {u: name for u, name in zip(OWNERS, NAMES)}))
    for key in keys:
        row = row_of(state, key)
        x0, y0, x1, y1 = row.box
        card = row.cards[0]
        gap = (card[0] - CARD_INSET + 1, y0 + 4, card[0] - 1, card[3])  # beside the cards, above the gear
        assert colours(image, gap) == {PAPER_SHADE}, state.characters[key].name[:20]
        assert colours(image, (x0, y1, x1, y1 + ROW_GAP)) == {PAPER}


def test_weapons_show_their_ammunition():
    assert weapon_words(Carried("derringer", loaded=1)) == ("Derringer 1/2", INK)
    assert weapon_words(Carried("single_action_revolver", loaded=6)) == ("Single action revolver loaded", INK)
    assert weapon_words(Carried("single_action_revolver", loaded=0)) == ("Single action revolver empty", RUST)
    assert weapon_words(Carried("single_action_revolver", loaded=3, condition=WeaponCondition.JAMMED)) == (
        "Single action revolver jammed", RUST)
    assert weapon_words(Carried("bowie_knife")) == ("Bowie Knife", INK)


def test_gear_lists_weapons_mount_and_armour():
    state, (hero,) = cast(HERO)
    assert gear(hero) == [("unarmed", gear(hero)[0][1])]
    hero.weapons = [Carried("repeating_rifle", loaded=5)]
    hero.mount = Mount("horse", 3, hits=1)
    hero.armour = "minimal"
    assert [words for words, _ in gear(hero)] == ["Repeating rifle loaded", "horse 1/3 hits", "minimal armour"]
    hero.mount.hits = 3
    assert gear(hero)[1] == ("horse 3/3 hits collapsed", RUST)


def test_an_empty_cast_still_draws_a_board():
    state, _ = cast()
    assert picture(render_status(state)).width == ONE_COLUMN_WIDTH


def test_vehicles_have_rows_after_the_characters_with_their_damage_in_red():
    state, (driver,) = cast(HERO)
    coach = add_vehicle(state, new_vehicle("coach", "Deadwood Coach", 100, "stagecoach"))
    coach.aboard = {driver.key: Role.DRIVER}
    wreck = add_vehicle(state, new_vehicle("wreck", "Old Wagon", 100, "wagon"))
    wreck.destroyed = True
    assert [row.key for row in status_layout(state)[0].rows] == [driver.key, "coach", "wreck"]
    image = picture(render_status(state))
    for vehicle, wheel in ((coach, INK), (wreck, RUST)):
        row = row_of(state, vehicle.key)
        x0, y0, x1, y1 = row.box
        assert row.cards == ()
        assert count(image, (x0 + 4, y0 + 6, x0 + 23, y0 + 25), wheel) > 30
        assert (count(image, (x0 + 28, y0 + 26, x1, y1), RED) > 20) == vehicle.destroyed


def test_the_board_counts_down_what_the_rules_count_and_says_loaded_for_what_they_do_not():
    """1440-1466: a double-barrelled gun is reloaded when both barrels are fired, so its barrels count down on
    the board; a revolver is reloaded when a 1 is thrown, so it shows loaded until then, never a count that the
    rules do not keep (ruling 582). Shots fired by the engine."""
    doc = person("doc", HERO, weapons=("double_barrelled", "single_action_revolver"))
    state = game(doc, person("kid", MINOR, owner=2))
    shotgun, revolver = (lambda s: gear(s.characters["doc"])[0][0]), (lambda s: gear(s.characters["doc"])[1][0])
    assert (shotgun(state), revolver(state)) == ("Double-barrelled shotgun 2/2", "Single action revolver loaded")
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=36, weapon="double_barrelled"), Dice(7, 3, 4, 3))
    assert shotgun(state) == "Double-barrelled shotgun 1/2"
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=10, weapon="single_action_revolver"),
                       Dice(7, 3, 4, 3))
    assert revolver(state) == "Single action revolver loaded"
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=10, weapon="single_action_revolver"),
                       Dice(7, 3, 4, 1))
    assert revolver(state) == "Single action revolver empty"


def test_lucky_re_rolls_left_are_on_the_board():
    """250-252, ruling 12: a Lucky character's re-rolls are counted for the game; the board says how many are left."""
    state, (hero, other) = cast(HERO, HERO)
    hero.traits.append(Trait("lucky"))
    assert luck_words(state, hero) == [(f"Lucky: {state.settings.lucky_rerolls} re-rolls left", INK)]
    assert luck_words(state, other) == []
    hero.lucky_used = state.settings.lucky_rerolls - 1
    assert luck_words(state, hero) == [("Lucky: 1 re-roll left", INK)]
    hero.lucky_used = state.settings.lucky_rerolls
    assert luck_words(state, hero) == [("Lucky: 0 re-rolls left", RUST)]
    before = picture(render_status(state))
    hero.lucky_used = 0
    assert picture(render_status(state)).tobytes() != before.tobytes()


def test_a_card_given_up_to_cut_is_marked_out_on_the_board():
    """A card taken out of the phase for Cut! is marked OUT on its row, in the wood-brown band of /deck."""
    state, (hero, _) = cast(HERO, HERO)
    state.shuffle(random.Random(3))
    card = state.sacrifice(hero)
    image = picture(render_status(state))
    row = row_of(state, hero.key)
    for each, box in zip(hero.cards, row.cards):
        assert (count(image, box, WOOD) > 20) == (each == card), each
