"""A game of Shootist as plain data: the shootists, their die types, guns, wounds and horses, and the turn.

Everything round-trips through :mod:`bot.rules.core.serial`; dicts are keyed by
str (skill keys, ammunition names, building names).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core import serial
from ..core.dice import Roll
from ..core.errors import RulesError
from ..core.fair import Seal
from ..core.actions import shallow
from .skills import ABILITIES, LADDER, SKILLS
from .weapons import PISTOL, WEAPONS, Weapon

if TYPE_CHECKING:
    from ..core.replay import Context

SHOOTIST, INDIAN = "shootist", "indian"
CHARACTER_TYPES = {SHOOTIST: "Shootist", INDIAN: "Indian"}

HEAD, CHEST, SPARE_ARM, SHOOT_ARM, LEG = "head", "chest", "spare_arm", "shoot_arm", "leg"
HORSE_WOUNDS = 6
"""A horse has "6 wounds" (SH 90): the sixth kills it."""
HORSE_DODGE = 4


class Status(enum.Enum):
    """Whether a shootist is still in the fight."""

    UP = "up"
    KNOCKED_OUT = "knocked out"
    DEAD = "dead"


@dataclass
class Gun:
    """A weapon a shootist carries, and what is in it."""

    weapon: str
    """Key into :data:`~.weapons.WEAPONS`."""
    loaded: int = 0
    reloading: bool = False
    """Reloaded from empty but not yet full: the next turns' reloads may go on filling it (see docs/rulings.md)."""

    @property
    def kind(self) -> Weapon:
        return WEAPONS[self.weapon]


@dataclass
class Horse:
    """A shootist's horse: its wounds, and whether he is in the saddle."""

    wounds: int = 0
    mounted: bool = True

    @property
    def dead(self) -> bool:
        return self.wounds >= HORSE_WOUNDS

    @property
    def reach(self) -> int:
        """"Maximum movement on horse = 6 hexes"; "A wounded horse moves at half speed" (SH 85, 90)."""
        return 3 if self.wounds else 6


