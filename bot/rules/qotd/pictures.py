"""What Quick on the Draw's pictures show, in the pictures' vocabulary (:mod:`bot.rules.core.pictures`): the cards a
/draw turns, the pack laid out for /deck and a deal, and the battlefield."""

from __future__ import annotations

from ..core.cards import Card
from ..core.dice import Luck
from ..core.pictures import (Barrier, CardsTurned, Figure, Holder, Pack, Patch, Phrase, Picture, Scene, Terrain,
                             Tone)
from ..core.ruleset import Step
from .battlefield import Battlefield, Token
from .board import suit_of
from .state import OUT_OF_ACTION, Condition, QotdState

LUCK_WORDS = {Luck.RED: "Red joker: first roll counts as a 10", Luck.BLACK: "Black joker: first roll counts as a 1"}
"""What the joker that marked the card up does to its character's first roll."""
JOKER_TONES = {Luck.RED: Tone.GRAVE, Luck.BLACK: Tone.DARK}
"""A joker's words are in its colour."""


def step_picture(state: QotdState, step: Step) -> Picture | None:
    """The cards a step turned, the last with the badge of the joker that marked it; with none turned (a deal,
    ``/deck``), the pack of the phase laid out."""
    if step.faces:
        acting = state.characters.get(step.acting) if step.acting else None
        return CardsTurned(tuple(Card.parse(face) for face in step.faces), acting.luck if acting else None)
    return pack(state) if state.deck.phase else None


def joker_marks(state: QotdState) -> dict[int, Luck]:
    """Which turned cards (by index) a joker marked, as :meth:`QotdState.turn` applies them."""
    marks: dict[int, Luck] = {}
    mark = None
    current = None
    for index, card in enumerate(state.deck.turned):
        if card.is_joker:
            luck = Luck.RED if card.is_red else Luck.BLACK
            mark = None if mark not in (None, luck) else luck
            continue
        if mark is not None:
            marks[index] = mark
        mark, current = None, index
    acting = state.acting
    if current is not None and acting is not None and acting.luck is not None:
        marks.setdefault(current, acting.luck)  # a joker that ended the last phase
    return marks


def pack(state: QotdState) -> Pack:
    """The phase's pack laid out: the card up and who acts on it, the cards to come, turned and taken out, and the
    phase's commitment."""
    deck = state.deck
    marks = joker_marks(state)
    jokers = len(deck.jokers_seen)
    up = None if deck.current is None else len(deck.turned) - 1 - deck.turned[::-1].index(deck.current)
    seal = state.seal
    return Pack(f"Phase {deck.phase}" if deck.phase else "The Deck",
                f"{len(deck.turned) - jokers} turned · {len(deck.to_come)} to come" if deck.phase else
                "no phase dealt", bool(deck.phase), tuple(deck.turned),
                tuple(marks.get(index) for index in range(len(deck.turned))), up,
                None if up is None else holder(state, up, marks), len(deck.to_come), tuple(deck.out),
                "sacrificed for Cut! or to respond",
                f"Phase {seal.phase} sealed: SHA-256 commitment {seal.commitment}" if seal else "")


def holder(state: QotdState, up: int, marks: dict[int, Luck]) -> Holder | None:
    """Who acts on the card up (None: nobody's card): their type and state, the joker that marked it, a joker
    waiting for the next card."""
    character = state.owner_of(state.deck.turned[up])
    if character is None:
        return None
    waiting = state.deck.mark
    return Holder(character.name, " · ".join([character.type.title, *character.state_words]),
                  Phrase(LUCK_WORDS[marks[up]], JOKER_TONES[marks[up]]) if up in marks else None,
                  None if waiting is None else Phrase(f"{waiting.name.capitalize()} joker waits for the next card",
                                                      JOKER_TONES[waiting]))


def terrain(field: Battlefield) -> Terrain:
    """The set without anyone on it, as the map draws it."""
    return Terrain(field.width, field.height, field.name, field.step,
                   tuple(Patch(area.ground, area.rect, area.name, tuple((o.kind, o.at) for o in area.openings))
                         for area in field.areas),
                   tuple(Barrier(obstacle.barrier, tuple(obstacle.line)) for obstacle in field.obstacles),
                   field.poor_visibility)


def scene(state: QotdState) -> Scene:
    """The game's map as its picture shows it."""
    field = state.battlefield
    if field is None:
        raise ValueError("the game has no map")
    return Scene(terrain(field), field.last_shot, tuple(field.last_path),
                 tuple(figure(state, token) for token in field.tokens.values()))


def figure(state: QotdState, token: Token) -> Figure:
    """A token as the map shows it: a vehicle by its name, a mount standing loose, a character in their player's
    suit with their cards left, lying prone or out of the fight."""
    vehicle = state.vehicles.get(token.key)
    if vehicle is not None:
        return Figure(token.at, token.facing, "vehicle", vehicle.name)
    character = state.characters.get(token.key)
    if character is None:
        return Figure(token.at, token.facing, "mount", token.key)
    suit, _ = suit_of(state, character)
    prone = Condition.PRONE in character.conditions
    return Figure(token.at, token.facing, "character",
                  f"{character.name} {len(character.available)}" + (" prone" if prone else ""), suit, prone,
                  bool(character.conditions & OUT_OF_ACTION) or character.casualty)
