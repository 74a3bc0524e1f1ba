"""The game as plain data: seats, the cast, the deck, and what happens to cards.

Everything here round-trips through JSON (:meth:`QotdState.to_json`,
:meth:`QotdState.from_json`) without loss. The deck invariant (no card is ever
duplicated or lost) is checked by :meth:`QotdState.check`.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core import serial
from ..core.actions import shallow
from ..core.cards import JOKERS, SUITS, Card, allocate
from ..core.dice import Dice, Keep, Luck
from ..core.errors import RulesError
from ..core.fair import Seal, shuffle_hidden
from .battlefield import Battlefield
from .beasts import ANIMALS
from .casting import CharacterType
from .map_checks import stored_map
from .traits import covers
from .weapons import EXPLOSIVE, WEAPONS

if TYPE_CHECKING:
    from ..core.replay import Context



class Condition(enum.Enum):
    """States a character can be in, as the book names them."""

    HOLDING = "Holding"
    KNOCKED_OUT = "KO'd for the rest of the action"
    ON_THE_BACK_FOOT = "On the Back Foot"
    DEFENCELESS = "Defenceless"
    ENTANGLED = "Entangled"
    FLED = "Fled"
    PRONE = "Prone"
    AIMING = "Aiming"
    HELD_THIS_PHASE = "Held this phase"
    QUICK_REACTIONS = "Quick Reactions: may re-roll this attack or shot"
    RESPONDING = "Responding to an opportunity: acts now, off their card"
    MOVED = "Moved this phase"
    MIGHTY_BLOW_USED = "Mighty Blow made this phase"
    ALL_OUT_ATTACK_USED = "All Out Attack made this phase"
    MADE_ALL_OUT_ATTACK = "Made an All Out Attack on their turn"
    LEFT_DEFENCELESS = "Defenceless until their next turn"
    FLEEING = "Fleeing"
    DUCKED_DOWN = "Ducked down"
    HELD = "Entangled or restrained"
    TRAPPED = "Completely trapped or restrained"
    ENRAGED = "Enraged: its next attack is an All Out Attack"
    BLOCKED = "Blocked: no counter attack, and only a hasty attack next"
    UNDER_MOUNT = "Trapped under their dead mount"


PHASE_CONDITIONS = frozenset({
    Condition.HOLDING, Condition.MIGHTY_BLOW_USED, Condition.ALL_OUT_ATTACK_USED, Condition.HELD_THIS_PHASE,
    Condition.QUICK_REACTIONS, Condition.MOVED, Condition.FLEEING, Condition.DUCKED_DOWN, Condition.RESPONDING,
})
"""Conditions that last one phase and are cleared when the pack is shuffled."""

COMBAT_CONDITIONS = frozenset({
    Condition.ON_THE_BACK_FOOT, Condition.MADE_ALL_OUT_ATTACK, Condition.LEFT_DEFENCELESS, Condition.BLOCKED,
})
"""Conditions that last for the rest of a combat and end with it (see docs/rulings.md)."""

DEFENCELESS = frozenset({Condition.DEFENCELESS, Condition.LEFT_DEFENCELESS, Condition.HELD, Condition.TRAPPED})
"""Conditions in which a character counts as Defenceless or helpless (one ducked down only in close combat)."""

ENTANGLEMENT = (Condition.ENTANGLED, Condition.HELD, Condition.TRAPPED)
"""The Entangling chart's grips, loosest first: partly (5+, also barely on a 10), entangled (2-4), trapped (1)."""

OUT_OF_ACTION = frozenset({Condition.KNOCKED_OUT, Condition.FLED})
"""Conditions that take a character's cards out of the pack."""


class WeaponCondition(enum.Enum):
    """What state a carried weapon is in."""

    READY = "loaded"
    EMPTY = "empty"
    JAMMED = "jammed"
    UNPRIMED = "needs re-priming"
    FOULED = "needs clearing"
    GONE = "thrown or lost"
    BROKEN = "broken"
    TANGLED = "entangled"


