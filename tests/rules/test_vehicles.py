"""Vehicles as game pieces, procedure by procedure, with the dice written out (book lines in each docstring)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.qotd.actions import perform
from bot.rules.qotd.fighting import Defence, FightRequest
from bot.rules.qotd.shooting import ShotRequest, ShotType
from bot.rules.qotd.state import Condition, QotdState, Mount, Role, RulesError
from bot.rules.qotd.vehicles import KINDS, Speed, full_move, new_vehicle, set_speed, vehicle_speed

from .scripted import Dice
from .test_actions import MINOR, SUPPORTING, keeping, person, titles


def coach_game(*aboard, construction="robust", paces=0, shooter_traits=(), weapons=("single_action_revolver",)):
    """Ike (Supporting, on foot) facing a stagecoach with the characters ``aboard`` as (key, role)."""
    state = QotdState()
    state.add(person("ike", SUPPORTING, traits=shooter_traits, weapons=weapons), random.Random(1))
    for key, _ in aboard:
        state.add(person(key, MINOR, owner=2), random.Random(1))
    coach = new_vehicle("coach", "Coach", 2, "stagecoach", construction)
    coach.aboard = {key: role for key, role in aboard}
    coach.paces = paces
    state.vehicles["coach"] = coach
    state.shuffle(random.Random(2))
    return state


def test_casting_a_vehicle_gives_its_vdv_by_construction_and_its_move():
    """Hits on Vehicles (2503-2525): the VDV starts 0, 1, 2 or 3 by construction; Wanting to Move (446-458):
    carts 8 paces, wagons 10, coaches 12, motorised vehicles 16, railroad engines 24."""
    assert {k: v.move for k, v in KINDS.items()} == {"cart": 8, "buggy": 12, "wagon": 10, "stagecoach": 12,
                                                     "motor_vehicle": 16, "railroad_engine": 24}
    assert new_vehicle("c", "C", 1, "stagecoach").construction == "robust"
    assert new_vehicle("c", "C", 1, "stagecoach", "strong").construction == "strong"
    with pytest.raises(RulesError, match="no vehicle"):
        new_vehicle("c", "C", 1, "zeppelin")


def test_a_vehicles_speed_is_slowly_up_to_4_paces_quickly_to_its_move_and_very_fast_beyond():
    """Speeds of mounts and vehicles (1334-1335, 2156, 2170, 2540) read from the paces it moved (see rulings)."""
    coach = new_vehicle("c", "C", 1, "stagecoach")
    seen = []
    for paces in (0, 4, 5, 12, 13, 24):
        set_speed(coach, paces)
        seen.append(vehicle_speed(coach))
    assert seen == [Speed.STATIONARY, Speed.SLOWLY, Speed.QUICKLY, Speed.QUICKLY, Speed.VERY_FAST, Speed.VERY_FAST]
    with pytest.raises(RulesError, match="too far"):
        set_speed(coach, 25)


def test_shooting_a_vehicle_reduced_mobility_halves_its_move_and_those_aboard_test_courage():
    """Hits on Vehicles (2503-2662): a revolver is small arms (+1, 2542): VDV 2 + 1 = 3; a 4 reads Reduced
    Mobility: its movement is halved and its driver and passengers take a Courage Test (2655-2656)."""
    state = coach_game(("jed", Role.DRIVER), ("sal", Role.PASSENGER))
    # Wanting to Shoot 6, to hit 7, coach or aboard? 5: the coach as aimed; effect on the coach 4 at VDV 3;
    # courage tests: Jed 8, Sal 3
    state, result = perform(state, ShotRequest("ike", "coach", paces=6), Dice(6, 7, 5, 4, 8, 3))
    assert titles(result) == ["Shoot at the Enemy!", "Gotcha!", "As aimed!", "Reduced Mobility",
                              "A- OK - Keep Calm and Carry On!", "Fall back and Take Cover!"]
    effect = result.readings[3]
    assert effect.label == "Effect of the hit on the Coach"
    assert effect.column == 3 and effect.adjustments == (("Hit by small arms", 1),)
    assert [r.roller for r in result.readings[4:]] == ["jed", "sal"]
    coach = state.vehicles["coach"]
    assert coach.halved == 1 and full_move(coach) == 6 and not coach.immobilized
    state.check()


def test_a_destroyed_vehicle_takes_everyone_carried_in_it():
    """Destroyed (2650): the target is destroyed including driver, occupant, crew or passengers carried in it."""
    state = coach_game(("jed", Role.DRIVER), ("sal", Role.PASSENGER), construction="none")
    # Wanting to Shoot 6, to hit 7, as aimed 9, effect 1 at VDV 1: Destroyed
    state, result = perform(state, ShotRequest("ike", "coach", paces=6), Dice(6, 7, 9, 1))
    assert titles(result)[2:] == ["As aimed!", "Destroyed"]
    assert state.vehicles["coach"].destroyed
    assert state.characters["jed"].casualty and state.characters["sal"].casualty
    assert state.characters["jed"].lost
    with pytest.raises(RulesError, match="already destroyed"):
        perform(state, ShotRequest("ike", "coach", paces=6), Dice(6, 7, 1))
    state.check()


def test_an_immobilized_vehicle_may_no_longer_move():
    """Immobilized (2652-2653): the target may no longer move; those aboard take a Courage Test."""
    state = coach_game(("jed", Role.DRIVER), paces=8)
    # Wanting to Shoot 6, to hit 7, as aimed 5, effect 3 at VDV 3: Immobilized; Jed's courage 10
    state, result = perform(state, ShotRequest("ike", "coach", paces=6), Dice(6, 7, 5, 3, 10))
    assert titles(result)[2:] == ["As aimed!", "Immobilized", "Totally Unaffected!"]
    coach = state.vehicles["coach"]
    assert coach.immobilized and coach.paces == 0 and full_move(coach) == 0
    with pytest.raises(RulesError, match="immobilized"):
        set_speed(coach, 4)


def test_a_courage_test_result_damages_nothing_but_those_aboard_test():
    """Courage test (2658-2659) and No Damage (2661-2662): only superficial damage; those aboard test or not."""
    state = coach_game(("jed", Role.DRIVER))
    # as aimed 5, effect 6 at VDV 3: Courage test, Jed tests (7); then a second shot: effect 10, No Damage
    state, result = perform(state, ShotRequest("ike", "coach", paces=6), Dice(6, 7, 5, 6, 7))
    assert titles(result)[2:] == ["As aimed!", "Courage test", "A- OK - Keep Calm and Carry On!"]
    assert result.readings[4].label == "Taking a Courage Test" and result.readings[4].roller == "jed"
    state, result = perform(state, ShotRequest("ike", "coach", paces=6), Dice(6, 7, 5, 10))
    assert titles(result)[2:] == ["As aimed!", "No Damage"]
    coach = state.vehicles["coach"]
    assert not (coach.halved or coach.immobilized or coach.destroyed)


def test_vdv_adjustments_for_an_aimed_marksman_a_bulls_eye_and_a_vehicle_moving_very_fast():
    """VDV adjustments (2527-2549): Marksman -2, bulls eye -2, aimed -1, small arms +1, moving very fast +1;
    each bullet counts once."""
    state = coach_game(construction="strong", paces=20, shooter_traits=["marksman"])
    request = ShotRequest("ike", "coach", shot=ShotType.DELIBERATE, paces=6)
    # Wanting to Shoot 6, to hit 10 (a bulls eye), effect 5: VDV 3 - 2 - 2 + 1 + 1 = 1: Reduced Mobility
    state, result = perform(state, request, Dice(6, 10, 5))
    effect = result.readings[2]
    assert effect.column == 1 and effect.outcome.title == "Reduced Mobility"
    assert sorted(effect.adjustments) == sorted([("Shot by a Marksman", -2),
                                                ("Hit by a deadly blow or by a bulls eye shot", -2),
                                                ("Hit by small arms", 1), ("Vehicle is moving very fast", 1)])


def test_a_hasty_shot_at_a_vehicle_raises_its_vdv_by_2():
    """VDV adjustments (2545): hit by a shooter who was making hasty shots, +2."""
    state = coach_game(construction="none")
    state, result = perform(state, ShotRequest("ike", "coach", shot=ShotType.HASTY, paces=6), Dice(6, 7, 5))
    assert result.readings[2].column == 3 and titles(result)[2] == "Reduced Mobility"


def test_a_shot_at_someone_aboard_lands_on_the_vehicle_on_1_to_4():
    """Shooting at a rider or at vehicles (1337-1341, 2441-2448): the shooter states the target and rolls 1D10
    a hit: 5+ the stated target, 1-4 the other (here the coach)."""
    state = coach_game(("jed", Role.DRIVER))
    # Wanting to Shoot 6, to hit 7, which? 3: the coach; effect 10: No Damage
    state, result = perform(state, ShotRequest("ike", "jed", paces=6), Dice(6, 7, 3, 10))
    assert titles(result) == ["Shoot at the Enemy!", "Gotcha!", "The other one!", "No Damage"]
    assert not state.characters["jed"].lost
    # which? 8: Jed as aimed; effect on Jed 5 at DV 1 (the coach moves no faster than slowly): 1 Hit
    state, result = perform(state, ShotRequest("ike", "jed", paces=6), Dice(6, 7, 8, 5))
    assert titles(result)[2:] == ["As aimed!", "1 Hit"]
    assert state.characters["jed"].casualty


def test_a_shot_at_the_vehicle_lands_on_its_driver_on_1_to_4():
    """The other target of a shot at a vehicle is its driver (1339-1341, see rulings)."""
    state = coach_game(("sal", Role.PASSENGER), ("jed", Role.DRIVER))
    state, result = perform(state, ShotRequest("ike", "coach", paces=6), Dice(6, 7, 2, 5))
    assert titles(result)[2:] == ["The other one!", "1 Hit"]
    assert state.characters["jed"].casualty and not state.characters["sal"].lost


def test_a_marksman_chooses_whether_the_hit_is_on_the_vehicle_or_aboard():
    """A Marksman or a character who aimed chooses (1339, 2442): no 1D10 for which one."""
    state = coach_game(("jed", Role.DRIVER), shooter_traits=["marksman"])
    state, result = perform(state, ShotRequest("ike", "coach", paces=6), Dice(6, 7, 10))
    assert titles(result) == ["Shoot at the Enemy!", "Gotcha!", "No Damage"]


def test_someone_aboard_a_vehicle_moving_quickly_is_shot_while_moving_quickly():
    """DV adjustments (2246): shot while moving quickly, +1, for those aboard a vehicle moving quickly."""
    state = coach_game(("jed", Role.DRIVER), paces=10, shooter_traits=["marksman"])
    request = ShotRequest("ike", "jed", shot=ShotType.HASTY, paces=6)
    state, result = perform(state, request, Dice(6, 7, 9))
    assert ("Shot while Moving quickly or in light cover", 1) in result.readings[2].adjustments


@pytest.mark.parametrize("paces, shot, allowed", [
    (3, ShotType.AIMED, True), (12, ShotType.HASTY, True), (12, ShotType.SNAP, False),
    (12, ShotType.FANNING, False), (20, ShotType.SNAP, True), (20, ShotType.AIMED, False),
    (20, ShotType.DELIBERATE, True), (0, ShotType.SNAP, True),
])
def test_shot_types_from_a_moving_vehicle(paces, shot, allowed):
    """Shooting from a mount or vehicle (1331-1335): aimed, deliberate and hasty shots moving slowly or quickly;
    deliberate, snap or hasty shots moving faster. Others are refused before any die is rolled."""
    state = coach_game(("jed", Role.PASSENGER), paces=paces)
    state.characters["jed"].conditions.add(Condition.AIMING)          # an aimed shot follows a turn aiming
    request = ShotRequest("jed", "ike", shot=shot, paces=4)
    if allowed:
        _, result = perform(state, request, Dice(3))
        assert titles(result) == ["Where’s the target!"]
    else:
        with pytest.raises(RulesError, match="only"):
            perform(state, request, Dice())


def test_shot_types_from_a_moving_mount():
    """Shooting from a mount (1331-1335): a rider whose horse moved 20 paces (very fast) cannot aim; on foot,
    a mount's speed is refused."""
    state = coach_game()
    state.add(person("kid", SUPPORTING, owner=2, mount=Mount("horse", 2)), random.Random(1))
    state.characters["kid"].conditions.add(Condition.AIMING)
    with pytest.raises(RulesError, match="only deliberate, snap, hasty"):
        perform(state, ShotRequest("kid", "ike", shot=ShotType.AIMED, paces=4, mount_paces=20), Dice())
    _, result = perform(state, ShotRequest("kid", "ike", shot=ShotType.AIMED, paces=4, mount_paces=10), Dice(3))
    assert titles(result) == ["Where’s the target!"]
    with pytest.raises(RulesError, match="no mount"):
        perform(state, ShotRequest("ike", "kid", paces=4, mount_paces=10), Dice())


