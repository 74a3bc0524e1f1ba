"""Procedures of the book that docs/rules-coverage.md found without a scenario test of their own: the
re-rolls and reduced dice that personalities, skills and traits bring, movement in a forest, evading an
attack, coming round, the DV adjustments of Reel 6 that follow from the attacker's skills and the
shot, fanning, and the Charismatic and Dominant tests. The dice are written out."""

import pytest

from bot.rules.qotd.actions import decide, perform
from bot.rules.qotd.checks import ComeRoundRequest, TestRequest
from bot.rules.qotd.fighting import Defence, FightRequest
from bot.rules.qotd.shooting import DrawRequest, ShotRequest, ShotType
from bot.rules.qotd.state import Mount, RulesError, WeaponCondition

from .scripted import Dice
from .test_actions import HERO, MAIN, SUPPORTING, game, keeping, person, titles
from .test_beasts import beast


def rights(result):
    return [right.key for right in result.decision.rights] if result.decision else []


def reasons(reading):
    return sorted(reason for reason, _ in reading.adjustments)


@pytest.mark.parametrize("personality, traits, request_of, right", [
    # 191-192, 1033: Brave and Proud re-roll a failed Courage Test
    ("brave", (), dict(chart="courage"), "brave"),
    ("proud", (), dict(chart="courage"), "proud"),
    # 266: Quick Witted re-rolls a failed Responding or reaction test
    ("quick_witted", (), dict(chart="react"), "quick_witted"),
    # 239-240 and 267-269: Fanatic and Rash re-roll a failed move towards the enemy
    ("fanatic", (), dict(chart="move", towards_enemy=True), "fanatic"),
    ("rash", (), dict(chart="move", towards_enemy=True), "rash"),
    # 217-218: Disciplined re-rolls Wanting to move
    ("disciplined", (), dict(chart="move"), "disciplined"),
    # 188-189, and docs/rulings.md: an Academic re-rolls a task of their area of study
    ("academic", (), dict(chart="task", skill="geology"), "academic"),
    # 282-283, 821: Athletic re-rolls a task of jumping, climbing, getting through small spaces
    ("ordinary", ("athletic",), dict(chart="task", athletic=True), "athletic"),
    # 285-288, 823: Good in a particular skill re-rolls a task using that skill
    ("ordinary", (("good_in", "tracking"),), dict(chart="task", skill="tracking"), "good_in"),
    # 290: Fleet Footed re-rolls a failed Wanting to move roll
    ("ordinary", ("fleet_footed",), dict(chart="move"), "fleet_footed"),
    # 309-310, 822: Strong re-rolls a task requiring strength
    ("ordinary", ("strong",), dict(chart="task", strength=True), "strong"),
    # 312-313: Surefooted re-rolls a Wanting to Move when entering or in bad going
    ("ordinary", ("surefooted",), dict(chart="move", bad_going=True), "surefooted"),
])
def test_personalities_and_skills_reroll_the_failed_tests_the_book_names(personality, traits, request_of, right):
    """Reel 2 (184-354): each re-roll right is offered on the failed test its personality or skill names."""
    state = game(person("kid", SUPPORTING, personality=personality, traits=traits))
    _, result = perform(state, TestRequest("kid", **request_of), Dice(3))
    assert right in rights(result)


@pytest.mark.parametrize("personality, traits, request_of", [
    ("ordinary", ("athletic",), dict(chart="task")),                    # not a task of jumping or climbing
    ("ordinary", (("good_in", "tracking"),), dict(chart="task", skill="riding")),
    ("ordinary", ("surefooted",), dict(chart="move")),                  # in good going
    ("rash", (), dict(chart="move")),                                   # not towards the enemy
])
def test_a_skill_gives_no_reroll_outside_what_it_names(personality, traits, request_of):
    """Reel 2: Athletic, Good in, Surefooted and Rash re-roll only the tests they name."""
    state = game(person("kid", SUPPORTING, personality=personality, traits=traits))
    _, result = perform(state, TestRequest("kid", **request_of), Dice(3))
    assert rights(result) == []


