"""A game of Steve Burt's Wild West Skirmish as plain data: the players' initiative points, the cast, the
character deck with its STOP and EVENT cards, and who may act now.

The deck holds one card per character (its key) plus ``STOP`` and ``EVENT`` (SB 133); no card is ever lost
or doubled (:meth:`BurtState.check`). Everything round-trips through JSON (:mod:`bot.rules.core.serial`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core import serial
from ..core.errors import RulesError
from ..core.fair import Seal
from ..core.words import Command, Name, words
from .charts import (HITS_TAKEN, INITIATIVE_POINTS, INITIATIVE_PRICE, ON_FOOT, ON_HORSEBACK, SHOOTING_SKILL, Class,
                     Gait, Severity)

if TYPE_CHECKING:
    from ..core.replay import Context

STOP, EVENT = "STOP", "EVENT"
SPECIAL_CARDS = (STOP, EVENT)
"""The deck's two cards that are no character's (SB 133)."""


@dataclass
class Gun:
    """A firearm a character carries."""

    kind: str
    """A weapon of the Ranges table: derringer, pistol, carbine, rifle or shotgun."""
    calibre: str = ""
    """".22", ".33" or ".45"; a shotgun's row of the Hits table comes from the range instead."""
    drawn: bool = False
    jammed: bool = False
    broken: bool = False
    """Permanently jammed (SB 315)."""

    @property
    def title(self) -> str:
        return f"{self.kind} {self.calibre}".strip()

    @property
    def state_word(self) -> str:
        return "permanently jammed" if self.broken else "jammed" if self.jammed else "drawn" if self.drawn \
            else "holstered"


@dataclass
class Gunman:
    """One character of the cast."""

    key: str
    name: str
    owner: int
    type: Class
    guns: list[Gun] = field(default_factory=list)
    melee: list[str] = field(default_factory=list)
    """Weapons of hand to hand carried: "club", "knife"."""
    mounted: bool = False
    wounds: list[Severity] = field(default_factory=list)
    """Wounds taken, in order; punches and kicks leave none (SB 437)."""
    stunned: bool = False
    lying: bool = False
    gait: Gait = Gait.STILL
    """How the character has moved since its card last came up: the fastest gait used."""
    aims: int = 0
    """Consecutive AIM actions just taken (SB 173-175)."""
    aim_at: str = ""
    """Whom those AIMs were at."""
    actions: int = 0
    """Actions left on the character's card (two when it comes up, SB 135)."""
    bought: int = 0
    """Extra single actions bought with initiative points and not yet taken (SB 139)."""
    out: str = ""
    """Why the character is out of the fight ("dead", "overpowered" ...); empty while it fights."""

    @property
    def hits(self) -> int:
        """Hits taken: a Light wound is 1, Serious 2, Critical 3 (SB 329)."""
        return sum(w.hits for w in self.wounds)

    @property
    def fighting(self) -> bool:
        return not self.out

    @property
    def skill(self) -> int:
        """The shooting skill of the class (SB 219-221)."""
        return SHOOTING_SKILL[self.type]

    @property
    def fastest(self) -> Gait:
        """The character's maximum move: each wound takes a step off the movement table (SB 391)."""
        ladder = ON_HORSEBACK if self.mounted else ON_FOOT
        return ladder[max(0, len(ladder) - 1 - len(self.wounds))]

    def gun(self, kind: str = "") -> Gun:
        """The gun named by kind (or kind and calibre), else the first drawn one."""
        if kind:
            found = [g for g in self.guns if kind.lower() in (g.kind, g.title)]
        else:
            found = [g for g in self.guns if g.drawn] or self.guns
        if not found:
            raise RulesError(f"{self.name} carries no {kind or 'gun'}.")
        return next((g for g in found if g.drawn), found[0])

    @property
    def state_words(self) -> list[str]:
        words = [self.out] if self.out else []
        words += [w for w, on in (("stunned", self.stunned), ("lying", self.lying and not self.stunned),
                                  ("mounted", self.mounted)) if on]
        if self.gait is not Gait.STILL:
            words.append(self.gait.moving)
        if self.aims:
            words.append(f"aimed ×{self.aims}")
        return words

    def copy(self) -> Gunman:
        new = object.__new__(Gunman)
        new.__dict__.update(self.__dict__, guns=[Gun(**g.__dict__) for g in self.guns], melee=list(self.melee),
                            wounds=list(self.wounds))
        return new


@dataclass
class Seat:
    """A player: their initiative points left (SB 133)."""

    points: int = INITIATIVE_POINTS


