"""Guns and other weapons (Reel 4, the Weapons Table), Main Street, holding and responding, and
terrain and movement (Reel 3), one scenario a procedure, with the dice written out."""

import pytest

from bot.rules.core.replay import KEEP
from bot.rules.qotd.actions import decide, perform
from bot.rules.qotd.checks import HoldRequest, TestRequest
from bot.rules.qotd.fighting import Defence, FightRequest
from bot.rules.qotd.shooting import Cover, DrawRequest, ReloadRequest, ShotRequest, ShotType
from bot.rules.qotd.state import Carried, Condition, RulesError, WeaponCondition

from .scripted import Dice
from .test_actions import HERO, MINOR, SUPPORTING, game, keeping, person, titles


def gun(state, who="doc", index=0):
    return state.characters[who].weapons[index]


def labels(result):
    return [r.label for r in result.readings]


# Guns and other weapons ----------------------------------------------------------------------------

def test_reloaded_if_any_1s_are_thrown_reads_every_die():
    """1462-1468: revolving cartridge arms are reloaded "if any 1s are thrown": a 1 on the die a
    Hero's 2D10 take best leaves still empties the revolver, though the kept 9 hits."""
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state, result = perform(state, ShotRequest("doc", "kid", paces=6), Dice(7, 3, 9, 1, 5))
    assert titles(result) == ["Shoot at the Enemy!", "Gotcha!", "1 Hit"]
    assert state.characters["kid"].casualty
    assert (gun(state).loaded, gun(state).condition) == (0, WeaponCondition.EMPTY)
    assert "A 1 was thrown: the Single action revolver must be reloaded." in result.changes


def test_any_1s_on_the_kept_die_only_is_a_game_setting():
    """1462-1468, the other reading (a game setting): only the kept die counts, so the 1 left
    aside costs nothing and the revolver has five shots left."""
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state.settings.every_die_thrown = False
    state, _ = perform(state, ShotRequest("doc", "kid", paces=6), Dice(7, 3, 9, 1, 5))
    assert (gun(state).loaded, gun(state).condition) == (6, WeaponCondition.READY)


def test_a_misfire_reads_every_die_thrown():
    """1734-1735, 1764-1765: a percussion weapon misfires "if a 1 is rolled": the 1 beside the kept 8
    stops the shot, and a muzzle-loader then needs re-priming."""
    state = game(person("doc", HERO, weapons=("smoothbore_pistol",)), person("kid", MINOR, owner=2))
    state, result = keeping(state, ShotRequest("doc", "kid", paces=4), Dice(7, 3, 8, 1))
    assert titles(result) == ["Shoot at the Enemy!", "Gotcha!"]
    assert gun(state).condition is WeaponCondition.UNPRIMED
    assert not state.characters["kid"].lost


def test_one_barrels_misfire_does_not_cancel_the_others():
    """1833-1837 with 1734: both barrels of a flintlock sawn-off (3D10, all can score): the barrel
    that misfires on a 2 does not fire, the other two hit (see docs/rulings.md)."""
    doc = person("doc", HERO, weapons=())
    doc.weapons = [Carried("sawn_off", "FLINTLOCK", loaded=2)]
    state = game(doc, person("sam", SUPPORTING, owner=2))
    request = ShotRequest("doc", "sam", paces=8, shot=ShotType.BOTH_BARRELS, cover=Cover.LIGHT)
    state, result = perform(state, request, Dice(7, 3, 2, 7, 8, 10, 10))
    assert labels(result)[2:] == ["Effect of hit 1 of 2", "Effect of hit 2 of 2"]
    assert any("One barrel of the Sawn-off shotgun misfires on a 2" in c for c in result.changes)
    assert gun(state).loaded == 0


def test_cap_and_ball_revolvers_count_their_shots():
    """1783-1786: an improved cap and ball revolver has "5 or 6 shots", counted down: a deliberate
    shot spends one, a snap shot two, and it is reloaded when they are spent."""
    state = game(person("doc", HERO, weapons=("cap_and_ball_revolver",)), person("kid", MINOR, owner=2))
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=6), Dice(7, 3, 4, 3))
    assert gun(state).loaded == 5
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=6, shot=ShotType.SNAP), Dice(7, 3, 4, 3))
    assert (gun(state).loaded, gun(state).condition) == (3, WeaponCondition.READY)