def test_fighting_a_stationary_vehicle_on_foot_chooses_and_melee_raises_the_vdv():
    """Fighting opponents on mounts or moving vehicles (2165-2171): on foot against a stationary vehicle the
    attacker chooses; VDV adjustments (2543): attacked in Mêlée +1."""
    state = coach_game(("jed", Role.DRIVER), construction="none", weapons=("club",))
    # Wanting to Attack 6, to hit 7, effect 5 at VDV 0 + 1 = 1: Reduced Mobility; Jed's courage 8
    state, result = perform(state, FightRequest("ike", "coach"), Dice(6, 7, 5, 8))
    assert titles(result) == ["Attack the Enemy!", "Take That!", "Reduced Mobility", "A- OK - Keep Calm and Carry On!"]
    assert result.readings[2].adjustments == (("Attacked in Mêlée", 1),)
    assert state.vehicles["coach"].halved == 1
    with pytest.raises(RulesError, match="no defence"):
        perform(state, FightRequest("ike", "coach", defence=Defence.BLOCK), Dice())


def test_fighting_someone_aboard_a_vehicle_moving_over_4_paces_rolls_which_is_hit():
    """Fighting opponents on moving vehicles (2170-2174): on foot against a vehicle moving over 4 paces, 1D10:
    5+ the stated target, 1-4 the other."""
    state = coach_game(("jed", Role.DRIVER), paces=10, weapons=("club",))
    state, result = perform(state, FightRequest("ike", "jed"), Dice(6, 7, 2, 10))
    assert titles(result)[2:] == ["The other one!", "No Damage"]


