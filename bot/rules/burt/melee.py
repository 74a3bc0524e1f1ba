"""Hand to hand (SB 395-441): punch, kick, club, knife and grapple, each with its roll to hit and its damage;
and getting up after a shock (SB 385-387)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Request, Story, action, begin
from ..core.errors import RulesError
from ..core.replay import Context
from ..core.words import Command, Name, words
from .charts import DAMAGE, LANDS, MISSES, OVERPOWERED, Attack, threshold
from .firing import other, wound
from .rolls import get_up, roll_on
from .state import BurtState, Gunman

DISARM, DISABLE = "disarm", "disable"
"""What a successful grapple does to the one overpowered (SB 439-441): the grappler's choice."""


@dataclass
class FightRequest(Request):
    """A hand-to-hand attack."""

    kind = "burt-fight"
    attacker: str
    target: str
    attack: str = "punch"
    """An :class:`Attack` by name."""
    then: str = DISARM
    """After a successful grapple: ``disarm`` or ``disable``."""

    def involved(self) -> tuple[str, ...]:
        return (self.attacker, self.target)


@dataclass
class GetUpRequest(Request):
    """A stunned character's try to get up."""

    kind = "burt-getup"
    title = "Get up"
    character: str

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


@action(FightRequest)
def fight(state: BurtState, request: FightRequest, ctx: Context) -> Story:
    """Roll to hit on a d10 (no modifiers: see docs/rulings.md); a hit rolls the attack's damage, then shock.
    A club or knife is carried to be used; punches and kicks do no real damage; a grapple is a double action
    whose success overpowers the target, to be disarmed or disabled."""
    attacker = state.characters[request.attacker]
    target = other(state, attacker, request.target)
    try:
        attack = Attack[request.attack.upper()]
    except KeyError:
        raise RulesError("The attacks are punch, kick, club, knife and grapple.") from None
    if attack.name.lower() in ("club", "knife") and attack.name.lower() not in attacker.melee:
        raise RulesError(f"{attacker.name} carries no {attack.name.lower()}.")
    if request.then not in (DISARM, DISABLE):
        raise RulesError("A successful grapple may disarm or disable the target.")
    story = begin(ctx, Story("burt-fight", f"{attacker.name}: {attack.title} at {target.name}", attacker.key,
                             target.key))
    state.spend(attacker, attack.actions, ctx)
    chart = threshold("hand_to_hand", f"{attack.title}: {attack.to_hit} to hit", 10, attack.to_hit, MISSES, LANDS)
    if roll_on(ctx, chart, f"{attack.title} to hit", attacker).outcome is not LANDS:
        return story
    if attack is Attack.GRAPPLE:
        overpower(target, request.then, ctx)
        return story
    wound(state, ctx, target, damage(ctx, attack, target), real=attack.real)
    return story


def damage(ctx: Context, attack: Attack, target: Gunman) -> str:
    """The attack's damage (SB 403-427): rolled on its d10, but for a punch, whose damage is a "Light wound"
    whatever the die (SB 405-409), so nothing is rolled."""
    rows = DAMAGE[attack].rows
    if len(rows) == 1:
        ctx.note(f"{attack.title} damage: {rows[0].outcome.title.lower()}, whatever the die (nothing to roll).")
        return rows[0].outcome.title
    return roll_on(ctx, DAMAGE[attack], f"{attack.title} damage", target).outcome.title


def overpower(target: Gunman, then: str, ctx: Context) -> None:
    """"A successful grapple means that the target has been overpowered and can be disarmed or disabled"
    (SB 439-441): disarmed, he drops every weapon he holds; disabled, he is out of the fight (see
    docs/rulings.md)."""
    ctx.note(f"{OVERPOWERED.title}: {target.name} is overpowered.")
    if then == DISABLE:
        target.out = "overpowered"
        target.actions = target.bought = target.aims = 0
        target.aim_at = ""
        return
    dropped = [g.title for g in target.guns if g.drawn] + target.melee
    target.guns = [g for g in target.guns if not g.drawn]
    target.melee = []
    ctx.note(f"{target.name} is disarmed and drops {', '.join(dropped)}." if dropped else
             f"{target.name} is disarmed, though holding no weapon.")


@action(GetUpRequest)
def getting_up(state: BurtState, request: GetUpRequest, ctx: Context) -> Story:
    """A stunned character may try to get up with each action: a d6 over his wounds. A failed try ends his card
    (see docs/rulings.md)."""
    character = state.characters[request.character]
    if not character.stunned:
        raise RulesError(words(Name(character.name), " is not stunned.",
                               *((" Lying down: STAND up (", Command("burt act action:stand"), ").")
                                 if character.lying else ())))
    story = begin(ctx, Story("burt-getup", f"{character.name} tries to get up", character.key))
    state.spend(character, 1, ctx, getting_up=True)
    if not get_up(ctx, character) and character.actions:
        character.actions = 0
        ctx.note(f"{character.name}'s card is over.")
    return story
