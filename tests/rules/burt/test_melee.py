"""Hand to hand (SB 395-441), the shock roll and getting up (SB 385-387), and difficult actions (SB 179-189)."""

import pytest

from bot.rules.burt.charts import Gait, Severity
from bot.rules.burt.melee import FightRequest, GetUpRequest
from bot.rules.burt.moves import ActRequest, DifficultRequest
from bot.rules.core.errors import RulesError

from .game import cast, game, play, titles, up


def brawl():
    state = game()
    cast(state, "Ike", "cowboy", 1, weapons="pistol, knife, club")
    cast(state, "Joe", "cowboy", 2)
    return state


def test_a_punch_is_no_real_damage_but_rolls_for_shock():
    """SB 405-409, 437-439: a punch hits on 5 and is a Light wound; "Punches and kicks don't cause real damage,
    but you should roll for shock effect as normal": no hit is kept, and the shock roll counts the blow's one
    hit (see docs/rulings.md)."""
    state = brawl()
    _, missed = play(state, FightRequest("ike", "joe", "punch"), 4)
    assert titles(missed) == [("Punch to hit", 4, "Miss")]
    assert missed.readings[0].outcome.effect == "The attack misses."
    after, punch = play(state, FightRequest("ike", "joe", "punch"), 5, 1)
    assert titles(punch) == [("Punch to hit", 5, "Hit"), ("Shock", 1, "Falls over stunned")]
    assert "Punch damage: light, whatever the die (nothing to roll)." in punch.changes
    joe = after.characters["joe"]
    assert joe.hits == 0 and joe.wounds == [] and joe.stunned


def test_a_mounted_man_stunned_by_shock_falls_off_his_horse():
    """SB 385: "he falls over stunned"; SB 189: "Characters falling off a horse are stunned": a rider who falls
    over stunned is off his horse."""
    state = brawl()
    state.characters["joe"].mounted = True
    after, punch = play(state, FightRequest("ike", "joe", "punch"), 5, 1)
    assert "Joe falls off the horse, stunned." in punch.changes
    joe = after.characters["joe"]
    assert joe.stunned and joe.lying and not joe.mounted


def test_a_kick_on_an_already_wounded_man():
    """SB 411-415: a kick hits on 7; 8-0 is Serious: with a Light wound already, shock is on 3 or less."""
    state = brawl()
    state.characters["joe"].wounds = [Severity.LIGHT]
    after, kick = play(state, FightRequest("ike", "joe", "kick"), 7, 8, 4)
    assert titles(kick) == [("Kick to hit", 7, "Hit"), ("Kick damage", 8, "Serious"), ("Shock", 4, "Stays up")]
    assert after.characters["joe"].hits == 1


def test_club_and_knife_wound_for_real_and_must_be_carried():
    """SB 417-427: a club hits on 5 (0 Critical), a knife on 7 (9-0 Critical)."""
    state = brawl()
    after, club = play(state, FightRequest("ike", "joe", "club"), 5, 10, 6)
    assert titles(club)[1] == ("Club damage", 10, "Critical") and after.characters["joe"].hits == 3
    after, knife = play(state, FightRequest("ike", "joe", "knife"), 7, 6, 3)
    assert titles(knife)[1:] == [("Knife damage", 6, "Serious"), ("Shock", 3, "Stays up")]
    assert after.characters["joe"].wounds == [Severity.SERIOUS]
    with pytest.raises(RulesError, match="carries no knife"):
        play(state, FightRequest("joe", "ike", "knife"), 7)


def test_a_grapple_is_a_double_action_that_overpowers():
    """SB 165, 429-441: GRAPPLE is a double action, 7 to hit; "the target has been overpowered and can be
    disarmed or disabled"."""
    state = brawl()
    state.characters["joe"].guns[0].drawn = True
    up(state, "ike")
    disarmed, grapple = play(state, FightRequest("ike", "joe", "grapple"), 7)
    assert disarmed.characters["joe"].guns == [] and disarmed.characters["ike"].actions == 0
    assert "drops pistol .45" in " ".join(grapple.changes)
    disabled, _ = play(state, FightRequest("ike", "joe", "grapple", then="disable"), 9)
    assert disabled.characters["joe"].out == "overpowered" and "joe" not in disabled.to_come
    state, _ = play(state, ActRequest("ike", "walk"))
    with pytest.raises(RulesError, match="both actions"):
        play(state, FightRequest("ike", "joe", "grapple"), 7)


