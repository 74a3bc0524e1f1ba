"""The turn (SH 3-5): the Draw phase, the order it gives, one action each, then the fanners' later shots.

"Roll Draw die, highest roller goes first. A shootist may opt to roll a lesser
die." ``/deal`` is the Draw phase; ``/draw`` moves on to the next shootist in
Draw order, then to the later shots of those who fanned (SH 40-41), then to the
next Draw phase.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.actions import Request, Story, action, begin
from ..core.dice import Dice, Keep, Roll, roll
from ..core.errors import RulesError
from ..core.replay import Context
from ..core.ruleset import Step, Wait
from ..core.words import Bold, Command, Name, Part, Words, joined, words
from .skills import DRAW, LADDER, SKILLS, die_name
from .state import Shootist, ShootistState, Status, game_over
from .wounds import skill_die


NOT_STARTED = words("No turn has started: ", Command("deal"), " rolls the Draw dice.")
"""Why nobody may act before the first Draw phase."""
MOVES_ON = (" (", Command("draw"), " moves on).")
"""How play goes on past a shootist who has done what he may."""


def check_action(state: ShootistState, shootist: Shootist) -> None:
    """Refuse an action that is not the shootist's one action of his turn (SH 5)."""
    turn = state.turn
    if turn.number == 0:
        raise RulesError(NOT_STARTED)
    if not shootist.up:
        raise RulesError(f"{shootist.name} is {shootist.status.value}.")
    acting = turn.acting
    if acting != shootist.key:
        now = (Name(state.characters[acting].name), " is acting") if acting else ("the turn is over",)
        raise RulesError(words("It is not ", Name(shootist.name), "'s turn: ", *now, *MOVES_ON))
    if turn.fanning_now is not None:
        raise RulesError(f"{shootist.name} has only his fanned shots left this turn.")
    if shootist.acted:
        raise RulesError(words(Name(shootist.name), " has taken his action this turn", *MOVES_ON))


def draw_phase(state: ShootistState, rng: random.Random) -> Step:
    """Start the next turn: buildings burn down, the knocked out come round, and every shootist up rolls his
    Draw die (or the lesser die he chose); Super Fast shootists who choose to go first, then the highest."""
    if game_ended(state):
        return Step("The game is over", [words(Name(game_over(state)))])
    turn = state.turn
    turn.number += 1
    lines: list[str | Words] = [*burn_down(state), *(line for s in state.characters.values()
                                                       for line in new_turn(s, turn.number))]
    draws: dict[str, Roll] = {}
    for shootist in state.characters.values():
        if shootist.up:
            draws[shootist.key] = roll(Dice(1, Keep.BEST, draw_die(shootist)), rng)
            lines.append(words(Bold(Name(shootist.name)), f": {die_name(draws[shootist.key].dice.sides)} rolled ",
                               Bold(str(draws[shootist.key].value)),
                               " (Super Fast: goes first)" if shootist.go_first else ""))
    again: dict[str, list[int]] = {}
    order = ranked(state, list(draws), draws, rng, lines, again)
    turn.draws, turn.order, turn.at, turn.fanning = draws, order, 0, []
    if not order:
        return Step(f"Turn {turn.number}: nobody is up", lines)
    first = state.characters[order[0]]
    lines.append(words("Draw order: ", *joined((Name(state.characters[k].name),) for k in order), "."))
    return Step(f"Turn {turn.number}: the Draw", lines, acting=first.key,
                faces=tuple(f"d{draws[k].dice.sides}:{','.join(map(str, (draws[k].value, *again.get(k, ()))))}:{k}"
                            for k in order))


def draw_die(shootist: Shootist) -> int:
    """The Draw die he rolls: his own, modified, or the lesser die he chose (see docs/rulings.md)."""
    sides = skill_die(shootist, DRAW).sides
    return min(sides, shootist.draw_die) if shootist.draw_die else sides


