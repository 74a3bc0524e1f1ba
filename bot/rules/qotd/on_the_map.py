"""How the game reads its map: who moves how far (Reel 3), what a shot's range and cover are (Reel 4), and
where a Wanting to Move result takes a token."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.geometry import EPSILON, Point, cut_path, distance, path_length, point_at, turned
from ..core.dice import Band
from ..core.replay import Reading
from ..core.results import Resolution
from ..core.words import Command, Name, words
from .battlefield import Battlefield, Mover, Plan, Route, Shot, Sight, Token, kept
from .beasts import ANIMALS
from .hits import bolts
from .shooting import DEVIATION, carried_weapon
from .state import Character, Condition, QotdState, RulesError
from .vehicles import full_move
from .weapons import EXPLOSIVE, MOVES


@dataclass(frozen=True)
class Allowed:
    """What a Wanting to Move result lets the character do: so many moves, maybe in a random direction."""

    moves: float
    random: bool = False


CAUTION = "Caution – Danger Ahead!"
ALLOWED: dict[str, Allowed] = {
    CAUTION: Allowed(0.5),
    "Are you Sure?": Allowed(0), "Forward!": Allowed(1), "Move It!": Allowed(2),
    "Disorientated!": Allowed(0.5, random=True), "Is this the Path?": Allowed(0),
    "This is the Path!": Allowed(1), "Quickly – this way is Clear!": Allowed(2),
    "Fall Over!": Allowed(0), "Slip Sliding Away!": Allowed(0.5, random=True), "Firm Going!": Allowed(1),
    "Quickly – this way is Fine!": Allowed(2),
    "Glug! Glug!": Allowed(0), "Its Shallow water here!": Allowed(1), "Its only ankle deep!": Allowed(2),
    "Loose Footing!": Allowed(0.5, random=True), "No obstacles ahead!": Allowed(1),
}
"""The Wanting to Move charts' results as moves (Reel 3); Caution in bad going is a fall (see :func:`allowed`)."""
QUARTER_TURNS = {"Straight Ahead": 0, "Go Right": 1, "Reverse": 2, "Go left": 3}
"""The Random Movement chart (503-506) as clockwise quarter turns from the way the character was heading."""
BOLTING = Allowed(1, random=True)
"""A bolting mount carries its rider a full move in the Random Movement chart's direction (2475-2476)."""
MOST_MOVES = 2
CONTACT = 2.0
"""Paces between two figures' middles that count as base contact in a fight (see docs/rulings.md)."""
FALLS_SHORT_BY = 2.0
"""Paces from the target that thrown dynamite falling short lands (see docs/rulings.md)."""
SPREAD_PACES = 1
"""Paces from the target within which extra hits spread (1308-1309)."""
SHELL_PACES = 2
"""Paces within which a shell's extra hits spread (1310-1311)."""
COVER_SOUGHT = MOST_MOVES
"""Full moves from where they stand within which one who falls back or heads for cover looks for it: as far as
Move It! takes them (see docs/rulings.md)."""


def battlefield(state: QotdState) -> Battlefield:
    if state.battlefield is None:
        raise RulesError(words("This game has no map: a Director makes one with ", Command("map new"), "."))
    return state.battlefield


def position(state: QotdState, key: str) -> Point:
    """Where a character or vehicle stands; a character aboard a vehicle stands where it is."""
    field = battlefield(state)
    token = field.tokens.get(key)
    if token is None:
        vehicle = state.vehicle_of(key)
        token = field.tokens.get(vehicle.key) if vehicle else None
    if token is None:
        name = state.characters[key].name if key in state.characters else state.vehicles[key].name
        raise RulesError(words(Name(name), " is not on the map: place them with ", Command("place"), " first."))
    return token.at


def placed(state: QotdState, key: str) -> bool:
    """Whether the game has a map with the character or vehicle (or the vehicle they are aboard) on it."""
    try:
        position(state, key)
    except RulesError:
        return False
    return True