def test_a_pepperpot_blasts_every_chamber_on_a_1():
    """1771-1777: on a 1 every shot goes off in one blast: 3D10 as hasty shots that may all hit the
    target, and the shooter tests on the Effect of Hits chart; the pepperpot is then empty."""
    state = game(person("doc", HERO, weapons=("pepperpot",)), person("sam", SUPPORTING, owner=2))
    # to hit [6, 1]: blast 3D10 [7, 8, 2]; the shooter's effect [10, 9] at DV 0: Graze;
    # two hasty hits on Sam (DV 2): [10] Near Miss each
    state, result = keeping(state, ShotRequest("doc", "sam", paces=6), Dice(7, 3, 6, 1, 7, 8, 2, 10, 9, 10, 10))
    assert labels(result)[2:] == ["Every chamber at once", "The blast: effect on the shooter",
                                  "Effect of hit 1 of 2", "Effect of hit 2 of 2"]
    assert ("Hit by a hasty shot or hasty attack", 2) in result.readings[4].adjustments
    assert (gun(state).loaded, gun(state).condition) == (0, WeaponCondition.EMPTY)


def test_the_harmonica_rifle_is_cast_unloaded_with_two_slides():
    """1921-1925: it cannot be carried loaded; the character carries two preloaded slides of 5 shots
    and loads one before shooting; with both used it cannot be reloaded."""
    carried = Carried.ready("harmonica_rifle")
    assert (carried.condition, carried.loaded, carried.slides) == (WeaponCondition.EMPTY, 0, 2)
    doc = person("doc", HERO, weapons=())
    doc.weapons = [carried]
    state = game(doc, person("kid", MINOR, owner=2))
    with pytest.raises(RulesError, match="reload first"):
        perform(state, ShotRequest("doc", "kid", paces=6), Dice())
    state, _ = perform(state, ReloadRequest("doc"), Dice(7, 2))
    assert (gun(state).loaded, gun(state).slides) == (5, 1)
    gun(state).loaded, gun(state).condition = 0, WeaponCondition.EMPTY
    state, _ = perform(state, ReloadRequest("doc"), Dice(7, 2))
    gun(state).loaded, gun(state).condition = 0, WeaponCondition.EMPTY
    with pytest.raises(RulesError, match="no preloaded slide left"):
        perform(state, ReloadRequest("doc"), Dice())


def test_dropped_dynamite_does_not_hit_the_target():
    """1286-1289, 1715-1716: a 1 to hit drops the stick: the target takes no hit, whatever the other
    dice, and the thrower tests for injury."""
    state = game(person("doc", HERO, weapons=("dynamite",)), person("kid", MINOR, owner=2))
    state, result = keeping(state, ShotRequest("doc", "kid", paces=6), Dice(7, 3, 1, 8, 9, 10, 10))
    assert labels(result)[2:] == ["Dropped it! Effect on the thrower"]
    assert not state.characters["kid"].lost
    assert gun(state).condition is WeaponCondition.GONE


def test_a_short_throw_deviates():
    """1296-1298, 1717: on 2-4 the dynamite falls short: roll 1D10 for deviation."""
    state = game(person("doc", HERO, weapons=("dynamite",)), person("kid", MINOR, owner=2))
    state, result = keeping(state, ShotRequest("doc", "kid", paces=6), Dice(7, 3, 3, 2, 4, 6))
    assert labels(result)[2:] == ["It falls short: deviation"]
    assert titles(result)[-1] == "Go left"


def test_a_fuse_lit_on_a_1_explodes():
    """1397-1399, 1714-1715: dynamite is cast with its fuse to light; lighting it on a 1 explodes it
    prematurely: the thrower tests for injury from the blast rather than losing a card outright."""
    doc = person("doc", HERO, weapons=())
    doc.weapons = [Carried.ready("dynamite")]
    assert doc.weapons[0].condition is WeaponCondition.EMPTY
    state = game(doc, person("kid", MINOR, owner=2))
    state, result = keeping(state, ReloadRequest("doc"), Dice(1, 1, 10, 10))
    assert labels(result) == ["Needing to reload or restring", "It went off early! Effect on the thrower"]
    assert gun(state).condition is WeaponCondition.GONE


