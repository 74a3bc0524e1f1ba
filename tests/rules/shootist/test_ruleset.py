"""Shootist behind the ruleset interface: registered, cast with the defaults the text lacks, stored and read
back, drawn on the board."""

import random

import pytest

from bot.rules.core.errors import RulesError
from bot.rules.core.ruleset import RULESETS, CastSpec, ruleset
from bot.rules.shootist.casting import DiceRequest, describe
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.shooting import ShootRequest

from .table import act, dealt, game


def test_registered_with_its_group_and_charts():
    assert ruleset("shootist") is SHOOTIST and RULESETS["shootist"].title == "Shootist"
    assert SHOOTIST.group == "shootist"
    assert SHOOTIST.charts["location"].name == "Wounds"
    assert SHOOTIST.charts["colt"].read(3).title == "4 hex"
    assert SHOOTIST.charts["winchester"].read(1).effect == "-1"
    assert set(SHOOTIST.character_types) == {"shootist", "indian"}


def test_casting_defaults():
    """The text gives no starting die types, weapons or bullets: D8 each, a Colt (an Indian a Bow and a
    Tomahawk), two spare loads (see docs/rulings.md)."""
    state = game(("Ann", 1, {}), ("Red Cloud", 2, {}), kinds={"Red Cloud": "indian"})
    ann = state.characters["ann"]
    assert describe(ann) == "Draw D8 Shoot D8 Dodge D8 Brawl D8 Knife D8 Ride D8; Colt Revolver 6/6"
    assert ann.belt == {".44 ammo": 12}
    indian = state.characters["red cloud"]
    assert [g.weapon for g in indian.weapons] == ["bow", "tomahawk"] and indian.belt == {"arrow": 20}


def test_casting_options_and_refusals():
    state = game(("Ann", 1, {"shoot": "d12", "dodge": "6", "weapons": "Colt, Winchester", "belt": "30",
                             "abilities": "lucky, Eagle Eye", "horse": "yes", "shield": "no"}))
    ann = state.characters["ann"]
    assert (ann.dice["shoot"], ann.dice["dodge"]) == (12, 6)
    assert ann.belt == {".44 ammo": 30} and ann.abilities == ["lucky", "eagle_eye"] and ann.mounted
    for options, message in (({"shoot": "D7"}, "not a die type"), ({"weapons": "Gatling"}, "no weapon"),
                             ({"abilities": "Flying"}, "no special ability"), ({"hidden": "yes"}, "Only Indians"),
                             ({"colour": "red"}, "no casting option")):
        with pytest.raises(RulesError, match=message):
            SHOOTIST.cast(state, CastSpec("bob", "Bob", 2, "shootist", options), random.Random(0))
    with pytest.raises(RulesError, match="already a shootist called Ann"):
        SHOOTIST.cast(state, CastSpec("ann", "Ann", 2, "shootist"), random.Random(0))
    assert list(state.characters) == ["ann"]


def test_setting_die_types():
    state = game(("Ann", 1, {}))
    state, result = act(state, DiceRequest("ann", {"shoot": 10, "ride": 4}))
    assert "Ann: Shoot D10, Ride D4." in result.changes
    with pytest.raises(RulesError, match="not a die type"):
        act(state, DiceRequest("ann", {"shoot": 5}))
    assert state.characters["ann"].dice["shoot"] == 10


def test_a_game_round_trips_through_json_mid_turn():
    state = dealt(game(("Ann", 1, {"horse": "yes"}), ("Bob", 2, {"abilities": "Lucky"}), ("Cal", 2, {})), 6, 4, 2)
    state, _ = act(state, ShootRequest("ann", "bob", hexes=4, fan=("cal",)), 6, 1, 2, 9)
    state.fires["saloon"] = 2
    again = SHOOTIST.load(state.to_json())
    assert again == state
    assert again.to_json() == state.to_json()


def test_the_board():
    state = dealt(game(("Ann", 1, {}), ("Bob", 2, {"horse": "yes"})), 2, 6)
    state, _ = act(state, ShootRequest("bob", "ann", hexes=4), 6, 1, 9)
    board = SHOOTIST.board(state)
    assert board.title == "Shootist — turn 1"
    assert [r.name for r in board.rows] == ["Bob", "Ann"]
    assert board.rows[0].badges == (("Draw", "D8:6"), ("Colt", "5/6"))
    assert (board.rows[0].key, board.rows[0].kind, board.rows[0].acting) == ("bob", "Shootist", True)
    assert not board.rows[1].acting
    assert board.rows[0].words[:3] == ("mounted", "exposed", "Draw D8")
    assert board.rows[1].words == ("Draw D8", "Shoot D8", "Dodge D8", "Brawl D8", "Knife D8", "Ride D8")
    assert board.rows[1].badges == (("Draw", "D8:2"), ("Wounds", "1"), ("Colt", "6/6"))
    assert board.footer == "Acting: Bob"
    assert "Draw phase" in str(SHOOTIST.help())
