"""Provably fair randomness: every card and die comes from a seed committed before and revealed after.

A game draws a *root* secret of 32 random bytes when it starts. Every other
seal's seed is derived from it by the seal's *name*: HMAC-SHA256, keyed with
the root, of the name as UTF-8 (:func:`derive`). A turn's seal (Quick on the
Draw: a phase's) is named by its number ("0", "1" ...) and rolls its dice and
the shuffles shown at once; a deck's order, hidden while it is dealt, has a
seal of its own, ``deck <pile> <n>`` (the pile's ``n``-th shuffle). The
channel sees each seal's *commitment* before its first draw: the SHA-256, in
hex, of the ASCII text ``director:<channel id>:<name>:<seed in hex>``. A seed is
revealed only when nothing it ordered is still hidden from anyone; the root
last, when the game ends. Each log entry carries a running digest of the log
(:func:`chain`), published with every commitment.

Every number a seal gives is a *draw*, numbered 0, 1, 2 ... Draw ``n`` of one
of ``k`` values: take the HMAC-SHA256, keyed with the seed, of the ASCII text
of ``n ÷ 8`` (rounded down): of its 32 bytes, bytes ``4 × (n mod 8)`` to
``4 × (n mod 8) + 3`` read as a big-endian number ``x`` give ``x mod k``.
Should ``x`` fall in the last, incomplete run of ``k`` below 2³² (for a D10,
``x`` ≥ 4,294,967,290: 6 chances in 4 billion), or ``k`` be above 2³², the
HMACs of the texts ``n/1``, ``n/2`` ... read as 256-bit numbers are tried in
turn, by the same rule. So every value is exactly as likely, and one HMAC
serves eight draws. A die of ``s`` sides shows ``1 + draw``. A shuffle sorts
the pack by card code and shuffles it from the last card down, swapping card
``i`` (counting from 0) with card ``draw(i + 1)`` (Fisher-Yates): a deck
seal's one shuffle takes its draws 0 .. len-2 (:func:`dealt`).
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import random
import struct
from collections.abc import Callable, Collection, Iterable, MutableSequence
from dataclasses import MISSING, dataclass, field, fields
from datetime import UTC, datetime
from typing import Any, NamedTuple

from .dice import Roll

SEED_BYTES = 32
ROOT = "root"
"""The name of a game's root seal, whose seed is the root secret itself."""
PER_HMAC = 8
"""Draws served by one HMAC: its 32 bytes as eight 4-byte words."""
_WORD = 1 << 32
_SPAN = 1 << 256
"""How many values a word, and a whole HMAC-SHA256, can take."""


def commitment_text(channel: int, name: str | int, seed: str) -> str:
    """The text whose SHA-256 commits a seed to its game (by channel) and seal (by name: a turn's is its number)."""
    return f"director:{channel}:{name}:{seed}"


def commitment(channel: int, name: str | int, seed: str) -> str:
    """The SHA-256, in hex, of :func:`commitment_text`."""
    return hashlib.sha256(commitment_text(channel, name, seed).encode()).hexdigest()


Mac = Callable[[bytes], bytes]


def keyed(seed: str) -> Mac:
    """HMAC-SHA256 keyed with a seed (RFC 2104), its two padded keys hashed once: a draw then costs two
    short hashes, not a key schedule."""
    block = bytes.fromhex(seed).ljust(64, b"\0")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in block))
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in block))

    def mac(message: bytes) -> bytes:
        first = inner.copy()
        first.update(message)
        second = outer.copy()
        second.update(first.digest())
        return second.digest()
    return mac


class Draws:
    """The draws of one seed, as the module's docstring says; the last HMAC is kept for the next draws."""

    def __init__(self, seed: str) -> None:
        self.mac = keyed(seed)
        self.block_number = -1
        self.words: tuple[int, ...] = ()

    def draw(self, number: int, k: int) -> int:
        """Draw ``number``: one of ``0 .. k-1``, each exactly as likely."""
        if k <= _WORD:
            block_number, word = divmod(number, PER_HMAC)
            if block_number != self.block_number:
                self.words, self.block_number = struct.unpack(">8I", self.mac(b"%d" % block_number)), block_number
            x = self.words[word]
            if x < _WORD - _WORD % k:
                return x % k
        limit, retry = _SPAN - _SPAN % k, 1
        while (x := int.from_bytes(self.mac(b"%d/%d" % (number, retry)), "big")) >= limit:
            retry += 1
        return x % k


def face(seed: str, number: int, sides: int) -> int:
    """The face a die of ``sides`` sides shows as draw ``number`` of the seal of ``seed``."""
    return 1 + Draws(seed).draw(number, sides)


