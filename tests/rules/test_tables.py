"""The reference tables of Reels 2, 3, 4, 6 and 7 against the book, typed afresh from its pages."""

import pytest

from bot.rules.core.dice import Dice, Keep
from bot.rules.qotd.beasts import ANIMALS, KILL_HITS, MOUNT_STAMINA
from bot.rules.qotd.dv import (ADJUSTMENTS, ARMOUR, CONSTRUCTIONS, LOOPHOLE_DV, VDV, VEHICLE_ADJUSTMENTS,
                               shield_counts)
from bot.rules.qotd.traits import COMBAT_SKILLS, GENERAL_SKILLS, PERSONALITIES, SKILLS, TraitKind
from bot.rules.qotd.weapons import (MOVES, WEAPONS, Fire, Ignition, Impact, Reach, Reload, fire_dice,
                                    reduced_fire_dice)


def rows(table: str) -> list[list[str]]:
    """A typed table: one row a line, cells split on "|"."""
    return [[cell.strip() for cell in line.split("|")] for line in table.strip().splitlines()]


# Reel 2 -----------------------------------------------------------------------------------------

TRAITS = """
personality | Academic | A Very Clever Person
personality | Brave | Made of stern stuff
personality | Bloodthirsty | Always finishes their foe off
personality | Cautious | Holds back
personality | Charismatic | An absolute Charmer
personality | Disciplined | Calm under Pressure
personality | Dominant | Expects to be obeyed
personality | Fanatic | No concern for personal safety
personality | Fearsome | Someone to be Feared
personality | Heroic | Puts the objectives and safety of others before their own
personality | Lucky | Beats the odds
personality | Natural Leader | An inspiration
personality | Ordinary | The average person
personality | Proud | Always stands and fights
personality | Quick Witted | Sharp
personality | Rash | Acts before thinking
personality | Ruthless | Prepared to sacrifice others to achieve his goals
general | Ambidextrous | Even Handed
general | Athletic | Natural Poise
general | Good in a particular skill | Knows their stuff
general | Fleet Footed | Runs Like the Wind
general | Frail | Resistant to Recovery
general | Healer | Saw Bones
general | Lumbering | Moves slowly
general | Poor in a particular skill | Inept
general | Sixth Sense | Can sense danger
general | Stealthy | A Shadow
general | Strong | Muscleman
general | Surefooted | Moves like a Cat
general | Tough | Resilient to injury
combat | Brawler | Close in Fighter
combat | Fighter or Expert with a particular weapon | None Better
combat | Man Killer | Just Deadly
combat | Marksman | Eagle Eyed
combat | Martial Artist | Lethal Hands and Feet
combat | Off Handed | Southpaw
combat | Poor fighter | Untrained
combat | Poor shot | No use at shooting
combat | Quick Draw | Greased Lightning
combat | Two Fisted | Hard Hitter
combat | Two Weapon Trained | Tricky to Fight
"""
KINDS = {"personality": PERSONALITIES, "general": GENERAL_SKILLS, "combat": COMBAT_SKILLS}


@pytest.mark.parametrize("kind", KINDS)
def test_every_trait_in_the_books_order(kind):
    typed = [(name, nickname) for k, name, nickname in rows(TRAITS) if k == kind]
    assert [(t.name, t.nickname) for t in KINDS[kind].values()] == typed
    assert {t.kind for t in KINDS[kind].values()} == {TraitKind[kind.upper()]}


def test_trait_counts_and_details():
    assert (len(PERSONALITIES), len(GENERAL_SKILLS), len(COMBAT_SKILLS)) == (17, 13, 11)
    assert SKILLS == {**GENERAL_SKILLS, **COMBAT_SKILLS}
    detailed = {k for k, t in {**PERSONALITIES, **SKILLS}.items() if t.takes_detail}
    assert detailed == {"academic", "good_in", "poor_in", "expert"}
    assert all(t.key == k and t.effect for k, t in {**PERSONALITIES, **SKILLS}.items())


# key | type | reach | blunt (Reel 2 combat weapons, and "Fists etc")
COMBAT = """
knife | fighting | close |
tomahawk | fighting | short |
hand_axe | fighting | short |
bowie_knife | fighting | short |
club | fighting | short | blunt
clubbed_pistol | fighting | short | blunt
clubbed_shoulder_arm | fighting | medium | blunt
two_handed_weapon | fighting | medium |
sword | fighting | medium |
sabre | fighting | medium |
chained_weapon | fighting | medium |
bayonet | fighting | long |
spear | fighting | long |
lance | fighting | long |
improvised_short | improvised | short |
improvised_club | improvised | short | blunt
improvised_medium | improvised | medium |
improvised_two_handed_club | improvised | medium | blunt
improvised_long | improvised | long |
fists | fists | close | blunt
light_club | fists | close | blunt
"""