def test_a_blow_struck_from_a_vehicle_moving_over_4_paces_is_high_impact():
    """Fighting from a mount or moving vehicle (2155-2156): hits count as high impact if the vehicle is moving
    over 4 paces."""
    state = coach_game(("jed", Role.PASSENGER), paces=10)
    state.characters["jed"].weapons = []
    state, result = perform(state, FightRequest("jed", "ike"), Dice(6, 7, 10, 7))
    assert ("Hit by a High Impact weapon", -1) in result.readings[2].adjustments


def test_vehicles_round_trip_through_json_and_a_removed_character_leaves_the_vehicle():
    """A vehicle, its damage and those aboard are kept with the game."""
    state = coach_game(("jed", Role.DRIVER), ("sal", Role.PASSENGER), paces=7)
    state.vehicles["coach"].halved = 1
    again = QotdState.from_json(state.to_json())
    assert again.vehicles == state.vehicles and again.vehicles["coach"].aboard["jed"] is Role.DRIVER
    again.remove("jed")
    assert list(again.vehicles["coach"].aboard) == ["sal"]
    again.check()


def test_a_paused_shot_at_a_vehicle_leaves_the_game_as_it_was():
    """A roll waiting for a re-roll decision changes nothing (the vehicle and those aboard are forked)."""
    state = coach_game(("jed", Role.DRIVER), construction="none")
    state.characters["jed"].personality = "brave"
    before = state.to_json()
    # as aimed 5, effect 5 at VDV 1: Reduced Mobility; Jed's courage 2 waits for his Brave re-roll
    after, result = perform(state, ShotRequest("ike", "coach", paces=6), Dice(6, 7, 5, 5, 2))
    assert result.decision is not None and result.decision.roller == "jed"
    assert {k: v for k, v in after.to_json().items() if k != "pending"} == before


