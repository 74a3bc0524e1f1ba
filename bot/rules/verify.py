"""Checking a game's log against the seeds it revealed: the chain, every seal, card and die, and the outcomes.

The verifier reads only the log's data, never its rendered text: ``/verify`` the stored entries, ``python -m
bot verify`` the ``director-log`` block that ends a ``/log export`` (one canonical JSON object an entry). What
it checks, in the order of the entries (how the bot writes them is in the README's "Fair play" and
:mod:`bot.rules.core.fair`):

- the chain: each entry's ``chain`` is :func:`~bot.rules.core.fair.chain_link` of the one before and its own
  content, its number one more than the last; a deleted, reordered, edited or inserted entry breaks it there;
- each seal's draws (``draws``) run 0, 1, 2 ... without a gap or a repeat, save a retake of an undone entry
  (which names it) and a deck's one shuffle dealt again;
- each seal committed before its first card or die, in the chain the commitment was published with;
- each seed revealed against its commitment, and once ``root`` is revealed, every seed derived from it;
- every shuffle's order from its seed, the cards turned in that order, every card dealt face down and later
  shown among those its holder was dealt, every die;
- every outcome read on a chart whose key says how to read it (:func:`~bot.rules.core.charts.chart_for`), or
  that the reading's numbers make again (:data:`~bot.rules.core.charts.MAKERS`), recomputed from its dice.

:class:`Verifier` takes the entries one at a time (``/verify`` feeds it a page at a time, off the event loop);
:meth:`Verifier.verdict` says what matches, what FAILS (the first problem, naming its entry) and what is not
yet checkable. Input is bounded: a file's size, a line's, a die's sides and count, a pack's size.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.rules import registry  # noqa: F401 (every ruleset, whose charts register themselves)
from bot.rules.core.charts import MAKERS, REGISTRY, SITUATIONAL, GridChart, chart_for
from bot.rules.core.dice import Roll
from bot.rules.core.fair import ROOT, Draws, canonical, chain_link, commitment, dealt, derive, stamp
from bot.rules.core.words import FENCE, Command, words

BLOCK = FENCE + "director-log"
"""The line that opens the exported log's data; a line of three backquotes (:data:`FENCE`) closes it."""
MAX_FILE_BYTES = 64 << 20
"""The largest exported log read (a 40,000-entry log is a few MiB)."""
MAX_LINE_BYTES = 1 << 20
MAX_SIDES = 1 << 32
"""The most sides a die may have: the bot's dice have at most 100, and a draw of more than 2³² values costs
more than one HMAC."""
MAX_DICE = 12
MAX_DRAW = 1 << 31
MAX_CARDS = 1000
HEX64 = frozenset("0123456789abcdef")


class Unreadable(ValueError):
    """The file is no exported game log, or is cut short: one line says why."""


def logged(entry: Any) -> dict[str, Any]:
    """A stored log entry (``seq``, ``at``, ``actor_id``, ``kind``, ``text``, ``undone``, ``data``) as the
    exported log writes it and the verifier reads it."""
    return {"seq": entry.seq, "at": stamp(entry.at), "actor": entry.actor_id, "kind": entry.kind,
            "text": entry.text, "undone": bool(entry.undone), "data": entry.data}


def block(entries: Iterable[Any]) -> str:
    """The ``director-log`` block that ends an exported log: each entry's canonical JSON on a line."""
    lines = [BLOCK, *(canonical(logged(entry)).decode() for entry in entries), FENCE]
    return "\n".join(lines) + "\n"


def read_file(path: str) -> str:
    """The text of an exported log's file: its Markdown, or the one Markdown file of its zip; at most
    :data:`MAX_FILE_BYTES`."""
    with open(path, "rb") as file:
        raw = file.read(MAX_FILE_BYTES + 1)
    if zipfile.is_zipfile(io.BytesIO(raw)):
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            members = archive.infolist()
            if len(members) != 1 or members[0].file_size > MAX_FILE_BYTES:
                raise Unreadable("a zip of an exported log holds one Markdown file of at most "
                                 f"{MAX_FILE_BYTES >> 20} MiB")
            with archive.open(members[0]) as member:
                raw = member.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise Unreadable(f"over {MAX_FILE_BYTES >> 20} MiB: no exported log is that large")
    return raw.decode("utf-8")


def read_export(text: str) -> Iterator[dict[str, Any]]:
    """The entries of an exported log's ``director-log`` block, in the file's order. Lines are split on "\\n"
    alone (a name may hold any other line separator, which JSON leaves as it is)."""
    lines = text.split("\n")
    starts = [n for n, line in enumerate(lines) if line.rstrip("\r") == BLOCK]
    if not starts:
        raise Unreadable(str(words("no director-log block: this is not a log exported by ", Command("log export"))))
    if len(starts) > 1:
        raise Unreadable(f"{len(starts)} director-log blocks: a log has one")
    last = "the block's start"
    for line in lines[starts[0] + 1:]:
        line = line.rstrip("\r")
        if line == FENCE:
            return
        if len(line) > MAX_LINE_BYTES:
            raise Unreadable(f"the line after {last} is over {MAX_LINE_BYTES >> 20} MiB")
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise Unreadable(f"the line after {last} is not an entry ({str(error)[:80]}): cut short or changed")
        if not isinstance(entry, dict) or not isinstance(entry.get("seq"), int):
            raise Unreadable(f"the line after {last} is not a log entry")
        last = f"entry #{entry['seq']}"
        yield entry
    raise Unreadable(f"the director-log block ends after {last} without its closing line: the log is cut short")


