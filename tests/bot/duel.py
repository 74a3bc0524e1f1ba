"""High Noon, a small ruleset that lives in the tests: the bot's shared commands and refusals are tried on a
ruleset that is not Quick on the Draw, as every new ruleset plugs in (see bot/rules/core/ruleset.py).

A turn: ``/deal`` rolls a D6 for each gunman standing, highest first (ties in cast order); ``/draw`` gives
the next gunman the turn, who may ``/duel shoot`` once: a D6 on The Shot, 4 or more hits, and each hit costs
a point of grit; at none, the gunman is down. A gunslinger who misses may shoot again, once (a re-roll, with
the bot's buttons). A deadline lets the gunman's turn pass.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any

from bot.rules.core import serial
from bot.rules.core.actions import Request, Story, action, begin
from bot.rules.core.charts import Chart, Outcome, Row
from bot.rules.core.dice import Dice, roll
from bot.rules.core.errors import RulesError
from bot.rules.core.fair import Seal
from bot.rules.core.replay import Context, Reading, Right
from bot.rules.core.ruleset import Board, BoardRow, CastSpec, Ruleset, Step, Wait
from bot.rules.core.words import Bold, Command, Name, words

GRIT = {"gunslinger": 3, "greenhorn": 2}
THE_SHOT = Chart("shot", "The Shot", (Row(1, 3, Outcome("Miss", "The shot goes wide.")),
                                      Row(4, 6, Outcome("Hit", "A point of grit lost."))))
SECOND_SHOT = Right("second_shot", "Shoot again")


@dataclass
class Gunman:
    key: str
    name: str
    owner: int
    type: str
    grit: int
    shot: bool = False

    @property
    def down(self) -> bool:
        return self.grit <= 0


@dataclass
class DuelState:
    seats: dict[int, str] = field(default_factory=dict)
    characters: dict[str, Gunman] = field(default_factory=dict)
    pending: dict[str, Any] | None = None
    turn: int = 0
    order: list[str] = field(default_factory=list)
    """This turn's gunmen in draw order; the first has the turn, the rest are to come."""
    acted: list[str] = field(default_factory=list)
    seal: Seal | None = None

    def to_json(self) -> dict:
        return serial.to_json(self)

    def check(self) -> None:
        assert not set(self.order) & set(self.acted)

    @property
    def acting(self) -> Gunman | None:
        return self.characters[self.acted[-1]] if self.acted and self.acted[-1] in self.characters else None

    def involve(self, keys: tuple[str, ...]) -> dict[str, None]:
        for key in keys:
            if key not in self.characters:
                raise RulesError(f"There is no gunman {key!r} in this game.")
        return dict.fromkeys(keys)

    def fork(self, *keys: str) -> DuelState:
        characters = {k: dataclasses.replace(g) if k in keys else g for k, g in self.characters.items()}
        return dataclasses.replace(self, characters=characters)

    def settle(self, before: DuelState, keys: dict[str, None], ctx: Context) -> None:
        for key in keys:
            if self.characters[key].down and not before.characters[key].down:
                ctx.note(f"{self.characters[key].name} is down.")


@dataclass
class ShotRequest(Request):
    kind = "duel-shoot"
    shooter: str
    target: str

    def involved(self) -> tuple[str, ...]:
        return (self.shooter, self.target)


@action(ShotRequest)
def shoot(state: DuelState, request: ShotRequest, ctx: Context) -> Story:
    shooter, target = state.characters[request.shooter], state.characters[request.target]
    story = begin(ctx, Story("duel-shoot", f"{shooter.name} shoots at {target.name}", shooter.key, target.key))

    def read(rolled) -> Reading:
        return Reading(THE_SHOT.name, shooter.key, "a D6", rolled, THE_SHOT.read(rolled.value), THE_SHOT.key)

    def rights(first: Reading) -> list[Right]:
        return [SECOND_SHOT] if shooter.type == "gunslinger" and first.roll.value < 4 else []
    reading = ctx.roll(Dice(1, sides=6), label=THE_SHOT.name, roller=shooter.key, dice_reason="a D6", read=read,
                       rights=rights)
    shooter.shot = True
    if reading.outcome.title == "Hit":
        target.grit -= 1
        ctx.note(f"{target.name} loses a point of grit.")
    return story


