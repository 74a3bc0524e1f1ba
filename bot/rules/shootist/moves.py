"""Movement (SH 5, 12-16, 75-79, 83-86): moving, buildings, mounting and dismounting; noticing Indians."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Story, action, begin
from ..core.errors import RulesError
from ..core.replay import Context
from .state import LEG, Shootist, ShootistState, leave_brawl
from .turns import ByShootist, check_action

FOOT_MOVE = 2


@dataclass
class MoveRequest(ByShootist):
    """Move 2 hexes (SH 5); on a horse up to 6 (SH 85). A door costs 1 hex of movement, a window 2; moving
    through a building from the inner side of a door or window is a full move (SH 77-79). Turning, popping out
    of cover or repositioning within the hex is a move of 0 hexes: it counts as moving (SH 15-16)."""

    kind = "shootist-move"
    hexes: int = 2
    doors: int = 0
    windows: int = 0
    through: bool = False


def allowance(shootist: Shootist) -> tuple[int, str]:
    """How far he may move this turn, and why no further."""
    if shootist.hits(LEG) >= 2:
        return 0, "both legs are hit: he can only change orientation (SH 61)"
    if shootist.hits(LEG):
        return 1, "a leg is hit: movement is limited to one hex (SH 61)"
    if shootist.attacked:
        return 1, "he was attacked hand to hand: he may move up to 1 hex (SH 72)"
    if shootist.brawling:
        return 0, "he is in a brawl (break off first, SH 73)"
    if shootist.mounted:
        return shootist.horse.reach, ("a wounded horse moves at half speed (SH 90)" if shootist.horse.wounds
                                      else "maximum movement on horse = 6 hexes (SH 85)")
    return FOOT_MOVE, "an action moves 2 hexes (SH 5)"


@action(MoveRequest)
def move(state: ShootistState, request: MoveRequest, ctx: Context) -> Story:
    shootist = state.shootist(request.shootist)
    check_action(state, shootist)
    story = begin(ctx, Story("move", f"{shootist.name} moves", shootist.key))
    most, why = allowance(shootist)
    if min(request.hexes, request.doors, request.windows) < 0:
        raise RulesError("Hexes, doors and windows are counted from 0.")
    if request.through:
        cost, said = most, "through a building, a full move"
    else:
        cost = request.hexes + request.doors + 2 * request.windows
        said = f"{cost} hex(es) of movement"
    if cost > most:
        raise RulesError(f"{shootist.name} may move {most} hex(es) at most: {why}.")
    shootist.acted = shootist.moved = True
    ctx.note(f"{shootist.name} moves: {said}.")
    if cost and shootist.brawling:
        leave_brawl(state, shootist, ctx)
    return story


@dataclass
class MountRequest(ByShootist):
    """"Mounting or dismounting takes a full move. Shootist may not shoot while mounting or dismounting" (SH 86)."""

    kind = "shootist-mount"
    mount: bool = True
    """False to dismount."""


@action(MountRequest)
def mount(state: ShootistState, request: MountRequest, ctx: Context) -> Story:
    shootist = state.shootist(request.shootist)
    check_action(state, shootist)
    verb = "mounts" if request.mount else "dismounts"
    story = begin(ctx, Story("mount", f"{shootist.name} {verb}", shootist.key))
    horse = shootist.horse
    if horse is None or horse.dead:
        raise RulesError(f"{shootist.name} has no horse alive.")
    if horse.mounted == request.mount:
        raise RulesError(f"{shootist.name} is {'in the saddle' if horse.mounted else 'on foot'} already.")
    if shootist.brawling or shootist.attacked or shootist.hits(LEG) >= 2:
        raise RulesError(f"{shootist.name} cannot take a full move this turn.")
    horse.mounted = request.mount
    shootist.acted = shootist.moved = True
    ctx.note(f"{shootist.name} {verb}: a full move.")
    return story


@dataclass
class NoticeRequest(ByShootist):
    """An Indian is noticed: "Once noticed, they are visible for the rest of the game" (SH 106). The Director
    says so (the bot does not see the table); so does his shooting or brawling."""

    kind = "shootist-notice"
    noticed: bool = True


@action(NoticeRequest)
def notice(state: ShootistState, request: NoticeRequest, ctx: Context) -> Story:
    shootist = state.shootist(request.shootist)
    story = begin(ctx, Story("notice", f"{shootist.name} is " + ("noticed" if request.noticed else "unseen"),
                             shootist.key))
    shootist.noticed = request.noticed
    ctx.note(f"{shootist.name} is " + ("visible for the rest of the game." if request.noticed else
                                       "not noticed: he cannot be shot at."))
    return story