@dataclass
class Carried:
    """A weapon a character carries, and its ammunition state."""

    weapon: str
    """Key into :data:`bot.rules.qotd.weapons.WEAPONS`."""
    ignition: str = ""
    """Ignition name for weapons that may be flintlock or percussion; empty for the default."""
    loaded: int = 0
    condition: WeaponCondition = WeaponCondition.READY
    slides: int = 0
    """Preloaded slides still carried (a harmonica rifle)."""
    reduced_clearing: bool = False
    """A 1 fouled the last attempt to clear the jam: further attempts use reduced dice."""

    @classmethod
    def ready(cls, key: str, ignition: str = "") -> Carried:
        """A weapon as a character is cast with it: loaded; a harmonica rifle empty with its two slides
        (1921-1925); dynamite with its fuse still to light (1713)."""
        weapon = WEAPONS[key]
        if weapon.slides or weapon.category == EXPLOSIVE:
            return cls(key, ignition, condition=WeaponCondition.EMPTY, slides=weapon.slides)
        return cls(key, ignition, loaded=weapon.shots)


@dataclass
class Mount:
    """A mount and the hits it has taken."""

    kind: str
    stamina: int
    hits: int = 0
    bolting: bool = False

    @property
    def collapsed(self) -> bool:
        return self.hits >= self.stamina


class Role(enum.Enum):
    """How a character rides a vehicle, as the book names them."""

    DRIVER = "driver"
    CREW = "crew"
    PASSENGER = "passenger"


@dataclass
class Vehicle:
    """A vehicle of the cast (Reel 6, Hits on Vehicles): its construction, speed, damage, and who is aboard."""

    key: str
    name: str
    owner: int
    kind: str
    """Key into :data:`bot.rules.qotd.vehicles.KINDS`."""
    construction: str
    """Key into :data:`bot.rules.qotd.dv.VDV`: none, light, robust or strong."""
    paces: int = 0
    """How far it moved on its last turn: its speed (see docs/rulings.md)."""
    aboard: dict[str, Role] = field(default_factory=dict)
    """Characters aboard by key, in the order they climbed aboard."""
    team: int = 0
    """Horses in harness (none for an engine)."""
    team_hits: int = 0
    """Hits its team has taken: a horse collapses at every second one."""
    halved: int = 0
    """Reduced Mobility results taken (and team horses collapsed): each halves its movement."""
    immobilized: bool = False
    destroyed: bool = False

    @property
    def driver(self) -> str:
        """The key of its driver, or empty."""
        return next((key for key, role in self.aboard.items() if role is Role.DRIVER), "")

    def copy(self) -> Vehicle:
        return shallow(self, aboard=dict(self.aboard))


@dataclass
class Trait:
    """A personality, skill or trait on a character; ``detail`` for "a particular" ones."""

    key: str
    detail: str = ""


