"""What the quick reference names without giving, as docs/rulings.md records it: Lookout and Reactions (DA 58,
194, 197), Spotting and Nerve Tests (DA 186, 195), Shooting into a Fight (DA 186)."""

from __future__ import annotations

import pytest

from bot.rules.core.actions import decide, perform
from bot.rules.core.errors import RulesError
from bot.rules.core.replay import KEEP
from bot.rules.dracula.actions import NamedTestRequest, PlainRequest, ReactRequest, ShootRequest
from bot.rules.dracula.state import Activation, Condition, Gun, Phase

from .game import ANN, BOB, Faces, two_posses


def watching(*skills: str):
    """Bob's Bo (Veteran, D8, Sixgun) on Lookout with ``skills``; Ann's Abe Activated Solo, one Move made."""
    state = two_posses()
    bo = state.characters["bo"]
    bo.lookout, bo.done, bo.skills = True, False, list(skills)
    state.phase, state.order, state.at = Phase.ACTIVATIONS, [ANN], 0
    state.activation = Activation(ANN, "solo", {"abe": 2})
    state, _ = perform(state, PlainRequest("abe", "move"), Faces())
    return state


def test_a_lookout_passes_its_reaction_test_and_shoots_in_the_enemys_activation():
    """DA 194: a model on Lookout Reacts to an enemy's Action; a Reaction Test of one Grit Die (the setting's
    default), a Success and it makes one Action; then it loses its Lookout marker and is Done."""
    state = watching()
    state, resolution = perform(state, ReactRequest("bo"), Faces(5))
    test = resolution.readings[0]
    assert test.label == "Reaction Test of Bo" and test.roll.dice.count == 1 and test.roll.dice.sides == 8
    assert resolution.changes == ("Bo Reacts: one Action now (Move, Shoot or Fight).", "Bo leaves Lookout and is Done.")
    bo = state.characters["bo"]
    assert not bo.lookout and bo.done and state.activation.reactions == {"bo": 1}
    state, resolution = perform(state, ShootRequest("bo", "abe", "sixgun"), Faces(1, 2, 3, 5))
    assert resolution.readings[0].label == "Shooting Test" and state.activation.reactions == {"bo": 0}
    assert state.activation.actions == {"abe": 1}                      # Abe's own Action is untouched
    with pytest.raises(RulesError, match="no Action left"):
        perform(state, PlainRequest("bo", "move"), Faces())


def test_a_failed_reaction_test_spends_the_watch():
    state = watching()
    state, resolution = perform(state, ReactRequest("bo"), Faces(4))
    assert resolution.changes == ("Bo fails to React.", "Bo leaves Lookout and is Done.")
    assert state.activation.reactions == {} and not state.characters["bo"].lookout
    with pytest.raises(RulesError, match="not on Lookout"):
        perform(state, ReactRequest("bo"), Faces())


def test_a_reaction_answers_an_enemys_action_once():
    """DA 194: "It can still only React once per triggering Action"; a Bushwhacker's Success (one Grit Die)
    keeps its Lookout marker and it is not Done, so it may React to the next Action."""
    state = two_posses()
    state.characters["bo"].lookout = True
    state.phase, state.order, state.at = Phase.ACTIVATIONS, [ANN], 0
    state.activation = Activation(ANN, "solo", {"abe": 2})
    with pytest.raises(RulesError, match="answers an enemy's Action"):
        perform(state, ReactRequest("bo"), Faces())                  # Abe has made no Action yet
    state, _ = perform(state, PlainRequest("abe", "move"), Faces())
    state.characters["bo"].skills = ["Bushwhacker"]
    state, resolution = perform(state, ReactRequest("bo"), Faces(2, 6))
    assert resolution.readings[1].label == "Bushwhacker of Bo" and resolution.readings[1].outcome.title == "Success"
    assert state.characters["bo"].lookout and not state.characters["bo"].done
    with pytest.raises(RulesError, match="once per triggering Action"):
        perform(state, ReactRequest("bo"), Faces())
    state, _ = perform(state, PlainRequest("abe", "move"), Faces())
    state, resolution = perform(state, ReactRequest("bo"), Faces(6, 1))
    assert state.activation.reactions == {"bo": 1} and not state.characters["bo"].lookout
    state.characters["abe"].lookout = True
    with pytest.raises(RulesError, match="answers an enemy's Action"):
        perform(state, ReactRequest("abe"), Faces())                  # its own posse's Activation


def test_quickdraw_re_rolls_a_failed_reaction_test():
    """DA 197: "This model may re-roll a Reaction Test"."""
    state = watching("Quickdraw")
    state, resolution = perform(state, ReactRequest("bo"), Faces(3))
    assert [r.key for r in resolution.decision.rights] == ["quickdraw"]
    state, resolution = decide(state, "quickdraw", Faces(8))
    assert resolution.readings[0].reroll == "Quickdraw: re-roll the Test"
    assert state.activation.reactions == {"bo": 1}


