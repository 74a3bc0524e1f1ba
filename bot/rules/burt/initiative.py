"""Initiative points and the EVENT card (SB 133-145): an extra single action bought at any time, the dice
when two players want to spend at once, and the event the Director tells when EVENT comes up."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Request, Story, action, begin
from ..core.charts import Chart, Outcome, Row
from ..core.errors import RulesError
from ..core.replay import Context
from .rolls import roll_on
from .state import BurtState

INITIATIVE = Chart("initiative", "Dice & add character factors", (
    Row(1, 10, Outcome("Initiative", "The d10 plus the character's factor: the higher spends first.")),))
"""SB 143: the die is a d10 and the factor the shooting skill (see docs/rulings.md)."""


@dataclass
class InitiativeRequest(Request):
    """Spend initiative points on an extra single action for a character (SB 139-141)."""

    kind = "burt-initiative"
    character: str

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


@dataclass
class ContestRequest(Request):
    """Two players want to spend points at once: "dice & add character factors" (SB 143)."""

    kind = "burt-contest"
    first: str
    second: str

    def involved(self) -> tuple[str, ...]:
        return (self.first, self.second)


@dataclass
class EventRequest(Request):
    """The Director tells what the EVENT card brings (the text lists no events: see docs/rulings.md)."""

    kind = "burt-event"
    text: str

    def involved(self) -> tuple[str, ...]:
        return ()


@action(InitiativeRequest)
def buy_action(state: BurtState, request: InitiativeRequest, ctx: Context) -> Story:
    """The player pays the class's price from his points; the character holds the action until he takes it or
    the turn ends (see docs/rulings.md)."""
    character = state.characters[request.character]
    story = begin(ctx, Story("burt-initiative", f"{character.name} gets an extra action", character.key))
    if character.out:
        raise RulesError(f"{character.name} is {character.out}.")
    if not state.turn or state.over:
        raise RulesError("Extra actions are bought during a turn: deal one first.")
    price = state.price(character)
    if not price:
        raise RulesError(f"This game gives {character.type.value.lower()}s no extra actions.")
    seat = state.seat(character.owner)
    if seat.points < price:
        raise RulesError(f"An extra action for a {character.type.value.lower()} costs {price} initiative points, "
                         f"and {character.name}'s player has {seat.points}.")
    seat.points -= price
    character.bought += 1
    ctx.note(f"{price} initiative point{'s' * (price > 1)} spent ({seat.points} left): {character.name} may take "
             "an extra single action now.")
    return story


@action(ContestRequest)
def contest(state: BurtState, request: ContestRequest, ctx: Context) -> Story:
    """Each rolls a d10 and adds his factor; a tie rolls again."""
    first, second = state.characters[request.first], state.characters[request.second]
    if first.key == second.key:
        raise RulesError("Name two characters whose players want to spend at once.")
    story = begin(ctx, Story("burt-contest", f"{first.name} and {second.name} want to act at once", first.key,
                             second.key))
    while True:
        totals = [roll_on(ctx, INITIATIVE, f"{one.name}'s initiative", one,
                          adjustments=((f"{one.type.value}'s factor", one.skill),) if one.skill else ()).roll.value
                  + one.skill for one in (first, second)]
        if totals[0] != totals[1]:
            break
        ctx.note(f"A tie at {totals[0]}: both roll again.")
    winner = first if totals[0] > totals[1] else second
    ctx.note(f"{winner.name}'s player spends first ({max(totals)} to {min(totals)}).")
    return story


@action(EventRequest)
def tell_event(state: BurtState, request: EventRequest, ctx: Context) -> Story:
    """The event goes on the record of the game; play goes on with the next card."""
    text = " ".join(request.text.split())
    if not text:
        raise RulesError("Say what the event is.")
    if not state.turn:
        raise RulesError("No turn has been dealt yet.")
    story = begin(ctx, Story("burt-event", f"EVENT: {text}", ""))
    state.events.append(f"Turn {state.turn}: {text}")
    state.event_due = False
    return story
