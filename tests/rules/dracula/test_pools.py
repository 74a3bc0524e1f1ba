"""Tests (DA 11-31), Saves (DA 112-120), Damage (DA 143-158) and the Grit die (DA 5-9)."""

from __future__ import annotations

import pytest

from bot.rules.core.actions import decide, perform
from bot.rules.core.replay import KEEP, Context
from bot.rules.dracula.actions import damage, save
from bot.rules.dracula.pools import pool_size, take_test, won
from bot.rules.dracula.state import Condition

from .game import Faces, two_posses


def test_the_grit_die_goes_by_rank_and_one_rank_lower_while_shaken():
    """DA 7-9: Novices D6, Veterans D8, Heroes D10; DA 154: Shaken, one Rank lower to a minimum of D6;
    DA 198: Lead-belly ignores it."""
    state = two_posses()
    abe, bo, art = state.characters["abe"], state.characters["bo"], state.characters["art"]
    assert (abe.grit, bo.grit, art.grit) == (10, 8, 6)
    for model in (abe, bo, art):
        model.condition = Condition.SHAKEN
    assert (abe.grit, bo.grit, art.grit) == (8, 6, 6)
    abe.skills.append("Lead-belly")
    assert abe.grit == 10


def test_dice_modifiers_change_the_number_of_dice_never_below_one():
    """DA 19-21: modifiers alter the number of Dice; you always get at least 1 Die."""
    assert pool_size(3, [("Cover", -1), ("Long", -1)]) == 1
    assert pool_size(3, [("Cover", -1), ("Long", -1), ("One-Eyed", -1)]) == 1
    assert pool_size(3, [("Short", 1), ("Elevated", 1)]) == 5


def test_each_die_of_five_or_better_is_a_success():
    """DA 25-26, 31: 5+ a Success, 4 or less a Failure; the outcome is the number of Successes."""
    reading = take_test(Context(Faces(5, 4, 6)), label="Nerve", roller="bo", sides=8, base=3)
    assert won(reading) == 2 and reading.outcome.title == "2 Successes"


def test_a_maximum_face_offers_a_re_roll_of_one_other_die():
    """DA 27: a Die on its maximum score: you may re-roll one of the other Dice if you wish."""
    ctx = Context(Faces(8, 2, 3))
    with pytest.raises(Exception) as paused:
        take_test(ctx, label="Nerve", roller="bo", sides=8, base=3)
    rights = paused.value.decision.rights
    assert [r.label for r in rights] == ["Re-roll the 2", "Re-roll the 3"]
    tape = ctx.tape
    tape[-1].choice = rights[1].key
    again = take_test(Context(Faces(6), tape), label="Nerve", roller="bo", sides=8, base=3)
    assert again.roll.faces == (8, 2, 6) and won(again) == 2 and again.first.faces == (8, 2, 3)


def test_no_re_roll_without_a_maximum_face_or_a_failure_to_re_roll():
    """DA 27: only a maximum face gives the re-roll; re-rolling a Success cannot help (see docs/rulings.md)."""
    assert won(take_test(Context(Faces(7, 2, 3)), label="Nerve", roller="bo", sides=8, base=3)) == 1
    assert won(take_test(Context(Faces(8, 5, 6)), label="Nerve", roller="bo", sides=8, base=3)) == 3


@pytest.mark.parametrize("hits, face, saved", [(1, 5, True), (1, 4, False), (2, 6, True), (3, 6, False),
                                               (5, 9, True), (6, 10, True), (7, 9, False)])
def test_the_save_is_on_the_grit_die_against_the_successes(hits, face, saved):
    """DA 112-120: 1 Success, Save on 5+; 2, 6+; 3, 7+; 4, 8+; 5, 9+; 6+, 10+."""
    state = two_posses()
    abe = state.characters["abe"]
    save(Context(Faces(face)), abe, hits, [])
    assert (abe.condition is Condition.FINE) == saved


@pytest.mark.parametrize("failed_by, result", [(1, Condition.SHAKEN), (2, Condition.SHAKEN),
                                               (3, Condition.DOWNED), (4, Condition.DOWNED),
                                               (5, Condition.CASUALTY), (9, Condition.CASUALTY)])
def test_damage_by_the_amount_failed(failed_by, result):
    """DA 145-150: failed by 1-2 Shaken, 3-4 Downed, 5+ Removed as Casualty."""
    art = two_posses().characters["art"]
    damage(art, failed_by, Context(Faces()))
    assert art.condition is result


def test_shaken_again_is_downed():
    """DA 154: further Damage results of Shaken cause the model to be immediately Downed."""
    art = two_posses().characters["art"]
    ctx = Context(Faces())
    damage(art, 1, ctx)
    damage(art, 2, ctx)
    assert art.condition is Condition.DOWNED and ctx.changes == ["Art is Shaken.", "Art is Downed."]


def test_tough_adds_one_to_the_save():
    """DA 208: Tough, +1 Save Modifier (added to the die: see docs/rulings.md)."""
    abe = two_posses().characters["abe"]
    abe.skills.append("Tough")
    save(Context(Faces(6)), abe, 3, [])           # 7+ needed: 6 + 1
    assert abe.condition is Condition.FINE


def test_a_re_roll_waits_for_the_roller_and_survives_as_plain_data():
    """DA 27 through the bot's actions: the roll pauses, then the choice resumes it from the tape."""
    from bot.rules.dracula.actions import RecoveryRequest
    from bot.rules.dracula.state import Phase
    state = two_posses()
    state.phase = Phase.NPC
    state.characters["art"].condition = Condition.DOWNED
    state, resolution = perform(state, RecoveryRequest(), Faces(6, 1, 2))
    assert state.pending and resolution.decision.roller == "art"
    assert [r.label for r in resolution.decision.rights] == ["Re-roll the 1", "Re-roll the 2"]
    state, resolution = decide(state, KEEP, Faces())
    assert state.characters["art"].condition is Condition.DOWNED
    assert resolution.readings[0].outcome.title == "1 Success: Remains Downed"
