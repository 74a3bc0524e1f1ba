"""The Weapon Summaries (DA 160-179), Skills (DA 181-209) and Lasting Injuries (DA 211-217) the engine applies."""

from __future__ import annotations

import pytest

from bot.glue.replies import markdown
from bot.rules.core.actions import perform
from bot.rules.core.errors import RulesError
from bot.rules.dracula.actions import FightRequest, PlainRequest, RecoveryRequest, ShootRequest
from bot.rules.dracula.charts import WEAPONS
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.dracula.state import Condition, Gun, Phase

from .game import ANN, BOB, Faces, cast, two_posses
from .test_combat import activated


def test_the_weapon_summaries_as_printed():
    """DA 162-177: S, M, L and JAM of every weapon; the Sawn-Off's JAM is Auto."""
    table = {name: (w.short, w.medium, w.long, w.jam) for name, w in WEAPONS.items()}
    assert table == {"pistol": (4, 8, 12, 10), "carbine": (6, 12, 18, 10), "shotgun": (4, 8, 12, 10),
                     "bow": (6, 12, 18, 10), "rifle": (8, 16, 24, 8), "heavy pistol": (4, 8, 12, 8),
                     "sixgun": (4, 8, 12, 6), "lemat pistol": (4, 8, 12, 8), "repeater rifle": (6, 12, 18, 6),
                     "buffalo gun": (10, 20, 30, 6), "sawn-off shotgun": (6, 6, 6, 0)}


def armed(state, key: str, weapon: str) -> None:
    state.characters[key].weapons.append(Gun(weapon))


@pytest.mark.parametrize("weapon, range, modifier", [("heavy pistol", "short", -1), ("buffalo gun", "short", -1),
                                                     ("bow", "long", 2)])
def test_weapons_save_modifiers(weapon, range, modifier):
    """DA 172: Heavy Pistol, -1 Save up to 4"; DA 176: Buffalo Gun, -1 Save up to 10"; DA 166: Bow, +2 at
    13-18" (its first band is garbled: see docs/rulings.md)."""
    state = activated("abe")
    armed(state, "abe", weapon)
    _, resolution = perform(state, ShootRequest("abe", "ben", weapon, range), Faces(5, 2, 2, 2, 5))
    assert resolution.readings[-1].adjustments[-1][1] == modifier


def test_the_shotgun_adds_its_own_dice_to_the_ranges():
    """DA 165: +1 Die at up to 4", -1 Die at 9-12", with Short +1 and Long -1 (DA 107, 109: see
    docs/rulings.md)."""
    state = activated("art")
    _, resolution = perform(state, ShootRequest("art", "ben", "shotgun", "short"), Faces(2, 2, 2, 2, 2))
    assert len(resolution.readings[0].roll.faces) == 5
    _, resolution = perform(state, ShootRequest("art", "ben", "shotgun", "long"), Faces(2))
    assert len(resolution.readings[0].roll.faces) == 1


def test_deadeye_and_one_eyed():
    """DA 189: Deadeye, +1 Die Shooting; DA 215: One-Eyed, -1 Die."""
    state = activated("abe")
    state.characters["abe"].skills.append("Deadeye")
    _, resolution = perform(state, ShootRequest("abe", "ben", "pistol"), Faces(2, 2, 2, 2))
    assert len(resolution.readings[0].roll.faces) == 4
    state.characters["abe"].injuries.append("One-Eyed")
    _, resolution = perform(state, ShootRequest("abe", "ben", "pistol"), Faces(2, 2, 2))
    assert len(resolution.readings[0].roll.faces) == 3


def test_trick_shooter_ignores_cover_or_long_range_with_a_rifle():
    """DA 188: with a Rifle-Class Weapon, ignores either the Long Range or the Cover Die Modifier."""
    state = activated("abe")
    state.characters["abe"].skills.append("Trick Shooter")
    _, resolution = perform(state, ShootRequest("abe", "ben", "rifle", "long", cover=True, ignore="cover"),
                            Faces(2, 2))
    assert resolution.readings[0].adjustments == (("Target at Long Range", -1),)
    with pytest.raises(RulesError, match="Rifle-Class"):
        perform(state, ShootRequest("abe", "ben", "pistol", cover=True, ignore="cover"), Faces())


