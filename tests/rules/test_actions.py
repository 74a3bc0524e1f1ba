"""Shooting, fighting and tests end to end on the engine, with the dice written out."""

import random

import pytest

from bot.rules.core.dice import Luck
from bot.rules.core.replay import KEEP, Context
from bot.rules.qotd.actions import decide, perform
from bot.rules.qotd.campaign import recover
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.checks import HealRequest, HoldRequest, TestRequest
from bot.rules.qotd.fighting import Defence, FightRequest, Form
from bot.rules.qotd.shooting import Cover, ReloadRequest, ShotRequest, ShotType
from bot.rules.qotd.state import (Carried, Character, Condition, QotdState, Mount, RulesError, Trait,
                                  WeaponCondition)
from bot.rules.qotd.vehicles import hit_vehicle, new_vehicle
from bot.rules.qotd.weapons import WEAPONS

from .scripted import Dice

HERO, MAIN, SUPPORTING, MINOR = (CharacterType.HERO, CharacterType.MAIN, CharacterType.SUPPORTING,
                                 CharacterType.MINOR)


def person(key, kind, owner=1, personality="ordinary", traits=(), weapons=("single_action_revolver",), **kw):
    carried = [Carried(w, loaded=WEAPONS[w].shots) for w in weapons]
    return Character(key, key.title(), owner, kind, personality, [Trait(*t) if isinstance(t, tuple) else Trait(t)
                                                                  for t in traits], carried, **kw)


def game(*characters):
    state = QotdState()
    for character in characters:
        state.add(character, random.Random(1))
    state.shuffle(random.Random(2))
    return state


def titles(resolution):
    return [r.outcome.title for r in resolution.readings]


def keeping(state, request, dice):
    """Perform, keeping every roll that pauses for a re-roll decision."""
    state, result = perform(state, request, dice)
    while result.decision:
        state, result = decide(state, KEEP, dice)
    return state, result


def test_a_hit_on_a_minor_character_takes_its_only_card():
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    # Wanting to Shoot 2D10 [7, 3]; to hit 2D10 [9, 2]; effect on the Minor 1D10 [5] at DV 0: 1 Hit
    state, result = perform(state, ShotRequest("doc", "kid", paces=6), Dice(7, 3, 9, 2, 5))
    assert titles(result) == ["Shoot at the Enemy!", "Gotcha!", "1 Hit"]
    kid = state.characters["kid"]
    assert kid.casualty and len(kid.lost) == 1
    assert any("is a casualty" in c for c in result.changes)
    state.check()


def test_dv_adjustments_move_the_column_read():
    state = game(person("doc", HERO, traits=["marksman"]), person("ike", MAIN, owner=2, armour="armour"))
    # deliberate shot by a Marksman (-2) at a target in dense cover (+2) wearing armour (DV 2): column 2
    request = ShotRequest("doc", "ike", shot=ShotType.DELIBERATE, paces=10, cover=Cover.DENSE)
    state, result = keeping(state, request, Dice(6, 6, 8, 8, 6, 6, 7, 7))
    effect = result.readings[2]
    assert effect.column == 2
    assert sorted(delta for _, delta in effect.adjustments) == [-2, 2]
    assert "Shot by a Marksman" in [reason for reason, _ in effect.adjustments]
    assert effect.outcome.title == "Courage Test"           # 6 at DV 2
    assert result.readings[3].label == "Taking a Courage Test"


def test_a_failed_wanting_to_shoot_stops_the_shot_and_spends_nothing():
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state, result = perform(state, ShotRequest("doc", "kid", paces=6), Dice(3, 2))
    assert titles(result) == ["Where’s the target!"]
    assert state.characters["doc"].weapons[0].loaded == 6


def test_disciplined_reroll_pauses_and_resumes_after_a_json_round_trip():
    state = game(person("doc", HERO, personality="disciplined"), person("kid", MINOR, owner=2))
    before = state.to_json()
    state, result = perform(state, ShotRequest("doc", "kid", paces=6), Dice(3, 2))
    assert result.decision is not None
    assert [r.key for r in result.decision.rights] == ["disciplined", "cut"]
    assert {k: v for k, v in state.to_json().items() if k != "pending"} == before   # nothing applied yet
    restarted = QotdState.from_json(state.to_json())                                   # the bot restarts
    state, result = decide(restarted, "disciplined", Dice(8, 1, 9, 9, 2))
    assert titles(result)[:3] == ["Shoot at the Enemy!", "Gotcha!", "2 Hits"]
    assert result.readings[0].reroll == "Re-roll (Disciplined)"
    assert state.pending is None and state.characters["kid"].casualty


