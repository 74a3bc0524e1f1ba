"""Quick on the Draw's status board (its ruleset's Board, drawn as every ruleset's is), read back pixel by pixel on
real engine states."""

import random

import pytest

from bot.pictures import render_board_pages
from bot.pictures.board import board_layout, card_boxes
from bot.pictures.status import CARD_INSET, COLUMNS, ONE_COLUMN_WIDTH, ROW_GAP, ROWS_PER_COLUMN, TWO_COLUMN_WIDTH
from bot.pictures.theme import BLACK, GOLD, INK, PAPER, PAPER_SHADE, RED, RUST, STRIKE, WOOD
from bot.rules.core.pictures import Phrase, Tone
from bot.rules.qotd.board import board, gear, luck_words, weapon_words
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.samples import OWNERS, sample_game
from bot.rules.qotd.sheets import character_sheet
from bot.rules.qotd.shooting import ShotRequest
from bot.rules.qotd.state import Carried, Mount, Role, Trait, WeaponCondition
from bot.rules.qotd.vehicles import add_vehicle, new_vehicle

from tests.rules.scripted import Dice
from tests.rules.test_actions import game, keeping, person

from .pixels import cast, colours, count, picture

HERO, MAIN, SUPPORTING, MINOR = CharacterType


def render_status(state, owners=None):
    """The first page of the game's board."""
    return render_board_pages(board(state), owners)[0]


def box_of(state, key):
    """The box of the row of ``key`` on the board."""
    return next(box for _, placed in board_layout(board(state)) for row, box in placed if row.key == key)


def cards_of(state, key):
    """The boxes of the cards of the row of ``key``."""
    return card_boxes(len(state.characters[key].cards), box_of(state, key))


def test_lost_cards_are_struck_out_and_stunned_ones_greyed():
    state, (hearts, spades) = cast(HERO, HERO)
    lost = [state.wound(c, lethal=True) for c in (hearts, spades)]
    stunned = [state.wound(c, lethal=False) for c in (hearts, spades)]
    image = picture(render_status(state))
    for character in (hearts, spades):
        ink = RED if character is hearts else BLACK
        for card, box in zip(character.cards, cards_of(state, character.key)):
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
        x0, y0, *_ = box_of(state, character.key)
        assert count(image, (x0 + 6, y0 + 8, x0 + 36, y0 + 36), ink) > 20


def test_the_acting_character_is_outlined():
    state, people = cast(HERO, MAIN, MINOR)
    while state.turn()[1] is None:
        pass
    image = picture(render_status(state))
    for character in people:
        x0, y0, x1, _ = box_of(state, character.key)
        outlined = count(image, (x0 + 20, y0, x1 - 20, y0 + 3), GOLD) > 100
        assert outlined == (character is state.acting)


@pytest.mark.parametrize("characters, pages, width", [
    (2, 1, ONE_COLUMN_WIDTH), (12, 1, ONE_COLUMN_WIDTH), (13, 1, TWO_COLUMN_WIDTH), (24, 1, TWO_COLUMN_WIDTH),
    (25, 2, TWO_COLUMN_WIDTH), (30, 2, TWO_COLUMN_WIDTH)])
def test_rows_wrap_into_two_columns_then_pages(characters, pages, width):
    state = sample_game(characters=characters)
    layout = board_layout(board(state))
    images = render_board_pages(board(state), OWNERS)
    assert len(layout) == len(images) == pages
    assert images[:1] == render_board_pages(board(state), OWNERS, 1)
    assert sorted(row.key for _, placed in layout for row, _ in placed) == sorted(state.characters)
    for (size, placed), data in zip(layout, images):
        image = picture(data)
        assert image.size == size and image.width == width
        assert len(placed) <= ROWS_PER_COLUMN * COLUMNS
        columns = 1 if characters <= ROWS_PER_COLUMN else min(COLUMNS, len(placed))
        assert len({box[0] for _, box in placed}) == columns
        for _, (x0, _, x1, y1) in placed:
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
        x0, y0, x1, y1 = box_of(state, key)
        card = cards_of(state, key)[0]
        gap = (card[0] - CARD_INSET + 1, y0 + 4, card[0] - 1, card[3])  # beside the cards, above the gear
        assert colours(image, gap) == {PAPER_SHADE}, state.characters[key].name[:20]
        assert colours(image, (x0, y1, x1, y1 + ROW_GAP)) == {PAPER}


def test_weapons_show_their_ammunition():
    assert weapon_words(Carried("derringer", loaded=1)) == Phrase("Derringer 1/2")
    assert weapon_words(Carried("single_action_revolver", loaded=6)) == Phrase("Single action revolver loaded")
    assert weapon_words(Carried("single_action_revolver", loaded=0)) == Phrase("Single action revolver empty",
                                                                               Tone.TROUBLE)
    assert weapon_words(Carried("single_action_revolver", loaded=3, condition=WeaponCondition.JAMMED)) == Phrase(
        "Single action revolver jammed", Tone.TROUBLE)
    assert weapon_words(Carried("bowie_knife")) == Phrase("Bowie Knife")


