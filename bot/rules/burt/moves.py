"""The actions that roll nothing, or only when they are difficult (SB 151-189): moving at each gait, standing,
lying, drawing and holstering, mounting, and OTHER; and a difficult action the Director calls for."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.actions import Request, Story, action, begin
from ..core.errors import RulesError
from ..core.replay import Context
from .charts import DIFFICULT_GAITS, HARD_IN_BAD_GOING, Gait
from .rolls import difficult
from .state import BurtState, Gun, Gunman


class Act(enum.Enum):
    """An action of the text's lists (SB 151-167), with how many of a card's two actions it takes."""

    WALK = ("Walk", 1, Gait.WALK)
    CRAWL = ("Crawl", 1, Gait.CRAWL)
    TROT = ("Trot", 1, Gait.TROT)
    RUN = ("Run", 2, Gait.RUN)
    SPRINT = ("Sprint", 2, Gait.SPRINT)
    CANTER = ("Canter", 2, Gait.CANTER)
    GALLOP = ("Gallop", 2, Gait.GALLOP)
    STAND = ("Stand", 1, None)
    LIE = ("Lie", 1, None)
    DRAW = ("Draw", 1, None)
    HOLSTER = ("Holster", 1, None)
    MOUNT = ("Mount", 2, None)
    DISMOUNT = ("Dismount", 2, None)
    OTHER = ("Other", 2, None)

    def __init__(self, title: str, actions: int, gait: Gait | None) -> None:
        self.title = title
        self.actions = actions
        self.gait = gait


@dataclass
class ActRequest(Request):
    """One action of the lists that is not firing, aiming, unjamming or hand to hand."""

    kind = "burt-act"
    character: str
    act: str
    """An :class:`Act` by name."""
    weapon: str = ""
    """The gun to draw or holster; empty: the first that can be."""
    bad_going: bool = False
    """Running or cantering in bad going is a difficult action (SB 183)."""
    what: str = ""
    """What an OTHER action is, in the player's words."""

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


@dataclass
class DifficultRequest(Request):
    """A difficult action the Director calls for: vaulting a wall and the like (SB 179-189)."""

    kind = "burt-difficult"
    character: str
    what: str = "a difficult action"

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


def refuse_gait(character: Gunman, gait: Gait) -> None:
    """A gait must suit the character: on foot or mounted, standing (crawling is lying down), and no faster than
    his wounds allow (SB 391, see docs/rulings.md)."""
    if not gait.allowed(character.mounted):
        raise RulesError(f"{character.name} is {'mounted' if character.mounted else 'on foot'}: they cannot "
                         f"{gait.title.lower()}.")
    if gait is Gait.CRAWL and not character.lying:
        raise RulesError(f"{character.name} must LIE down to crawl.")
    if gait is not Gait.CRAWL and character.lying:
        raise RulesError(f"{character.name} is lying: STAND first (or crawl).")
    ladder = list(Gait)
    if ladder.index(gait) > ladder.index(character.fastest):
        raise RulesError(f"{character.name}'s wounds allow no more than a {character.fastest.title.lower()}.")


@action(ActRequest)
def act(state: BurtState, request: ActRequest, ctx: Context) -> Story:
    """Take the action; sprinting and galloping are difficult actions, and so are running and cantering in bad
    going (SB 183)."""
    character = state.characters[request.character]
    try:
        act = Act[request.act.upper()]
    except KeyError:
        raise RulesError(f"There is no action {request.act!r}.") from None
    what = f": {request.what}" if request.what else ""
    story = begin(ctx, Story("burt-act", f"{character.name}: {act.title.upper()}{what}", character.key))
    state.spend(character, act.actions, ctx)
    if act.gait is not None:
        refuse_gait(character, act.gait)
    else:
        refuse_other(character, act, request.weapon)
    if act.gait is not None:
        move(state, ctx, character, act.gait, request.bad_going)
    else:
        carry_out(character, act, request.weapon, ctx)
    return story


def move(state: BurtState, ctx: Context, character: Gunman, gait: Gait, bad_going: bool) -> None:
    ladder = list(Gait)
    character.gait = max(character.gait, gait, key=ladder.index)
    ctx.note(f"{character.name} moves up to {gait.cm} cm.")
    if gait in DIFFICULT_GAITS or (bad_going and gait in HARD_IN_BAD_GOING):
        difficult(state, ctx, character, f"{gait.moving}{' in bad going' if bad_going else ''}")


def refuse_other(character: Gunman, act: Act, weapon: str) -> None:
    refusal = {
        Act.STAND: "is already standing" if not character.lying else "",
        Act.LIE: "is already lying down" if character.lying else "must DISMOUNT first" if character.mounted else "",
        Act.MOUNT: "is already mounted" if character.mounted else "must STAND first" if character.lying else "",
        Act.DISMOUNT: "is not mounted" if not character.mounted else "",
    }.get(act, "")
    if refusal:
        raise RulesError(f"{character.name} {refusal}.")
    if act in (Act.DRAW, Act.HOLSTER):
        gun_to(character, act, weapon)


def gun_to(character: Gunman, act: Act, weapon: str) -> Gun:
    """The gun to draw or holster: the one named, else the first that can be."""
    drawing = act is Act.DRAW
    if weapon:
        gun = character.gun(weapon)
    else:
        gun = next((g for g in character.guns if g.drawn != drawing), None)
        if gun is None:
            raise RulesError(f"{character.name} has no gun to {act.title.lower()}.")
    if gun.drawn == drawing:
        raise RulesError(f"{character.name}'s {gun.title} is already {'drawn' if drawing else 'holstered'}.")
    return gun


def carry_out(character: Gunman, act: Act, weapon: str, ctx: Context) -> None:
    if act in (Act.STAND, Act.LIE):
        character.lying = act is Act.LIE
    elif act in (Act.MOUNT, Act.DISMOUNT):
        character.mounted = act is Act.MOUNT
    elif act in (Act.DRAW, Act.HOLSTER):
        gun = gun_to(character, act, weapon)
        gun.drawn = act is Act.DRAW
        ctx.note(f"{character.name}'s {gun.title} is {'drawn' if gun.drawn else 'holstered'}.")


@action(DifficultRequest)
def difficult_action(state: BurtState, request: DifficultRequest, ctx: Context) -> Story:
    """The roll of a difficult action, which is part of the action it goes with: it takes none of its own."""
    character = state.characters[request.character]
    state.ready(character)
    story = begin(ctx, Story("burt-difficult", f"{character.name}: {request.what}", character.key))
    difficult(state, ctx, character, request.what)
    return story
