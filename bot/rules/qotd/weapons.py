"""Reel 4's Weapons Table and action dice by form of attack, Reel 2's combat weapons, Reel 3's moves.

Each entry is one weapon as the bot uses it; ``row`` names the book's row it comes from, so a
row the book gives for several weapons (cartridge handguns, muskets or carbines) is several
entries. Notes are short summaries in our own words.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.dice import Dice, Keep


class Impact(enum.Enum):
    """A weapon's impact: light raises the target's DV by 1, high lowers it by 1."""

    LIGHT = "light"
    NORMAL = "normal"
    HIGH = "high"


class Ignition(enum.Enum):
    """Firearm ignition; flintlocks misfire on 1-2, percussion caps on 1, cartridges never."""

    NONE = "none"
    FLINTLOCK = "flintlock"
    PERCUSSION = "percussion"
    CARTRIDGE = "cartridge"


IGNITION_MISFIRES = {
    Ignition.NONE: frozenset(),
    Ignition.FLINTLOCK: frozenset({1, 2}),
    Ignition.PERCUSSION: frozenset({1}),
    Ignition.CARTRIDGE: frozenset(),
}
"""The to-hit die values that misfire, by ignition (Reel 4, Firearms)."""


class Fire(enum.Enum):
    """The columns of Reel 4's action dice by form of attack, left to right."""

    FIGHTING = "a melee or improvised weapon, or fists"
    SINGLE = "a thrown weapon, bow, single shot firearm or one barrel of a double"
    DOUBLE = "both barrels of a double, one barrel of a sawn off, or snap shots"
    MULTI = ("a blunderbuss, both barrels of a sawn off, a multi-barrelled weapon, a fused "
             "grenade or dynamite, artillery ball, a hand cranked MG burst, or fanning")
    BURST = ("grape shot, a keg of powder or bundle of dynamite, shell or case shot, or a "
             "burst from an automatic weapon")


class Reload(enum.Enum):
    """When a missile weapon must be reloaded (Reel 4, Reloading Weapons)."""

    EVERY_SHOT = "after every shot"
    WHEN_EMPTY = "when every barrel or shot is fired"
    ON_ONES = "when any 1 is thrown"
    RECOVER = "replaced or recovered after each throw"
    RECOIL = "recoiled or recovered after each use"
    NONE = "never"


class Reach(enum.Enum):
    """A fighting weapon's reach (Reel 2); the longer reach lowers the defender's DV by 1."""

    CLOSE = "close"
    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"


@dataclass(frozen=True)
class Weapon:
    """One weapon: the Weapons Table's range, impact and notes, and the reloading rules.

    ``misfire_on``, ``jam_on`` and ``blast_on`` are the weapon's own to-hit numbers; an empty
    ``misfire_on`` means the ignition decides (:meth:`misfires`). ``fire`` is the column of a
    normal shot; ``both_barrels`` the column for firing two barrels at once.
    """

    key: str
    name: str
    category: str
    row: str
    range: int = 0
    impact: Impact = Impact.NORMAL
    close_impact: Impact | None = None
    close_range: int = 0
    ignitions: tuple[Ignition, ...] = (Ignition.NONE,)
    misfire_on: frozenset[int] = frozenset()
    jam_on: frozenset[int] = frozenset()
    blast_on: frozenset[int] = frozenset()
    shots: int = 0
    reload: Reload = Reload.NONE
    difficult_reload: bool = False
    fire: Fire = Fire.FIGHTING
    both_barrels: Fire | None = None
    snap: bool = False
    fan: bool = False
    draw_and_fire: bool = True
    stationary_reload: bool = False
    slides: int = 0
    """Preloaded slides carried; the weapon cannot be carried loaded (a harmonica rifle)."""
    breaks: bool = False
    """Breaks on a 1 to hit (spears, javelins and the like)."""
    deliberate_only: bool = False
    """Thrown with deliberate or aimed shots only."""
    hasty_only: bool = False
    """Every shot is a hasty shot (a whip)."""
    reload_moving_slowly: bool = False
    """Reloads moving slowly; moving quickly with reduced dice unless an expert rider (a bow)."""
    spreads: bool = False
    """Several hits may be spread to others near the target (shotguns and explosions, 1302-1311)."""
    reach: Reach | None = None
    lethal: bool = True
    blunt: bool = False
    improvised: bool = False
    notes: str = ""

    def ignition(self, name: Ignition | str = "") -> Ignition:
        """The ignition named (by value or name, any case); empty means the weapon's default."""
        if isinstance(name, Ignition):
            chosen = name
        elif not name:
            return self.ignitions[0]
        else:
            chosen = next((i for i in Ignition if name.casefold() in (i.value, i.name.casefold())), None)
        if chosen not in self.ignitions:
            raise ValueError(f"a {self.name} is not {chosen.value if chosen else name}")
        return chosen

    def misfires(self, ignition: Ignition | str = "") -> frozenset[int]:
        """The to-hit die values on which the weapon misfires with that ignition."""
        return self.misfire_on or IGNITION_MISFIRES[self.ignition(ignition)]

    def impact_at(self, paces: int) -> Impact:
        """The impact at a range: the close impact up to ``close_range`` paces."""
        if self.close_impact is not None and paces <= self.close_range:
            return self.close_impact
        return self.impact


