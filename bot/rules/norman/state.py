"""The state of a game of Mackenzie Norman's card gunfight: seats with a suit and a hand, figures, the town's
face-down buildings, the deck, and the window open on a played card (MN = line of the text)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.rules.core import serial
from bot.rules.core.cards import JOKERS, Card
from bot.rules.core.errors import RulesError
from bot.rules.core.fair import Seal
from bot.rules.core.piles import Deck, full_pack
from bot.rules.core.replay import Context
from bot.rules.core.words import Command, words

from .charts import HORSE, MAN, MAN_ON_HORSE

STARTING_SUITS = ("spades", "clubs", "diamonds", "hearts")
"""MN 13-14: "(Spades, Clubs, Diamonds, Hearts)", the order seats are given and turns go round."""

SHOOT_RANKS = frozenset({"A", "J", "Q", "K"})
"""MN 153: "Shoot cards (Ace/J/Q/K)"."""
MOVE_RANKS = frozenset({"2", "3", "4", "5", "6"})
"""MN 57-60: "2,3,4,5,6 ... a 3 allows a 3" move"."""
CLIMB_RANKS = frozenset({"7", "8", "9", "10"})
"""MN 61-66: the climb card."""

SKILLS = ("Persuade", "Shoot", "True Grit", "Sneak", "Cardsharp", "Cheatin' rat", "Buffalo Hunter")
"""MN 231-253: Skills for Kills."""

IN_PLAY, SHOT_DOWN, FLED, DEAD = "in play", "Shot down", "Fled", "Dead"


def uses(card: Card) -> tuple[str, ...]:
    """What a card may be played as (the lost "Uses – either:" column, MN 48-86; see docs/rulings.md)."""
    if card.is_joker:
        return ("cancel",)
    if card.rank in SHOOT_RANKS:
        return ("Shoot", "Aim", "distance") if card.rank == "A" else ("Shoot", "Aim")
    return ("move", "distance") if card.rank in MOVE_RANKS else ("climb", "distance")


def value(card: Card) -> int:
    """A card's number as a distance (MN 142: "distance card (1-10)"): the Ace is 1."""
    return 1 if card.rank == "A" else int(card.rank)


def full_deck(packs: int) -> list[Card]:
    """Every card the game plays with: ``packs`` standard packs, each with its two Jokers (every Joker alike,
    whatever its pack: a Joker is a Joker)."""
    return [card for pack in range(1, packs + 1) for card in full_pack(pack, jokers=0)] + list(JOKERS) * packs


@dataclass
class Settings:
    """What the text leaves to the table, chosen by the Director (see docs/rulings.md)."""

    hand: int = 5
    """Cards dealt to each player at the start of a turn."""
    keep: bool = False
    """Whether a player keeps unplayed cards from turn to turn (else they are discarded at the deal)."""
    packs: int = 1
    """How many standard packs (each with two Jokers) make the one deck all players are dealt from."""
    order: str = "rotate"
    """Who plays first each turn: "rotate" (the next seat each turn) or "random" (shuffled each turn)."""
    contact: str = "section"
    """Shoot cards an attacker plays in contact: "section" (two, three with a pistol; MN 151-152), "table"
    (three with a pistol, one otherwise; MN 72), "option" (two; MN 161), or "none" (the simpler game without
    close combat; MN 282-285)."""
    pins: str = "turn"
    """How long a Pin lasts: "turn" (until the next deal) or "game"."""
    money: int = 2
    """Notches a Money card gives the gang that takes it."""