def test_spears_break_and_lassos_tangle_on_a_1():
    """1262-1266: Damn It! breaks a spear or javelin and entangles a net, lasso, bolas or whip."""
    state = game(person("doc", HERO, weapons=("thrown", "entangling")), person("kid", MINOR, owner=2))
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=6, weapon="thrown"), Dice(7, 3, 1, 1))
    assert gun(state, index=0).condition is WeaponCondition.BROKEN
    state, _ = keeping(state, ShotRequest("doc", "kid", paces=6, weapon="entangling"), Dice(7, 3, 1, 1))
    assert gun(state, index=1).condition is WeaponCondition.TANGLED
    state, _ = perform(state, ReloadRequest("doc"), Dice(7, 2))       # the broken spear is passed over
    assert gun(state, index=1).condition is WeaponCondition.READY
    with pytest.raises(RulesError, match="is broken"):
        perform(state, ReloadRequest("doc", "thrown"), Dice())


def test_whips_are_always_hasty():
    """1723: a whip is treated as a hasty shot, whatever shot is asked for."""
    state = game(person("doc", HERO, weapons=("whip",)), person("kid", MINOR, owner=2))
    state, result = perform(state, ShotRequest("doc", "kid", paces=2), Dice(7, 3, 8, 2, 1))
    assert "(hasty, 2 paces)" in result.headline
    assert ("Hit by a hasty shot or hasty attack", 2) in result.readings[2].adjustments


def test_thrown_weapons_are_deliberate_or_aimed_only():
    """1692-1699: spears, javelins, nets, lassos and bolas are thrown deliberately or aimed; knives and
    rocks may be thrown hastily."""
    state = game(person("doc", HERO, weapons=("thrown", "entangling", "throwing_knife")),
                 person("kid", MINOR, owner=2))
    for weapon in ("thrown", "entangling"):
        with pytest.raises(RulesError, match="deliberate or aimed shots only"):
            perform(state, ShotRequest("doc", "kid", paces=6, weapon=weapon, shot=ShotType.HASTY), Dice())
        with pytest.raises(RulesError, match="deliberate or aimed shots only"):
            perform(state, ShotRequest("doc", "kid", paces=6, weapon=weapon, moved=True), Dice())
    state, result = perform(state, ShotRequest("doc", "kid", paces=6, weapon="throwing_knife",
                                               shot=ShotType.HASTY), Dice(7, 3, 8, 2, 1))
    assert titles(result)[:2] == ["Shoot at the Enemy!", "Gotcha!"]


def test_a_jam_cleared_on_a_10_may_load_at_once():
    """1422-1435: Rapid Reload! clears the jam and the character may load or shoot: the weapon is
    cleared and loaded in the one turn (see docs/rulings.md)."""
    state = game(person("doc", HERO, weapons=("breech_loading_rifle",)), person("kid", MINOR, owner=2))
    gun(state).condition, gun(state).loaded = WeaponCondition.JAMMED, 0
    state, result = perform(state, ReloadRequest("doc"), Dice(10, 3))
    assert (gun(state).condition, gun(state).loaded) == (WeaponCondition.READY, 1)
    assert "Rapid Reload! It may load at once." in result.changes


def test_after_a_1_clearing_a_jam_further_attempts_use_reduced_dice():
    """1381-1396: failing to unjam on a 1 makes any further attempt use reduced action dice; once
    cleared, the next jam is cleared with the character's own dice again."""
    state = game(person("doc", HERO, weapons=("breech_loading_rifle",)), person("kid", MINOR, owner=2))
    gun(state).condition, gun(state).loaded = WeaponCondition.JAMMED, 0
    state, _ = keeping(state, ReloadRequest("doc"), Dice(1, 1))
    assert gun(state).condition is WeaponCondition.JAMMED
    state, result = keeping(state, ReloadRequest("doc"), Dice(6))
    assert result.readings[0].dice_reason.startswith("reduced dice 1D10 (the last attempt to clear it")
    assert gun(state).condition is WeaponCondition.EMPTY and not gun(state).reduced_clearing