def mover_of(state: QotdState, key: str) -> Mover:
    """How one moves (446-456): a vehicle at its full move; a beast at its speed; a rider at a mount's 16
    paces; Fleet Footed 10, Lumbering 6, anyone else on foot 8."""
    if key in state.vehicles:
        return Mover(full_move(state.vehicles[key]), vehicle=True, heavy=True)
    character = state.characters[key]
    vehicle = state.vehicle_of(key)
    if vehicle is not None:
        raise RulesError(f"{character.name} is aboard the {vehicle.name}: move the vehicle.")
    prone = Condition.PRONE in character.conditions
    surefooted = character.has("surefooted")
    if character.is_beast:
        animal = ANIMALS[character.animal]
        return Mover(animal.speed, swim=animal.water_speed or MOVES["swimming"], surefooted=surefooted, prone=prone)
    if character.mount is not None and not character.mount.collapsed:
        move = MOVES["mounted"]
    elif character.has("fleet_footed"):
        move = MOVES["fleet_footed"]
    elif character.has("lumbering"):
        move = MOVES["lumbering"]
    else:
        move = MOVES["on_foot"]
    return Mover(move, surefooted=surefooted, prone=prone)


def bolting(state: QotdState, key: str) -> bool:
    """Whether the character's mount is bolting: their move goes where the Random Movement chart sends it."""
    character = state.characters.get(key)
    return character is not None and character.mount is not None and character.mount.bolting


def plan_move(state: QotdState, key: str, places: Iterable[Point]) -> Route:
    """The going from where the character stands through ``places``; refused when even Move It! would not
    get there."""
    field = battlefield(state)
    route = field.going([position(state, key), *places], mover_of(state, key))
    if route.length > MOST_MOVES * route.allowance + EPSILON:
        raise RulesError(f"That is {route.length:.1f} paces: {route.words()}, so even Move It! covers "
                         f"{MOST_MOVES * route.allowance:g}.")
    return route


def allowed(title: str, route: Route) -> Allowed:
    """What a result allows; Caution – Danger Ahead! in bad going is a fall, not a move (Wanting to Move)."""
    if title == CAUTION and route.bad:
        return Allowed(0)
    return ALLOWED.get(title, Allowed(0))


def carry_out(state: QotdState, key: str, route: Route, readings: Iterable[Reading]) -> tuple[Battlefield, str]:
    """Move the token as the Wanting to Move result allows: along the path as far as it goes, or half a move
    in the Random Movement chart's direction (stopped by a wall or the map's edge). Returns the changed map
    (a copy) and what happened."""
    readings = list(readings)
    result = next((r.outcome.title for r in readings if r.chart.startswith("move")), "")
    swerve = next((r.outcome.title for r in readings if r.chart == "random_movement"), "")
    can = allowed(result, route) if result else BOLTING if swerve else Allowed(0)
    field = battlefield(state).copy()
    token = field.tokens.get(key) or field.tokens[state.vehicle_of(key).key]
    paces = can.moves * route.allowance
    start = route.path[0]
    if can.random and swerve:
        stop = stopped(field, start, turned(start, route.path[1], QUARTER_TURNS[swerve], paces))
        path = [start, stop]
        words = f"{swerve.lower()}: {distance(start, stop):.1f} paces to {field.label(stop)}"
    elif paces <= EPSILON:
        return field, "stays put"
    else:
        path = cut_path(route.path, min(paces, route.length))
        short = route.length > paces + EPSILON
        words = (f"moves {min(paces, route.length):.1f} paces to {field.label(path[-1])}"
                 + (f", stopping short: {result} allows {paces:g}" if short else ""))
    return field, words + walk(state, field, token.key, path)