@dataclass
class Figure:
    """A figure on the table: a gang's man or woman (or horse, dog ...), or an Ally persuaded to join."""

    key: str
    name: str
    owner: int
    type: str
    """"man", "woman", "horse" or "dog" ("money" for a Money card of the town)."""
    suit: str = ""
    """Its own suit: the owner's for a gang's figure, its card's for an Ally (MN 210, 223)."""
    ally: bool = False
    pistols: int = 0
    long: str = ""
    """"rifle" or "shotgun": one long arm a figure (MN 43)."""
    dynamite: int = 0
    horse: bool = False
    shoot: int = 0
    """Its Shooting characteristic (MN 21: "–1 Shooting")."""
    grit: int = 0
    """Its True Grit characteristic, lowered by one for each game it Fled (MN 177-178, 203)."""
    skills: dict[str, int] = field(default_factory=dict)
    special: str = ""
    """An Ally's special rules, as its card says ("Insulted" ...; MN 205-206)."""
    status: str = IN_PLAY
    pinned: bool = False
    high: bool = False
    """On a balcony or roof (where a Shot down figure plummets; MN 185, 226)."""
    activated: bool = False
    moved: bool = False
    shots: int = 0
    """Shoot cards played this turn (a cancelled one counts once; MN 78)."""
    thrown: bool = False
    contact: list[str] = field(default_factory=list)
    """The figures it is in base contact with since a close combat, until one moves away (MN 154)."""
    notches: int = 0
    taken: int = 0
    """Skills chosen for its notches (one each 2 notches; MN 227)."""
    money: int = 0
    """Money cards it carries."""
    roster_id: int = 0
    """Its entry on the roster of the game's campaign, if any (see :mod:`bot.rules.norman.campaign`)."""

    @property
    def standing(self) -> bool:
        return self.status == IN_PLAY

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)

    @property
    def true_grit(self) -> int:
        """Its True Grit with the skill, from -2 to +2 (MN 254)."""
        return max(-2, min(2, self.grit + self.skill("True Grit")))

    @property
    def column(self) -> int:
        """Its column of the True Grit table (MN 168-170): a horse, a man on a horse, or a man (or anyone on
        foot)."""
        return HORSE if self.type == "horse" else MAN_ON_HORSE if self.horse else MAN

    @property
    def worth(self) -> int:
        """Its gang value (MN 27-42)."""
        return 1 + self.pistols + (self.long != "") + self.horse + sum(self.skills.values())


def stock(name: str, type: str = "man", suit: str = "", **kit: Any) -> Figure:
    """A stock character's card, or a Money card (type "money"), for the town (MN 17-26, 208-211): a figure
    nobody owns until Persuaded, with its weapons and characteristics."""
    return Figure(name, name, 0, type, suit, **kit)


@dataclass
class Building:
    name: str
    card: Figure | None = None
    """Its face-down card; None when empty or taken."""
    seen_by: list[int] = field(default_factory=list)
    """Players who have looked at the card (MN 212-213): only they know it."""


@dataclass
class Seat:
    """A player: their suit (their side) and their hand."""

    suit: str
    hand: list[Card] = field(default_factory=list)
    swaps: int = 0
    """Cards the player may still discard and replace this turn (Cheatin' rat; MN 248-250)."""
    money: int = 0
    """Notches from Money cards, to spend on skills."""


@dataclass
class Play:
    """A play waiting for the Joker window to close: the cards are on the table, face up."""

    player: int
    figure: str
    kind: str
    """"move", "shoot", "dynamite"."""
    cards: list[Card]
    """The move card or the Shoot cards, in order: each Shoot card is one unit for the Joker."""
    climb: Card | None = None
    dismount: bool = False
    group: list[str] = field(default_factory=list)
    aim: Card | None = None
    distance: Card | None = None
    weapon: str = ""
    targets: list[str] = field(default_factory=list)
    covered: list[str] = field(default_factory=list)
    range: int = 0
    cover: int = 0

    @property
    def units(self) -> int:
        """How many cards a Joker may cancel one at a time (MN 79-86: a move with its climb, an Aim with its
        Shoot, a throw with its distance card count as one)."""
        return len(self.cards) if self.kind == "shoot" else 1

    @property
    def all_cards(self) -> list[Card]:
        return self.cards + [c for c in (self.climb, self.aim, self.distance) if c is not None]


@dataclass
class Window:
    """A played card waits on every opponent alike: cancel with a Joker, or let it stand (MN 73-78)."""

    play: Play
    waiting: list[int]
    """Opponents yet to answer (every opponent, whatever they hold)."""
    answers: dict[int, int] = field(default_factory=dict)
    """Each answer given: the unit cancelled (1 ...), or 0 to let it stand. Secret until the window closes."""
    jokers: dict[int, Card] = field(default_factory=dict)
    """The Joker each cancelling opponent laid face down."""
    number: int = 0
    """Which play of the gunfight it waits on (:attr:`NormanState.plays`): an answer names it, so that one given
    to a play whose window has closed never lands on the next."""


@dataclass
class Contact:
    """Close combat: both sides place their Shoot cards out of sight, revealed together (MN 146-159)."""

    attacker: str
    defender: str
    attack: list[Card]
    defence: list[Card] = field(default_factory=list)


@dataclass
class Shown:
    """A card shown face up this turn, and whose it was: for `/deck` and its picture."""

    card: Card
    by: str
    """The figure it was played for, or the suit of the player whose Joker it was."""