class HighNoon(Ruleset):
    key = "duel"
    title = "High Noon"
    group = "duel"
    state_type = DuelState
    character_types = {"gunslinger": "Gunslinger", "greenhorn": "Greenhorn"}
    cast_options = {"grit": "Points of grit (default by type)"}
    plain_cast = {"type": "gunslinger"}
    charts = {THE_SHOT.key: THE_SHOT}

    def new_game(self) -> DuelState:
        return DuelState()

    def load(self, data: dict) -> DuelState:
        return serial.from_json(DuelState, data)

    def cast(self, state: DuelState, spec: CastSpec, rng: random.Random) -> Gunman:
        if spec.key in state.characters:
            raise RulesError(f"There is already a gunman called {spec.name}.")
        grit = int(spec.options.get("grit", GRIT[spec.type]))
        state.characters[spec.key] = Gunman(spec.key, spec.name, spec.owner, spec.type, grit)
        return state.characters[spec.key]

    def remove(self, state: DuelState, key: str) -> Gunman:
        state.order = [k for k in state.order if k != key]
        return state.characters.pop(key)

    def join(self, state: DuelState, user: int, rng: random.Random) -> str:
        state.seats[user] = "a hat"
        return "a hat"

    def deal(self, state: DuelState, rng: random.Random, again: bool = False) -> Step:
        standing = [g for g in state.characters.values() if not g.down]
        if not standing:
            raise RulesError("Nobody stands to draw: cast a gunman first.")
        rolls = {g.key: roll(Dice(1, sides=6), rng).value for g in standing}
        state.turn += 1
        state.order = sorted(rolls, key=lambda k: -rolls[k])
        state.acted = []
        return Step(f"Turn {state.turn}", [words(Bold(Name(state.characters[k].name)), f" draws {rolls[k]}")
                                           for k in state.order], faces=tuple(f"d6:{rolls[k]}" for k in state.order))

    def advance(self, state: DuelState, rng: random.Random) -> Step:
        if not state.order:
            return self.deal(state, rng)
        key = state.order.pop(0)
        state.acted.append(key)
        state.characters[key].shot = False
        return Step(f"Turn {state.turn} — {len(state.order)} to come",
                    [words(Bold(Name(state.characters[key].name)), " has the turn.")], key)

    def waiting_on(self, state: DuelState, director: int) -> Wait | None:
        if state.turn == 0:
            return None
        acting = state.acting
        if acting is not None and not acting.shot:
            return Wait((acting.owner,), "turn", acting.key, words(Bold(Name(acting.name)), " has the turn: ",
                                                                   Command("duel shoot"), ", or ", Command("draw"), "."),
                        "the turn passes")
        if not state.order:
            return Wait((director,), "next turn", asks="the turn is over: `/deal` the next.", then="a turn is dealt")
        return Wait((director,), "draw", asks="`/draw` the next gunman.", then="the next gunman has the turn")

    def at_deadline(self, state: DuelState, wait: Wait, rng: random.Random, policy: str = "") -> Step:
        return self.advance(state, rng)

    def board(self, state: DuelState) -> Board:
        rows = [BoardRow(g.name, g.owner, ("Down",) if g.down else (), (("Grit", str(g.grit)),), g.down, g.key,
                         self.character_types[g.type], g is state.acting) for g in state.characters.values()]
        return Board(f"Turn {state.turn}" if state.turn else "Before the first turn", rows,
                     f"{len(state.order)} to come" if state.turn else "")

    def help(self) -> str:
        return "`/deal` rolls the draw; `/draw` gives the next gunman the turn; `/duel shoot` fires."


DUEL = HighNoon()
