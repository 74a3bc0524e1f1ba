"""Fair play in the bot: sealing a phase (a turn, in the other rulesets), dealing under its seal, and what the
log and the channel show of it.

How a seed becomes cards and dice is :mod:`bot.rules.core.fair`; when a seal is
made and revealed is in docs/rulings.md. Quick on the Draw's phases are sealed
as the bot deals them (:func:`deal`); any other ruleset's turns as the ruleset
numbers them (:meth:`Ruleset.turn <bot.rules.core.ruleset.Ruleset.turn>`, see
:class:`TurnDice`).
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Any

from .rules.core import serial
from .rules.core.fair import SEED_BYTES, Draws, PhaseDice, Seal
from .rules.core.ruleset import Ruleset, State
from .rules.qotd.ruleset import QOTD
from .rules.qotd.state import GameState

if TYPE_CHECKING:
    from .client import Director


def new_seal(state: State, channel_id: int, phase: int, seeds: random.Random | None) -> Seal:
    """Give the game a fresh seal for ``phase``. Its seed comes from ``secrets``, or from ``seeds`` when
    tests or offline play (``--seed``) choose the game's seeds."""
    seed = secrets.token_bytes(SEED_BYTES) if seeds is None else seeds.randbytes(SEED_BYTES)
    state.seal = Seal(channel_id, phase, seed.hex())
    return state.seal


def deal(state: GameState, channel_id: int, bot: Director) -> None:
    """Start the next phase under a fresh seal, whose dice shuffle the pack."""
    seal = new_seal(state, channel_id, state.deck.phase + 1, bot.rng)
    state.shuffle(bot.dice(QOTD, state, channel_id))
    seal.pack = tuple(card.code for card in state.deck.to_come)


class TurnDice(PhaseDice):
    """The random source of a game of another ruleset: its turn's seal, replaced before the first draw of a
    new turn (as soon as the ruleset's :meth:`~bot.rules.core.ruleset.Ruleset.turn` has moved past it) by a
    fresh seal for that turn; :func:`changes` then reveals the seal replaced in the command's log entry."""

    def __init__(self, ruleset: Ruleset, state: State, channel_id: int, seeds: random.Random | None) -> None:
        self.ruleset, self.state, self.channel_id, self.seeds = ruleset, state, channel_id, seeds
        super().__init__(state.seal or new_seal(state, channel_id, ruleset.turn(state), seeds))

    @property
    def seal(self) -> Seal:
        """The seal of the turn being played: a new one if the turn has moved on since the last draw."""
        turn = self.ruleset.turn(self.state)
        if self._seal.phase != turn:
            self._seal = new_seal(self.state, self.channel_id, turn, self.seeds)
            self.draws = Draws(self._seal.seed)
        return self._seal

    @seal.setter
    def seal(self, seal: Seal) -> None:
        self._seal = seal


def revealed(seal: Seal) -> dict[str, Any]:
    """A seal's seed, for the log entry that reveals it."""
    return {"channel": seal.channel, "phase": seal.phase, "seed": seal.seed}


def changes(before: dict[str, Any] | None, state: State) -> dict[str, Any]:
    """For a command's log entry: the seal it made (commitment and pack dealt), and the one that seal
    replaced, revealed; or, under the same seal in Quick on the Draw, the cards it shuffled in among the cards
    to come."""
    old = (before or {}).get("seal")
    new = state.seal
    if new is None:
        return {}
    if old is not None and old["seed"] == new.seed:
        return placed(before.get("deck", {}), state) if isinstance(state, GameState) else {}
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


def announced(data: dict[str, Any], turn_name: str = "Phase") -> list[str]:
    """The lines telling the channel of the seals a log entry's ``data`` revealed and made (each named as its
    ruleset's :attr:`~bot.rules.core.ruleset.Ruleset.turn_name`)."""
    lines = []
    if shown := data.get("revealed"):
        lines.append(f"{phase_name(shown['phase'], turn_name)} is over; its seed, revealed: `{shown['seed']}` "
                     f"(`/verify phase:{shown['phase']}` checks it).")
    if sealed := data.get("sealed"):
        lines.append(f"{phase_name(sealed['phase'], turn_name)} is sealed: commitment `{sealed['commitment']}`.")
    return lines


def phase_name(phase: int, turn_name: str = "Phase") -> str:
    """"Phase 2" ("Turn 2" ...), or for the draws made before the first deal, "Phase 0 (before the first
    deal)"."""
    return f"{turn_name} {phase}" + (" (before the first deal)" if phase == 0 else "")