def test_cut_sacrifices_the_next_card_and_must_keep_the_second_take():
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    doc = state.characters["doc"]
    next_card = state.next_card_of(doc)
    state, result = perform(state, ShotRequest("doc", "kid", paces=6), Dice(2, 2))
    state, result = decide(state, "cut", Dice(1, 1))
    assert result.decision is None                                  # the second take is kept
    assert next_card in state.deck.out and state.characters["doc"].cuts_used == 1
    with pytest.raises(RulesError):
        decide(state, "cut", Dice(5))


def test_a_choice_that_is_not_open_leaves_the_game_waiting():
    state = game(person("doc", HERO, personality="disciplined"), person("kid", MINOR, owner=2))
    state, _ = perform(state, ShotRequest("doc", "kid", paces=6), Dice(3, 2))
    pending = state.pending
    with pytest.raises(RulesError):
        decide(state, "lucky", Dice(9, 9))
    assert state.pending == pending
    state, result = decide(state, KEEP, Dice())
    assert titles(result) == ["Where’s the target!"]


def test_lucky_target_rerolls_a_wounding_effect_roll():
    state = game(person("doc", HERO), person("kid", SUPPORTING, owner=2, traits=["lucky"]))
    state, result = perform(state, ShotRequest("doc", "kid", paces=6), Dice(8, 8, 7, 7, 2))
    assert result.decision.roller == "kid" and result.decision.rights[0].label == "Lucky — 4 left"
    state, result = decide(state, "lucky", Dice(10, 6))    # 10 at DV 0: a Graze, then a courage test
    effect = result.readings[2]
    assert effect.first.faces == (2,) and effect.roll.faces == (10,) and effect.outcome.title == "Graze"
    assert state.characters["kid"].lucky_used == 1 and not state.characters["kid"].lost


def test_a_revolver_is_out_of_ammo_on_a_one_and_reloads():
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state, result = keeping(state, ShotRequest("doc", "kid", paces=6), Dice(9, 9, 1, 1))
    assert titles(result)[-1] == "Damn It!"
    revolver = state.characters["doc"].weapons[0]
    assert revolver.condition is WeaponCondition.EMPTY
    with pytest.raises(RulesError, match="reload first"):
        perform(state, ShotRequest("doc", "kid", paces=6), Dice(9, 9))
    state, result = keeping(state, ReloadRequest("doc"), Dice(6, 2))
    assert titles(result) == ["Ready to shoot!"]
    assert state.characters["doc"].weapons[0].condition is WeaponCondition.READY


def test_a_muzzle_loader_must_be_reloaded_after_each_shot():
    state = game(person("doc", HERO, weapons=["smoothbore_musket"]), person("kid", MINOR, owner=2))
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=10), Dice(7, 7, 4, 4))
    assert state.characters["doc"].weapons[0].condition is WeaponCondition.EMPTY


def test_beyond_effective_range_the_dice_are_reduced_and_past_twice_it_is_refused():
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    _, result = keeping(state, ShotRequest("doc", "kid", paces=20), Dice(7, 7, 4))
    assert "beyond effective range" in result.readings[1].dice_reason
    assert len(result.readings[1].roll.faces) == 1
    with pytest.raises(RulesError, match="out of range"):
        perform(state, ShotRequest("doc", "kid", paces=25), Dice())


def test_a_red_joker_makes_the_first_roll_a_ten():
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state.characters["doc"].luck = Luck.RED
    state, result = perform(state, ShotRequest("doc", "kid", paces=6), Dice(2, 2, 3, 3))
    assert titles(result)[0] == "Got Them!" and result.readings[0].roll.value == 10
    assert result.decision and result.decision.rights[0].label == "Re-roll (Got Them!)"
    state, result = decide(state, "got_them", Dice(1, 1))  # 1s ignored on the Got Them! re-roll
    assert result.readings[1].roll.value == 2 and titles(result)[1] == "Missed!"
    assert state.characters["doc"].luck is None


