"""A sample of Dracula's America, played by its engine from a seeded random source, for the documentation's pictures
(see :meth:`~bot.rules.core.ruleset.Ruleset.gallery`)."""

from __future__ import annotations

import random

from ..core.cards import Card
from ..core.pictures import CardsTurned, Picture
from ..core.ruleset import CastSpec, Ruleset
from .turn import captions, flip, play

PLAYERS = (101, 102, 103)
POSSES = (("Abe", "hero", ("Art", "Amos")), ("Bo", "veteran", ("Bud",)), ("Cy", "veteran", ("Cole", "Clem", "Cass")))
"""Each player's posse: its boss, the boss's rank, and the novices with him."""


def sample_round(dracula: Ruleset) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[str, ...]]:
    """A first round: a player's hand, then the cards every posse played face down, flipped into the order of
    Activation, with their captions."""
    rng = random.Random(15)
    state = dracula.new_game()
    for user, (boss, rank, others) in zip(PLAYERS, POSSES):
        dracula.join(state, user, rng)
        for index, name in enumerate((boss, *others)):
            dracula.cast(state, CastSpec(name.lower(), name, user, rank if index == 0 else "novice",
                                         {"boss": "True"} if index == 0 else {}), rng)
    dracula.deal(state, rng)
    hand = tuple(state.seats[PLAYERS[2]].cards.hand)
    for user in state.seats:
        play(state, user, state.seats[user].cards.hand[0])
    flip(state, rng)
    return hand, tuple(state.flipped), captions(state)


def gallery(dracula: Ruleset) -> dict[str, Picture]:
    """A player's hand, and the cards of the round flipped."""
    hand, flipped, said = sample_round(dracula)
    return {"hand.png": CardsTurned(hand), "flip.png": CardsTurned(flipped, None, said)}
