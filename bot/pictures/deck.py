"""The deck picture: the cards turned this phase, the card up, what is left, what was taken out."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from bot.rules.core.cards import Card
from bot.rules.core.dice import Luck
from bot.rules.core.ruleset import Step
from bot.rules.qotd.state import QotdState
from bot.pictures.steps import Picture, draws_steps
from bot.pictures.turn import render_turn
from bot.pictures.sprites import BIG, SMALL, CardSize, Look, card_back, card_face, joker_badge
from bot.pictures.theme import (BLACK, BOLD, DISPLAY, GOLD, INK, MARGIN, MUTED, RED, SANS, WOOD, Box, Canvas, font,
                    name_font)

WIDTH = 560
HEADER = 40
GAP = 6
ROW = SMALL.height + 10
STACK = CardSize(60, 84, 0, 0, 0)
LAYERS = 6
"""At most this many backs are drawn for the cards to come,"""
LAYER_STEP = 2
"""each this many pixels up and to the right of the one under it."""
BADGES = {BIG: 28, SMALL: 18}
"""The diameter of the joker badge on a card of each size."""
SMALL_PRINT = 18
"""The height of the line under everything that shows the phase's commitment."""


@dataclass(frozen=True)
class DeckLayout:
    """Where everything goes on the deck picture; one box per turned and per taken-out card."""

    size: tuple[int, int]
    current: Box
    beside: Box
    """The room between the card up and the stack, for who acts on it."""
    stack: Box
    turned: tuple[Box, ...]
    out: tuple[Box, ...]
    turned_label: int
    out_label: int
    """Baselines of the section titles (0: no section)."""
    small_print: int
    """Baseline of the commitment's line (0: the game has no seal)."""


