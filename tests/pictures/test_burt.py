"""Steve Burt's cards as one /draw turns them, and his roll card, read back pixel by pixel."""

from bot.pictures.names import CARD, GAP, MARGIN, character_card, render_name_cards
from bot.pictures.theme import CREAM, FACE, GOLD, INK, RED, WOOD
from bot.rules.burt.ruleset import BURT
from bot.rules.core.pictures import Named, NameCards

from .pixels import count, picture

EVENT, STOP = Named.EVENT, Named.STOP


def render_burt_turn(faces):
    return render_name_cards(NameCards(faces))


def boxes(cards: int) -> list[tuple[int, int, int, int]]:
    return [(MARGIN + i * (CARD.width + GAP), MARGIN, MARGIN + i * (CARD.width + GAP) + CARD.width,
             MARGIN + CARD.height) for i in range(cards)]


def test_stop_is_red_with_cream_lettering_and_event_is_wood_with_gold():
    image = picture(render_burt_turn((EVENT, "Ann", STOP)))
    event, ann, stop = boxes(3)
    assert image.width == stop[2] + MARGIN
    assert count(image, stop, RED) > CARD.width * CARD.height // 2 and count(image, stop, CREAM) > 300
    assert count(image, event, WOOD) > CARD.width * CARD.height // 2 and count(image, event, GOLD) > 300
    assert count(image, ann, FACE) > CARD.width * CARD.height // 3 and count(image, ann, INK) > 50
    assert count(image, ann, RED) == 0 and count(image, event, RED) == 0


def test_a_long_name_stays_on_its_card():
    image = picture(render_burt_turn(("A" * 80,)))
    (card,) = boxes(1)
    right_of_card = (card[2] + 1, 0, image.width, image.height)
    assert count(image, right_of_card, INK) == 0 and count(image, card, INK) > 100


def test_a_card_seen_before_is_not_drawn_again():
    assert character_card("Ann") is character_card("Ann")
    assert render_burt_turn((STOP,)) is render_burt_turn((STOP,))


def fired(*faces):
    from bot.rules.burt.firing import FireRequest
    from tests.rules.burt.game import cast, game, play

    state = game()
    cast(state, "Bob", "cowboy", 1, weapons="rifle")
    cast(state, "Ann", "gunslinger", 2)
    return play(state, FireRequest("bob", "ann", distance=40), *faces)[1]


def test_the_roll_card_shows_each_die_and_colours_its_outcome():
    from bot.pictures.boxed import OUTCOME, WIDTH, render_boxed_card
    from bot.pictures.theme import GREEN, RUST

    miss = picture(render_boxed_card(BURT.picture_of_roll(fired(5))))
    hit = picture(render_boxed_card(BURT.picture_of_roll(fired(6, 7, 1))))               # Hit, Serious, stunned
    assert hit.height > miss.height + 2 * 40
    outcomes = (OUTCOME[0], 0, WIDTH, hit.height)
    assert count(hit, outcomes, GREEN) > 30 and count(hit, outcomes, RED) > 60
    assert count(miss, outcomes, RUST) > 30 and count(miss, outcomes, GREEN) == 0


def test_a_long_turn_goes_on_in_rows():
    from bot.pictures.names import PER_ROW

    image = picture(render_burt_turn(tuple(f"Gun {i}" for i in range(PER_ROW + 3))))
    assert image.width == boxes(PER_ROW)[-1][2] + MARGIN
    assert image.height == 2 * MARGIN + 2 * CARD.height + GAP
