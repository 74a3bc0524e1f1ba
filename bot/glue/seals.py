"""Fair play in the bot: a game's seals made, moved on and revealed as it is played, and what the log and the
channel show of them.

How a root becomes seeds, and a seed cards and dice, is :mod:`bot.rules.core.fair`;
what is sealed when is in docs/rulings.md (400-414). ``/game start`` draws the
root and commits it with turn 0 and turn 1 (:func:`open_seals`); each command's
log entry gets the seals its turn moved on, the decks it shuffled and those now
spent (:func:`sealing`); the game's end reveals the rest (:func:`closing`).
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from bot.rules.core import serial
from bot.rules.core.fair import ROOT, SEED_BYTES, PhaseDice, Seal
from bot.rules.core.ruleset import Ruleset, State


def root_secret(seeds: random.Random | None) -> str:
    """A game's root secret in hex: from ``secrets``, or from ``seeds`` when tests or offline play (``--seed``)
    choose the game's seeds."""
    return (secrets.token_bytes(SEED_BYTES) if seeds is None else seeds.randbytes(SEED_BYTES)).hex()


def open_seals(state: State, channel_id: int, seeds: random.Random | None) -> Seal:
    """A new game's seals: its root, committed with turn 0 (the draws before the first deal) and turn 1."""
    state.seal = Seal(channel_id, root=root_secret(seeds), committed=[ROOT, "0", "1"])
    return state.seal


def adopt(state: State, channel_id: int, seeds: random.Random | None) -> Seal:
    """The game's seals; a game stored before roots gets one now, for the seals made from now on (its turn seal
    keeps the seed it was committed with), the root and the next turn committed in the next entry."""
    if state.seal is None:
        return open_seals(state, channel_id, seeds)
    seal = state.seal
    if not seal.root:
        seal.root = root_secret(seeds)
        seal.commit(ROOT)
        seal.commit(seal.fresh(str(seal.phase + 1)))
    return seal


class TurnDice(PhaseDice):
    """The random source of a command: its game's seals, the turn seal moved on (the last turn's revealed, the
    next committed) as soon as the ruleset's :meth:`~bot.rules.core.ruleset.Ruleset.turn` has moved past it."""

    def __init__(self, ruleset: Ruleset, state: State, channel_id: int, seeds: random.Random | None) -> None:
        self.ruleset, self.state = ruleset, state
        super().__init__(adopt(state, channel_id, seeds))

    def turn_seal(self) -> str:
        """The turn's seal, moved on first if the turn has."""
        self.seal.advance(self.ruleset.turn(self.state))
        return self.seal.name


def known(stored: dict[str, Any] | None) -> tuple[list[str], list[str]]:
    """The names of the seals committed, and revealed, in a game's seals as stored (read whole only when stored
    before roots: loading it adopts its one seal as committed)."""
    if not stored:
        return [], []
    if stored.get("seed"):
        stored = serial.to_json(serial.from_json(Seal, stored))
    return stored.get("committed", []), stored.get("revealed", [])


def added(names: list[str], before: list[str]) -> list[str]:
    """The ``names`` not in ``before``: those after it, when ``names`` begins with it (a seal's lists only grow within
    a command, and a game's grow with every turn), else each one not in it (a new seal)."""
    if names[:len(before)] == before:
        return names[len(before):]
    had = set(before)
    return [name for name in names if name not in had]


def sealing(ruleset: Ruleset, before: dict[str, Any] | None, state: State, chain: str | None) -> dict[str, Any]:
    """For a command's log entry (``chain``: the log's digest before it): the turn seal moved on if the turn did,
    the decks now spent revealed, then what the entry says of seals: those it committed and revealed, the draws it
    took, its hidden shuffles, the cards it gave out face down, and those it shuffled in among the cards to come
    (:meth:`~bot.rules.core.ruleset.Ruleset.placed`)."""
    seal = state.seal
    if seal is None:
        return {}
    seal.advance(ruleset.turn(state))
    if seal.open:
        seal.spent(ruleset.hidden(state))
    committed, revealed = known((before or {}).get("seal"))
    data: dict[str, Any] = {}
    if sealed := [sealed_note(seal, name, chain) for name in added(seal.committed, committed)]:
        data["sealed"] = sealed
    if shown := [revealed_note(seal, name) for name in added(seal.revealed, revealed)]:
        data["revealed"] = shown
    data.update(drawn(seal))
    if placed := ruleset.placed(before or {}, state):
        data["placed"] = placed
    return data


