"""The pack laid out (:class:`~bot.rules.core.pictures.Pack`, Quick on the Draw's deck): the cards turned this
phase, the card up and who acts on it, what is left, what was taken out."""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.core.cards import Card
from bot.rules.core.dice import Luck
from bot.rules.core.pictures import Pack, Phrase
from bot.pictures.sprites import BIG, SMALL, CardSize, Look, card_back, card_face, joker_badge
from bot.pictures.theme import (BOLD, DISPLAY, GOLD, INK, MARGIN, MUTED, SANS, TONES, WOOD, Box, Canvas, font,
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


def deck_layout(pack: Pack) -> DeckLayout:
    """The geometry of :func:`render_deck` for this pack."""
    top = HEADER + 14
    current = (MARGIN, top, MARGIN + BIG.width, top + BIG.height)
    rise = LAYER_STEP * LAYERS
    x = WIDTH - MARGIN - STACK.width - rise
    stack = (x, top + rise, x + STACK.width, top + rise + STACK.height)
    beside = (current[2] + 18, top, x - rise - 14, current[3])
    turned_label = current[3] + 32
    turned, bottom = _grid(len(pack.turned), turned_label + 10)
    out_label = bottom + 22 if pack.out else 0
    out, bottom = _grid(len(pack.out), out_label + 10) if pack.out else ((), bottom)
    small_print = bottom + 4 if pack.small_print else 0
    bottom += SMALL_PRINT if pack.small_print else 0
    return DeckLayout((WIDTH, bottom + MARGIN - 10), current, beside, stack, turned, out, turned_label, out_label,
                      small_print)


def _card(canvas: Canvas, card: Card, size: CardSize, box: Box, luck: Luck | None) -> None:
    """A card face up at ``box``, with the badge of the joker that marked it, if any."""
    canvas.stamp(card_face(card, size), *box[:2])
    if luck is not None:
        diameter = BADGES[size]
        canvas.stamp(joker_badge(luck is Luck.RED, diameter), box[2] - diameter * 2 // 3, box[1] - diameter // 3)


def _empty_slot(canvas: Canvas, box: Box, words: str) -> None:
    canvas.box((box[0], box[1], box[2] - 1, box[3] - 1), outline=MUTED, width=2, radius=7)
    canvas.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), words, font(SANS, 12), MUTED, anchor="mm")


def _phrase(canvas: Canvas, x: float, y: float, phrase: Phrase | None, room: float) -> None:
    if phrase is not None:
        canvas.write(x, y, phrase.text, font(BOLD, 13), TONES[phrase.tone], room)


def _card_up(canvas: Canvas, pack: Pack, layout: DeckLayout) -> None:
    """The big card and, beside it, who acts on it."""
    x, top, right, _ = layout.beside
    if pack.up is None:
        _empty_slot(canvas, layout.current, "no card yet" if pack.dealt else "not dealt")
        canvas.write(x, top + 40, "No card turned yet" if pack.dealt else "Waiting for the deal",
                     font(DISPLAY, 22), INK, right - x)
        return
    card = pack.turned[pack.up]
    _card(canvas, card, BIG, layout.current, pack.marks[pack.up])
    canvas.write(x, top + 15, f"{card} is up", font(BOLD, 13), MUTED, right - x)
    holder = pack.holder
    name = holder.name if holder else "nobody"
    canvas.write(x, top + 46, name, name_font(name, 26), INK, right - x)
    if holder is None:
        return
    canvas.write(x, top + 70, holder.words, font(SANS, 15), INK, right - x)
    _phrase(canvas, x, top + 94, holder.marked, right - x)
    _phrase(canvas, x, top + 116, holder.waiting, right - x)


def _pack(canvas: Canvas, pack: Pack, layout: DeckLayout) -> None:
    """The cards to come as a stack of backs with the count under it."""
    box = layout.stack
    layers = min(pack.to_come, LAYERS)
    for layer in range(layers - 1, -1, -1):
        canvas.stamp(card_back(STACK), box[0] + LAYER_STEP * layer, box[1] - LAYER_STEP * layer)
    if not layers:
        _empty_slot(canvas, box, "spent" if pack.dealt else "")
    words = f"{pack.to_come} to come" if pack.to_come else "phase over" if pack.dealt else ""
    canvas.text(((box[0] + box[2]) / 2, box[3] + 20), words, font(BOLD, 13), INK, anchor="ms")


def _section(canvas: Canvas, baseline: int, title: str, note: str) -> None:
    canvas.line((MARGIN, baseline - 22, WIDTH - MARGIN, baseline - 22), MUTED)
    end = canvas.write(MARGIN, baseline, title, font(DISPLAY, 17), WOOD)
    canvas.write(end + 10, baseline, note, font(SANS, 12), MUTED)


def render_deck(pack: Pack) -> bytes:
    """The pack laid out, for /draw, /deck and the end of a phase, as PNG bytes."""
    layout = deck_layout(pack)
    canvas = Canvas(*layout.size)
    canvas.header(HEADER, pack.title, pack.aside)
    _card_up(canvas, pack, layout)
    _pack(canvas, pack, layout)
    jokers = sum(card.is_joker for card in pack.turned)
    cards = len(pack.turned) - jokers
    note = f"{cards} card{'s' * (cards != 1)}" + (f" and {jokers} joker{'s' * (jokers > 1)}" if jokers else "")
    _section(canvas, layout.turned_label, "Turned this phase", note)
    current = pack.turned[pack.up] if pack.up is not None else None
    for card, box, luck in zip(pack.turned, layout.turned, pack.marks):
        if card == current:
            canvas.box((box[0] - 3, box[1] - 3, box[2] + 2, box[3] + 2), outline=GOLD, width=2, radius=6)
        _card(canvas, card, SMALL, box, luck)
    if not pack.turned:
        canvas.write(MARGIN, layout.turned_label + 34, "Nothing turned yet.", font(SANS, 14), MUTED)
    if pack.out:
        _section(canvas, layout.out_label, "Taken out this phase", pack.out_note)
        for card, box in zip(pack.out, layout.out):
            canvas.stamp(card_face(card, SMALL, Look.OUT), *box[:2])
    if pack.small_print:
        canvas.write(MARGIN, layout.small_print, pack.small_print, font(SANS, 9), MUTED, WIDTH - 2 * MARGIN)
    return canvas.png()