class Bad(ValueError):
    """A value of an entry is not what the format allows."""


def number(value: Any, what: str, low: int = 0, high: int = MAX_DRAW) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``."""
    if type(value) is not int or not low <= value <= high:
        raise Bad(f"{what} is {shown(value)}, not a whole number from {low} to {high}")
    return value


def hex64(value: Any, what: str) -> str:
    """``value`` if it is 64 lower-case hex digits (a SHA-256 or a seed)."""
    if not isinstance(value, str) or len(value) != 64 or not HEX64.issuperset(value):
        raise Bad(f"{what} is {shown(value)}, not 64 hex digits")
    return value


def listed(value: Any, what: str) -> list:
    """``value`` if it is a list."""
    if not isinstance(value, list):
        raise Bad(f"{what} is {shown(value)}, not a list")
    return value


def text(value: Any, what: str) -> str:
    """``value`` if it is a name (a seal's, a card's) of at most 200 characters."""
    if not isinstance(value, str) or len(value) > 200:
        raise Bad(f"{what} is {shown(value)}, not a name")
    return value


def shown(value: Any) -> str:
    """A value for a verdict line, cut short."""
    words = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return words if len(words) <= 40 else words[:39] + "…"


def cut(value: str) -> str:
    """A hex digest, shortened for a verdict."""
    return value[:12] + "…"


@dataclass
class Problem:
    """What fails, and where: "entry #N, expected …, log says …"."""

    entry: int
    what: str

    def __str__(self) -> str:
        """The problem as the verdict says it."""
        return f"entry #{self.entry}, {self.what}"


@dataclass
class Seal:
    """One seal met in the log, and everything drawn from it."""

    name: str
    commitment: str = ""
    sealed_in: int | None = None
    cards: list[str] | None = None
    """A deck seal's pack, sorted, as its commitment, its shuffle or its reveal gives it."""
    shuffled_in: list[tuple[int, tuple[int, int] | None]] = field(default_factory=list)
    """(entry, its draws of the seal) of each shuffle under a deck seal."""
    channel: int | None = None
    seed: str | None = None
    revealed_in: int | None = None
    derived: bool = False
    """The seed was not revealed on its own but derived from the root."""
    ranges: list[tuple[int, int, int]] = field(default_factory=list)
    """(first, end, entry) of each entry's draws, in the log's order."""
    high: int = 0
    dice: list[tuple[int, int, int, int]] = field(default_factory=list)
    """(entry, draw, sides, face) of every die."""
    turned: list[tuple[int, str]] = field(default_factory=list)
    placed: set[str] = field(default_factory=set)
    deals: list[tuple[int, int, int, str]] = field(default_factory=list)
    """(entry, from, count, holder) of each deal face down."""
    shows: list[tuple[int, str, str]] = field(default_factory=list)
    """(entry, card, holder) of each card shown."""
    problems: list[Problem] = field(default_factory=list)

    @property
    def deck(self) -> bool:
        """Whether it is a deck's seal, whose draws are only its one shuffle's."""
        return self.name.startswith("deck ")

    def holder_of(self, draw: int) -> int | None:
        """The entry whose draws hold ``draw`` (the last such, for a repeat)."""
        found = None
        for first, end, entry in self.ranges:
            if first <= draw < end:
                found = entry
        return found


@dataclass
class Outcomes:
    """The outcomes read on charts: how many recomputed from their dice, and those that could not be."""

    recomputed: int = 0
    not_recomputed: list[tuple[int, str, str]] = field(default_factory=list)
    """(entry, label, why) of each reading whose outcome rests on the chain alone."""


