"""Provably fair randomness: each phase's cards and dice come from a seed committed before and revealed after.

A phase's *seed* is 32 random bytes, kept secret in the game's state while the
phase is played. The channel sees its *commitment* first: the SHA-256, in hex,
of the ASCII text ``director:<channel id>:<phase>:<seed in hex>`` (no newline).
When the phase is over the seed is revealed, and anyone can check it.

Every number a phase needs is a *draw*, numbered 0, 1, 2 ... in the order the
phase makes them. Draw ``n`` of one of ``k`` values: take the HMAC-SHA256, keyed
with the seed, of the ASCII text of ``n ÷ 8`` (rounded down): of its 32 bytes,
bytes ``4 × (n mod 8)`` to ``4 × (n mod 8) + 3`` read as a big-endian number ``x``
give ``x mod k``. Should ``x`` fall in the last, incomplete run of ``k`` below
2³² (for a D10, ``x`` ≥ 4,294,967,290: 6 chances in 4 billion), or ``k`` be
above 2³², the HMACs of the texts ``n/1``, ``n/2`` ... read as 256-bit numbers
are tried in turn, by the same rule. So every value is exactly as likely, and
one HMAC serves eight draws. A die of ``s`` sides shows ``1 + draw``. The deal
sorts the pack by card code and shuffles it from the last card down, swapping
card ``i`` (counting from 0) with card ``draw(i + 1)`` (Fisher-Yates): its
draws come first, the phase's dice and the places of cards shuffled in
mid-phase after.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import random
import struct
from collections.abc import Callable, MutableSequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .dice import Roll

SEED_BYTES = 32
PER_HMAC = 8
"""Draws served by one HMAC: its 32 bytes as eight 4-byte words."""
_WORD = 1 << 32
_SPAN = 1 << 256
"""How many values a word, and a whole HMAC-SHA256, can take."""


def commitment_text(channel: int, phase: int | str, seed: str) -> str:
    """The text whose SHA-256 commits a seed to its game (by channel) and seal: a phase's (a turn's) number, or a
    seal's name ("deck pack 2", "root")."""
    return f"director:{channel}:{phase}:{seed}"


def commitment(channel: int, phase: int | str, seed: str) -> str:
    """The SHA-256, in hex, of :func:`commitment_text`."""
    return hashlib.sha256(commitment_text(channel, phase, seed).encode()).hexdigest()


def derive(root: str, name: str) -> str:
    """The seed of the seal named ``name`` in a game whose root secret is ``root`` (both in hex):
    HMAC-SHA256 keyed with the root, of the name as UTF-8, in hex."""
    return hmac.new(bytes.fromhex(root), name.encode(), hashlib.sha256).hexdigest()


def stamp(at: datetime) -> str:
    """A log entry's time as the chain and the exported log write it: ``YYYY-MM-DDTHH:MM:SSZ``, in UTC."""
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


NO_CHAIN = bytes(32)
"""What the game's first chained entry is chained to."""


def canonical(value: Any) -> bytes:
    """The one byte form of a JSON value that the chain hashes: keys sorted, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def chain_link(previous: str | None, entry: dict[str, Any]) -> str:
    """The chain of a log entry: SHA-256, in hex, of the previous entry's chain (32 bytes; 32 zero bytes for the
    game's first chained entry) and the canonical JSON of the entry's ``seq``, ``at``, ``actor``, ``kind``,
    ``text`` and ``data`` (its data without ``chain``; ``undone``, set later, is not chained)."""
    data = {key: value for key, value in entry["data"].items() if key != "chain"}
    body = {"seq": entry["seq"], "at": entry["at"], "actor": entry["actor"], "kind": entry["kind"],
            "text": entry["text"], "data": data}
    return hashlib.sha256((bytes.fromhex(previous) if previous else NO_CHAIN) + canonical(body)).hexdigest()


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
    """The face a die of ``sides`` sides shows as draw ``number`` of the phase sealed with ``seed``."""
    return 1 + Draws(seed).draw(number, sides)


def shuffle_down(pack: MutableSequence, below: Callable[[int], int]) -> None:
    """Fisher-Yates from the last card down: card ``i`` swaps with card ``below(i + 1)``."""
    for i in reversed(range(1, len(pack))):
        j = below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]


def dealt(seed: str, codes: list[str]) -> list[str]:
    """The order in which the phase sealed with ``seed`` deals a pack of cards (by code)."""
    pack = sorted(codes)
    draws, numbers = Draws(seed), itertools.count()
    shuffle_down(pack, lambda k: draws.draw(next(numbers), k))
    return pack


@dataclass
class Seal:
    """One phase's seed, secret until revealed, and how many numbers the phase has drawn from it."""

    channel: int
    phase: int
    seed: str
    """The seed in hex. Never shown before the phase is over."""
    draws: int = 0
    pack: tuple[str, ...] = ()
    """The pack as this seal dealt it (card codes, next first); empty when it dealt none."""

    @property
    def commitment(self) -> str:
        return commitment(self.channel, self.phase, self.seed)

    def __deepcopy__(self, memo: dict) -> Seal:
        """A game has one seal at a time: a copy of its state (an action's work copy) shares it, so that every
        draw is counted once."""
        return self


class PhaseDice(random.Random):
    """The random source of one phase: draw after draw of its seal, the count kept on the seal.

    The count lives in the game's state, so an action undone and played again draws the
    same numbers, and a re-roll draws the next ones. Every method of :class:`random.Random`
    that the engine uses draws from the seal; none reads the Mersenne Twister.
    """

    def __init__(self, seal: Seal) -> None:     # no super().__init__: the twister is never seeded nor read
        self.seal = seal
        self.draws = Draws(seal.seed)
        self.rolled: list[Roll] = []
        """The rolls made from this source (:func:`.dice.roll` notes each), for the log to show."""

    def _randbelow(self, k: int) -> int:
        seal = self.seal
        number = seal.draws
        seal.draws = number + 1
        return self.draws.draw(number, k)

    def randint(self, a: int, b: int) -> int:
        return a + self._randbelow(b - a + 1)

    def random(self) -> float:
        return self._randbelow(1 << 53) / (1 << 53)

    def getrandbits(self, k: int) -> int:
        return self._randbelow(1 << k)

    def seed(self, *args: object, **kwargs: object) -> None:
        """A phase's source is its seal; it cannot be seeded again."""

    def shuffle(self, pack: MutableSequence[Any]) -> None:
        """Deal ``pack`` as :func:`dealt` does: sorted by code (a deck of names, such as Steve Burt's character
        deck, by name; other cards, such as Mackenzie Norman's stock characters, by their ``name``), then
        Fisher-Yates from the last card down."""
        pack[:] = sorted(pack, key=lambda card: card if isinstance(card, str) else getattr(card, "code", None)
                         or card.name)
        shuffle_down(pack, self._randbelow)
