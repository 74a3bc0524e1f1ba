"""The roster between adventures: Post Action Rest and Recovery applied, casting veterans, learning traits."""

import pytest

from bot.rules.core.ruleset import Enlisted
from bot.rules.qotd.campaign import (Standing, Veteran, after_adventure, cast_veteran, enlist, kept, learn, lessons,
                                     missed_adventure, recover, veteran)
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.state import Condition, Mount, RulesError, Trait, WeaponCondition

from .scripted import Dice
from .test_actions import HERO, MAIN, MINOR, SUPPORTING, game, person


def veteran_after(character, faces):
    recovery = recover(character, Dice(*faces))
    return recovery, after_adventure(Veteran(enlist(character)), character, recovery)


@pytest.mark.parametrize("faces, title, standing, cards_less, reduced, traits_due", [
    ((1, 1), "I’m Exhausted!", Standing.READY, 1, True, 0),
    ((3, 2), "I’m Tired out!", Standing.READY, 1, False, 0),
    ((7, 2), "Fighting Fit!", Standing.READY, 0, False, 0),
    ((10, 2), "Experience is a great Teacher!", Standing.READY, 0, False, 1),
])
def test_a_hero_still_standing_recovers_as_the_chart_says(faces, title, standing, cards_less, reduced, traits_due):
    recovery, after = veteran_after(person("doc", HERO), faces)
    assert recovery.title == title
    assert (after.standing, after.cards_less, after.reduced, after.traits_due) == (standing, cards_less, reduced,
                                                                                  traits_due)


@pytest.mark.parametrize("faces, titles, standing, cards_less, personality", [
    ((1, 3), ["He’s Going!", "A Goner!"], Standing.DEAD, 0, "brave"),
    ((1, 7), ["He’s Going!", "Needs Extensive Medical Care!"], Standing.RESTING, 0, "ordinary"),
    ((1, 10), ["He’s Going!", "Needs Medical Care!"], Standing.RESTING, 0, "brave"),
    ((3,), ["He needs time to heal!"], Standing.READY, 1, "brave"),
    ((6,), ["Fully Recovered!"], Standing.READY, 0, "brave"),
])
def test_a_downed_supporting_character_recovers_as_the_charts_say(faces, titles, standing, cards_less, personality):
    state = game(person("kid", SUPPORTING, personality="brave"))
    kid = state.characters["kid"]
    for _ in kid.cards:
        state.wound(kid, lethal=True)
    recovery, after = veteran_after(kid, faces)
    assert [r.outcome.title for r in recovery.readings] == titles
    assert (after.standing, after.cards_less, after.reduced, after.character.personality) == (
        standing, cards_less, False, personality)


def test_a_cautious_character_after_a_brush_with_death_stays_cautious_and_anyone_else_turns_cautious():
    for before, now in (("heroic", "ordinary"), ("rash", "ordinary"), ("lucky", "cautious")):
        state = game(person("kid", MINOR, personality=before))
        state.wound(state.characters["kid"], lethal=True)
        _, after = veteran_after(state.characters["kid"], (1, 6))
        assert after.character.personality == now


def test_the_recovery_roll_uses_the_action_dice_even_after_an_exhausted_adventure():
    doc = person("doc", HERO, reduced=True)
    recovery = recover(doc, Dice(3, 8))                     # 2D10 take best, not the reduced 1D10
    assert recovery.title == "Fighting Fit!" and recovery.readings[0].dice_reason == "Hero: 2D10 take best"


def test_a_minor_character_with_one_card_less_would_have_none_and_misses_the_next_adventure():
    recovery, after = veteran_after(person("ike", MINOR), (3,))
    assert recovery.title == "I’m Tired out!"
    assert (after.standing, after.cards_less) == (Standing.RESTING, 0)


def test_the_roster_keeps_the_kit_as_the_adventure_left_it_reloaded_and_rested_but_no_wounds():
    state = game(person("doc", HERO, traits=("tough",), mount=Mount("horse", 2)))
    doc = state.characters["doc"]
    doc.weapons[0].loaded, doc.weapons[0].condition = 0, WeaponCondition.JAMMED
    doc.mount.hits = 1
    doc.conditions.add(Condition.PRONE)
    state.wound(doc, lethal=True)
    kept = enlist(doc)
    assert (kept.weapons[0].loaded, kept.weapons[0].condition) == (6, WeaponCondition.READY)
    assert kept.mount == Mount("horse", 2) and kept.traits == [Trait("tough")]
    assert (kept.cards, kept.lost, kept.conditions) == ([], [], set())


def test_missing_an_adventure_means_coming_back_fully_recovered_but_the_dead_stay_dead():
    doc = enlist(person("doc", HERO))
    assert missed_adventure(Veteran(doc, Standing.RESTING)) == Veteran(doc)
    assert missed_adventure(Veteran(doc, cards_less=1, reduced=True, traits_due=1)) == Veteran(doc, traits_due=1)
    assert missed_adventure(Veteran(doc, Standing.DEAD)) == Veteran(doc, Standing.DEAD)


def test_a_veteran_is_cast_with_a_card_less_and_reduced_dice_and_never_dead_or_resting():
    ike = enlist(person("ike", SUPPORTING))
    character, cards = cast_veteran(Veteran(ike, cards_less=1, reduced=True), roster_id=7)
    assert (cards, character.reduced, character.roster_id) == (1, True, 7)
    assert str(character.action_dice()) == "2D10 take worst"
    assert ike.reduced is False and ike.roster_id == 0                # the roster's record is not changed
    with pytest.raises(RulesError, match="dead"):
        cast_veteran(Veteran(ike, Standing.DEAD), roster_id=7)
    with pytest.raises(RulesError, match="must miss this adventure"):
        cast_veteran(Veteran(ike, Standing.RESTING), roster_id=7)