def shuffle_down(pack: MutableSequence, below: Callable[[int], int]) -> None:
    """Fisher-Yates from the last card down: card ``i`` swaps with card ``below(i + 1)``."""
    for i in reversed(range(1, len(pack))):
        j = below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]


def dealt(seed: str, codes: list[str]) -> list[str]:
    """The order in which the seal of ``seed`` deals a pack of cards (by code), from its draws 0 .. len-2."""
    pack = sorted(codes)
    draws, numbers = Draws(seed), itertools.count()
    shuffle_down(pack, lambda k: draws.draw(next(numbers), k))
    return pack


def derive(root: str, name: str) -> str:
    """The seed of the seal ``name`` of a game whose root secret is ``root``: HMAC-SHA256 keyed with the root, of
    the name as UTF-8, in hex. The same name always gives the same seed, so an undone deal dealt again deals the
    same order."""
    return hmac.new(bytes.fromhex(root), name.encode(), hashlib.sha256).hexdigest()


def deck_seal(pile: str, shuffle: int) -> str:
    """The name of a pile's ``shuffle``-th seal (counted from 1): ``deck norman 2``."""
    return f"deck {pile} {shuffle}"


def canonical(value: Any) -> bytes:
    """JSON with sorted keys, no spaces and characters as they are: the bytes the chain hashes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def stamp(at: datetime) -> str:
    """A log entry's time as the chain and the exported log write it: ``2026-11-27T12:44:36Z``, in UTC."""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


NO_CHAIN = bytes(32)
"""What the game's first chained entry is chained to."""


def chain_link(previous: str | None, entry: dict[str, Any]) -> str:
    """The running digest of a game's log after an entry: SHA-256, in hex, of the previous entry's digest (32
    bytes; :data:`NO_CHAIN` for the game's first chained entry) and the canonical JSON of the entry's ``seq``,
    ``at`` (as :func:`stamp` writes it), ``actor``, ``kind``, ``text`` and ``data`` (without its own ``chain``;
    ``undone``, set later, is not chained)."""
    body = {"seq": entry["seq"], "at": entry["at"], "actor": entry["actor"], "kind": entry["kind"],
            "text": entry["text"], "data": {key: value for key, value in entry["data"].items() if key != "chain"}}
    return hashlib.sha256((bytes.fromhex(previous) if previous else NO_CHAIN) + canonical(body)).hexdigest()


def chain(previous: str | None, seq: int, at: datetime, actor: int, kind: str, text: str,
          data: dict[str, Any]) -> str:
    """:func:`chain_link` of an entry as the log writes it."""
    return chain_link(previous, {"seq": seq, "at": stamp(at), "actor": actor, "kind": kind, "text": text,
                                 "data": data})


def code_of(card: Any) -> str:
    """How a shuffle sorts a card: a name as itself, a playing card by code, a stock character by name."""
    return card if isinstance(card, str) else getattr(card, "code", None) or card.name


class Hidden(NamedTuple):
    """A pile's cards still hidden from someone: its cards to come (its last shuffle's), and those it gave out
    that are held face down (in a hand, on a building)."""

    to_come: Collection[str] = ()
    held: Collection[str] = ()


ASKED_BYTES = 12
"""Bytes of the digest of a request that a turn's entries keep with their draws (ruling 493): what is asked again
is told by it (two requests of a turn share one with odds of one in 2**96)."""


def request_digest(asked: str) -> str:
    """What a turn's entry keeps of the request it was asked: its digest (see :data:`ASKED_BYTES`)."""
    return hashlib.blake2b(asked.encode(), digest_size=ASKED_BYTES).hexdigest()


@dataclass
class Retake:
    """The draws an entry took (``draws``: seal name, first, end) for what it was asked (``asked``: the request's
    digest, or the request in full for an entry stored before ruling 493) in turn ``turn``: the same request asked
    again once the entry is undone takes them again (see :meth:`Seal.ask`). Kept with the entry in the log, not in
    the game's state (see :meth:`Seal.retaken`)."""

    seq: int
    asked: str
    draws: list[tuple[str, int, int]] = field(default_factory=list)
    turn: int = 0


