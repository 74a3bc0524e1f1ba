"""Close combat as Reel 5 plays it, one scenario a procedure, with the dice written out.

Unless said otherwise the characters are Supporting Characters: one action die, no Cut!, so a
failed roll pauses only for the rights the scenario gives them.
"""

import pytest

from bot.rules.qotd.actions import perform
from bot.rules.qotd.checks import TestRequest
from bot.rules.qotd.fighting import Defence, FightRequest, Form
from bot.rules.qotd.shooting import Cover, ShotRequest
from bot.rules.qotd.state import Condition, Mount, RulesError

from .scripted import Dice
from .test_actions import HERO, SUPPORTING, game, keeping, person, titles

ALL_OUT = "Made an All Out Attack on their turn"
DEFENCELESS = "Defenceless or helpless"
LONGER_REACH = "Hit by a character with a longer reach weapon"


def reasons(reading):
    return [reason for reason, _ in reading.adjustments]


def effect(result):
    """The reading of the first effect roll of an action."""
    return next(r for r in result.readings if r.chart in ("effect_of_hits", "effect_on_mounts",
                                                            "damage_to_wild_animals"))


def test_made_an_all_out_attack_lowers_the_dv_for_the_rest_of_that_combat_only():
    """Lines 2132-2134 and 2217: an All Out Attack reduces the attacker's DV "in subsequent rounds of combat";
    when the combat ends (here Ike breaks off, 2014-2030), so does the reduction."""
    state = game(person("kid", SUPPORTING, personality="rash", weapons=()), person("ike", SUPPORTING, owner=2,
                                                                                   weapons=()))
    # Kid, Rash, must go All Out: wants to attack 6, hits 6; Ike's effect 9 at DV 0: a courage test, 6
    state, result = keeping(state, FightRequest("kid", "ike"), Dice(6, 6, 9, 6))
    assert "All Out Attack" in result.headline
    assert Condition.MADE_ALL_OUT_ATTACK in state.characters["kid"].conditions
    # Ike fights back in the same combat (no Wanting to Attack): hits 6; Kid's effect 6 at DV -1: 1 Hit (at DV 0,
    # a courage test)
    state, result = keeping(state, FightRequest("ike", "kid"), Dice(6, 6, 6))
    assert ALL_OUT in reasons(effect(result)) and effect(result).column == -1
    assert titles(result) == ["Take That!", "1 Hit", "A- OK - Keep Calm and Carry On!"]
    # Ike breaks off (6: Evade then!): the combat is over, and with it Kid's lowered DV
    state, result = perform(state, TestRequest("ike", "break_off"), Dice(6))
    assert "Kid's combat is over." in result.changes
    kid = state.characters["kid"]
    assert Condition.MADE_ALL_OUT_ATTACK not in kid.conditions and kid.opponents == []
    # A new fight: Wanting to Attack again, and no All Out reduction on Kid
    state, result = keeping(state, FightRequest("ike", "kid"), Dice(6, 6, 9, 6))
    assert titles(result)[0] == "Attack the Enemy!" and ALL_OUT not in reasons(effect(result))


def test_on_the_back_foot_lasts_until_the_combat_ends():
    """Lines 2094-2099 and 1076-1079: a missed Mighty Blow leaves the attacker On the Back Foot "during the rest of
    this combat"; the combat ends when the opponent falls (here shot down by a third character)."""
    state = game(person("doc", SUPPORTING, weapons=("bowie_knife",)), person("ike", SUPPORTING, owner=2),
                 person("wyatt", SUPPORTING, owner=3))
    state, _ = keeping(state, FightRequest("doc", "ike", form=Form.MIGHTY_BLOW), Dice(6, 3))
    assert Condition.ON_THE_BACK_FOOT in state.characters["doc"].conditions
    # Wyatt shoots Ike: wants to 7, hits 8, effect 2 at DV 0: 2 Hits, both of Ike's cards
    state, result = keeping(state, ShotRequest("wyatt", "ike", paces=6), Dice(7, 8, 2))
    assert state.characters["ike"].casualty
    doc = state.characters["doc"]
    assert Condition.ON_THE_BACK_FOOT not in doc.conditions and doc.opponents == []
    assert "Doc's combat is over." in result.changes
    state.check()


