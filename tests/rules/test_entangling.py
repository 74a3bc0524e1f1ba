"""Entangling or restraining opponents, and escaping (lines 2953-3016), with the dice written out."""

import pytest

from bot.rules.qotd.actions import perform
from bot.rules.qotd.checks import TestRequest
from bot.rules.qotd.fighting import FightRequest
from bot.rules.qotd.shooting import ShotRequest
from bot.rules.qotd.state import Condition, RulesError

from .scripted import Dice
from .test_actions import HERO, SUPPORTING, game, keeping, person, titles


def caught(grip, **kw):
    """Kid with a lasso, and Ike already caught in it as ``grip`` says."""
    state = game(person("kid", SUPPORTING, weapons=("entangling",)), person("ike", SUPPORTING, owner=2, **kw))
    state.characters["ike"].conditions.add(grip)
    return state


def test_strong_rerolls_escaping_not_being_caught():
    """Lines 2987-2994: "Characters who are strong may reroll" when escaping; being caught is the thrower's
    success, and the target's own roll on the Entangling chart gives Strong nothing."""
    state = game(person("kid", SUPPORTING, weapons=("entangling",)),
                 person("ike", SUPPORTING, owner=2, traits=["strong"]))
    state, result = perform(state, ShotRequest("kid", "ike", paces=6), Dice(6, 6, 3))
    assert result.decision is None and titles(result)[-1] == "Entangled or restrained"
    _, result = perform(state, TestRequest("ike", "escape"), Dice(3, 8))
    assert [r.key for r in result.decision.rights] == ["strong"]


def test_after_a_ten_to_hit_the_target_rolls_their_action_dice_twice_and_keeps_the_worse():
    """Lines 2958-2960: "If a 10 is scored the character who was attacked must roll twice on the outcome table and
    take the worst result"; they "throw their action dice" (a Hero's 2D10, take best, each time)."""
    state = game(person("kid", SUPPORTING, weapons=("entangling",)), person("ike", HERO, owner=2))
    state, result = keeping(state, ShotRequest("kid", "ike", paces=6), Dice(6, 10, 7, 2, 3, 4))
    assert [r.roll.value for r in result.readings[2:]] == [7, 4]
    assert Condition.HELD in state.characters["ike"].conditions


def test_an_entangled_character_escapes_with_reduced_dice():
    """Lines 2978-2980: entangled or restrained (2-4), "the character is defenceless" and "may try to escape on
    their next turn as a difficult action using reduced dice"."""
    state = caught(Condition.HELD)
    assert state.characters["ike"].defenceless
    state, result = keeping(state, TestRequest("ike", "escape"), Dice(6, 7))
    assert result.readings[0].dice_reason.startswith("reduced dice 2D10 take worst")
    assert titles(result) == ["Done It!"] and not state.characters["ike"].conditions


def test_a_completely_trapped_character_cannot_escape_without_help():
    """Lines 2982-2984 and 2990-2991: completely trapped, "the character cannot escape without help. If there is
    help, roll for escape"; help "improves the chance of escape and characters may reroll"."""
    state = caught(Condition.TRAPPED)
    with pytest.raises(RulesError, match="cannot escape without help"):
        perform(state, TestRequest("ike", "escape"), Dice())
    _, result = perform(state, TestRequest("ike", "escape", helped=True), Dice(2, 9))
    assert [r.key for r in result.decision.rights] == ["helped"]


def test_its_getting_worse_raises_the_difficulty():
    """Lines 2997-2999: It's Getting Worse! "Make matters worse. The level of difficulty increases": partly
    entangled becomes entangled or restrained (defenceless, reduced dice)."""
    state = caught(Condition.ENTANGLED)
    state, result = keeping(state, TestRequest("ike", "escape"), Dice(1))
    assert titles(result) == ["It’s Getting Worse!"]
    ike = state.characters["ike"]
    assert Condition.HELD in ike.conditions and Condition.ENTANGLED not in ike.conditions and ike.defenceless


def test_restraining_by_strength_is_an_attack_that_entangles():
    """Lines 2953-2960: "attempting to restrain a character by strength alone is treated as an attack made when
    fighting"; on a 10 to hit the defender rolls twice and takes the worse."""
    state = game(person("kid", SUPPORTING, weapons=()), person("ike", SUPPORTING, owner=2))
    state, result = keeping(state, FightRequest("kid", "ike", restrain=True), Dice(6, 10, 6, 2))
    assert titles(result) == ["Attack the Enemy!", "A Deadly Blow!", "Partially entangled or restrained",
                              "Entangled or restrained"]
    ike = state.characters["ike"]
    assert Condition.HELD in ike.conditions and not ike.lost and not ike.stunned


def test_only_an_entangled_character_tries_to_escape():
    state = game(person("ike", SUPPORTING))
    with pytest.raises(RulesError, match="not entangled"):
        perform(state, TestRequest("ike", "escape"), Dice())
    with pytest.raises(RulesError, match="only an escape"):
        perform(state, TestRequest("ike", "task", helped=True), Dice())