def walk(state: QotdState, field: Battlefield, key: str, path: list[Point], facing: int | None = None) -> str:
    """Put the token at the end of ``path`` on ``field`` (a copy), drawn as the last move; a prone character
    gets up (see docs/rulings.md). Returns ", getting up" or ""."""
    token = field.tokens[key]
    path = [kept(p) for p in path]
    field.tokens[key] = type(token)(key, path[-1], token.facing if facing is None else facing, token.kind)
    field.last_path = path
    character = state.characters.get(key)
    if character is not None and Condition.PRONE in character.conditions:
        character.conditions.discard(Condition.PRONE)
        return ", getting up"
    return ""


def plan_on_map(state: QotdState, key: str, places: Iterable[Point]) -> Route:
    """Plan a move (see :func:`plan_move`) and keep it on a copy of the map, to carry out once the roll is
    decided."""
    route = plan_move(state, key, places)
    field = battlefield(state).copy()
    field.plan = Plan(key, route.path)
    state.battlefield = field
    return route


def carry_out_plan(state: QotdState, readings: Iterable[Reading]) -> str:
    """Carry out the map's planned move now that its roll is decided; what happened ("" with no plan). A plan
    whose roll was decided elsewhere (kept at a deadline) is dropped when the next roll is not its own."""
    field = state.battlefield
    if field is None or field.plan is None or state.pending:
        return ""
    plan = field.plan
    readings = list(readings)
    if not any(r.roller == plan.key and (r.chart.startswith("move") or r.chart == "random_movement")
               for r in readings):
        state.battlefield = field.copy()
        state.battlefield.plan = None
        return ""
    route = field.going(plan.path, mover_of(state, plan.key))
    result = next((r.outcome.title for r in readings if r.roller == plan.key and r.chart.startswith("move")), "")
    if result == CAUTION and not route.bad and (enemy := enemy_of(state, plan.key, "")):
        state.battlefield = field.copy()
        state.battlefield.plan = None
        return take_cover(state, plan.key, enemy, WITHDRAW)
    moved, words = carry_out(state, plan.key, route, readings)
    moved.plan = None
    state.battlefield = moved
    return f"{name_of(state, plan.key)} {words}."


def shot_on_map(state: QotdState, shooter: str, target: str) -> Sight:
    """The range and the target's cover from the map; refused, with the reason, when the target is hidden."""
    field = battlefield(state)
    sight = field.sight(position(state, shooter), position(state, target))
    if sight.hidden:
        raise RulesError(f"{name_of(state, shooter)} cannot see {name_of(state, target)}: {sight.hidden}.")
    return sight


def mark_shot(state: QotdState, shooter: str, target: str, sight: Sight) -> Battlefield:
    """The map with this shot's line drawn (a copy)."""
    field = battlefield(state).copy()
    words = f"{sight.paces} paces, {sight.cover.value}" + (f" ({sight.why})" if sight.why else "")
    field.last_shot = Shot(position(state, shooter), position(state, target), words)
    return field


def spread_reach(state: QotdState, shooter: str, weapon: str, shell: bool) -> int:
    """Paces from the target within which extra hits spread: 2 for a shell, else 1 (1302-1311). Only an
    explosion may be a shell (see docs/rulings.md)."""
    _, arm = carried_weapon(state.characters[shooter], weapon, missile=True)
    if shell and arm.category != EXPLOSIVE:
        raise RulesError(f"Only an explosion can be a shell: a {arm.name} is not.")
    return SHELL_PACES if shell else SPREAD_PACES


def spread_to(state: QotdState, shooter: str, target: str, weapon: str, fanning: bool,
              shell: bool = False) -> tuple[str, ...]:
    """Those standing within 1 pace of the target (2 of a shell's), nearest first, still in the fight: where
    the extra hits of a shotgun, blunderbuss, volley gun, explosion or fanning spread (1302-1311); none for
    other weapons, nor on a vehicle (see docs/rulings.md)."""
    _, arm = carried_weapon(state.characters[shooter], weapon, missile=True)
    reach = spread_reach(state, shooter, weapon, shell)
    if not (arm.spreads or fanning) or state.vehicle_of(target) is not None:
        return ()
    near = battlefield(state).near(position(state, target), reach)
    return tuple(key for key in near if key in state.characters and key not in (shooter, target)
                 and state.characters[key].in_action and not state.characters[key].casualty)