def test_a_hasty_shot_response_leaves_the_defender_defenceless_against_that_attack_only():
    """Lines 2146-2148: after a hasty shot in response, "if the attacker still hits the defender is treated as
    defenceless" - for that attack, not the next."""
    state = game(person("doc", SUPPORTING, weapons=("single_action_revolver",)),
                 person("ike", SUPPORTING, owner=2, weapons=()))
    # Ike wants to attack 6; Doc responds 6 and shoots hastily, 3: missed; Ike hits 6; Doc's effect 9 at DV -2
    state, result = keeping(state, FightRequest("ike", "doc", defence=Defence.HASTY_SHOT),
                            Dice(6, 6, 3, 6, 9, 6))
    assert DEFENCELESS in reasons(effect(result))
    assert not state.characters["doc"].defenceless
    # The next round, a basic defence: no longer defenceless
    state, result = keeping(state, FightRequest("ike", "doc"), Dice(6, 9, 6))
    assert DEFENCELESS not in reasons(effect(result))


def test_a_hesitating_responder_is_defenceless_against_that_attack_only():
    """Lines 915-923: Hesitate! on responding to an attack: "do nothing and count as defenceless"."""
    state = game(person("doc", SUPPORTING, weapons=()), person("ike", SUPPORTING, owner=2, weapons=()))
    state, result = keeping(state, FightRequest("ike", "doc", defence=Defence.BLOCK), Dice(6, 1, 6, 9, 6))
    assert titles(result)[:2] == ["Attack the Enemy!", "Hesitate!"]
    assert DEFENCELESS in reasons(effect(result)) and not state.characters["doc"].defenceless


@pytest.mark.parametrize("how", ["surprised", "stunned", "KO'd"])
def test_stunned_kod_and_surprised_defenders_are_defenceless(how):
    """Lines 2138-2140: a basic defence, "unless stunned or KO'd, incapable of defending themselves, or
    surprised in which case they count as Defenceless"."""
    state = game(person("doc", SUPPORTING, weapons=()), person("ike", SUPPORTING, owner=2, weapons=()))
    doc = state.characters["doc"]
    if how == "stunned":
        state.wound(doc, lethal=False)
    elif how == "KO'd":
        state.take_out_of_action(doc, Condition.KNOCKED_OUT)
    faces = (6, 6, 9) if how == "KO'd" else (6, 6, 9, 6)     # no courage test for one out of the action
    state, result = keeping(state, FightRequest("ike", "doc", surprised=how == "surprised"), Dice(*faces))
    assert DEFENCELESS in reasons(effect(result)) and effect(result).column == -2
    assert f"Doc is {how}: Defenceless." in result.changes


def test_a_stunned_defender_is_defenceless_only_once_passed_out_when_the_game_says_so():
    """Lines 2138-2140 read the other way, a game setting: stunned means knocked to no cards."""
    state = game(person("doc", SUPPORTING, weapons=()), person("ike", SUPPORTING, owner=2, weapons=()))
    state.settings.stunned_defenceless = False
    state.wound(state.characters["doc"], lethal=False)
    _, result = keeping(state, FightRequest("ike", "doc"), Dice(6, 6, 9, 6))
    assert DEFENCELESS not in reasons(effect(result))


def test_a_surprised_defender_cannot_respond():
    state = game(person("doc", SUPPORTING), person("ike", SUPPORTING, owner=2))
    with pytest.raises(RulesError, match="surprised defender cannot respond"):
        perform(state, FightRequest("ike", "doc", surprised=True, defence=Defence.BLOCK), Dice())