def test_the_sawn_off_jams_after_shooting():
    """DA 177: Sawn-Off Shotgun, automatically Jams after Shooting."""
    state = activated("abe")
    armed(state, "abe", "sawn-off shotgun")
    state, resolution = perform(state, ShootRequest("abe", "ben", "sawn-off shotgun"), Faces(5, 2, 2, 6))
    assert state.characters["abe"].gun("sawn-off shotgun").jammed
    assert "Abe's Sawn-Off Shotgun Jams after Shooting." in resolution.changes


def test_a_gunsmith_may_re_roll_a_failed_jamming_check():
    """DA 187: Gunsmith, may re-roll any Failed Jamming Check."""
    state = activated("abe")
    state.characters["abe"].skills.append("Gunsmith")
    state, resolution = perform(state, ShootRequest("abe", "ben", "pistol"), Faces(1, 2, 3, 4))
    assert [r.label for r in resolution.decision.rights] == ["Gunsmith: re-roll"]


def test_trigger_happy_fires_the_same_weapon_twice():
    """DA 184: may Shoot the same Weapon twice in a single Activation."""
    state = activated("abe")
    state.characters["abe"].skills.append("Trigger-Happy")
    state, _ = perform(state, ShootRequest("abe", "ben", "pistol"), Faces(2, 2, 2))
    perform(state, ShootRequest("abe", "ben", "pistol"), Faces(2, 2, 2))


def test_trigger_happy_fires_the_same_weapon_twice_no_more():
    """DA 184: "the same Weapon twice in a single Activation": a Slick Trigger-Happy model with three Actions
    (DA 199) fires its Pistol twice, not three times."""
    state = activated("abe", actions=3)
    state.characters["abe"].skills += ["Trigger-Happy", "Slick"]
    state, _ = perform(state, ShootRequest("abe", "ben", "pistol"), Faces(2, 2, 2))
    state, _ = perform(state, ShootRequest("abe", "ben", "pistol"), Faces(2, 2, 2))
    with pytest.raises(RulesError, match="twice, no more"):
        perform(state, ShootRequest("abe", "ben", "pistol"), Faces())
    perform(state, ShootRequest("abe", "ben", "rifle"), Faces(2, 2, 2))


def test_trigger_happy_cannot_be_combined_with_gunslinger():
    """DA 184: Trigger-Happy "cannot be combined with the Gunslinger Skill": no pistol of a Gunslinger's pair
    fired again, and no pair after a weapon fired twice."""
    state = activated("abe", actions=3)
    armed(state, "abe", "heavy pistol")
    armed(state, "abe", "sixgun")
    state.characters["abe"].skills += ["Trigger-Happy", "Gunslinger"]
    fired, _ = perform(state, ShootRequest("abe", "ben", "pistol", second_weapon="heavy pistol"), Faces(*[2] * 6))
    with pytest.raises(RulesError, match="cannot be combined with the Gunslinger"):
        perform(fired, ShootRequest("abe", "ben", "pistol"), Faces())
    state, _ = perform(state, ShootRequest("abe", "ben", "pistol"), Faces(2, 2, 2))
    with pytest.raises(RulesError, match="cannot be combined with the Gunslinger"):
        perform(state, ShootRequest("abe", "ben", "pistol", second_weapon="heavy pistol"), Faces())
    state, _ = perform(state, ShootRequest("abe", "ben", "pistol"), Faces(2, 2, 2))
    with pytest.raises(RulesError, match="cannot be combined with Trigger-Happy"):
        perform(state, ShootRequest("abe", "bud", "sixgun", second_weapon="heavy pistol"), Faces())


