"""Hand-to-hand (SH 67-73): brawl die against brawl die, and breaking off."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Request, Story, action, begin
from ..core.charts import Outcome
from ..core.errors import RulesError
from ..core.replay import Context
from .skills import BRAWL, DieType
from .state import LEG, Shootist, ShootistState, Status, leave_brawl
from .turns import ByShootist, check_action
from .weapons import WEAPONS
from .wounds import roll, skill_die, wound

WINS, LOSES, TIE = (Outcome("Wins", "Highest wins, loser gets a wound."), Outcome("Loses", "Loser gets a wound."),
                    Outcome("Tie", "Tie = no wounds."))


@dataclass
class BrawlRequest(Request):
    """Move 1 hex & Brawl (SH 5): "Roll brawl vs brawl. Highest wins, loser gets a wound. Tie = no wounds" (SH 69)."""

    kind = "shootist-brawl"
    attacker: str
    defender: str
    move: int = 0

    def involved(self) -> tuple[str, ...]:
        return (self.attacker, self.defender)


def brawling_weapon(shootist: Shootist) -> str:
    """The weapon he fights with: a knife, tomahawk or spear gives +1 (SH 71); the first carried, else bare hands."""
    return next((g.weapon for g in shootist.weapons if g.kind.brawl_bonus), "")


def brawl_die(shootist: Shootist) -> DieType:
    steps = []
    if weapon := brawling_weapon(shootist):
        steps.append((WEAPONS[weapon].name.lower(), WEAPONS[weapon].brawl_bonus))
    if shootist.shield:
        steps.append(("shield", 1))
    return skill_die(shootist, BRAWL, steps)


@action(BrawlRequest)
def brawl(state: ShootistState, request: BrawlRequest, ctx: Context) -> Story:
    attacker = state.shootist(request.attacker)
    check_action(state, attacker)
    defender = state.shootist(request.defender)
    story = begin(ctx, Story("brawl", f"{attacker.name} brawls with {defender.name}", attacker.key, defender.key))
    if defender is attacker or defender.status is not Status.UP:
        raise RulesError(f"{defender.name} cannot be brawled with: he is {defender.status.value}."
                         if defender is not attacker else f"{attacker.name} cannot brawl with himself.")
    if attacker.arms_hit:
        raise RulesError(f"Both {attacker.name}'s arms are hit: he is unable to brawl (SH 59).")
    if request.move not in (0, 1) or (request.move and attacker.hits(LEG) >= 2):
        raise RulesError("A shootist moves 1 hex and brawls, or brawls where he stands (SH 5, 61).")
    if attacker.brawling and defender.key not in attacker.brawling:
        raise RulesError(f"{attacker.name} is in a brawl with someone else.")
    if not attacker.noticed:
        attacker.noticed = True
        ctx.note(f"{attacker.name} is noticed: he is visible for the rest of the game.")
    mine = roll(ctx, attacker, f"{attacker.name}'s brawl die", brawl_die(attacker),
                lambda value: Outcome(f"Brawl {value}", "")).roll.value
    if defender.arms_hit:
        theirs = 0
        ctx.note(f"Both {defender.name}'s arms are hit: he cannot brawl back (see docs/rulings.md).")
    else:
        theirs = roll(ctx, defender, f"{defender.name}'s brawl die", brawl_die(defender),
                      lambda value: LOSES if mine > value else WINS if value > mine else TIE).roll.value
    attacker.acted = True
    attacker.moved = attacker.moved or bool(request.move)
    defender.attacked = True
    if defender.key not in attacker.brawling:
        attacker.brawling.append(defender.key)
        defender.brawling.append(attacker.key)
    if mine == theirs:
        ctx.note("A tie: no wounds.")
        return story
    winner, loser = (attacker, defender) if mine > theirs else (defender, attacker)
    if brawling_weapon(loser) == "spear" and brawling_weapon(winner) != "spear":
        ctx.note(f"{loser.name} fights with a spear: he cannot be wounded by one who does not (SH 100).")
        return story
    ctx.note(f"{winner.name} wins the brawl.")
    wound(state, loser, ctx, brawling=True)
    return story


@dataclass
class BreakOffRequest(ByShootist):
    """"A shootist involved in a brawl, which draws first, can break-off from brawl without penalty" (SH 73):
    his action, when he is before every opponent in this turn's Draw order, or when he was attacked hand to hand
    this turn, as one who "may move upto 1 hex" (SH 72)."""

    kind = "shootist-breakoff"
    title = "Break off"


@action(BreakOffRequest)
def break_off(state: ShootistState, request: BreakOffRequest, ctx: Context) -> Story:
    shootist = state.shootist(request.shootist)
    check_action(state, shootist)
    story = begin(ctx, Story("breakoff", f"{shootist.name} breaks off from the brawl", shootist.key))
    if not shootist.brawling:
        raise RulesError(f"{shootist.name} is not in a brawl.")
    order = state.turn.order
    later = [k for k in shootist.brawling if k not in order or order.index(k) > order.index(shootist.key)]
    if len(later) < len(shootist.brawling) and not shootist.attacked:
        raise RulesError(f"{shootist.name} did not draw first: only the one who draws first, or one attacked "
                         "hand to hand this turn, may break off (SH 72-73).")
    shootist.acted = True
    leave_brawl(state, shootist, ctx)
    return story
