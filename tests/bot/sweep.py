"""The sweep of a game with hidden hands (issue 15): playing cards as the channel shows them, and the check that
no public output (a message, its embeds and buttons, `/status`, `/deck`, `/log recent`, the export, the data a
picture is drawn from) names a card still hidden when it was shown, nor a face-down name; and (issue 22) that no
seed the log has revealed so far orders a card still hidden from a player (:class:`Seeds`)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from bot.storage import LogRow
from bot.rules.core.fair import dealt

from .helpers import words_of

DECK_SEAL = re.compile(r"deck (\S+) (\d+)")
"""A deck seal's name: ``deck <pile> <n>``, the pile's ``n``-th shuffle (the seal and log format of issue 22)."""
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


async def log_of(scene) -> list[LogRow]:
    """The log of the scene's channel's game under way."""
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    return await scene.db().game_log(row.id)


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
                 every: Callable[[object], Iterable[str]], seeds: Seeds) -> None:
        self.channel, self.load, self.secrets, self.every, self.seeds = channel, load, secrets, every, seeds
        self.checked: set[int] = set()
        self.revealed: set[str] = set()
        self.hidden: tuple[set[str], set[str]] = (set(), set())
        self.messages = 0

    async def look(self):
        """The stored state after a command: the new public messages checked against what it hides."""
        state = await self.load()
        await self.seeds.look(state)
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


@dataclass
class Shuffle:
    """A hidden shuffle the log has sealed: its pile, its cards (sorted; a pile whose make-up is secret, such as a
    town's stock, names them only when revealed), the look at which the sweep first saw it, and, once revealed, its
    seed and the entry that revealed it."""

    pile: str
    cards: tuple[str, ...]
    at: int
    seed: str = ""
    revealed_in: int = 0


class Seeds:
    """What anyone could work out, at each step of a game, from the seeds its log has revealed so far, read as the
    seal and log format of issue 22 has it: a deck seal ``deck <pile> <n>`` (``"sealed"``, with its cards sorted,
    or ``"shuffled"``) orders its pile by :func:`~bot.rules.core.fair.dealt` on those cards once ``"revealed"``; a
    turn seal's seed gives dice only. Fails if a revealed seed orders a card still hidden from a player that has
    stayed out of sight since that shuffle (a card shown since, then hidden again by a later shuffle, follows from
    that shuffle's seal instead).

    ``entries()`` gives the game's log, ``hidden(state)`` the cards (codes, or names for cards that are not
    playing cards) hidden now from some player, by pile key (``norman``, ``town``, ``posse-<user id>`` ...)."""

    def __init__(self, entries: Callable[[], Awaitable[list[LogRow]]],
                 hidden: Callable[[object], dict[str, set[str]]]) -> None:
        self.entries, self.hidden = entries, hidden
        self.read = 0
        self.looks = 0
        self.shuffles: dict[str, Shuffle] = {}
        self.shown: dict[tuple[str, str], int] = {}
        """(pile, card) to the last look at which the card was out of hiding."""

    async def look(self, state) -> None:
        """Read the log's new entries, note every card of a shuffled pile that is out of hiding now, and check
        every revealed shuffle against what is hidden."""
        self.looks += 1
        entries = await self.entries()
        for entry in entries[self.read:]:
            self.note(entry)
        self.read = len(entries)
        hidden = self.hidden(state)
        for shuffle in self.shuffles.values():
            for card in set(shuffle.cards) - hidden.get(shuffle.pile, set()):
                self.shown[shuffle.pile, card] = self.looks
        for name, shuffle in self.shuffles.items():
            if shuffle.seed:
                self.check(name, shuffle, hidden.get(shuffle.pile, set()))

    def note(self, entry: LogRow) -> None:
        """The shuffles an entry seals and the seeds it reveals."""
        data = entry.data
        for field in ("sealed", "revealed", "shuffled"):
            assert isinstance(data.get(field, []), list), \
                f"#{entry.seq} {entry.kind}: its {field!r} is not a list, as the seal format of issue 22 has it"
        for sealed in data.get("sealed", []):
            deck = DECK_SEAL.fullmatch(sealed["name"])
            if deck and "cards" in sealed:
                self.shuffled(sealed["name"], deck[1], sealed["cards"])
        for shuffled in data.get("shuffled", []):
            self.shuffled(shuffled["seal"], shuffled["pile"], shuffled.get("cards", []))
        for shown in data.get("revealed", []):
            if shown["name"] in self.shuffles:
                shuffle = self.shuffles[shown["name"]]
                shuffle.seed, shuffle.revealed_in = shown["seed"], entry.seq
                shuffle.cards = tuple(shown.get("cards", shuffle.cards))

    def shuffled(self, name: str, pile: str, cards: list[str]) -> None:
        """A hidden shuffle sealed under ``name`` (sealed again when an undone deal is dealt anew: its cards are
        out of sight from then on)."""
        assert cards == sorted(cards), f"{name}: its cards are logged in an order other than sorted: {cards}"
        self.shuffles[name] = Shuffle(pile, tuple(cards), self.looks)

    def check(self, name: str, shuffle: Shuffle, hidden: set[str]) -> None:
        """No card the revealed ``shuffle`` ordered is still hidden, out of sight since that shuffle."""
        order = dealt(shuffle.seed, list(shuffle.cards))
        assert sorted(order) == sorted(shuffle.cards)
        for place, card in enumerate(order, 1):
            if card in hidden and self.shown.get((shuffle.pile, card), 0) < shuffle.at:
                raise AssertionError(f"{name}'s seed, revealed in #{shuffle.revealed_in}, puts {card} at place "
                                     f"{place} of its shuffle of {shuffle.pile!r}: that card is still hidden from a "
                                     "player, out of sight since that shuffle")