def ranked(state: ShootistState, keys: list[str], draws: dict[str, Roll], rng: random.Random,
           lines: list[str | Words], again: dict[str, list[int]]) -> list[str]:
    """``keys`` in Draw order: those going first, then the highest roll; shootists tied roll their Draw dice
    again to order themselves, as often as it takes (see docs/rulings.md), each one's rolls again kept in
    ``again``."""
    groups: dict[tuple[bool, int], list[str]] = {}
    for key in keys:
        groups.setdefault((state.characters[key].go_first, draws[key].value), []).append(key)
    order = []
    for place in sorted(groups, reverse=True):
        tied = groups[place]
        if len(tied) > 1:
            rolled = {key: roll(draws[key].dice, rng) for key in tied}
            lines.append(words(f"Tied on {place[1]}: ", *joined((Name(state.characters[k].name),
                                                                  f" rolls again {rolled[k].value}") for k in tied)))
            for key in tied:
                again.setdefault(key, []).append(rolled[key].value)
            tied = ranked(state, tied, rolled, rng, lines, again)
        order += tied
    return order


def new_turn(shootist: Shootist, number: int) -> list[Words]:
    """What ends at a Draw phase: last turn's action, movement, exposure, attacks; and a knock-out served."""
    shootist.acted = shootist.moved = shootist.exposed = shootist.attacked = False
    if shootist.variable and shootist.variable_for < number:
        shootist.variable = ""
    if shootist.status is Status.KNOCKED_OUT and shootist.out_until < number:
        shootist.status = Status.UP
        return [words(Name(shootist.name), " comes round.")]
    return []


def burn_down(state: ShootistState) -> list[Words]:
    """Each burning building has a turn less to stand; at none it collapses (SH 81, see docs/rulings.md)."""
    lines = []
    for building in list(state.fires):
        state.fires[building] -= 1
        if state.fires[building] <= 0:
            del state.fires[building]
            lines.append(words("The ", Name(building), " collapses in flames."))
        else:
            lines.append(words("The ", Name(building), f" burns: {state.fires[building]} turn(s) before it "
                               "collapses."))
    return lines


def game_ended(state: ShootistState) -> bool:
    """Whether only one player's shootists (or none) are left standing, after a fight between two or more."""
    owners = {s.owner for s in state.characters.values()}
    return len(owners) > 1 and len(state.standing()) <= 1


def advance(state: ShootistState, rng: random.Random) -> Step:
    """On to the next shootist in Draw order who is still up, then to the fanners' later shots; past the last,
    the turn is over; at a turn over (or before the first), the next Draw phase."""
    turn = state.turn
    if turn.number == 0 or turn.over:
        return draw_phase(state, rng)
    before = turn.at
    turn.at += 1
    while not turn.over and not can_act(state):
        turn.at += 1
    if turn.over:
        return Step(f"Turn {turn.number} is over", [words(Command("draw"), " (or ", Command("deal"), ") rolls the Draw "
                                                          "dice for the next turn.")]
                    if not game_ended(state) else [words(Name(game_over(state)))])
    shootist = state.characters[turn.acting]
    name = Name(shootist.name)
    deferred = turn.fanning_now
    if deferred is None:
        return Step(words(f"Turn {turn.number}: ", name), [words(name, " acts.")], acting=shootist.key)
    lines: list[str | Words] = ["Every shootist has acted: now the fanners' 2nd and 3rd shots, in Draw order."] \
        if before < len(turn.order) else []
    targets = joined((Name(state.characters[t].name),) for t in deferred.targets)
    lines.append(words(name, " fires his later fanned shots at ", *targets, "."))
    return Step(words(f"Turn {turn.number}: ", name, " fans again"), lines, acting=shootist.key)


def can_act(state: ShootistState) -> bool:
    """Whether the one now in line is up (and, for later fanned shots, has any left)."""
    turn = state.turn
    if not state.characters[turn.acting].up:
        return False
    deferred = turn.fanning_now
    return deferred is None or bool(deferred.targets)


