"""A gunfight laid out for a test: players seated by suit, figures cast, hands dealt as the test says, and
dice whose faces the test writes, so each test reads like a worked example of the text."""

from __future__ import annotations

import random

from bot.rules.core.actions import perform
from bot.rules.core.cards import Card
from bot.rules.core.ruleset import CastSpec
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import NormanState, Seat

ANN, BOB, CAL, DOT = 1, 2, 3, 4
DIRECTOR = 99


class D6(random.Random):
    """``randint(1, 6)`` returns the faces given, in order; shuffles stay seeded."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if (a, b) == (1, 6):
            if not self.faces:
                raise AssertionError("the action rolled more dice than the test scripted")
            return self.faces.pop(0)
        return super().randint(a, b)


def gunfight(figures: dict[str, tuple[int, str, dict]] | None = None, hands: dict[int, str] | None = None,
             suits: dict[int, str] | None = None, **settings) -> NormanState:
    """Ann (spades) against Bob (hearts) unless told; each figure key: (owner, type, options); turn 1 dealt,
    then each hand made of exactly the cards written ("3H 10S RJ")."""
    state = NORMAN.new_game()
    for user, suit in (suits or {ANN: "spades", BOB: "hearts"}).items():
        state.seats[user] = Seat(suit)
    for name, (owner, kind, options) in (figures or {"kid": (ANN, "man", {"pistols": "1"}),
                                                     "joe": (BOB, "man", {"pistols": "1"})}).items():
        NORMAN.cast(state, CastSpec(name, name.capitalize(), owner, kind, options), random.Random(0))
    for name, setting in settings.items():
        NORMAN.configure(state, name, setting)
    NORMAN.deal(state, random.Random(0))
    give(state, hands or {})
    return state


def give(state: NormanState, hands: dict[int, str]) -> None:
    """Each named player's hand becomes exactly these cards (taken from wherever they lie)."""
    for user, codes in hands.items():
        state.deck.to_come.extend(state.seats[user].hand)
        state.seats[user].hand = []
    for user, codes in hands.items():
        for code in codes.split():
            card = Card.parse(code)
            for pile in [state.deck.to_come, state.deck.discard, *(s.hand for s in state.seats.values())]:
                if card in pile:
                    pile.remove(card)
                    break
            state.seats[user].hand.append(card)
    state.check()


def act(state: NormanState, request, *faces: int):
    """Perform a request with the dice written; every scripted die must be used."""
    dice = D6(*faces)
    state, resolution = perform(state, request, dice)
    assert not dice.faces, f"dice left unrolled: {dice.faces}"
    state.check()
    return state, resolution


def told(resolution) -> list[str]:
    """What the channel reads of a resolution: each reading's label and outcome, and each change."""
    return [f"{r.label}: {r.roll.value} {r.outcome.title}" for r in resolution.readings] + list(resolution.changes)


def hidden(state: NormanState) -> tuple[set[Card], set[str]]:
    """The cards nobody may see in public (the deck, the hands, a Joker laid in the window, close combat's cards
    out of sight), and the names of the town's face-down cards and of the stock."""
    cards = set(state.deck.to_come)
    for seat in state.seats.values():
        cards.update(seat.hand)
    if state.window:
        cards.update(state.window.jokers.values())
    if state.contact:
        cards.update(state.contact.attack + state.contact.defence)
    names = {place.card.name for place in state.town if place.card} | {stock.name for stock in state.stock}
    return cards, names