@dataclass
class Character:
    """One member of the cast."""

    key: str
    name: str
    owner: int
    type: CharacterType
    personality: str
    traits: list[Trait] = field(default_factory=list)
    weapons: list[Carried] = field(default_factory=list)
    armour: str = "none"
    shield: bool = False
    mount: Mount | None = None
    animal: str = ""
    """Key into the animal types for beasts; empty for people."""
    attack_dice: int = 0
    """A beast's attack dice, less one for each wounding hit."""
    wounds: int = 0
    """Hits a beast has taken (a beast loses dice, not cards, to hits)."""
    active: bool = True
    """Beasts join the pack when activated; everyone else is active from casting."""
    cards: list[Card] = field(default_factory=list)
    lost: list[Card] = field(default_factory=list)
    stunned: list[Card] = field(default_factory=list)
    conditions: set[Condition] = field(default_factory=set)
    luck: Luck | None = None
    """A joker's mark, applied to this character's next roll."""
    lucky_used: int = 0
    cuts_used: int = 0
    reduced: bool = False
    """Uses reduced dice for the whole game (I'm Exhausted!)."""
    roster_id: int = 0
    """The campaign roster entry this character was cast from, if any."""
    opponents: list[str] = field(default_factory=list)
    """Whom the character is fighting: a combat lasts while either side of a pair still fights."""
    fighting_with: str = ""
    """The weapon the character last fought with in this combat (its reach counts when attacked)."""
    closed_with: list[str] = field(default_factory=list)
    """Opponents with a shorter weapon who have scored a hit: this character's longer reach no longer counts
    against them in this combat."""

    @property
    def is_beast(self) -> bool:
        return bool(self.animal)

    @property
    def available(self) -> list[Card]:
        """Cards that go into the pack: not lost, not stunned."""
        if not (self.lost or self.stunned):
            return list(self.cards)
        gone = set(self.lost) | set(self.stunned)
        return [c for c in self.cards if c not in gone]

    @property
    def in_action(self) -> bool:
        """Whether the character's cards go into the pack."""
        return self.active and not (self.conditions & OUT_OF_ACTION)

    @property
    def defenceless(self) -> bool:
        """Whether the character counts as Defenceless or helpless now."""
        return bool(self.conditions & DEFENCELESS)

    @property
    def can_fight(self) -> bool:
        """Whether the character is still in a combat: standing, in the action, and not fleeing."""
        return self.in_action and not self.casualty and Condition.FLEEING not in self.conditions

    @property
    def casualty(self) -> bool:
        """No cards left: a casualty of war (lethal) or passed out (stunned)."""
        return bool(self.cards) and bool(self.lost or self.stunned) and not self.available

    @property
    def state_words(self) -> list[str]:
        """Plain words for everything notable about the character, for lists and the board."""
        words = []
        if self.casualty:
            words.append("passed out" if self.stunned and len(self.stunned) + len(self.lost) == len(self.cards)
                         and not self.lost else "casualty")
        words += [c.value for c in sorted(self.conditions, key=lambda c: c.value)
                  if c not in (Condition.MIGHTY_BLOW_USED, Condition.ALL_OUT_ATTACK_USED, Condition.HELD_THIS_PHASE,
                               Condition.MOVED)]
        if self.is_beast and not self.active:
            words.append("not yet activated")
        return words

    def copy(self) -> Character:
        """A copy that shares nothing mutable with this one."""
        return shallow(self, traits=list(self.traits), weapons=[shallow(w) for w in self.weapons],
                       mount=shallow(self.mount) if self.mount else None, cards=list(self.cards),
                       lost=list(self.lost), stunned=list(self.stunned), conditions=set(self.conditions),
                       opponents=list(self.opponents), closed_with=list(self.closed_with))

    def has(self, key: str, detail: str | None = None) -> bool:
        """Whether the character has a personality, skill or trait (with that detail).

        A personality has no stored detail: an Academic's area of study is whatever
        skill the player names for the roll (see docs/rulings.md). A beast has the traits of
        its kind in the Animal Types table.
        """
        if self.personality == key or (self.animal and key in ANIMALS[self.animal].traits):
            return True
        return any(t.key == key and (detail is None or covers(t.detail, detail)) for t in self.traits)

    def action_dice(self, reduced: bool = False) -> Dice:
        """The character's action dice, or reduced dice."""
        if self.is_beast:
            return Dice(max(1, self.attack_dice), Keep.BEST)
        row = self.type.row
        return row.reduced_dice if reduced or self.reduced else row.action_dice


@dataclass
class Seat:
    """A player at the table: the suits (of which packs) their characters' cards come from."""

    suits: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class Deck:
    """This phase's pack: cards to come (next first), turned, and taken out."""

    phase: int = 0
    to_come: list[Card] = field(default_factory=list)
    turned: list[Card] = field(default_factory=list)
    out: list[Card] = field(default_factory=list)
    """Cards taken out of this phase: sacrificed for Cut! or for responding."""
    mark: Luck | None = None
    """A joker turned and waiting for the next card."""

    @property
    def current(self) -> Card | None:
        """The card whose character is acting now (the last non-joker turned)."""
        for card in reversed(self.turned):
            if not card.is_joker:
                return card
        return None

    @property
    def spent(self) -> bool:
        """Whether every card of the phase has been turned."""
        return self.phase > 0 and not self.to_come

    @property
    def jokers_seen(self) -> list[Card]:
        return [c for c in self.turned if c.is_joker]


