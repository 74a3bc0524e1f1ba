"""Maps as text and the ready sets."""

import json
from pathlib import Path

import pytest

from bot.rules.core import serial
from bot.rules.qotd.battlefield import Cover, Token
from bot.rules.qotd.sets import READY, read_any, read_text, ready, terrain_only, write_text
from bot.rules.qotd.state import RulesError


@pytest.mark.parametrize("key", list(READY))
def test_every_ready_set_reads_and_writes_back_the_same(key):
    field = ready(key)
    assert (field.width, field.height) == (60, 40)
    assert read_text(write_text(field)) == field


def test_a_map_round_trips_through_json_as_saved():
    field = ready("main_street")
    field.place(Token("kid", (9, 12)))
    saved = json.dumps(serial.to_json(terrain_only(field)))
    again = read_any(saved)
    assert again == ready("main_street") and not again.tokens


def test_main_street_a_gunman_in_the_saloon_window_is_in_hard_cover_and_one_behind_the_bank_is_hidden():
    """2264: hard cover, +2 DV; 975: only those in line of sight are seen (see docs/rulings.md)."""
    town = ready("main_street")
    window = town.sight(town.point("B8"), (4, 12.5))
    assert (window.cover, window.why) == (Cover.HARD, "through a window of the Saloon")
    behind = town.sight(town.point("H8"), (22, 2))
    assert behind.hidden == "the wall of the Bank is in the way"


def test_a_written_map_with_names_doors_and_fog():
    field = read_text('# a farm\nmap "Farm" 30x20\nbuilding 2,2 8x6 "Old House" door 6,8 window 2,4\n'
                      'fence 12,0 12,20 "rail fence"\npoor visibility\n')
    assert field.name == "Farm" and field.poor_visibility
    assert [o.kind for o in field.areas[0].openings] == ["door", "window"]
    assert field.obstacles[0].title == "rail fence"


@pytest.mark.parametrize("text, words", [
    ("building 1,1 4x4", "Line 1: the map starts with"),
    ('map "A" 30x20\nlake 1,1 4x4', "Line 2: 'lake' is not a kind of terrain"),
    ('map "A" 30x20\nbuilding 1,1 4x4 door 3,3', "Line 2: the door at 3,3 is not on the building's wall"),
    ('map "A" 30x20\nwoods 1,1 4x4 window 1,2', "Line 2: only a building has a window"),
    ('map "A" 30x20\nfence 1,1', "Line 2: a fence runs through two or more places"),
    ('map "A" 30x20\nwoods 28,1 4x4', "off the map"),
    ('map "A" 300x20', "1 to 200 paces"),
    ('map "A 30x20', "Line 1: a quote is not closed"),
    ("", "That map is empty"),
    ('{"width": "x"}', "That JSON is not a map"),
])
def test_a_map_it_cannot_read_is_refused_saying_where(text, words):
    with pytest.raises(RulesError, match=words):
        read_any(text)


def test_the_readmes_example_map_reads():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    example = readme.split('  map "Dodge" 40x30', 1)[1].split("```", 1)[0]
    field = read_text('map "Dodge" 40x30' + example)
    assert (field.name, len(field.areas), len(field.obstacles), field.poor_visibility) == ("Dodge", 2, 1, True)