def test_shooting_a_coachs_team_wounds_a_horse_and_its_driver_tests_to_keep_control():
    """Hits on Mounts (2457-2501) for a horse of the team (see rulings): 2 hits and a horse collapses (2466), which
    halves the coach's movement; the driver tests to keep control (2474-2477): 2-4, the team bolts."""
    state = coach_game(("jed", Role.DRIVER), shooter_traits=["marksman"])
    # Wanting to Shoot 6, to hit 7 (a Marksman chooses the team), effect 4 at DV -2: 2 Hits; Jed's control 3
    state, result = perform(state, ShotRequest("ike", "coach", paces=6, at_mount=True), Dice(6, 7, 4, 3))
    assert titles(result) == ["Shoot at the Enemy!", "Gotcha!", "2 Hits", "Bolting!"]
    assert result.readings[2].label == "Effect of the hit on the Coach's team" and result.readings[2].column == -2
    coach = state.vehicles["coach"]
    assert (coach.team, coach.team_hits, coach.halved, full_move(coach)) == (4, 2, 1, 6)
    assert "bolts" in " ".join(result.changes) and "jed" in coach.aboard


def test_a_carts_only_horse_down_immobilizes_it_and_a_driver_thrown_falls():
    """A team all down leaves the vehicle immobilized (see rulings); on a control roll of 1 the driver is thrown and
    tests for injury as if falling (2478-2480)."""
    state = coach_game(("jed", Role.DRIVER), shooter_traits=["marksman"])
    state.vehicles["coach"].team = 1
    state, result = perform(state, ShotRequest("ike", "coach", paces=6, at_mount=True), Dice(6, 7, 4))
    assert titles(result)[2:] == ["2 Hits"] and state.vehicles["coach"].immobilized
    with pytest.raises(RulesError, match="no team standing"):
        perform(state, ShotRequest("ike", "coach", paces=6, at_mount=True), Dice())

    state = coach_game(("jed", Role.DRIVER), shooter_traits=["marksman"])
    # effect 7 at DV -2: 1 Hit; control 1: Thrown!; Jed's fall 10 at DV 0: Graze; courage 7
    state, result = perform(state, ShotRequest("ike", "coach", paces=6, at_mount=True), Dice(6, 7, 7, 1, 10, 7))
    assert titles(result)[2:] == ["1 Hit", "Thrown!", "Graze", "A- OK - Keep Calm and Carry On!"]
    assert "jed" not in state.vehicles["coach"].aboard


