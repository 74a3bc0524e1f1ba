"""The Known differences of docs/rules-coverage.md, mended: each procedure as the book plays it, with the dice
written out."""

import pytest

from bot.rules.qotd.actions import perform
from bot.rules.qotd.checks import TestRequest
from bot.rules.qotd.dv import LOOPHOLE_DV
from bot.rules.qotd.fighting import Defence, FightRequest
from bot.rules.qotd.shooting import Cover, ShotRequest, ShotType
from bot.rules.qotd.state import Condition, Mount, RulesError

from .scripted import Dice
from .test_actions import HERO, MAIN, SUPPORTING, game, keeping, person, titles
from .test_beasts import beast


def reasons(reading):
    return [reason for reason, _ in reading.adjustments]


def test_the_options_no_command_asked_for_are_refused_where_they_cannot_apply():
    """A Deadly Riposte! "Miss and opponent makes an immediate fight back and can reroll their dice" (2078-2084):
    only one already in combat with the attacker fights back. Climbing, jumping and strength are tasks (821-822).
    Aiming fires no shot, so no hand fires it (2273-2275)."""
    kid = person("kid", SUPPORTING, weapons=("single_action_revolver",))
    kid.mount = Mount("horse", 2)
    state = game(kid, person("ike", MAIN, owner=2))
    refusals = [
        (FightRequest("ike", "kid", riposte=True), "not in combat with Kid"),
        (FightRequest("kid", "ike", run_down=True, hasty=True), "charge of the mount"),
        (TestRequest("kid", "courage", athletic=True), "on the task chart"),
        (TestRequest("kid", "react", strength=True), "on the task chart"),
        (ShotRequest("kid", "ike", paces=6, aim=True, wrong_hand=True), "Aiming fires no shot"),
    ]
    for request, words in refusals:
        with pytest.raises(RulesError, match=words):
            perform(state, request, Dice())


def test_an_enraged_beast_makes_an_all_out_attack_next():
    """Lines 3084-3085, the Beast's Reaction on a 10: "The Beast becomes enraged and makes an all-out attack".
    Its next attack is an All Out Attack whatever form is asked, and the one after is as asked."""
    state = game(person("doc", SUPPORTING), beast("cougar", "large_cat"))
    # Doc wants to shoot 6, misses on 3; the cougar's reaction [10, 2]: enraged
    state, result = keeping(state, ShotRequest("doc", "cougar", paces=6), Dice(6, 3, 10, 2))
    assert titles(result) == ["Shoot at the Enemy!", "Missed!", "The Beast becomes enraged"]
    assert Condition.ENRAGED in state.characters["cougar"].conditions
    # the cougar attacks: wants [6, 2], hits [6, 2] (All Out: a re-roll offered, kept); Doc's effect 6 at DV -1
    state, result = keeping(state, FightRequest("cougar", "doc"), Dice(6, 2, 6, 2, 6, 6))
    assert "Cougar is enraged: an All Out Attack." in result.changes
    assert "(All Out Attack)" in result.headline
    assert Condition.ENRAGED not in state.characters["cougar"].conditions


def test_a_beast_reaction_tested_on_the_chart_enrages_or_puts_to_flight():
    """Lines 3056-3085: the Beast's Reaction rolled with `/test` does what the chart says, as when shot at."""
    state = game(person("doc", SUPPORTING), beast("cougar", "large_cat"))
    enraged, _ = keeping(state, TestRequest("cougar", "beast_reaction"), Dice(10, 4))
    assert Condition.ENRAGED in enraged.characters["cougar"].conditions
    fled, _ = keeping(state, TestRequest("cougar", "beast_reaction"), Dice(1, 1))
    assert Condition.FLED in fled.characters["cougar"].conditions


def test_a_blocker_cannot_counter_attack_and_makes_only_a_hasty_attack_next():
    """Line 2145: a block "increases their DV by 2 but they cannot make a counter attack and in their turn can
    only make a hasty attack". Ike blocks Doc's knife; his next attack is hasty (+2 to Doc's DV), once."""
    state = game(person("doc", HERO, weapons=("bowie_knife",)), person("ike", MAIN, owner=2, weapons=()))
    # Doc wants [6, 6]; Ike responds [7, 7] and blocks; Doc hits [8, 8]; Ike's effect [9, 9]
    state, result = keeping(state, FightRequest("doc", "ike", defence=Defence.BLOCK), Dice(6, 6, 7, 7, 8, 8, 9, 9))
    assert "Ike blocks: no counter attack, and only a hasty attack in their turn." in result.changes
    assert Condition.BLOCKED in state.characters["ike"].conditions
    with pytest.raises(RulesError, match="Ike blocked: they cannot make a counter attack"):
        perform(state, FightRequest("ike", "doc", riposte=True), Dice())
    # Ike attacks back with his fists (in combat: no Wanting to Attack): to hit [7, 7], Doc's effect [9, 9, 9]
    state, result = keeping(state, FightRequest("ike", "doc"), Dice(7, 7, 9, 9, 9))
    assert "Ike blocked: only a hasty attack." in result.changes
    assert "Hit by a hasty shot or hasty attack" in reasons(result.readings[-1])
    assert Condition.BLOCKED not in state.characters["ike"].conditions


