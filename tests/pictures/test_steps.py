"""Each ruleset's step picture, found by its key in bot/pictures's registry: the pictures a real /deal gives."""

import random
import subprocess
import sys

import pytest

from bot.pictures import render_burt_turn, render_draws, render_turn, step_picture
from bot.pictures.steps import STEP_PICTURES, draws_steps
from bot.pictures.worker import PICTURES
from bot.rules import registry  # noqa: F401 (registers every playable ruleset)
from bot.rules.burt.ruleset import BURT
from bot.rules.core.cards import Card
from bot.rules.core.ruleset import RULESETS, CastSpec, Step
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.shootist.ruleset import SHOOTIST


def cast(ruleset, names, kind, **options):
    state = ruleset.new_game()
    for owner, name in enumerate(names, 1):
        ruleset.join(state, owner, random.Random(0))
        ruleset.cast(state, CastSpec(name.lower(), name, owner, kind, options), random.Random(0))
    return state


def test_every_registered_picture_belongs_to_a_ruleset_and_a_worker_draws_it():
    assert set(STEP_PICTURES) <= set(RULESETS), "a step picture registered for no ruleset"
    assert {BURT.key, SHOOTIST.key} <= set(STEP_PICTURES)
    state = cast(BURT, ["Ann", "Bob"], "gunslinger")
    picture = step_picture(BURT.key, state, BURT.advance(state, random.Random(3)))
    assert PICTURES[picture.func.__name__] is picture.func


def test_burt_draws_its_character_deck_as_turned():
    state = cast(BURT, ["Ann", "Bob"], "gunslinger")
    step = BURT.advance(state, random.Random(3))
    assert step.faces
    assert step_picture(BURT.key, state, step)() == render_burt_turn(step.faces)


def test_shootist_draws_its_draw_dice_with_each_shootists_name_in_draw_order():
    state = cast(SHOOTIST, ["Ann", "Bob"], "shootist")
    step = SHOOTIST.deal(state, random.Random(3))
    rolled = [face.split(":") for face in step.faces]
    names = {"ann": "Ann", "bob": "Bob"}
    expected = tuple((names[key], int(sides[1:]), int(value)) for sides, value, key in rolled)
    assert step_picture(SHOOTIST.key, state, step)() == render_draws(step.title, expected)
    del state.characters["bob"]                                  # one gone since: shown by key
    gone = tuple((name if name == "Ann" else "bob", sides, value) for name, sides, value in expected)
    assert step_picture(SHOOTIST.key, state, step)() == render_draws(step.title, gone)


def test_a_ruleset_that_registered_nothing_shows_its_playing_cards_with_their_captions():
    assert DRACULA.key not in STEP_PICTURES
    step = Step("Turn 1 — the cards are flipped", [], faces=("AS", "RJ"), captions=("Ann", "Bob"))
    picture = step_picture(DRACULA.key, DRACULA.new_game(), step)
    assert picture() == render_turn((Card.parse("AS"), Card.parse("RJ")), None, ("Ann", "Bob"))


@pytest.mark.parametrize("faces", [(), ("not a card",)])
def test_nothing_turned_or_faces_it_cannot_read_show_no_picture(faces):
    assert step_picture(DRACULA.key, DRACULA.new_game(), Step("Turn 1", [], faces=faces)) is None


def test_a_ruleset_registers_one_step_picture():
    with pytest.raises(ValueError, match="burt"):
        draws_steps(BURT.key)(lambda state, step: None)
    assert STEP_PICTURES[BURT.key].__name__ == "burt_step"


def test_drawing_pictures_registers_no_ruleset():
    """The rulesets are registered in the bot's order, Quick on the Draw first, not as bot/pictures is imported."""
    subprocess.run([sys.executable, "-c", "import bot.pictures; from bot.rules.core.ruleset import RULESETS; "
                    "assert not RULESETS, list(RULESETS)"], check=True, timeout=60)
