"""Any picture of the vocabulary (:mod:`bot.rules.core.pictures`), drawn by its kind; and the pictures of a step and a
roll as a ruleset says what they show.

A picture ready to draw is a ``functools.partial`` of :func:`draw` with its value: a picture worker draws it by name
(see :data:`.worker.PICTURES`), sent the value alone, small and pickled.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from bot.rules.core.pictures import (BoxedCard, CardsTurned, DrawOrder, NameCards, Pack, Picture, RollCard, Scene,
                                     StatusPage, TypedCard)
from bot.rules.core.results import Resolution
from bot.rules.core.ruleset import Ruleset, State, Step
from bot.pictures.battlefield import render_scene
from bot.pictures.board import render_board_pages
from bot.pictures.boxed import render_boxed_card
from bot.pictures.deck import render_deck
from bot.pictures.draws import render_draws
from bot.pictures.names import render_name_cards
from bot.pictures.roll import render_roll
from bot.pictures.turn import render_turn
from bot.pictures.typed import render_typed_card

Ready = Callable[[], bytes]
"""A picture ready to draw: :func:`draw` with its value."""

DRAWN: dict[type, Callable[[Picture], bytes]] = {
    CardsTurned: lambda turned: render_turn(turned.cards, turned.mark, turned.captions),
    NameCards: render_name_cards,
    Pack: render_deck,
    DrawOrder: render_draws,
    RollCard: render_roll,
    BoxedCard: render_boxed_card,
    TypedCard: render_typed_card,
    Scene: render_scene,
    StatusPage: lambda page: render_board_pages(page.board, dict(page.owners), 1)[0],
}
"""How each kind of picture is drawn."""


def draw(picture: Picture) -> bytes:
    """The picture, as PNG bytes."""
    return DRAWN[type(picture)](picture)


def step_picture(rules: Ruleset, state: State, step: Step) -> Ready | None:
    """The picture of what a step of a game of ``rules`` turned or rolled (or, for ``/deck``, of the turn so far), as
    the ruleset says it shows (:meth:`~bot.rules.core.ruleset.Ruleset.picture_of_step`); None for nothing to show."""
    picture = rules.picture_of_step(state, step)
    return None if picture is None else functools.partial(draw, picture)


def roll_picture(rules: Ruleset, resolution: Resolution) -> Ready:
    """The card of a roll of a game of ``rules``, first roll or decision alike, as the ruleset says it shows
    (:meth:`~bot.rules.core.ruleset.Ruleset.picture_of_roll`)."""
    return functools.partial(draw, rules.picture_of_roll(resolution))
