"""Shooting, chart by chart: shoot die against dodge die and every modifier of SH 18-52 (line numbers of
rules/shootist.txt), with the dice written out."""

import pytest

from bot.glue.replies import markdown
from bot.rules.core.errors import RulesError
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.shooting import Ledge, ShootRequest
from bot.rules.shootist.moves import MoveRequest

from .table import Dice, act, dealt, dies, game, titles


def duel(ann=None, bob=None, kinds=None):
    """Ann and Bob, Ann first in the Draw order."""
    return dealt(game(("Ann", 1, ann or {}), ("Bob", 2, bob or {}), kinds=kinds), 6, 2)


def test_shoot_higher_than_dodge_hits():
    """SH 18: "If shoot > dodge, then target is hit"; SH 54-61: a D10 for the location, 9 is a leg."""
    state, result = act(duel(), ShootRequest("ann", "bob", hexes=4), 6, 5, 9)
    assert titles(result) == ["Shoot 6", "Hit", "Leg"]
    assert state.characters["bob"].wounds == ["leg"]
    assert state.characters["ann"].weapons[0].loaded == 5


def test_a_tie_misses():
    """SH 18: shoot must be greater than dodge; a tie is a miss, and the bullet is spent."""
    state, result = act(duel(), ShootRequest("ann", "bob", hexes=4), 5, 5)
    assert titles(result) == ["Shoot 5", "Miss"]
    assert state.characters["bob"].wounds == []
    assert state.characters["ann"].weapons[0].loaded == 5


@pytest.mark.parametrize("hexes, die", [(0, 12), (1, 10), (3, 8), (4, 8), (5, 6), (8, 4)])
def test_colt_range_columns_step_the_die(hexes, die):
    """SH 21-22: the Colt's columns Same hex +2, 1 hex +1, 4 hex 0, 6 hex -1, 8 hex -2, each read as "up to";
    SH 9: the modifier changes the die type, D8 becomes D12 at +2."""
    _, result = act(duel(), ShootRequest("ann", "bob", hexes=hexes), 1, 1)
    assert dies(result) == [die, 8]


def test_a_shooting_die_below_d4_cannot_shoot():
    """SH 10: "if the shooting die is less than D4, no shooting is possible": a D8 at 10 hexes (-3)."""
    state = duel()
    with pytest.raises(RulesError, match="less than D4: no shooting is possible"):
        act(state, ShootRequest("ann", "bob", hexes=10))
    assert state.characters["ann"].weapons[0].loaded == 6
    _, result = act(duel(ann={"shoot": "D12"}), ShootRequest("ann", "bob", hexes=12), 4, 3, 2, 6)
    assert dies(result)[0] == 4


def test_no_die_more_than_d12():
    """SH 10: a D12 at the same hex (+2) stays a D12."""
    _, result = act(duel(ann={"shoot": "D12"}), ShootRequest("ann", "bob", hexes=0), 1, 1)
    assert dies(result)[0] == 12


def test_out_of_range_is_refused():
    """SH 21-22: the Colt's last column is 12 hex (see docs/rulings.md)."""
    with pytest.raises(RulesError, match="reaches 12 hexes at most"):
        act(duel(ann={"shoot": "D12"}), ShootRequest("ann", "bob", hexes=13))


def test_winchester_columns_and_no_shooting_while_moving():
    """SH 26-28: the Winchester is -1 up to 2 hex, 0 up to 8; "Rifleman may not shoot while moving"."""
    _, result = act(duel(ann={"weapons": "Winchester"}), ShootRequest("ann", "bob", hexes=2), 1, 1)
    assert dies(result)[0] == 6
    _, result = act(duel(ann={"weapons": "Winchester"}), ShootRequest("ann", "bob", hexes=8), 1, 1)
    assert dies(result)[0] == 8
    with pytest.raises(RulesError, match="may not shoot while moving"):
        act(duel(ann={"weapons": "Winchester"}), ShootRequest("ann", "bob", hexes=8, move=1))


