"""Shoot (DA 97-120, 160-179), Fight (DA 122-141) and the Recovery Phase (DA 80-95)."""

from __future__ import annotations

import pytest

from bot.rules.core.actions import perform
from bot.rules.core.errors import RulesError
from bot.rules.dracula.actions import FightRequest, PlainRequest, RecoveryRequest, ShootRequest
from bot.rules.dracula.state import Activation, Condition, Phase

from .game import ANN, BOB, Faces, two_posses


def activated(*keys: str, user: int = ANN, actions: int = 2):
    state = two_posses()
    state.phase, state.order, state.at = Phase.ACTIVATIONS, [user], 0
    state.activation = Activation(user, "solo", {k: actions for k in keys})
    return state


def test_a_short_range_shot_hits_and_the_save_fails():
    """DA 103-110: a 3 Dice Shooting Test, Short Range +1 Die; DA 112-116: 2 Successes, Save on 6+; DA 148:
    failed by 1-2, Shaken. Abe is a Hero: D10s."""
    state = activated("abe")
    state, resolution = perform(state, ShootRequest("abe", "bud", "pistol", "short"), Faces(7, 5, 2, 1, 4))
    first, saving = resolution.readings
    assert first.roll.faces == (7, 5, 2, 1) and first.outcome.title == "2 Successes"
    assert first.adjustments == (("Target at Short Range", 1),)
    assert saving.outcome.title == "Failed by 2" and resolution.changes == ("Bud is Shaken.",)
    assert state.characters["bud"].condition is Condition.SHAKEN and state.activation.actions == {"abe": 1}


def test_cover_and_long_range_leave_one_die():
    """DA 106-107 and 21: Cover -1, Long Range -1, never fewer than 1 Die."""
    state = activated("abe")
    _, resolution = perform(state, ShootRequest("abe", "bud", "rifle", "long", cover=True), Faces(3))
    assert resolution.readings[0].roll.faces == (3,) and resolution.readings[0].outcome.title == "0 Successes"


def test_a_miss_with_a_one_makes_a_jamming_check_on_the_jam_die():
    """DA 179: missed and at least one Die scored a 1: a Jamming Check; a Failure, a Jammed Token. The Rifle's
    JAM is D8 (DA 167)."""
    state = activated("abe")
    state, resolution = perform(state, ShootRequest("abe", "bud", "rifle"), Faces(1, 2, 3, 4))
    check = resolution.readings[1]
    assert check.label == "Jamming Check of Abe" and check.roll.dice.sides == 8 and check.outcome.title == "Failure"
    assert state.characters["abe"].gun("rifle").jammed
    with pytest.raises(RulesError, match="Jammed"):
        perform(state, ShootRequest("abe", "bud", "rifle"), Faces())
    state, _ = perform(state, PlainRequest("abe", "clear", "rifle"), Faces())
    assert not state.characters["abe"].gun("rifle").jammed


def test_each_weapon_once_per_activation_and_two_actions_for_a_solo():
    """DA 58: two Actions; each Weapon can only be fired once per Activation."""
    state = activated("abe")
    state, _ = perform(state, ShootRequest("abe", "bud", "pistol"), Faces(2, 2, 2))
    with pytest.raises(RulesError, match="once per Activation"):
        perform(state, ShootRequest("abe", "bud", "pistol"), Faces())
    state, _ = perform(state, ShootRequest("abe", "bud", "rifle"), Faces(2, 2, 2))
    with pytest.raises(RulesError, match="no Action left"):
        perform(state, PlainRequest("abe", "move"), Faces())


def test_a_downed_model_may_not_be_shot_and_only_crawls():
    """DA 158: may only Move; may not be Shot at."""
    state = activated("art", "abe")
    state.characters["bud"].condition = Condition.DOWNED
    with pytest.raises(RulesError, match="may not be Shot"):
        perform(state, ShootRequest("abe", "bud", "pistol"), Faces())
    state.characters["art"].condition = Condition.DOWNED
    with pytest.raises(RulesError, match="may only Move"):
        perform(state, ShootRequest("art", "bo", "shotgun"), Faces())
    perform(state, PlainRequest("art", "move"), Faces())


def test_a_sixgun_shoots_twice_as_one_action():
    """DA 173: Sixgun, may Shoot twice as one Action."""
    state = activated("bo", user=BOB)
    state, resolution = perform(state, ShootRequest("bo", "abe", "sixgun", twice=True), Faces(2, 3, 4, 4, 3, 2))
    assert [r.label for r in resolution.readings] == ["Shooting Test (first shot)", "Shooting Test (second shot)"]
    assert state.activation.actions == {"bo": 1}