def test_experience_teaches_no_drawback_and_nothing_they_have_but_expert_with_each_weapon_they_carry():
    doc = person("doc", MAIN, traits=("tough", ("expert", "derringer")),
                 weapons=("single_action_revolver", "derringer"), mount=Mount("horse", 2))
    offered = lessons(doc)
    keys = [t.key for t in offered]
    assert not {"frail", "lumbering", "poor_in", "poor_fighter", "poor_shot", "tough"} & set(keys)
    assert [t.detail for t in offered if t.key == "expert"] == ["single_action_revolver", "riding"]
    assert Trait("good_in") in offered and len(offered) <= 25


def test_at_the_most_skills_and_traits_a_new_trait_replaces_one_of_theirs():
    kid = person("kid", MINOR, traits=("frail",))
    with pytest.raises(RulesError, match="pick the one the new trait replaces"):
        learn(kid, Trait("quick_draw"))
    learn(kid, Trait("quick_draw"), replacing=Trait("frail"))
    assert kid.traits == [Trait("quick_draw")]
    with pytest.raises(RulesError, match="cannot learn"):
        learn(kid, Trait("quick_draw"), replacing=Trait("quick_draw"))
    doc = person("doc", HERO, traits=(("good_in", "riding"),))
    learn(doc, Trait("good_in", "poker"))
    with pytest.raises(RulesError, match="cannot learn"):
        learn(doc, Trait("good_in", "Poker"))
    assert doc.traits == [Trait("good_in", "riding"), Trait("good_in", "poker")]


# -- the roster as the bot keeps it: Quick on the Draw's Campaign capability -------------------------------------


def test_the_roster_keeps_a_veteran_as_json_beside_its_standing_and_reads_it_back_whole():
    held = Veteran(enlist(person("ike", SUPPORTING)), Standing.RESTING, cards_less=1, reduced=True, traits_due=1,
                   adventures=2, notes=["I’m Exhausted!", "Fighting Fit!"])
    data = kept(held)
    assert "standing" not in data and data["notes"] == ["I’m Exhausted!", "Fighting Fit!"]
    assert kept(Veteran(held.character)) == {"character": data["character"]}     # what is at its default is left out
    assert veteran(Enlisted(7, held.character.owner, "Ike", Standing.RESTING, data)) == held


def test_an_adventures_end_rolls_recovery_for_who_took_part_and_rests_who_missed_it():
    """Reel 6: each veteran cast from the roster rolls Post Action Rest and Recovery; one who missed the adventure
    comes back fully recovered (see docs/rulings.md); the dead stay as they are."""
    state = game(person("doc", HERO))
    state.characters["doc"].roster_id = 1
    absent = Veteran(enlist(person("ike", SUPPORTING)), cards_less=1, reduced=True)
    dead = Veteran(enlist(person("kid", MINOR)), Standing.DEAD)
    roster = [Enlisted(1, state.characters["doc"].owner, "Doc", Standing.READY, kept(Veteran(enlist(person("doc",
                                                                                                   HERO))))),
              Enlisted(2, absent.character.owner, "Ike", Standing.READY, kept(absent)),
              Enlisted(3, dead.character.owner, "Kid", Standing.DEAD, kept(dead))]
    doc, ike = QOTD.keep(state, roster, Dice(10, 3))                # 2D10 take best 10: Experience is a great Teacher!
    assert (doc.entry, doc.standing, doc.to_pick, [r.outcome.title for r in doc.readings]) == (
        1, Standing.READY, True, ["Experience is a great Teacher!"])
    assert doc.outcome == "Takes part in the next adventure fully fit. Picks a new trait from the menu below."
    assert (doc.data["traits_due"], doc.data["adventures"], doc.data["notes"]) == (
        1, 1, ["Experience is a great Teacher!"])
    assert (ike.entry, ike.standing, ike.data, ike.readings, ike.outcome) == (
        2, Standing.READY, kept(Veteran(absent.character)), (), "")


def test_a_veteran_is_recast_with_its_entry_but_not_before_its_new_trait_is_picked():
    state = game()
    ike = Veteran(enlist(person("ike", SUPPORTING)), cards_less=1, reduced=True)
    cast = QOTD.recast(state, Enlisted(4, ike.character.owner, "Ike", Standing.READY, kept(ike)), Dice())
    assert (state.characters["ike"] is cast, cast.roster_id, len(cast.cards), cast.reduced) == (True, 4, 1, True)
    due = Veteran(enlist(person("doc", HERO)), traits_due=1)
    with pytest.raises(RulesError, match="new trait to pick first"):
        QOTD.recast(state, Enlisted(5, due.character.owner, "Doc", Standing.READY, kept(due)), Dice())
    assert "doc" not in state.characters


def test_beasts_join_no_roster_and_a_veteran_is_described_with_how_they_stand():
    state = game(person("doc", HERO))
    assert QOTD.enrol(state, "doc") == kept(Veteran(enlist(state.characters["doc"])))
    held = Veteran(enlist(person("ike", SUPPORTING)), cards_less=1, reduced=True, adventures=1,
                   notes=["I’m Exhausted!"])
    assert QOTD.describe(Enlisted(2, 1, "Ike", Standing.READY, kept(held))) == (
        "Supporting Character, Ordinary",
        "ready, one card less and reduced dice next adventure; 1 adventure; last: I’m Exhausted!")
    with pytest.raises(RulesError, match="only as their adventures"):
        QOTD.amend(Enlisted(2, 1, "Ike", Standing.READY, kept(held)), {"rank": "hero"})