@pytest.mark.parametrize("personality, traits, request_of, why", [
    # 197: Cautious reacts to new events with reduced dice
    ("cautious", (), dict(chart="react"), "Cautious"),
    # 295-297: Lumbering moves in bad going with reduced dice
    ("ordinary", ("lumbering",), dict(chart="move", bad_going=True), "Lumbering in bad going"),
    # 298-301, 824: Poor in a particular skill uses reduced dice for a task of it
    ("ordinary", (("poor_in", "riding"),), dict(chart="task", skill="riding"), "Poor in riding"),
    # 979: the enemy static in cover or stealthy is located with reduced dice (the reason is the player's)
    ("ordinary", (), dict(chart="locate", reduced="the enemy is static in cover"), "the enemy is static in cover"),
])
def test_reduced_dice_for_what_the_character_brings_and_adverse_circumstances(personality, traits, request_of,
                                                                               why):
    """Reel 2 and 977-979: a Hero's reduced dice are 1D10, so one die settles the test."""
    state = game(person("doc", HERO, personality=personality, traits=traits))
    _, result = perform(state, TestRequest("doc", **request_of), Dice(6))
    assert result.readings[0].dice_reason == f"reduced dice 1D10 ({why})"
    assert len(result.readings[0].roll.faces) == 1


def test_disorientated_in_a_forest_rolls_for_random_movement():
    """602-608 and 503-506: Disorientated! moves half a move, then "roll again for random movement": 1D10,
    6 and 7 go left."""
    state = game(person("kid", SUPPORTING))
    _, result = perform(state, TestRequest("kid", "move_forest"), Dice(1, 7))
    assert titles(result) == ["Disorientated!", "Go left"]


def test_evading_an_attack_uses_a_card_and_the_blow_never_lands():
    """2142-2144 and 930-933: a defender with a turn remaining responds; on a success they "turn and evade away
    from their opponent": the attack does not go in, the card is used up (2150), and the two are no longer
    in combat."""
    state = game(person("doc", HERO, weapons=("bowie_knife",)), person("ike", MAIN, owner=2, weapons=()))
    ike_next = state.next_card_of(state.characters["ike"])
    state, result = keeping(state, FightRequest("doc", "ike", defence=Defence.EVADE), Dice(6, 6, 7, 7))
    assert titles(result) == ["Attack the Enemy!", "Respond"]
    assert ike_next in state.deck.out
    assert state.characters["ike"].opponents == [] and not state.characters["ike"].stunned


def test_trying_to_come_round_recovers_the_stunned_card():
    """2418-2420 and 2684-2689: a KO'd character with cards remaining tests to come round; 'Where Am I?' (5-9)
    recovers the card."""
    state = game(person("ike", MAIN))
    ike = state.characters["ike"]
    state.wound(ike, lethal=False)
    assert len(ike.stunned) == 1
    state, result = perform(state, ComeRoundRequest("ike"), Dice(3, 6))
    assert titles(result) == ["‘Where Am I?’"]
    assert state.characters["ike"].stunned == [] and len(state.characters["ike"].available) == 3
    state.check()


def test_knocked_out_on_a_1_is_kod_for_the_rest_of_the_action_and_a_frail_character_rolls_reduced():
    """2667 and 2678-2682: a Frail character uses reduced dice to come round; a 1 is "KO'd for the rest of the
    action": their cards leave the pack."""
    state = game(person("ike", MAIN, traits=("frail",)))
    state.wound(state.characters["ike"], lethal=False)
    state, result = keeping(state, ComeRoundRequest("ike"), Dice(1))   # Cut! is offered, and not taken
    assert titles(result) == ["Knocked Out"]
    assert result.readings[0].dice_reason == "reduced dice 1D10 (Frail)"
    assert not state.characters["ike"].in_action
    with pytest.raises(RulesError, match="rest of the action"):
        perform(state, ComeRoundRequest("ike"), Dice(9))
    state.check()


def test_a_character_who_is_not_knocked_out_does_not_try_to_come_round():
    """2665: coming round is for the KO'd."""
    state = game(person("ike", MAIN))
    with pytest.raises(RulesError, match="not knocked out"):
        perform(state, ComeRoundRequest("ike"), Dice(9, 9))


