"""The cards one /draw turns: any jokers, then the card whose character acts, drawn large.

A /draw turns one card, or a joker and then a card, so the same few pictures recur all game: each is
drawn once and kept (as PNG bytes) for the next time.
"""

from __future__ import annotations

import functools

from ..rules.core.cards import Card
from ..rules.core.dice import Luck
from .sprites import CardSize, card_face, joker_badge
from .theme import Canvas

TURNED = CardSize(112, 158, 28, 22, 64)
MARGIN = 16
GAP = 14
BADGE = 40


@functools.lru_cache(maxsize=512)
def render_turn(cards: tuple[Card, ...], mark: Luck | None = None) -> bytes:
    """The turned ``cards`` left to right, the last with the badge of the joker that ``mark``s it; PNG bytes."""
    width = 2 * MARGIN + len(cards) * TURNED.width + (len(cards) - 1) * GAP
    canvas = Canvas(max(width, 2 * MARGIN + TURNED.width), 2 * MARGIN + TURNED.height + BADGE // 3)
    top = MARGIN + BADGE // 3
    for index, card in enumerate(cards):
        canvas.stamp(card_face(card, TURNED), MARGIN + index * (TURNED.width + GAP), top)
    if mark is not None and cards and not cards[-1].is_joker:
        right = MARGIN + len(cards) * (TURNED.width + GAP) - GAP
        canvas.stamp(joker_badge(mark is Luck.RED, BADGE), right - BADGE * 2 // 3, top - BADGE // 3)
    return canvas.png()