@pytest.mark.parametrize("key, category, reach, blunt", rows(COMBAT))
def test_combat_weapons(key, category, reach, blunt):
    weapon = WEAPONS[key]
    assert (weapon.category, weapon.reach, weapon.range, weapon.fire) == (category, Reach[reach.upper()], 0,
                                                                           Fire.FIGHTING)
    assert (weapon.blunt, weapon.lethal, weapon.improvised) == (bool(blunt), not blunt, category == "improvised")
    assert (weapon.shots, weapon.reload) == (0, Reload.NONE)


def test_armour_and_shield():
    assert ARMOUR == {"none": 0, "minimal": 1, "armour": 2, "heavy": 3}
    assert LOOPHOLE_DV == 4  # the "DV 3+" column
    assert [shield_counts(c, g) for c, g in ((True, True), (False, False), (False, True))] == [True, True, False]


# Reel 3 -----------------------------------------------------------------------------------------

def test_moves():
    book = {4: "swimming climbing crawling", 6: "lumbering heavily_laden", 8: "on_foot laden_animal cart",
            10: "fleet_footed wagon", 12: "coach", 16: "mounted motor_vehicle", 24: "railroad_engine"}
    assert MOVES == {who: paces for paces, movers in book.items() for who in movers.split()}


# Reel 4 -----------------------------------------------------------------------------------------

# key | range | impact | close impact up to paces | shots | reload | fire (normal shot, both barrels)
MISSILES = """
bow | 24 | light | normal 12 | 1 | every_shot | single
thrown | 10 | normal | | 1 | recover | single
throwing_knife | 8 | light | | 1 | recover | single
rock | 8 | light | | 1 | recover | single
entangling | 8 | light | | 1 | recoil | single
dynamite | 8 | high | | 1 | every_shot | multi
whip | 3 | light | | 1 | recoil | single
single_action_revolver | 12 | normal | | 6 | on_ones | single
double_action_revolver | 12 | normal | | 6 | on_ones | single
automatic_pistol | 12 | normal | | 7 | on_ones | single
smoothbore_pistol | 8 | normal | | 1 | every_shot | single
rifled_pistol | 10 | normal | | 1 | every_shot | single
pepperpot | 8 | normal | | 6 | when_empty | single
cap_and_ball_revolver | 10 | normal | | 6 | when_empty | single
cap_and_ball_preloaded | 10 | normal | | 6 | when_empty | single
walker_colt | 10 | high | | 6 | when_empty | single
long_pistol | 16 | normal | | 6 | on_ones | single
long_cap_and_ball | 16 | normal | | 6 | when_empty | single
long_muzzle_loading_pistol | 16 | normal | | 1 | every_shot | single
derringer | 8 | light | | 2 | when_empty | single double
le_mat | 12 | normal | | 9 | on_ones | single
le_mat_shotgun | 6 | high | | 1 | every_shot | double
sawn_off | 12 | normal | high 6 | 2 | when_empty | double multi
double_barrelled | 20 | normal | | 2 | when_empty | single double
double_barrelled_muzzle_loader | 20 | normal | | 2 | when_empty | single double
blunderbuss | 12 | normal | high 6 | 1 | every_shot | multi
volley_gun | 18 | normal | high 6 | 1 | every_shot | multi
repeating_shotgun | 20 | high | | 5 | on_ones | single
repeating_rifle | 36 | normal | | 15 | on_ones | single
repeating_carbine | 24 | normal | | 12 | on_ones | single
smoothbore_musket | 24 | normal | | 1 | every_shot | single
smoothbore_carbine | 18 | normal | | 1 | every_shot | single
rifled_musket | 36 | normal | | 1 | every_shot | single
rifled_carbine | 24 | normal | | 1 | every_shot | single
fowling_piece | 36 | light | | 1 | every_shot | single
early_breech_loader | 36 | normal | | 1 | every_shot | single
harmonica_rifle | 36 | normal | | 5 | when_empty | single
revolving_rifle | 36 | normal | | 6 | when_empty | single
breech_loading_rifle | 36 | normal | | 1 | every_shot | single
breech_loading_carbine | 24 | normal | | 1 | every_shot | single
sharps_big_50 | 36 | high | | 1 | every_shot | single
"""