def test_moving_is_minus_one_but_not_for_a_sharp_shooter():
    """SH 37 ("-1 when moving") and SH 111 (Sharp Shooter "can shoot whilst moving without penalty");
    a shootist who has moved is +1 to dodge this turn (SH 37)."""
    state, result = act(duel(), ShootRequest("ann", "bob", hexes=4, move=1), 1, 1)
    assert dies(result) == [6, 8]
    assert state.characters["ann"].moved
    _, result = act(duel(ann={"abilities": "Sharp Shooter"}), ShootRequest("ann", "bob", hexes=4, move=1), 1, 1)
    assert dies(result)[0] == 8
    with pytest.raises(RulesError, match="moves 1 hex and shoots"):
        act(duel(), ShootRequest("ann", "bob", hexes=4, move=2))


def test_a_target_who_moved_dodges_better_and_one_shot_from_behind_worse():
    """SH 37-39: dodge +1 if the shootist has moved already this turn, -1 if shot from behind."""
    state = duel()
    state, _ = act(state, MoveRequest("ann", 2))
    SHOOTIST.advance(state, None)
    _, result = act(state, ShootRequest("bob", "ann", hexes=4), 1, 1)
    assert dies(result) == [8, 10]
    _, result = act(duel(), ShootRequest("ann", "bob", hexes=4, behind=True), 1, 1)
    assert dies(result) == [8, 6]


def test_cover_is_minus_one_except_for_indians():
    """SH 44: "-1 if target is in soft or partial cover"; SH 107: Indians "shoot at enemy in cover without
    penalty"."""
    _, result = act(duel(), ShootRequest("ann", "bob", hexes=4, cover=True), 1, 1)
    assert dies(result)[0] == 6
    _, result = act(duel(kinds={"Ann": "indian"}), ShootRequest("ann", "bob", hexes=3, cover=True), 1, 1)
    assert result.headline == "Ann shoots at Bob with his Bow"
    assert dies(result)[0] == 8


def test_two_pistols_are_two_shots_at_minus_one():
    """SH 43: "-1 for each shot when using two pistols; fanning is not possible"."""
    state, result = act(duel(ann={"weapons": "Colt, Dragoon"}), ShootRequest("ann", "bob", hexes=4, two_pistols=True),
                        5, 2, 9, 3, 5)
    assert [r.label for r in result.readings] == ["Shot 1: shoot die", "Shot 1: Bob dodges", "Hit location",
                                                  "Shot 2: shoot die", "Shot 2: Bob dodges"]
    assert titles(result) == ["Shoot 5", "Hit", "Leg", "Shoot 3", "Miss"]
    assert dies(result)[0] == dies(result)[3] == 6
    ann = state.characters["ann"]
    assert [g.loaded for g in ann.weapons] == [5, 4]
    with pytest.raises(RulesError, match="two pistols may not fan"):
        act(duel(ann={"weapons": "Colt, Colt"}), ShootRequest("ann", "bob", two_pistols=True, fan=("bob",)))


def test_changing_weapons_between_two_turns_of_shooting():
    """SH 45-46: -1 if changing weapons, "only when shooting in 2 consecutive turns", and not between 1 and 2
    pistols."""
    state = duel(ann={"weapons": "Winchester, Colt, Colt"})
    state, _ = act(state, ShootRequest("ann", "bob", weapon="winchester", hexes=8), 1, 1)
    dealt(state, 6, 2)
    state, result = act(state, ShootRequest("ann", "bob", weapon="colt", hexes=4), 1, 1)
    assert dies(result)[0] == 6
    assert "changing weapons" in result.readings[0].dice_reason
    dealt(state, 6, 2)
    state, result = act(state, ShootRequest("ann", "bob", hexes=4, two_pistols=True), 1, 1, 1, 1)
    assert "changing weapons" not in result.readings[0].dice_reason
    dealt(state, 6, 2)
    dealt(state, 6, 2)
    _, result = act(state, ShootRequest("ann", "bob", weapon="winchester", hexes=8), 1, 1)
    assert dies(result)[0] == 8, "no shot last turn: no change of weapons"


