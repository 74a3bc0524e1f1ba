"""Fair play in the bot: sealing a phase, dealing under its seal, and what the log and the channel show of it.

How a seed becomes cards and dice is :mod:`bot.rules.core.fair`; when a seal is
made and revealed is in docs/rulings.md.
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Any

from .rules.core import serial
from .rules.core.fair import SEED_BYTES, Seal
from .rules.qotd.state import GameState

if TYPE_CHECKING:
    from .client import Director


def new_seal(state: GameState, channel_id: int, phase: int, seeds: random.Random | None) -> Seal:
    """Give the game a fresh seal for ``phase``. Its seed comes from ``secrets``, or from ``seeds`` when
    tests or offline play (``--seed``) choose the game's seeds."""
    seed = secrets.token_bytes(SEED_BYTES) if seeds is None else seeds.randbytes(SEED_BYTES)
    state.seal = Seal(channel_id, phase, seed.hex())
    return state.seal


def deal(state: GameState, channel_id: int, bot: Director) -> None:
    """Start the next phase under a fresh seal, whose dice shuffle the pack."""
    seal = new_seal(state, channel_id, state.deck.phase + 1, bot.rng)
    state.shuffle(bot.dice(state, channel_id))
    seal.pack = tuple(card.code for card in state.deck.to_come)


def revealed(seal: Seal) -> dict[str, Any]:
    """A seal's seed, for the log entry that reveals it."""
    return {"channel": seal.channel, "phase": seal.phase, "seed": seal.seed}


def changes(before: dict[str, Any] | None, state: GameState) -> dict[str, Any]:
    """For a command's log entry: the seal it made (commitment and pack dealt), and the one that seal
    replaced, revealed; or, under the same seal, the cards it shuffled in among the cards to come."""
    old = (before or {}).get("seal")
    new = state.seal
    if new is None:
        return {}
    if old is not None and old["seed"] == new.seed:
        return placed(before.get("deck", {}), state)
    data: dict[str, Any] = {"sealed": {"channel": new.channel, "phase": new.phase, "commitment": new.commitment}}
    if new.pack:
        data["sealed"]["pack"] = list(new.pack)
    if old is not None:
        data["revealed"] = revealed(serial.from_json(Seal, old))
    return data


def placed(deck: dict[str, Any], state: GameState) -> dict[str, Any]:
    """The cards to come that were in no pile of ``deck`` (the deck before, as stored): shuffled in."""
    piles = {code for pile in ("to_come", "turned", "out") for code in deck.get(pile, ())}
    cards = [card.code for card in state.deck.to_come if card.code not in piles]
    return {"placed": cards} if cards else {}


def announced(data: dict[str, Any]) -> list[str]:
    """The lines telling the channel of the seals a log entry's ``data`` revealed and made."""
    lines = []
    if shown := data.get("revealed"):
        lines.append(f"{phase_name(shown['phase'])} is over; its seed, revealed: `{shown['seed']}` "
                     f"(`/verify phase:{shown['phase']}` checks it).")
    if sealed := data.get("sealed"):
        lines.append(f"{phase_name(sealed['phase'])} is sealed: commitment `{sealed['commitment']}`.")
    return lines


def phase_name(phase: int) -> str:
    """"Phase 2", or for the rolls made before the first deal, "Phase 0 (before the first deal)"."""
    return f"Phase {phase}" + (" (before the first deal)" if phase == 0 else "")