def falls_short(state: QotdState, thrower: str, target: str, readings: Iterable[Reading]) -> str:
    """Where thrown dynamite that fell short lands on the map: 2 paces from the target, in the direction the
    deviation roll gives from the line of the throw (see docs/rulings.md), with who stands within a pace of
    it; the line drawn on the map ends there. Empty when nothing fell short or they are not on the map."""
    swerve = next((r.outcome.title for r in readings if r.label == DEVIATION), "")
    if not swerve or not (placed(state, thrower) and placed(state, target)):
        return ""
    field = battlefield(state).copy()
    a, b = position(state, thrower), position(state, target)
    beyond = (2 * b[0] - a[0], 2 * b[1] - a[1])
    x, y = turned(b, beyond, QUARTER_TURNS[swerve], FALLS_SHORT_BY)
    landing = kept((min(max(x, 0.0), field.width), min(max(y, 0.0), field.height)))
    caught = [state.characters[key].name for key, token in field.tokens.items()
              if key in state.characters and distance(token.at, landing) <= SPREAD_PACES + EPSILON]
    field.last_shot = Shot(a, landing, f"fell short: {swerve.lower()}, lands at {field.label(landing)}")
    state.battlefield = field
    return (f"It lands at {field.label(landing)} ({swerve.lower()} of the target): "
            + (f"within a pace of it: {', '.join(caught)}." if caught else "nobody within a pace of it."))


def flee(state: QotdState, enemy: str, readings: Iterable[Reading]) -> str:
    """Move the tokens of those whose courage broke (Let's get out of here!, in the open) a full move straight
    away from the enemy who made them test, stopped by a wall or the map's edge (see docs/rulings.md); what
    happened ("" for nobody)."""
    fled = [r.roller for r in readings if r.chart == "courage" and r.band is Band.DISASTER and r.roller != enemy
            and Condition.FLEEING in state.characters[r.roller].conditions]
    fled = [key for key in dict.fromkeys(fled) if placed(state, key) and placed(state, enemy)
            and state.vehicle_of(key) is None]
    if not fled:
        return ""
    field = battlefield(state).copy()
    words = []
    for key in fled:
        start = position(state, key)
        stop = away(field, start, position(state, enemy), mover_of(state, key).move)
        walk(state, field, key, [start, stop])
        words.append(f"{name_of(state, key)} flees {distance(start, stop):.1f} paces to {field.label(stop)}.")
    state.battlefield = field
    return " ".join(words)


def away(field: Battlefield, start: Point, threat: Point, paces: float) -> Point:
    """Where ``paces`` straight away from a threat takes one, stopped by a wall or the map's edge."""
    ahead = (2 * start[0] - threat[0], 2 * start[1] - threat[1])
    return stopped(field, start, turned(start, ahead, 0, paces))


def stopped(field: Battlefield, start: Point, aim: Point) -> Point:
    """Where one heading straight from ``start`` to ``aim`` stops: short of a wall or the map's edge."""
    t = field.first_wall(start, aim)
    return aim if t >= 1 else point_at(start, aim, max(0.0, t - EPSILON))


@dataclass(frozen=True)
class FallBack:
    """A result that sends the character back or to the nearest cover: so many moves (each after the going's
    deductions) or so many paces; ``cover``: towards the nearest cover, ducking down if already in it;
    ``back``: never nearer the enemy (a fall back or a retreat)."""

    moves: float = 0
    paces: float = 0
    cover: bool = True
    back: bool = True