@dataclass
class NormanState:
    seats: dict[int, Seat] = field(default_factory=dict)
    characters: dict[str, Figure] = field(default_factory=dict)
    pending: dict[str, Any] | None = None
    settings: Settings = field(default_factory=Settings)
    deck: Deck = field(default_factory=Deck)
    """The one deck every hand is dealt from, and its discards (face up)."""
    town: list[Building] = field(default_factory=list)
    stock: list[Figure] = field(default_factory=list)
    """Stock cards not (yet) dealt to a building."""
    duds: int = 0
    """Dud sticks of Dynamite lying where they landed (MN 144-145)."""
    turn: int = 0
    order: list[int] = field(default_factory=list)
    """Players still to play this turn; the first is playing."""
    acting: str = ""
    """The figure activated now (MN 56: no figure activates more than once a turn)."""
    weapon: str = ""
    """The weapon type shot with this player-turn (MN 286)."""
    stopped: bool = False
    """The player's turn was ended by a Joker on a move (MN 75-77)."""
    window: Window | None = None
    shown: list[Shown] = field(default_factory=list)
    """Every card shown face up this turn, in order: plays, Jokers that cancelled, close combat's cards (a copy
    of where they are shown, not where they lie; the deal clears it)."""
    plays: int = 0
    """Plays laid face up so far this gunfight, each with its window."""
    contact: Contact | None = None
    over: bool = False
    """The gunfight is over and its aftermath rolled."""
    seal: Seal | None = None
    """The seal this turn's cards and dice come from (see :mod:`bot.rules.core.fair`); its seed is secret."""

    def to_json(self) -> dict:
        return serial.to_json(self)

    # the hooks of core.actions: an action works on a deep copy, since cards move between many piles
    def involve(self, keys: tuple[str, ...]) -> dict[str, None]:
        for key in keys:
            if key not in self.characters:
                raise RulesError(f"There is no figure {key!r} in this gunfight.")
        return dict.fromkeys(keys)

    def fork(self, *keys: str) -> NormanState:
        return copy.deepcopy(self)

    def settle(self, before: NormanState, keys: dict[str, None], ctx: Context) -> None:
        self.check()

    # cards
    def cards(self) -> Counter[Card]:
        """Every card wherever it is: the deck, the discards, the hands, the table, face down."""
        found: Counter[Card] = Counter(self.deck.to_come) + Counter(self.deck.discard)
        for seat in self.seats.values():
            found.update(seat.hand)
        if self.window:
            found.update(self.window.play.all_cards)
            found.update(self.window.jokers.values())
        if self.contact:
            found.update(self.contact.attack + self.contact.defence)
        return found

    def check(self) -> None:
        """No card lost or doubled (once the deck is made, at the first deal); one play open at a time."""
        assert not self.turn or self.cards() == Counter(full_deck(self.settings.packs)), "a card was lost or doubled"
        assert not (self.window and self.contact)

    def draw(self, rng: random.Random, to: str) -> Card:
        """The top card, dealt face down to the player ``to`` (by id); the discards are shuffled into a new deck
        when it runs out."""
        card = self.deck.take(rng, to)
        if card is None:
            raise RulesError("Every card is in a hand: there is none left to deal.")
        return card

    def hand_of(self, user: int) -> list[Card]:
        seat = self.seats.get(user)
        if seat is None:
            raise RulesError(words("You have no seat in this gunfight: ", Command("game join"), " first."))
        return seat.hand

    def take_from_hand(self, user: int, card: Card) -> Card:
        hand = self.hand_of(user)
        if card not in hand:
            raise RulesError(f"You do not hold the {card}.")
        hand.remove(card)
        return card

    # sides
    def side(self, user: int) -> str:
        """A player's side: their suit, or their colour when four play (MN 15-16: black against red)."""
        suit = self.seats[user].suit
        if len(self.seats) == 4:
            return "red" if suit in ("hearts", "diamonds") else "black"
        return suit

    def enemies(self, a: int, b: int) -> bool:
        return self.side(a) != self.side(b)

    def fighting(self, user: int) -> bool:
        """Whether a player has a figure standing: one with none is out of the gunfight, neither dealt cards nor
        given a turn nor asked to answer a play (see docs/rulings.md)."""
        return any(f.owner == user and f.standing for f in self.characters.values())

    def opponents(self, user: int) -> list[int]:
        """The players a play waits on: every enemy still in the gunfight (MN 73-78)."""
        return [other for other in self.seats if self.enemies(user, other) and self.fighting(other)]

    @property
    def player(self) -> int | None:
        """Whose player-turn it is."""
        return self.order[0] if self.order else None

    def figure(self, key: str) -> Figure:
        try:
            return self.characters[key]
        except KeyError:
            raise RulesError(f"There is no figure {key!r} in this gunfight.") from None
