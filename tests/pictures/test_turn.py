"""The picture of the cards a /draw turns, read back pixel by pixel."""

import pytest

from bot.pictures import render_turn
from bot.pictures.sprites import card_face
from bot.pictures.theme import BLACK, FACE, RED
from bot.pictures.turn import BADGE, GAP, MARGIN, TURNED
from bot.rules.core.cards import BLACK_JOKER, RED_JOKER, Card
from bot.rules.core.dice import Luck

from .pixels import count, picture, runs

KING = Card.parse("KH")
TEN = Card.parse("10S")


def card_boxes(cards: int) -> list[tuple[int, int, int, int]]:
    top = MARGIN + BADGE // 3
    return [(MARGIN + i * (TURNED.width + GAP), top, MARGIN + i * (TURNED.width + GAP) + TURNED.width,
             top + TURNED.height) for i in range(cards)]


@pytest.mark.parametrize("cards", [(KING,), (RED_JOKER, TEN), (BLACK_JOKER, RED_JOKER, KING)])
def test_each_card_turned_is_a_face_in_its_suits_colour(cards):
    image = picture(render_turn(cards))
    boxes = card_boxes(len(cards))
    assert image.width == boxes[-1][2] + MARGIN
    middle = boxes[0][1] + TURNED.height // 2
    faces = runs(image, middle, FACE, TURNED.width // 4)
    assert len(faces) >= len(cards)
    for card, box in zip(cards, boxes):
        ink, other = (RED, BLACK) if card.is_red else (BLACK, RED)
        assert count(image, box, ink) > 100, f"{card} is not drawn in its colour"
        assert count(image, box, other) == 0


@pytest.mark.parametrize("mark, colour", [(Luck.RED, RED), (Luck.BLACK, BLACK)])
def test_the_card_a_joker_marked_carries_its_badge(mark, colour):
    image = picture(render_turn((RED_JOKER if mark is Luck.RED else BLACK_JOKER, TEN), mark))
    right = card_boxes(2)[1]
    corner = (right[2] - BADGE, 0, right[2] + BADGE // 3, right[1] + BADGE)
    plain = picture(render_turn((RED_JOKER if mark is Luck.RED else BLACK_JOKER, TEN)))
    assert count(image, corner, colour) > count(plain, corner, colour) + 200


def test_a_turn_seen_before_is_not_drawn_again():
    assert render_turn((KING,)) is render_turn((KING,))
    assert card_face(KING, TURNED) is card_face(KING, TURNED)