def test_shotgun_hits_can_be_spread_to_others_nearby():
    """1302-1311: more than 1 hit from a shotgun may be spread to opponents within 1 pace: the second
    hit falls on the one named; a revolver's hits cannot be spread."""
    doc = person("doc", HERO, weapons=("sawn_off", "single_action_revolver"))
    before = game(doc, person("kid", MINOR, owner=2), person("ike", MINOR, owner=2))
    request = ShotRequest("doc", "kid", paces=4, shot=ShotType.BOTH_BARRELS, spread=("ike",))
    state, result = perform(before, request, Dice(7, 3, 7, 8, 2, 5, 5))
    assert labels(result)[2:] == ["Effect of hit 1 of 2", "Effect of hit 2 of 2 (spread to Ike)"]
    assert state.characters["kid"].casualty and state.characters["ike"].casualty
    with pytest.raises(RulesError, match="cannot be spread"):
        perform(before, ShotRequest("doc", "kid", weapon="single_action_revolver", spread=("ike",)), Dice())


def test_an_aimed_shot_needs_a_turn_spent_aiming():
    """1213-1214: an aimed shot needs a turn spent aiming (a basic action, no roll); the aim is used
    by the shot, and moving spoils it."""
    state = game(person("doc", HERO), person("kid", MINOR, owner=2), person("ike", MINOR, owner=2))
    with pytest.raises(RulesError, match="needs a turn spent aiming"):
        perform(state, ShotRequest("doc", "kid", shot=ShotType.AIMED), Dice())
    state, result = perform(state, ShotRequest("doc", "kid", aim=True), Dice())
    assert not result.readings and Condition.AIMING in state.characters["doc"].conditions
    state, result = perform(state, ShotRequest("doc", "kid", shot=ShotType.AIMED), Dice(7, 3, 8, 2, 5))
    assert ("Hit by an aimed shot", -1) in result.readings[2].adjustments
    assert Condition.AIMING not in state.characters["doc"].conditions
    state, _ = perform(state, ShotRequest("doc", "ike", aim=True), Dice())
    state, _ = keeping(state, TestRequest("doc", "move"), Dice(7, 3))
    assert Condition.AIMING not in state.characters["doc"].conditions


def test_a_bow_reloaded_moving_quickly_uses_reduced_dice():
    """1689-1690: a bow reloads moving slowly; moving quickly with reduced dice unless an expert rider."""
    state = game(person("doc", HERO, weapons=("bow",)), person("ike", HERO, owner=2, weapons=("bow",),
                                                                  traits=[("expert", "riding")]))
    for who in ("doc", "ike"):
        gun(state, who).condition, gun(state, who).loaded = WeaponCondition.EMPTY, 0
    state, result = perform(state, ReloadRequest("doc", moving=True), Dice(7, 2))
    assert result.readings[0].dice_reason == "Hero: 2D10 take best"
    gun(state).condition = WeaponCondition.EMPTY
    state, result = keeping(state, ReloadRequest("doc", quickly=True), Dice(7))
    assert result.readings[0].dice_reason == "reduced dice 1D10 (reloading while moving quickly)"
    state, result = perform(state, ReloadRequest("ike", quickly=True), Dice(7, 2))
    assert result.readings[0].dice_reason == "Hero: 2D10 take best"


# Main Street, holding, responding --------------------------------------------------------------------

@pytest.mark.parametrize("weapon", ["long_pistol", "le_mat"])
def test_quickdraw_refuses_a_long_pistol_and_the_le_mat(weapon):
    """1794-1795, 1828-1829: long pistols and the Le-Mat cannot be drawn and fired in the same turn."""
    state = game(person("doc", HERO, weapons=(weapon,)), person("kid", MINOR, owner=2))
    with pytest.raises(RulesError, match="cannot be drawn and fired"):
        perform(state, DrawRequest("doc", "kid", paces=10), Dice())