def test_a_shotgun_rolls_twice_a_barrel():
    """SH 31: "Each shot is rolled for twice (roll shoot & dodge twice). Resolve hit location twice if
    necessary. Both barrels may be shot (roll 4 times)"."""
    state, result = act(duel(ann={"weapons": "Shotgun"}), ShootRequest("ann", "bob", hexes=2), 7, 2, 6, 3, 6, 3, 8)
    assert titles(result) == ["Shoot 7", "Hit", "Chest", "Alive", "Shoot 6", "Hit", "Shoot Arm"]
    assert state.characters["bob"].wounds == ["chest", "shoot_arm"]
    assert state.characters["ann"].weapons[0].loaded == 1
    state, result = act(duel(ann={"weapons": "Shotgun"}), ShootRequest("ann", "bob", hexes=2, barrels=2),
                        1, 1, 1, 1, 1, 1, 1, 1)
    assert len(result.readings) == 8
    assert state.characters["ann"].weapons[0].loaded == 0


def test_fanning_fires_the_later_shots_after_everyone_in_draw_order():
    """SH 38-42: up to 3 shots at -1, declared before the 1st; the 2nd and 3rd "after the all other shootists
    have taken their turn, again in Draw order"; a second target is at -2."""
    state = dealt(game(("Ann", 1, {}), ("Bob", 2, {}), ("Cal", 2, {})), 6, 4, 2)
    state, result = act(state, ShootRequest("ann", "bob", hexes=4, fan=("bob", "cal")), 1, 1)
    assert dies(result)[0] == 6
    assert state.characters["ann"].weapons[0].loaded == 5
    with pytest.raises(RulesError, match="Ann has taken his action"):
        act(state, ShootRequest("ann", "cal", hexes=4))
    assert SHOOTIST.advance(state, None).acting == "bob"
    assert SHOOTIST.advance(state, None).acting == "cal"
    step = SHOOTIST.advance(state, None)
    assert step.acting == "ann" and "later fanned shots at Bob, Cal" in markdown(step.lines[-1])
    with pytest.raises(RulesError, match="declared at Bob"):
        act(state, ShootRequest("ann", "cal", hexes=4))
    state, result = act(state, ShootRequest("ann", "bob", hexes=4), 1, 1)
    assert dies(result)[0] == 6
    state, result = act(state, ShootRequest("ann", "cal", hexes=4), 1, 1)
    assert dies(result)[0] == 4
    assert "fanning at another target" in result.readings[0].dice_reason
    assert state.characters["ann"].weapons[0].loaded == 3
    assert SHOOTIST.advance(state, None).title == "Turn 1 is over"


def test_fanning_is_for_pistols_unwounded_and_standing_still():
    """SH 38-42: only pistols may be fanned, not with an arm wounded, no movement; Fan Specialist: no penalty
    (SH 116)."""
    with pytest.raises(RulesError, match="Only pistols"):
        act(duel(ann={"weapons": "Winchester"}), ShootRequest("ann", "bob", hexes=4, fan=("bob",)))
    with pytest.raises(RulesError, match="Movement is not possible"):
        act(duel(), ShootRequest("ann", "bob", hexes=4, move=1, fan=("bob",)))
    state = duel()
    state.characters["ann"].wounds = ["spare_arm"]
    with pytest.raises(RulesError, match="cannot fan"):
        act(state, ShootRequest("ann", "bob", hexes=4, fan=("bob",)))
    with pytest.raises(RulesError, match="Up to 3 shots"):
        act(duel(), ShootRequest("ann", "bob", hexes=4, fan=("bob", "bob", "bob")))
    _, result = act(duel(ann={"abilities": "Fan Specialist"}), ShootRequest("ann", "bob", hexes=4, fan=("bob",)), 1, 1)
    assert dies(result)[0] == 8


