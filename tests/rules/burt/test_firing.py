"""Firing (SB 193-391): the roll to hit with every modifier, the second die past 10, the jam and the roll to
unjam, the Hits table by calibre, the four hits, and the shock roll."""

import pytest

from bot.rules.burt.charts import Severity
from bot.rules.burt.firing import AimRequest, FireRequest, UnjamRequest
from bot.rules.burt.moves import ActRequest
from bot.rules.burt.state import Gait
from bot.rules.core.errors import RulesError

from .game import cast, game, play, titles, up


def shootout():
    """Bob, a cowboy with a rifle (drawn: a long arm), and Ann, a gunslinger with a holstered pistol."""
    state = game()
    cast(state, "Bob", "cowboy", 1, weapons="rifle")
    cast(state, "Ann", "gunslinger", 2, weapons="pistol .45")
    return state


def test_a_snapshot_at_short_range_needs_a_six_for_a_cowboy():
    """SB 197-221, 171-173, 243-245: Short is 5; a cowboy adds 0; a FIRE with no AIM is a Snapshot, -1.
    A 5 scores 4: a miss; a 6 scores 5: a hit, rolled on the .45 row (SB 363-371) and then for shock (SB 385)."""
    state = shootout()
    _, missed = play(state, FireRequest("bob", "ann", distance=40), 5)
    assert titles(missed) == [("To hit", 5, "Miss")]
    assert missed.readings[0].base == ("Short range", 5)
    assert missed.readings[0].adjustments == (("Snapshot", -1),)
    after, hit = play(state, FireRequest("bob", "ann", distance=40), 6, 5, 2)
    assert titles(hit) == [("To hit", 6, "Hit"), ("Hit: the .45 row", 5, "Light"), ("Shock", 2, "Stays up")]
    assert after.characters["ann"].wounds == [Severity.LIGHT] and not after.characters["ann"].stunned


def test_aims_before_a_shot():
    """SB 173-175, 283-285: one AIM takes off the Snapshot; each AIM after the first +1, max 2; a fourth AIM is
    refused. A gunslinger (+2) with three AIMs at medium range (7) needs a 3."""
    state = shootout()
    for _ in range(3):
        state, _ = play(state, AimRequest("bob", "ann"))
    with pytest.raises(RulesError, match="3 times"):
        play(state, AimRequest("bob", "ann"))
    assert state.characters["bob"].aims == 3
    _, shot = play(state, FireRequest("bob", "ann", band="medium"), 5, 1, 6)
    assert shot.readings[0].adjustments == (("2 AIMs after the first", 2),)
    assert titles(shot)[0] == ("To hit", 5, "Hit")


def test_aims_must_be_consecutive_and_at_the_target():
    """SB 175: "they must be consecutive actions": another action between loses them, and so does firing at
    someone else (see docs/rulings.md)."""
    state = shootout()
    cast(state, "Cy", "cowboy", 3)
    state, _ = play(state, AimRequest("bob", "ann"))
    state, _ = play(state, ActRequest("bob", "walk"))
    assert state.characters["bob"].aims == 0
    state, _ = play(state, AimRequest("bob", "ann"))
    state, _ = play(state, AimRequest("bob", "ann"))
    _, shot = play(state, FireRequest("bob", "cy", band="short"), 2)
    assert ("Snapshot", -1) in shot.readings[0].adjustments


def test_motion_mounts_wounds_and_visibility_all_count():
    """SB 231-281, 391: target running -1, firer walking -1, soft cover halves 50% (-2) to -1, each wound -1.
    A lawman (+1) with one AIM at short range (5), with all of these, needs 5 - 1 + 4 = 8."""
    state = game()
    cast(state, "Lee", "lawman", 1, weapons="carbine")
    cast(state, "Ned", "desperado", 2)
    state.characters["lee"].wounds = [Severity.LIGHT]
    state, _ = play(state, ActRequest("ned", "run"))
    state, _ = play(state, ActRequest("lee", "walk"))
    state, _ = play(state, AimRequest("lee", "ned"))
    _, shot = play(state, FireRequest("lee", "ned", distance=20, visible=50, soft_cover=True), 7)
    assert shot.readings[0].adjustments == (
        ("Lawman's shooting skill", 1), ("1 wound", -1), ("Target running", -1), ("Firer walking", -1),
        ("Target only 50% visible (waist and up, soft cover)", -1))
    assert titles(shot) == [("To hit", 7, "Miss")]


