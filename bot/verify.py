"""Checking a game's log against the seeds it revealed: commitments, the packs dealt, and every die.

The exported log (``/log export``) is the record: each entry's dice column shows
every roll with the draw of the phase its first die came from ("(draws 12-13)"),
and its seals column the seals the entry made and revealed, each named by the
ruleset's word for its stretch of play ("sealed phase 2" in Quick on the Draw,
"sealed turn 2" elsewhere: :attr:`~bot.rules.core.ruleset.Ruleset.turn_name`). :func:`verify` reads
that Markdown back, so ``/verify`` and ``python -m bot verify game-log.md`` check
the same thing; a log changed by hand fails and says where. How a seed becomes
cards and dice is :mod:`bot.rules.core.fair`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .rules.core.cards import Card
from .rules.core.dice import Roll
from .rules.core.fair import commitment, dealt, face

SEALED = re.compile(r"sealed (phase|turn) (\d+): commitment ([0-9a-f]{64})")
REVEALED = re.compile(r"revealed (?:phase|turn) (\d+) of channel (\d+): seed ([0-9a-f]{64})")
DEALT = re.compile(r"dealt: ([0-9A-Z]+(?: [0-9A-Z]+)*)")
TURNED = re.compile(r"turned: ([0-9A-Z]+(?: [0-9A-Z]+)*)")
PLACED = re.compile(r"shuffled in: ([0-9A-Z]+(?: [0-9A-Z]+)*)")
ROLLED = re.compile(r"(\d+)D(\d+)[a-z ]*: \[([^\]]*)\][^\[;]*?\(draws? (\d+)(?:-\d+)?\)")
CELL = re.compile(r"(?<!\\)\|")


def numbered(roll: Roll) -> str:
    """A roll as the log shows it: its dice, and the draws they came from when a phase's seal rolled them."""
    if roll.number is None:
        return str(roll)
    last = roll.number + len(roll.faces) - 1
    return f"{roll} ({'draw' if last == roll.number else 'draws'} {roll.number}" + \
        (f"-{last})" if last != roll.number else ")")


def seal_notes(data: dict[str, Any], turn_name: str) -> list[str]:
    """What a log entry's ``data`` says of seals and cards: the seeds it revealed, the seals it committed, the
    hidden shuffles it made (never their order), the cards it turned and those it shuffled in among the cards
    to come. A turn's seal is named by the game's ``turn_name`` ("Phase" or "Turn")."""
    word = turn_name.lower()
    notes = [f"revealed {seal_word(shown['name'], word)} of channel {shown['channel']}: seed {shown['seed']}"
             for shown in data.get("revealed", ())]
    notes += [f"sealed {seal_word(sealed['name'], word)}: commitment {sealed['commitment']}"
              for sealed in data.get("sealed", ())]
    notes += [f"shuffled {len(shuffle['cards'])} cards of {shuffle['pile']} under {shuffle['seal']}"
              for shuffle in data.get("shuffled", ())]
    if data.get("turned"):
        notes.append("turned: " + " ".join(data["turned"]))
    if data.get("placed"):
        notes.append("shuffled in: " + " ".join(data["placed"]))
    return notes


def seal_word(name: str, word: str) -> str:
    """A seal's name in a note: a turn's number after the game's word for it ("turn 2"), others as named."""
    return name if name == "root" or name.startswith("deck ") else f"{word} {name}"


@dataclass
class Die:
    """One die as the log shows it."""

    entry: int
    number: int
    sides: int
    shown: int


@dataclass
class Phase:
    """One seal found in the log, and what was played under it."""

    phase: int
    commitment: str
    entry: int
    pack: list[str]
    turn_name: str = "Phase"
    """What the log calls the stretch of play sealed: "Phase" (Quick on the Draw) or "Turn"."""
    dice: list[Die] = field(default_factory=list)
    turned: list[tuple[int, str]] = field(default_factory=list)
    """The cards turned, by entry, in live entries (an undone turn was taken back)."""
    placed: set[str] = field(default_factory=set)
    """Cards shuffled in among the cards to come after the deal, in live entries."""
    seed: str | None = None
    revealed_in: int | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        """One line: what matches, or that the seed is still secret."""
        name = f"{self.turn_name} {self.phase} (sealed in #{self.entry}, commitment {self.commitment[:12]}…)"
        if self.seed is None:
            return f"{name}: not revealed yet, so not checkable yet."
        if self.problems:
            return f"{name}: FAILS."
        cards = (f"the {len(self.pack)} cards dealt in their order, {len(self.turned)} turned in that order, "
                 if self.pack else "")
        dice = f"all {len(self.dice)} dice" if self.dice else "no dice were rolled"
        return f"{name}: matches. The seed revealed in #{self.revealed_in} gives the commitment, {cards}and {dice}."