def test_a_mount_collapsing_at_speed_throws_its_rider_as_a_high_impact_hit_and_a_1_traps_them():
    """Lines 2469-2472: "If the mount was travelling fast or more quickly, then the outcome is treated as if the
    rider was hit by a High Impact weapon. On a roll of 1 they also become trapped under their dead mount: They
    must pass an Action Test to free themselves." Ike's wounded horse is moving when Doc's knife brings it down."""
    ike = person("ike", HERO, owner=2)
    ike.mount = Mount("horse", 2, hits=1)
    state = game(person("doc", MAIN, weapons=("bowie_knife",)), ike)
    # Doc wants [6, 6], hits [6, 6]; rider or mount 7 (the horse, as aimed); the horse's effect [5, 5]: 1 Hit, it
    # collapses; Ike's fall [1, 1] at DV -1 (high impact): 3 Hits and trapped; his courage test [1, 6]
    state, result = keeping(state, FightRequest("doc", "ike", at_mount=True, rider_moving=True),
                            Dice(6, 6, 6, 6, 7, 5, 5, 1, 1, 1, 6))
    fall = result.readings[4]
    assert fall.label == "Injury from the fall" and reasons(fall) == ["Hit by a High Impact weapon"]
    assert Condition.UNDER_MOUNT in state.characters["ike"].conditions
    with pytest.raises(RulesError, match="trapped under their dead mount and cannot move"):
        perform(state, TestRequest("ike", "move"), Dice())
    # a failed Action test leaves him there; a passed one frees him, and he may move again
    state, _ = keeping(state, TestRequest("ike", "task"), Dice(3, 2))
    assert Condition.UNDER_MOUNT in state.characters["ike"].conditions
    state, result = keeping(state, TestRequest("ike", "task"), Dice(6, 2))
    assert "Ike gets free of the dead mount." in result.changes
    perform(state, TestRequest("ike", "move"), Dice(6, 6))


def test_a_mount_collapsing_standing_still_throws_its_rider_as_a_plain_hit():
    """Lines 2469-2470: a mount not travelling fast throws its rider as a plain fall ("test for injury as if
    falling"), and a roll other than 1 leaves them free."""
    ike = person("ike", HERO, owner=2)
    ike.mount = Mount("horse", 2, hits=1)
    state = game(person("doc", MAIN, weapons=("single_action_revolver",)), ike)
    # Doc wants to shoot [6, 6] at the standing horse, hits [8, 8], rider or mount 7 (the horse, as aimed); its
    # effect [5, 5]: 1 Hit, it collapses; Ike's fall [5, 5] at DV 0: 1 Hit; his courage test [6, 6]
    state, result = keeping(state, ShotRequest("doc", "ike", paces=6, at_mount=True),
                            Dice(6, 6, 8, 8, 7, 5, 5, 5, 5, 6, 6))
    fall = next(r for r in result.readings if r.label == "Injury from the fall")
    assert reasons(fall) == [] and fall.column == 0
    assert Condition.UNDER_MOUNT not in state.characters["ike"].conditions


def test_a_hit_on_a_character_firing_through_a_loophole_is_read_in_the_loophole_column():
    """Lines 2307-2314: the Effects of Hit table's last column, "Is Firing through a loophole" (with DV 3+), read
    as DV 4 before the other adjustments (docs/rulings.md): an 8 there is a Near Miss where the open reads a
    Courage Test."""
    state = game(person("doc", SUPPORTING, weapons=("single_action_revolver",)), person("ike", SUPPORTING, owner=2),
                 beast("cougar", "large_cat"))
    # Doc wants to shoot 6, hits 8; Ike's effect 8 at DV 4: a Near Miss
    state, result = keeping(state, ShotRequest("doc", "ike", paces=6, cover=Cover.LOOPHOLE), Dice(6, 8, 8))
    effect = result.readings[-1]
    assert effect.column == LOOPHOLE_DV and titles(result)[-1] == "Near Miss"
    assert not state.characters["ike"].lost
    with pytest.raises(RulesError, match="Only a character fires through a loophole"):
        perform(state, ShotRequest("doc", "cougar", paces=6, cover=Cover.LOOPHOLE), Dice())


@pytest.mark.parametrize("shot, hasty_setting, reasons_read", [
    # stationary and deliberate: no penalty
    (ShotType.DELIBERATE, True, []),
    # a snap shot with the rifle just raised counts as drawing: hasty by default, or +1 by the game's setting
    (ShotType.SNAP, True, ["Hit by a hasty shot or hasty attack"]),
    (ShotType.SNAP, False, ["Hit by opponent Drawing weapon on this turn"]),
])
def test_a_shoulder_arm_raised_and_fired_counts_as_drawing_unless_stationary_and_deliberate(
        shot, hasty_setting, reasons_read):
    """Lines 1221-1222: "A character who raises a shoulder arm to fire counts as drawing if they fire on the same
    turn unless they were stationary and making a deliberate shot"; the drawing penalty is the game's (1218-1219,
    2256-2257)."""
    state = game(person("doc", SUPPORTING, weapons=("repeating_rifle",)), person("ike", SUPPORTING, owner=2))
    state.settings.drawing_is_hasty = hasty_setting
    # Doc wants to shoot 6, hits 8; Ike's effect 8: a Courage Test or a Graze, then his courage test 6
    _, result = keeping(state, ShotRequest("doc", "ike", shot=shot, paces=6, raised=True), Dice(6, 8, 8, 6))
    effect = next(r for r in result.readings if r.label == "Effect of the hit")
    assert [reason for reason in reasons(effect) if "Drawing" in reason or "hasty" in reason] == reasons_read


def test_only_a_shoulder_arm_is_raised():
    """Lines 1217-1222: a handgun is drawn, not raised (`shot:quick draw`)."""
    state = game(person("doc", SUPPORTING, weapons=("single_action_revolver",)), person("ike", SUPPORTING, owner=2))
    with pytest.raises(RulesError, match="Only a shoulder arm is raised"):
        perform(state, ShotRequest("doc", "ike", paces=6, raised=True), Dice())
