"""Every table of Steve Burt's Wild West Skirmish rules as data, as the text prints them.

The text is a web page whose tables were flattened to one cell a line; the line
numbers cited are those of ``steve-burt-wild-west-skirmish.txt`` as ``cat -n``
prints them. A "0" on a d10 is a 10, as the text writes it.
"""

from __future__ import annotations

import enum

from ..core.charts import Chart, GridChart, Outcome, Row, remade


class Class(enum.Enum):
    """What a character is (SB 141, 221): it sets the shooting skill and the price of an extra action."""

    NON_COMBATANT = "Non-combatant"
    COWBOY = "Cowboy"
    LAWMAN = "Lawman"
    DESPERADO = "Desperado"
    GUNSLINGER = "Gunslinger"


SHOOTING_SKILL = {Class.NON_COMBATANT: -1, Class.COWBOY: 0, Class.LAWMAN: 1, Class.DESPERADO: 1,
                  Class.GUNSLINGER: 2}
"""Added to the roll to hit: "-1 for non-combatants, 0 for cowboys, 1 for lawmen/desperadoes, 2 for
gunslingers" (SB 219-221). It is also the "character's rating" of a difficult action (see docs/rulings.md)."""

INITIATIVE_PRICE = {Class.GUNSLINGER: 1, Class.DESPERADO: 2, Class.LAWMAN: 2, Class.COWBOY: 4}
"""Initiative points an extra single action costs: "1 point for a gunslinger, 2 for a desperado/lawman, 4 for a
cowboy" (SB 141). A non-combatant's price is a game setting (see docs/rulings.md)."""

INITIATIVE_POINTS = 4
""""Each player also gets 4 'initiative points'" (SB 133)."""


class Gait(enum.Enum):
    """How a character moved (SB 19-57), slowest first; on foot or on horseback, and the distance in cm."""

    STILL = ("Still", "stationary", None, 0)
    CRAWL = ("Crawl", "crawling", False, 2)
    WALK = ("Walk", "walking", None, 6)
    RUN = ("Run", "running", False, 12)
    TROT = ("Trot", "trotting", True, 12)
    SPRINT = ("Sprint", "sprinting", False, 16)
    CANTER = ("Canter", "cantering", True, 16)
    GALLOP = ("Gallop", "galloping", True, 20)

    def __init__(self, title: str, moving: str, mounted: bool | None, cm: int) -> None:
        self.title = title
        self.moving = moving
        self.mounted = mounted
        """True on horseback only, False on foot only, None either."""
        self.cm = cm

    def allowed(self, mounted: bool) -> bool:
        return self.mounted is None or self.mounted == mounted


ON_FOOT = (Gait.CRAWL, Gait.WALK, Gait.RUN, Gait.SPRINT)
ON_HORSEBACK = (Gait.WALK, Gait.TROT, Gait.CANTER, Gait.GALLOP)
"""The movement table's two columns, slowest first: each wound takes the fastest step away (see
docs/rulings.md)."""

DIFFICULT_GAITS = (Gait.SPRINT, Gait.GALLOP)
"""Difficult actions whatever the going (SB 183); running or cantering only in bad going."""
HARD_IN_BAD_GOING = (Gait.RUN, Gait.CANTER)


class Band(enum.Enum):
    """A range band, with the basic roll to hit on a d10 (SB 197-215)."""

    POINT_BLANK = ("Point Blank", 3)
    SHORT = ("Short", 5)
    MEDIUM = ("Medium", 7)
    LONG = ("Long", 9)

    def __init__(self, title: str, to_hit: int) -> None:
        self.title = title
        self.to_hit = to_hit


RANGES = {
    "derringer": (3, 10, 20, 30),
    "pistol": (5, 15, 30, 50),
    "carbine": (10, 25, 50, 75),
    "rifle": (15, 50, 100, 150),
    "shotgun": (3, 10, 20, 30),
}
"""Each weapon's Point Blank, Short, Medium and Long range (SB 63-125), in cm (a metre each, SB 13)."""


def band_at(weapon: str, cm: int) -> Band | None:
    """The range band a distance falls in for a weapon; None beyond Long range."""
    for band, limit in zip(Band, RANGES[weapon]):
        if cm <= limit:
            return band
    return None


TARGET_MOTION = {Gait.RUN: -1, Gait.TROT: -1, Gait.SPRINT: -2, Gait.CANTER: -2, Gait.GALLOP: -3}
"""Target running/trotting -1, sprinting/cantering -2, galloping -3 (SB 231-241)."""
FIRER_MOTION = {Gait.WALK: -1, Gait.RUN: -2, Gait.TROT: -2, Gait.SPRINT: -3, Gait.CANTER: -3, Gait.GALLOP: -4}
"""Firer walking -1, running/trotting -2, sprinting/cantering -3, galloping -4 (SB 251-265)."""
MOUNTED_AND_STATIONARY = -1
"""Firer mounted and stationary (SB 247-249)."""
SNAPSHOT = -1
"""A FIRE not combined with an AIM (SB 171-173, 243-245)."""
MAX_AIMS = 3
"""Up to 3 AIM actions may precede a shot (SB 173-175); each after the first +1, max 2 (SB 283-285)."""