WITHDRAW = FallBack(moves=0.5, cover=False)
"""Caution – Danger Ahead! in good going: "Withdraw and fall back ½ a move facing the enemy" (Wanting to Move,
530-535), whatever way the move was asked."""
FALL_BACKS: dict[tuple[str, str], FallBack] = {
    ("respond_opportunity", "Flustered!"): FallBack(moves=0.5),
    ("react", "This doesn’t look good!"): FallBack(moves=1, back=False),
    ("courage", "Fall back and Take Cover!"): FallBack(moves=1),
    ("shoot", "I’m not sure I can do this!"): FallBack(paces=4),
    ("attack", "I’m not sure I can do this!"): FallBack(paces=2, cover=False),
    ("respond_draw", "Time to get out ‘a Town!"): FallBack(paces=4, cover=False),
}
"""The results that move a character back or to cover, by chart and title: Flustered! "retreat slowly towards
cover" (888-891: half a move, see docs/rulings.md), This doesn't look good! "head for the nearest cover"
(952-955), Fall back and Take Cover! "fall back 1 move towards the nearest cover" (1062-1071), Wanting to
Shoot's "falls back 4 paces facing the enemy or moves towards the nearest cover" (1160-1170) and Wanting to
Attack's "fall back 2 paces facing the enemy" (1979-1986), and Responding to an opponent drawing's "back off 4
paces" (1637-1643). In close combat Fall back and Take Cover! is 2 paces
On the Back Foot, still in the fight (1073-1078): the token stays in contact."""


def moves_on_map(state: QotdState, readings: Iterable[Reading]) -> bool:
    """Whether a decided roll may move anything on the map (:func:`carry_out_plan`, :func:`falls_short`,
    :func:`flee`, :func:`fall_back`, :func:`bolt_loose`): a planned move waits, or a reading is of dynamite falling
    short, courage broken, a result that sends someone back or to cover, or Random Movement."""
    field = state.battlefield
    return field is not None and (field.plan is not None or any(
        r.label == DEVIATION or r.chart == "random_movement" or (r.chart == "courage" and r.band is Band.DISASTER)
        or (r.chart, r.outcome.title) in FALL_BACKS for r in readings))


def fall_back(state: QotdState, resolution: Resolution) -> str:
    """Move the tokens of those whose result sends them back or to the nearest cover (:data:`FALL_BACKS`),
    facing the enemy; what happened ("" for nobody)."""
    words = []
    for reading in resolution.readings:
        how = FALL_BACKS.get((reading.chart, reading.outcome.title))
        key = reading.roller
        character = state.characters.get(key)
        if how is None or character is None or character.casualty or not character.in_action \
                or not placed(state, key) or state.vehicle_of(key) is not None:
            continue
        if reading.chart == "courage" and (resolution.kind == "fight" or character.opponents):
            continue
        enemy = enemy_of(state, key, resolution.target if key == resolution.actor else resolution.actor)
        if enemy:
            state.battlefield = battlefield(state).copy()
            words.append(take_cover(state, key, enemy, how))
    return " ".join(words)


def enemy_of(state: QotdState, key: str, named: str) -> str:
    """The enemy a character falls back from: the other side of the action (``named``: the one shot at or
    attacked, or the one who shot or attacked), else the nearest character of another player in the fight on
    the map ("" when there is none; see docs/rulings.md)."""
    if named != key and (named in state.characters or named in state.vehicles) and placed(state, named):
        return named
    here, owner = position(state, key), state.characters[key].owner
    foes = [(distance(here, position(state, k)), k) for k, c in state.characters.items()
            if c.owner != owner and c.in_action and not c.casualty and placed(state, k)]
    return min(foes)[1] if foes else ""