class Verifier:
    """Reads a log's entries in order (:meth:`feed`) and gives its verdict (:meth:`verdict`)."""

    def __init__(self, turn_name: str | None = None) -> None:
        """A verifier that has read nothing yet; ``turn_name`` is what the game calls a turn ("Phase", "Turn"):
        if not given, "Turn", or "Phase" once the log shuffles Quick on the Draw's phase pack."""
        self.turn_name, self.named = turn_name or "Turn", turn_name is not None
        self.seals: dict[str, Seal] = {}
        self.problems: list[Problem] = []
        """Problems of no one seal: the chain, the numbering, the entries' form."""
        self.outcomes = Outcomes()
        self.count = 0
        self.last_seq = 0
        self.chain: str | None = None
        self.before: str | None = None
        """The chain head before the entry being read: what a commitment it makes is published with."""
        self.unchained: list[int] = []
        self.undone: dict[int, int] = {}
        """Each undone entry, and the undo that took it back."""
        self.draws_of: dict[int, dict[str, tuple[int, int]]] = {}
        """Each entry's draws by seal (entries that drew)."""
        self.retakes: dict[int, list[int]] = {}
        """Each undone entry taken again, and the entries that took it."""
        self.prints: dict[tuple[str, int], set[bytes]] = {}
        """The rolls drawn within their own entry's draws, by seal and first draw."""
        self.finished = False
        self.flagged: set[int] = set()
        """The entries the log marks undone (a mark not chained: the undo entries' lists are the record)."""
        self.packs: list[tuple[int, str]] = []
        """The entries that shuffled Quick on the Draw's phase pack, and its deck seal, those undone left out: the
        last is the seal of the cards turned."""

    def seal(self, name: str) -> Seal:
        """The seal ``name``, met for the first time or not."""
        if name not in self.seals:
            self.seals[name] = Seal(name)
        return self.seals[name]

    def fail(self, seq: int, what: str, seal: str | None = None) -> None:
        """Note a problem, under its seal if it concerns one."""
        problem = Problem(seq, what)
        (self.seals[seal].problems if seal in self.seals else self.problems).append(problem)

    def feed_all(self, entries: Iterable[dict[str, Any]]) -> None:
        """Check the next entries, in order."""
        for entry in entries:
            self.feed(entry)

    def feed(self, entry: dict[str, Any]) -> None:
        """Check one entry, the next of the log."""
        self.count += 1
        seq = entry.get("seq")
        try:
            number(seq, "its number", 1)
            self.numbered(seq)
            data = entry.get("data")
            if not isinstance(data, dict):
                raise Bad(f"its data is {shown(data)}")
            if entry.get("undone") is True:
                self.flagged.add(seq)
            if not self.chained(seq, entry, data):
                return
            self.read(seq, data)
            if entry["kind"] == "end":
                self.ended(seq)
        except Bad as bad:
            self.fail(seq if type(seq) is int else self.last_seq + 1, f"the log says {bad}")

    def numbered(self, seq: int) -> None:
        """Entries come in order, each one more than the last."""
        last, self.last_seq = self.last_seq, max(self.last_seq, seq)
        if seq <= last:
            self.fail(seq, f"expected entry #{last + 1} next, log says #{seq} again or out of order: rows moved")
        elif seq > last + 1:
            missing = f"#{last + 1}" if seq == last + 2 else f"#{last + 1} to #{seq - 1}"
            self.fail(seq, f"expected entry #{last + 1} before it, log goes from #{last} to #{seq}: "
                           f"{missing} deleted")

    def chained(self, seq: int, entry: dict[str, Any], data: dict[str, Any]) -> bool:
        """Check the entry's chain; an entry written before the log was chained is noted, and not read."""
        logged_chain = data.get("chain")
        if logged_chain is None and self.chain is None:
            self.unchained.append(seq)
            return False
        logged_chain = hex64(logged_chain, "its chain")
        for key, kind in (("at", str), ("kind", str), ("text", str), ("actor", int)):
            if not isinstance(entry.get(key), kind):
                raise Bad(f"its {key} is {shown(entry.get(key))}")
        self.before = self.chain
        expected = chain_link(self.chain, entry)
        if expected != logged_chain:
            self.fail(seq, f"expected chain {cut(expected)} (from the entry before and this one's content), log "
                           f"says {cut(logged_chain)}: this entry, or one before it, was changed, added or removed")
        self.chain = logged_chain
        return True

    def read(self, seq: int, data: dict[str, Any]) -> None:
        """Everything a chained entry's data says of seals, draws, cards and dice."""
        for undone in listed(data.get("undone", []), "its undone"):
            self.undone.setdefault(number(undone, "an entry undone", 1), seq)
        self.packs = [(shuffled, name) for shuffled, name in self.packs if shuffled not in self.undone]
        for sealed in listed(data.get("sealed", []), "its sealed"):
            self.sealed(seq, sealed)
        draws = data.get("draws", {})
        if not isinstance(draws, dict):
            raise Bad(f"its draws are {shown(draws)}")
        self.drew(seq, draws, retaken(data))
        for shuffle in listed(data.get("shuffled", []), "its shuffled"):
            self.shuffled(seq, shuffle)
        self.cards(seq, data)
        if "retaken" in data:
            self.retaken(seq, data["retaken"])
        for roll, label in rolls(data):
            self.rolled(seq, roll, label, draws)
        for reading in readings(data):
            self.outcome(seq, reading)
        for revealed in listed(data.get("revealed", []), "its revealed"):
            self.revealed(seq, revealed)

    def ended(self, seq: int) -> None:
        """The game's end reveals the root (so every seal), once it was committed."""
        root = self.seals.get(ROOT)
        if root is not None and root.sealed_in is not None and root.revealed_in is None:
            self.fail(seq, "expected the game's end to reveal the root, and with it every seal, log says no root",
                      ROOT)

    def sealed(self, seq: int, sealed: Any) -> None:
        """A commitment, published with the chain before this entry; a deck seal's with its pack, sorted."""
        if not isinstance(sealed, dict):
            raise Bad(f"a seal made is {shown(sealed)}")
        name = text(sealed.get("name"), "a seal's name")
        promised = hex64(sealed.get("commitment"), f"the commitment of {name}")
        seal = self.seal(name)
        head = self.before or "0" * 64                      # the game's first chained entry: 32 zero bytes
        if hex64(sealed.get("chain"), f"the chain published with {name}") != head:
            self.fail(seq, f"expected {self.label(name)}'s commitment published with chain {cut(head)}, log says "
                           f"{cut(sealed['chain'])}", name)
        if seal.sealed_in is not None and seal.commitment != promised:
            self.fail(seq, f"expected {self.label(name)} sealed again with commitment {cut(seal.commitment)} "
                           f"(#{seal.sealed_in}), log says {cut(promised)}", name)
            return
        if "cards" in sealed:
            self.pack_given(seq, seal, sealed["cards"])
        if seal.sealed_in is None:
            seal.commitment, seal.sealed_in = promised, seq

    def drew(self, seq: int, draws: dict[str, Any], retakes: set[int]) -> None:
        """The entry's draws from each seal follow on from the last, or repeat what they may."""
        for name, span in draws.items():
            seal = self.seal(text(name, "a seal drawn from"))
            span = listed(span, f"the draws of {name}")
            if len(span) != 2 or number(span[1], f"a draw of {name}") < number(span[0], f"a draw of {name}"):
                raise Bad(f"the draws of {name} are {shown(span)}")
            first, end = span
            self.draws_of.setdefault(seq, {})[name] = (first, end)
            if seal.sealed_in is None or seal.sealed_in > seq or (seal.sealed_in == seq and not seal.deck):
                self.fail(seq, f"expected {self.label(name)} committed before its first draw, log says it draws "
                               + (f"in #{seq}, committed in #{seal.sealed_in}" if seal.sealed_in else
                                  f"in #{seq} and never committed"), name)
            if first > seal.high:
                self.fail(seq, f"expected draws of {self.label(name)} to go on from {seal.high}, log says "
                               f"{first}: draws {seal.high}-{first - 1} are missing", name)
            elif first < seal.high and not self.may_repeat(seq, seal, first, end, retakes):
                self.fail(seq, f"expected draws of {self.label(name)} from {seal.high} on, log says {first}-"
                               f"{end - 1} again (drawn by #{seal.holder_of(first)}) without a retake", name)
            seal.ranges.append((first, end, seq))
            seal.high = max(seal.high, end)

    def may_repeat(self, seq: int, seal: Seal, first: int, end: int, retakes: set[int]) -> bool:
        """A repeat of draws is a deck's one shuffle dealt again, or a retake of an undone entry that drew them."""
        if seal.deck:
            again = [drew for f, e, drew in seal.ranges if (f, e) == (first, end)]
            for undone in (drew for drew in again if drew in self.undone):
                self.retakes.setdefault(undone, []).append(seq)
            return first == 0 and bool(again)
        for undone in retakes:
            span = self.draws_of.get(undone, {}).get(seal.name)
            if undone in self.undone and span and span[0] <= first and end <= span[1]:
                return True
        return False

    def retook(self, seq: int, undone: int, name: str, first: int, end: int) -> None:
        """Draws ``first`` .. ``end`` - 1 of seal ``name`` taken again from an undone entry, which drew them."""
        span = self.draws_of.get(undone, {}).get(name)
        if undone not in self.undone or not span or not span[0] <= first <= end <= span[1]:
            self.fail(seq, f"expected draws taken again from an undone entry that drew them, log says draws "
                           f"{first}-{end - 1} of {self.label(name)} from #{undone}", name)
        elif seq not in self.retakes.setdefault(undone, []):
            self.retakes[undone].append(seq)

    def retaken(self, seq: int, again: Any) -> None:
        """An entry's ``retaken``: the undone entry whose draws it took again, and which."""
        if not isinstance(again, dict) or not isinstance(again.get("draws"), dict):
            raise Bad(f"its retaken is {shown(again)}")
        undone = number(again.get("entry"), "the entry retaken", 1)
        for name, span in again["draws"].items():
            span = listed(span, "draws retaken")
            if len(span) != 2:
                raise Bad(f"draws retaken are {shown(span)}")
            self.retook(seq, undone, text(name, "a seal retaken"), number(span[0], "a draw"), number(span[1], "a draw"))

    def pack_given(self, seq: int, seal: Seal, cards: Any) -> None:
        """A deck seal's pack, sorted, as an entry gives it (its commitment, its shuffle, its reveal): the same
        pack wherever it is given."""
        cards = [text(card, "a card") for card in listed(cards, "a pack")[:MAX_CARDS + 1]]
        if len(cards) > MAX_CARDS or cards != sorted(cards):
            raise Bad(f"the pack of {seal.name} is not sorted, or has over {MAX_CARDS} cards")
        if seal.cards is None:
            seal.cards = cards
        elif cards != seal.cards:
            self.fail(seq, f"expected the pack of {self.label(seal.name)} given before ({len(seal.cards)} cards), "
                           f"log says {len(cards)} other cards", seal.name)

    def shuffled(self, seq: int, shuffle: Any) -> None:
        """A hidden shuffle under a deck seal (its pack, when given, the one sealed); its draws are checked once
        the pack is known (:meth:`check_shuffles`)."""
        if not isinstance(shuffle, dict):
            raise Bad(f"a shuffle is {shown(shuffle)}")
        name = text(shuffle.get("seal"), "a shuffle's seal")
        seal = self.seal(name)
        if "cards" in shuffle:
            self.pack_given(seq, seal, shuffle["cards"])
        seal.shuffled_in.append((seq, self.draws_of.get(seq, {}).get(name)))
        if shuffle.get("pile") == "pack":
            self.packs.append((seq, name))
            self.turn_name = self.turn_name if self.named else "Phase"

    def cards(self, seq: int, data: dict[str, Any]) -> None:
        """Cards turned (Quick on the Draw's, from the phase pack), placed among those to come, dealt face down
        and shown."""
        if self.packs:
            pack = self.seals[self.packs[-1][1]]
            pack.turned += [(seq, text(code, "a card turned")) for code in listed(data.get("turned", []), "turned")]
            pack.placed.update(text(code, "a card placed") for code in listed(data.get("placed", []), "placed"))
        for deal in listed(data.get("dealt", []), "its dealt"):
            if not isinstance(deal, dict):
                raise Bad(f"a deal is {shown(deal)}")
            seal = self.seal(text(deal.get("seal"), "a deal's seal"))
            start = number(deal.get("from"), "a deal's first place", 0, MAX_CARDS)
            count = number(deal.get("count"), "a deal's count", 0, MAX_CARDS)
            seal.deals.append((seq, start, count, str(deal.get("to"))[:100]))
        for show in listed(data.get("shown", []), "its shown"):
            if not isinstance(show, dict):
                raise Bad(f"a card shown is {shown(show)}")
            seal = self.seal(text(show.get("seal"), "a shown card's seal"))
            seal.shows.append((seq, text(show.get("card"), "a card shown"), str(show.get("by"))[:100]))

    def rolled(self, seq: int, roll: dict[str, Any], label: str, draws: dict[str, Any]) -> None:
        """A roll: its dice drawn by this entry, or the very roll an earlier entry drew (an action resumed)."""
        name = text(roll.get("seal"), f"the seal of the roll {label!r}")
        first = number(roll.get("n", roll.get("number")), f"the first draw of {label!r}")
        dice = listed(roll.get("dice"), "a roll's dice")
        if len(dice) != 3:
            raise Bad(f"the dice of {label!r} are {shown(dice)}")
        count = number(dice[0], f"the dice of {label!r}", 1, MAX_DICE)
        sides = number(dice[2], f"the sides of {label!r}", 2, MAX_SIDES)
        faces = [number(face, f"a face of {label!r}", 1, sides) for face in listed(roll.get("faces"), "faces")]
        if len(faces) != count:
            raise Bad(f"{label!r} rolls {count} dice and shows {len(faces)}")
        seal = self.seal(name)
        if "retake" in roll:
            self.retook(seq, number(roll["retake"], "a retake", 1), name, first, first + count)
        if seal.deck:
            self.fail(seq, f"expected dice drawn from a turn's seal, log says {label!r} from {name}", name)
        span = self.draws_of.get(seq, {}).get(name)
        mark = canonical([label, {k: v for k, v in roll.items() if k != "retake"}])
        if span and span[0] <= first and first + count <= span[1]:
            self.prints.setdefault((name, first), set()).add(mark)
        elif mark not in self.prints.get((name, first), ()):
            self.fail(seq, f"expected {label!r}'s dice among the draws of this entry "
                           f"{shown(draws.get(name))} or the same roll in the entry that drew {first}, log says "
                           f"draws {first}-{first + count - 1}", name)
        seal.dice += [(seq, first + i, sides, face) for i, face in enumerate(faces)]

    def outcome(self, seq: int, reading: dict[str, Any]) -> None:
        """Recompute a reading's outcome from its dice on the chart it names, when the chart says how."""
        label = str(reading.get("label", ""))[:100]
        key = reading.get("chart", "")
        try:
            roll = Roll.from_json(reading["roll"])
            title = reading["outcome"]["title"]
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise Bad(f"the reading {label!r} is not a roll read on a chart ({shown(str(error))})")
        why = unreadable(key)
        expected = None if why else recompute(key, roll, reading)
        if expected is None:
            self.outcomes.not_recomputed.append((seq, label, why or "its modifiers or column not logged"))
            return
        self.outcomes.recomputed += 1
        if expected != title:
            self.fail(seq, f"expected {label!r} read {expected!r} from its dice {list(roll.faces)}, log says "
                           f"{shown(title)}", roll_seal(reading["roll"]))

    def revealed(self, seq: int, revealed: Any) -> None:
        """A seed revealed: it gives the commitment made before."""
        if not isinstance(revealed, dict):
            raise Bad(f"a seed revealed is {shown(revealed)}")
        name = text(revealed.get("name"), "a revealed seal's name")
        seed = hex64(revealed.get("seed"), f"the seed of {name}")
        channel = number(revealed.get("channel"), "a channel", 0, 1 << 64)
        seal = self.seal(name)
        if seal.sealed_in is None:
            self.fail(seq, f"expected a seed for a seal committed before, log reveals {self.label(name)}, never "
                           "committed", name)
            return
        promised = commitment(channel, name, seed)
        if promised != seal.commitment:
            self.fail(seq, f"expected a seed of {self.label(name)} that gives commitment {cut(seal.commitment)} "
                           f"(#{seal.sealed_in}), log says seed {cut(seed)}, which gives {cut(promised)}", name)
            return
        seal.seed, seal.revealed_in, seal.channel = seed, seq, channel
        if "cards" in revealed:
            self.pack_given(seq, seal, revealed["cards"])

    def label(self, name: str) -> str:
        """A seal as the verdict names it: "Turn 3" ("Phase 3"; "Turn 3/2", sealed again after an undo), "the deck
        pack 2", "the root"."""
        return f"{self.turn_name} {name}" if name.split("/")[0].isdigit() else f"the {name}"

    def verdict(self, turn: int | None = None) -> Verdict:
        """What the log proves: the chain, each seal (only turn ``turn``'s, if given: its seal, sealed again after
        an undo too, and in Quick on the Draw the phase pack it dealt) and the outcomes."""
        if not self.finished:
            self.finish()
        seals = [seal for seal in self.seals.values()
                 if turn is None or seal.name.split("/")[0] == str(turn) or seal.name == f"deck pack {turn}"]
        failed = bool(self.problems) or any(seal.problems for seal in seals)
        unchecked = bool(self.unchained) or not seals or any(seal.seed is None for seal in seals)
        lines = [self.chain_line(), *(line for seal in seals for line in self.seal_lines(seal)),
                 self.outcome_line()]
        return Verdict("fails" if failed else "unchecked" if unchecked else "matches", lines, len(seals),
                       bool(self.unchained))

    def finish(self) -> None:
        """The checks that wait for the whole log: the undone marks, the seeds derived from the root, and every
        seal whose seed is known."""
        self.finished = True
        first = self.unchained[-1] if self.unchained else 0        # an unchained undo's marks are not checked
        marks = self.flagged.symmetric_difference(self.undone)
        for seq in sorted(seq for seq in marks if seq > first or seq in self.undone)[:1]:
            self.fail(seq, f"expected it marked {'undone' if seq in self.undone else 'live'} as the undo entries "
                           f"say, log says {'live' if seq in self.undone else 'undone'}")
        self.derive_from_root()
        for seal in self.seals.values():
            self.check_shuffles(seal)
            if seal.seed is not None:
                self.check(seal)

    def derive_from_root(self) -> None:
        """Once the root is revealed, every seed is HMAC(root, name): each one revealed must be it, and each one
        not revealed is derived, and must give its commitment."""
        root = self.seals.get(ROOT)
        if root is None or root.seed is None:
            return
        for seal in self.seals.values():
            if seal is root or seal.sealed_in is None or seal.derived:
                continue
            true = derive(root.seed, seal.name)
            if seal.seed is not None and seal.seed != true:
                self.fail(seal.revealed_in, f"expected the seed of {self.label(seal.name)} derived from the root "
                                            f"({cut(true)}), log says {cut(seal.seed)}", seal.name)
            elif seal.seed is None and commitment(root.channel, seal.name, true) != seal.commitment:
                self.fail(root.revealed_in, f"expected the root to give {self.label(seal.name)}'s commitment "
                                            f"{cut(seal.commitment)} (#{seal.sealed_in}), log says a root that "
                                            "gives another", seal.name)
            elif seal.seed is None:
                seal.seed, seal.channel, seal.derived = true, root.channel, True

    def check(self, seal: Seal) -> None:
        """Every die, card turned, card dealt face down and card shown, against the seal's seed."""
        draws = Draws(seal.seed)
        for seq, draw, sides, face in seal.dice:
            true = 1 + draws.draw(draw, sides)
            if true != face:
                self.fail(seq, f"expected draw {draw} of {self.label(seal.name)} to roll {true} on a D{sides}, "
                               f"log says {face}", seal.name)
        if seal.cards is not None:
            order = dealt(seal.seed, seal.cards)
            self.check_turns(seal, order)
            self.check_deals(seal, order)

    def check_shuffles(self, seal: Seal) -> None:
        """Each shuffle under a deck seal took its draws 0 .. len-2, of a pack the log gives."""
        if not seal.shuffled_in:
            return
        if seal.cards is None:
            self.fail(seal.shuffled_in[0][0], f"expected the pack of {self.label(seal.name)} with its commitment, "
                                              "its shuffle or its reveal, log gives none", seal.name)
            return
        for seq, span in seal.shuffled_in:
            if span != (0, max(len(seal.cards) - 1, 0)):
                self.fail(seq, f"expected the shuffle of {self.label(seal.name)} to take draws 0-"
                               f"{len(seal.cards) - 2}, log says {shown(list(span) if span else None)}", seal.name)

    def live(self, seq: int) -> bool:
        """Whether entry ``seq`` stands (no undo names it)."""
        return seq not in self.undone

    def check_turns(self, seal: Seal, order: list[str]) -> None:
        """The cards turned (those placed among the cards to come aside) follow the order the seed dealt."""
        place = {code: index for index, code in enumerate(order)}
        last = -1
        for seq, code in seal.turned:
            if code in seal.placed or not self.live(seq):
                continue
            if place.get(code, -1) <= last:
                expected = order[last + 1] if last + 1 < len(order) else "no card (the pack is spent)"
                self.fail(seq, f"expected {expected} or a later card of {self.label(seal.name)} turned, log says "
                               f"{code}", seal.name)
                return
            last = place[code]

    def check_deals(self, seal: Seal, order: list[str]) -> None:
        """Each place of the pack dealt face down once, and every card shown one its holder was dealt."""
        held: dict[str, set[str]] = {}
        given: set[int] = set()
        for seq, start, count, holder in seal.deals:
            if not self.live(seq):
                continue
            places = set(range(start, start + count))
            if start + count > len(order) or places & given:
                self.fail(seq, f"expected places of {self.label(seal.name)} not dealt before, within its "
                               f"{len(order)} cards, log says {start}-{start + count - 1}", seal.name)
                return
            given |= places
            held.setdefault(holder, set()).update(order[start:start + count])
        for seq, card, holder in seal.shows:
            if self.live(seq) and card not in held.get(holder, set()):
                self.fail(seq, f"expected a card {self.label(seal.name)} dealt to {holder} shown, log says {card}",
                          seal.name)
                return

    def chain_line(self) -> str:
        """The verdict on the chain and the entries' numbering and form."""
        if self.problems:
            more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
            return f"The log: FAILS: {earliest(self.problems)}{more}."
        if self.unchained:
            return (f"The log: not yet checkable: entries #{self.unchained[0]} to #{self.unchained[-1]} were written "
                    "before entries were chained, and nothing in them is checked.")
        return (f"The log: matches: its {self.count} entries each chained to the one before, numbered in order; its "
                f"last chain is {self.chain}: the channel's commitments and chains must be the log's.")

    def seal_lines(self, seal: Seal) -> list[str]:
        """A seal's verdict, then its undone draws, each as what it is."""
        name = f"{self.label(seal.name).capitalize()} (sealed in #{seal.sealed_in}" + \
            (f", commitment {cut(seal.commitment)})" if seal.commitment else ")")
        if seal.problems:
            more = f" (and {len(seal.problems) - 1} more)" if len(seal.problems) > 1 else ""
            head = f"{name}: FAILS: {earliest(seal.problems)}{more}."
        elif seal.seed is None:
            head = f"{name}: not yet checkable: its seed is not revealed yet."
        else:
            head = f"{name}: matches. " + self.proved(seal)
        return [head, *(f"  - {note}" for note in self.undone_draws(seal))]

    def proved(self, seal: Seal) -> str:
        """What a seal that matches was checked for."""
        source = "derived from the root revealed" if seal.derived else f"revealed in #{seal.revealed_in}"
        if seal.name == ROOT:
            return f"Its seed, {source}, gives its commitment, and every other seal's seed is derived from it."
        checked = [] if seal.deck else [plural(len(seal.dice), "die", "dice") if seal.dice else "no dice"]
        if seal.cards is not None:
            checked.append(f"{len(seal.cards)} cards shuffled in their order")
        if turned := [code for seq, code in seal.turned if self.live(seq)]:
            checked.append(f"{len(turned)} turned in that order")
        if seal.deals:
            checked.append(f"{sum(c for q, _, c, _ in seal.deals if self.live(q))} dealt face down and "
                           f"{sum(1 for q, _, _ in seal.shows if self.live(q))} shown, each by its holder")
        return f"Its seed, {source}, gives its commitment, and {', '.join(checked)}."

    def undone_draws(self, seal: Seal) -> list[str]:
        """The draws of the seal that undone entries took: taken again by a retake, or burnt."""
        notes = []
        for first, end, seq in seal.ranges:
            if seq in self.undone and end > first:
                again = self.retakes.get(seq)
                fate = (f"taken again in #{', #'.join(map(str, again))}" if again else
                        "not taken again (burnt)")
                notes.append(f"{self.label(seal.name).capitalize()}: draws {first}-{end - 1} in #{seq}, undone by "
                             f"#{self.undone[seq]}; {fate}")
        return notes

    def outcome_line(self) -> str:
        """How many outcomes were recomputed from their dice, and which rest on the chain alone."""
        line = f"Outcomes: {self.outcomes.recomputed} recomputed from their dice on their charts"
        rest = self.outcomes.not_recomputed
        if not rest:
            return line + "."
        named = ", ".join(f"#{seq} {label!r} ({why})" for seq, label, why in rest[:5])
        more = f" and {len(rest) - 5} more" if len(rest) > 5 else ""
        return f"{line}; {len(rest)} could not be and rest on the chain alone: {named}{more}."


