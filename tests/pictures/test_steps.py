"""Each ruleset's step picture, as the ruleset says what it shows in the pictures' vocabulary: the pictures a real
/deal gives, drawn by bot/pictures knowing no ruleset."""

import pickle
import random
import subprocess
import sys

import pytest

from bot.pictures import draw, render_turn, step_picture
from bot.pictures.draws import render_draws
from bot.pictures.names import render_name_cards
from bot.pictures.worker import PICTURES
from bot.rules import registry  # noqa: F401 (registers every playable ruleset)
from bot.rules.burt.ruleset import BURT
from bot.rules.core.cards import Card
from bot.rules.core.pictures import Drawn, DrawOrder, Named, NameCards, Pack
from bot.rules.core.ruleset import CastSpec, Ruleset, Step
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.samples import sample_game
from bot.rules.shootist.ruleset import SHOOTIST


def cast(ruleset, names, kind, **options):
    state = ruleset.new_game()
    for owner, name in enumerate(names, 1):
        ruleset.join(state, owner, random.Random(0))
        ruleset.cast(state, CastSpec(name.lower(), name, owner, kind, options), random.Random(0))
    return state


def test_a_step_picture_is_its_rulesets_value_that_a_worker_draws():
    state = cast(BURT, ["Ann", "Bob"], "gunslinger")
    step = BURT.advance(state, random.Random(3))
    picture = step_picture(BURT, state, step)
    assert PICTURES[picture.func.__name__] is picture.func is draw
    assert picture.args == (BURT.picture_of_step(state, step),)


def test_what_a_worker_is_sent_for_the_deck_is_a_fraction_of_the_game():
    """A deal's picture is the pack laid out, not the whole game: a small value to pickle to a worker."""
    state = sample_game()
    picture = step_picture(QOTD, state, Step("Phase 2", []))
    assert isinstance(picture.args[0], Pack)
    assert len(pickle.dumps(picture.args)) * 2 < len(pickle.dumps(state))


def test_burt_draws_its_character_deck_as_turned():
    state = cast(BURT, ["Ann", "Bob"], "gunslinger")
    step = BURT.advance(state, random.Random(3))
    assert step.faces
    named = tuple(Named(face) if face in ("STOP", "EVENT") else face for face in step.faces)
    assert step_picture(BURT, state, step)() == render_name_cards(NameCards(named))


def test_shootist_draws_its_draw_dice_with_each_shootists_name_in_draw_order():
    state = cast(SHOOTIST, ["Ann", "Bob"], "shootist")
    step = SHOOTIST.deal(state, random.Random(3))
    rolled = [face.split(":") for face in step.faces]
    names = {"ann": "Ann", "bob": "Bob"}
    expected = tuple(Drawn(names[key], int(sides[1:]), (int(value),)) for sides, value, key in rolled)
    assert step_picture(SHOOTIST, state, step)() == render_draws(DrawOrder(step.title, expected))
    del state.characters["bob"]                                  # one gone since: shown by key
    gone = tuple(Drawn(drawn.name if drawn.name == "Ann" else "bob", drawn.sides, drawn.rolls) for drawn in expected)
    assert step_picture(SHOOTIST, state, step)() == render_draws(DrawOrder(step.title, gone))


def test_a_ruleset_that_says_nothing_of_its_pictures_shows_its_playing_cards_with_their_captions():
    assert Ruleset.__dict__["picture_of_step"] is type(DRACULA).picture_of_step
    step = Step("Turn 1 — the cards are flipped", [], faces=("AS", "RJ"), captions=("Ann", "Bob"))
    picture = step_picture(DRACULA, DRACULA.new_game(), step)
    assert picture() == render_turn((Card.parse("AS"), Card.parse("RJ")), None, ("Ann", "Bob"))


@pytest.mark.parametrize("faces", [(), ("not a card",)])
def test_nothing_turned_or_faces_it_cannot_read_show_no_picture(faces):
    assert step_picture(DRACULA, DRACULA.new_game(), Step("Turn 1", [], faces=faces)) is None


def test_drawing_pictures_registers_no_ruleset():
    """The rulesets are registered in the bot's order, Quick on the Draw first, not as bot/pictures is imported."""
    subprocess.run([sys.executable, "-c", "import bot.pictures; from bot.rules.core.ruleset import RULESETS; "
                    "assert not RULESETS, list(RULESETS)"], check=True, timeout=60)