@pytest.mark.parametrize("key, paces, impact, close, shots, reload, fire", rows(MISSILES))
def test_weapons_table(key, paces, impact, close, shots, reload, fire):
    weapon = WEAPONS[key]
    assert (weapon.range, weapon.impact, weapon.shots, weapon.reload) == (int(paces), Impact[impact.upper()],
                                                                         int(shots), Reload[reload.upper()])
    normal, *both = (Fire[f.upper()] for f in fire.split())
    assert (weapon.fire, weapon.both_barrels) == (normal, both[0] if both else None)
    if close:
        near, within = close.split()
        assert (weapon.impact_at(1), weapon.impact_at(int(within))) == (Impact[near.upper()],) * 2
        assert weapon.impact_at(int(within) + 1) is weapon.impact
    else:
        assert weapon.impact_at(1) is weapon.impact_at(weapon.range) is weapon.impact


def test_every_weapon_is_typed():
    assert {r[0] for r in rows(MISSILES)} | {r[0] for r in rows(COMBAT)} == set(WEAPONS)


BOOK_ROWS = """
Bows | Thrown | Hurled | Stick of dynamite or Black Power Bomb | Whips
Cartridge: Most handguns including Automatic & Double Action | Muzzle-loading smoothbore/rifled pistol
Pepperpot or early revolving pistols | Improved Cap and Ball revolving pistols | 'Long' Pistols
Hold outs or 'Personal Protectors' eg Derringers | French Shotgun pistols e.g. Le-Mat | Sawn-off shotgun
Double-Barrelled or Sporting Gun | Blunderbuss | Multi-Barrelled muzzle-loading – e.g. Volley Gun
Lever or pump action shotguns | Most repeating, Lever, Pump action or magazine rifles or rifled carbine
Muzzle-loading smoothbore/rifle musket or carbine | Sporting Gun or Fowling Piece | Early breech loading rifles
Slide or “Harmonica” rifles | Early revolving shoulder arms | Single shot Breach Loading rifles/carbines
"""


def test_every_row_of_the_weapons_table():
    missiles = {w.row for w in WEAPONS.values() if w.range}
    assert missiles == {cell for line in rows(BOOK_ROWS) for cell in line}


# key | ignitions allowed (default first) | own misfire numbers | jams on | blasts on
FIREARMS = """
smoothbore_pistol | percussion flintlock | | |
rifled_pistol | percussion flintlock | | |
long_muzzle_loading_pistol | percussion flintlock | | |
derringer | cartridge percussion flintlock | | |
sawn_off | cartridge percussion flintlock | | |
double_barrelled_muzzle_loader | percussion flintlock | | |
blunderbuss | percussion flintlock | | |
volley_gun | percussion flintlock | | |
smoothbore_musket | percussion flintlock | | |
rifled_carbine | percussion flintlock | | |
single_action_revolver | cartridge | | |
repeating_rifle | cartridge | | |
sharps_big_50 | cartridge | | |
pepperpot | percussion | 3 | 2 | 1
revolving_rifle | percussion | 3 | 2 | 1
cap_and_ball_revolver | percussion | 2 | 1 |
long_cap_and_ball | percussion | 2 | 1 |
cap_and_ball_preloaded | percussion | 2 3 | 1 |
early_breech_loader | percussion | 2 | 1 |
harmonica_rifle | percussion | 2 | 1 |
"""
BY_IGNITION = {"flintlock": {1, 2}, "percussion": {1}, "cartridge": set()}


@pytest.mark.parametrize("key, ignitions, own, jams, blasts", rows(FIREARMS))
def test_misfires_and_jams(key, ignitions, own, jams, blasts):
    weapon = WEAPONS[key]
    assert weapon.ignitions == tuple(Ignition[i.upper()] for i in ignitions.split())
    for ignition in ignitions.split():
        expected = {int(n) for n in own.split()} or BY_IGNITION[ignition]
        assert weapon.misfires(ignition) == weapon.misfires(Ignition[ignition.upper()]) == expected
    assert weapon.misfires() == weapon.misfires(weapon.ignitions[0])
    assert (weapon.jam_on, weapon.blast_on) == ({int(n) for n in jams.split()}, {int(n) for n in blasts.split()})


