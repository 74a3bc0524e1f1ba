"""Weapons, cover, To Hit and True Grit (MN 87-203), each chart read as the text prints it."""

from random import Random

import pytest

from bot.rules.core.errors import RulesError
from bot.rules.norman.actions import AnswerRequest, PickUpRequest, PlayRequest
from bot.rules.norman.charts import HORSE, MAN, MAN_ON_HORSE, TRUE_GRIT
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import FLED, SHOT_DOWN

from .table import ANN, BOB, act, gunfight, told

RIFLE = {"kid": (ANN, "man", {"long": "rifle"}), "joe": (BOB, "man", {})}


def shoot(state, *faces, **play):
    state, _ = act(state, PlayRequest(ANN, "kid", "shoot", **play))
    return act(state, AnswerRequest(BOB), *faces)


@pytest.mark.parametrize(("value", "column", "title"), [
    (1, MAN, "Flee"), (1, MAN_ON_HORSE, "Flee"), (1, HORSE, "Shot down"),
    (2, MAN, "Shot down"), (4, MAN, "Shot down"), (3, MAN_ON_HORSE, "Shot down"), (3, HORSE, "Shot down"),
    (4, MAN_ON_HORSE, "Horse Killed. Man Pinned."), (4, HORSE, "Missed!"),
    (5, MAN_ON_HORSE, "Pinned"), (5, MAN, "Pinned"), (6, MAN, "Pinned"),
    (6, MAN_ON_HORSE, "Missed!"), (7, MAN, "Missed!"), (0, MAN, "Flee"), (9, HORSE, "Missed!")])
def test_the_true_grit_table(value, column, title):
    """MN 162-201, the flattened table read column by column (see docs/rulings.md): Horse "3 or less" Shot
    down, "More" Missed; Man On Horse "1 or less" Flee, "2,3" Shot down, "4" Horse Killed, "5" Pinned, "6+"
    Missed; Man "1 or less" Flee, "2,3,4" Shot down, "5,6" Pinned, "More" Missed."""
    assert TRUE_GRIT.read(value, column)[1].title == title


def test_a_hit_on_5_6_then_true_grit_shoots_down_and_gives_a_notch():
    """MN 118-124 "Shooting 5,6"; MN 180-185 Man 2,3,4 Shot down; MN 227 a notch for an enemy Shot Down."""
    state = gunfight(RIFLE, hands={ANN: "KS"})
    state, resolution = shoot(state, 5, 3, cards=("KS",), weapon="rifle", targets=("joe",), range=10)
    assert told(resolution) == ["Kid shoots at Joe: 5 Hit", "True Grit of Joe: 3 Shot down", "Answers in: 1 of 1.",
                                "Joe is Shot down.", "Kid gains a notch (1)."]
    assert state.characters["joe"].status == SHOT_DOWN and state.characters["kid"].notches == 1


def test_a_4_misses():
    state = gunfight(RIFLE, hands={ANN: "KS"})
    state, resolution = shoot(state, 4, cards=("KS",), weapon="rifle", targets=("joe",), range=10)
    assert told(resolution)[0] == "Kid shoots at Joe: 4 Missed"


def test_cover_stops_the_bullet_on_5_6():
    """MN 110-114: "A piece of cover ... stops the bullet on a 5,6. If no cover stops the bullet, dice to hit"."""
    state = gunfight(RIFLE, hands={ANN: "KS QS"})
    state, resolution = shoot(state, 4, 5, cards=("KS",), weapon="rifle", targets=("joe",), range=10, cover=2)
    assert [r.outcome.title for r in resolution.readings] == ["Through", "Stopped"]


def test_pistol_beyond_6_inches_is_minus_1_and_no_further_than_12():
    """MN 90-95: Pistol 6", 12" -1 to hit."""
    state = gunfight(hands={ANN: "KS QS"})
    with pytest.raises(RulesError, match="up to 12"):
        shoot(state, cards=("KS",), weapon="pistol", targets=("joe",), range=13)
    state, resolution = shoot(state, 5, cards=("KS",), weapon="pistol", targets=("joe",), range=8)
    assert resolution.readings[0].outcome.title == "Missed"
    assert resolution.readings[0].adjustments == (("beyond 6\"", -1),)


