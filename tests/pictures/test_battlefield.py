"""The map picture, read back pixel by pixel on real engine states."""

import pickle

import pytest

from bot.pictures import battlefield, render_scene, theme
from bot.pictures.battlefield import HEADER, RULER, scale
from bot.pictures.theme import BLACK, FACE, GREY, RED, RUST, STRIKE, WOOD, WOODS
from bot.rules.core.geometry import Rect
from bot.rules.qotd.battlefield import Area, Token
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.pictures import scene
from bot.rules.qotd.samples import sample_battlefield
from bot.rules.qotd.sets import ready
from bot.rules.qotd.state import Condition
from bot.rules.qotd.vehicles import add_vehicle, new_vehicle

from .pixels import cast, colours, count, picture


def render_battlefield(state):
    """The game's map, as the bot draws it."""
    return render_scene(scene(state))


def pixel_box(state, p, reach):
    s = scale(state.battlefield)
    x, y = RULER + p[0] * s, HEADER + RULER + p[1] * s
    return (round(x - reach), round(y - reach), round(x + reach), round(y + reach))


def on_a_map(*places, set_key="prairie"):
    state, people = cast(*[CharacterType.MAIN] * len(places))
    state.battlefield = ready(set_key)
    for person, at in zip(people, places):
        state.battlefield.place(Token(person.key, at))
    return state, people


def test_it_is_phone_sized_and_within_the_picture_budget():
    """Discord shows a picture about 400 px wide on a phone: the map is drawn some 640 px wide."""
    image = picture(render_battlefield(sample_battlefield()))
    assert 560 <= image.width <= 700


def test_each_token_is_in_its_players_suit_colour():
    state, (hearts, spades) = on_a_map((10, 10), (30, 10))
    image = picture(render_battlefield(state))
    assert count(image, pixel_box(state, (10, 10), 8), RED) > 20 and count(image, pixel_box(state, (10, 10), 8), BLACK) == 0
    assert count(image, pixel_box(state, (30, 10), 8), BLACK) > 20 and count(image, pixel_box(state, (30, 10), 8), RED) == 0


def test_a_knocked_out_character_is_struck_through_in_grey():
    state, (kid,) = on_a_map((10, 10))
    image = picture(render_battlefield(state))
    assert count(image, pixel_box(state, (10, 10), 8), STRIKE) == 0
    state.take_out_of_action(kid, Condition.KNOCKED_OUT)
    image = picture(render_battlefield(state))
    box = pixel_box(state, (10, 10), 10)
    assert count(image, box, STRIKE) > 10 and count(image, box, GREY) > 10 and count(image, box, RED) == 0


def test_a_prone_character_lies_flat():
    state, (kid,) = on_a_map((10, 10))
    s = scale(state.battlefield)
    standing = picture(render_battlefield(state))
    kid.conditions.add(Condition.PRONE)
    lying = picture(render_battlefield(state))
    top_of_disc = pixel_box(state, (10, 10 - 0.7), s * 0.25)
    assert FACE in colours(standing, top_of_disc) and FACE not in colours(lying, top_of_disc)


def test_terrain_shows_in_its_colours():
    state, _ = on_a_map(set_key="ranch")
    image = picture(render_battlefield(state))
    assert count(image, pixel_box(state, (15, 8), 10), WOOD) > 100            # the ranch house's roof
    assert count(image, pixel_box(state, (9, 36), 10), WOODS) > 100           # the cottonwoods


def test_the_last_move_and_the_last_shot_are_drawn():
    state = sample_battlefield()
    image = picture(render_battlefield(state))
    everywhere = (0, 0, image.width, image.height)
    assert state.battlefield.last_shot.words.startswith("7 paces, in hard cover")
    state.battlefield.last_shot = None
    state.battlefield.last_path = []
    plain = picture(render_battlefield(state))
    assert count(image, everywhere, RUST) > 50 and count(plain, everywhere, RUST) == 0
    assert count(plain, everywhere, STRIKE) < count(image, everywhere, STRIKE)