def test_crossfire_shoots_at_the_lowest_dodge_at_minus_one():
    """SH 47-51: a miss, then every other potential target in the line dodges; the lowest roll is shot at with
    the shooting die at -1 (never less than D4)."""
    state = dealt(game(("Ann", 1, {}), ("Bob", 2, {}), ("Cal", 2, {}), ("Dan", 1, {})), 6, 4, 3, 2)
    request = ShootRequest("ann", "bob", hexes=4, crossfire=("cal", "dan"))
    # shoot 3 vs dodge 5: miss; Cal dodges 4, Dan 2: Dan is shot at with a D6 (D8 -1): 5 > 2, a hit in the chest
    state, result = act(state, request, 3, 5, 4, 2, 5, 3, 4)
    assert titles(result) == ["Shoot 3", "Miss", "Dodge 4", "Dodge 2", "Hit", "Chest", "Alive"]
    assert dies(result)[4] == 6
    assert state.characters["dan"].wounds == ["chest"]


def test_crossfire_never_below_d4():
    """SH 49: at -1 "but can never be less than D4 (exception to the normal shooting rules)": a D4 stays D4."""
    state = dealt(game(("Ann", 1, {"shoot": "D4"}), ("Bob", 2, {}), ("Cal", 2, {})), 6, 4, 2)
    _, result = act(state, ShootRequest("ann", "bob", hexes=4, crossfire=("cal",)), 1, 5, 3, 1)
    assert dies(result) == [4, 8, 8, 4]
    assert titles(result)[-1] == "Miss"


def test_hollywood_fall_through_a_window():
    """SH 54 (D8 for location behind a window) and SH 80: roll dodge again; below the shoot roll he falls,
    more than one floor another wound."""
    request = ShootRequest("ann", "bob", hexes=4, ledge=Ledge.WINDOW, floors=2)
    state, result = act(duel(), request, 7, 3, 8, 2, 9)
    assert [r.label for r in result.readings] == ["Shot: shoot die", "Shot: Bob dodges", "Hit location",
                                                  "Hollywood: dodge again", "The fall: hit location"]
    assert dies(result)[2] == 8
    assert titles(result)[2:] == ["Shoot Arm", "Falls", "Leg"]
    assert state.characters["bob"].wounds == ["shoot_arm", "leg"]
    assert "Bob falls through the window." in result.changes


def test_setting_a_building_on_fire():
    """SH 81 and 97: "Building has dodge of D4. If hit, then roll D4 for number of turns before building
    collapses"; flaming arrows set buildings on fire."""
    state = duel(kinds={"Ann": "indian"})
    with pytest.raises(RulesError, match="Only flaming arrows"):
        act(duel(), ShootRequest("ann", building="saloon", hexes=4))
    state, result = act(state, ShootRequest("ann", building="saloon", hexes=6), 5, 2, 2)
    assert titles(result) == ["Shoot 5", "Hit", "2 turns"]
    assert dies(result) == [6, 4, 4]
    assert state.fires == {"saloon": 2}
    step = SHOOTIST.deal(state, Dice(2, 1))
    assert "The saloon burns: 1 turn(s) before it collapses." in map(markdown, step.lines)
    step = SHOOTIST.deal(state, Dice(2, 1))
    assert "The saloon collapses in flames." in map(markdown, step.lines)
    assert state.fires == {}


def test_eagle_eye_ignores_range_penalties():
    """SH 114: Eagle Eye "shoots just as well at any range (upto maximum range of weapon)": the penalties go,
    the bonuses stay (see docs/rulings.md)."""
    _, result = act(duel(ann={"abilities": "Eagle Eye"}), ShootRequest("ann", "bob", hexes=12), 1, 1)
    assert dies(result)[0] == 8
    _, result = act(duel(ann={"abilities": "Eagle Eye"}), ShootRequest("ann", "bob", hexes=0), 1, 1)
    assert dies(result)[0] == 12