@dataclass
class Verdict:
    """What a log proves: ``status`` "matches" (everything checked), "fails" or "unchecked" (nothing fails, but
    something is not yet checkable), and a line for the chain, each seal and the outcomes."""

    status: str
    lines: list[str]
    seals: int
    unchained: bool = False
    """Entries were written before the log was chained (a game stored before the change): not checked."""

    def __str__(self) -> str:
        """Every line of the verdict."""
        return "\n".join(self.lines)

    @property
    def headline(self) -> str:
        """The verdict in a few words."""
        return {"matches": "every check passes", "fails": "a check FAILS",
                "unchecked": "nothing fails, but not everything is checkable yet"}[self.status]

    def first_problem(self) -> str:
        """The one line that says why the log fails (the problem of the earliest entry), or why it is not all
        checked."""
        failing = [line for line in self.lines if ": FAILS: entry #" in line]
        if failing:
            return min(failing, key=lambda line: int(line.split(": FAILS: entry #", 1)[1].split(",", 1)[0]))
        return next((line for line in self.lines if "not yet checkable" in line), self.headline)


def earliest(problems: list[Problem]) -> Problem:
    """The problem of the earliest entry (the first found, of those of one entry)."""
    return min(problems, key=lambda problem: problem.entry)


def plural(count: int, one: str, more: str) -> str:
    """"1 die", "2 dice"."""
    return f"{count} {one if count == 1 else more}"