def test_neither_trigger_happy_nor_gunslinger_in_a_reaction():
    """DA 184, 185: "This Skill cannot be used as part of a Reaction"."""
    state = watching("Trigger-Happy", "Gunslinger")
    state.characters["bo"].weapons[0].jammed = False
    state.activation.fired.append("bo:sixgun")
    state, _ = perform(state, ReactRequest("bo"), Faces(5))
    with pytest.raises(RulesError, match="once per Activation"):
        perform(state, ShootRequest("bo", "abe", "sixgun"), Faces())
    state.activation.fired.clear()
    state.characters["bo"].weapons.append(Gun("pistol"))
    with pytest.raises(RulesError, match="not as a Reaction"):
        perform(state, ShootRequest("bo", "abe", "sixgun", second_weapon="pistol"), Faces())


def test_lookout_ends_with_an_action_of_its_own_or_when_downed():
    """A Lookout Action puts the marker on (DA 58); the model's next Action of its own, or being Downed, takes
    it off (docs/rulings.md)."""
    state = two_posses()
    state.phase, state.order, state.at = Phase.ACTIVATIONS, [ANN], 0
    state.activation = Activation(ANN, "solo", {"abe": 2})
    state, _ = perform(state, PlainRequest("abe", "lookout"), Faces())
    assert state.characters["abe"].lookout
    state, _ = perform(state, PlainRequest("abe", "move"), Faces())
    assert not state.characters["abe"].lookout
    state = watching()
    state.activation.actions["abe"] = 1
    state, resolution = perform(state, ShootRequest("abe", "bo", "pistol", "short"), Faces(9, 9, 9, 9, 1))
    assert state.characters["bo"].condition is Condition.CASUALTY and not state.characters["bo"].lookout
    assert "Bo is no longer on Lookout." in resolution.changes


def test_a_spotting_test_scores_successes_and_hawkeye_re_rolls_a_failed_one():
    """DA 186: "This model may re-roll a Failed Spotting Test"; the Test is the setting's dice (one by default),
    passed with a Success, its Dice Modifiers added (DA 17-21)."""
    state = two_posses()
    state, resolution = perform(state, NamedTestRequest("bud", "spotting"), Faces(5))
    assert resolution.readings[0].outcome.title == "1 Success"
    assert resolution.changes == ("Bud passes its Spotting Test.",)
    state.characters["bud"].skills = ["Hawkeye"]
    state, resolution = perform(state, NamedTestRequest("bud", "spotting", 1), Faces(2, 3))
    assert resolution.readings[0].roll.dice.count == 2 and "hawkeye" in [r.key for r in resolution.decision.rights]
    state, resolution = decide(state, "hawkeye", Faces(6, 1))
    assert resolution.changes == ("Bud passes its Spotting Test.",)
    state.settings.test_dice = 3
    _, resolution = perform(state, NamedTestRequest("bud", "spotting", -1), Faces(1, 2))
    assert resolution.readings[0].roll.dice.count == 2 and resolution.decision is not None
    assert [r.key for r in resolution.decision.rights] == ["hawkeye"]


def test_a_nerve_test_offers_nerves_of_steel_a_die():
    """DA 195: Nerves of Steel "may re-roll any one Die result on all its Nerve Tests"."""
    state = two_posses()
    state.characters["bo"].skills = ["Nerves of Steel"]
    state.settings.test_dice = 2
    state, resolution = perform(state, NamedTestRequest("bo", "nerve"), Faces(3, 5))
    assert [r.label for r in resolution.decision.rights] == ["Re-roll the 3"]
    state, resolution = decide(state, KEEP, Faces())
    assert resolution.changes == ("Bo passes its Nerve Test.",)


def test_a_shot_into_a_fight_strikes_one_of_its_models_at_random():
    """DA 186: Hawkeye "ignores the usual rules for Shooting into a Fight – in this case, it may freely pick its
    Target"; the others' rule is the setting `into_fight` (random by default)."""
    state = two_posses()
    state.phase, state.order, state.at = Phase.ACTIVATIONS, [BOB], 0
    state.activation = Activation(BOB, "solo", {"bud": 2})
    state, resolution = perform(state, ShootRequest("bud", "abe", "carbine", fight=["art"]), Faces(2, 1, 1, 1, 5))
    pick = resolution.readings[0]
    assert pick.label == "Shooting into a Fight (Bud)" and pick.roll.dice.sides == 2
    assert pick.outcome.title == "Art is the Target"
    state.characters["bud"].skills = ["Hawkeye"]
    state.activation = Activation(BOB, "solo", {"bud": 2})
    _, resolution = perform(state, ShootRequest("bud", "abe", "carbine", fight=["art"]), Faces(1, 1, 2, 5))
    assert resolution.readings[0].label == "Shooting Test"               # no die for a Hawkeye
    state.characters["bud"].skills = []
    state.settings.into_fight = "forbidden"
    with pytest.raises(RulesError, match="Only a Hawkeye"):
        perform(state, ShootRequest("bud", "abe", "carbine", fight=["art"]), Faces())
    state.settings.into_fight = "random"
    state.characters["art"].condition = Condition.DOWNED
    with pytest.raises(RulesError, match="may not be Shot"):
        perform(state, ShootRequest("bud", "abe", "carbine", fight=["art"]), Faces())
    with pytest.raises(RulesError, match="the shooter not one"):
        perform(state, ShootRequest("bud", "abe", "carbine", fight=["bud"]), Faces())