def waiting_on(state: ShootistState, director: int) -> Wait | None:
    """The owner of the shootist acting, or the Director when a Draw phase is due (a roll waiting for a decision
    is the core's :func:`~bot.rules.core.ruleset.deciding`)."""
    turn = state.turn
    if turn.number == 0:
        return None
    if turn.over or game_ended(state):
        over = Name(game_over(state)) if game_ended(state) else f"Turn {turn.number} is over"
        return Wait((director,), "next turn", asks=words(over, ": ", Command("deal"), " (or ", Command("draw"),
                                                         ") rolls the next Draw."), then="the next Draw is rolled")
    shootist = state.characters[turn.acting]
    name = Name(shootist.name)
    doing: tuple[Part, ...] = ("his later fanned shots",) if turn.fanning_now else \
        ("his action (", Command("shootist ..."), ")")
    return Wait((shootist.owner,), "turn", shootist.key,
                words(Bold(name), "'s turn: ", *doing, ", or ", Command("draw"), " to pass."),
                words(name, " does nothing this turn"))


def at_deadline(state: ShootistState, wait: Wait, rng: random.Random) -> Step:
    """Time is up: the shootist waited on does nothing this turn, and play moves on."""
    if wait.character:
        step = advance(state, rng)
        step.lines.insert(0, words("Time is up: ", Name(state.characters[wait.character].name), " does nothing."))
        return step
    return advance(state, rng)


@dataclass
class ByShootist(Request):
    """A request that names one shootist, the one it changes."""

    shootist: str

    def involved(self) -> tuple[str, ...]:
        return (self.shootist,)


# -- choices for the Draw phase ------------------------------------------------

@dataclass
class DrawDieRequest(ByShootist):
    """"A shootist may opt to roll a lesser die" (SH 3); a Super Fast one may choose to go first (SH 115). The
    choice stands for every Draw phase to come until changed."""

    kind = "shootist-drawdie"
    title = "Draw die"
    sides: int = 0
    """The lesser die; 0 for his own Draw die."""
    first: bool = False


@action(DrawDieRequest)
def choose_draw_die(state: ShootistState, request: DrawDieRequest, ctx: Context) -> Story:
    shootist = state.shootist(request.shootist)
    story = begin(ctx, Story("drawdie", f"{shootist.name} chooses his Draw die", shootist.key))
    own = shootist.dice[DRAW]
    if request.sides and (request.sides not in LADDER or request.sides > own):
        raise RulesError(f"{shootist.name}'s Draw die is {die_name(own)}: a lesser die is one of "
                         f"{', '.join(die_name(s) for s in LADDER if s < own) or 'none'}.")
    if request.first and not shootist.has("super_fast"):
        raise RulesError(f"Only a Super Fast shootist may go first; {shootist.name} is not.")
    shootist.draw_die = request.sides if request.sides != own else 0
    shootist.go_first = request.first
    ctx.note(f"{shootist.name} rolls " + (f"a {die_name(request.sides)}" if shootist.draw_die else
                                          "his own Draw die") + " in the Draw phases to come"
             + (", and goes first (shooting at -1)." if request.first else "."))
    return story


@dataclass
class VariableRequest(ByShootist):
    """Variable: "Can apply one die bonus to any one skill once each turn. This counts for all die rolls for
    that skill" (SH 117). Chosen between turns, it counts for the next (its Draw die too)."""

    kind = "shootist-variable"
    skill: str


@action(VariableRequest)
def choose_variable(state: ShootistState, request: VariableRequest, ctx: Context) -> Story:
    shootist = state.shootist(request.shootist)
    story = begin(ctx, Story("variable", f"{shootist.name} gives one skill a die bonus", shootist.key))
    if not shootist.has("variable"):
        raise RulesError(f"{shootist.name} is not Variable.")
    if request.skill not in SKILLS:
        raise RulesError(f"Choose a skill: {', '.join(SKILLS.values())}.")
    turn = state.turn
    upcoming = turn.number + 1 if turn.number == 0 or turn.over else turn.number
    if shootist.variable and shootist.variable_for == upcoming:
        raise RulesError(f"{shootist.name} has given {SKILLS[shootist.variable]} its bonus this turn already.")
    shootist.variable, shootist.variable_for = request.skill, upcoming
    ctx.note(f"{shootist.name}'s {SKILLS[request.skill]} die is one type better in turn {upcoming}.")
    return story