def test_a_token_moved_on_the_same_set_is_drawn_where_it_stands_now_and_gone_from_where_it_stood():
    """The set's terrain is compressed once and reused where a picture does not differ from it: the bands a
    token left show the bare terrain again, those it came to show the token."""
    state, (hearts,) = on_a_map((10, 10))
    before = picture(render_battlefield(state))
    state.battlefield.place(Token(hearts.key, (40, 30)))
    after = picture(render_battlefield(state))
    bare = picture(render_battlefield(on_a_map()[0]))
    assert count(before, pixel_box(state, (10, 10), 8), RED) > 20
    assert count(after, pixel_box(state, (10, 10), 8), RED) == 0 and count(after, pixel_box(state, (40, 30), 8), RED) > 20
    away = (0, 0, after.width, pixel_box(state, (40, 30), 30)[1])             # every row above the token
    assert after.crop(away).tobytes() == bare.crop(away).tobytes()


def test_a_vehicle_is_a_wagon_bed_and_a_loose_mount_a_brown_disc():
    state, _ = on_a_map()
    add_vehicle(state, new_vehicle("stage", "Stage", 100, "stagecoach"))
    state.battlefield.place(Token("stage", (20, 20), kind="vehicle"))
    state.battlefield.place(Token("Bay mare", (40, 20), kind="mount"))
    image = picture(render_battlefield(state))
    assert count(image, pixel_box(state, (20, 20), 6), WOOD) > 60
    assert count(image, pixel_box(state, (40, 20), 4), RUST) > 20


def test_a_game_without_a_map_has_no_map_picture():
    state, _ = cast(*[])
    with pytest.raises(ValueError):
        scene(state)


def fresh(state):
    """The map drawn with no token kept from an earlier picture."""
    battlefield._token.cache_clear()
    theme.sketch.cache_clear()
    return render_battlefield(state)


def test_a_token_kept_from_an_earlier_picture_is_drawn_again_when_it_changes():
    """Tokens are kept drawn between pictures: whatever the token shows changing (cards left, lying prone, out
    of the fight, its place to a fraction of a pace, its facing) draws it anew, and a kept token is the very
    pixels drawn afresh."""
    state, (kid, doc) = on_a_map((10, 10), (30.5, 12.25))
    pictures = [render_battlefield(state)]
    changes = [lambda: kid.lost.append(kid.cards[0]), lambda: kid.conditions.add(Condition.PRONE),
               lambda: state.take_out_of_action(doc, Condition.KNOCKED_OUT),
               lambda: state.battlefield.place(Token(kid.key, (10.5, 10))),
               lambda: state.battlefield.place(Token(kid.key, (10.5, 10), facing=90))]
    for change in changes:
        change()
        pictures.append(render_battlefield(state))
        assert pictures[-1] == fresh(state)
        assert render_battlefield(state) == pictures[-1]
    assert len(set(pictures)) == len(pictures)


def test_the_scene_sent_to_a_picture_worker_draws_the_games_map():
    """A picture worker is sent the scene (the set and its tokens as drawn), not the whole game."""
    state = sample_battlefield()
    shown = scene(state)
    assert render_scene(pickle.loads(pickle.dumps(shown))) == render_battlefield(state)
    assert len(pickle.dumps(shown)) * 2 < len(pickle.dumps(state))
    assert len(shown.figures) == len(state.battlefield.tokens)


def test_the_terrain_kept_from_an_earlier_picture_is_drawn_again_when_the_set_changes():
    """The set's terrain is drawn once and kept by what it is: woods added to the set show at once."""
    state, _ = on_a_map()
    before = picture(render_battlefield(state))
    state.battlefield.areas = [*state.battlefield.areas, Area("woods", Rect(40, 30, 8, 6))]
    after = picture(render_battlefield(state))
    assert count(before, pixel_box(state, (44, 33), 10), WOODS) == 0
    assert count(after, pixel_box(state, (44, 33), 10), WOODS) > 100
