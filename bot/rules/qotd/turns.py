"""Whose card is up (Reel 1): which actions the book lets a character take when it is not their turn.

"As a character's card is turned, so they are able to act" (Filming the Action). Off their turn the
book still lets a character act in a few ways (see docs/rulings.md): a holder when an opportunity comes
(Responding to an Opportunity while Holding: the test, then the action it lets them take), a character
with a card remaining who responds to an attack or to an opponent drawing (Responding to an attack;
Shootouts), the tests a situation calls for whoever's card is up (a courage test for a hit, reacting to
a new event, a beast reacting to being shot at, a poison test, being entangled), and the fight back
A Deadly Riposte! gives the one attacked. Anything else off turn is the Director's call.
"""

from __future__ import annotations

from .actions import Request
from .checks import TestRequest
from .fighting import FightRequest
from .shooting import DrawRequest, ShotRequest
from .state import Character, Condition, QotdState

CALLED_FOR = frozenset({"courage", "react", "beast_reaction", "poison", "entangle"})
"""Charts a character tests on when the situation calls for it, whoever's card is up: a courage test for a
hit or a fearsome charge, reacting to a new event, a beast reacting to being shot at or hit, a poison test
for a poisoned wound, and whether one caught by a net, lasso, bola or tentacle is entangled."""
RESPONSES = frozenset({"respond_attack", "respond_draw"})
"""Charts of responding to an attack or to an opponent drawing: for a character with a card remaining."""


def responding(request: Request) -> bool:
    """Whether the request is a response: a responding test, or a shot or draw made in response."""
    if isinstance(request, TestRequest):
        return request.chart in RESPONSES
    return isinstance(request, (ShotRequest, DrawRequest)) and request.responding


def fighting_back(request: Request) -> bool:
    """Whether the request is the immediate fight back A Deadly Riposte! gives the one attacked."""
    return isinstance(request, FightRequest) and request.riposte


def allowed_off_turn(state: QotdState, character: Character, request: Request) -> bool:
    """Whether the book lets ``character`` take this action while another's card is up (or none is)."""
    if character.conditions & {Condition.HOLDING, Condition.RESPONDING}:
        return True
    if (isinstance(request, TestRequest) and request.chart in CALLED_FOR) or fighting_back(request):
        return True
    return responding(request) and state.next_card_of(character) is not None


def out_of_turn(state: QotdState, request: Request) -> Character | None:
    """The character who would act out of turn with this request, or None when the book lets them act now.

    Before the first phase is dealt nobody has a turn yet: the cast is setting the scene, unchecked.
    """
    character = state.characters[request.involved()[0]]
    acting = state.acting
    if state.deck.phase == 0 or (acting is not None and acting.key == character.key):
        return None
    return None if allowed_off_turn(state, character, request) else character