MUZZLE = (Ignition.PERCUSSION, Ignition.FLINTLOCK)
"""Flintlock or percussion muzzle-loaders; percussion is the default for 1830 onwards."""
ANY = (Ignition.CARTRIDGE, Ignition.PERCUSSION, Ignition.FLINTLOCK)
CARTRIDGE = (Ignition.CARTRIDGE,)
CAP = (Ignition.PERCUSSION,)
LIGHT, NORMAL, HIGH = Impact.LIGHT, Impact.NORMAL, Impact.HIGH
UNDER_6 = {"impact": NORMAL, "close_impact": HIGH, "close_range": 6}
"""High impact under 6 paces, normal over 6."""
REVOLVER = {"shots": 6, "reload": Reload.ON_ONES, "fire": Fire.SINGLE, "snap": True}
"""Revolving or repeating cartridge arms: reload when any 1 is thrown; may make snap shots."""
CHAMBERS = {**REVOLVER, "reload": Reload.WHEN_EMPTY}
"""Cap and ball and early revolving arms: "5 or 6 shots", counted down and reloaded when spent."""
SINGLE_SHOT = {"shots": 1, "reload": Reload.EVERY_SHOT, "fire": Fire.SINGLE}
DOUBLE = {"shots": 2, "reload": Reload.WHEN_EMPTY, "fire": Fire.SINGLE, "both_barrels": Fire.DOUBLE}
"""Two barrels, reloaded when both are fired."""
RECOVERED = {"shots": 1, "reload": Reload.RECOVER, "fire": Fire.SINGLE}
CAP_AND_BALL = {"misfire_on": frozenset({2}), "jam_on": frozenset({1}), "difficult_reload": True}
"""Improved cap and ball: misfires on 2, jams on 1, difficult to reload."""
EARLY_REVOLVING = {"ignitions": CAP, "misfire_on": frozenset({3}), "jam_on": frozenset({2}),
                   "blast_on": frozenset({1}), "difficult_reload": True, **CHAMBERS}
"""Pepperpots and early revolving arms: misfire on 3, jam on 2, a 1 fires every chamber."""
EARLY_REVOLVING_NOTES = ("5 or 6 shots. A jam needs 5+ to clear. On a 1 every shot goes off in one "
                         "blast: roll 3D10 as hasty shots (the target may take several hits) and test "
                         "the Effects of Hits chart for the shooter. Reduced dice to reload.")
BREECH_JAM = {"ignitions": CAP, "misfire_on": frozenset({2}), "jam_on": frozenset({1}),
              "stationary_reload": True}
"""Early percussion breech-loaders and harmonica rifles: misfire on 2, jam on 1."""


def _table(category: str, row: str, *entries: tuple) -> list[Weapon]:
    """Weapons of one book row: (key, name, range, options) each; shotguns and explosives spread their hits."""
    return [Weapon(key, name, category, row, range=paces, **{"spreads": category in SPREADING, **options})
            for key, name, paces, options in entries]