def test_a_lemat_shoots_once_a_game_as_a_sawn_off_shotgun():
    """DA 174: LeMat Pistol, "Once per game, may Shoot as Sawn-Off Shotgun"; DA 177: the Sawn-Off "Automatically
    Jams after Shooting"; DA 185: not with the Gunslinger Skill."""
    state = activated("abe")
    armed(state, "abe", "lemat pistol")
    with pytest.raises(RulesError, match="Only a LeMat"):
        perform(state, ShootRequest("abe", "ben", "pistol", sawn_off=True), Faces())
    state.characters["abe"].skills.append("Gunslinger")
    with pytest.raises(RulesError, match="Gunslinger Skill"):
        perform(state, ShootRequest("abe", "ben", "lemat pistol", second_weapon="pistol", sawn_off=True), Faces())
    state, resolution = perform(state, ShootRequest("abe", "ben", "lemat pistol", sawn_off=True), Faces(2, 2, 2))
    assert resolution.headline == "Abe shoots at Ben with the LeMat Pistol as a Sawn-Off Shotgun"
    assert [r.label for r in resolution.readings] == ["Shooting Test (LeMat Pistol as a Sawn-Off Shotgun)"]
    assert "Abe's LeMat Pistol Jams after Shooting." in resolution.changes
    lemat = state.characters["abe"].gun("lemat pistol")
    assert lemat.jammed and lemat.special_used
    lemat.jammed = False
    state.activation = activated("abe").activation
    with pytest.raises(RulesError, match="once per game"):
        perform(state, ShootRequest("abe", "ben", "lemat pistol", sawn_off=True), Faces())
    perform(state, ShootRequest("abe", "ben", "lemat pistol"), Faces(2, 2, 2))


def test_a_gunslinger_fires_two_pistols_as_one_action_at_two_targets():
    """DA 185: two Pistol-Class Weapons as a single Shoot Action, against different Targets if you wish, each
    resolved separately; Sixguns may not fire twice."""
    state = activated("abe")
    armed(state, "abe", "heavy pistol")
    with pytest.raises(RulesError, match="Only a Gunslinger"):
        perform(state, ShootRequest("abe", "ben", "pistol", second_weapon="heavy pistol"), Faces())
    state.characters["abe"].skills.append("Gunslinger")
    with pytest.raises(RulesError, match="two different Pistol-Class"):
        perform(state, ShootRequest("abe", "ben", "pistol", second_weapon="rifle"), Faces())
    state, resolution = perform(state, ShootRequest("abe", "ben", "pistol", second_weapon="heavy pistol",
                                                    second_target="bud"), Faces(2, 2, 2, 2, 2, 2))
    assert resolution.headline == "Abe shoots at Ben and Bud with the Pistol and the Heavy Pistol"
    assert [r.label for r in resolution.readings] == ["Shooting Test (Pistol)", "Shooting Test (Heavy Pistol)"]
    assert state.activation.actions == {"abe": 1} and len(state.activation.fired) == 2


def test_mean_and_weakened():
    """DA 209: Mean, +1 Die on Fight Tests; DA 217: Weakened, -1 Die."""
    state = activated("art")
    state.characters["art"].skills.append("Mean")
    _, resolution = perform(state, FightRequest("art", "ben"), Faces(2, 2, 2, 2, 2, 2, 2))
    assert len(resolution.readings[0].roll.faces) == 4
    state.characters["art"].injuries.append("Weakened")
    _, resolution = perform(state, FightRequest("art", "ben"), Faces(2, 2, 2, 2, 2, 2))
    assert len(resolution.readings[0].roll.faces) == 3


def test_bull_rush_and_close_work():
    """DA 206: Bull-Rush, Charges and wins: the Defender suffers -1 Save; DA 204: Close Work, an unjammed
    Pistol-Class Weapon +1 Die."""
    state = activated("abe")
    state.characters["abe"].skills += ["Bull-Rush", "Close Work"]
    _, resolution = perform(state, FightRequest("abe", "ben", charging=True, close_work=1),
                            Faces(7, 7, 2, 2, 2, 2, 6))
    assert resolution.readings[0].adjustments == (("You are Charging", -1), ("Close Work", 1))
    assert resolution.readings[2].adjustments == (("Bull-Rush", -1),)
    assert resolution.readings[2].outcome.title == "Failed by 1"
    with pytest.raises(RulesError, match="2 unjammed Pistol"):
        perform(state, FightRequest("abe", "ben", close_work=2), Faces())


