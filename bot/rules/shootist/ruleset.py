"""Shootist behind the bot's ruleset interface (see :mod:`bot.rules.core.ruleset`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from ..core.errors import RulesError
from ..core.results import Resolution
from ..core.pictures import Board, BoardRow, Picture
from ..core.ruleset import CastSpec, Ruleset, Step, Wait, register
from ..core.summary import Count, Summary, summarise
from ..core.words import Bold, Code, Command, Words, joined, words
from . import ammo, brawl, casting, moves, shooting  # noqa: F401  (their @action handlers)
from . import pictures
from .casting import CAST_OPTIONS, new_shootist
from .skills import SKILLS, die_name
from .state import CHARACTER_TYPES, Shootist, ShootistState
from .turns import NOT_STARTED, advance, at_deadline, draw_phase, waiting_on
from .weapons import WEAPONS
from .wounds import LOCATION

HELP = words(
    Bold("Shootist"), ": every skill is a die type, D4 to D12; modifiers step the die, never the roll.\n• ",
    Command("shootist cast"), " a shootist with his dice (Draw, Shoot, Dodge, Brawl, Knife, Ride: D8 unless set), "
    "weapons, abilities and horse; ", Command("shootist dice"), " changes them.\n• ", Command("deal"), " is the Draw "
    "phase: everyone rolls his Draw die, the highest acts first (", Command("shootist drawdie"), " for a lesser die, "
    "or Super Fast going first).\n• In Draw order each shootist takes one action: ", Command("shootist move"), ", ",
    *joined((Code(action),) for action in ("shoot", "reload", "pickup", "brawl", "mount")), "; ", Command("draw"),
    " passes to the next. Fanners fire their 2nd and 3rd shots after everyone, again in Draw order.\n• A shot is shoot die against dodge die: higher hits, then a D10 for the location (D8 with legs "
    "hidden).\n• The game ends when one player's shootists are the last in the fight.")


COUNTS = (
    Count("shot", "shots", frozenset({"shoot"})),
    Count("brawl", "brawls", frozenset({"brawl"})),
    Count("wound dealt", "wounds dealt", charts=frozenset({LOCATION.key}), by_others=True),
)
"""What the summary counts of each shootist: a wound is a roll on the Wounds chart by whoever took it."""


class ShootistRules(Ruleset):
    """Shootist (`rules/shootist.txt`)."""

    key: ClassVar[str] = "shootist"
    title: ClassVar[str] = "Shootist"
    group: ClassVar[str] = "shootist"
    state_type: ClassVar[type] = ShootistState
    character_types = CHARACTER_TYPES
    cast_options = CAST_OPTIONS
    plain_cast = {}
    charts = {LOCATION.key: LOCATION, **{w.key: w.chart for w in WEAPONS.values()}}

    def new_game(self) -> ShootistState:
        return ShootistState()

    def load(self, data: dict) -> ShootistState:
        return ShootistState.from_json(data)

    def cast(self, state: ShootistState, spec: CastSpec, rng: random.Random) -> Shootist:
        shootist = new_shootist(state, spec)
        state.characters[shootist.key] = shootist
        return shootist

    def remove(self, state: ShootistState, key: str) -> Shootist:
        shootist = state.shootist(key)
        for other in shootist.brawling:
            state.characters[other].brawling.remove(key)
        turn = state.turn
        if key in turn.order:
            if turn.order.index(key) < turn.at:
                turn.at -= 1
            turn.order.remove(key)
            turn.draws.pop(key)
        turn.fanning = [d for d in turn.fanning if d.shooter != key]
        for deferred in turn.fanning:
            deferred.targets = [t for t in deferred.targets if t != key]
        return state.characters.pop(key)

    def turn(self, state: ShootistState) -> int:
        return state.turn.number

    def deal(self, state: ShootistState, rng: random.Random, again: bool = False) -> Step:
        if state.pending:
            raise RulesError("A roll is waiting for a decision.")
        return draw_phase(state, rng)

    def advance(self, state: ShootistState, rng: random.Random) -> Step:
        if state.pending:
            raise RulesError("A roll is waiting for a decision.")
        return advance(state, rng)

    def actor(self, state: ShootistState, user: int) -> str:
        """The shootist whose turn it is."""
        if not state.turn.number:
            raise RulesError(NOT_STARTED)
        if not state.turn.acting:
            raise RulesError(words("Nobody is acting: name the shootist (or ", Command("draw"), " the next)."))
        return state.turn.acting

    def waiting_on(self, state: ShootistState, director: int) -> Wait | None:
        return waiting_on(state, director)

    def at_deadline(self, state: ShootistState, wait: Wait, rng: random.Random, policy: str = "") -> Step:
        return at_deadline(state, wait, rng)

    def picture_of_step(self, state: ShootistState, step: Step) -> Picture | None:
        return pictures.step_picture(state, step)

    def picture_of_roll(self, resolution: Resolution) -> Picture:
        return pictures.roll_picture(resolution, self.title)

    def board(self, state: ShootistState) -> Board:
        turn = state.turn
        order = {key: n for n, key in enumerate(turn.order)}
        rows = [row(state, s) for s in sorted(state.characters.values(),
                                              key=lambda s: order.get(s.key, len(order)))]
        title = f"Shootist — turn {turn.number}" if turn.number else "Shootist — before the first Draw"
        acting = state.characters.get(turn.acting)
        footer = "; ".join([f"Acting: {acting.name}" if acting and not turn.over else
                            "The turn is over" if turn.over else ""] +
                           [f"{b} burning ({n} turn(s) left)" for b, n in state.fires.items()])
        return Board(title, rows, footer.strip("; "))

    def summary(self, state: ShootistState, resolutions: Sequence[Resolution]) -> Summary:
        """Who is dead or knocked out (SH 57-58); each shootist's shots, brawls and wounds dealt (SH 5, 57-61,
        69)."""
        return summarise(state.characters, resolutions, COUNTS,
                         lambda shootist: "" if shootist.up else shootist.status.value,
                         fallen_title="Dead or knocked out", nobody_fell="Nobody: every shootist walks away.",
                         nobody_did="Nobody shot or brawled.")

    def help(self) -> Words:
        return HELP


def row(state: ShootistState, shootist: Shootist) -> BoardRow:
    """A shootist's line on the board: his state, then his die types; his Draw roll, wounds, what his guns hold
    and his horse's wounds as figures."""
    badges = []
    draw = state.turn.draws.get(shootist.key)
    if draw is not None:
        badges.append(("Draw", f"{die_name(draw.dice.sides)}:{draw.value}"))
    if shootist.wounds:
        badges.append(("Wounds", str(len(shootist.wounds))))
    for gun in shootist.weapons:
        if gun.kind.ammo:
            badges.append((gun.kind.name.split()[0], f"{gun.loaded}/{gun.kind.shots}"))
    if shootist.horse is not None and shootist.horse.wounds:
        badges.append(("Horse", f"{shootist.horse.wounds}/6"))
    dice = tuple(f"{SKILLS[skill]} {die_name(sides)}" for skill, sides in shootist.dice.items())
    return BoardRow(shootist.name, shootist.owner, (*shootist.state_words, *dice), tuple(badges),
                    down=not shootist.up, key=shootist.key, kind=CHARACTER_TYPES[shootist.type],
                    acting=state.turn.acting == shootist.key and not state.turn.over)


SHOOTIST = register(ShootistRules())