def _fighting(category: str, reach: Reach, row: str, *entries: tuple) -> list[Weapon]:
    """Fighting weapons of one reach: (key, name, options) each; blunt ones stun."""
    return [Weapon(key, name, category, row, reach=reach, lethal=not options.get("blunt"),
                   improvised=category == "improvised", **options)
            for key, name, options in entries]


NON_GUNPOWDER = "non-gunpowder"
HANDGUN, SHOTGUN, SHOULDER_ARM, EXPLOSIVE = "handgun", "shotgun", "shoulder arm", "explosive"
SPREADING = (SHOTGUN, EXPLOSIVE)
FIGHTING, IMPROVISED, FISTS = "fighting", "improvised", "fists"
BLUNT = {"blunt": True}

_MISSILES = [
    # Non gun powder weapons
    *_table(NON_GUNPOWDER, "Bows", ("bow", "Bow", 24, dict(
        impact=LIGHT, close_impact=NORMAL, close_range=12, **SINGLE_SHOT, reload_moving_slowly=True,
        notes="Normal impact under 12 paces, light over. Reloads while moving slowly; an expert "
              "rider reloads moving quickly, otherwise with reduced dice."))),
    *_table(NON_GUNPOWDER, "Thrown", ("thrown", "Thrown weapon", 10, dict(
        **RECOVERED, breaks=True, deliberate_only=True,
        notes="Spears, darts, javelins and tomahawks. Deliberate or aimed shots only. Some can be recovered "
              "and thrown again; a 1 breaks them."))),
    *_table(NON_GUNPOWDER, "Hurled",
            ("throwing_knife", "Throwing knife", 8, dict(impact=LIGHT, **RECOVERED,
                                                          notes="May be thrown hastily. May be recovered.")),
            ("rock", "Rock", 8, dict(impact=LIGHT, lethal=False, blunt=True, **RECOVERED,
                                     notes="May be thrown hastily; blunt, so it stuns.")),
            ("entangling", "Lasso, bolas or net", 8, dict(
                impact=LIGHT, lethal=False, shots=1, reload=Reload.RECOIL, fire=Fire.SINGLE, deliberate_only=True,
                notes="Deliberate or aimed shots only. Entangles rather than wounds; recoiled or "
                      "recovered after each throw."))),
    *_table(EXPLOSIVE, "Stick of dynamite or Black Power Bomb", ("dynamite", "Stick of dynamite", 8, dict(
        impact=HIGH, shots=1, reload=Reload.EVERY_SHOT, fire=Fire.MULTI,
        notes="Lighting the fuse is a one-turn task; a 1 explodes it early. A 1 to hit drops it "
              "(test for injury on the thrower); 2-4 falls short: roll for deviation."))),
    *_table(NON_GUNPOWDER, "Whips", ("whip", "Whip", 3, dict(
        impact=LIGHT, shots=1, reload=Reload.RECOIL, fire=Fire.SINGLE, hasty_only=True,
        notes="Always a hasty shot. Hits with light impact or entangles."))),
    # Handguns
    *_table(HANDGUN, "Cartridge: Most handguns including Automatic & Double Action",
            ("single_action_revolver", "Single action revolver", 12, dict(
                ignitions=CARTRIDGE, **REVOLVER, fan=True, notes="Metal cartridge revolver; may fan.")),
            ("double_action_revolver", "Double action revolver", 12, dict(
                ignitions=CARTRIDGE, **REVOLVER,
                notes="Late in the period. A 1 to hit jams it and it must be reloaded.")),
            ("automatic_pistol", "Automatic pistol", 12, dict(
                ignitions=CARTRIDGE, **{**REVOLVER, "shots": 7}, notes="Late in the period."))),
    *_table(HANDGUN, "Muzzle-loading smoothbore/rifled pistol",
            ("smoothbore_pistol", "Muzzle-loading smoothbore pistol", 8, dict(
                ignitions=MUZZLE, **SINGLE_SHOT, stationary_reload=True)),
            ("rifled_pistol", "Muzzle-loading rifled pistol", 10, dict(
                ignitions=MUZZLE, **SINGLE_SHOT, stationary_reload=True))),
    *_table(HANDGUN, "Pepperpot or early revolving pistols", ("pepperpot", "Pepperpot", 8, dict(
        **EARLY_REVOLVING, notes=EARLY_REVOLVING_NOTES))),
    *_table(HANDGUN, "Improved Cap and Ball revolving pistols",
            ("cap_and_ball_revolver", "Cap and ball revolver", 10, dict(
                ignitions=CAP, **CHAMBERS, **CAP_AND_BALL, fan=True,
                notes="5 or 6 shots. Reduced dice to reload.")),
            ("cap_and_ball_preloaded", "Cap and ball revolver with preloaded cylinders", 10, dict(
                ignitions=CAP, **CHAMBERS, fan=True, misfire_on=frozenset({2, 3}), jam_on=frozenset({1}),
                notes="Spare preloaded cylinders: reloading is normal, but it misfires on 2 or 3.")),
            ("walker_colt", "Walker Colt", 10, dict(
                ignitions=CAP, **CHAMBERS, **CAP_AND_BALL, fan=True, impact=HIGH,
                notes="A high impact cap and ball revolver."))),
    *_table(HANDGUN, "'Long' Pistols",
            ("long_pistol", "Long pistol", 16, dict(
                ignitions=CARTRIDGE, **REVOLVER, fan=True, draw_and_fire=False,
                notes="Long-barrelled or stocked, e.g. the Buntline special. Cannot be drawn and "
                      "fired in the same turn.")),
            ("long_cap_and_ball", "Long cap and ball revolver", 16, dict(
                ignitions=CAP, **CHAMBERS, **CAP_AND_BALL, fan=True, draw_and_fire=False,
                notes="Cap and ball rules. Cannot be drawn and fired in the same turn.")),
            ("long_muzzle_loading_pistol", "Long muzzle-loading pistol", 16, dict(
                ignitions=MUZZLE, **SINGLE_SHOT, draw_and_fire=False, stationary_reload=True,
                notes="Cannot be drawn and fired in the same turn."))),
    *_table(HANDGUN, "Hold outs or 'Personal Protectors' eg Derringers", ("derringer", "Derringer", 8, dict(
        impact=LIGHT, ignitions=ANY, **DOUBLE,
        notes="2 shots only; reload after a quick shot (both barrels) or 2 deliberate shots."))),
    # Shotguns: may hit other targets within 1 pace of the main target
    *_table(SHOTGUN, "French Shotgun pistols e.g. Le-Mat",
            ("le_mat", "Le-Mat", 12, dict(
                ignitions=(Ignition.PERCUSSION, Ignition.CARTRIDGE), **{**REVOLVER, "shots": 9},
                draw_and_fire=False, spreads=False,
                notes="Shoots as a normal pistol with bullets; its shotgun barrel is le_mat_shotgun. "
                      "Cannot be drawn and fired in the same turn.")),
            ("le_mat_shotgun", "Le-Mat shotgun barrel", 6, dict(
                impact=HIGH, ignitions=(Ignition.PERCUSSION, Ignition.CARTRIDGE),
                **{**SINGLE_SHOT, "fire": Fire.DOUBLE}, draw_and_fire=False,
                notes="One shot as a sawn-off shotgun. Cannot be drawn and fired in the same turn."))),
    *_table(SHOTGUN, "Sawn-off shotgun", ("sawn_off", "Sawn-off shotgun", 12, dict(
        **UNDER_6, ignitions=ANY, **{**DOUBLE, "fire": Fire.DOUBLE, "both_barrels": Fire.MULTI},
        notes="Reload after emptying both barrels."))),
    *_table(SHOTGUN, "Double-Barrelled or Sporting Gun",
            ("double_barrelled", "Double-barrelled shotgun", 20, dict(ignitions=CARTRIDGE, **DOUBLE)),
            ("double_barrelled_muzzle_loader", "Muzzle-loading double-barrelled shotgun", 20, dict(
                ignitions=MUZZLE, **DOUBLE, stationary_reload=True, notes="Early in the period."))),
    *_table(SHOTGUN, "Blunderbuss", ("blunderbuss", "Blunderbuss", 12, dict(
        **UNDER_6, ignitions=MUZZLE, **{**SINGLE_SHOT, "fire": Fire.MULTI}, stationary_reload=True))),
    *_table(SHOTGUN, "Multi-Barrelled muzzle-loading – e.g. Volley Gun", ("volley_gun", "Volley gun", 18, dict(
        **UNDER_6, ignitions=MUZZLE, **{**SINGLE_SHOT, "fire": Fire.MULTI}, difficult_reload=True,
        stationary_reload=True, notes="Every barrel fires at once. Reduced dice to reload."))),
    *_table(SHOTGUN, "Lever or pump action shotguns",
            ("repeating_shotgun", "Lever or pump action shotgun", 20, dict(
                impact=HIGH, ignitions=CARTRIDGE, **{**REVOLVER, "shots": 5}, notes="A repeating shotgun."))),
    # Shoulder arms: every one reloads only when stationary
    *_table(SHOULDER_ARM, "Most repeating, Lever, Pump action or magazine rifles or rifled carbine",
            ("repeating_rifle", "Repeating rifle", 36, dict(
                ignitions=CARTRIDGE, **{**REVOLVER, "shots": 15}, stationary_reload=True,
                notes="E.g. Winchester and Henry rifles.")),
            ("repeating_carbine", "Repeating carbine", 24, dict(
                ignitions=CARTRIDGE, **{**REVOLVER, "shots": 12}, stationary_reload=True,
                notes="E.g. Winchester and Spencer carbines."))),
    *_table(SHOULDER_ARM, "Muzzle-loading smoothbore/rifle musket or carbine", *(
        (key, name, paces, dict(ignitions=MUZZLE, **SINGLE_SHOT, stationary_reload=True))
        for key, name, paces in (("smoothbore_musket", "Smoothbore musket", 24),
                                 ("smoothbore_carbine", "Smoothbore carbine", 18),
                                 ("rifled_musket", "Rifled musket", 36),
                                 ("rifled_carbine", "Rifled carbine", 24)))),
    *_table(SHOULDER_ARM, "Sporting Gun or Fowling Piece",
            ("fowling_piece", "Sporting gun or fowling piece", 36, dict(
                impact=LIGHT, ignitions=MUZZLE, **SINGLE_SHOT, stationary_reload=True,
                notes="Small bore, rifled; may be double barrelled."))),
    *_table(SHOULDER_ARM, "Early breech loading rifles",
            ("early_breech_loader", "Early breech loading rifle", 36, dict(
                **BREECH_JAM, **SINGLE_SHOT, notes="A converted Ferguson or other experimental type."))),
    *_table(SHOULDER_ARM, "Slide or “Harmonica” rifles",
            ("harmonica_rifle", "Harmonica rifle", 36, dict(
                **BREECH_JAM, shots=5, reload=Reload.WHEN_EMPTY, fire=Fire.SINGLE, snap=True, slides=2,
                notes="Loads a preloaded slide of 5 shots; carries two slides and cannot be carried "
                      "loaded, so load one before the first shot."))),
    *_table(SHOULDER_ARM, "Early revolving shoulder arms",
            ("revolving_rifle", "Early revolving shoulder arm", 36, dict(
                **EARLY_REVOLVING, stationary_reload=True, notes=EARLY_REVOLVING_NOTES))),
    *_table(SHOULDER_ARM, "Single shot Breach Loading rifles/carbines", *(
        (key, name, paces, dict(impact=impact, ignitions=CARTRIDGE, **SINGLE_SHOT, stationary_reload=True))
        for key, name, paces, impact in (("breech_loading_rifle", "Breech loading rifle", 36, NORMAL),
                                         ("breech_loading_carbine", "Breech loading carbine", 24, NORMAL),
                                         ("sharps_big_50", "Sharps Big 50", 36, HIGH)))),
]