def test_fighting_a_blow_with_fists_stuns_rather_than_kills():
    state = game(person("doc", HERO, weapons=()), person("ike", MAIN, owner=2, weapons=()))
    # Wanting to Attack [6, 6]; to hit [8, 8]; effect on Ike [3, 3] at DV 0: 2 Hits
    state, result = keeping(state, FightRequest("doc", "ike"), Dice(6, 6, 8, 8, 3, 3, 7, 7))
    assert titles(result)[:3] == ["Attack the Enemy!", "Take That!", "2 Hits"]
    ike = state.characters["ike"]
    assert len(ike.stunned) == 2 and not ike.lost
    assert titles(result)[3] == "A- OK - Keep Calm and Carry On!"


def test_a_block_costs_the_defenders_next_card_and_raises_the_dv():
    state = game(person("doc", HERO, weapons=("bowie_knife",)), person("ike", MAIN, owner=2, weapons=()))
    ike_next = state.next_card_of(state.characters["ike"])
    state, result = keeping(state, FightRequest("doc", "ike", defence=Defence.BLOCK),
                            Dice(6, 6, 7, 7, 8, 8, 9, 9))
    assert titles(result)[:3] == ["Attack the Enemy!", "Respond", "Take That!"]
    assert ike_next in state.deck.out
    effect = result.readings[3]
    # the block (+2) and the Bowie knife's longer reach against fists (-1)
    assert sorted(delta for _, delta in effect.adjustments) == [-1, 2] and effect.column == 1


def test_a_mighty_blow_is_once_a_phase():
    state = game(person("doc", HERO, weapons=("bowie_knife",)), person("ike", MAIN, owner=2, weapons=()))
    state, _ = keeping(state, FightRequest("doc", "ike", form=Form.MIGHTY_BLOW), Dice(6, 6, 2, 2))
    assert Condition.ON_THE_BACK_FOOT in state.characters["doc"].conditions
    with pytest.raises(RulesError, match="one Mighty Blow"):
        perform(state, FightRequest("doc", "ike", form=Form.MIGHTY_BLOW), Dice())


def test_rash_characters_make_an_all_out_attack_first():
    state = game(person("kid", SUPPORTING, personality="rash", weapons=()), person("ike", MAIN, owner=2))
    _, result = perform(state, FightRequest("kid", "ike"), Dice(6, 7, 8, 8))
    assert "All Out Attack" in result.changes[0]


def test_heroic_characters_need_not_test_for_courage():
    state = game(person("doc", HERO, personality="heroic"))
    with pytest.raises(RulesError, match="Heroic"):
        perform(state, TestRequest("doc", "courage"), Dice())


def test_holding_is_once_and_minor_characters_cannot():
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state, _ = perform(state, HoldRequest("doc"), Dice())
    assert Condition.HOLDING in state.characters["doc"].conditions
    with pytest.raises(RulesError):
        perform(state, HoldRequest("doc"), Dice())
    with pytest.raises(RulesError):
        perform(state, HoldRequest("kid"), Dice())


def test_healing_restores_a_lost_card():
    state = game(person("doc", HERO, traits=["healer"]), person("kid", SUPPORTING, owner=2))
    kid = state.characters["kid"]
    state.wound(kid, lethal=True)
    state, result = perform(state, HealRequest("doc", "kid"), Dice(7, 2))
    assert titles(result) == ["Feeling Better"]
    assert not state.characters["kid"].lost
    state.check()


def test_a_character_with_no_cards_left_cannot_shoot():
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state.wound(state.characters["kid"], lethal=True)
    with pytest.raises(RulesError, match="no cards left"):
        perform(state, ShotRequest("kid", "doc", paces=6), Dice())


@pytest.mark.parametrize("faces, title, dies, sits_out", [
    ((1, 1), "I’m Exhausted!", False, False), ((10, 3), "Experience is a great Teacher!", False, False)])
def test_recovery_of_a_character_still_standing(faces, title, dies, sits_out):
    recovery = recover(person("doc", HERO), Dice(*faces))
    assert recovery.title == title and recovery.dies is dies and recovery.sits_out is sits_out


def test_a_downed_character_may_be_a_goner():
    state = game(person("kid", MINOR))
    state.wound(state.characters["kid"], lethal=True)
    recovery = recover(state.characters["kid"], Dice(1, 3))
    assert recovery.title == "A Goner!" and recovery.dies