def test_the_attackers_skills_lower_the_dv_in_close_combat_and_defences_in_a_building_raise_it():
    """2211, 2230-2242, 337, 344, 350 and 2176-2178: a Man Killer (-2), Two Fisted with fists (-1) and Off
    Handed (-1) attacker against a defender fighting in a building, behind defences (+2): DV 0 - 4 + 2 = -2."""
    state = game(person("doc", HERO, traits=("man_killer", "two_fisted", "off_handed"), weapons=()),
                 person("ike", MAIN, owner=2, weapons=()))
    # Wanting to Attack [6, 6]; to hit [8, 8]; Ike's effect [10, 10] at DV -2: a Graze, and a Main Character
    # carries on
    _, result = keeping(state, FightRequest("doc", "ike", behind_defences=True), Dice(6, 6, 8, 8, 10, 10))
    effect = result.readings[2]
    assert effect.column == -2 and effect.outcome.title == "Graze"
    assert reasons(effect) == ["Behind defences in combat", "Hit by a Man Killer",
                               "Hit by a character rated as Two Weapon trained or by the fists of a character "
                               "who is two fisted",
                               "Hit by a character who is off handed"]


def test_the_shots_range_the_targets_posture_and_stealth_and_the_wrong_hand_move_the_dv():
    """2216, 2246-2247, 2264-2265 and 2273-2275: point blank (-1), lying prone (+2), a Stealthy target (+1)
    and a shot from the wrong hand (+2): DV 0 + 4 = 4, the "3+" column."""
    state = game(person("doc", HERO), person("ike", MAIN, owner=2, traits=("stealthy",)))
    request = ShotRequest("doc", "ike", paces=1, prone=True, wrong_hand=True)
    # Wanting to Shoot [6, 6]; to hit [8, 8]; Ike's effect [5, 5] at DV 3+: a courage test [7, 7]
    _, result = keeping(state, request, Dice(6, 6, 8, 8, 5, 5, 7, 7))
    effect = result.readings[2]
    assert effect.column == 4 and effect.outcome.title == "Courage Test"
    assert reasons(effect) == ["Hit by a shot fired from the shooter’s wrong hand",
                               "Shot at point blank range (1 pace)",
                               "Shot while evading or in dense or hard cover or lying prone", "Stealthy and shot"]


def test_an_ambidextrous_shooter_ignores_the_wrong_hand():
    """279-280: Ambidextrous ignores the +2 to a target's DV when shooting with the wrong hand."""
    state = game(person("doc", HERO, traits=("ambidextrous",)), person("ike", MAIN, owner=2))
    _, result = keeping(state, ShotRequest("doc", "ike", paces=6, wrong_hand=True), Dice(6, 6, 8, 8, 10, 10))
    assert result.readings[2].adjustments == ()


def test_fanning_reaches_6_paces_rolls_3d10_all_scoring_and_empties_the_revolver():
    """1209-1211, 1541 and 2271: fanning a single action revolver has a maximum range of 6 paces,
    automatically empties it, rolls a Hero's 3D10 of which all can score (the column of "a burst from a hand cranked MG or fanning"), and each hit raises the DV by 2."""
    state = game(person("doc", HERO), person("ike", MAIN, owner=2))
    with pytest.raises(RulesError, match="6 paces"):
        perform(state, ShotRequest("doc", "ike", shot=ShotType.FANNING, paces=8), Dice())
    # Wanting to Shoot [6, 6]; to hit [3, 4, 2]: no hit
    state, result = keeping(state, ShotRequest("doc", "ike", shot=ShotType.FANNING, paces=4), Dice(6, 6, 3, 4, 2))
    assert result.readings[1].dice_reason == "Hero: 3D10 all can score"
    revolver = state.characters["doc"].weapons[0]
    assert revolver.loaded == 0 and revolver.condition is WeaponCondition.EMPTY


@pytest.mark.parametrize("chart, personality", [("charm", "charismatic"), ("dominate", "dominant")])
def test_only_a_charismatic_character_charms_and_only_a_dominant_one_influences(chart, personality):
    """198-213 and 220-236: the Charismatic test to charm and the Dominant test to influence are theirs alone;
    a 10 is an outstanding success."""
    state = game(person("doc", HERO, personality=personality), person("kid", SUPPORTING))
    _, result = perform(state, TestRequest("doc", chart), Dice(10, 4))
    assert result.readings[0].band.name == "OUTSTANDING"
    with pytest.raises(RulesError, match="Only a"):
        perform(state, TestRequest("kid", chart), Dice(9))


