"""The sweep of a game with hidden hands (issue 15): playing cards as the channel shows them, and the check that
no public output (a message, its embeds and buttons, `/status`, `/deck`, `/log recent`, the export, the data a
picture is drawn from) names a card still hidden when it was shown, nor a face-down name."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable

from .helpers import words_of

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AKQJ])[♥♠♣♦]|(?:Red|Black) Joker")
"""A card as the bot names it ("10♥", "Red Joker")."""


def code_of(shown: str) -> str:
    """A card's code from its name as shown ("10♥" is 10H, "Red Joker" RJ)."""
    if shown.endswith("Joker"):
        return "RJ" if shown.startswith("Red") else "BJ"
    return shown[:-1] + {"♥": "H", "♠": "S", "♣": "C", "♦": "D"}[shown[-1]]


def named(text: str) -> set[str]:
    """The codes of the cards a text names."""
    return {code_of(card) for card in CARD.findall(text)}


def public(channel) -> list:
    """The channel's messages that everyone sees."""
    return [m for m in channel.history() if not getattr(m, "flags", None) or not m.flags.ephemeral]


def shown(message) -> str:
    """Everything a message shows in words, with its buttons' and menus' labels."""
    labels = [getattr(item, "label", "") or getattr(item, "placeholder", "") or ""
              for row in message.components for item in getattr(row, "children", [row])]
    return "\n".join([words_of(message), *labels])


class Sweep:
    """Each public message checked, when it appears, against the cards and names hidden then; every card ever
    out of hiding kept, for what is shown later (the log and its export, `/status`, `/deck`).

    ``secrets(state)`` gives what is hidden in a state: the codes of the cards in the deck, in hands and out of
    sight, and the names no one may read (face-down cards of a town ...)."""

    def __init__(self, channel, load: Callable[[], Awaitable[object]],
                 secrets: Callable[[object], tuple[set[str], set[str]]],
                 every: Callable[[object], Iterable[str]]) -> None:
        self.channel, self.load, self.secrets, self.every = channel, load, secrets, every
        self.checked: set[int] = set()
        self.revealed: set[str] = set()
        self.hidden: tuple[set[str], set[str]] = (set(), set())
        self.messages = 0

    async def look(self):
        """The stored state after a command: the new public messages checked against what it hides."""
        state = await self.load()
        self.hidden = self.secrets(state)
        self.revealed |= set(self.every(state)) - self.hidden[0]
        for message in public(self.channel):
            if message.id not in self.checked:
                self.checked.add(message.id)
                self.messages += 1
                self.check(shown(message), f"message {message.id}")
        return state

    def check(self, text: str, where: str, history: bool = False) -> None:
        """``text`` names no card never shown, no secret name and (unless it is ``history``, as the log is, whose
        cards may since have been shuffled back into the deck) no card hidden now."""
        codes, names = self.hidden
        for line in text.splitlines():
            cards = named(line)
            assert history or not cards & codes, f"{where} names a hidden card ({', '.join(cards & codes)}): {line!r}"
            assert cards <= self.revealed, f"{where} names a card never shown: {line!r}"
            for name in names:
                assert not re.search(rf"\b{re.escape(name)}\b", line), f"{where} names {name!r}: {line!r}"
