"""Honest game logs in the sealed format (the README's "Fair play"), written from a root secret as the bot
writes them: the seals' seeds derived from the root, each deck shuffled under its own seal, every die drawn
in turn from its turn's seal, each entry chained to the one before. The tamper suite changes them and expects
the verifier to say where; a log the bot writes itself must read the same way."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.glue.replies import markdown
from bot.rules.core import serial
from bot.rules.core.charts import Outcome
from bot.rules.core.dice import Dice, Keep, Roll
from bot.rules.core.fair import Draws, canonical, chain_link, commitment, dealt, derive
from bot.rules.core.replay import Reading
from bot.rules.core.results import Resolution
from bot.rules.verify import BLOCK

CHANNEL = 4242


class Logbook:
    """A game's log as the bot writes it, one entry at a time."""

    def __init__(self, root: str | None = None, channel: int = CHANNEL) -> None:
        """An empty log of a game in ``channel`` whose root secret is ``root`` (hex; a fixed one by default)."""
        self.root = root or hashlib.sha256(b"the root of a test game").hexdigest()
        self.channel = channel
        self.entries: list[dict[str, Any]] = []
        self.counts: dict[str, int] = {}
        self.committed: set[str] = set()
        self.revealed: set[str] = set()
        self.shuffles: dict[str, int] = {}
        self.chain: str | None = None
        self.start = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)

    def seed(self, name: str) -> str:
        """The seed of seal ``name``: the root's own, or derived from it."""
        return self.root if name == "root" else derive(self.root, name)

    def sealed(self, name: str, cards: list[str] | None = None) -> dict[str, Any]:
        """The commitment of seal ``name``, published with the chain before the entry that makes it."""
        self.committed.add(name)
        made = {"name": name, "commitment": commitment(self.channel, name, self.seed(name)),
                "chain": self.chain or "0" * 64}
        return made | ({"cards": sorted(cards)} if cards is not None else {})

    def reveal(self, name: str) -> dict[str, Any]:
        """Seal ``name``'s seed, for the entry that reveals it."""
        self.revealed.add(name)
        return {"channel": self.channel, "name": name, "seed": self.seed(name)}

    def log(self, kind: str, text: str, data: dict[str, Any] | None = None, actor: int = 1) -> dict[str, Any]:
        """Add an entry, chained."""
        seq = len(self.entries) + 1
        entry = {"seq": seq, "at": (self.start + timedelta(seconds=seq)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                 "actor": actor, "kind": kind, "text": text, "undone": False, "data": dict(data or {})}
        entry["data"]["chain"] = self.chain = chain_link(self.chain, entry)
        self.entries.append(entry)
        return entry

    def draw(self, seal: str, count: int, draws: dict[str, list[int]]) -> int:
        """Take ``count`` draws of ``seal`` for an entry's ``draws``; returns the first."""
        first = self.counts.get(seal, 0)
        self.counts[seal] = first + count
        span = draws.setdefault(seal, [first, first])
        span[1] = first + count
        return first

    def roll(self, seal: str, sides: int, draws: dict[str, list[int]], count: int = 1,
             keep: Keep = Keep.BEST) -> Roll:
        """Dice drawn in turn from ``seal``."""
        first = self.draw(seal, count, draws)
        source = Draws(self.seed(seal))
        faces = tuple(1 + source.draw(first + i, sides) for i in range(count))
        return Roll(Dice(count, keep, sides), faces, number=first)

    def shuffle(self, pile: str, cards: list[str]) -> tuple[str, list[str], dict[str, Any]]:
        """A hidden shuffle of ``pile`` under its next deck seal: the seal's name, the order, and the entry's data
        (the old deck seal of the pile revealed, the new one committed)."""
        n = self.shuffles[pile] = self.shuffles.get(pile, 0) + 1
        name = f"deck {pile} {n}"
        data: dict[str, Any] = {"sealed": [self.sealed(name, cards)], "draws": {name: [0, len(cards) - 1]},
                                "shuffled": [{"seal": name, "pile": pile, "cards": sorted(cards)}]}
        if n > 1:
            data["revealed"] = [self.reveal(f"deck {pile} {n - 1}")]
        return name, dealt(self.seed(name), cards), data

    def start_game(self, text: str = "Game started.") -> None:
        """The game's first entry: the root, turn 0 and turn 1 committed."""
        self.log("start", text, {"sealed": [self.sealed("root"), self.sealed("0"), self.sealed("1")]})

    def next_turn(self, turn: int) -> dict[str, Any]:
        """The data that reveals turn ``turn - 1`` (its play over) and commits turn ``turn + 1``."""
        return {"revealed": [self.reveal(str(turn - 1))], "sealed": [self.sealed(str(turn + 1))]}

    def end(self) -> None:
        """The game's end: every seal not yet revealed, the root last."""
        names = [n for n in self.committed if n not in self.revealed and n != "root"]
        self.log("end", "The game ended.", {"revealed": [self.reveal(n) for n in sorted(names)]
                                            + [self.reveal("root")]})

    def undo(self, *seqs: int) -> dict[str, Any]:
        """Undo entries ``seqs``: marked undone, and named by an undo entry."""
        for entry in self.entries:
            if entry["seq"] in seqs:
                entry["undone"] = True
        return self.log("undo", f"Undid #{seqs[0]}.", {"undone": list(seqs)})

    def export(self) -> str:
        """The log as ``/log export`` ends it: its data block after a table for people."""
        rows = "\n".join(f"| {e['seq']} | {e['kind']} | {e['text']} |" for e in self.entries)
        return ("# Game log\n\n| # | kind | what |\n| --: | --- | --- |\n" + rows + "\n\n" + BLOCK + "\n"
                + "\n".join(canonical(e).decode() for e in self.entries) + "\n```\n")


def rolled(roll: Roll, seal: str, retake: int | None = None) -> dict[str, Any]:
    """A roll as an entry logs it: its dice, its first draw and its seal."""
    return roll.to_json() | {"seal": seal} | ({"retake": retake} if retake else {})


def resolution(kind: str, actor: str, *readings: tuple[str, Roll, str, str, dict], seal: str) -> dict[str, Any]:
    """A resolution's JSON: each reading (label, roll, chart key, outcome title, its other fields) with its roll's
    seal."""
    made = Resolution(kind, f"{actor} acts", actor, readings=tuple(
        Reading(label, actor, "", roll, Outcome(title, ""), chart, **more) for label, roll, chart, title, more in
        readings))
    data = serial.to_json(made)
    for reading in data["readings"]:
        reading["roll"]["seal"] = seal
        if "first" in reading:
            reading["first"]["seal"] = seal
    return data


def qotd(book: Logbook | None = None) -> Logbook:
    """Quick on the Draw: the pack of phase 1 shuffled, two cards turned, a shot (Wanting to Shoot, to hit, its
    effect on the grid), a free roll, an undone shot taken again, phase 2, the end."""
    from bot.rules.qotd.charts import CHARTS, GRIDS
    book = book or Logbook()
    book.start_game("Game started (Quick on the Draw).")
    pack = ["AH", "KH", "QH", "JH", "AS", "KS", "QS", "JS"]
    name, order, data = book.shuffle("pack", pack)
    book.log("deal", "Phase 1 dealt.", join(data, book.next_turn(1)))
    book.log("draw", "Turned a card.", {"turned": [order[0]]})
    book.log("draw", "Turned a card.", {"turned": [order[1]]})
    shot = shoot(book, "1", CHARTS, GRIDS)
    draws: dict[str, list[int]] = {}
    free = book.roll("1", 10, draws, 2)
    book.log("roll", "a hand of poker: 2D10", {"roll": rolled(free, "1"), "draws": draws})
    book.undo(shot["seq"])
    shoot(book, "1", CHARTS, GRIDS, retake=shot)
    name2, _, data = book.shuffle("pack", pack)
    book.log("deal", "Phase 2 dealt.", join(data, book.next_turn(2)))
    book.end()
    return book


def shoot(book: Logbook, seal: str, charts: dict, grids: dict, retake: dict | None = None) -> dict[str, Any]:
    """Doc shoots at Virgil: Wanting to Shoot (2D10 take best), to hit (1D10), the effect of the hit."""
    draws: dict[str, list[int]] = {}
    if retake:
        first = retake["data"]["draws"][seal][0]
        book.counts[seal], saved = first, book.counts[seal]
    want = book.roll(seal, 10, draws, 2)
    hit = book.roll(seal, 10, draws)
    effect = book.roll(seal, 10, draws)
    readings = [("Wanting to Shoot", want, "shoot", charts["shoot"].read(want.value).title, {}),
                ("To hit", hit, "to_hit_shooting", charts["to_hit_shooting"].read(hit.value).title, {}),
                ("Effect of hit 1 of 1", effect, "effect_of_hits",
                 grids["effect_of_hits"].read(effect.value, 1)[1].title, {"column": 1, "base": ("Basic DV", 1)})]
    data = {"resolution": resolution("shoot", "doc", *readings, seal=seal), "draws": draws}
    if retake:
        book.counts[seal] = saved
        for reading in data["resolution"]["readings"]:
            reading["roll"]["retake"] = retake["seq"]
    return book.log("shoot", "Doc shoots at Virgil.", data)


def norman(book: Logbook | None = None) -> Logbook:
    """Mackenzie Norman's gunfight: the deck shuffled under its own seal and dealt face down, a Shoot card shown
    as it is played, a shot to hit (a D6 with a modifier added to the die), the end."""
    from bot.rules.norman.charts import SHOOTING
    book = book or Logbook()
    book.start_game("Game started (Mackenzie Norman's gunfight).")
    deck = [f"{rank}{suit}" for rank in ("A", "K", "Q", "J", "10", "9") for suit in "HS"]
    name, order, data = book.shuffle("norman", deck)
    data["dealt"] = [{"seal": name, "from": 0, "count": 3, "to": "101"}, {"seal": name, "from": 3, "count": 3,
                                                                        "to": "102"}]
    seats = book.roll("1", 2, data["draws"])                     # the seat order, shown at once: turn 1's draw
    book.log("deal", "Turn 1: cards dealt.", join(data, book.next_turn(1), {"rolls": [rolled(seats, "1")]}))
    draws: dict[str, list[int]] = {}
    hit = book.roll("1", 6, draws)
    title = SHOOTING.read(hit.value + 1).title
    reading = ("Shooting", hit, "shooting", title, {"adjustments": (("Close range", 1),),
                                                    "base": ("rolled", hit.value)})
    book.log("shoot", "Kid shoots at Joe.", {"resolution": resolution("shoot", "kid", reading, seal="1"),
                                             "draws": draws, "shown": [{"seal": name, "card": order[1], "by": "101"}]})
    book.log("deal", "Turn 2.", book.next_turn(2))
    book.end()
    return book


def join(*parts: dict[str, Any]) -> dict[str, Any]:
    """Entry data made of parts, their lists (seals made, seeds revealed ...) put end to end."""
    data: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            data[key] = data[key] + value if isinstance(value, list) and key in data else value
    return data


def dice_only(ruleset: str, chart: str = "", sides: int = 10, more: Callable[[Logbook], None] = lambda b: None
              ) -> Logbook:
    """A ruleset's two turns, a roll read on ``chart`` in each (Steve Burt's, Shootist's), then ``more``, the end."""
    from bot.rules.core.charts import chart_for
    book = Logbook()
    book.start_game(f"Game started ({ruleset}).")
    for turn in (1, 2):
        draws: dict[str, list[int]] = {}
        book.log("deal", f"Turn {turn}.", book.next_turn(turn))
        die = book.roll(str(turn), sides, draws)
        read = chart_for(chart)
        title = read.read(die.value).title
        book.log("act", "A roll.", {"resolution": resolution("act", "abe", ("A roll", die, chart, title, {}),
                                                             seal=str(turn)), "draws": draws})
    more(book)
    book.end()
    return book


def fire(book: Logbook) -> None:
    """Steve Burt's roll to hit: its chart made for the shot, 7 at short range less an aimed shot's 1 (SB 303)."""
    from bot.rules.burt.charts import to_hit
    draws: dict[str, list[int]] = {}
    die = book.roll("3", 10, draws)
    reading = ("To hit", die, "to_hit", to_hit(7 - 1).read(die.value).title,
               {"base": ("Short range", 7), "adjustments": (("Aimed", 1),)})
    book.log("deal", "Turn 3.", book.next_turn(3))
    book.log("burt fire", "Ike fires.", {"resolution": resolution("burt-fire", "ike", reading, seal="3"),
                                         "draws": draws})


def posse(book: Logbook) -> None:
    """Dracula's America: a posse's deck shuffled under its own seal, two cards dealt to the posse, one shown."""
    name, order, data = book.shuffle("posse-101", ["AH", "2H", "3H", "4H", "5H", "6H"])
    data["dealt"] = [{"seal": name, "from": 0, "count": 2, "to": "101"}]
    book.log("draw", "The posse draws.", data)
    book.log("play", "Abe plays a card.", {"shown": [{"seal": name, "card": order[0], "by": "101"}]})


HONEST = {
    "qotd": qotd,
    "burt": lambda: dice_only("burt", "unjam", 6, more=fire),
    "shootist": lambda: dice_only("shootist", "location"),
    "dracula": lambda: dice_only("dracula", "one_die", 8, more=posse),
    "norman": norman,
}
"""An honest log of each ruleset, as the bot writes it."""


UNCHAINED = "the bot writes its log unchained until the seals change: nothing in it can be checked yet"


def require_chained(log: str) -> None:
    """Skip what follows while the bot writes its log as it did before entries were chained (the verifier
    reads such a log as not yet checkable: tests/test_verify_tamper.py)."""
    from bot.rules.verify import read_export
    if not any("chain" in entry["data"] for entry in read_export(log)):
        pytest.skip(UNCHAINED)


def long_game(entries: int, per_turn: int = 20, book: Logbook | None = None) -> Logbook:
    """A game of ``entries`` entries: a turn every ``per_turn`` entries, the others free rolls of two dice."""
    book = book or Logbook()
    book.start_game()
    turn = 0
    while len(book.entries) < entries - 1:
        if len(book.entries) % per_turn == 1:
            turn += 1
            book.log("deal", f"Turn {turn}.", book.next_turn(turn))
            continue
        draws: dict[str, list[int]] = {}
        roll = book.roll(str(turn), 10, draws, 2)
        book.log("roll", f"a free roll: {markdown(roll.shown())}", {"roll": rolled(roll, str(turn)), "draws": draws})
    book.end()
    return book
