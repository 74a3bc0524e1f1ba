"""Beasts (Reel 7) as the book plays them, with the dice written out."""

import pytest

from bot.rules.qotd.actions import perform
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.fighting import FightRequest
from bot.rules.qotd.shooting import ShotRequest
from bot.rules.qotd.state import Character, Condition, RulesError

from .scripted import Dice
from .test_actions import SUPPORTING, game, keeping, person, titles
from .test_fighting import effect, reasons


def beast(key, animal, dice=2):
    return Character(key, key.title(), 9, CharacterType.MINOR, "ordinary", animal=animal, attack_dice=dice)


def test_a_large_cats_claws_are_lethal_and_high_impact():
    """Lines 3180-3189 and 3051-3052 (Animal Types: large cats, "All damage is rated as high impact"): a beast's
    teeth and claws kill rather than stun."""
    state = game(beast("cougar", "large_cat"), person("ike", SUPPORTING, owner=2))
    # The cougar's 2 attack dice: wants to attack [6, 2], hits [6, 2]; Ike's effect 6 at DV -1: 1 Hit
    state, result = keeping(state, FightRequest("cougar", "ike"), Dice(6, 2, 6, 2, 6, 6))
    assert "Hit by a High Impact weapon" in reasons(effect(result))
    ike = state.characters["ike"]
    assert len(ike.lost) == 1 and not ike.stunned


def test_a_snake_bite_calls_the_poison_test():
    """Lines 2725-2729 and 3219-3224: a character injured "by a beast that has poisonous or toxic venom takes a
    test"; failing (1 to 4), "treat as 2 lethal hits"."""
    state = game(beast("rattler", "snake", dice=1), person("ike", SUPPORTING, owner=2))
    # wants to attack 6, hits 6; Ike's effect 5 at DV 0: 1 Hit (a card lost); poison test 3: 2 lethal hits
    state, result = keeping(state, FightRequest("rattler", "ike"), Dice(6, 6, 5, 3))
    assert titles(result) == ["Attack the Enemy!", "Take That!", "1 Hit", "Treat as 2 Lethal Hits"]
    assert state.characters["ike"].casualty


def test_a_cast_beast_has_the_traits_of_its_kind():
    """Lines 3187-3224 (Animal Types: Traits): cats Fearsome, Sure footed and Stealthy; dogs Fearsome and Sixth
    Sense; a Stealthy beast shot at is harder to hurt ("Stealthy and shot", +1 DV)."""
    assert beast("cougar", "large_cat").has("stealthy") and beast("wolf", "dog").has("sixth_sense")
    assert beast("ephraim", "grizzly").has("strong") and not beast("wolf", "dog").has("stealthy")
    state = game(person("doc", SUPPORTING), beast("cougar", "large_cat"))
    # Doc wants to shoot 6, hits 6; damage 9 at DV 1: a Nick; the cougar's reaction [6, 2]: it attacks
    _, result = keeping(state, ShotRequest("doc", "cougar", paces=6), Dice(6, 6, 9, 6, 2))
    assert "Stealthy and shot" in reasons(effect(result)) and effect(result).column == 1
    assert titles(result)[2:] == ["Nick", "The Beast attacks"]


def test_a_beast_shot_at_and_missed_takes_its_reaction_test():
    """Line 3056: "When a beast has to test reaction due to being shot at or hit, roll the number of attack dice
    shown for the animal and take the highest" - a miss too."""
    state = game(person("doc", SUPPORTING), beast("cougar", "large_cat"))
    state, result = keeping(state, ShotRequest("doc", "cougar", paces=6), Dice(6, 3, 1, 1))
    assert titles(result) == ["Shoot at the Enemy!", "Missed!", "The Beast flees"]
    assert Condition.FLED in state.characters["cougar"].conditions


def test_a_wild_animals_speed_falls_by_a_quarter_a_hit():
    """Line 3127: "Speed is reduced by 25% for each hit": a wolf (12 paces) hit once runs 9."""
    state = game(person("doc", SUPPORTING), beast("wolf", "dog"))
    state, result = keeping(state, ShotRequest("doc", "wolf", paces=6), Dice(6, 6, 8, 6, 2))
    assert titles(result)[2] == "1 Hit"
    assert "Wolf takes 1 hit: 1 attack dice left, top speed 9 paces." in result.changes
    state.check()


def test_a_beast_cannot_be_attacked_before_it_comes_into_play():
    state = game(person("doc", SUPPORTING))
    state.add(Character("bear", "Bear", 9, CharacterType.MINOR, "ordinary", animal="grizzly", attack_dice=2,
                        active=False), Dice())
    with pytest.raises(RulesError, match="out of the fight"):
        perform(state, FightRequest("doc", "bear"), Dice())


def test_a_beast_that_lost_all_its_attack_dice_cannot_attack():
    """Lines 3052-3054: "If a beast loses all of its attack dice it cannot make any offensive actions"."""
    wolf = beast("wolf", "dog", dice=0)
    state = game(wolf, person("ike", SUPPORTING, owner=2))
    with pytest.raises(RulesError, match="lost all its attack dice"):
        perform(state, FightRequest("wolf", "ike"), Dice())


def test_a_beast_struck_in_close_combat_is_driven_back():
    """Lines 3118-3128 (Damage to Wild Animals): a Nick in combat drives the beast back 2 paces, a Hit 4."""
    state = game(person("doc", SUPPORTING, weapons=("bowie_knife",)), beast("wolf", "dog"))
    # Doc wants 6, hits 6; damage 9 at DV -1 (longer reach): a Nick; the wolf's reaction [6, 2]
    _, result = keeping(state, FightRequest("doc", "wolf"), Dice(6, 6, 9, 6, 2))
    assert titles(result)[2:] == ["Nick", "The Beast attacks"] and "Wolf is driven back 2 paces." in result.changes