def test_an_ignition_the_weapon_lacks_is_refused():
    with pytest.raises(ValueError):
        WEAPONS["repeating_rifle"].misfires("flintlock")
    assert WEAPONS["bow"].misfires() == WEAPONS["knife"].misfires() == frozenset()


def test_weapon_rules_from_the_notes():
    def keys(flag):
        return {k for k, w in WEAPONS.items() if getattr(w, flag)}
    assert keys("difficult_reload") == {"pepperpot", "cap_and_ball_revolver", "walker_colt", "long_cap_and_ball",
                                        "volley_gun", "revolving_rifle"}
    assert {k for k, w in WEAPONS.items() if not w.draw_and_fire} == {
        "long_pistol", "long_cap_and_ball", "long_muzzle_loading_pistol", "le_mat", "le_mat_shotgun"}
    assert keys("fan") == {"single_action_revolver", "cap_and_ball_revolver", "cap_and_ball_preloaded",
                           "walker_colt", "long_pistol", "long_cap_and_ball"}
    chambers = {"pepperpot", "cap_and_ball_revolver", "cap_and_ball_preloaded", "walker_colt", "long_cap_and_ball",
                "revolving_rifle"}
    assert keys("snap") == {k for k, w in WEAPONS.items() if w.reload is Reload.ON_ONES} | chambers | {
        "harmonica_rifle"}
    shoulder = {k for k, w in WEAPONS.items() if w.category == "shoulder arm"}
    assert keys("stationary_reload") == shoulder | {
        "smoothbore_pistol", "rifled_pistol", "long_muzzle_loading_pistol", "double_barrelled_muzzle_loader",
        "blunderbuss", "volley_gun"}
    assert {k for k, w in WEAPONS.items() if w.range and not w.lethal} == {"rock", "entangling"}
    assert {w.category for w in WEAPONS.values() if w.range} == {
        "non-gunpowder", "explosive", "handgun", "shotgun", "shoulder arm"}


# Action dice by form of attack: Fighting | Single | Double | Multi | Burst ("2D10 High" is take best)
FIRE_DICE = """
lead    | 2D10 High | 2D10 High | 2D10 and both can score | 3D10 and all can score | 4D10 and all can score
support | 1D10 | 1D10 | 2D10 High | 2D10 and both can score | 3D10 and all can score
"""
REDUCED = """
lead    | 1D10 | 1D10 | 2D10 High | 2D10 and both can score | 3D10 and all can score
support | 2D10 Low | 2D10 Low | 1D10 | 2D10 High | 2D10 and both can score
"""


def book_dice(text: str) -> Dice:
    count = int(text[0])
    keep = Keep.WORST if "Low" in text else Keep.ALL if "score" in text else Keep.BEST
    return Dice(count, keep)


@pytest.mark.parametrize("table, roll", [(FIRE_DICE, fire_dice), (REDUCED, reduced_fire_dice)])
def test_fire_dice_every_cell(table, roll):
    for tier, *cells in rows(table):
        assert [roll(tier, fire) for fire in Fire] == [book_dice(cell) for cell in cells]


# Reel 6 -----------------------------------------------------------------------------------------

