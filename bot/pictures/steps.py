"""The picture of a ruleset's step (what a ``/deal``, ``/draw`` or deadline turned or rolled), by ruleset.

A ruleset whose :attr:`~bot.rules.core.ruleset.Step.faces` are playing-card codes needs nothing here: its
cards are drawn as turned (:func:`cards_turned`, with the step's captions). A ruleset with faces of its own
registers how to draw them under its key, in the module of its pictures, e.g.::

    @draws_steps("norman")
    def norman_step(state: State, step: Step) -> Picture | None:
        return functools.partial(render_norman_turn, step.faces)

The key is written out rather than imported, so that drawing pictures does not register the rulesets (they
are registered in the bot's order, :mod:`bot.rules.registry`); a test checks every key is a ruleset's.
It gives a ``functools.partial`` of one of this package's ``render_*`` functions: a picture worker draws it by
name, so that function is exported in ``__init__`` and listed in :data:`.worker.PICTURES`, and its module is
imported by ``__init__`` (which registers the step picture).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from bot.rules.core.cards import Card
from bot.rules.core.ruleset import State, Step
from bot.pictures.turn import render_turn

Picture = Callable[[], bytes]
"""A picture ready to draw: a ``functools.partial`` of a ``render_*`` function."""
StepPicture = Callable[[State, Step], Picture | None]
"""How a ruleset draws a step's faces (None: the step has nothing to show)."""

F = TypeVar("F", bound=Callable)
STEP_PICTURES: dict[str, StepPicture] = {}
"""How each ruleset with faces of its own draws them, by ruleset key."""


def registrar(table: dict[str, F], what: str) -> Callable[[str], Callable[[F], F]]:
    """A decorator that registers the decorated function in ``table`` as how the ruleset of the key it is given
    draws ``what`` (once a ruleset)."""
    def draws(key: str) -> Callable[[F], F]:
        def registering(picture: F) -> F:
            if key in table:
                raise ValueError(f"Two {what} for the ruleset {key!r}")
            table[key] = picture
            return picture
        return registering
    return draws


draws_steps = registrar(STEP_PICTURES, "step pictures")
"""Register the decorated function as how the ruleset of the key given draws its steps."""


def cards_turned(state: State, step: Step) -> Picture | None:
    """Playing cards, as the cards turned, each with its caption; None if a face is not a card, or none."""
    if not step.faces:
        return None
    try:
        cards = tuple(Card.parse(face) for face in step.faces)
    except ValueError:
        return None
    return functools.partial(render_turn, cards, None, step.captions)


def step_picture(key: str, state: State, step: Step) -> Picture | None:
    """How to draw what a step of the ruleset ``key`` turned or rolled (or, in a ruleset's own picture, what it
    shows with nothing turned): by the ruleset's own picture if it registered one, else as playing cards; None
    when there is nothing to show."""
    return STEP_PICTURES.get(key, cards_turned)(state, step)