@dataclass
class Settings:
    """Per-game rule options a Director may change."""

    cuts_per_character: int = 1
    """How many times each Hero or Main Character may call Cut! in a game."""
    lucky_rerolls: int = 4
    every_die_thrown: bool = True
    """"Reloaded if any 1s are thrown", misfires and jams are read on every die thrown (the book's
    wording), or only on the dice kept (see docs/rulings.md)."""
    drawing_is_hasty: bool = True
    """A shot drawn and fired in the same turn is a hasty shot (+2 DV, as Reel 4 and the Main Street
    chart say), or gives the DV table's +1 for drawing a weapon (see docs/rulings.md)."""
    stunned_defenceless: bool = True
    """A character with a stunned card counts as Defenceless until they come round, as the book's "unless stunned
    or KO'd" reads; off, only once every card is stunned (see docs/rulings.md)."""
    armour_twice: bool = False
    """Armour sets the basic DV and also counts as the DV table's "Wearing Armour" (+1); off, once
    (see docs/rulings.md)."""
    brave_close_combat_only: bool = False
    """The Brave ignore only grazes from close combat; off, grazes from shooting too (see docs/rulings.md)."""
    all_out_every_fight: bool = False
    """A Rash or Fanatic character makes their forced All Out Attack in the first round of every fight, even past
    the one a phase; off, the once-a-phase limit wins (see docs/rulings.md)."""