def test_firer_mounted_and_stationary():
    """SB 247-249: -1 for a firer on a horse that has not moved."""
    state = game()
    cast(state, "Kid", "desperado", 1, weapons="carbine", mounted="yes")
    cast(state, "Ann", "gunslinger", 2)
    _, shot = play(state, FireRequest("kid", "ann", band="point blank"), 2)
    assert ("Firer mounted and stationary", -1) in shot.readings[0].adjustments


def test_a_roll_over_ten_takes_a_ten_and_the_second_die():
    """SB 303-311: at long range (9) a cowboy's snapshot at a galloping target (-3) needs 13: a 10, then 9-0."""
    state = shootout()
    state.characters["ann"].mounted, state.characters["ann"].gait = True, Gait.GALLOP
    _, missed = play(state, FireRequest("bob", "ann", distance=120), 10, 8)
    assert titles(missed) == [("To hit", 10, "10: roll again"), ("Second die", 8, "Miss")]
    _, hit = play(state, FireRequest("bob", "ann", distance=120), 10, 9, 1, 6)
    assert titles(hit)[:2] == [("To hit", 10, "10: roll again"), ("Second die", 9, "Hit")]
    _, short = play(state, FireRequest("bob", "ann", distance=120), 9)
    assert titles(short) == [("To hit", 9, "Miss")]


def test_fourteen_and_more_need_a_ten_then_a_ten():
    """SB 311: "14+ 0"."""
    state = shootout()
    state.characters["ann"].mounted, state.characters["ann"].gait = True, Gait.GALLOP
    _, shot = play(state, FireRequest("bob", "ann", distance=120, visible=25), 10, 9)
    assert titles(shot) == [("To hit", 10, "10: roll again"), ("Second die", 9, "Miss")]


def test_a_one_jams_and_unjamming_is_an_action():
    """SB 313-319: a 1 jams the weapon (and misses); UNJAM: 2,3 try again, 4-6 OK, 1 permanently jammed."""
    state = shootout()
    state, jam = play(state, FireRequest("bob", "ann", distance=5), 1)
    assert titles(jam) == [("To hit", 1, "Jammed")] and state.characters["bob"].guns[0].jammed
    with pytest.raises(RulesError, match="jammed: UNJAM"):
        play(state, FireRequest("bob", "ann", distance=5), 8)
    state, again = play(state, UnjamRequest("bob"), 3)
    assert titles(again) == [("Unjam", 3, "Try again")] and state.characters["bob"].guns[0].jammed
    cleared, ok = play(state, UnjamRequest("bob"), 4)
    assert not cleared.characters["bob"].guns[0].jammed
    broken, _ = play(state, UnjamRequest("bob"), 1)
    assert broken.characters["bob"].guns[0].broken
    with pytest.raises(RulesError, match="permanently jammed"):
        play(broken, FireRequest("bob", "ann", distance=5), 8)


def test_a_gun_must_be_drawn_and_in_range():
    """SB 155: DRAW is an action; SB 63-125: nothing past long range."""
    state = shootout()
    with pytest.raises(RulesError, match="not drawn"):
        play(state, FireRequest("ann", "bob", distance=10), 5)
    state, _ = play(state, ActRequest("ann", "draw"))
    with pytest.raises(RulesError, match="beyond a pistol's long range"):
        play(state, FireRequest("ann", "bob", distance=51), 5)


