"""Wounds (SH 54-61), the special abilities that touch them (SH 112-113, 119), and horses (SH 83-90)."""

import pytest

from bot.rules.core.errors import RulesError
from bot.rules.shootist.brawl import BrawlRequest
from bot.rules.shootist.moves import MountRequest, MoveRequest
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.shooting import ShootRequest
from bot.rules.shootist.state import Status
from bot.rules.shootist.wounds import LOCATION

from .table import Dice, act, dealt, dies, game, titles


def duel(ann=None, bob=None):
    return dealt(game(("Ann", 1, ann or {}), ("Bob", 2, bob or {})), 6, 2)


@pytest.mark.parametrize("value, title", [(1, "Head"), (2, "Chest"), (6, "Chest"), (7, "Spare Arm"),
                                          (8, "Shoot Arm"), (9, "Leg"), (10, "Leg")])
def test_the_location_table(value, title):
    """SH 56-61: 1 Head, 2-6 Chest, 7 Spare Arm, 8 Shoot Arm, 9-10 Leg."""
    assert LOCATION.read(value).title == title


def test_a_head_hit_is_instant_death_and_ends_the_game():
    """SH 57: "Instant death"; with one side left standing the game is over (see docs/rulings.md)."""
    state, result = act(duel(), ShootRequest("ann", "bob", hexes=4), 6, 5, 1)
    assert state.characters["bob"].status is Status.DEAD
    assert "Bob is dead (a hit in the head)." in result.changes
    assert "Only Ann is left standing: the game is over." in result.changes
    assert SHOOTIST.advance(state, None).title == "Turn 1 is over"
    assert SHOOTIST.deal(state, None).title == "The game is over"


def test_a_chest_wound_kills_when_the_d6_is_below_the_wounds_received():
    """SH 58: "-1 to dodge. Roll D6. If D6 < total number of wounds received, then the shootist is dead"."""
    state = duel()
    state.characters["bob"].wounds = ["leg", "spare_arm"]
    state, result = act(state, ShootRequest("ann", "bob", hexes=4), 6, 5, 4, 3)
    assert titles(result)[-2:] == ["Chest", "Alive"]
    state = duel()
    state.characters["bob"].wounds = ["leg", "spare_arm", "chest"]
    state, result = act(state, ShootRequest("ann", "bob", hexes=4), 6, 5, 4, 3)
    assert titles(result)[-1] == "Dead" and state.characters["bob"].status is Status.DEAD


def test_wound_modifiers_step_the_dice():
    """SH 58-61: a chest wound is -1 to dodge, the shoot arm -1 to draw, shoot and brawl."""
    state = duel(bob={"dodge": "D10"})
    state.characters["ann"].wounds = ["shoot_arm"]
    state.characters["bob"].wounds = ["chest", "chest"]
    _, result = act(state, ShootRequest("ann", "bob", hexes=4), 1, 1)
    assert dies(result) == [6, 6]
    assert "-2 chest wounds" in result.readings[1].dice_reason
    state = game(("Ann", 1, {}), ("Bob", 2, {}))
    state.characters["ann"].wounds = ["shoot_arm"]
    step = SHOOTIST.deal(state, Dice(6, 2))
    assert step.faces == ("d6:6:ann", "d8:2:bob")


def test_a_tough_guy_ignores_wound_modifiers():
    """SH 113: "Skills (shoot, draw, brawl, dodge) are not affected by wounds"."""
    state = duel(ann={"abilities": "Tough Guy"})
    state.characters["ann"].wounds = ["shoot_arm"]
    _, result = act(state, ShootRequest("ann", "bob", hexes=4), 1, 1)
    assert dies(result)[0] == 8


def test_thick_skin_ignores_the_first_hit():
    """SH 112: "Resistant to wounds. Ignore 1st hit"."""
    state, result = act(duel(bob={"abilities": "Thick Skin"}), ShootRequest("ann", "bob", hexes=4), 6, 5)
    assert state.characters["bob"].wounds == [] and "Bob has a Thick Skin: the 1st hit is ignored." in result.changes
    dealt(state, 6, 2)
    state, result = act(state, ShootRequest("ann", "bob", hexes=4), 6, 5, 9)
    assert state.characters["bob"].wounds == ["leg"]


def test_the_lawmans_star():
    """SH 119: "On a hit in the chest, roll a D6. If 1, the bullet bounces off the sherrif's star"."""
    state, result = act(duel(bob={"abilities": "Lawman"}), ShootRequest("ann", "bob", hexes=4), 6, 5, 3, 1)
    assert titles(result)[-1] == "1" and state.characters["bob"].wounds == []
    state, result = act(duel(bob={"abilities": "Lawman"}), ShootRequest("ann", "bob", hexes=4), 6, 5, 3, 2, 6)
    assert state.characters["bob"].wounds == ["chest"]