def test_lucky_rolls_dodge_twice():
    """SH 118: "Rolls dodge twice, takes the highest number"."""
    state, result = act(duel(bob={"abilities": "Lucky"}), ShootRequest("ann", "bob", hexes=4), 6, 2, 7)
    assert result.readings[1].roll.faces == (2, 7)
    assert titles(result) == ["Shoot 6", "Miss"]


def test_an_unnoticed_indian_cannot_be_shot_until_he_shoots():
    """SH 106-107: Indians will not be noticed moving in cover; once noticed, visible for the rest of the game."""
    state = dealt(game(("Bob", 2, {}), ("Ann", 1, {"hidden": "yes"}), kinds={"Ann": "indian"}), 6, 2)
    with pytest.raises(RulesError, match="has not been noticed"):
        act(state, ShootRequest("bob", "ann", hexes=4))
    SHOOTIST.advance(state, None)
    state, result = act(state, ShootRequest("ann", "bob", hexes=3), 1, 1)
    assert "Ann is noticed: he is visible for the rest of the game." in result.changes
    assert state.characters["ann"].noticed


def test_a_thrown_knife_lies_by_its_target_who_may_throw_it_back():
    """SH 32-34: the Knife, 2 hex 0, 4 hex -1, "Use knife skill"; "Target can pick up the knife and throw it
    back"."""
    from bot.rules.shootist.ammo import PickUpRequest
    state = duel(ann={"weapons": "Knife", "knife": "D10"})
    state, result = act(state, ShootRequest("ann", "bob", weapon="knife", hexes=3), 2, 5)
    assert dies(result) == [8, 8]
    assert state.characters["ann"].weapons == []
    assert state.characters["bob"].lying == ["knife"]
    SHOOTIST.advance(state, None)
    state, _ = act(state, PickUpRequest("bob", "bob", "knife"))
    assert [g.weapon for g in state.characters["bob"].weapons] == ["colt", "knife"]


def test_a_crossfire_candidate_dodges_with_his_own_die_alone():
    """SH 47-51 (see docs/rulings.md): the target's situation (shot from behind, in cover) is not the
    candidate's; he dodges with his own die and its own modifiers (he has moved: +1)."""
    state = dealt(game(("Ann", 1, {}), ("Bob", 2, {}), ("Cal", 2, {})), 6, 4, 2)
    state.characters["cal"].moved = True
    request = ShootRequest("ann", "bob", hexes=4, behind=True, cover=True, crossfire=("cal",))
    _, result = act(state, request, 1, 5, 3, 1)
    assert dies(result) == [6, 6, 10, 4]
    assert result.readings[2].dice_reason == "Dodge D8, +1 has moved this turn → D10"


def test_a_colt_then_a_dragoon_is_changing_weapons_but_one_then_two_pistols_is_not():
    """SH 45-46: "-1 if changing weapons ... It does not apply to switching between 1 and 2 pistols": a different
    pistol is a different weapon."""
    state = duel(ann={"weapons": "Colt, Dragoon"})
    state, _ = act(state, ShootRequest("ann", "bob", weapon="colt", hexes=4), 1, 1)
    dealt(state, 6, 2)
    state, result = act(state, ShootRequest("ann", "bob", weapon="dragoon", hexes=4), 1, 1)
    assert "changing weapons" in result.readings[0].dice_reason
    dealt(state, 6, 2)
    state, result = act(state, ShootRequest("ann", "bob", hexes=4, two_pistols=True), 1, 1, 1, 1)
    assert "changing weapons" not in result.readings[0].dice_reason
    dealt(state, 6, 2)
    _, result = act(state, ShootRequest("ann", "bob", weapon="colt", hexes=4), 1, 1)
    assert "changing weapons" not in result.readings[0].dice_reason