def test_past_the_wild_animals_columns_an_extra_die_is_rolled():
    """3114-3115: "Where the adjustments for impact is not possible roll an extra dice and take the lowest result
    for DV-2 and the highest result for DV+3": a grizzly (DV 2, thick skin) hit by a hasty shot (+2) is at DV 4,
    past the 3+ column, so the damage roll is 2D10 and the higher is kept."""
    state = game(person("doc", SUPPORTING), beast("ephraim", "grizzly"))
    # Doc wants to shoot 6, hits 6; damage [2, 9]: the 9 at DV 3+, a Nick; the grizzly's reaction [6, 2]: it attacks
    _, result = keeping(state, ShotRequest("doc", "ephraim", shot=ShotType.HASTY, paces=6), Dice(6, 6, 2, 9, 6, 2))
    damage = result.readings[2]
    assert damage.roll.faces == (2, 9) and damage.roll.value == 9
    assert titles(result)[2:] == ["Nick", "The Beast attacks"]


def test_a_failed_poison_test_is_two_lethal_hits_and_a_tough_character_may_reroll():
    """2724-2729: a character injured by a weapon dipped in poison takes a test (`/test chart:poison`, the
    Director calling it); the Tough may re-roll; failing (1 to 4) is treated as 2 lethal hits."""
    state = game(person("ike", SUPPORTING, traits=("tough",)))
    state, result = perform(state, TestRequest("ike", "poison"), Dice(3))
    assert "tough" in rights(result)
    state, result = decide(state, "tough", Dice(2))
    ike = state.characters["ike"]
    assert len(ike.lost) == 2 and ike.casualty


def test_a_failed_poison_test_calls_for_the_courage_test_any_hits_do():
    """2729: failing the poison test, "treat as a 2 lethal hits"; 2423-2424: "Unless the character is now a
    casualty or has passed out they must take a Courage Test"."""
    state = game(person("doc", HERO))
    state, result = keeping(state, TestRequest("doc", "poison"), Dice(3, 3, 6, 6))
    assert [r.label for r in result.readings] == ["Poison", "Taking a Courage Test"]
    assert titles(result)[0] == "Treat as 2 Lethal Hits" and len(state.characters["doc"].lost) == 2


def test_a_flustered_response_to_an_attack_lowers_the_dv_by_1_and_blocks_nothing():
    """925-928 and 2145: responding to an attack on 2 to 4 is Flustered!: "Panic and DV is lowered by 1", and
    the block the defender wanted does not happen; the card is used up all the same (2150)."""
    state = game(person("doc", HERO, weapons=("bowie_knife",)), person("ike", MAIN, owner=2, weapons=()))
    # Wanting to Attack [6, 6]; Ike responds [3, 3]; to hit [8, 8]; Ike's effect [10, 10]: a Graze
    _, result = keeping(state, FightRequest("doc", "ike", defence=Defence.BLOCK), Dice(6, 6, 3, 3, 8, 8, 10, 10))
    assert titles(result)[:3] == ["Attack the Enemy!", "Flustered!", "Take That!"]
    assert reasons(result.readings[3]) == ["Flustered! (failed to respond)", "Hit by a character with a longer "
                                                                             "reach weapon"]


def test_a_poor_shot_and_a_poor_fighter_roll_reduced_dice_to_hit():
    """345-346 and 1564: "Use reduced action dice if poor shots or poor fighter": a Hero's to-hit roll of 2D10
    becomes the Supporting Character's 1D10."""
    state = game(person("doc", HERO, traits=("poor_shot", "poor_fighter")), person("ike", MAIN, owner=2))
    # Wanting to Shoot [6, 6]; to hit [3]: missed, Cut! not taken
    _, result = keeping(state, ShotRequest("doc", "ike", paces=6), Dice(6, 6, 3))
    assert result.readings[1].dice_reason == "reduced dice 1D10 (Poor shot)"
    state = game(person("doc", HERO, traits=("poor_shot", "poor_fighter")), person("ike", MAIN, owner=2))
    # Wanting to Attack [6, 6]; Ike defends; to hit [3]: missed
    _, result = keeping(state, FightRequest("doc", "ike"), Dice(6, 6, 3))
    assert result.readings[1].dice_reason == "reduced dice 1D10 (Poor fighter)"