def test_cautious_responds_to_a_draw_with_reduced_dice():
    """197: a Cautious character uses reduced dice for every responding test, a draw's too; drawing
    first is not responding."""
    state = game(person("doc", HERO, personality="cautious"), person("kid", MINOR, owner=2))
    state, result = keeping(state, DrawRequest("doc", "kid", paces=10, responding=True), Dice(3))
    assert result.readings[0].dice_reason == "reduced dice 1D10 (Cautious)"
    state, result = keeping(state, DrawRequest("doc", "kid", paces=10), Dice(3, 2))
    assert result.readings[0].dice_reason == "Hero: 2D10 take best"


def test_quick_draw_rerolls_a_failed_response_to_a_draw():
    """347, 1224: a Quick Draw can re-roll their action to draw and fire, responding to a draw too."""
    state = game(person("doc", SUPPORTING, traits=["quick_draw"]), person("kid", MINOR, owner=2))
    state, result = perform(state, DrawRequest("doc", "kid", paces=10, responding=True), Dice(3))
    assert [r.key for r in result.decision.rights] == ["quick_draw"]


def test_a_character_holds_once_a_phase_and_cannot_act_normally_while_holding():
    """867-868: holding is once a phase, and a holder cannot play on: they respond to an opportunity
    first; responding ends the hold, and the character cannot hold again this phase."""
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state, _ = perform(state, HoldRequest("doc"), Dice())
    for request in (ShotRequest("doc", "kid"), TestRequest("doc", "move"), ReloadRequest("doc"),
                    FightRequest("doc", "kid"), DrawRequest("doc", "kid", paces=10)):
        with pytest.raises(RulesError, match="is holding"):
            perform(state, request, Dice())
    state, _ = keeping(state, TestRequest("doc", "respond_opportunity"), Dice(7, 3))
    with pytest.raises(RulesError, match="held once this phase"):
        perform(state, HoldRequest("doc"), Dice())
    state, result = perform(state, ShotRequest("doc", "kid", responding=True), Dice(8, 2, 5))
    assert titles(result) == ["Gotcha!", "1 Hit"]


def test_a_holder_attacked_may_still_respond_with_a_hasty_shot():
    """867-868, 874-875: a holder may respond to an attack if they have a card remaining: the hasty
    shot of that response is not a normal action."""
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state, _ = perform(state, HoldRequest("doc"), Dice())
    # Kid attacks: Wanting to Attack [7]; Doc responds [6, 2] with a hasty shot: to hit [8, 3],
    # effect on Kid [3] at DV 1 (point blank -1, hasty +2): 1 Hit, and Kid is down
    state, result = keeping(state, FightRequest("kid", "doc", defence=Defence.HASTY_SHOT), Dice(7, 6, 2, 8, 3, 3))
    assert titles(result)[:3] == ["Attack the Enemy!", "Respond", "Gotcha!"]
    assert state.characters["kid"].casualty


def test_a_holder_responds_to_a_draw_on_main_street():
    """1578-1579: a character holding may respond to an opponent drawing; the hold ends."""
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state, _ = perform(state, HoldRequest("doc"), Dice())
    state, result = perform(state, DrawRequest("doc", "kid", paces=10, responding=True), Dice(7, 2, 8, 2, 3))
    assert titles(result)[0] == "Shoot that Smoke Wagon!"
    assert Condition.HOLDING not in state.characters["doc"].conditions


def test_quick_reactions_give_a_reroll_of_that_shot():
    """909-913: a 10 responding to an opportunity lets the character re-roll the dice of the attack or
    shot they respond with, for that action only."""
    state = game(person("doc", SUPPORTING), person("kid", MINOR, owner=2))
    state, _ = perform(state, HoldRequest("doc"), Dice())
    state, _ = perform(state, TestRequest("doc", "respond_opportunity"), Dice(10))
    state, result = perform(state, ShotRequest("doc", "kid", responding=True), Dice(3))
    assert [r.key for r in result.decision.rights] == ["quick_reactions"]
    state, _ = decide(state, KEEP, Dice())
    state, result = perform(state, ShotRequest("doc", "kid", responding=True), Dice(3))
    assert result.decision is None