@pytest.mark.parametrize("every_fight, form", [(False, "Standard Attack"), (True, "All Out Attack")])
def test_rash_characters_start_a_second_fight_in_a_phase(every_fight, form):
    """Lines 2131-2135: Rash characters and fanatics must make an All Out Attack in the first round, and only
    one All Out Attack can be made in a phase: a second fight still starts (a game setting says how)."""
    state = game(person("kid", SUPPORTING, personality="rash", weapons=()),
                 person("ike", SUPPORTING, owner=2), person("wyatt", SUPPORTING, owner=2))
    state.settings.all_out_every_fight = every_fight
    state, _ = keeping(state, FightRequest("kid", "ike"), Dice(6, 3))       # All Out, missed, no re-roll taken
    state, result = keeping(state, FightRequest("kid", "wyatt"), Dice(6, 3))
    assert result.headline.endswith(f"({form})")


def test_the_reach_advantage_is_lost_once_the_shorter_weapon_scores_a_hit():
    """Lines 395-397: a longer reach lowers the defender's DV by 1, "however the advantage of reach is lost if the
    character with the shorter reach weapon manages to score a hit"."""
    state = game(person("doc", SUPPORTING, weapons=("spear",)), person("ike", SUPPORTING, owner=2,
                                                                      weapons=("knife",)))
    state, result = keeping(state, FightRequest("doc", "ike"), Dice(6, 6, 9, 6))
    assert LONGER_REACH in reasons(effect(result))
    state, result = keeping(state, FightRequest("ike", "doc"), Dice(6, 9, 6))
    assert "Ike gets under Doc's reach: it counts no more in this combat." in result.changes
    state, result = keeping(state, FightRequest("doc", "ike"), Dice(6, 9, 6))
    assert LONGER_REACH not in reasons(effect(result))


def test_the_defenders_reach_is_that_of_the_weapon_they_fight_with():
    """Lines 393-397: the reach compared is that of the weapon in use: Ike carries a spear but fights with a knife,
    so Doc's Bowie knife (short reach) is the longer."""
    state = game(person("doc", SUPPORTING, weapons=("bowie_knife",)),
                 person("ike", SUPPORTING, owner=2, weapons=("spear", "knife")))
    state, _ = keeping(state, FightRequest("ike", "doc", weapon="knife"), Dice(6, 3))
    state, result = keeping(state, FightRequest("doc", "ike"), Dice(6, 9, 6))
    assert LONGER_REACH in reasons(effect(result))


@pytest.mark.parametrize("paces, high", [(8, True), (4, False)])
def test_blows_from_a_mount_moving_over_4_paces_are_high_impact(paces, high):
    """Lines 2155-2156: attackers on mounts hit as they pass, and "any hits count as high impact if the
    mount/vehicle is moving over 4 paces"."""
    rider = person("doc", SUPPORTING, weapons=("sabre",), mount=Mount("horse", 2))
    state = game(rider, person("ike", SUPPORTING, owner=2, weapons=()))
    _, result = keeping(state, FightRequest("doc", "ike", moved=paces), Dice(6, 6, 9, 6))
    assert "Hit by a character riding a mount" in reasons(effect(result))
    assert ("Hit by a High Impact weapon" in reasons(effect(result))) is high


def test_a_mount_runs_a_character_down_who_fails_to_evade():
    """Lines 2161-2163: "the characters at risk can test to evade ... if they have a turn/cards outstanding. If they
    fail to evade, they roll for hits received"."""
    rider = person("doc", SUPPORTING, mount=Mount("horse", 2))
    state = game(rider, person("ike", SUPPORTING, owner=2))
    # Ike evades 3 (Panic!): the horse at 8 paces hits: riding and high impact, effect 6 at DV -2: 1 Hit, lethal
    state, result = keeping(state, FightRequest("doc", "ike", run_down=True, moved=8), Dice(3, 6, 6))
    assert titles(result) == ["Panic!", "1 Hit", "A- OK - Keep Calm and Carry On!"]
    assert len(state.characters["ike"].lost) == 1
    _, result = keeping(game(rider, person("ike", SUPPORTING, owner=2)),
                        FightRequest("doc", "ike", run_down=True, moved=8), Dice(6))
    assert "Ike evades the collision." in result.changes