def test_gear_lists_weapons_mount_and_armour():
    state, (hero,) = cast(HERO)
    assert gear(hero) == (Phrase("unarmed", Tone.ASIDE),)
    hero.weapons = [Carried("repeating_rifle", loaded=5)]
    hero.mount = Mount("horse", 3, hits=1)
    hero.armour = "minimal"
    assert [phrase.text for phrase in gear(hero)] == ["Repeating rifle loaded", "horse 1/3 hits", "minimal armour"]
    hero.mount.hits = 3
    assert gear(hero)[1] == Phrase("horse 3/3 hits collapsed", Tone.TROUBLE)


def test_an_empty_cast_still_draws_a_board():
    state, _ = cast()
    assert picture(render_status(state)).width == ONE_COLUMN_WIDTH


def test_vehicles_have_rows_after_the_characters_with_their_damage_in_red():
    state, (driver,) = cast(HERO)
    coach = add_vehicle(state, new_vehicle("coach", "Deadwood Coach", 100, "stagecoach"))
    coach.aboard = {driver.key: Role.DRIVER}
    wreck = add_vehicle(state, new_vehicle("wreck", "Old Wagon", 100, "wagon"))
    wreck.destroyed = True
    [(_, placed)] = board_layout(board(state))
    assert [row.key for row, _ in placed] == [driver.key, "coach", "wreck"]
    image = picture(render_status(state))
    for vehicle, wheel in ((coach, INK), (wreck, RUST)):
        row, (x0, y0, x1, y1) = next((row, box) for row, box in placed if row.key == vehicle.key)
        assert row.cards == ()
        assert count(image, (x0 + 4, y0 + 6, x0 + 23, y0 + 25), wheel) > 30
        assert (count(image, (x0 + 28, y0 + 26, x1, y1), RED) > 20) == vehicle.destroyed


def test_the_board_counts_down_what_the_rules_count_and_says_loaded_for_what_they_do_not():
    """1440-1466: a double-barrelled gun is reloaded when both barrels are fired, so its barrels count down on
    the board; a revolver is reloaded when a 1 is thrown, so it shows loaded until then, never a count that the
    rules do not keep (ruling 582). Shots fired by the engine."""
    doc = person("doc", HERO, weapons=("double_barrelled", "single_action_revolver"))
    state = game(doc, person("kid", MINOR, owner=2))
    shotgun, revolver = (lambda s: gear(s.characters["doc"])[0].text), (lambda s: gear(s.characters["doc"])[1].text)
    assert (shotgun(state), revolver(state)) == ("Double-barrelled shotgun 2/2", "Single action revolver loaded")
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=36, weapon="double_barrelled"), Dice(7, 3, 4, 3))
    assert shotgun(state) == "Double-barrelled shotgun 1/2"
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=10, weapon="single_action_revolver"),
                       Dice(7, 3, 4, 3))
    assert revolver(state) == "Single action revolver loaded"
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=10, weapon="single_action_revolver"),
                       Dice(7, 3, 4, 1))
    assert revolver(state) == "Single action revolver empty"
    weapons = dict((title, what) for title, what, _ in character_sheet(state.characters["doc"]).fields)["Weapons"]
    assert weapons == "Double-barrelled shotgun 1/2, Single action revolver empty"      # /cast show says the same


def test_lucky_re_rolls_left_are_on_the_board():
    """250-252, ruling 12: a Lucky character's re-rolls are counted for the game; the board says how many are left."""
    state, (hero, other) = cast(HERO, HERO)
    hero.traits.append(Trait("lucky"))
    assert luck_words(state, hero) == (Phrase(f"Lucky: {state.settings.lucky_rerolls} re-rolls left"),)
    assert luck_words(state, other) == ()
    hero.lucky_used = state.settings.lucky_rerolls - 1
    assert luck_words(state, hero) == (Phrase("Lucky: 1 re-roll left"),)
    hero.lucky_used = state.settings.lucky_rerolls
    assert luck_words(state, hero) == (Phrase("Lucky: 0 re-rolls left", Tone.TROUBLE),)
    assert luck_words(state, hero)[0] in next(row for row in board(state).rows if row.key == hero.key).words
    before = picture(render_status(state))
    hero.lucky_used = 0
    assert picture(render_status(state)).tobytes() != before.tobytes()


def test_a_card_given_up_to_cut_is_marked_out_on_the_board():
    """A card taken out of the phase for Cut! is marked OUT on its row, in the wood-brown band of /deck."""
    state, (hero, _) = cast(HERO, HERO)
    state.shuffle(random.Random(3))
    card = state.sacrifice(hero)
    image = picture(render_status(state))
    for each, box in zip(hero.cards, cards_of(state, hero.key)):
        assert (count(image, box, WOOD) > 20) == (each == card), each