def take_cover(state: QotdState, key: str, enemy: str, how: FallBack) -> str:
    """Carry out a :class:`FallBack` on the map (a copy already in ``state``): duck down if already in cover
    from the enemy; else go towards the nearest place in cover from them that a straight path reaches, as far
    as the result allows; with none, fall back straight away from them (see docs/rulings.md)."""
    field, mover = state.battlefield, mover_of(state, key)
    start, threat = position(state, key), position(state, enemy)
    who, foe = name_of(state, key), name_of(state, enemy)
    if how.cover and (already := field.covered(threat, start)):
        return f"{who} is already {shelter_words(already, foe)}: ducks down."
    found = nearest_cover(field, start, threat, mover, how.back) if how.cover else None
    route = found[0] if found else field.going([start, away(field, start, threat, mover.move * 2)], mover)
    paces = how.paces or how.moves * route.allowance
    path = cut_path(route.path, min(paces, route.length))
    stop = path[-1]
    words = f"{who} {'falls back' if how.back else 'moves'} {distance(start, stop):.1f} paces to {field.label(stop)}"
    if found and distance(stop, route.path[-1]) <= EPSILON:
        words += f", {shelter_words(found[1], foe)}"
    elif found:
        words += f", towards cover at {field.label(route.path[-1])} ({shelter_words(found[1], foe)})"
    elif how.cover:
        words += f", straight away from {foe}: no cover within reach"
    return words + walk(state, field, key, path, facing=bearing(stop, threat)) + "."


def nearest_cover(field: Battlefield, start: Point, threat: Point, mover: Mover,
                  back: bool) -> tuple[Route, Sight] | None:
    """The straight path to the nearest place in cover from a threat (not nearer it when falling ``back``)
    within :data:`COVER_SOUGHT` moves that the mover can take, with the cover found there; None when there is
    none (see docs/rulings.md)."""
    spots = sorted(field.shelter(start, COVER_SOUGHT * mover.move), key=lambda p: distance(start, p))
    for spot in spots:
        if back and distance(spot, threat) < distance(start, threat) - EPSILON:
            continue
        sight = field.covered(threat, spot)
        if sight is None:
            continue
        try:
            return field.going([start, spot], mover), sight
        except RulesError:
            continue
    return None


def shelter_words(sight: Sight, foe: str) -> str:
    if sight.hidden:
        return f"out of {foe}'s sight ({sight.hidden})"
    return f"{sight.cover.value} from {foe}" + (f" ({sight.why})" if sight.why else "")


def bearing(a: Point, b: Point) -> int:
    """The facing, in whole degrees clockwise from north, of one at ``a`` looking at ``b``."""
    return round(math.degrees(math.atan2(b[0] - a[0], a[1] - b[1]))) % 360


def bolt_loose(state: QotdState, readings: Iterable[Reading]) -> str:
    """Put a mount whose rider was thrown on the map where the rider stands, and bolt it a full move (after
    the going's deductions) the way its Random Movement roll gives from the way the rider faced, stopped by a
    wall or the map's edge (2478-2479; see docs/rulings.md); what happened ("" for none)."""
    words = []
    for reading in readings:
        name = next((n for n in state.loose_mounts if bolts(n) == reading.label), None)
        if name is None or reading.chart != "random_movement" or not placed(state, reading.roller):
            continue
        field = battlefield(state).copy()
        rider = field.tokens[reading.roller]
        start = rider.at
        ahead = turned(start, (start[0] + math.sin(math.radians(rider.facing)),
                               start[1] - math.cos(math.radians(rider.facing))),
                       QUARTER_TURNS[reading.outcome.title], MOVES["mounted"])
        route = field.going([start, stopped(field, start, ahead)], Mover(MOVES["mounted"]))
        path = cut_path(route.path, min(route.allowance, route.length))
        field.place(Token(name, start, rider.facing, "mount"))
        walk(state, field, name, path)
        state.battlefield = field
        words.append(f"{name} bolts {reading.outcome.title.lower()}: {path_length(path):.1f} paces to "
                     f"{field.label(path[-1])}.")
    return " ".join(words)