_COMBAT = [
    *_fighting(FIGHTING, Reach.CLOSE, "Close Reach", ("knife", "Knife", {})),
    *_fighting(FIGHTING, Reach.SHORT, "Short Reach",
               ("tomahawk", "Tomahawk", {}), ("hand_axe", "Hand Axe", {}), ("bowie_knife", "Bowie Knife", {}),
               ("club", "Club", BLUNT), ("clubbed_pistol", "Pistol used as a club", BLUNT)),
    *_fighting(FIGHTING, Reach.MEDIUM, "Medium Reach",
               ("clubbed_shoulder_arm", "Clubbed shoulder arm", BLUNT),
               ("two_handed_weapon", "Two handed weapon", {}), ("sword", "Sword", {}), ("sabre", "Sabre", {}),
               ("chained_weapon", "Chained Martial Arts Weapon", {})),
    *_fighting(FIGHTING, Reach.LONG, "Long Reach",
               ("bayonet", "Fixed Bayonet", {}), ("spear", "Spear", {}), ("lance", "Lance", {})),
    *_fighting(IMPROVISED, Reach.SHORT, "Short Reach",
               ("improvised_short", "1 handed farm implement", {}),
               ("improvised_club", "Club, chair or bottle", {**BLUNT, "notes": "The brawler's weapons."})),
    *_fighting(IMPROVISED, Reach.MEDIUM, "Medium Reach",
               ("improvised_medium", "2 handed scythe", {}), ("improvised_two_handed_club", "2 handed Club", BLUNT)),
    *_fighting(IMPROVISED, Reach.LONG, "Long Reach",
               ("improvised_long", "Pitch Fork or improvised spear", {})),
    *_fighting(FISTS, Reach.CLOSE, "Fists etc",
               ("fists", "Fists and Feet", BLUNT),
               ("light_club", "Cosh, sap or knuckleduster", {**BLUNT, "notes": "Light clubs count as fists."})),
]

