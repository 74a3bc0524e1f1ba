"""The cards one /draw turns: any jokers, then the card whose character acts, drawn large.

A /draw turns one card, or a joker and then a card, so the same few pictures recur all game: each is
drawn once and kept (as PNG bytes) for the next time.
"""

from __future__ import annotations

import functools

from bot.rules.core.cards import Card
from bot.rules.core.dice import Luck
from bot.pictures.sprites import CardSize, card_face, joker_badge
from bot.pictures.theme import INK, SANS, Canvas, fit, font

TURNED = CardSize(112, 158, 28, 22, 64)
MARGIN = 16
GAP = 14
BADGE = 40
CAPTION = 22
"""Room under each card for its caption, when the cards have captions."""


@functools.lru_cache(maxsize=512)
def render_turn(cards: tuple[Card, ...], mark: Luck | None = None, captions: tuple[str, ...] = ()) -> bytes:
    """The turned ``cards`` left to right, the last with the badge of the joker that ``mark``s it, each with
    its caption under it if given (whose card it is, as a flip of Dracula's America shows); PNG bytes."""
    width = 2 * MARGIN + len(cards) * TURNED.width + (len(cards) - 1) * GAP
    canvas = Canvas(max(width, 2 * MARGIN + TURNED.width),
                    2 * MARGIN + TURNED.height + BADGE // 3 + (CAPTION if captions else 0))
    top = MARGIN + BADGE // 3
    face = font(SANS, 13)
    for index, card in enumerate(cards):
        left = MARGIN + index * (TURNED.width + GAP)
        canvas.stamp(card_face(card, TURNED), left, top)
        if index < len(captions):
            canvas.text((left + TURNED.width / 2, top + TURNED.height + CAPTION - 6),
                        fit(captions[index], face, TURNED.width), face, INK, anchor="ms")
    if mark is not None and cards and not cards[-1].is_joker:
        right = MARGIN + len(cards) * (TURNED.width + GAP) - GAP
        canvas.stamp(joker_badge(mark is Luck.RED, BADGE), right - BADGE * 2 // 3, top - BADGE // 3)
    return canvas.png()