def drawn(seal: Seal) -> dict[str, Any]:
    """The command's draws by seal, hidden shuffles, cards dealt face down, and draws taken again."""
    data: dict[str, Any] = {}
    if seal.taken:
        data["draws"] = {name: list(span) for name, span in seal.taken.items()}
    if seal.shuffled:
        data["shuffled"] = list(seal.shuffled)
    if seal.dealt:
        data["dealt"] = list(seal.dealt)
    if seal.shown:
        data["shown"] = list(seal.shown)
    again = [(name, number, entry) for name, number, entry in seal.trail if entry is not None]
    if again:
        spans: dict[str, list[int]] = {}
        for name, number, _ in again:
            span = spans.setdefault(name, [number, number])
            span[0], span[1] = min(span[0], number), max(span[1], number + 1)
        data["retaken"] = {"entry": again[0][2], "draws": spans}
    return data


def closing(state: State) -> dict[str, Any]:
    """For the game's last log entry: every seal not yet revealed, revealed, the root last."""
    seal = state.seal
    if seal is None:
        return {}
    revealed = list(seal.revealed)
    seal.close()
    return {**drawn(seal), "revealed": [revealed_note(seal, name) for name in added(seal.revealed, revealed)]}


def sealed_note(seal: Seal, name: str, chain: str | None) -> dict[str, Any]:
    """A seal's commitment for the log, with the log's digest it is published with; a deck's with its cards,
    sorted, unless which cards it holds is a secret too."""
    note: dict[str, Any] = {"name": name, "commitment": seal.commitment_of(name), "chain": chain or "0" * 64}
    note.update({"cards": list(shuffle["cards"]) for shuffle in seal.shuffled
                 if shuffle["seal"] == name and "cards" in shuffle})
    return note


def revealed_note(seal: Seal, name: str) -> dict[str, Any]:
    """A seal's seed, for the log entry that reveals it; a pile's whose make-up was secret, with its cards."""
    note: dict[str, Any] = {"channel": seal.channel, "name": name, "seed": seal.seed_of(name)}
    if name in seal.unlisted:
        note["cards"] = seal.unlisted.pop(name)
    return note


def announced(data: dict[str, Any], turn_name: str = "Phase") -> list[str]:
    """The lines telling the channel of the seals a log entry's ``data`` revealed and committed (a turn's named by
    its ruleset's :attr:`~bot.rules.core.ruleset.Ruleset.turn_name`)."""
    lines = [f"The game is over; its root, revealed: `{shown['seed']}` (every seed is derived from it)."
             if shown["name"] == ROOT else f"{seal_title(shown['name'], turn_name)} is over; its seed, revealed: "
             f"`{shown['seed']}`." for shown in data.get("revealed", ())]
    lines += [f"{seal_title(sealed['name'], turn_name)} is sealed: commitment `{sealed['commitment']}` "
              f"(log digest `{sealed['chain'][:16]}…`)." for sealed in data.get("sealed", ())]
    return lines


def seal_title(name: str, turn_name: str = "Phase") -> str:
    """A seal as the channel names it: "Phase 2", "Turn 0 (before the first deal)", "Turn 3 (sealed again, 2)",
    "The norman deck's shuffle 1", "The game's root"."""
    if name == ROOT:
        return "The game's root"
    if name.startswith("deck "):
        _, pile, shuffle = name.split(" ")
        return f"The {pile} deck's shuffle {shuffle}"
    turn, _, again = name.partition("/")
    return f"{turn_name} {turn}" + (" (before the first deal)" if turn == "0" else "") + \
        (f" (sealed again, {again})" if again else "")