def test_a_run_down_needs_a_mount():
    state = game(person("doc", SUPPORTING), person("ike", SUPPORTING, owner=2))
    with pytest.raises(RulesError, match="not riding a mount"):
        perform(state, FightRequest("doc", "ike", run_down=True), Dice())


@pytest.mark.parametrize("moving, rolls_for_it", [(False, False), (True, True)])
def test_on_foot_against_a_stationary_rider_the_attacker_picks_rider_or_mount(moving, rolls_for_it):
    """Lines 2170-2173: "If the attacker is on foot and the opponent is stationary ... the attacker can decide
    whether to attack the mount and rider"; otherwise 1D10, 5+ the stated target."""
    state = game(person("ike", SUPPORTING, weapons=()), person("kid", SUPPORTING, owner=2, mount=Mount("horse", 2)))
    faces = (6, 6, 7, 9, 6) if rolls_for_it else (6, 6, 9, 6)
    _, result = keeping(state, FightRequest("ike", "kid", at_mount=True, rider_moving=moving), Dice(*faces))
    assert ("As aimed!" in titles(result)) is rolls_for_it
    assert effect(result).label == "Effect of the blow on the horse"


@pytest.mark.parametrize("cover, face, condition", [(Cover.NONE, 9, Condition.FLEEING),
                                                     (Cover.LIGHT, 8, Condition.DUCKED_DOWN)])
def test_a_courage_test_of_one_flees_in_the_open_and_ducks_down_in_cover(cover, face, condition):
    """Lines 1043-1052: Let's get out of here! "If in the open or in close combat, panic and flee ... If already in
    cover duck down and will not even defend self if attacked in close combat". Both last the phase."""
    state = game(person("doc", SUPPORTING), person("ike", SUPPORTING, owner=2, weapons=()))
    state, result = keeping(state, ShotRequest("doc", "ike", paces=6, cover=cover), Dice(6, 6, face, 1))
    assert titles(result)[-1] == "Let’s get out of here!"
    assert condition in state.characters["ike"].conditions
    if condition is Condition.DUCKED_DOWN:
        _, result = keeping(state, FightRequest("doc", "ike"), Dice(6, 6, 9, 6))
        assert "Ike is ducked down: Defenceless." in result.changes
    else:
        with pytest.raises(RulesError, match="fleeing"):
            perform(state, FightRequest("ike", "doc"), Dice())
    state.shuffle(Dice())
    assert condition not in state.characters["ike"].conditions


def test_fleeing_ends_the_combat():
    """Lines 1043-1046 and 2132-2134: a character who flees from close combat leaves it; the lowered DV of the All
    Out Attack they faced ends with it."""
    state = game(person("kid", SUPPORTING, personality="rash", weapons=()), person("ike", SUPPORTING, owner=2))
    # All Out: wants 6, hits 6, Ike's effect 9: courage test, 1: Ike flees
    state, result = keeping(state, FightRequest("kid", "ike"), Dice(6, 6, 9, 1))
    kid = state.characters["kid"]
    assert kid.opponents == [] and Condition.MADE_ALL_OUT_ATTACK not in kid.conditions


def test_charging_a_fearsome_character_calls_for_a_courage_test_first():
    """Lines 244-245 and 1026-1028: "Opponents take a Courage Test ... if they charge or are charged by such a
    character"; a character who panics and flees makes no attack."""
    state = game(person("doc", SUPPORTING, personality="fearsome", weapons=()), person("ike", SUPPORTING, owner=2))
    state, result = keeping(state, FightRequest("ike", "doc", charging=True), Dice(1))
    assert titles(result) == ["Let’s get out of here!"]
    assert "Doc is Fearsome: Ike takes a courage test." in result.changes
    assert Condition.FLEEING in state.characters["ike"].conditions
    state = game(person("doc", SUPPORTING, personality="fearsome", weapons=()), person("ike", SUPPORTING, owner=2))
    _, result = keeping(state, FightRequest("doc", "ike", charging=True), Dice(6, 6, 6, 9, 6))
    assert titles(result)[:2] == ["A- OK - Keep Calm and Carry On!", "Attack the Enemy!"]