def test_a_shot_at_a_rider_that_misses_its_aim_hits_the_mount():
    rider = person("kid", SUPPORTING, owner=2, mount=Mount("horse", 2))
    state = game(person("ike", SUPPORTING), rider)
    # Wanting to Shoot 6, to hit 7, rider or mount 3 (the other one: the horse), effect 2 at DV 0: 2 Hits;
    # the horse collapses and Kid falls: 10, a Graze, so a courage test, 6
    state, result = perform(state, ShotRequest("ike", "kid", paces=6), Dice(6, 7, 3, 2, 10, 6))
    assert titles(result)[2:] == ["The other one!", "2 Hits", "Graze", "A- OK - Keep Calm and Carry On!"]
    assert result.readings[4].label == "Injury from the fall"
    kid = state.characters["kid"]
    assert kid.mount.collapsed and not kid.lost
    assert "collapses" in " ".join(result.changes)


def test_a_marksman_chooses_the_mount_and_a_spooked_mount_may_bolt():
    rider = person("kid", SUPPORTING, owner=2, mount=Mount("horse", 2))
    state = game(person("ike", SUPPORTING, traits=["marksman"]), rider)
    # Wanting to Shoot 6, to hit 7, effect on the horse 6 at DV -2 (Marksman): 1 Hit; control 3: Bolting!
    state, result = perform(state, ShotRequest("ike", "kid", paces=6, at_mount=True), Dice(6, 7, 6, 3))
    assert titles(result)[2:] == ["1 Hit", "Bolting!"]
    kid = state.characters["kid"]
    assert kid.mount.hits == 1 and kid.mount.bolting and not kid.lost


@pytest.mark.parametrize("construction, adjustments, face, outcome, crew", [
    ("none", [], 5, "Immobilized", True),                               # 5 at VDV 0
    ("strong", ["small_arms"], 5, "Courage test", True),                # 5 at VDV 4 (3+)
    ("robust", ["marksman", "high_impact", "explosive"], 1, "Destroyed", False),
    ("light", ["light_impact"], 10, "No Damage", False),
])
def test_hits_on_vehicles_read_the_vdv_column(construction, adjustments, face, outcome, crew):
    hit = hit_vehicle(Context(Dice(face)), new_vehicle("coach", "Coach", 1, "stagecoach", construction), adjustments,
                      "Effect of the hit")
    assert hit.reading.outcome.title == outcome and hit.crew_test is crew


def test_a_vehicle_bullet_counts_once_and_unknown_ones_are_refused():
    coach = new_vehicle("coach", "Coach", 1, "stagecoach", "robust")
    hit = hit_vehicle(Context(Dice(6)), coach, ["high_impact", "explosive"], "Effect of the hit")
    assert hit.reading.adjustments == (("Hit by a High Impact weapon or big explosive device", -1),)
    with pytest.raises(RulesError):
        hit_vehicle(Context(Dice(6)), coach, ["rockets"], "Effect of the hit")


def test_a_natural_leaders_command_uses_his_dice_and_a_dominant_leader_gives_a_reroll():
    state = game(person("doc", HERO, personality="natural_leader"), person("kid", MINOR),
                 person("boss", MAIN, personality="dominant"))
    _, result = perform(state, TestRequest("kid", "courage", leader="doc"), Dice(3, 8))
    assert result.readings[0].dice_reason == "Doc's dice: 2D10 take best" and result.readings[0].roll.value == 8
    _, result = perform(state, TestRequest("kid", "task", leader="boss"), Dice(2))
    assert [r.label for r in result.decision.rights] == ["Re-roll (Boss is Dominant)"]


def test_a_lasso_entangles_rather_than_wounds():
    state = game(person("kid", SUPPORTING, weapons=("entangling",)), person("ike", SUPPORTING, owner=2))
    # Wanting to Shoot 6, to hit 10 (Bulls Eye: Ike rolls twice, the worse kept), entangle 7 and 3
    state, result = perform(state, ShotRequest("kid", "ike", paces=6), Dice(6, 10, 7, 3))
    assert titles(result)[2:] == ["Partially entangled or restrained", "Entangled or restrained"]
    ike = state.characters["ike"]
    assert Condition.HELD in ike.conditions and ike.defenceless and not ike.lost
    assert state.characters["kid"].weapons[0].condition is WeaponCondition.EMPTY