def dismount(state: QotdState, rider: Character) -> str:
    """A rider dismounting on the map (a basic action, 809) leaves their mount loose where they stand; what
    happened ("" off the map or on foot)."""
    if rider.mount is None or not placed(state, rider.key):
        return ""
    field = battlefield(state).copy()
    token = field.tokens[rider.key]
    name = state.leave_mount(rider)
    field.place(Token(name, token.at, token.facing, "mount"))
    state.battlefield = field
    return f"{rider.name} dismounts: {name} stands at {field.label(token.at)}."


def remount(state: QotdState, rider: Character, kind: str) -> str:
    """A rider on the map mounting a loose mount of that kind within reach (2 paces, as base contact): it is
    theirs again, with the hits it has taken, and off the map as a token; its name ("" for none in reach)."""
    if not placed(state, rider.key):
        return ""
    field, here = battlefield(state), position(state, rider.key)
    near = sorted((distance(here, token.at), key) for key, token in field.tokens.items()
                  if key in state.loose_mounts and state.loose_mounts[key].kind == kind)
    if not near or near[0][0] > CONTACT + EPSILON:
        return ""
    name = near[0][1]
    rider.mount = state.loose_mounts.pop(name)
    rider.mount.bolting = False
    field = field.copy()
    del field.tokens[name]
    state.battlefield = field
    return name


def fallen_riders(state: QotdState) -> dict[str, Character]:
    """Riders who fell (a casualty, or KO'd) whose mount, still standing, is still theirs, by the name it takes
    once loose; one who fled took theirs with them."""
    return {f"{c.name}'s {c.mount.kind}": c for c in state.characters.values()
            if c.mount is not None and not c.mount.collapsed
            and (c.casualty or Condition.KNOCKED_OUT in c.conditions)}


def loose_names(state: QotdState) -> list[str]:
    """The mounts that may be placed as loose: the game's loose mounts and those of fallen riders."""
    return [*state.loose_mounts, *fallen_riders(state)]


def loose_mount(state: QotdState, text: str) -> str | None:
    """The loose mount ``text`` names (any case): one of the game's, or a fallen rider's, left loose now; None
    when it names none."""
    wanted = text.strip().casefold()
    found = next((name for name in state.loose_mounts if name.casefold() == wanted), None)
    rider = next((c for name, c in fallen_riders(state).items() if name.casefold() == wanted), None)
    return found or (state.leave_mount(rider) if rider else None)


def in_contact(state: QotdState, attacker: str, defender: str) -> int:
    """How many opponents the attacker fights on the map: those of other players within contact, the
    defender among them; refused when the defender is out of contact (see docs/rulings.md)."""
    field = battlefield(state)
    here, there = position(state, attacker), position(state, defender)
    if distance(here, there) > CONTACT + EPSILON:
        raise RulesError(words(Name(name_of(state, defender)), f" is {distance(here, there):.1f} paces from ",
                               Name(name_of(state, attacker)), f": close to within {CONTACT:g} paces first (",
                               Command("move to:"), ")."))
    owner = state.characters[attacker].owner
    foes = [key for key in field.near(here, CONTACT) if key in state.characters
            and state.characters[key].owner != owner and state.characters[key].in_action
            and not state.characters[key].casualty]
    return len(dict.fromkeys([defender, *foes]))


def positions(state: QotdState, keys: Iterable[str]) -> dict[str, str]:
    """Where each of those named stands on the map, as its square and paces, for the log."""
    field = state.battlefield
    found = {}
    for key in keys if field is not None else ():
        if placed(state, key):
            at = position(state, key)
            found[key] = f"{field.label(at)} ({at[0]:g},{at[1]:g})"
    return found


def name_of(state: QotdState, key: str) -> str:
    """A character's or vehicle's name; a loose mount's key is its name."""
    if key in state.characters:
        return state.characters[key].name
    return state.vehicles[key].name if key in state.vehicles else key