WEAPONS: dict[str, Weapon] = {weapon.key: weapon for weapon in (*_MISSILES, *_COMBAT)}
"""Every weapon by key: the Weapons Table, then the combat weapons."""

_FIRE_DICE = {
    "lead": (Dice(2, Keep.BEST), Dice(2, Keep.BEST), Dice(2, Keep.ALL), Dice(3, Keep.ALL), Dice(4, Keep.ALL)),
    "support": (Dice(1), Dice(1), Dice(2, Keep.BEST), Dice(2, Keep.ALL), Dice(3, Keep.ALL)),
}
"""Action dice by form of attack (Reel 4), one entry a column of :class:`Fire`."""
_COLUMNS = tuple(Fire)


def fire_dice(tier: str, fire: Fire) -> Dice:
    """The action dice for a form of attack: tier ``"lead"`` (Heroes, Main Characters) or ``"support"``."""
    return _FIRE_DICE[tier][_COLUMNS.index(fire)]


def reduced_fire_dice(tier: str, fire: Fire) -> Dice:
    """Reduced dice: a lead rolls the supporting entry; a supporting character rolls 2D10 take
    worst for fighting or a single shot, otherwise the entry one column to the left."""
    column = _COLUMNS.index(fire)
    if tier == "lead":
        return _FIRE_DICE["support"][column]
    if tier != "support":
        raise KeyError(tier)
    return Dice(2, Keep.WORST) if column <= 1 else _FIRE_DICE["support"][column - 1]


MOVES: dict[str, int] = {
    "swimming": 4, "climbing": 4, "crawling": 4,
    "lumbering": 6, "heavily_laden": 6,
    "on_foot": 8, "laden_animal": 8, "cart": 8,
    "fleet_footed": 10, "wagon": 10,
    "coach": 12,
    "mounted": 16, "motor_vehicle": 16,
    "railroad_engine": 24,
}
"""Paces moved a turn (Reel 3, Wanting to Move): "mounted" is riding a horse or similar animal,
"heavily_laden" a character on foot, "laden_animal" a heavily laden animal."""