def test_an_engine_has_no_team_to_shoot_at():
    """Motorised vehicles and railroad engines have no team (see rulings)."""
    state = coach_game()
    state.vehicles["coach"] = new_vehicle("coach", "Engine", 2, "railroad_engine")
    with pytest.raises(RulesError, match="no team"):
        perform(state, ShotRequest("ike", "coach", paces=6, at_mount=True), Dice())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), at_team=st.booleans(), paces=st.integers(0, 24))
def test_any_volley_at_a_coach_keeps_the_deck_whole_and_takes_those_aboard_with_it(seed, at_team, paces):
    """Whatever the dice: no card is duplicated or lost, a destroyed coach's passengers are casualties (2650),
    and its movement never grows (2652-2656)."""
    state = coach_game(("jed", Role.DRIVER), ("sal", Role.PASSENGER), paces=paces,
                       weapons=("repeating_rifle", "dynamite"))
    rng = random.Random(seed)
    for weapon in ("repeating_rifle", "dynamite", "repeating_rifle"):
        coach = state.vehicles["coach"]
        move = full_move(coach)
        if coach.destroyed or (at_team and not coach.team - coach.team_hits // 2):
            break
        try:
            state, _ = keeping(state, ShotRequest("ike", "coach", weapon=weapon, paces=6, at_mount=at_team), rng)
        except RulesError:                                  # Ike dropped his dynamite, or his rifle is empty
            break
        state.check()
        assert full_move(state.vehicles["coach"]) <= move
    coach = state.vehicles["coach"]
    if coach.destroyed:                                     # those thrown from it before are not aboard (2478-2480)
        assert coach.aboard and all(state.characters[key].casualty for key in coach.aboard)


def test_the_roll_for_which_is_hit_is_a_plain_1d10_even_for_an_exhausted_shooter():
    """"They then roll 1D10 for each hit" (1340-1341): not the shooter's action dice, reduced or not."""
    state = coach_game(("jed", Role.DRIVER))
    state.characters["ike"].reduced = True
    # Wanting to Shoot and to hit on reduced dice (2D10 take worst: 8 6, 9 7), which? 4: the coach; effect 10
    state, result = perform(state, ShotRequest("ike", "jed", paces=6), Dice(8, 6, 9, 7, 4, 10))
    which = result.readings[2]
    assert (which.label, which.dice_reason, which.roll.values) == ("Coach or aboard?", "1D10", (4,))
    assert titles(result)[2:] == ["The other one!", "No Damage"]


def test_hits_on_a_vehicle_are_not_spread():
    """Spreading hits (1302-1311) is onto opponents near the target: not from a vehicle or those aboard it
    (see rulings)."""
    state = coach_game(("jed", Role.DRIVER), weapons=("double_barrelled",))
    state.add(person("kid", MINOR, owner=2), random.Random(1))
    with pytest.raises(RulesError, match="not spread"):
        perform(state, ShotRequest("ike", "coach", paces=6, spread=("kid",)), Dice())