DV_TABLE = """
-2 | target | Defenceless or helpless
-2 | attacker | Shot by a Marksman
-2 | attacker | Hit by any explosive weapon, such as a grenade, ball or shell, grape or dynamite
-2 | attacker | Hit by a bulls eye shot or deadly blow
-2 | attacker | Hit by a Man Killer
-1 | target | Shot at point blank range (1 pace)
-1 | target | Made an All Out Attack on their turn
-1 | attacker | Hit by a High Impact weapon
-1 | attacker | Hit by an Expert with a particular type of weapon
-1 | attacker | Hit by a character with a longer reach weapon
-1 | attacker | Hit by an aimed shot
-1 | attacker | Hit by a character riding a mount
-1 | attacker | Hit by a character charging in or following up
-1 | attacker | Hit in close combat by a Fighter, Brawler or one with martial arts skill
-1 | attacker | Hit by a Mighty Blow
-1 | attacker | Hit by a character rated as Two Weapon trained or by the fists of a character who is two fisted
-1 | attacker | Hit with a Blunt Weapon by a character who is strong
-1 | attacker | Hit by a character who is off handed
+1 | target | Shot while Moving quickly or in light cover
+1 | target | Stealthy and shot
+1 | target | Using a shield when hit in close combat or by a non-gunpowder weapon
+1 | target | Wearing Armour
+1 | attacker | Hit by a Light Impact weapon or an improvised weapon
+1 | attacker | Hit by opponent Drawing weapon on this turn
+1 | attacker | Hit by a snap shot
+2 | target | Shot while evading or in dense or hard cover or lying prone
+2 | target | Making a block defence
+2 | target | Behind defences in combat
+2 | attacker | Hit by a hasty shot or hasty attack
+2 | attacker | Hit by a character who fanned their revolver
+2 | attacker | Hit by a character who is On the Back Foot
+2 | attacker | Hit by a shot fired from the shooter’s wrong hand
"""
VDV_TABLE = """
-2 | attacker | Shot by a Marksman
-2 | attacker | Hit by a deadly blow or by a bulls eye shot
-1 | attacker | Hit by a High Impact weapon or big explosive device
-1 | attacker | Hit by an Expert with a particular type of weapon
-1 | attacker | Hit by an aimed shot
-1 | target | In collision with a larger object or vehicle or whilst moving quickly
+1 | target | Vehicle is moving very fast
+1 | attacker | Hit by a Light Impact weapon
+1 | attacker | Hit by small arms
+1 | attacker | Attacked in Mêlée
+2 | attacker | Hit by a shooter who was making hasty shots or firing off handed
+2 | attacker | Hit by a character who is On the Back Foot in close combat
+2 | attacker | Hit by an improvised weapon
"""


@pytest.mark.parametrize("table, typed", [(ADJUSTMENTS, DV_TABLE), (VEHICLE_ADJUSTMENTS, VDV_TABLE)])
def test_every_bullet_with_its_delta_and_side(table, typed):
    assert {(a.reason, a.delta, a.side) for a in table.values()} == {
        (reason, int(delta), side) for delta, side, reason in rows(typed)}
    assert all(key == a.key for key, a in table.items())


@pytest.mark.parametrize("keys", ["bulls_eye deadly_blow", "moving_quickly light_cover",
                                  "evading dense_cover hard_cover prone", "hasty_shot hasty_attack"])
def test_a_bullet_of_several_situations_has_a_key_for_each(keys):
    assert len({ADJUSTMENTS[k].reason for k in keys.split()}) == 1


def test_vehicle_defence_values():
    assert VDV == {"none": 0, "light": 1, "robust": 2, "strong": 3}
    assert CONSTRUCTIONS["robust"] == "Normal Armour or Robust Construction" and set(CONSTRUCTIONS) == set(VDV)


# Reel 7 -----------------------------------------------------------------------------------------

# key | speed (land, water) | DV | attack dice | attack | traits | high impact | poison
ANIMAL_TYPES = """
herbivore | 16 | 0 | 2 | Hooves and horns | | |
buffalo | 16 | 1 | 2 | Hooves and horns | | |
large_cat | 16 | 0 | 2 | Teeth and/or claws | fearsome surefooted stealthy | high |
dog | 12 | 0 | 2 | Teeth | fearsome sixth_sense | |
alligator | 12 16 | 2 | 2 | Teeth and/or claws | fearsome stealthy | high |
grizzly | 16 | 2 | 2 | Teeth and/or claws | fearsome strong | high |
snake | 8 | 0 | 1 | Bite and poison or crush | stealthy | | poison
"""


@pytest.mark.parametrize("key, speed, dv, dice, attack, traits, high, poison", rows(ANIMAL_TYPES))
def test_animal_types(key, speed, dv, dice, attack, traits, high, poison):
    animal = ANIMALS[key]
    land, *water = (int(s) for s in speed.split())
    assert (animal.speed, animal.water_speed, animal.dv, animal.attack_dice) == (land, *(water or [None]),
                                                                                int(dv), int(dice))
    assert (animal.attack, animal.traits, animal.high_impact, animal.poison) == (attack, tuple(traits.split()),
                                                                                 bool(high), bool(poison))
    assert set(animal.traits) <= set(PERSONALITIES) | set(SKILLS)
    assert animal.kill_hits == 2


def test_herds_and_hits():
    assert list(ANIMALS) == [r[0] for r in rows(ANIMAL_TYPES)]
    assert all("Herd mentality" in ANIMALS[k].special for k in ("herbivore", "buffalo"))
    assert KILL_HITS == {"horse": 2, "elephant": 4, "larger": 6}
    assert MOUNT_STAMINA == {"horse": 2, "camel": 2, "elephant": 4}