@dataclass
class Shootist:
    """One character of the game, a shootist or an Indian."""

    key: str
    name: str
    owner: int
    type: str = SHOOTIST
    dice: dict[str, int] = field(default_factory=dict)
    """Each skill's die type (sides) by skill key."""
    weapons: list[Gun] = field(default_factory=list)
    belt: dict[str, int] = field(default_factory=dict)
    """Spare rounds by ammunition ("6 bullets can be picked up from the belt", SH 65)."""
    abilities: list[str] = field(default_factory=list)
    shield: bool = False
    horse: Horse | None = None
    wounds: list[str] = field(default_factory=list)
    """Every wound taken, by location, in order."""
    status: Status = Status.UP
    out_until: int = 0
    """The last turn a knocked-out shootist sits out."""
    thick_skin_used: bool = False
    noticed: bool = True
    """An Indian moving in cover or far off is not noticed; once noticed, for the rest of the game (SH 106)."""
    draw_die: int = 0
    """A lesser Draw die chosen for the Draw phases to come (0: the full die)."""
    go_first: bool = False
    """Super Fast: goes first in the turns to come, shooting at -1."""
    variable: str = ""
    """Variable: the skill given one die bonus, in turn :attr:`variable_for`."""
    variable_for: int = 0
    acted: bool = False
    moved: bool = False
    """Moved already this turn (+1 to dodge, SH 37)."""
    exposed: bool = False
    """Shot since the last Draw phase: "he can be shot at until the next draw phase" (SH 18)."""
    attacked: bool = False
    """Attacked hand to hand this turn: no more shooting, one hex of movement (SH 72)."""
    shot_turn: int = 0
    shot_with: str = ""
    """The turn he last shot, and with what (weapon keys, two for two pistols), for changing weapons (SH 45)."""
    brawling: list[str] = field(default_factory=list)
    lying: list[str] = field(default_factory=list)
    """Weapons thrown at him that lie where they fell, for anyone to pick up (SH 34)."""

    @property
    def up(self) -> bool:
        return self.status is Status.UP

    @property
    def mounted(self) -> bool:
        return self.horse is not None and self.horse.mounted

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def hits(self, location: str) -> int:
        return self.wounds.count(location)

    @property
    def arms_hit(self) -> bool:
        """"If both arms are hit, shootist is unable to shoot or brawl" (SH 59-60)."""
        return bool(self.hits(SPARE_ARM)) and bool(self.hits(SHOOT_ARM))

    @property
    def arm_hit(self) -> bool:
        return bool(self.hits(SPARE_ARM) or self.hits(SHOOT_ARM))

    def gun(self, key: str) -> Gun:
        """The carried weapon named, or his first one that shoots (a gun or a bow)."""
        for gun in self.weapons:
            if gun.weapon == key or (not key and gun.kind.ammo):
                return gun
        if key in WEAPONS:
            raise RulesError(f"{self.name} carries no {WEAPONS[key].name}.")
        raise RulesError(f"{self.name} has no weapon to shoot with." if not key else
                         f"There is no weapon {key[:30]!r} in Shootist.")

    @property
    def pistols(self) -> list[Gun]:
        return [g for g in self.weapons if g.kind.kind == PISTOL]

    @property
    def state_words(self) -> list[str]:
        """What the board says of him."""
        words = [self.status.value] if not self.up else []
        if self.horse is not None:
            words.append("dead horse" if self.horse.dead else "mounted" if self.horse.mounted else "horse by")
        if self.exposed:
            words.append("exposed")
        if self.brawling:
            words.append("brawling")
        if not self.noticed:
            words.append("unnoticed")
        return words

    def copy(self) -> Shootist:
        return shallow(self, dice=dict(self.dice), weapons=[shallow(g) for g in self.weapons], belt=dict(self.belt),
                       abilities=list(self.abilities), horse=shallow(self.horse) if self.horse else None,
                       wounds=list(self.wounds), brawling=list(self.brawling), lying=list(self.lying))


@dataclass
class Deferred:
    """A fanner's later shots: "2nd and 3rd shots are after the all other shootists have taken their turn,
    again in Draw order" (SH 40-41)."""

    shooter: str
    weapon: str
    targets: list[str]
    """The targets declared for the shots still to fire, in order."""
    first: str
    """The first shot's target: a shot at another is at -2 (SH 39)."""


@dataclass
class Turn:
    """This turn: the Draw dice, the order they give, who is acting, and the fanners' later shots."""

    number: int = 0
    draws: dict[str, Roll] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    at: int = -1
    """Index of the one acting: into :attr:`order`, then on into :attr:`fanning` (see :attr:`acting`)."""
    fanning: list[Deferred] = field(default_factory=list)

    @property
    def acting(self) -> str:
        """Key of the shootist whose action (or later fanned shots) it is, or ""."""
        if 0 <= self.at < len(self.order):
            return self.order[self.at]
        if 0 <= self.at - len(self.order) < len(self.fanning):
            return self.fanning[self.at - len(self.order)].shooter
        return ""

    @property
    def fanning_now(self) -> Deferred | None:
        at = self.at - len(self.order)
        return self.fanning[at] if 0 <= at < len(self.fanning) else None

    @property
    def over(self) -> bool:
        return self.number > 0 and self.at >= len(self.order) + len(self.fanning)