@dataclass
class Seal:
    """A game's seals: its root secret, the turn (phase) seal its dice come from, and its decks' seals.

    Every seed but the root's is derived from the root by name (:func:`derive`). The channel has seen the
    commitments of ``committed``; ``revealed`` are public. ``seed`` and ``draws`` are how a game stored before
    roots kept its one seal: they are adopted as the turn seal's kept seed and count when loaded.
    """

    channel: int
    phase: int = 0
    """The turn (Quick on the Draw: phase) being played: its seal draws the dice."""
    seed: str = ""
    draws: int = 0
    root: str = ""
    """The root secret in hex: never shown until the game ends."""
    name: str = ""
    """The turn seal's name: the turn's number, or ``3/2`` for turn 3 sealed again after an undo took back the
    entry that revealed ``3``."""
    counts: dict[str, int] = field(default_factory=dict)
    """Draws taken of each turn seal not yet revealed (an undo never lowers them)."""
    kept: dict[str, str] = field(default_factory=dict)
    """Seeds not derived from the root: a game's seal from before roots."""
    piles: dict[str, int] = field(default_factory=dict)
    """Each pile's shuffles so far (an undo restores them: a shuffle done again is the same)."""
    given: dict[str, dict[str, str]] = field(default_factory=dict)
    """The cards each open deck seal gave out face down and their holders, by code, until shown."""
    open: dict[str, list[str]] = field(default_factory=dict)
    """Deck seals committed and not yet revealed: the cards each shuffled that have not come out of hiding since
    (sorted)."""
    unlisted: dict[str, list[str]] = field(default_factory=dict)
    """Deck seals of piles whose make-up is a secret too (a town's stock): their cards, sorted, told only when the
    seal is revealed."""
    committed: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)
    retakes: list[Retake] = field(default_factory=list)
    """Undone entries' draws, taken again by the same request asked again."""
    taken: dict[str, list[int]] = field(default_factory=dict, init=False, repr=False, compare=False)
    """This command's fresh draws by seal: [first, end]."""
    trail: list[tuple[str, int, int | None]] = field(default_factory=list, init=False, repr=False, compare=False)
    """This command's draws in order: seal, number, and the undone entry it was taken again from."""
    shuffled: list[dict[str, Any]] = field(default_factory=list, init=False, repr=False, compare=False)
    dealt: list[dict[str, Any]] = field(default_factory=list, init=False, repr=False, compare=False)
    shown: list[dict[str, Any]] = field(default_factory=list, init=False, repr=False, compare=False)
    """This command's cards, dealt face down, that came out of hiding: seal, card, and whom it was dealt to."""
    rolled: list[Roll] = field(default_factory=list, init=False, repr=False, compare=False)
    """The rolls of this command (:func:`.dice.roll` notes each), for the log to show."""
    spare: list[list[Any]] = field(default_factory=list, init=False, repr=False, compare=False)
    """Draws to take again in this command: [seal, next, end, entry]."""
    asked: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Adopt a seal stored before roots: its seed kept for its turn, its draws counted."""
        if self.seed:
            self.name = self.name or str(self.phase)
            self.kept.setdefault(self.name, self.seed)
            self.counts.setdefault(self.name, self.draws)
            if self.name not in self.committed:
                self.committed.insert(0, self.name)
            self.seed, self.draws = "", 0
        self.name = self.name or str(self.phase)

    def __deepcopy__(self, memo: dict) -> Seal:
        """A game has one set of seals: a copy of its state (an action's work copy) shares it, so that every
        draw is counted once."""
        return self

    def anew(self) -> None:
        """Forget the last command's draws, rolls and requests (the fields no seal is made with): a state kept from
        one command for the next (see :meth:`bot.storage.UnitOfWork.take_kept`) starts it as one read afresh."""
        for kept in fields(self):
            if not kept.init:
                setattr(self, kept.name, kept.default_factory() if kept.default is MISSING else kept.default)

    def seed_of(self, name: str) -> str:
        """The seed of seal ``name``."""
        if name in self.kept:
            return self.kept[name]
        return self.root if name == ROOT else derive(self.root, name)

    def commitment_of(self, name: str) -> str:
        """The commitment of seal ``name``: what the channel sees before its first draw."""
        return commitment(self.channel, name, self.seed_of(name))

    @property
    def commitment(self) -> str:
        """The commitment of the turn seal drawing the dice now."""
        return self.commitment_of(self.name)

    def count(self, name: str) -> int:
        """The draws taken of turn seal ``name``."""
        return self.counts.get(name, 0)

    def commit(self, name: str) -> None:
        """Publish seal ``name``'s commitment with the command's log entry (once)."""
        if name not in self.committed:
            self.committed.append(name)

    def reveal(self, name: str) -> None:
        """Publish seal ``name``'s seed with the command's log entry, if it was committed: it draws no more."""
        if name in self.committed and name not in self.revealed:
            self.revealed.append(name)
        for gone in (self.open, self.given, self.counts):
            gone.pop(name, None)

    def fresh(self, name: str) -> str:
        """``name``, or when it is revealed already (an undo took back the turn after it), ``name/2``, ``name/3``
        ...: the first not revealed."""
        again = 1
        candidate = name
        while candidate in self.revealed:
            again += 1
            candidate = f"{name}/{again}"
        return candidate

    def advance(self, turn: int) -> None:
        """A new turn: its seal draws the dice from now on, the last turn's is revealed, the next is committed."""
        if turn == self.phase:
            return
        self.reveal(self.name)
        self.phase, self.name = turn, self.fresh(str(turn))
        self.commit(self.name)
        self.commit(self.fresh(str(turn + 1)))
        self.retakes = [r for r in self.retakes if any(name == self.name for name, _, _ in r.draws)]

    def take(self, name: str) -> tuple[int, int | None]:
        """The number of the next draw of seal ``name`` and the undone entry it is taken again from (None for a
        fresh draw)."""
        for spare in self.spare:
            if spare[0] == name and spare[1] < spare[2]:
                spare[1] += 1
                self.trail.append((name, spare[1] - 1, spare[3]))
                return spare[1] - 1, spare[3]
        number = self.counts.get(name, 0)
        self.counts[name] = number + 1
        span = self.taken.setdefault(name, [number, number])
        span[1] = number + 1
        self.trail.append((name, number, None))
        return number, None

    def ask(self, asked: str) -> None:
        """This command asks ``asked`` (an action's request, a deal): an undone entry asked the same is taken again,
        draw for draw."""
        self.asked = request_digest(asked)
        found = next((r for r in self.retakes if r.asked in (self.asked, asked)), None)
        if found is not None:
            self.retakes.remove(found)
            self.spare = [[name, first, end, found.seq] for name, first, end in found.draws]

    def shuffle_pile(self, pile: str, cards: MutableSequence[Any], unlisted: bool = False) -> None:
        """Shuffle a pile whose order stays hidden under its next deck seal (draws 0 .. len-2, as :func:`dealt`);
        ``unlisted``: which cards it holds is a secret too, told only when the seal is revealed."""
        shuffle = self.piles.get(pile, 0) + 1
        while deck_seal(pile, shuffle) in self.revealed:
            shuffle += 1
        name = deck_seal(pile, shuffle)
        self.piles[pile] = shuffle
        cards[:] = sorted(cards, key=code_of)
        codes = [code_of(card) for card in cards]
        draws, numbers = Draws(self.seed_of(name)), itertools.count()
        shuffle_down(cards, lambda k: draws.draw(next(numbers), k))
        self.commit(name)
        self.open[name] = codes
        self.taken[name] = [0, max(len(codes) - 1, 0)]
        if unlisted:
            self.unlisted[name] = codes
            self.shuffled.append({"seal": name, "pile": pile})
        else:
            self.shuffled.append({"seal": name, "pile": pile, "cards": codes})

    def deal_out(self, pile: str, position: int, to: str, code: str) -> None:
        """Note a card (``code``) of ``pile``'s last shuffle given out face down ``to`` someone, by its place in the
        shuffle."""
        name = deck_seal(pile, self.piles.get(pile, 0))
        self.given.setdefault(name, {})[code] = to
        last = self.dealt[-1] if self.dealt else None
        if last and last["seal"] == name and last["to"] == to and last["from"] + last["count"] == position:
            last["count"] += 1
        else:
            self.dealt.append({"seal": name, "from": position, "count": 1, "to": to})

    def spent(self, hidden: dict[str, Hidden]) -> None:
        """Reveal every deck seal none of whose cards is still hidden from anyone (``hidden``: by pile): neither to
        come, if it is its pile's last shuffle, nor held face down. A card that has come out of hiding (played,
        discarded face up) is no secret of the seal's any more, even once shuffled back into hiding by another."""
        for name, codes in list(self.open.items()):
            _, pile, shuffle = name.split(" ")
            still = hidden.get(pile, Hidden())
            hiding = set(still.held) | (set(still.to_come) if int(shuffle) == self.piles.get(pile) else set())
            self.open[name] = [code for code in codes if code in hiding]
            given = self.given.get(name, {})
            for code in [code for code in given if code not in hiding]:
                self.shown.append({"seal": name, "card": code, "by": given.pop(code)})
            if not self.open[name]:
                self.reveal(name)

    def close(self) -> None:
        """The game ends: every seal committed and not revealed is revealed, the root last."""
        for name in [*self.committed]:
            if name != ROOT:
                self.reveal(name)
        self.reveal(ROOT)

    def retaken(self, start: int, before: Seal, undone: Iterable[Retake]) -> None:
        """This is the game restored by an undo of the entries from ``start`` on, ``before`` its seals then and
        ``undone`` the draws of the live entries undone: no draw count goes back, what was committed or revealed
        stays so, the undone entries' draws of the turn being played wait to be taken again, and a turn seal
        revealed is sealed anew."""
        for name, number in before.counts.items():
            if name not in before.revealed:
                self.counts[name] = max(self.counts.get(name, 0), number)
        self.committed += [name for name in before.committed if name not in self.committed]
        self.revealed += [name for name in before.revealed if name not in self.revealed]
        for name in self.revealed:
            for gone in (self.open, self.given, self.counts):
                gone.pop(name, None)
        self.retakes = [*before.retakes, *(r for r in undone if r.seq >= start and r.turn == before.phase)]
        if self.name in self.revealed:
            self.name = self.fresh(str(self.phase))
            self.commit(self.name)

    def retake(self, seq: int) -> Retake | None:
        """What the command, logged as entry ``seq``, was asked and the draws it took, to take again should it be
        undone (None when it drew nothing for a request)."""
        if not self.asked or not self.trail:
            return None
        draws: list[tuple[str, int, int]] = []
        for name, number, _ in self.trail:
            if draws and draws[-1][0] == name and draws[-1][2] == number:
                draws[-1] = (name, draws[-1][1], number + 1)
            else:
                draws.append((name, number, number + 1))
        return Retake(seq, self.asked, draws, self.phase)


class PhaseDice(random.Random):
    """The random source of a game: draw after draw of its turn seal, the counts kept on the game's seals.

    The counts live in the game's state and an undo never lowers them; every method of
    :class:`random.Random` that the engine uses draws from the seal; none reads the Mersenne Twister.
    A shuffle whose order stays hidden (a deck) goes to :meth:`shuffle_pile`, under a deck seal.
    """

    def __init__(self, seal: Seal) -> None:     # no super().__init__: the twister is never seeded nor read
        self.seal = seal
        self._draws: dict[str, Draws] = {}

    @property
    def rolled(self) -> list[Roll]:
        """The rolls of this command (see :attr:`Seal.rolled`)."""
        return self.seal.rolled

    def turn_seal(self) -> str:
        """The name of the seal the next draw comes from."""
        return self.seal.name

    def _randbelow(self, k: int) -> int:
        name = self.turn_seal()
        number, _ = self.seal.take(name)
        if name not in self._draws:
            self._draws[name] = Draws(self.seal.seed_of(name))
        return self._draws[name].draw(number, k)

    def randint(self, a: int, b: int) -> int:
        return a + self._randbelow(b - a + 1)

    def random(self) -> float:
        return self._randbelow(1 << 53) / (1 << 53)

    def getrandbits(self, k: int) -> int:
        return self._randbelow(1 << k)

    def seed(self, *args: object, **kwargs: object) -> None:
        """A game's source is its seals; it cannot be seeded again."""

    def shuffle(self, pack: MutableSequence[Any]) -> None:
        """A shuffle shown at once (a seat order, Steve Burt's turn deck), from the turn seal as :func:`dealt`
        deals: sorted by code (names by themselves, other cards by ``name``), then Fisher-Yates from the last
        card down."""
        pack[:] = sorted(pack, key=code_of)
        shuffle_down(pack, self._randbelow)

    def shuffle_pile(self, pile: str, cards: MutableSequence[Any], unlisted: bool = False) -> None:
        """A shuffle whose order stays hidden, under ``pile``'s next deck seal (see :meth:`Seal.shuffle_pile`)."""
        self.seal.shuffle_pile(pile, cards, unlisted)

    def deal_out(self, pile: str, position: int, to: str, code: str) -> None:
        """Note a card given out face down (see :meth:`Seal.deal_out`)."""
        self.seal.deal_out(pile, position, to, code)


def shuffle_hidden(rng: random.Random, pile: str, cards: MutableSequence[Any], unlisted: bool = False) -> None:
    """Shuffle cards whose order stays hidden (a deck, a town's stock): under the pile's own deck seal when
    ``rng`` is a game's sealed source, else as ``rng`` shuffles; ``unlisted``: which cards they are is hidden
    too, until the seal is revealed."""
    if isinstance(rng, PhaseDice):
        rng.shuffle_pile(pile, cards, unlisted)
    else:
        rng.shuffle(cards)


def dealt_out(rng: random.Random, pile: str, position: int, to: str, code: str) -> None:
    """Note, on a game's sealed source, a card (``code``) of ``pile`` given out face down ``to`` someone (by its
    place in the shuffle)."""
    if isinstance(rng, PhaseDice) and pile:
        rng.deal_out(pile, position, to, code)