@dataclass
class Settings:
    """What the text leaves to the Director (see docs/rulings.md), per game."""

    points: int = INITIATIVE_POINTS
    """Initiative points a player gets."""
    points_every_turn: bool = False
    """Each player's points come back to full at every new turn; off, they last the game."""
    non_combatant_price: int = 4
    """Initiative points a non-combatant's extra action costs (the text prices three classes only); 0: none may
    be bought."""
    events: bool = True
    """The EVENT card stops the turn for the Director to say what happens; off, it is turned past."""


@dataclass
class BurtState:
    """A whole game."""

    seats: dict[int, Seat] = field(default_factory=dict)
    characters: dict[str, Gunman] = field(default_factory=dict)
    turn: int = 0
    to_come: list[str] = field(default_factory=list)
    """This turn's cards still face down, the next first."""
    turned: list[str] = field(default_factory=list)
    """This turn's cards turned, in order."""
    acting: str = ""
    """Key of the character whose card is up, if any."""
    event_due: bool = False
    """The EVENT card has come up and the Director has not yet said what happens."""
    events: list[str] = field(default_factory=list)
    """Each event the Director has told, "Turn 2: the stage arrives"."""
    settings: Settings = field(default_factory=Settings)
    pending: dict[str, Any] | None = None
    seal: Seal | None = None
    """The seal this turn's cards and dice come from (see :mod:`bot.rules.core.fair`); its seed is secret."""

    # -- serialisation ---------------------------------------------------------

    def to_json(self) -> dict:
        return serial.to_json(self)

    @classmethod
    def from_json(cls, data: dict) -> BurtState:
        return serial.from_json(cls, data)

    # -- actions (see bot.rules.core.actions) ------------------------------------

    def involve(self, keys: tuple[str, ...]) -> dict[str, None]:
        """The characters named, each checked to exist."""
        for key in keys:
            if key not in self.characters:
                raise RulesError(f"There is no character {key!r} in this game.")
        return dict.fromkeys(keys)

    def fork(self, *keys: str) -> BurtState:
        """A copy to run an action on: the deck, the seats and the named characters copied, the rest shared."""
        characters = dict(self.characters)
        for key in keys:
            characters[key] = characters[key].copy()
        new = object.__new__(BurtState)
        new.__dict__.update(self.__dict__, characters=characters, to_come=list(self.to_come),
                            turned=list(self.turned), events=list(self.events),
                            seats={user: Seat(seat.points) for user, seat in self.seats.items()})
        return new

    def settle(self, before: BurtState, keys: dict[str, None], ctx: Context) -> None:
        """A character put out of the fight by the action leaves the deck."""
        for key in keys:
            character = self.characters[key]
            if character.out and not before.characters[key].out:
                self.leave_deck(key)
                if self.acting == key:
                    self.acting = ""
                ctx.note(f"{character.name} is out of the fight: their card leaves the deck.")

    # -- seats and casting ---------------------------------------------------------

    def seat(self, user: int) -> Seat:
        """The player's seat, with the game's initiative points when new."""
        if user not in self.seats:
            self.seats[user] = Seat(self.settings.points)
        return self.seats[user]

    def add(self, character: Gunman, rng: random.Random) -> Gunman:
        """Cast a character: once turns are dealt, its card is shuffled into the cards to come."""
        if character.key in self.characters:
            raise RulesError(f"There is already a character called {character.name}.")
        if character.key.upper() in SPECIAL_CARDS:
            raise RulesError(f"{character.name} is the name of a card of the deck: choose another name.")
        self.seat(character.owner)
        self.characters[character.key] = character
        if self.turn:
            self.to_come.insert(rng.randint(0, len(self.to_come)), character.key)
        return character

    def remove(self, key: str) -> Gunman:
        """Take a character out of the game, with its card."""
        if key not in self.characters:
            raise RulesError(f"There is no character {key!r} in this game.")
        self.leave_deck(key)
        self.turned = [card for card in self.turned if card != key]
        if self.acting == key:
            self.acting = ""
        return self.characters.pop(key)

    def leave_deck(self, key: str) -> None:
        self.to_come = [card for card in self.to_come if card != key]

    # -- the deck ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether this turn has ended: its STOP card has come up (SB 137)."""
        return STOP in self.turned

    def shuffle(self, rng: random.Random) -> None:
        """A new turn: a card for every character still fighting, STOP and EVENT, shuffled (SB 133).
        Actions left and extra actions bought last turn are lost; points come back if the game says so."""
        deck = [key for key, character in self.characters.items() if character.fighting] + list(SPECIAL_CARDS)
        self.turn += 1
        rng.shuffle(deck)
        self.to_come, self.turned, self.acting, self.event_due = deck, [], "", False
        for character in self.characters.values():
            character.actions = character.bought = 0
        if self.settings.points_every_turn:
            for seat in self.seats.values():
                seat.points = self.settings.points

    def turn_card(self) -> str:
        """Turn the next card: a character's card gives it two actions (SB 135), and its last move is over;
        the card before it loses what it had left; STOP ends the turn (SB 137), and with it every action
        left or bought; EVENT waits for the Director's event (SB 145)."""
        if not self.to_come or self.over:
            raise RulesError("The turn is over: deal the next one.")
        card = self.to_come.pop(0)
        self.turned.append(card)
        if self.acting in self.characters:
            self.characters[self.acting].actions = 0
        self.acting, self.event_due = "", False
        if card == STOP:
            for character in self.characters.values():
                character.actions = character.bought = 0
        elif card == EVENT:
            self.event_due = self.settings.events
        else:
            character = self.characters[card]
            self.acting = card
            character.actions, character.gait = 2, Gait.STILL
        return card

    # -- taking actions ------------------------------------------------------------

    @staticmethod
    def ready(character: Gunman, getting_up: bool = False) -> None:
        """Refuse an action by a character out of the fight, or stunned (but for a try to get up)."""
        if character.out:
            raise RulesError(f"{character.name} is {character.out} and cannot act.")
        if character.stunned and not getting_up:
            raise RulesError(words(Name(character.name), " is stunned: they must get up first (", Command("burt getup"),
                                   ")."))

    def spend(self, character: Gunman, cost: int, ctx: Context, aiming: bool = False,
              getting_up: bool = False) -> None:
        """Take a single (1) or double (2) action: from the character's card while it is up, else one bought with
        initiative points. Any action but an AIM ends a run of AIMs. Before the first turn is dealt the cast
        sets the scene and nothing is counted."""
        self.ready(character, getting_up)
        if not aiming:
            character.aims, character.aim_at = 0, ""
        if self.turn == 0:
            return
        if character.actions >= cost:
            character.actions -= cost
        elif cost == 1 and character.bought:
            character.bought -= 1
            ctx.note(f"{character.name} takes an extra action bought with initiative points.")
        elif cost == 2:
            left = f" and has {character.actions} left" if self.acting == character.key else ""
            raise RulesError(f"{character.name} needs both actions of their card for that double action{left}.")
        else:
            why = "both actions of their card are spent" if self.acting == character.key else "their card is not up"
            raise RulesError(words(Name(character.name), f" has no action left: {why}. Spend initiative points for an "
                                   "extra action (", Command("burt initiative"), ")."))

    def price(self, character: Gunman) -> int:
        """What an extra single action costs the character's player (SB 141); 0: none may be bought."""
        if character.type is Class.NON_COMBATANT:
            return self.settings.non_combatant_price
        return INITIATIVE_PRICE[character.type]

    def take_hits(self, character: Gunman, severity: Severity) -> None:
        """Record a wound; one killed outright, or past the 4 hits a character can take, is dead (SB 329)."""
        character.wounds.append(severity)
        if severity is Severity.DEAD or character.hits >= HITS_TAKEN:
            character.out = "dead"
            character.stunned = character.lying = False
            character.actions = character.bought = character.aims = 0
            character.aim_at = ""

    def fall(self, character: Gunman, stunned: bool) -> None:
        """The character falls over (stunned or not): he is lying, off his horse if he was mounted, and his AIMs
        and his move are lost."""
        character.lying, character.mounted = True, False
        character.stunned = character.stunned or stunned
        character.aims, character.aim_at, character.gait = 0, "", Gait.STILL

    # -- the invariant ---------------------------------------------------------------

    def check(self) -> None:
        """Raise AssertionError if a card of the deck is lost or doubled."""
        piles = self.to_come + self.turned
        assert len(piles) == len(set(piles)), "a card is in the deck twice"
        for card in piles:
            assert card in SPECIAL_CARDS or card in self.characters, f"{card} belongs to nobody"
        if self.turn:
            for card in SPECIAL_CARDS:
                assert card in piles, f"the {card} card went missing"
            for key, character in self.characters.items():
                if character.fighting:
                    assert key in piles, f"{key}'s card went missing"
                else:
                    assert key not in self.to_come, f"{key} is out of the fight but has a card to come"
        else:
            assert not piles, "a deck before the first turn"
        assert not self.acting or self.turned and self.turned[-1] == self.acting
        for key, character in self.characters.items():
            assert character.actions == 0 or key == self.acting, f"{key} has card actions off his card"
            assert 0 <= character.aims <= 3
