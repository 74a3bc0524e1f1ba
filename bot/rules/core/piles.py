"""Decks of playing cards: the cards to come and a discard pile, and a player's own pack with a hand and a card
played face down.

Dracula's America deals every player a hand from a deck of their own (DA 37, 63, 67), plays one card of it
face down and flips the cards together (DA 41-43); Mackenzie Norman's gunfight deals every hand from one
:class:`Deck`. Which cards exist is the ruleset's affair; the pile keeps every card in exactly one place (see
:meth:`CardPile.cards`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .cards import Card, JOKERS, RANKS, SUITS
from .errors import RulesError
from .fair import dealt_out, shuffle_hidden


def full_pack(pack: int = 1, jokers: int = 2) -> list[Card]:
    """A pack of 52 cards, numbered ``pack``, with ``jokers`` Jokers (red first)."""
    cards = [Card(rank, suit, pack) for suit in SUITS for rank in RANKS]
    return cards + [Card(j.rank, j.suit, pack) for j in JOKERS[:jokers]]


@dataclass
class Deck:
    """Cards to come (in order, secret) and a discard pile (face up): one deck all players are dealt from
    (Mackenzie Norman's gunfight), or a player's own (:class:`CardPile`)."""

    to_come: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    pile: str = ""
    """The deck's key among the game's piles: its shuffles are sealed under it (see :mod:`.fair`)."""
    shuffled_size: int = 0
    """How many cards the last shuffle held: a card's place in it is that less the cards still to come."""

    @classmethod
    def shuffled(cls, cards: list[Card], rng: random.Random, pile: str = "") -> Deck:
        """A new deck of ``cards`` in a random order, hidden under the pile's own seal."""
        deck = cls(list(cards), pile=pile)
        deck.shuffle(rng)
        return deck

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle the cards to come, their order hidden under the pile's next seal."""
        shuffle_hidden(rng, self.pile, self.to_come)
        self.shuffled_size = len(self.to_come)

    def take(self, rng: random.Random, to: str = "") -> Card | None:
        """The top card (given out face down ``to`` someone, when named); when the deck has run out, the discard
        pile is shuffled into a new deck first (DA 67). None when there is no card to come nor discarded."""
        self.refill(rng)
        if not self.to_come:
            return None
        if to:
            dealt_out(rng, self.pile, self.shuffled_size - len(self.to_come), to, self.to_come[0].code)
        return self.to_come.pop(0)

    def refill(self, rng: random.Random) -> bool:
        """When the deck has run out, shuffle the discard pile into a new deck (DA 67); whether it did."""
        if self.to_come or not self.discard:
            return False
        self.to_come, self.discard = self.discard, []
        self.shuffle(rng)
        return True


@dataclass
class CardPile(Deck):
    """One player's cards: to come (in order, secret), hand (secret to its owner), face down (secret until the
    flip), discard (face up)."""

    hand: list[Card] = field(default_factory=list)
    face_down: Card | None = None

    def cards(self) -> list[Card]:
        """Every card of the pile, wherever it is."""
        return self.to_come + self.hand + ([self.face_down] if self.face_down else []) + self.discard

    def draw(self, count: int, rng: random.Random) -> bool:
        """Draw ``count`` cards into the hand; when the deck runs short, draw what it has, shuffle the discard
        pile into a new deck and draw on (DA 67). Returns whether the deck was refreshed."""
        refreshed = False
        for _ in range(count):
            refreshed |= self.refill(rng)
            card = self.take(rng, "hand")
            if card is None:
                break
            self.hand.append(card)
        return refreshed

    def play(self, card: Card) -> None:
        """Play ``card`` from the hand face down."""
        if self.face_down is not None:
            raise RulesError("You have already played a card face down.")
        if card not in self.hand:
            raise RulesError("That card is not in your hand.")
        self.hand.remove(card)
        self.face_down = card

    def flip(self) -> Card:
        """Turn the face-down card up: it goes on the discard pile (DA 63)."""
        card, self.face_down = self.face_down, None
        if card is None:
            raise RulesError("No card is face down.")
        self.discard.append(card)
        return card

    def discard_hand(self) -> list[Card]:
        """Discard every card left in the hand (DA 63)."""
        cards, self.hand = self.hand, []
        self.discard.extend(cards)
        return cards