def test_rifle_reaches_24_inches_and_a_buffalo_hunter_36():
    """MN 96-102: Rifle 6" to 24"; MN 252-253: Buffalo Hunter, maximum Rifle range 36"."""
    state = gunfight(RIFLE, hands={ANN: "KS"})
    with pytest.raises(RulesError, match="up to 24"):
        shoot(state, cards=("KS",), weapon="rifle", targets=("joe",), range=30)
    hunter = {"kid": (ANN, "man", {"long": "rifle", "skills": "Buffalo Hunter"}), "joe": (BOB, "man", {})}
    state = gunfight(hunter, hands={ANN: "KS"})
    state, resolution = shoot(state, 6, 6, cards=("KS",), weapon="rifle", targets=("joe",), range=30)
    assert resolution.readings[0].outcome.title == "Hit"


def test_aim_is_plus_1_on_foot_with_no_enemy_within_6():
    """MN 103-104, 137-138: a Rifle on foot may add an extra Shoot card to Aim (+1 to Hit), with no enemy
    within 6"."""
    state = gunfight(RIFLE, hands={ANN: "KS AS"})
    with pytest.raises(RulesError, match="no enemy within 6"):
        shoot(state, cards=("KS",), aim="AS", weapon="rifle", targets=("joe",), range=5)
    state, resolution = shoot(state, 4, 6, cards=("KS",), aim="AS", weapon="rifle", targets=("joe",), range=7)
    assert resolution.readings[0].outcome.title == "Hit" and resolution.readings[0].adjustments == (("Aim", 1),)
    mounted = {"kid": (ANN, "man", {"long": "rifle", "horse": "yes"}), "joe": (BOB, "man", {})}
    with pytest.raises(RulesError, match="on foot"):
        shoot(gunfight(mounted, hands={ANN: "KS AS"}), cards=("KS",), aim="AS", weapon="rifle", targets=("joe",),
              range=7)


def test_a_sneak_is_one_harder_to_hit_beyond_12():
    """MN 139-140, 241-243: Sneak, -1 on enemy Shoot rolls from beyond 12"."""
    sneak = {"kid": (ANN, "man", {"long": "rifle"}), "joe": (BOB, "man", {"skills": "Sneak"})}
    state = gunfight(sneak, hands={ANN: "KS QS"})
    state, resolution = shoot(state, 5, cards=("KS",), weapon="rifle", targets=("joe",), range=13)
    assert told(resolution)[0] == "Kid shoots at Joe: 5 Missed"
    assert resolution.readings[0].adjustments == (("Sneak", -1),)


def test_pinned_shoots_at_minus_1_and_shoot_skill_adds():
    """MN 195-196: while Pinned, Shooting is at -1 to Hit; MN 235-236: Shoot +1."""
    skilled = {"kid": (ANN, "man", {"long": "rifle", "skills": "Shoot, Shoot"}), "joe": (BOB, "man", {})}
    state = gunfight(skilled, hands={ANN: "KS"})
    state.characters["kid"].pinned = True
    state, resolution = shoot(state, 4, 6, cards=("KS",), weapon="rifle", targets=("joe",), range=10)
    assert resolution.readings[0].adjustments == (("Shoot skill", 2), ("Pinned", -1))
    assert resolution.readings[0].outcome.title == "Hit"


def test_shotgun_hits_all_in_the_template_4_in_the_open_5_behind_cover():
    """MN 105-109, 125-132: throw against all in the template, never the shooter's Skill."""
    shotgun = {"kid": (ANN, "man", {"long": "shotgun", "skills": "Shoot"}), "joe": (BOB, "man", {}),
               "sam": (BOB, "man", {})}
    state = gunfight(shotgun, hands={ANN: "KS"})
    state, resolution = shoot(state, 4, 6, 4, cards=("KS",), weapon="shotgun", targets=("joe", "sam"),
                              covered=("sam",))
    assert told(resolution)[:3] == ["Shotgun blast at Joe: 4 Hit", "True Grit of Joe: 6 Pinned",
                                    "Shotgun blast at Sam: 4 Missed"]
    assert all(not r.adjustments for r in resolution.readings)