def test_the_fight_winner_strikes_and_the_loser_saves_against_the_margin():
    """DA 128-141: both roll 3 Dice; more Successes wins and strikes; the loser Saves (on the margin: see
    docs/rulings.md). Charging -1 Die (DA 131)."""
    state = activated("abe")
    state, resolution = perform(state, FightRequest("abe", "bud", charging=True), Faces(9, 6, 1, 2, 3, 3))
    assert resolution.readings[0].roll.faces == (9, 6)
    assert "Abe wins the Fight by 2 and strikes Bud." in resolution.changes
    assert resolution.readings[2].outcome.title == "Failed by 3"
    assert state.characters["bud"].condition is Condition.DOWNED


def test_equal_successes_go_to_the_single_highest_die_by_one_else_a_draw():
    """DA 139: equal totals, the highest single Die wins by 1; otherwise a Draw, no effect."""
    state = activated("bud", user=BOB)
    _, resolution = perform(state, FightRequest("bud", "abe"), Faces(5, 2, 2, 7, 1, 1, 5))
    assert "Abe wins the Fight by 1 and strikes Bud." in resolution.changes
    assert resolution.readings[2].outcome.title == "Saved"
    _, resolution = perform(state, FightRequest("bud", "abe"), Faces(5, 2, 2, 5, 1, 1))
    assert resolution.changes == ("A Draw: no effect; the models remain engaged.",)


@pytest.mark.parametrize("sign, dice", [(1, 5), (-1, 1)])
def test_the_multiple_enemies_modifier_takes_the_sign_the_director_sets(sign, dice):
    """DA 133 prints +1 a Die for each unengaged enemy in Contact after the first; 'Ornery (DA 207) calls it a
    penalty: a game setting (see docs/rulings.md)."""
    state = activated("art")
    state.settings.multiple_enemies = sign
    faces = [2] * dice + [2, 2, 2]
    _, resolution = perform(state, FightRequest("art", "bud", attacker_enemies=2), Faces(*faces))
    assert len(resolution.readings[0].roll.faces) == dice


def test_a_downed_defender_is_removed_without_a_fight_test():
    """DA 158: it can be Fought: no Fight Test, removed as a Casualty."""
    state = activated("abe")
    state.characters["bud"].condition = Condition.DOWNED
    state, resolution = perform(state, FightRequest("abe", "bud"), Faces())
    assert not resolution.readings and state.characters["bud"].condition is Condition.CASUALTY


def test_recovery_tests_and_done_tokens():
    """DA 82-88: Done Tokens removed; 3 Dice (+1 with a friend in Contact): 0 Casualty, 1-2 Downed, 3+ Shaken."""
    state = two_posses()
    state.phase = Phase.NPC
    for key in ("abe", "art", "bud"):
        state.characters[key].condition = Condition.DOWNED
    state.characters["bo"].done = True
    state, resolution = perform(state, RecoveryRequest(["abe"]), Faces(5, 6, 7, 2, 1, 1, 4, 2, 5, 5))
    conditions = {k: m.condition for k, m in state.characters.items() if k in ("abe", "art", "bud")}
    assert conditions == {"abe": Condition.SHAKEN, "art": Condition.CASUALTY, "bud": Condition.DOWNED}
    assert resolution.readings[0].adjustments == (("Friendly non-Downed model in Contact", 1),)
    assert not state.characters["bo"].done


def test_a_bottle_check_when_half_the_posse_is_down():
    """DA 92-95: half the starting number (rounded down) Casualty or Downed; the Boss, 3 Dice; Boss Downed,
    the next highest Rank on 1 Die; 0 Successes, the Posse Bottles Out."""
    state = two_posses()
    state.phase = Phase.NPC
    state.seats[ANN].starting, state.seats[BOB].starting = 2, 3
    state.characters["abe"].condition = Condition.CASUALTY       # Ann's Boss gone: Art, 1 Die
    state, resolution = perform(state, RecoveryRequest(), Faces(3))
    assert [r.label for r in resolution.readings] == ["Bottle Check of Art's Posse"]
    assert len(resolution.readings[0].roll.faces) == 1 and state.seats[ANN].bottled
    assert state.characters["art"].condition is Condition.BOTTLED


def test_a_recovery_phase_with_nobody_downed_still_says_what_it_did():
    """DA 80-84: the Recovery Phase takes the Done Tokens off and tests the Downed; with nobody Downed its card
    says so, rather than showing a heading alone."""
    state = two_posses()
    state.phase = Phase.NPC
    state.characters["bo"].done = True
    state, resolution = perform(state, RecoveryRequest(), Faces())
    assert resolution.readings == ()
    assert resolution.changes == ("The Done Tokens are taken off every model.",
                                  "No model is Downed: nobody takes a Recovery Test.")


def test_a_model_that_stays_down_is_said_to_remain_downed():
    """DA 87: 1-2 Successes, "Model remains Downed"."""
    state = two_posses()
    state.phase = Phase.NPC
    state.characters["art"].condition = Condition.DOWNED
    state, resolution = perform(state, RecoveryRequest(), Faces(5, 1, 1))
    assert resolution.readings[0].outcome.title == "1 Success: Remains Downed"
    assert "Art remains Downed." in resolution.changes
