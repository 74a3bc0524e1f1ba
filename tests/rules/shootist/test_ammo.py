"""Reload and Pick-up (SH 63-65) with the weapons' reload values (SH 22-31)."""

import pytest

from bot.rules.core.errors import RulesError
from bot.rules.shootist.ammo import PickUpRequest, ReloadRequest
from bot.rules.shootist.state import Status

from .table import act, dealt, game, titles


def alone(options=None):
    """Ann first, Bob second, and Cal on Bob's side."""
    return dealt(game(("Ann", 1, options or {}), ("Bob", 2, {}), ("Cal", 2, {})), 6, 4, 2)


def test_only_an_empty_gun_is_reloaded_up_to_its_reload_value():
    """SH 63: "Reload an empty gun ... Maximum reload = 'reload value' of weapon"; the Colt's is 6 a turn (SH 22)."""
    state = alone()
    state.characters["ann"].weapons[0].loaded = 2
    with pytest.raises(RulesError, match="Only an empty gun is reloaded"):
        act(state, ReloadRequest("ann"))
    state.characters["ann"].weapons[0].loaded = 0
    state, result = act(state, ReloadRequest("ann"))
    ann = state.characters["ann"]
    assert ann.weapons[0].loaded == 6 and ann.belt[".44 ammo"] == 6


def test_a_dragoon_reloads_one_a_turn_and_goes_on_filling():
    """SH 23-25: the Dragoon's reload value is 1 a turn; it goes on being filled in the next turns (see
    docs/rulings.md); "No reload possible if wounded in either arm or while moving"."""
    state = alone({"weapons": "Dragoon"})
    state.characters["ann"].weapons[0].loaded = 0
    state, _ = act(state, ReloadRequest("ann"))
    dealt(state, 6, 4, 2)
    state, _ = act(state, ReloadRequest("ann"))
    assert state.characters["ann"].weapons[0].loaded == 2
    dealt(state, 6, 4, 2)
    with pytest.raises(RulesError, match="while moving"):
        act(state, ReloadRequest("ann", move=1))


def test_reloading_on_the_move_loses_d6_bullets_but_not_with_a_shotgun():
    """SH 63: "If moving, D6 bullets are lost"; SH 31: "If reloading while moving, no bullets are lost"."""
    state = alone()
    state.characters["ann"].weapons[0].loaded = 0
    state, result = act(state, ReloadRequest("ann", move=1), 4)
    ann = state.characters["ann"]
    assert titles(result) == ["4 lost"]
    assert (ann.weapons[0].loaded, ann.belt[".44 ammo"]) == (6, 2)
    state = alone({"weapons": "Shotgun"})
    state.characters["ann"].weapons[0].loaded = 0
    state, result = act(state, ReloadRequest("ann", move=1))
    assert state.characters["ann"].belt["cartridge ammo"] == 2


def test_a_spare_arm_wound_halves_the_reload():
    """SH 59: "Reload at 1/2 rate"."""
    state = alone()
    state.characters["ann"].weapons[0].loaded = 0
    state.characters["ann"].wounds = ["spare_arm"]
    state, _ = act(state, ReloadRequest("ann"))
    assert state.characters["ann"].weapons[0].loaded == 3


def test_picking_up_from_a_dead_shootist():
    """SH 65: "6 bullets can be picked up from the belt of dead shootists, or 3 from their gun. A single weapon
    can be picked up from a dead shootist in one turn"."""
    state = alone()
    with pytest.raises(RulesError, match="not dead"):
        act(state, PickUpRequest("ann", "bob", "belt"))
    state.characters["bob"].status = Status.DEAD
    state, result = act(state, PickUpRequest("ann", "bob", "belt", move=1))
    assert state.characters["ann"].belt[".44 ammo"] == 18
    assert "Ann takes 6 .44 ammo from Bob's belt." in result.changes
    dealt(state, 6, 2)
    state, _ = act(state, PickUpRequest("ann", "bob", "gun"))
    assert state.characters["ann"].belt[".44 ammo"] == 21
    assert state.characters["bob"].weapons[0].loaded == 3
    dealt(state, 6, 2)
    state, _ = act(state, PickUpRequest("ann", "bob", "colt"))
    assert [g.weapon for g in state.characters["ann"].weapons] == ["colt", "colt"]
    assert state.characters["bob"].weapons == []
