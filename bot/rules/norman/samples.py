"""A sample of Mackenzie Norman's gunfight, played by its engine from a seeded random source, for the documentation's
pictures (see :meth:`~bot.rules.core.ruleset.Ruleset.gallery`)."""

from __future__ import annotations

import random

from ..core.actions import perform
from ..core.cards import Card
from ..core.pictures import CardsTurned, Picture
from ..core.ruleset import CastSpec, Ruleset, Step
from .actions import AnswerRequest, PlayRequest
from .state import MOVE_RANKS, SHOOT_RANKS

PLAYERS = (101, 102)


def sample_gunfight(norman: Ruleset) -> Step:
    """A turn: Kid moves, the play stands; Ann shoots, and the enemy cancels the Shoot card with a Joker (MN 73-86).
    What `/deck` shows: the cards shown face up this turn, each captioned with its figure, the Joker with its
    player's suit."""
    rng = random.Random(10)
    state = norman.new_game()
    for user, names in zip(PLAYERS, (("Kid", "Ann"), ("Joe", "Cy"))):
        norman.join(state, user, rng)
        for name in names:
            norman.cast(state, CastSpec(name.lower(), name, user, "man", {"pistols": "1"}), rng)
    norman.deal(state, rng)
    player, enemy = state.player, next(u for u in PLAYERS if u != state.player)
    kid, ann = (f.key for f in state.characters.values() if f.owner == player)
    hand = state.seats[player].hand
    move, shot = (next(c for c in hand if c.rank in ranks) for ranks in (MOVE_RANKS, SHOOT_RANKS))
    target = next(f.key for f in state.characters.values() if f.owner == enemy)
    for play, cancel in ((PlayRequest(player, kid, "move", (move.code,)), 0),
                         (PlayRequest(player, ann, "shoot", (shot.code,), weapon="pistol", targets=(target,),
                                      range=6), 1)):
        state = perform(state, play, rng)[0]
        state = perform(state, AnswerRequest(enemy, cancel), rng)[0]
    return norman.deck(state)


def gallery(norman: Ruleset) -> dict[str, Picture]:
    """The cards shown face up in that turn, with their captions."""
    shown = sample_gunfight(norman)
    return {"gunfight.png": CardsTurned(tuple(map(Card.parse, shown.faces)), None, shown.captions)}
