"""The sweep's reading of revealed seeds (tests/bot/sweep.py, :class:`Seeds`) on logs written in the seal format of
issue 22: a deck seal revealed while a card it ordered is still hidden fails the sweep, one revealed once its cards
have all been out of hiding passes, and a log of another format is refused, not passed."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from bot.storage import LogRow
from bot.rules.core.fair import SEED_BYTES, dealt

from .sweep import Seeds

PACK = sorted(f"{rank}{suit}" for rank in ("A", "K", "Q", "J", "10", "9") for suit in "SHDC")
SEED = random.Random(22).randbytes(SEED_BYTES).hex()
ORDER = dealt(SEED, PACK)
"""The pack as the seal ``deck norman 1`` deals it: 5 cards to each of two hands, then the deck."""


def entry(seq: int, **data) -> LogRow:
    """Log entry ``seq`` with ``data``."""
    return LogRow(seq, datetime(2026, 11, 27, tzinfo=UTC), 1, "deal", "", data, None, False)


SEALED = entry(1, sealed=[{"name": "deck norman 1", "commitment": "c" * 64, "chain": "0" * 64, "cards": PACK}],
               dealt=[{"seal": "deck norman 1", "from": 0, "count": 5, "to": "seat 1"},
                      {"seal": "deck norman 1", "from": 5, "count": 5, "to": "seat 2"}])
REVEALED = entry(2, revealed=[{"channel": 9, "name": "deck norman 1", "seed": SEED}])


async def swept(log: list[LogRow], hidden_at_each_look: list[set[str]]) -> None:
    """The sweep's look after each entry of ``log``, with what the game hides then."""
    seen: list[LogRow] = []

    async def entries() -> list[LogRow]:
        return list(seen)
    seeds = Seeds(entries, lambda hidden: {"norman": hidden})
    for logged, hidden in zip(log, hidden_at_each_look):
        seen.append(logged)
        await seeds.look(hidden)


async def test_a_deck_seal_revealed_while_a_hand_it_dealt_is_held_fails_the_sweep():
    """The first hand the seal dealt is still held when its seed is revealed: the sweep names its first card."""
    with pytest.raises(AssertionError, match=f"deck norman 1's seed, revealed in #2, puts {ORDER[0]} at place 1"):
        await swept([SEALED, REVEALED], [set(ORDER), set(ORDER[:5])])


async def test_a_deck_seal_revealed_once_its_cards_were_out_of_hiding_passes():
    """Every card was played or discarded face up before the seed was revealed."""
    await swept([SEALED, entry(2), entry(3, revealed=REVEALED.data["revealed"])],
                [set(ORDER), set(), set()])


async def test_a_card_shuffled_again_under_a_later_seal_follows_from_that_seal_alone():
    """The first deck is spent and its seed revealed as the discards (every card shown) are shuffled anew: the
    cards hidden again came from the new, sealed shuffle."""
    again = entry(3, sealed=[{"name": "deck norman 2", "commitment": "d" * 64, "chain": "1" * 64, "cards": PACK}],
                  revealed=REVEALED.data["revealed"])
    await swept([SEALED, entry(2), again], [set(ORDER), set(), set(ORDER)])


async def test_a_turn_seals_seed_orders_no_card():
    """A turn seal's seed gives dice only: revealed while the deck's cards are hidden, it fails nothing."""
    await swept([SEALED, entry(2, revealed=[{"channel": 9, "name": "1", "seed": SEED}])], [set(ORDER)] * 2)


async def test_a_log_of_another_format_is_refused_not_passed():
    """A log whose seals are not lists (the format before issue 22) fails the sweep rather than passing it."""
    old = entry(1, sealed={"channel": 9, "phase": 1, "commitment": "c" * 64})
    with pytest.raises(AssertionError, match="#1 deal: its 'sealed' is not a list"):
        await swept([old], [set(ORDER)])
