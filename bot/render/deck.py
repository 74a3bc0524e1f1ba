"""The deck picture: the cards turned this phase, the card up, what is left, what was taken out."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from ..rules.core.dice import Luck
from ..rules.qotd.state import GameState
from .sprites import BIG, SMALL, CardSize, Look, card_back, card_face, joker_badge, stamp
from .theme import (BLACK, BOLD, DISPLAY, GOLD, INK, MUTED, RED, SANS, WOOD, Box, canvas, font, header,
                    name_font, png, write)

WIDTH = 1000
MARGIN = 24
HEADER = 64
GAP = 10
ROW = SMALL.height + 16
STACK = CardSize(100, 140, 0, 0, 0)
LAYERS = 6
"""At most this many backs are drawn for the cards to come."""


@dataclass(frozen=True)
class DeckLayout:
    """Where everything goes on the deck picture; one box per turned and per taken-out card."""

    size: tuple[int, int]
    current: Box
    stack: Box
    turned: tuple[Box, ...]
    out: tuple[Box, ...]
    turned_label: int
    out_label: int
    """Baselines of the section titles (0: no section)."""


def _grid(count: int, top: int) -> tuple[tuple[Box, ...], int]:
    """Boxes for ``count`` small cards in rows from ``top``, and the y below them."""
    per_row = (WIDTH - 2 * MARGIN + GAP) // (SMALL.width + GAP)
    boxes = []
    for index in range(count):
        x = MARGIN + index % per_row * (SMALL.width + GAP)
        y = top + index // per_row * ROW
        boxes.append((x, y, x + SMALL.width, y + SMALL.height))
    return tuple(boxes), top + max(1, -(-count // per_row)) * ROW


def deck_layout(state: GameState) -> DeckLayout:
    """The geometry of :func:`render_deck` for this state."""
    deck = state.deck
    top = HEADER + 20
    current = (MARGIN, top, MARGIN + BIG.width, top + BIG.height)
    x = WIDTH - MARGIN - STACK.width - 3 * LAYERS
    stack = (x, top + 3 * LAYERS, x + STACK.width, top + 3 * LAYERS + STACK.height)
    turned_label = current[3] + 44
    turned, bottom = _grid(len(deck.turned), turned_label + 14)
    out_label = bottom + 30 if deck.out else 0
    out, bottom = _grid(len(deck.out), out_label + 14) if deck.out else ((), bottom)
    return DeckLayout((WIDTH, bottom + MARGIN - 16), current, stack, turned, out, turned_label, out_label)


def joker_marks(state: GameState) -> dict[int, Luck]:
    """Which turned cards (by index) a joker marked, as :meth:`GameState.turn` applies them."""
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


def _badge(image: Image.Image, box: Box, luck: Luck, diameter: int) -> None:
    stamp(image, joker_badge(luck is Luck.RED, diameter), box[2] - diameter * 2 // 3, box[1] - diameter // 3)


def _empty_slot(draw: ImageDraw.ImageDraw, box: Box, words: str) -> None:
    draw.rounded_rectangle((box[0], box[1], box[2] - 1, box[3] - 1), 10, outline=MUTED, width=2)
    face = font(SANS, 17)
    draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), words, font=face, fill=MUTED, anchor="mm")


def _card_up(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, layout: DeckLayout,
             marks: dict[int, Luck]) -> None:
    """The big card and, beside it, who acts on it."""
    deck = state.deck
    card = deck.current
    x, top, right = layout.current[2] + 28, layout.current[1], layout.stack[0] - 3 * LAYERS - 24
    if card is None:
        _empty_slot(draw, layout.current, "no card yet" if deck.phase else "not dealt")
        write(draw, x, top + 60, "No card turned yet" if deck.phase else "Waiting for the deal", font(DISPLAY, 34),
              INK, right - x)
        return
    stamp(image, card_face(card, BIG), *layout.current[:2])
    index = len(deck.turned) - 1 - deck.turned[::-1].index(card)
    if index in marks:
        _badge(image, layout.current, marks[index], 44)
    character = state.owner_of(card)
    write(draw, x, top + 24, f"{card} is up", font(BOLD, 20), MUTED, right - x)
    name = character.name if character else "nobody"
    write(draw, x, top + 74, name, name_font(name, 40), INK, right - x)
    if character is None:
        return
    words = " · ".join([character.type.title, *character.state_words])
    write(draw, x, top + 110, words, font(SANS, 22), INK, right - x)
    if index in marks:
        text, colour = _luck_words(marks[index])
        write(draw, x, top + 146, text, font(BOLD, 20), colour, right - x)
    if deck.mark is not None:
        text = f"{deck.mark.name.capitalize()} joker waits for the next card"
        write(draw, x, top + 180, text, font(BOLD, 20), RED if deck.mark is Luck.RED else BLACK, right - x)


def _pack(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, layout: DeckLayout) -> None:
    """The cards to come as a stack of backs with the count under it."""
    deck = state.deck
    box = layout.stack
    layers = min(len(deck.to_come), LAYERS)
    for layer in range(layers - 1, -1, -1):
        stamp(image, card_back(STACK), box[0] + 3 * layer, box[1] - 3 * layer)
    if not layers:
        _empty_slot(draw, box, "spent" if deck.phase else "")
    words = f"{len(deck.to_come)} to come" if deck.to_come else "phase over" if deck.phase else ""
    draw.text(((box[0] + box[2]) / 2, box[3] + 30), words, font=font(BOLD, 20), fill=INK, anchor="ms")


def _section(draw: ImageDraw.ImageDraw, baseline: int, title: str, note: str) -> None:
    draw.line((MARGIN, baseline - 34, WIDTH - MARGIN, baseline - 34), fill=MUTED, width=1)
    end = write(draw, MARGIN, baseline, title, font(DISPLAY, 22), WOOD)
    write(draw, end + 14, baseline, note, font(SANS, 18), MUTED)


def render_deck(state: GameState) -> bytes:
    """The deck image for /draw, /deck and the end of a phase, as PNG bytes."""
    deck = state.deck
    layout = deck_layout(state)
    image, draw = canvas(*layout.size)
    jokers = len(deck.jokers_seen)
    aside = (f"{len(deck.turned) - jokers} turned · {len(deck.to_come)} to come" if deck.phase
             else "no phase dealt")
    header(draw, WIDTH, HEADER, f"Phase {deck.phase}" if deck.phase else "The Deck", aside)
    marks = joker_marks(state)
    _card_up(image, draw, state, layout, marks)
    _pack(image, draw, state, layout)
    cards = len(deck.turned) - jokers
    note = f"{cards} card{'s' * (cards != 1)}" + (f" and {jokers} joker{'s' * (jokers > 1)}" if jokers else "")
    _section(draw, layout.turned_label, "Turned this phase", note)
    current = deck.current
    for index, (card, box) in enumerate(zip(deck.turned, layout.turned)):
        if card == current:
            draw.rounded_rectangle((box[0] - 4, box[1] - 4, box[2] + 3, box[3] + 3), 9, outline=GOLD, width=3)
        stamp(image, card_face(card, SMALL), *box[:2])
        if index in marks:
            _badge(image, box, marks[index], 26)
    if not deck.turned:
        write(draw, MARGIN, layout.turned_label + 50, "Nothing turned yet.", font(SANS, 20), MUTED)
    if deck.out:
        _section(draw, layout.out_label, "Taken out this phase", "sacrificed for Cut! or to respond")
        for card, box in zip(deck.out, layout.out):
            stamp(image, card_face(card, SMALL, Look.OUT), *box[:2])
    return png(image)