def test_getting_up_is_a_roll_over_the_wounds():
    """SB 387: "Roll > number of wounds to try and get up each move": a failed try ends the card (see
    docs/rulings.md); a stunned man does nothing else."""
    state = brawl()
    joe = state.characters["joe"]
    joe.wounds, joe.stunned, joe.lying = [Severity.LIGHT, Severity.LIGHT], True, True
    up(state, "joe")
    with pytest.raises(RulesError, match="stunned"):
        play(state, ActRequest("joe", "walk"))
    down, failed = play(state, GetUpRequest("joe"), 2)
    assert titles(failed) == [("Getting up", 2, "Stays down")]
    assert down.characters["joe"].stunned and down.characters["joe"].actions == 0
    risen, _ = play(state, GetUpRequest("joe"), 3)
    assert not risen.characters["joe"].stunned and not risen.characters["joe"].lying
    assert risen.characters["joe"].actions == 1


def test_sprinting_is_a_difficult_action():
    """SB 179-189: sprinting is difficult: a d10 plus the rating (the shooting skill, see docs/rulings.md); a
    total of 1-3 falls over, not stunned. A cowboy (0) falls on 3."""
    state = brawl()
    fallen, sprint = play(state, ActRequest("joe", "sprint"), 3)
    assert titles(sprint) == [("Difficult action: sprinting", 3, "Fallen over")]
    joe = fallen.characters["joe"]
    assert joe.lying and not joe.stunned
    ran, _ = play(state, ActRequest("joe", "sprint"), 4)
    assert ran.characters["joe"].gait is Gait.SPRINT and not ran.characters["joe"].lying
    _, run = play(state, ActRequest("joe", "run"))
    assert run.readings == ()
    _, bad = play(state, ActRequest("joe", "run", bad_going=True), 9)
    assert titles(bad) == [("Difficult action: running in bad going", 9, "Made it")]


def test_falling_off_a_horse_stuns():
    """SB 189: "Characters falling off a horse are stunned, others not"; a gunslinger (+2) falls on a 1."""
    state = game()
    cast(state, "Kid", "gunslinger", 1, mounted="yes")
    safe, _ = play(state, ActRequest("kid", "gallop"), 2)
    assert safe.characters["kid"].mounted
    thrown, _ = play(state, DifficultRequest("kid", "jumping a fence"), 1)
    kid = thrown.characters["kid"]
    assert not kid.mounted and kid.stunned and kid.lying


def test_wounds_reduce_the_maximum_move():
    """SB 391: "Each wound ... reduces max move": a step of the movement table each (see docs/rulings.md)."""
    state = brawl()
    state.characters["joe"].wounds = [Severity.LIGHT, Severity.LIGHT]
    with pytest.raises(RulesError, match="no more than a walk"):
        play(state, ActRequest("joe", "run"))
    play(state, ActRequest("joe", "walk"))


def test_lying_crawling_standing():
    """SB 155-157: CRAWL, STAND and LIE are single actions; one crawls lying down (see docs/rulings.md)."""
    state = brawl()
    with pytest.raises(RulesError, match="LIE down to crawl"):
        play(state, ActRequest("joe", "crawl"))
    state, _ = play(state, ActRequest("joe", "lie"))
    state, _ = play(state, ActRequest("joe", "crawl"))
    with pytest.raises(RulesError, match="STAND first"):
        play(state, ActRequest("joe", "walk"))
    state, _ = play(state, ActRequest("joe", "stand"))
    assert state.characters["joe"].gait is Gait.CRAWL and not state.characters["joe"].lying