@dataclass
class ShootistState:
    """A whole game of Shootist."""

    seats: dict[int, str] = field(default_factory=dict)
    characters: dict[str, Shootist] = field(default_factory=dict)
    turn: Turn = field(default_factory=Turn)
    fires: dict[str, int] = field(default_factory=dict)
    """Buildings on fire, by name: turns before each collapses (SH 81)."""
    pending: dict[str, Any] | None = None
    seal: Seal | None = None
    """The seal this turn's cards and dice come from (see :mod:`bot.rules.core.fair`); its seed is secret."""

    def to_json(self) -> dict:
        return serial.to_json(self)

    @classmethod
    def from_json(cls, data: dict) -> ShootistState:
        return serial.from_json(cls, data)

    def shootist(self, key: str) -> Shootist:
        try:
            return self.characters[key]
        except KeyError:
            raise RulesError(f"There is no shootist {key[:40]!r} in this game.") from None

    def standing(self) -> dict[int, list[str]]:
        """The names of those still in the fight (up, or knocked out for a while), by player."""
        sides: dict[int, list[str]] = {}
        for shootist in self.characters.values():
            if shootist.status is not Status.DEAD:
                sides.setdefault(shootist.owner, []).append(shootist.name)
        return sides

    # -- actions (see bot.rules.core.actions) --------------------------------

    def involve(self, keys: tuple[str, ...]) -> dict[str, None]:
        """The shootists named, each checked to exist, and those they are brawling with."""
        involved = dict.fromkeys(k for k in keys if k)
        for key in list(involved):
            involved.update(dict.fromkeys(self.shootist(key).brawling))
        return involved

    def fork(self, *keys: str) -> ShootistState:
        """A copy to run an action on: the turn and the named shootists are copied, the rest shared."""
        characters = dict(self.characters)
        for key in keys:
            characters[key] = characters[key].copy()
        turn = shallow(self.turn, draws=dict(self.turn.draws), order=list(self.turn.order),
                       fanning=[shallow(d, targets=list(d.targets)) for d in self.turn.fanning])
        return shallow(self, characters=characters, turn=turn, fires=dict(self.fires))

    def settle(self, before: ShootistState, keys: dict[str, None], ctx: Context) -> None:
        """End the brawls of those no longer up, and say when only one player's shootists are left standing."""
        for key in keys:
            shootist = self.characters[key]
            for other in list(shootist.brawling):
                if not (shootist.up and self.characters[other].up):
                    shootist.brawling.remove(other)
                    self.characters[other].brawling.remove(key)
                    ctx.note(f"The brawl between {shootist.name} and {self.characters[other].name} is over.")
        if len(before.standing()) > 1 and len(self.standing()) <= 1:
            ctx.note(game_over(self))

    def check(self) -> None:
        """Raise AssertionError if the state breaks Shootist's invariants."""
        for key, shootist in self.characters.items():
            assert shootist.key == key
            assert set(shootist.dice) == set(SKILLS), f"{key} lacks a die type"
            assert all(sides in LADDER for sides in shootist.dice.values())
            assert set(shootist.abilities) <= set(ABILITIES)
            for gun in shootist.weapons:
                assert 0 <= gun.loaded <= gun.kind.shots, f"{key}'s {gun.weapon} holds {gun.loaded}"
            assert all(n >= 0 for n in shootist.belt.values())
            for other in shootist.brawling:
                assert key in self.characters[other].brawling, f"{key} brawls alone with {other}"
        order = self.turn.order
        assert len(order) == len(set(order)), "a shootist acts twice in a turn"
        assert set(order) <= set(self.characters)


def game_over(state: ShootistState) -> str:
    """Who is left standing: the game's end."""
    sides = state.standing()
    if not sides:
        return "Nobody is left standing: the game is over."
    (names,) = sides.values()
    return f"Only {', '.join(names)} {'is' if len(names) == 1 else 'are'} left standing: the game is over."


def leave_brawl(state: ShootistState, shootist: Shootist, ctx: Context) -> None:
    """He breaks off from every brawl he is in, without penalty (SH 72-73)."""
    for other in shootist.brawling:
        state.characters[other].brawling.remove(shootist.key)
    shootist.brawling = []
    ctx.note(f"{shootist.name} breaks off from the brawl without penalty.")
