"""The deck picture, read back pixel by pixel on real engine states."""

import pytest

from bot.pictures.deck import LAYER_STEP, LAYERS, WIDTH, deck_layout, render_deck
from bot.pictures.sprites import SMALL
from bot.pictures.theme import BACK, BLACK, FACE, PAPER, RED, WOOD
from bot.rules.core.cards import BLACK_JOKER, RED_JOKER
from bot.rules.core.dice import Luck
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.pictures import joker_marks, pack
from bot.rules.qotd.samples import sample_game

from .pixels import cast, colours, count, picture, runs

HERO, MAIN, SUPPORTING, MINOR = CharacterType


def stacked(first: list, state) -> None:
    """Put the jokers and cards in ``first`` (None for "the next card") on top of the pack."""
    cards = [c for c in state.deck.to_come if not c.is_joker]
    top = [card or cards.pop(0) for card in first]
    state.deck.to_come = top + [c for c in cards if c not in top]
    state.check()


@pytest.mark.parametrize("turned", [0, 1, 13, 14, 20, 30])
def test_every_card_turned_is_drawn_as_a_card_face(turned):
    state = sample_game(characters=14, turned=turned)
    image = picture(render_deck(pack(state)))
    layout = deck_layout(pack(state))
    assert image.size == layout.size
    tops = sorted({box[1] for box in layout.turned})
    faces = [run for top in tops for run in runs(image, top + 2, FACE, SMALL.width // 2)]
    assert len(faces) == len(state.deck.turned) == turned
    assert all(box[0] < start < end < box[2] for (start, end), box in zip(faces, layout.turned))
    if not turned:
        label = layout.turned_label
        assert count(image, (0, label + 14, WIDTH, label + 14 + SMALL.height), FACE) == 0


def test_suits_are_red_or_black_and_jokers_have_a_frame():
    state = sample_game(turned=25)
    image = picture(render_deck(pack(state)))
    for card, box in zip(state.deck.turned, deck_layout(pack(state)).turned):
        left = colours(image, (box[0], box[1], (box[0] + box[2]) // 2, box[3]))  # clear of any joker badge
        ink, other = (RED, BLACK) if card.is_red else (BLACK, RED)
        assert ink in left and other not in left, card
        frame = image.getpixel((box[0] + 4, (box[1] + box[3]) // 2))
        assert frame == (ink if card.is_joker else FACE), card


def test_a_joker_marks_the_card_turned_after_it():
    state, _ = cast(HERO, HERO, MAIN)
    stacked([RED_JOKER, None, None, BLACK_JOKER, None], state)
    for _ in range(5):
        state.turn()
    assert joker_marks(state) == {1: Luck.RED, 4: Luck.BLACK}
    image = picture(render_deck(pack(state)))
    layout = deck_layout(pack(state))
    for index, box in enumerate(layout.turned):
        above = (box[2] - 17, box[1] - 8, box[2] + 9, box[1])  # where a badge stands out over the card
        reds, blacks = count(image, above, RED), count(image, above, BLACK)
        assert reds > 20 if index == 1 else reds == 0
        assert blacks > 20 if index == 4 else blacks == 0
    big = layout.current
    assert count(image, (big[2] - 29, big[1] - 14, big[2] + 15, big[1]), BLACK) > 40


def test_a_red_and_a_black_joker_in_a_row_cancel_out():
    state, _ = cast(HERO, MAIN)
    stacked([RED_JOKER, BLACK_JOKER, None], state)
    for _ in range(3):
        state.turn()
    assert joker_marks(state) == {}


def test_cards_taken_out_are_drawn_out():
    state, (hero, *_) = cast(HERO, MAIN)
    state.turn()
    state.sacrifice(hero)
    image = picture(render_deck(pack(state)))
    layout = deck_layout(pack(state))
    assert len(layout.out) == 1 and layout.out_label
    box = layout.out[0]
    assert count(image, box, FACE) == 0 and count(image, box, WOOD) > 100


def test_the_cards_to_come_are_a_stack_until_the_pack_is_spent():
    state, _ = cast(HERO, MINOR)
    stack = deck_layout(pack(state)).stack
    area = (stack[0], stack[1] - LAYER_STEP * LAYERS, stack[2] + LAYER_STEP * LAYERS, stack[3])
    assert count(picture(render_deck(pack(state))), area, BACK) > 1000
    while state.deck.to_come:
        state.turn()
    assert count(picture(render_deck(pack(state))), area, BACK) == 0


def test_before_the_deal_there_is_no_card_up():
    state, _ = cast(HERO)
    state.deck = type(state.deck)()
    layout = deck_layout(pack(state))
    assert count(picture(render_deck(pack(state))), layout.current, FACE) == 0


@pytest.mark.parametrize("name", ["x" * 5000, "محمد بن عبد الله الراشد" * 20, "🤠🐎🔫" * 300, "李小龙" * 400,
                                  "Zalgo" + "\u0301\u0316\u0327" * 200, "line\nbreak\ttab\x00" * 100])
def test_a_long_name_of_any_script_is_cut_before_the_pack(name):
    state, (hero,) = cast(HERO)
    hero.name = name
    while state.turn()[1] is None:
        pass
    layout = deck_layout(pack(state))
    image = picture(render_deck(pack(state)))
    assert image.width == WIDTH
    right = layout.beside[2]
    assert colours(image, (right + 1, layout.current[1], layout.stack[0] - 1, layout.stack[3])) == {PAPER}