def test_dynamite_thrown_3_plus_the_distance_card_explodes_on_3_and_pins_all():
    """MN 141-145 and 133-136: thrown 3" + distance card, explodes on 3,4,5,6, hits on 4,5,6, all Pinned."""
    dynamite = {"kid": (ANN, "man", {"dynamite": "2"}), "joe": (BOB, "man", {}), "sam": (BOB, "man", {})}
    state = gunfight(dynamite, hands={ANN: "JS 7S"})
    state, _ = act(state, PlayRequest(ANN, "kid", "dynamite", ("JS",), distance="7S", targets=("joe", "sam")))
    state, resolution = act(state, AnswerRequest(BOB), 3, 4, 7 - 6, 3)
    assert told(resolution) == ["Dynamite fuse: 3 Explodes", "Dynamite blast at Joe: 4 Hit", "True Grit of Joe: 1 Flee",
                                "Dynamite blast at Sam: 3 Missed", "Answers in: 1 of 1.",
                                "Kid throws a stick of Dynamite 10\".", "Joe is in the blast: Pinned.",
                                "Joe flees: out of the game, True Grit one lower for future games.",
                                "Sam is in the blast: Pinned."]
    assert state.characters["joe"].status == FLED and state.characters["sam"].pinned
    assert state.characters["kid"].dynamite == 1


def test_a_dud_lies_where_it_landed_to_be_picked_up():
    """MN 144-145: "If a dud, may be picked up from where it landed and be used again!": by anyone, next turn
    (rotating: Bob plays first)."""
    dynamite = {"kid": (ANN, "man", {"dynamite": "1"}), "joe": (BOB, "man", {})}
    state = gunfight(dynamite, hands={ANN: "JS"})
    state, _ = act(state, PlayRequest(ANN, "kid", "dynamite", ("JS",), targets=("joe",)))
    state, resolution = act(state, AnswerRequest(BOB), 2)
    assert state.duds == 1 and state.characters["kid"].dynamite == 0
    NORMAN.advance(state, None)
    NORMAN.advance(state, Random(1))
    assert state.turn == 2 and state.player == BOB
    state, _ = act(state, PickUpRequest(BOB, "joe"))
    assert state.duds == 0 and state.characters["joe"].dynamite == 1


def test_horse_killed_man_pinned():
    """MN 186-190: Man On Horse, 4: "Horse Killed. Man Pinned."."""
    rider = {"kid": (ANN, "man", {"long": "rifle"}), "joe": (BOB, "man", {"horse": "yes"})}
    state = gunfight(rider, hands={ANN: "KS"})
    state, _ = shoot(state, 6, 4, cards=("KS",), weapon="rifle", targets=("joe",), range=10)
    joe = state.characters["joe"]
    assert not joe.horse and joe.pinned


def test_shooting_down_a_friend_counts_against_notches_and_a_horse_never_counts():
    """MN 228-230: figures not of or allied to the enemy side count against notches; horses never give any."""
    mixed = {"kid": (ANN, "man", {"long": "rifle"}), "pal": (ANN, "man", {}), "nag": (BOB, "horse", {})}
    state = gunfight(mixed, hands={ANN: "KS"})
    state, _ = shoot(state, 6, 2, cards=("KS",), weapon="rifle", targets=("pal",), range=10)
    assert state.characters["kid"].notches == -1
    state = gunfight(mixed, hands={ANN: "KS"})
    state, _ = shoot(state, 6, 2, cards=("KS",), weapon="rifle", targets=("nag",), range=10)
    assert state.characters["nag"].status == SHOT_DOWN and state.characters["kid"].notches == 0