def _grid(count: int, top: int) -> tuple[tuple[Box, ...], int]:
    """Boxes for ``count`` small cards in rows from ``top``, and the y below them."""
    per_row = (WIDTH - 2 * MARGIN + GAP) // (SMALL.width + GAP)
    boxes = []
    for index in range(count):
        x = MARGIN + index % per_row * (SMALL.width + GAP)
        y = top + index // per_row * ROW
        boxes.append((x, y, x + SMALL.width, y + SMALL.height))
    return tuple(boxes), top + max(1, -(-count // per_row)) * ROW


def deck_layout(state: QotdState) -> DeckLayout:
    """The geometry of :func:`render_deck` for this state."""
    deck = state.deck
    top = HEADER + 14
    current = (MARGIN, top, MARGIN + BIG.width, top + BIG.height)
    rise = LAYER_STEP * LAYERS
    x = WIDTH - MARGIN - STACK.width - rise
    stack = (x, top + rise, x + STACK.width, top + rise + STACK.height)
    beside = (current[2] + 18, top, x - rise - 14, current[3])
    turned_label = current[3] + 32
    turned, bottom = _grid(len(deck.turned), turned_label + 10)
    out_label = bottom + 22 if deck.out else 0
    out, bottom = _grid(len(deck.out), out_label + 10) if deck.out else ((), bottom)
    small_print = bottom + 4 if state.seal else 0
    bottom += SMALL_PRINT if state.seal else 0
    return DeckLayout((WIDTH, bottom + MARGIN - 10), current, beside, stack, turned, out, turned_label, out_label,
                      small_print)


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


def _luck_words(luck: Luck) -> tuple[str, tuple[int, int, int]]:
    if luck is Luck.RED:
        return "Red joker: first roll counts as a 10", RED
    return "Black joker: first roll counts as a 1", BLACK


def _card(canvas: Canvas, card: Card, size: CardSize, box: Box, luck: Luck | None) -> None:
    """A card face up at ``box``, with the badge of the joker that marked it, if any."""
    canvas.stamp(card_face(card, size), *box[:2])
    if luck is not None:
        diameter = BADGES[size]
        canvas.stamp(joker_badge(luck is Luck.RED, diameter), box[2] - diameter * 2 // 3, box[1] - diameter // 3)


def _empty_slot(canvas: Canvas, box: Box, words: str) -> None:
    canvas.box((box[0], box[1], box[2] - 1, box[3] - 1), outline=MUTED, width=2, radius=7)
    canvas.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), words, font(SANS, 12), MUTED, anchor="mm")


def _card_up(canvas: Canvas, state: QotdState, layout: DeckLayout, marks: dict[int, Luck]) -> None:
    """The big card and, beside it, who acts on it."""
    deck = state.deck
    card = deck.current
    x, top, right, _ = layout.beside
    if card is None:
        _empty_slot(canvas, layout.current, "no card yet" if deck.phase else "not dealt")
        canvas.write(x, top + 40, "No card turned yet" if deck.phase else "Waiting for the deal",
                     font(DISPLAY, 22), INK, right - x)
        return
    index = len(deck.turned) - 1 - deck.turned[::-1].index(card)
    _card(canvas, card, BIG, layout.current, marks.get(index))
    character = state.owner_of(card)
    canvas.write(x, top + 15, f"{card} is up", font(BOLD, 13), MUTED, right - x)
    name = character.name if character else "nobody"
    canvas.write(x, top + 46, name, name_font(name, 26), INK, right - x)
    if character is None:
        return
    words = " · ".join([character.type.title, *character.state_words])
    canvas.write(x, top + 70, words, font(SANS, 15), INK, right - x)
    if index in marks:
        text, colour = _luck_words(marks[index])
        canvas.write(x, top + 94, text, font(BOLD, 13), colour, right - x)
    if deck.mark is not None:
        text = f"{deck.mark.name.capitalize()} joker waits for the next card"
        canvas.write(x, top + 116, text, font(BOLD, 13), RED if deck.mark is Luck.RED else BLACK, right - x)


def _pack(canvas: Canvas, state: QotdState, layout: DeckLayout) -> None:
    """The cards to come as a stack of backs with the count under it."""
    deck = state.deck
    box = layout.stack
    layers = min(len(deck.to_come), LAYERS)
    for layer in range(layers - 1, -1, -1):
        canvas.stamp(card_back(STACK), box[0] + LAYER_STEP * layer, box[1] - LAYER_STEP * layer)
    if not layers:
        _empty_slot(canvas, box, "spent" if deck.phase else "")
    words = f"{len(deck.to_come)} to come" if deck.to_come else "phase over" if deck.phase else ""
    canvas.text(((box[0] + box[2]) / 2, box[3] + 20), words, font(BOLD, 13), INK, anchor="ms")


def _section(canvas: Canvas, baseline: int, title: str, note: str) -> None:
    canvas.line((MARGIN, baseline - 22, WIDTH - MARGIN, baseline - 22), MUTED)
    end = canvas.write(MARGIN, baseline, title, font(DISPLAY, 17), WOOD)
    canvas.write(end + 10, baseline, note, font(SANS, 12), MUTED)


def render_deck(state: QotdState) -> bytes:
    """The deck image for /draw, /deck and the end of a phase, as PNG bytes."""
    deck = state.deck
    layout = deck_layout(state)
    canvas = Canvas(*layout.size)
    jokers = len(deck.jokers_seen)
    aside = (f"{len(deck.turned) - jokers} turned · {len(deck.to_come)} to come" if deck.phase
             else "no phase dealt")
    canvas.header(HEADER, f"Phase {deck.phase}" if deck.phase else "The Deck", aside)
    marks = joker_marks(state)
    _card_up(canvas, state, layout, marks)
    _pack(canvas, state, layout)
    cards = len(deck.turned) - jokers
    note = f"{cards} card{'s' * (cards != 1)}" + (f" and {jokers} joker{'s' * (jokers > 1)}" if jokers else "")
    _section(canvas, layout.turned_label, "Turned this phase", note)
    current = deck.current
    for index, (card, box) in enumerate(zip(deck.turned, layout.turned)):
        if card == current:
            canvas.box((box[0] - 3, box[1] - 3, box[2] + 2, box[3] + 2), outline=GOLD, width=2, radius=6)
        _card(canvas, card, SMALL, box, marks.get(index))
    if not deck.turned:
        canvas.write(MARGIN, layout.turned_label + 34, "Nothing turned yet.", font(SANS, 14), MUTED)
    if deck.out:
        _section(canvas, layout.out_label, "Taken out this phase", "sacrificed for Cut! or to respond")
        for card, box in zip(deck.out, layout.out):
            canvas.stamp(card_face(card, SMALL, Look.OUT), *box[:2])
    if state.seal:
        seal = state.seal
        canvas.write(MARGIN, layout.small_print, f"Phase {seal.phase} sealed: SHA-256 commitment {seal.commitment}",
                     font(SANS, 9), MUTED, WIDTH - 2 * MARGIN)
    return canvas.png()


@draws_steps("qotd")
def qotd_step(state: QotdState, step: Step) -> Picture | None:
    """The cards a step turned, the last with the badge of the joker that marked it; with none turned (a deal,
    ``/deck``), the whole deck of the phase."""
    if step.faces:
        acting = state.characters.get(step.acting) if step.acting else None
        return functools.partial(render_turn, tuple(Card.parse(face) for face in step.faces),
                                 acting.luck if acting else None)
    return functools.partial(render_deck, state) if state.deck.phase else None