@dataclass
class QotdState:
    """A whole game of Quick on the Draw."""

    seats: dict[int, Seat] = field(default_factory=dict)
    characters: dict[str, Character] = field(default_factory=dict)
    deck: Deck = field(default_factory=Deck)
    settings: Settings = field(default_factory=Settings)
    vehicles: dict[str, Vehicle] = field(default_factory=dict)
    pending: dict[str, Any] | None = None
    """An action waiting for a re-roll decision (see :mod:`.actions`)."""
    seal: Seal | None = None
    """The seal the phase's cards and dice come from (see :mod:`bot.rules.core.fair`); its seed is secret."""
    battlefield: Battlefield | None = None
    """The map of the set, if the game has one (see :mod:`.on_the_map`)."""
    loose_mounts: dict[str, Mount] = field(default_factory=dict)
    """Mounts no one rides, by name ("Kid's horse"): thrown from, left by a rider who dismounted on the map or
    fell, or riderless from the start (see docs/rulings.md)."""

    # -- serialisation -------------------------------------------------------

    def to_json(self) -> dict:
        return serial.to_json(self)

    @classmethod
    def from_json(cls, data: dict) -> QotdState:
        """The game as stored; its map keeps only what a map may hold (:func:`.map_checks.stored_map`), and only
        the tokens of those in the game (a game stored before a character's token went with it: ruling 492)."""
        if data.get("battlefield") is None:
            return serial.from_json(cls, data)
        state = serial.from_json(cls, {key: value for key, value in data.items() if key != "battlefield"})
        field = state.battlefield = stored_map(data["battlefield"])
        if field is not None:
            field.tokens = {key: token for key, token in field.tokens.items() if key in state.characters
                            or key in state.vehicles or key in state.loose_mounts}
        return state

    def leave_mount(self, rider: Character) -> str:
        """The rider's mount left loose (they were thrown, dismounted or fell): kept by a name of its own, the
        rider on foot. Returns its name."""
        base = name = f"{rider.name}'s {rider.mount.kind}"
        number = 2
        while name.casefold() in {n.casefold() for n in self.loose_mounts}:
            name, number = f"{base} {number}", number + 1
        self.loose_mounts[name] = rider.mount
        rider.mount = None
        return name

    # -- combats ------------------------------------------------------------

    def engage(self, attacker: Character, defender: Character) -> None:
        """Attacker and defender are now in a combat with each other."""
        if defender.key not in attacker.opponents:
            attacker.opponents.append(defender.key)
        if attacker.key not in defender.opponents:
            defender.opponents.append(attacker.key)

    def part(self, character: Character, other: Character) -> None:
        """The character leaves the combat with ``other`` (evading, breaking off)."""
        for one, two in ((character, other), (other, character)):
            if two.key in one.opponents:
                one.opponents.remove(two.key)

    def settle_combats(self, keys: Iterable[str]) -> list[Character]:
        """End the combats that are over for the named characters (each in a combat when the action began, or
        now): an opponent who no longer fights (a casualty, out of the action, fleeing, or parted) leaves the
        combat, and a character with no opponent left loses every condition that lasts the combat. Returns
        those whose combat ended."""
        ended = []
        for key in keys:
            character = self.characters.get(key)
            if character is None:
                continue
            fighting = [k for k in character.opponents if k in self.characters and self.characters[k].can_fight
                        and key in self.characters[k].opponents] if character.can_fight else []
            character.opponents = fighting
            character.closed_with = [k for k in character.closed_with if k in fighting]
            if not fighting:
                character.fighting_with = ""
                character.conditions -= COMBAT_CONDITIONS
                ended.append(character)
        return ended

    # -- actions (see bot.rules.core.actions) --------------------------------

    def involve(self, keys: tuple[str, ...]) -> dict[str, None]:
        """The characters and vehicles named, each checked to exist, and those any of them is fighting: a
        combat may end for them."""
        characters = self.characters
        involved = dict.fromkeys(keys)
        for key in involved:
            if key not in characters and key not in self.vehicles:
                raise RulesError(f"There is no character {key!r} in this game.")
        fighting = [key for key in involved if key in characters and characters[key].opponents]
        involved.update(dict.fromkeys(k for key in fighting for k in characters[key].opponents if k in characters))
        return involved

    def settle(self, before: QotdState, keys: dict[str, None], ctx: Context) -> None:
        """End the combats the action ended, for those fighting before it or now (see :meth:`settle_combats`)."""
        in_combat = [*(k for k in keys if k in before.characters and before.characters[k].opponents),
                     *(k for k in keys if k in self.characters and self.characters[k].opponents)]
        for character in self.settle_combats(dict.fromkeys(in_combat)) if in_combat else ():
            ctx.note(f"{character.name}'s combat is over.")

    def fork(self, *keys: str) -> QotdState:
        """A copy to run an action on: the deck and the named characters are copied, the rest shared.

        A named vehicle, or one a named character is aboard, is copied with everyone aboard it.
        Only these may be changed on the fork, so a paused action leaves this state as it was.
        """
        characters = dict(self.characters)
        vehicles = self.vehicles
        if vehicles:
            vehicles = dict(vehicles)
            for vehicle in self.vehicles.values():
                if vehicle.key in keys or not vehicle.aboard.keys().isdisjoint(keys):
                    vehicles[vehicle.key] = vehicle.copy()
                    keys += tuple(vehicle.aboard)
        for key in dict.fromkeys(keys):
            if key in characters:
                characters[key] = characters[key].copy()
        deck = shallow(self.deck, to_come=list(self.deck.to_come), turned=list(self.deck.turned),
                       out=list(self.deck.out))
        return shallow(self, characters=characters, deck=deck, vehicles=vehicles)

    # -- seats and casting ---------------------------------------------------

    def seat(self, user: int) -> Seat:
        """The user's seat, giving them the next free suit if they have none."""
        if user not in self.seats:
            held = {s for seat in self.seats.values() for s in seat.suits}
            pack = 1
            while True:
                free = [s for s in SUITS if (s, pack) not in held]
                if free:
                    self.seats[user] = Seat([(free[0], pack)])
                    break
                pack += 1
        return self.seats[user]

    def taken_cards(self) -> set[Card]:
        return {c for ch in self.characters.values() for c in ch.cards}

    def deal_cards(self, user: int, count: int) -> list[Card]:
        """Allocate ``count`` cards from the user's suit, opening another pack of it when it runs out."""
        seat = self.seat(user)
        taken = self.taken_cards()
        held = {s for other in self.seats.values() for s in other.suits}
        for suit, pack in seat.suits:
            try:
                return allocate(taken, suit, pack, count)
            except ValueError:
                continue
        suit = seat.suits[0][0]
        pack = 1
        while (suit, pack) in held:
            pack += 1
        seat.suits.append((suit, pack))
        return allocate(taken, suit, pack, count)

    def add(self, character: Character, rng: random.Random, cards: int | None = None) -> Character:
        """Cast a character: allocate its cards and, mid-phase, shuffle them into the cards to come."""
        self.refuse_taken(character.key, character.name)
        count = (1 if character.is_beast else character.type.row.cards) if cards is None else cards
        character.cards = self.deal_cards(character.owner, count)
        self.characters[character.key] = character
        if character.in_action:
            self._join_pack(character, rng)
        return character

    def refuse_taken(self, key: str, name: str) -> None:
        """Refuse a new character or vehicle whose name a character or vehicle of the game already has."""
        if key in self.characters:
            raise RulesError(f"There is already a character called {name}.")
        if key in self.vehicles:
            raise RulesError(f"There is already a vehicle called {name}.")

    def remove(self, key: str) -> Character:
        """Take a character out of the game, with its cards (from every pile of the deck) and its token."""
        character = self.characters.pop(key)
        self.leave_map(key)
        for other in self.characters.values():
            if key in other.opponents:
                other.opponents.remove(key)
        for vehicle in self.vehicles.values():
            vehicle.aboard.pop(key, None)
        mine = set(character.cards)
        deck = self.deck
        deck.to_come, deck.turned, deck.out = ([c for c in pile if c not in mine]
                                               for pile in (deck.to_come, deck.turned, deck.out))
        return character

    def remove_vehicle(self, key: str) -> Vehicle:
        """Take a vehicle out of the game, with its token."""
        self.leave_map(key)
        return self.vehicles.pop(key)

    def leave_map(self, key: str) -> None:
        """Take a character's or vehicle's token off the map, with any move planned for it (ruling 492)."""
        if self.battlefield is not None:
            self.battlefield = self.battlefield.without(key)

    def vehicle_of(self, key: str) -> Vehicle | None:
        """The vehicle named by ``key``, or the one the character ``key`` is aboard; None for neither."""
        if not self.vehicles:
            return None
        if key in self.vehicles:
            return self.vehicles[key]
        return next((v for v in self.vehicles.values() if key in v.aboard), None)

    def owner_of(self, card: Card) -> Character | None:
        """The character a card belongs to (None for jokers); found by code, a third of the time of comparing cards
        (asked several times a command)."""
        code = card.code
        for character in self.characters.values():
            for held in character.cards:
                if held.code == code:
                    return character
        return None

    @property
    def acting(self) -> Character | None:
        """The character whose card is up."""
        card = self.deck.current
        return self.owner_of(card) if card else None

    # -- the deck ------------------------------------------------------------

    def shuffle(self, rng: random.Random) -> None:
        """Start the next phase: every active character's cards plus both jokers, shuffled. Phase conditions end,
        and so do combat conditions of a character in no combat the bot knows of."""
        pack = [c for ch in self.characters.values() if ch.in_action for c in ch.available]
        pack += JOKERS
        shuffle_hidden(rng, "pack", pack)
        self.deck = Deck(phase=self.deck.phase + 1, to_come=pack, mark=self.deck.mark)
        for character in self.characters.values():
            character.conditions -= PHASE_CONDITIONS if character.opponents else PHASE_CONDITIONS | COMBAT_CONDITIONS

    def turn(self) -> tuple[Card, Character | None]:
        """Turn the next card. A joker marks the next card; a marked card passes the mark to its character."""
        if not self.deck.to_come:
            raise RulesError("The pack is spent: deal the next phase.")
        card = self.deck.to_come.pop(0)
        self.deck.turned.append(card)
        if card.is_joker:
            luck = Luck.RED if card.is_red else Luck.BLACK
            # Red and black jokers in a row cancel out (see docs/rulings.md).
            self.deck.mark = None if self.deck.mark not in (None, luck) else luck
            return card, None
        character = self.owner_of(card)
        for other in self.characters.values():
            other.luck = None
            other.conditions.discard(Condition.RESPONDING)
        if character is not None:
            character.conditions.discard(Condition.LEFT_DEFENCELESS)
        if character is not None and self.deck.mark is not None:
            character.luck = self.deck.mark
        self.deck.mark = None
        return card, character

    def next_card_of(self, character: Character) -> Card | None:
        """The character's next card still to come this phase."""
        mine = set(character.cards)
        return next((c for c in self.deck.to_come if c in mine), None)

    def sacrifice(self, character: Character) -> Card:
        """Take the character's next card out of this phase (Cut!, responding to an attack)."""
        card = self.next_card_of(character)
        if card is None:
            raise RulesError(f"{character.name} has no card still to come this phase.")
        self.deck.to_come.remove(card)
        self.deck.out.append(card)
        return card

    def wound(self, character: Character, lethal: bool) -> Card | None:
        """Remove one card for a hit: the next to come this phase, else the last one turned.

        Lethal hits lose the card for good; stunning hits until the character comes round.
        Returns the card, or None when the character had no card left to lose.
        """
        available = character.available
        if not available:
            return None
        card = self.next_card_of(character)
        if card is None:
            in_play = set(self.deck.turned) | set(self.deck.out)
            played = [c for c in available if c in in_play]
            card = played[-1] if played else available[-1]
        if card in self.deck.to_come:
            self.deck.to_come.remove(card)
        (character.lost if lethal else character.stunned).append(card)
        return card

    def restore(self, character: Character, card: Card, rng: random.Random) -> None:
        """Give back a lost or stunned card. Mid-phase, a card not yet played this phase is
        shuffled into the cards to come; one already turned or taken out waits for the next shuffle."""
        for pile in (character.lost, character.stunned):
            if card in pile:
                pile.remove(card)
                break
        else:
            raise RulesError(f"{card} is not out of {character.name}'s hand.")
        if character.in_action:
            self._join_pack(character, rng)

    def take_out_of_action(self, character: Character, condition: Condition) -> None:
        """KO'd for the rest of the action, or fled: the character's cards leave the pack."""
        character.conditions.add(condition)
        self._leave_pack(character)

    def activate(self, character: Character, rng: random.Random) -> None:
        """A beast comes into play: its card is shuffled into the cards to come."""
        character.active = True
        self._join_pack(character, rng)

    def _join_pack(self, character: Character, rng: random.Random) -> None:
        in_play = set(self.deck.to_come) | set(self.deck.turned) | set(self.deck.out)
        self._shuffle_in([c for c in character.available if c not in in_play], rng)

    def _shuffle_in(self, cards: list[Card], rng: random.Random) -> None:
        """Mid-phase, put cards at random places among the cards to come."""
        if self.deck.phase == 0 or self.deck.spent:
            return
        for card in cards:
            self.deck.to_come.insert(rng.randint(0, len(self.deck.to_come)), card)

    def _leave_pack(self, character: Character) -> None:
        mine = set(character.cards)
        self.deck.to_come = [c for c in self.deck.to_come if c not in mine]

    # -- the invariant -------------------------------------------------------

    def check(self) -> None:
        """Raise AssertionError if any card is duplicated or lost."""
        owners: dict[Card, str] = {}
        for character in self.characters.values():
            for card in character.cards:
                assert card not in owners, f"{card} belongs to {owners[card]} and {character.key}"
                owners[card] = character.key
            assert len(set(character.cards)) == len(character.cards)
            assert not set(character.lost) & set(character.stunned)
            assert set(character.lost) | set(character.stunned) <= set(character.cards)
        piles = self.deck.to_come + self.deck.turned + self.deck.out
        assert len(piles) == len(set(piles)), "a card is in the deck twice"
        for card in piles:
            assert card.is_joker or card in owners, f"{card} in the deck belongs to no one"
        if self.deck.phase:
            assert sorted(c for c in piles if c.is_joker) == sorted(JOKERS), "a joker went missing"
        to_come = set(self.deck.to_come)
        assert not to_come & set(self.deck.out)
        riders = [key for vehicle in self.vehicles.values() for key in vehicle.aboard]
        assert len(riders) == len(set(riders)), "a character is aboard two vehicles"
        assert set(riders) <= set(self.characters), "someone aboard a vehicle is not in the cast"
        for vehicle in self.vehicles.values():
            assert list(vehicle.aboard.values()).count(Role.DRIVER) <= 1, f"{vehicle.key} has two drivers"
        for character in self.characters.values():
            gone = set(character.lost) | set(character.stunned)
            assert not to_come & gone, f"{character.key} has a lost card still to come"
            if not character.in_action:
                assert not to_come & set(character.cards), f"{character.key} is out but has cards to come"
            elif self.deck.phase and not self.deck.spent:
                missing = set(character.available) - set(piles)
                assert not missing, f"{character.key}'s {sorted(map(str, missing))} went missing"