def test_fearsome_asks_a_nerve_test_of_whoever_fights_it():
    """DA 205: a 1 Die Nerve Test, or -1 Die on its Fight Tests; other Fearsome models ignore it."""
    state = activated("art")
    state.characters["ben"].skills.append("Fearsome")
    _, resolution = perform(state, FightRequest("art", "ben"), Faces(3, 2, 2, 2, 2, 2))
    assert resolution.readings[0].label == "Nerve Test of Art (Fearsome)"
    assert resolution.readings[1].adjustments == (("Failed Nerve Test against Fearsome", -1),)


def test_nerves_of_steel_re_rolls_the_die_of_fearsomes_nerve_test():
    """DA 195: Nerves of Steel "may re-roll any one Die result on all its Nerve Tests"; Fearsome's 1 Die Nerve
    Test (DA 205) is one of them."""
    state = activated("art")
    state.characters["ben"].skills.append("Fearsome")
    state.characters["art"].skills.append("Nerves of Steel")
    _, resolution = perform(state, FightRequest("art", "ben"), Faces(3))
    assert resolution.readings[0].label == "Nerve Test of Art (Fearsome)"
    assert [r.label for r in resolution.decision.rights] == ["Re-roll the 3"]


def test_hard_to_kill_stands_up_shaken():
    """DA 196: Downed at the start of the Recovery Phase, it automatically stands up Shaken."""
    state = two_posses()
    state.phase = Phase.NPC
    state.characters["ben"].condition = Condition.DOWNED
    state.characters["ben"].skills.append("Hard to Kill")
    state, resolution = perform(state, RecoveryRequest(), Faces())
    assert state.characters["ben"].condition is Condition.SHAKEN and not resolution.readings


def test_nerves_of_steel_re_rolls_a_die_of_the_bottle_check():
    """DA 195: may re-roll any one Die result on its Nerve Tests, Bottle Checks included."""
    state = two_posses()
    state.phase = Phase.NPC
    state.seats[BOB].starting = 3
    state.characters["bo"].skills.append("Nerves of Steel")
    state.characters["bud"].condition = Condition.CASUALTY
    state, resolution = perform(state, RecoveryRequest(), Faces(1, 2, 3))
    assert [r.label for r in resolution.decision.rights] == ["Re-roll the 1", "Re-roll the 2", "Re-roll the 3"]


def test_a_limping_model_moves_once_an_activation():
    """DA 216: Limp, only one Move Action per Activation."""
    state = activated("art")
    state.characters["art"].injuries.append("Limp")
    state, _ = perform(state, PlainRequest("art", "move"), Faces())
    with pytest.raises(RulesError, match="Limp"):
        perform(state, PlainRequest("art", "move"), Faces())


def test_an_old_wound_may_start_the_game_shaken():
    """DA 214: one Grit Die before the game; failed, the model begins Shaken."""
    state = two_posses()
    state.characters["art"].injuries.append("Old Wound")
    step = DRACULA.deal(state, Faces(3, *[1] * 10))
    assert "**Art**'s Old Wound: D6 [3], a Failure: Shaken" in map(markdown, step.lines)
    assert state.characters["art"].condition is Condition.SHAKEN


def test_npcs_act_in_the_npc_phase_without_a_card():
    """DA 73-78: the NPCs act in the NPC Phase (the Director moves them: see docs/rulings.md)."""
    state = two_posses()
    cast(state, "wolf", ANN, "supernatural", rank="veteran")
    with pytest.raises(RulesError, match="no Action left"):
        perform(state, PlainRequest("wolf", "move"), Faces())
    state.phase = Phase.NPC
    perform(state, PlainRequest("wolf", "move"), Faces())