def test_a_natural_leaders_dice_take_the_courage_test_after_a_hit_and_a_dominant_leader_gives_a_reroll():
    """Lines 220-221 and 257-258: a Natural Leader's command "automatically uses his or her dice when testing for
    ... courage"; a Dominant character's own followers "can reroll any failed action/task test"."""
    state = game(person("ike", SUPPORTING), person("kid", SUPPORTING, owner=2, weapons=()),
                 person("boss", HERO, owner=2, personality="natural_leader"),
                 person("don", HERO, owner=2, personality="dominant"))
    # Ike shoots Kid: wants 6, hits 6, effect 9: courage, with Boss's dice 2D10 [3, 8]
    _, result = keeping(state, ShotRequest("ike", "kid", paces=6, leader="boss"), Dice(6, 6, 9, 3, 8))
    assert result.readings[-1].dice_reason == "Boss's dice: 2D10 take best" and result.readings[-1].roll.value == 8
    with pytest.raises(RulesError, match="leads only their own player's characters"):
        perform(state, TestRequest("ike", "courage", leader="boss"), Dice())
    _, result = perform(state, FightRequest("kid", "ike", leader="don"), Dice(2))
    assert [r.label for r in result.decision.rights] == ["Re-roll (Don is Dominant)"]


def test_a_martial_artist_makes_lethal_attacks_however_armed():
    """Lines 341-343: a Martial Artist "can make either Lethal or Stunning attacks irrespective of how they are
    armed"; no one else chooses."""
    state = game(person("kid", SUPPORTING, weapons=(), traits=["martial_artist"]),
                 person("ike", SUPPORTING, owner=2, weapons=()))
    # Kid's fists, lethal: wants 6, hits 6; Ike's effect 6 at DV -1 (martial arts): 1 Hit, lost for good
    state, result = keeping(state, FightRequest("kid", "ike", lethal=True), Dice(6, 6, 6, 6))
    ike = state.characters["ike"]
    assert len(ike.lost) == 1 and not ike.stunned
    with pytest.raises(RulesError, match="Only a Martial Artist"):
        perform(state, FightRequest("ike", "kid", lethal=True), Dice())


@pytest.mark.parametrize("weapon, counts", [("improvised_club", True), ("improvised_medium", False)])
def test_a_brawler_lowers_the_dv_with_clubs_chairs_bottles_and_short_improvised_weapons(weapon, counts):
    """Lines 320-321: a Brawler "lowers the enemy's DV by 1 when using clubs, chairs, bottles or other improvised
    short range weapons" - not a two handed scythe."""
    state = game(person("kid", SUPPORTING, weapons=(weapon,), traits=["brawler"]),
                 person("ike", SUPPORTING, owner=2, weapons=("improvised_medium",)))
    _, result = keeping(state, FightRequest("kid", "ike"), Dice(6, 6, 9, 6))
    fighter = "Hit in close combat by a Fighter, Brawler or one with martial arts skill"
    assert (fighter in reasons(effect(result))) is counts


def test_on_the_back_foot_from_a_courage_test_outside_a_known_combat_ends_with_the_phase():
    """Lines 1067-1079: "If in close combat, fall back 2 paces and during the rest of this combat is On the Back
    Foot"; when the bot was not told of the combat (a /test), the phase bounds it."""
    state = game(person("ike", SUPPORTING))
    state, _ = perform(state, TestRequest("ike", "courage", in_close_combat=True), Dice(3))
    assert Condition.ON_THE_BACK_FOOT in state.characters["ike"].conditions
    state.shuffle(Dice())
    assert Condition.ON_THE_BACK_FOOT not in state.characters["ike"].conditions