def retaken(data: dict[str, Any]) -> set[int]:
    """The undone entries whose draws this entry takes again (its rolls name them, and its ``retaken``)."""
    named = {roll["retake"] for roll, _ in rolls(data) if isinstance(roll.get("retake"), int)}
    again = data.get("retaken")
    return named | ({again["entry"]} if isinstance(again, dict) and isinstance(again.get("entry"), int) else set())


def readings(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The readings of an entry's resolution."""
    resolution = data.get("resolution")
    if resolution is None:
        return []
    if not isinstance(resolution, dict):
        raise Bad(f"its resolution is {shown(resolution)}")
    found = listed(resolution.get("readings", []), "its readings")
    if not all(isinstance(reading, dict) for reading in found):
        raise Bad("a reading is not an object")
    return found


def rolls(data: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Every roll an entry logged, with what it was for: a free roll, a deal's or draw's, each reading's (its
    first roll too, when re-rolled)."""
    found = []
    if "roll" in data:
        found.append((data["roll"], "the roll"))
    found += [(roll, "a roll of the deal") for roll in listed(data.get("rolls", []), "its rolls")]
    for reading in readings(data):
        label = str(reading.get("label", ""))[:100]
        found += [(reading[key], label) for key in ("first", "roll") if reading.get(key) is not None]
    if not all(isinstance(roll, dict) for roll, _ in found):
        raise Bad("a roll is not an object")
    return found


def unreadable(key: Any) -> str:
    """Why an outcome read on the chart ``key`` cannot be recomputed from its dice ("" when it can)."""
    if not isinstance(key, str) or not key or key not in REGISTRY and key not in MAKERS:
        return "no chart"
    if key in MAKERS:
        return ""
    if key in SITUATIONAL:
        return "its chart is made for each situation"
    if REGISTRY[key].counts:
        return f"its chart is read by {REGISTRY[key].counts}"
    return ""


def roll_seal(roll: dict[str, Any]) -> str | None:
    """The seal a logged roll names, if it names one: the seal a problem with its outcome is told under."""
    seal = roll.get("seal")
    return seal if isinstance(seal, str) else None


def basis(reading: dict[str, Any]) -> tuple[int | None, int] | None:
    """A reading's base number (None without one) and the sum of its modifiers; None when they are not numbers."""
    base, adjustments = reading.get("base"), reading.get("adjustments", [])
    try:
        added = sum(number(n, "a modifier", -100, 100) for _, n in adjustments) if adjustments else 0
        based = None if base is None else number(listed(base, "a base")[1], "a base", -100, 100)
    except (Bad, IndexError, TypeError, ValueError):
        return None
    return based, added


def recompute(key: str, roll: Roll, reading: dict[str, Any]) -> str | None:
    """The outcome title a reading's dice give on the chart ``key``: the roll's value (with the modifiers added to
    the die, when the reading says so: its base is ``["rolled", value]``), in the grid's column; on a
    situational chart, made again from the reading's base and modifiers. None when the reading does not say
    enough."""
    base, adjustments = reading.get("base"), reading.get("adjustments", [])
    numbers = basis(reading)
    if numbers is None:
        return None
    based, added = numbers
    if key in MAKERS:
        chart = MAKERS[key](based, added)
        return chart.read(roll.value).title if chart is not None else None
    chart = chart_for(key)
    if isinstance(chart, GridChart):        # its modifiers are the column's, unless added to the die
        column = reading.get("column")
        if type(column) is not int:
            return None
        return chart.read(roll.value + (added if base == ["rolled", roll.value] else 0), column)[1].title
    if base is None and not adjustments:
        return chart.read(roll.value).title
    if base == ["rolled", roll.value]:
        return chart.read(roll.value + added).title
    return None


def verify_entries(entries: Iterable[dict[str, Any]], turn_name: str | None = None, turn: int | None = None
                   ) -> Verdict:
    """The verdict on a log's entries (on one turn's seals, if ``turn`` is given)."""
    verifier = Verifier(turn_name)
    verifier.feed_all(entries)
    return verifier.verdict(turn)


def verify_text(text: str) -> Verdict:
    """The verdict on an exported log (its ``director-log`` block)."""
    return verify_entries(read_export(text))