def test_a_shotgun_reads_the_hits_table_by_range():
    """SB 343-381: a shotgun's row is its range: at point blank 8,9 is Critical, 3 hits; the shock roll is then
    stunned on 3 or less (SB 385)."""
    state = game()
    cast(state, "Doc", "gunslinger", 1, weapons="shotgun")
    cast(state, "Ike", "cowboy", 2)
    after, shot = play(state, FireRequest("doc", "ike", distance=3), 4, 8, 3)
    assert titles(shot) == [("To hit", 4, "Hit"), ("Hit: the Shotgun, PB row", 8, "Critical"),
                            ("Shock", 3, "Falls over stunned")]
    ike = after.characters["ike"]
    assert ike.hits == 3 and ike.stunned and ike.lying


def test_dead_and_four_hits():
    """SB 329, 361: a 0 on the .45 row is Dead; "Each character can take 4 hits": a fourth puts him out, and his
    card leaves the deck."""
    state = shootout()
    up(state, "bob")
    dead, shot = play(state, FireRequest("bob", "ann", distance=40), 9, 10)
    assert titles(shot)[1] == ("Hit: the .45 row", 10, "Dead")
    assert dead.characters["ann"].out == "dead" and "ann" not in dead.to_come
    state.characters["ann"].wounds = [Severity.CRITICAL]
    after, shot = play(state, FireRequest("bob", "ann", distance=40), 9, 3)
    assert after.characters["ann"].out == "dead" and after.characters["ann"].hits == 4
    assert "Ann has taken 4 hits, all a character can take: dead." in shot.changes
    with pytest.raises(RulesError, match="dead"):
        play(after, FireRequest("bob", "ann", distance=40), 9)


def test_each_wound_deducts_one_from_shooting():
    """SB 391: "Each wound deducts 1 from shooting"."""
    state = shootout()
    state.characters["bob"].wounds = [Severity.LIGHT, Severity.SERIOUS]
    _, shot = play(state, FireRequest("bob", "ann", distance=40), 7)
    assert shot.readings[0].adjustments == (("2 wounds", -2), ("Snapshot", -1))
    assert titles(shot) == [("To hit", 7, "Miss")]


@pytest.mark.parametrize("gait, modifier", [(Gait.WALK, ("Firer walking", -1)), (Gait.TROT, ("Firer trotting", -2)),
                                            (Gait.CANTER, ("Firer cantering", -3)),
                                            (Gait.GALLOP, ("Firer galloping", -4))])
def test_a_mounted_firer_in_motion(gait, modifier):
    """SB 251-265: the firer's own motion, on horseback."""
    state = game()
    cast(state, "Kid", "desperado", 1, weapons="carbine", mounted="yes")
    cast(state, "Ann", "gunslinger", 2)
    state.characters["kid"].gait = gait
    _, shot = play(state, FireRequest("kid", "ann", band="short"), 2)
    assert modifier in shot.readings[0].adjustments
    assert ("Firer mounted and stationary", -1) not in shot.readings[0].adjustments


def test_a_second_gun_while_the_first_is_jammed_and_the_22_row_never_kills():
    """SB 313, 343-351: a derringer of .22 reads the .22 row, whose 0 is Critical, not Dead."""
    state = game()
    cast(state, "Doc", "gunslinger", 1, weapons="pistol .45, derringer")
    cast(state, "Ike", "cowboy", 2)
    for gun in state.characters["doc"].guns:
        gun.drawn = True
    state, _ = play(state, FireRequest("doc", "ike", distance=3), 1)
    assert state.characters["doc"].guns[0].jammed
    with pytest.raises(RulesError, match="pistol .45 is jammed"):
        play(state, FireRequest("doc", "ike", distance=3), 5)
    after, shot = play(state, FireRequest("doc", "ike", distance=3, weapon="derringer"), 5, 10, 6)
    assert shot.headline == "Doc fires a derringer .22 at Ike"
    assert titles(shot)[1] == ("Hit: the .22 row", 10, "Critical") and after.characters["ike"].hits == 3