VISIBILITY = {100: 0, 75: -1, 50: -2, 25: -3, 10: -4}
"""Target only 75% visible -1 (knees and up), 50% -2 (waist and up), 25% -3 (head and shoulders), 10% -4
(head only) (SB 267-281)."""
VISIBILITY_WORDS = {100: "in the open", 75: "knees and up", 50: "waist and up", 25: "head and shoulders",
                    10: "head only"}


def visibility_penalty(visible: int, soft_cover: bool) -> int:
    """The visibility modifier: soft cover "only counts as half the normal visibility penalty" (SB 289-295),
    the half rounded in the firer's favour (see docs/rulings.md)."""
    penalty = VISIBILITY[visible]
    return -(-penalty // 2) if soft_cover else penalty


OVER_TEN = {11: 6, 12: 8, 13: 9, 14: 10}
""""Rolls of higher than 10 may be made by rolling 10 followed by: 11 - 6-0, 12 - 8-0, 13 - 9-0, 14+ 0"
(SB 303-311): the score needed, and what the second d10 must then show."""


def second_die(needed: int) -> int:
    """What the second d10 must show after a 10 when the roll needed is over 10 (14 and more read as 14)."""
    return OVER_TEN[min(needed, 14)]


def threshold(key: str, name: str, sides: int, low: int, below: Outcome, above: Outcome) -> Chart:
    """A chart of one die split at ``low``: values under it read ``below``, it and over it ``above``."""
    low = max(1, min(sides + 1, low))
    return Chart(key, name, (Row(1, low - 1, below), Row(low, sides, above)), situational=True)


HIT = Outcome("Hit", "The shot hits: roll for its effect on the Hits table.")
MISS = Outcome("Miss", "The shot misses.")
JAMMED = Outcome("Jammed", "A 1 indicates a jammed weapon: the shot misses, and the weapon must be unjammed "
                           "(an UNJAM action) before it fires again.")
LANDS = Outcome("Hit", "The attack lands.")
MISSES = Outcome("Miss", "The attack misses.")
"""The roll to hit in hand to hand (SB 395-433)."""
SECOND_DIE = Outcome("10: roll again", "The roll needed is over 10: roll the second die.")



def to_hit(needed: int) -> Chart:
    """The d10 to hit, the modifiers taken off the basic number: a 1 jams (SB 313), under ``needed`` misses;
    when ``needed`` is over 10, a 10 calls for the second die (SB 303-311)."""
    low = max(2, min(needed, 10))
    return Chart("to_hit", f"To hit: {needed} or more", (
        Row(1, 1, JAMMED), Row(2, low - 1, MISS), Row(low, 10, SECOND_DIE if needed > 10 else HIT)), situational=True)


def _to_hit_again(base: int | None, added: int) -> Chart | None:
    """The chart to hit a reading read: its base is the range's number, less its modifiers."""
    return to_hit(base - added) if base is not None else None


remade("to_hit", _to_hit_again)

UNJAM = Chart("unjam", "Roll to unjam", (
    Row(1, 1, Outcome("Permanently jammed", "The weapon will not fire again this game.")),
    Row(2, 3, Outcome("Try again", "Still jammed: another UNJAM action may try again.")),
    Row(4, 6, Outcome("OK", "The jam is cleared: the weapon may fire.")),
))
"""SB 313-319, on a d6 (see docs/rulings.md)."""

UNJAM_DIE = 6
SHOCK_DIE = 6
GET_UP_DIE = 6
"""The shock roll is "1 d6" (SB 385); the text names no die for unjamming or getting up, whose numbers are those of
a d6 (see docs/rulings.md)."""


class Severity(enum.Enum):
    """A wound, and the hits it counts (SB 329): "A Light wound is 1 hit, serious 2, critical 3"."""

    LIGHT = ("Light", 1)
    SERIOUS = ("Serious", 2)
    CRITICAL = ("Critical", 3)
    DEAD = ("Dead", 4)

    def __init__(self, title: str, hits: int) -> None:
        self.title = title
        self.hits = hits


HITS_TAKEN = 4
""""Each character can take 4 hits" (SB 329)."""

WOUNDS = {severity.name.lower(): Outcome(severity.title, effect) for severity, effect in (
    (Severity.LIGHT, "A light wound: 1 hit."),
    (Severity.SERIOUS, "A serious wound: 2 hits."),
    (Severity.CRITICAL, "A critical wound: 3 hits."),
    (Severity.DEAD, "Killed outright."),
)}


class Calibre(enum.Enum):
    """A row of the Hits table (SB 333-381): a calibre, or a shotgun at a range band."""

    LIGHT = (".22", "Shotgun, long")
    MEDIUM = (".33", "Shotgun, med")
    HEAVY = (".45", "Shotgun, short")
    POINT_BLANK = ("", "Shotgun, PB")

    def __init__(self, calibre: str, shotgun: str) -> None:
        self.calibre = calibre
        self.shotgun = shotgun

    @property
    def title(self) -> str:
        return f"{self.calibre} {self.shotgun}".strip()


CALIBRES = {c.calibre: c for c in Calibre if c.calibre}
"""The calibres a gun may have: ".22", ".33", ".45"."""
SHOTGUN_ROW = {Band.LONG: Calibre.LIGHT, Band.MEDIUM: Calibre.MEDIUM, Band.SHORT: Calibre.HEAVY,
               Band.POINT_BLANK: Calibre.POINT_BLANK}
"""A shotgun's row of the Hits table by range band."""


def _spans(light: tuple[int, int], serious: tuple[int, int], critical: tuple[int, int]) -> tuple[str, ...]:
    """One column of the Hits table, die 1 to 10, from the text's spans: what is past them is Dead."""
    cells = []
    for value in range(1, 11):
        for title, (low, high) in (("light", light), ("serious", serious), ("critical", critical)):
            if low <= value <= high:
                cells.append(title)
                break
        else:
            cells.append("dead")
    return tuple(cells)


_HIT_COLUMNS = {
    Calibre.LIGHT: _spans((1, 7), (8, 9), (10, 10)),        # 1-7, 8,9, 0, -
    Calibre.MEDIUM: _spans((1, 6), (7, 8), (9, 9)),         # 1-6, 7,8, 9, 0
    Calibre.HEAVY: _spans((1, 5), (6, 8), (9, 9)),          # 1-5, 6-8, 9, 0
    Calibre.POINT_BLANK: _spans((1, 4), (5, 7), (8, 9)),    # 1-4, 5-7, 8,9, 0
}

HITS = GridChart(
    "hits", "Hits", tuple(range(len(Calibre))),
    {value: tuple(_HIT_COLUMNS[c][value - 1] for c in Calibre) for value in range(1, 11)},
    WOUNDS,
)
"""When a bullet hits, roll a d10 for effect on the calibre's row (SB 323-381); columns are :class:`Calibre` in
order."""


def hits_column(calibre: Calibre) -> int:
    return list(Calibre).index(calibre)


class Attack(enum.Enum):
    """A hand-to-hand attack (SB 395-433): the roll to hit on a d10, how many actions it takes, and whether it
    does real damage (SB 437-441)."""

    PUNCH = ("Punch", 5, 1, False)
    KICK = ("Kick", 7, 1, False)
    CLUB = ("Club", 5, 1, True)
    KNIFE = ("Knife", 7, 1, True)
    GRAPPLE = ("Grapple", 7, 2, False)

    def __init__(self, title: str, to_hit: int, actions: int, real: bool) -> None:
        self.title = title
        self.to_hit = to_hit
        self.actions = actions
        self.real = real


def _damage(key: str, name: str, *spans: tuple[int, int, Severity]) -> Chart:
    return Chart(key, name, tuple(Row(low, high, WOUNDS[severity.name.lower()]) for low, high, severity in spans))


DAMAGE = {
    Attack.PUNCH: _damage("punch", "Punch damage", (1, 10, Severity.LIGHT)),
    Attack.KICK: _damage("kick", "Kick damage", (1, 7, Severity.LIGHT), (8, 10, Severity.SERIOUS)),
    Attack.CLUB: _damage("club", "Club damage", (1, 7, Severity.LIGHT), (8, 9, Severity.SERIOUS),
                         (10, 10, Severity.CRITICAL)),
    Attack.KNIFE: _damage("knife", "Knife damage", (1, 5, Severity.LIGHT), (6, 8, Severity.SERIOUS),
                          (9, 10, Severity.CRITICAL)),
}
"""Damage of each attack but the grapple, whose effect is "Special" (SB 399-433); a punch is a Light wound
whatever the die, and it is rolled all the same."""

MELEE_WEAPONS = ("club", "knife")
"""Weapons of hand-to-hand only: a character carries them to attack with them."""

OVERPOWERED = Outcome("Overpowered", "A successful grapple: the target can be disarmed or disabled (SB 439-441).")
FALLEN = Outcome("Fallen over", "On a 1-3 the character has fallen over, or off the horse: falling off a horse stuns "
                                "(SB 185-189).")
KEEPS_FOOTING = Outcome("Made it", "The difficult action is done.")
STUNNED = Outcome("Falls over stunned", "The character falls over stunned: a d6 over their wounds gets them up "
                                        "(SB 385-387).")
SHAKEN_OFF = Outcome("Stays up", "The roll is over their hits: not stunned.")
GETS_UP = Outcome("Gets up", "The roll is over their wounds: back on their feet.")
STAYS_DOWN = Outcome("Stays down", "Still stunned: they may try again with their next action.")

CHARTS: dict[str, Chart | GridChart] = {chart.key: chart for chart in (HITS, UNJAM, *DAMAGE.values())}
"""The fixed charts of the text, for ``/help`` and the tests; the rolls to hit, the shock roll, getting up and
difficult actions are read against a number that changes (see :func:`threshold`)."""
