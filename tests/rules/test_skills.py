"""Skills, traits and personalities of Reel 2, and cards given back (Reel 6), with the dice written out."""

from bot.rules.qotd.actions import decide, perform
from bot.rules.qotd.checks import HealRequest
from bot.rules.qotd.shooting import ShotRequest

from .scripted import Dice
from .test_actions import SUPPORTING, game, keeping, person, titles
from .test_fighting import effect, reasons


def test_lucky_improves_the_hits_a_character_causes():
    """Lines 250-252: Lucky may re-roll "dice rolls which cause an adverse affect on them ... as well as improving
    the results of hits caused by them": the shooter's player re-rolls a Near Miss."""
    state = game(person("doc", SUPPORTING, personality="lucky"), person("ike", SUPPORTING, owner=2, armour="minimal"))
    # Doc wants to shoot 6, hits 6; Ike's effect 10 at DV 1: a Near Miss - Doc's Lucky is offered
    state, result = perform(state, ShotRequest("doc", "ike", paces=6), Dice(6, 6, 10))
    assert result.decision.roller == "doc" and [r.label for r in result.decision.rights] == ["Lucky (Doc) — 4 left"]
    state, result = decide(state, "lucky", Dice(3, 6))                # 3 at DV 1: 1 Hit; courage 6
    assert titles(result)[2] == "1 Hit" and state.characters["doc"].lucky_used == 1
    assert len(state.characters["ike"].lost) == 1


def test_lucky_improves_a_graze_a_character_causes():
    """Lines 250-252: Lucky improves "the results of hits caused by them": a Graze took nothing from the target
    (2431-2435) and can be improved, as a Near Miss can (see docs/rulings.md)."""
    state = game(person("doc", SUPPORTING, personality="lucky"), person("ike", SUPPORTING, owner=2, armour="minimal"))
    # Doc wants to shoot 6, hits 6; Ike's effect 9 at DV 1: a Graze - Doc's Lucky is offered
    state, result = perform(state, ShotRequest("doc", "ike", paces=6), Dice(6, 6, 9))
    assert titles(result)[-1] == "Graze"
    assert result.decision.roller == "doc" and [r.label for r in result.decision.rights] == ["Lucky (Doc) — 4 left"]
    state, result = decide(state, "lucky", Dice(3, 6))                # 3 at DV 1: 1 Hit; courage 6
    assert titles(result)[2] == "1 Hit" and len(state.characters["ike"].lost) == 1


def test_an_expert_by_the_books_name_is_an_expert_with_every_weapon_of_the_kind():
    """Lines 323-335: an Expert's "proficiency is often reflected in their skill e.g. Pistoleer, Rifleman,
    Swordsman, Bowman": a Pistoleer lowers the DV with any handgun and may re-roll a miss with it."""
    state = game(person("doc", SUPPORTING, traits=[("expert", "Pistoleer")]), person("ike", SUPPORTING, owner=2))
    _, result = keeping(state, ShotRequest("doc", "ike", paces=6), Dice(6, 6, 9, 6))
    assert "Hit by an Expert with a particular type of weapon" in reasons(effect(result))
    _, result = perform(state, ShotRequest("doc", "ike", paces=6), Dice(6, 3))
    assert "expert" in [r.key for r in result.decision.rights]


def test_medical_assistance_restores_one_card_to_a_character_who_passed_out():
    """Lines 2419-2421 (and 141-142): one with no cards left "will take no further part in the action unless they
    receive medical assistance which restores 1 card"."""
    state = game(person("doc", SUPPORTING, traits=["healer"]), person("kid", SUPPORTING, owner=2))
    kid = state.characters["kid"]
    state.wound(kid, lethal=False)
    state.wound(kid, lethal=False)
    assert kid.casualty and not kid.lost
    state, result = perform(state, HealRequest("doc", "kid"), Dice(7))
    assert titles(result) == ["Feeling Better"]
    kid = state.characters["kid"]
    assert len(kid.stunned) == 1 and not kid.casualty
    state.check()