def rows(text: str) -> list[dict[str, str]]:
    """The entries of an exported log, as cells by column name."""
    header: list[str] | None = None
    found = []
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in CELL.split(line)[1:-1]]
        if header is None:
            if cells and cells[0] == "#":
                header = cells
            continue
        if cells and cells[0].isdigit():
            found.append(dict(zip(header, cells)))
    if header is None:
        raise ValueError("this is not a game log exported by /log export: its table is missing")
    return found


def verify(text: str, phase: int | None = None) -> list[Phase]:
    """Every seal of the exported log (of one phase or turn, by number, if given), checked against the seed it
    revealed."""
    seals: list[Phase] = []
    current: Phase | None = None
    loose: list[tuple[int | None, str]] = []      # problems met while reading, and the phase they concern
    for row in rows(text):
        entry, notes, shown = int(row["#"]), row.get("seals", ""), row.get("dice", "")
        for match in REVEALED.finditer(notes):
            revealed_phase, channel, seed = int(match[1]), int(match[2]), match[3]
            promised = commitment(channel, revealed_phase, seed)
            opened = next((s for s in seals if s.commitment == promised and s.phase == revealed_phase), None)
            if opened is None:
                loose.append((revealed_phase, f"#{entry} reveals a seed for {match[0].split()[1]} {revealed_phase} "
                                              "that matches no commitment made before it."))
            else:
                opened.seed, opened.revealed_in = seed, entry
        if match := SEALED.search(notes):
            pack = DEALT.search(notes)
            current = Phase(int(match[2]), match[3], entry, pack[1].split() if pack else [], match[1].capitalize())
            seals.append(current)
        if current is not None and not row.get("kind", "").endswith("(undone)"):
            if turned := TURNED.search(notes):
                current.turned += [(entry, code) for code in turned[1].split()]
            if placed := PLACED.search(notes):
                current.placed.update(placed[1].split())
        for match in ROLLED.finditer(shown):
            count, sides, number = int(match[1]), int(match[2]), int(match[4])
            faces = [int(f) for f in re.findall(r"\d+", match[3])]
            if current is None or len(faces) != count:
                loose.append((current and current.phase, f"#{entry}: a roll of {count}D{sides} shows {len(faces)} "
                                                         "dice, or comes before any seal."))
                continue
            current.dice += [Die(entry, number + i, sides, f) for i, f in enumerate(faces)]
    chosen = [s for s in seals if phase is None or s.phase == phase]
    for seal in chosen:
        check(seal)
    for concerned, problem in loose:
        if chosen and (phase is None or concerned in (None, phase)):
            next((s for s in reversed(chosen) if s.phase == concerned), chosen[0]).problems.append(problem)
    return chosen


def check(seal: Phase) -> None:
    """Note every card and die of a revealed seal that is not what its seed gives."""
    if seal.seed is None:
        return
    if seal.pack:
        order = dealt(seal.seed, seal.pack)
        for place, (logged, true) in enumerate(zip(seal.pack, order), start=1):
            if logged != true:
                seal.problems.append(f"#{seal.entry}, the deal of {seal.turn_name.lower()} {seal.phase}: card {place} "
                                     f"is {Card.parse(logged)} in the log, but the seed deals {Card.parse(true)}.")
                break
    check_turns(seal)
    for die in seal.dice:
        true = face(seal.seed, die.number, die.sides)
        if true != die.shown:
            seal.problems.append(f"#{die.entry}: draw {die.number} shows {die.shown} in the log, but the seed "
                                 f"rolls {true}.")


def check_turns(seal: Phase) -> None:
    """Note the first card turned out of the order the seed dealt (cards shuffled in later aside)."""
    if not seal.pack:
        return
    place = {code: index for index, code in enumerate(seal.pack)}
    last, before = -1, ""
    for entry, code in seal.turned:
        if code in seal.placed:
            continue
        if code not in place:
            seal.problems.append(f"#{entry}: {Card.parse(code)} is turned, but {seal.turn_name.lower()} {seal.phase} "
                                 "was not dealt it and it was not shuffled in.")
            return
        if place[code] < last:
            seal.problems.append(f"#{entry}: {Card.parse(code)} is turned after {Card.parse(before)}, but the seed "
                                 "deals it before.")
            return
        last, before = place[code], code


def report(seals: list[Phase]) -> str:
    """The verdict on every seal, with each problem found under it."""
    if not seals:
        return "The log has nothing sealed to check."
    lines = []
    for seal in seals:
        lines.append(seal.verdict)
        lines += [f"  - {problem}" for problem in seal.problems]
    return "\n".join(lines)


def passed(seals: list[Phase]) -> bool:
    """Whether no seal of those checked shows a problem."""
    return not any(seal.problems for seal in seals)