def test_drawing_a_weapon_gives_plus_1_as_a_game_setting():
    """2256-2257 against 1218-1219: by default a shot drawn and fired is hasty (+2); the other reading
    (a game setting) gives the DV table's +1 for an opponent drawing; a Quick Draw ignores either."""
    state = game(person("doc", SUPPORTING), person("kid", MINOR, owner=2))
    state.settings.drawing_is_hasty = False
    state, result = perform(state, DrawRequest("doc", "kid", paces=10), Dice(7, 8, 3))
    assert result.readings[2].adjustments == (("Hit by opponent Drawing weapon on this turn", 1),)


def test_quick_draw_ignores_the_drawing_penalty_when_fighting():
    """347-349, 2256-2257: hit by an opponent drawing a weapon this turn raises the DV by 1, in a fight
    too; a Quick Draw ignores it."""
    state = game(person("doc", SUPPORTING, weapons=("knife",)), person("ike", SUPPORTING, weapons=("knife",),
                                                                    traits=["quick_draw"]),
                 person("kid", MINOR, owner=2))
    drawing = ("Hit by opponent Drawing weapon on this turn", 1)
    _, result = keeping(state, FightRequest("doc", "kid", drawing=True), Dice(7, 7, 3))
    assert result.readings[-1].adjustments == (drawing,)
    _, result = keeping(state, FightRequest("ike", "kid", drawing=True), Dice(7, 7, 3))
    assert result.readings[-1].adjustments == ()


# Terrain and movement --------------------------------------------------------------------------------

@pytest.mark.parametrize("chart, face", [("move_snow", 1), ("move_swamp", 1)])
def test_falling_over_in_snow_and_going_under_in_a_swamp_foul_the_weapons(chart, face):
    """653-660, 703-712: Fall Over! (snow or sand) and Glug! Glug! (swamp) leave the weapons to be
    cleared with an Action test before they can be used."""
    state = game(person("doc", SUPPORTING, weapons=("single_action_revolver", "knife")),
                 person("kid", MINOR, owner=2))
    state, result = keeping(state, TestRequest("doc", chart, bad_going=True), Dice(face))
    assert gun(state).condition is WeaponCondition.FOULED
    with pytest.raises(RulesError, match="needs clearing"):
        perform(state, ShotRequest("doc", "kid"), Dice())
    state, _ = perform(state, ReloadRequest("doc"), Dice(6))
    assert (gun(state).condition, gun(state).loaded) == (WeaponCondition.READY, 6)


def test_a_fall_in_the_ruins_tests_for_injury_on_a_1():
    """758-761: Fall Over! in ruins: roll again; on a 1 test for injury as if hit by a low impact weapon."""
    state = game(person("doc", SUPPORTING), person("kid", MINOR, owner=2))
    state, result = keeping(state, TestRequest("doc", "move_ruins", bad_going=True), Dice(1, 1, 1))
    assert labels(result)[1:] == ["Roll again: injured on a 1", "Falls: test for injury"]
    assert titles(result)[1] == "Injured!"
    assert result.readings[2].adjustments == (("Hit by a Light Impact weapon or an improvised weapon", 1),)
    assert len(state.characters["doc"].lost) == 2


def test_caution_danger_ahead_in_bad_going_falls_and_tests_for_injury():
    """537-539: Caution – Danger Ahead! in bad going: fall over and test for injury."""
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state, result = keeping(state, TestRequest("doc", "move", bad_going=True), Dice(1, 1, 10, 10))
    assert labels(result)[1:] == ["Falls: test for injury"]


def test_a_second_move_in_a_phase_uses_reduced_dice():
    """435-437: a character who moves on a second or later card of the phase tests with reduced dice;
    the bot keeps track, and a new phase starts afresh."""
    state = game(person("doc", HERO), person("kid", MINOR, owner=2))
    state, result = keeping(state, TestRequest("doc", "move"), Dice(7, 3))
    assert result.readings[0].dice_reason == "Hero: 2D10 take best"
    state, result = keeping(state, TestRequest("doc", "move"), Dice(7))
    assert result.readings[0].dice_reason == "reduced dice 1D10 (a second move this phase)"
    state.shuffle(__import__("random").Random(3))
    state, result = keeping(state, TestRequest("doc", "move"), Dice(7, 3))
    assert result.readings[0].dice_reason == "Hero: 2D10 take best"
