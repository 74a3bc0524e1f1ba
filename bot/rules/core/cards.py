"""Playing cards, packs of them, and allocating them from a suit."""

from __future__ import annotations

import functools
from dataclasses import dataclass

SUITS = ("hearts", "spades", "clubs", "diamonds")
SUIT_SYMBOLS = {"hearts": "♥", "spades": "♠", "clubs": "♣", "diamonds": "♦"}
SUIT_LETTERS = {"hearts": "H", "spades": "S", "clubs": "C", "diamonds": "D"}
RED_SUITS = frozenset({"hearts", "diamonds"})
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
"""Ranks in the order they are allocated: the best card first."""

_SUIT_BY_LETTER = {v: k for k, v in SUIT_LETTERS.items()} | {v: k for k, v in SUIT_SYMBOLS.items()} | {
    "♡": "hearts", "♤": "spades", "♧": "clubs", "♢": "diamonds"}
"""A suit as typed: its letter, or its symbol as a hand shows it (black or white)."""


@dataclass(frozen=True, order=True)
class Card:
    """A playing card. Jokers have rank ``"Joker"`` and suit ``"red"`` or ``"black"``.

    ``pack`` tells apart the same card from a second (third ...) pack.
    """

    rank: str
    suit: str
    pack: int = 1

    @property
    def is_joker(self) -> bool:
        return self.rank == "Joker"

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS or self.suit == "red"

    @functools.cached_property
    def code(self) -> str:
        """A compact, stable code: ``KH``, ``10S``, ``KH2`` (second pack), ``RJ``, ``BJ`` (worked out once: every
        stored game writes each of its cards as its code)."""
        if self.is_joker:
            return "RJ" if self.suit == "red" else "BJ"
        return f"{self.rank}{SUIT_LETTERS[self.suit]}{'' if self.pack == 1 else self.pack}"

    @classmethod
    def parse(cls, code: str) -> Card:
        """The card for a code made by :attr:`code`, or for the card as :meth:`__str__` shows it."""
        return _parse(code)

    def __str__(self) -> str:
        if self.is_joker:
            return f"{self.suit.capitalize()} Joker"
        mark = "" if self.pack == 1 else f" (pack {self.pack})"
        return f"{self.rank}{SUIT_SYMBOLS[self.suit]}{mark}"


@functools.lru_cache(maxsize=4096)
def _parse(code: str) -> Card:
    """Cards are immutable, so each code is parsed once. A card is read as its code or as a hand shows it
    (``5♣``), in any case, with ``T`` for a 10."""
    code = code.strip().upper().replace("\ufe0f", "")        # an emoji keyboard's ♥️ carries a selector
    if code[:1] == "T":
        code = "10" + code[1:]
    if code in ("RJ", "BJ"):
        return Card("Joker", "red" if code == "RJ" else "black")
    for rank in sorted(RANKS, key=len, reverse=True):
        if code.startswith(rank) and len(code) > len(rank):
            suit = _SUIT_BY_LETTER.get(code[len(rank)])
            pack = code[len(rank) + 1:]
            if suit and (not pack or pack.isdigit()):
                return Card(rank, suit, int(pack) if pack else 1)
    raise ValueError(f"not a card: {code!r}")


RED_JOKER = Card("Joker", "red")
BLACK_JOKER = Card("Joker", "black")
JOKERS = (RED_JOKER, BLACK_JOKER)


def allocate(taken: set[Card], suit: str, pack: int, count: int) -> list[Card]:
    """The next ``count`` free cards of one suit of one pack, best first.

    Raises ``ValueError`` when the suit has fewer than ``count`` free cards.
    """
    free = [Card(rank, suit, pack) for rank in RANKS if Card(rank, suit, pack) not in taken]
    if len(free) < count:
        raise ValueError(f"only {len(free)} {suit} left in pack {pack}")
    return free[:count]