def test_both_arms_hit_cannot_shoot_or_brawl():
    """SH 59-60: "If both arms are hit, shootist is unable to shoot or brawl"."""
    state = duel()
    state.characters["ann"].wounds = ["spare_arm", "shoot_arm"]
    with pytest.raises(RulesError, match="unable to shoot"):
        act(state, ShootRequest("ann", "bob", hexes=4))
    with pytest.raises(RulesError, match="unable to brawl"):
        act(state, BrawlRequest("ann", "bob"))


def test_legs_limit_movement():
    """SH 61: a leg wound limits movement to one hex; both legs, only orientation."""
    state = duel()
    state.characters["ann"].wounds = ["leg"]
    with pytest.raises(RulesError, match="limited to one hex"):
        act(state, MoveRequest("ann", 2))
    state, _ = act(state, MoveRequest("ann", 1))
    state = duel()
    state.characters["ann"].wounds = ["leg", "leg"]
    with pytest.raises(RulesError, match="only change orientation"):
        act(state, MoveRequest("ann", 1))
    state, result = act(state, MoveRequest("ann", 0))
    assert state.characters["ann"].moved, "turning counts as moving (SH 15)"


def test_the_dragoon_does_double_damage():
    """SH 25: "Double damage on hit location" read as two wounds there (see docs/rulings.md)."""
    state, result = act(duel(ann={"weapons": "Dragoon"}), ShootRequest("ann", "bob", hexes=4), 6, 5, 9)
    assert state.characters["bob"].wounds == ["leg", "leg"]


def test_a_mounted_shootist_wounded_rolls_his_ride_die():
    """SH 88: "If roll <= number of wounds of shootist and horse, he falls off the horse"."""
    state, result = act(duel(bob={"horse": "yes", "ride": "D6"}), ShootRequest("ann", "bob", hexes=4), 6, 5, 9, 1)
    assert titles(result)[-1] == "Falls off"
    assert dies(result)[-1] == 6
    assert not state.characters["bob"].horse.mounted
    state, result = act(duel(bob={"horse": "yes"}), ShootRequest("ann", "bob", hexes=4), 6, 5, 9, 2)
    assert titles(result)[-1] == "Stays in the saddle" and state.characters["bob"].mounted


def test_shooting_a_horse():
    """SH 89-90: a horse dodges with a D4 and has 6 wounds; one away from its rider runs D4 hexes when shot at."""
    state = duel(bob={"horse": "yes"})
    state.characters["bob"].horse.mounted = False
    state, result = act(state, ShootRequest("ann", "bob", hexes=4, at_horse=True), 3, 5, 2)
    assert [r.label for r in result.readings] == ["Horse shot at", "Shot: shoot die", "Shot: Bob's horse dodges"]
    assert dies(result) == [4, 8, 4]
    assert "Bob's horse runs 3 hexes away from Ann." in result.changes
    assert state.characters["bob"].horse.wounds == 1
    state.characters["bob"].horse.wounds = 5
    dealt(state, 6, 2)
    state, result = act(state, ShootRequest("ann", "bob", hexes=4, at_horse=True), 1, 5, 2)
    assert "Bob's horse is dead." in result.changes


def test_mounted_shooting_and_moving():
    """SH 85-87: up to 6 hexes on a horse; "-1 if horse moves upto 2 hexes; no shooting if horse moves more than
    2 hexes"; mounting is a full move; SH 28: a rifle from a horse is an extra -1 (-2 moving)."""
    state = duel(ann={"horse": "yes", "weapons": "Winchester", "shoot": "D10"})
    with pytest.raises(RulesError, match="more than 2 hexes"):
        act(state, ShootRequest("ann", "bob", hexes=8, move=3))
    _, result = act(state, ShootRequest("ann", "bob", hexes=8, move=2), 1, 1)
    assert "-1 horse moving, -2 rifle from a horse moving → D4" in result.readings[0].dice_reason
    _, result = act(state, ShootRequest("ann", "bob", hexes=8), 1, 1)
    assert dies(result)[0] == 8
    state, _ = act(state, MoveRequest("ann", 6))
    state = duel(ann={"horse": "yes"})
    state, result = act(state, MountRequest("ann", mount=False))
    assert "Ann dismounts: a full move." in result.changes
    assert not state.characters["ann"].mounted