@pytest.mark.parametrize("twice, column", [(False, 1), (True, 2)])
def test_armour_counts_once_or_twice_as_the_game_says(twice, column):
    """Lines 362-367 and 2251: armour sets the basic DV, and the DV table lists "Wearing Armour" again; a game
    setting says whether it counts twice."""
    state = game(person("doc", SUPPORTING, weapons=()), person("ike", SUPPORTING, owner=2, armour="minimal"))
    state.settings.armour_twice = twice
    _, result = keeping(state, FightRequest("doc", "ike"), Dice(6, 6, 9, 6))
    assert effect(result).column == column


@pytest.mark.parametrize("close_only, in_close_combat, tests_courage", [
    (False, False, False), (True, False, True), (True, True, False)])
def test_the_brave_ignore_grazes_from_combat(close_only, in_close_combat, tests_courage):
    """Lines 191-192 and 2432-2435: the Brave "ignores any grazes resulting from combat"; a game setting reads
    combat as close combat only."""
    state = game(person("doc", SUPPORTING), person("ike", SUPPORTING, owner=2, personality="brave"))
    state.settings.brave_close_combat_only = close_only
    request = FightRequest("doc", "ike") if in_close_combat else ShotRequest("doc", "ike", paces=6)
    faces = (6, 6, 10, 6) if tests_courage else (6, 6, 10)          # 10 at DV 0: a Graze
    _, result = keeping(state, request, Dice(*faces))
    assert titles(result)[2] == "Graze" and (len(result.readings) == 4) is tests_courage


def test_a_deadly_riposte_on_a_mighty_blow_leaves_the_attacker_defenceless_until_their_next_turn():
    """Lines 2085-2093: A Deadly Riposte! "If attempting a Mighty Blow or an All Out Attack then the attacker becomes
    Defenceless"; the opponent fights back at once, with a re-roll, and the attacker is defenceless until they act."""
    state = game(person("doc", SUPPORTING, weapons=()), person("ike", SUPPORTING, owner=2, weapons=()))
    state, result = keeping(state, FightRequest("doc", "ike", form=Form.MIGHTY_BLOW), Dice(6, 1))
    assert titles(result) == ["Attack the Enemy!", "A Deadly Riposte!"]
    state, result = keeping(state, FightRequest("ike", "doc", riposte=True), Dice(6, 9, 6))
    assert DEFENCELESS in reasons(effect(result))
    doc = state.characters["doc"]
    while state.turn()[1] is not doc:
        pass
    assert not doc.defenceless and Condition.LEFT_DEFENCELESS not in doc.conditions


def test_a_character_in_combat_with_more_opponents_than_cards_is_outnumbered():
    """Lines 2064-2068: "Characters who are fighting more opponents than they have cards are deemed to be
    outnumbered" and roll reduced dice: the bot counts those in combat with them."""
    state = game(person("kid", SUPPORTING, weapons=()), person("ike", SUPPORTING, owner=2, weapons=()),
                 person("wyatt", SUPPORTING, owner=2, weapons=()), person("bill", SUPPORTING, owner=2, weapons=()))
    state, _ = keeping(state, FightRequest("ike", "kid"), Dice(6, 3))          # Ike attacks Kid and misses
    state, result = keeping(state, FightRequest("kid", "bill"), Dice(6, 3))
    assert result.readings[1].dice_reason == "Supporting Character: 1D10"     # two opponents, two cards
    state, _ = keeping(state, FightRequest("wyatt", "kid"), Dice(6, 3))
    _, result = keeping(state, FightRequest("kid", "ike"), Dice(3, 3))
    assert result.readings[0].dice_reason.startswith("reduced dice 2D10 take worst (outnumbered by 3)")