def test_get_stuck_in_rerolls_a_miss_ignoring_1s():
    """2004-2009: a 10 wanting to attack is Get Stuck In!: "may reroll attack dice if fail to hit ignoring any
    1s rolled"; the 1 of the re-roll is a plain miss, not A Deadly Riposte! (see docs/rulings.md)."""
    state = game(person("doc", HERO, weapons=()), person("ike", MAIN, owner=2, weapons=()))
    state, result = perform(state, FightRequest("doc", "ike"), Dice(10, 2, 3, 2))
    assert titles(result) == ["Get Stuck In!", "Missed!"]
    assert "get_stuck_in" in rights(result)
    state, result = decide(state, "get_stuck_in", Dice(1, 1))
    assert titles(result)[1] == "Missed!"
    assert state.characters["ike"].opponents == ["doc"] and not state.characters["doc"].defenceless


def test_a_fanatic_ignores_1s_on_a_courage_test():
    """239-240: a Fanatic "ignore[s] any 1s rolled for courage tests": a 1 is read as a plain fail, Fall back and
    Take Cover!, never Let's get out of here! (see docs/rulings.md)."""
    state = game(person("kid", SUPPORTING, personality="fanatic"), person("ike", SUPPORTING, personality="ordinary"))
    _, result = perform(state, TestRequest("kid", "courage"), Dice(1))
    assert titles(result) == ["Fall back and Take Cover!"]
    _, result = perform(state, TestRequest("ike", "courage"), Dice(1))
    assert titles(result) == ["Let’s get out of here!"]


def test_drawing_and_shooting_darn_it_drops_the_gun_slow_on_the_draw_does_not_shoot():
    """1587-1600: drawing and shooting, a 1 is Darn It!: "You fumble and drop gun on the floor"; 2-4 is Slow on the
    Draw!: "You draw but do not shoot this turn"."""
    state = game(person("kid", SUPPORTING), person("ike", SUPPORTING, owner=2))
    state, result = perform(state, DrawRequest("kid", "ike", paces=10), Dice(1))
    assert titles(result) == ["Darn It!"]
    assert state.characters["kid"].weapons[0].condition is WeaponCondition.GONE
    state = game(person("kid", SUPPORTING), person("ike", SUPPORTING, owner=2))
    state, result = perform(state, DrawRequest("kid", "ike", paces=10), Dice(3))
    assert titles(result) == ["Slow on the Draw!"]
    assert state.characters["kid"].weapons[0].loaded == 6


def test_mr_chained_lightning_draws_and_shoots_without_the_drawing_penalty():
    """1603-1625: 5-9 draws and shoots a hasty shot (+2 DV, see docs/rulings.md) unless a Quick Draw; a 10, Mr
    Chained Lightning!, shoots "without any deductions for drawing a gun"."""
    state = game(person("kid", SUPPORTING), person("ike", SUPPORTING, owner=2))
    # draw 6; to hit 7; Ike's effect 9 at DV 2 (hasty): a Graze, then his courage test 6
    _, result = keeping(state, DrawRequest("kid", "ike", paces=10), Dice(6, 7, 9, 6))
    assert reasons(result.readings[2]) == ["Hit by a hasty shot or hasty attack"]
    state = game(person("kid", SUPPORTING), person("ike", SUPPORTING, owner=2))
    # draw 10; to hit 7; Ike's effect 9 at DV 0: a courage test 6
    _, result = keeping(state, DrawRequest("kid", "ike", paces=10), Dice(10, 7, 9, 6))
    assert titles(result)[0] == "Mr Chained Lightning!" and result.readings[2].adjustments == ()


def test_a_shot_from_the_saddle_is_hit_by_a_character_riding_a_mount():
    """2228: "Hit by a character riding a mount" lowers the DV by 1, for shooting as for fighting (the table is
    of "Adjustments for shooting and fighting"): a rider whose horse still stands shoots with it."""
    state = game(person("kid", SUPPORTING, mount=Mount("horse", 2)), person("ike", SUPPORTING, owner=2))
    # Wanting to Shoot 6; to hit 7; Ike's effect 10 at DV -1: a Graze, then his courage test 6
    _, result = keeping(state, ShotRequest("kid", "ike", paces=6), Dice(6, 7, 10, 6))
    assert reasons(result.readings[2]) == ["Hit by a character riding a mount"]
