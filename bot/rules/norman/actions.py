"""What players do in Mackenzie Norman's card gunfight: play cards for a figure (move, climb, Shoot, Aim,
throw Dynamite), answer an enemy's play in the Joker window, fight in contact with cards out of sight, look
at and Persuade a building's card, take Money, and choose skills for notches (MN = line of the text).

A card played is laid face up and waits on every opponent alike, whatever their hands (MN 73-78; see
docs/rulings.md): each answers "cancel" (laying a Joker face down) or "let it stand", and the answers are
shown together when the last is in. Every die is a D6 rolled through the context.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.rules.core.actions import Request, Story, action, begin
from bot.rules.core.cards import Card
from bot.rules.core.charts import Chart
from bot.rules.core.dice import Dice
from bot.rules.core.errors import RulesError
from bot.rules.core.replay import Context, Reading
from bot.rules.core.words import Code, Command, Name, joined, words

from .charts import COLUMN_NAMES, COVER, DEATH, DYNAMITE, FUSE, PERSUADE, PLUMMET, SHOOTING, SHOTGUN_COVER, \
    SHOTGUN_OPEN, TRUE_GRIT
from .state import CLIMB_RANKS, DEAD, FLED, IN_PLAY, MOVE_RANKS, SHOOT_RANKS, SHOT_DOWN, SKILLS, Building, \
    Contact, Figure, NormanState, Play, Shown, Window, value

D6 = Dice(1, sides=6)

SHOOT_CARDS = {"shotgun": 1, "rifle": 1, "pistol": 3, "pistols": 6}
"""MN 69-72: the Shoot cards a figure may play in one turn with each weapon (a rifle's Aim card apart)."""
CONTACT_CARDS = {"section": (3, 2), "table": (3, 1), "option": (2, 2)}
"""An attacker's Shoot cards in contact, with a pistol and without, by the setting (see docs/rulings.md)."""
DEFENCE_CARDS = 2
"""MN 153: "the enemy figure may play up to 2 Shoot cards (Ace/J/Q/K) back"."""
RANGES = {"pistol": 12, "pistols": 12, "rifle": 24}
"""MN 87-102: the longest shot of each gun (a Buffalo Hunter's rifle reaches 36", MN 252-253)."""


def card(code: str) -> Card:
    try:
        return Card.parse(code)
    except ValueError:
        raise RulesError(words(Name(repr(code)), " is not a card (write it as your hand shows it, ", Code("5♣"),
                               ", or as ", *joined((Code(code),) for code in ("5C", "10S", "KD", "RJ")),
                               ").")) from None


def signed(n: int) -> str:
    return f"{n:+d}"


def roll(ctx: Context, chart: Chart, roller: Figure, label: str, modifiers: list[tuple[str, int]] = (),
         unseen: int = 0) -> Reading:
    """A D6 plus its modifiers, read on ``chart``; ``unseen``, a modifier only a player who looked at a face-down
    card may know, counts but is neither shown nor logged."""
    modifiers = tuple((reason, n) for reason, n in modifiers if n)
    total = sum(n for _, n in modifiers) + unseen
    return ctx.roll(D6, label=label, roller=roller.key, dice_reason="a D6",
                    read=lambda rolled: Reading(label, roller.key, "a D6", rolled, chart.read(rolled.value + total),
                                                chart.key, adjustments=modifiers, base=rolled_on(rolled, modifiers)))


def rolled_on(rolled, modifiers) -> tuple[str, int] | None:
    """The die as rolled, which the modifiers change (shown with them), if any."""
    return ("rolled", rolled.value) if modifiers else None


def true_grit(state: NormanState, ctx: Context, target: Figure, by: Figure | None) -> None:
    """MN 162-203: the True Grit roll of a figure hit, and what it does (and a notch for the shooter)."""
    modifiers = (("True Grit", target.true_grit),) if target.true_grit else ()

    column = f"a D6, read in the {COLUMN_NAMES[target.column]} column"

    def read(rolled) -> Reading:
        _, outcome = TRUE_GRIT.read(rolled.value + target.true_grit, target.column)
        return Reading(f"True Grit of {target.name}", target.key, column, rolled, outcome, TRUE_GRIT.key,
                       adjustments=modifiers, base=rolled_on(rolled, modifiers))
    title = ctx.roll(D6, label=f"True Grit of {target.name}", roller=target.key, dice_reason=column,
                     read=read).outcome.title
    if title == "Flee":
        target.status = FLED
        ctx.note(f"{target.name} flees: out of the game, True Grit one lower for future games.")
    elif title == "Shot down":
        target.status = SHOT_DOWN
        ctx.note(f"{target.name} is Shot down" + (" on a balcony or roof." if target.high else "."))
        if by is not None and not by.ally and target.type != "horse":
            # MN 227-230: enemies count for notches, anyone else against; horses never.
            gain = 1 if state.enemies(by.owner, target.owner) else -1
            by.notches += gain
            ctx.note(f"{by.name} {'gains' if gain > 0 else 'loses'} a notch ({by.notches}).")
    elif title.startswith("Horse Killed"):
        target.horse, target.pinned = False, True
        ctx.note(f"{target.name}'s horse is killed; {target.name} is Pinned.")
    elif title == "Pinned":
        target.pinned = True
        ctx.note(f"{target.name} is Pinned.")


def acting_figure(state: NormanState, player: int, key: str) -> Figure:
    """The figure a player activates now: theirs, standing, in their turn, not activated before (MN 56)."""
    if state.over:
        raise RulesError("This gunfight is over.")
    if state.window or state.contact:
        raise RulesError("A play is still waiting for its answers.")
    if state.player != player:
        raise RulesError("It is not your turn.")
    if state.stopped:
        raise RulesError(words("A Joker ended your turn: ", Command("draw"), " to pass it on."))
    figure = state.figure(key)
    if figure.owner != player:
        raise RulesError(f"{figure.name} is not yours.")
    if not figure.standing:
        raise RulesError(f"{figure.name} is out of the game ({figure.status}).")
    if figure.activated and state.acting != key:
        raise RulesError(f"{figure.name} has already activated this turn: no figure activates more than once.")
    figure.activated = True
    state.acting = key
    state.seats[player].swaps = 0
    return figure


def from_hand(state: NormanState, player: int, codes: tuple[str, ...], ranks: frozenset[str], use: str) -> list[Card]:
    cards = [card(code) for code in codes]
    if len(set(cards)) != len(cards):
        raise RulesError("A card can be played once.")
    for each in cards:
        if each not in state.hand_of(player):
            raise RulesError(f"You do not hold the {each}.")
        if each.rank not in ranks:
            raise RulesError(f"The {each} is not a {use} card.")
    return cards


def story_of(ctx: Context, kind: str, headline: str, actor: str, target: str = "") -> Story:
    """The story of an action; ``kind`` in the text's words, the heading of its roll card."""
    return begin(ctx, Story(kind, headline, actor, target))


def listed(cards: list[Card]) -> str:
    return ", ".join(str(c) for c in cards)


@dataclass
class PlayRequest(Request):
    """Cards played face up for a figure: a move (with a climb), Shoot cards (with a rifle's Aim card), or a
    Dynamite throw (a Shoot card with a distance card)."""

    kind = "norman-play"
    title = "Cards played"
    player: int
    figure: str
    what: str
    """"move", "shoot" or "dynamite"."""
    cards: tuple[str, ...]
    climb: str = ""
    dismount: bool = False
    """A rider gets off the horse during the move (MN 85-86: "Move and climb / dismount" are one card)."""
    group: tuple[str, ...] = ()
    """Other figures in base contact moving with it (Group Move, MN 267-272): Movement alone this turn."""
    aim: str = ""
    distance: str = ""
    weapon: str = ""
    """"pistol", "pistols", "rifle" or "shotgun" for a shot."""
    targets: tuple[str, ...] = ()
    covered: tuple[str, ...] = ()
    """Figures in a shotgun's template that are behind cover."""
    range: int = 0
    """Inches to the target, as the table measures."""
    cover: int = 0
    """Pieces of cover between firer and target."""

    def involved(self) -> tuple[str, ...]:
        return (self.figure, *self.targets, *self.group)


def engaged(state: NormanState, figure: Figure) -> list[Figure]:
    """The enemies still standing in base contact with a figure (since their close combat)."""
    return [state.characters[key] for key in figure.contact
            if key in state.characters and state.characters[key].standing]


def check_move(state: NormanState, figure: Figure, request: PlayRequest) -> Play:
    """MN 57-66: one move card (2-6), and a climb card (7-10) taken during the move."""
    if figure.moved:
        raise RulesError(f"{figure.name} has already moved this turn.")
    if len(request.cards) != 1:
        raise RulesError("A move is one card, 2 to 6 (and a climb card, 7 to 10, if it climbs).")
    cards = from_hand(state, request.player, request.cards, MOVE_RANKS, "move")
    climb = from_hand(state, request.player, (request.climb,), CLIMB_RANKS, "climb")[0] if request.climb else None
    if request.dismount and not figure.horse:
        raise RulesError(f"{figure.name} is not on a horse.")
    group = [state.figure(key) for key in request.group]
    if group and (figure.shots or figure.thrown or climb or request.dismount):
        raise RulesError("A Group Move is Movement alone, for figures that have done nothing else this turn.")
    for member in group:
        if member.owner != request.player or not member.standing or member.activated or member is figure:
            raise RulesError(f"{member.name} cannot join this Group Move: yours, standing, not yet activated.")
    return Play(request.player, figure.key, "move", cards, climb=climb, dismount=request.dismount,
                group=[member.key for member in group])


def check_shot(state: NormanState, figure: Figure, request: PlayRequest) -> Play:
    """MN 67-72, 87-140, 286: Shoot cards within the weapon's limit and range, one weapon type a turn."""
    weapon = request.weapon
    if engaged(state, figure):
        raise RulesError(f"{figure.name} is in contact with an enemy: guns never fire in contact; move away first "
                         "(MN 154).")
    armed = {"pistol": figure.pistols >= 1, "pistols": figure.pistols >= 2, "rifle": figure.long == "rifle",
             "shotgun": figure.long == "shotgun"}
    if not armed.get(weapon):
        raise RulesError(f"{figure.name} has no {weapon or 'weapon named'} to shoot with.")
    if state.weapon and state.weapon != weapon:
        raise RulesError(f"You have shot with the {state.weapon} this turn: one weapon type a turn.")
    cards = from_hand(state, request.player, request.cards, SHOOT_RANKS, "Shoot")
    if not cards or figure.shots + len(cards) > SHOOT_CARDS[weapon]:
        raise RulesError(f"With the {weapon} a figure plays at most {SHOOT_CARDS[weapon]} Shoot cards a turn "
                         f"({figure.name} has played {figure.shots}).")
    aim = None
    if request.aim:
        if weapon != "rifle" or figure.horse or request.range <= 6:
            raise RulesError("Only a Rifle on foot Aims, with no enemy within 6\".")
        aim = from_hand(state, request.player, (request.aim,), SHOOT_RANKS, "Shoot")[0]
        if aim in cards:
            raise RulesError("A card can be played once.")
    for key in request.targets:
        if not state.figure(key).standing:
            raise RulesError(f"{state.figure(key).name} is out of the game.")
    if weapon == "shotgun":
        if not request.targets or not set(request.covered) <= set(request.targets):
            raise RulesError("Name every figure in the shotgun's template, and which of them are behind cover.")
    else:
        reach = 36 if weapon == "rifle" and figure.skill("Buffalo Hunter") else RANGES[weapon]
        if len(request.targets) != 1 or not 0 < request.range <= reach:
            raise RulesError(f"A {weapon} shoots at one figure up to {reach}\" away.")
    return Play(request.player, figure.key, "shoot", cards, aim=aim, weapon=weapon, targets=list(request.targets),
                covered=list(request.covered), range=request.range, cover=request.cover)


def check_throw(state: NormanState, figure: Figure, request: PlayRequest) -> Play:
    """MN 141-145: a Shoot card and, if required, a distance card (1-10) throw a stick 3" + the distance."""
    if figure.dynamite < 1:
        raise RulesError(f"{figure.name} has no Dynamite.")
    if figure.thrown:
        raise RulesError(f"{figure.name} has thrown Dynamite this turn.")
    if state.weapon and state.weapon != "dynamite":
        raise RulesError(f"You have shot with the {state.weapon} this turn: one weapon type a turn.")
    if len(request.cards) != 1:
        raise RulesError("A throw is one Shoot card (and a distance card, if required).")
    cards = from_hand(state, request.player, request.cards, SHOOT_RANKS, "Shoot")
    distance = None
    if request.distance:
        distance = from_hand(state, request.player, (request.distance,), MOVE_RANKS | CLIMB_RANKS | {"A"},
                             "distance")[0]
        if distance in cards:
            raise RulesError("A card can be played once.")
    for key in request.targets:
        state.figure(key)
    return Play(request.player, figure.key, "dynamite", cards, distance=distance, weapon="dynamite",
                targets=list(request.targets))


CHECKS = {"move": check_move, "shoot": check_shot, "dynamite": check_throw}


@action(PlayRequest)
def play(state: NormanState, request: PlayRequest, ctx: Context) -> Story:
    check = CHECKS.get(request.what)
    if check is None:
        raise RulesError("A play is a move, a shot or a Dynamite throw.")
    figure = acting_figure(state, request.player, request.figure)
    laid = check(state, figure, request)
    for each in laid.all_cards:
        state.take_from_hand(request.player, each)
    if laid.kind == "move":
        for member in [figure.key, *laid.group]:
            state.characters[member].activated = state.characters[member].moved = True
        if laid.group:
            state.acting = ""
    elif laid.kind == "shoot":
        figure.shots += len(laid.cards)
        state.weapon = laid.weapon
    else:
        figure.thrown = True
        state.weapon = "dynamite"
    words = {"move": "to move" + "".join(f" with {state.characters[key].name}" for key in laid.group) +
             (", climbing" if laid.climb else "") + (", dismounting" if laid.dismount else ""),
             "shoot": f"to shoot the {laid.weapon}" + (", aiming" if laid.aim else ""),
             "dynamite": "to throw Dynamite"}[laid.kind]
    story = story_of(ctx, "a play", f"{figure.name} plays {listed(laid.all_cards)} {words}", figure.key,
                     laid.targets[0] if laid.targets else "")
    state.shown += [Shown(each, figure.name) for each in laid.all_cards]
    state.plays += 1
    state.window = Window(laid, state.opponents(request.player), number=state.plays)
    if state.window.waiting:
        ctx.note("Every opponent answers: cancel it with a Joker, or let it stand.")
    else:
        close(state, ctx)
    return story


@dataclass
class AnswerRequest(Request):
    """An opponent's answer in the Joker window: the unit to cancel (1 ...), or 0 to let the play stand."""

    kind = "norman-answer"
    player: int
    cancel: int = 0

    def involved(self) -> tuple[str, ...]:
        return ()


@action(AnswerRequest)
def answer(state: NormanState, request: AnswerRequest, ctx: Context) -> Story:
    window = state.window
    if window is None:
        raise RulesError("No play is waiting for an answer.")
    if request.player not in window.waiting:
        raise RulesError("This play does not wait on you." if request.player not in window.answers
                         else "You have answered this play.")
    if not 0 <= request.cancel <= window.play.units:
        raise RulesError(f"This play has {window.play.units} card(s) a Joker may cancel.")
    if request.cancel:
        joker = next((c for c in state.hand_of(request.player) if c.is_joker), None)
        if joker is None:
            raise RulesError("You hold no Joker.")
        window.jokers[request.player] = state.take_from_hand(request.player, joker)
    window.answers[request.player] = request.cancel
    window.waiting.remove(request.player)
    figure = state.figure(window.play.figure)
    story = story_of(ctx, "the Joker window", f"An answer to {figure.name}'s play", figure.key)
    total = len(window.answers) + len(window.waiting)
    ctx.note(f"Answers in: {len(window.answers)} of {total}.")
    if not window.waiting:
        close(state, ctx)
    return story


def close(state: NormanState, ctx: Context) -> None:
    """The last answer is in (or the deadline passed): the Jokers show, and what stands is carried out."""
    window, state.window = state.window, None
    laid = window.play
    figure = state.figure(laid.figure)
    cancelled: set[int] = set()
    for player in sorted(window.jokers, key=list(window.answers).index):
        unit = window.answers[player]
        joker = window.jokers[player]
        if unit in cancelled:
            state.seats[player].hand.append(joker)
            continue
        cancelled.add(unit)
        state.deck.discard.append(joker)
        state.shown.append(Shown(joker, state.seats[player].suit.capitalize()))
        what = "the move" if laid.kind == "move" else "the throw" if laid.kind == "dynamite" else \
            f"Shoot card {unit} ({laid.cards[unit - 1]})" + (" and its Aim card" if laid.aim else "")
        ctx.note(f"A {state.seats[player].suit.capitalize()} Joker cancels {what}.")
    state.deck.discard.extend(laid.all_cards)
    if laid.kind == "move":
        move(state, ctx, figure, laid, bool(cancelled))
    elif laid.kind == "dynamite":
        if cancelled:
            ctx.note(f"{figure.name} still counts as having thrown.")
        else:
            throw(state, ctx, figure, laid)
    else:
        for unit, shot in enumerate(laid.cards, start=1):
            if unit not in cancelled:
                fire(state, ctx, figure, laid, shot)


def move(state: NormanState, ctx: Context, figure: Figure, laid: Play, cancelled: bool) -> None:
    """MN 57-66, 75-77: the move (half if Pinned), its climb; a Joker stops it en route and ends the turn.
    A Group Move (MN 267-272) moves every figure of the group at the speed of the slowest."""
    movers = [figure, *(state.characters[key] for key in laid.group)]
    names = " and ".join(mover.name for mover in movers)
    if cancelled:
        state.stopped = True
        ctx.note(f"{names} {'are' if laid.group else 'is'} stopped at any point en route, ending the player's "
                 "turn.")
        return
    pinned = any(mover.pinned for mover in movers)
    inches = value(laid.cards[0]) / (2 if pinned else 1)
    ctx.note(f"{names} move{'' if laid.group else 's'} up to {inches:g}\"" + (" (half: Pinned)" if pinned else "") +
             (", still in contact, at the speed of the slowest" if laid.group else "") + ".")
    for mover in movers:
        for enemy in engaged(state, mover):
            enemy.contact.remove(mover.key)
            ctx.note(f"{mover.name} moves away from {enemy.name}.")
        mover.contact = []
    if laid.dismount:
        figure.horse = False
        ctx.note(f"{figure.name} dismounts.")
    if laid.climb:
        figure.high = not figure.high
        ctx.note(f"{figure.name} climbs {'up onto a balcony or roof' if figure.high else 'down'} on the way.")


def fire(state: NormanState, ctx: Context, shooter: Figure, laid: Play, shot: Card) -> None:
    """One Shoot card: the shotgun's template (MN 105-132), or a bullet past the cover to the To Hit table."""
    if laid.weapon == "shotgun":
        for key in laid.targets:
            target = state.characters[key]
            chart = SHOTGUN_COVER if key in laid.covered else SHOTGUN_OPEN
            if target.standing and roll(ctx, chart, target, f"Shotgun blast at {target.name}").outcome.title == "Hit":
                true_grit(state, ctx, target, shooter)
        return
    target = state.characters[laid.targets[0]]
    if not target.standing:
        ctx.note(f"{target.name} is already out of the game: the {shot} is wasted.")
        return
    for piece in range(1, laid.cover + 1):
        if roll(ctx, COVER, shooter, f"Cover {piece} before {target.name}").outcome.title == "Stopped":
            return
    modifiers = [("Shooting", shooter.shoot), ("Shoot skill", shooter.skill("Shoot")),
                 ("Pinned", -shooter.pinned),
                 ("beyond 6\"", -(laid.weapon in ("pistol", "pistols") and laid.range > 6)),
                 ("Aim", int(laid.aim is not None)),
                 ("Sneak", -target.skill("Sneak") if laid.range > 12 else 0)]
    if roll(ctx, SHOOTING, shooter, f"{shooter.name} shoots at {target.name}", modifiers).outcome.title == "Hit":
        true_grit(state, ctx, target, shooter)


def throw(state: NormanState, ctx: Context, thrower: Figure, laid: Play) -> None:
    """MN 141-145, 133-136: thrown 3" + the distance card; the fuse; 4,5,6 on all in the burst, all Pinned."""
    thrower.dynamite -= 1
    reach = 3 + (value(laid.distance) if laid.distance else 0)
    ctx.note(f"{thrower.name} throws a stick of Dynamite {reach}\".")
    if roll(ctx, FUSE, thrower, "Dynamite fuse").outcome.title == "Dud":
        state.duds += 1
        ctx.note("A dud: it lies where it landed, to be picked up and used again.")
        return
    for key in laid.targets:
        target = state.characters[key]
        if not target.standing:
            continue
        target.pinned = True
        ctx.note(f"{target.name} is in the blast: Pinned.")
        if roll(ctx, DYNAMITE, target, f"Dynamite blast at {target.name}").outcome.title == "Hit":
            true_grit(state, ctx, target, thrower)


@dataclass
class ContactRequest(Request):
    """MN 146-159: a figure in base contact attacks with Shoot cards placed out of sight."""

    kind = "norman-contact"
    title = "Close combat"
    player: int
    figure: str
    target: str
    cards: tuple[str, ...]

    def involved(self) -> tuple[str, ...]:
        return (self.figure, self.target)


@action(ContactRequest)
def contact(state: NormanState, request: ContactRequest, ctx: Context) -> Story:
    figure = acting_figure(state, request.player, request.figure)
    target = state.figure(request.target)
    if not target.standing or not state.enemies(request.player, target.owner):
        raise RulesError(f"{target.name} is no enemy standing to fight.")
    if state.weapon and state.weapon != "hand to hand":
        raise RulesError(f"You have shot with the {state.weapon} this turn: one weapon type a turn.")
    if state.settings.contact == "none":
        raise RulesError("This gunfight is played without close combat (the Director's setting).")
    with_pistol, without = CONTACT_CARDS[state.settings.contact]
    limit = with_pistol if figure.pistols else without
    cards = from_hand(state, request.player, request.cards, SHOOT_RANKS, "Shoot")
    if not cards or figure.shots + len(cards) > limit:
        raise RulesError(f"In contact {figure.name} plays at most {limit} Shoot cards a turn.")
    for each in cards:
        state.take_from_hand(request.player, each)
    figure.shots += len(cards)
    state.weapon = "hand to hand"
    state.contact = Contact(figure.key, target.key, cards)
    story = story_of(ctx, "close combat", f"{figure.name} attacks {target.name} in contact with "
                     f"{len(cards)} card(s) out of sight", figure.key, target.key)
    ctx.note(f"{target.name} may play up to {DEFENCE_CARDS} Shoot cards back, out of sight.")
    return story


@dataclass
class DefendRequest(Request):
    """The defender's Shoot cards back (none, one or two), out of sight; then both sides reveal."""

    kind = "norman-defend"
    title = "Strike back"
    player: int
    cards: tuple[str, ...] = ()

    def involved(self) -> tuple[str, ...]:
        return ()


@action(DefendRequest)
def defend(state: NormanState, request: DefendRequest, ctx: Context) -> Story:
    fight = state.contact
    if fight is None:
        raise RulesError("No close combat waits for a defence.")
    defender = state.characters[fight.defender]
    if defender.owner != request.player:
        raise RulesError(f"{defender.name} is not yours to defend.")
    if len(request.cards) > DEFENCE_CARDS:
        raise RulesError(f"A defender plays at most {DEFENCE_CARDS} Shoot cards back.")
    cards = from_hand(state, request.player, request.cards, SHOOT_RANKS, "Shoot")
    for each in cards:
        state.take_from_hand(request.player, each)
    fight.defence = cards
    story = story_of(ctx, "close combat", f"{defender.name} answers in close combat", fight.attacker,
                     defender.key)
    strike(state, ctx)
    return story


def strike(state: NormanState, ctx: Context) -> None:
    """MN 155-161: both sides reveal at once; each Shoot card is a strike on the To Hit table (skills count),
    and every hit is rolled for True Grit, on both sides alike."""
    fight, state.contact = state.contact, None
    attacker, defender = state.characters[fight.attacker], state.characters[fight.defender]
    for one, other in ((attacker, defender), (defender, attacker)):
        if other.key not in one.contact:
            one.contact.append(other.key)
    state.shown += [Shown(each, attacker.name) for each in fight.attack] + \
        [Shown(each, defender.name) for each in fight.defence]
    ctx.note(f"Revealed: {attacker.name} {listed(fight.attack)}; {defender.name} "
             f"{listed(fight.defence) or 'nothing'}.")
    hits: list[tuple[Figure, Figure]] = []
    for striker, struck, cards in ((attacker, defender, fight.attack), (defender, attacker, fight.defence)):
        modifiers = [("Shooting", striker.shoot), ("Shoot skill", striker.skill("Shoot")),
                     ("Pinned", -striker.pinned)]
        for n, _ in enumerate(cards, start=1):
            if roll(ctx, SHOOTING, striker, f"{striker.name} strikes {struck.name} ({n})",
                    modifiers).outcome.title == "Hit":
                hits.append((striker, struck))
    for striker, struck in hits:
        if struck.standing:
            true_grit(state, ctx, struck, striker)
    state.deck.discard.extend(fight.attack + fight.defence)


def building(state: NormanState, name: str) -> Building:
    for each in state.town:
        if each.name.casefold() == name.casefold():
            return each
    raise RulesError(f"There is no building {name!r} in this town.")


@dataclass
class DoorRequest(Request):
    """A figure at a building's door: ``peek`` looks at its card, ``persuade`` tries to win the stock
    character over, ``take`` takes a Money card."""

    kind = "norman-door"
    title = "At the door"
    player: int
    figure: str
    building: str
    what: str

    def involved(self) -> tuple[str, ...]:
        return (self.figure,)


DOORS = {"peek": "looks at the card of", "persuade": "tries to Persuade whoever is in", "take": "searches"}
"""What a figure does at a building's door, as the channel reads it."""


@action(DoorRequest)
def door(state: NormanState, request: DoorRequest, ctx: Context) -> Story:
    """MN 212-213: at the door a figure looks at the card first. A player who has not looked, asking for what the
    card does not allow (Money Persuaded, anyone else taken), gets the look, as `/gunfight peek`, and nothing else:
    a refusal would tell them the card unlooked, their turn unspent, the table none the wiser (ruling 432)."""
    figure = acting_figure(state, request.player, request.figure)
    place = building(state, request.building)
    if place.card is None:
        raise RulesError(f"The {place.name} has no card left.")
    if request.what not in DOORS:
        raise RulesError("At a door a figure looks (peek), Persuades or takes Money.")
    if request.what == "persuade" and figure.type in ("horse", "dog"):
        raise RulesError("Obviously a Mangy Dog or Horse cannot Persuade.")
    what = request.what
    money = place.card.type == "money"
    if request.player not in place.seen_by:
        place.seen_by.append(request.player)
        if (what, money) in (("take", False), ("persuade", True)):
            what = "peek"
    story = story_of(ctx, "at the door", f"{figure.name} {DOORS[what]} the {place.name}", figure.key)
    if what == "take":
        if not money:
            raise RulesError(f"The card of the {place.name} is no Money card.")
        place.card = None
        figure.money += 1
        ctx.note(f"{figure.name} takes a Money card.")
    elif what == "persuade":
        if money:
            raise RulesError("Money cannot be Persuaded: take it.")
        persuade(state, ctx, figure, place)
    return story


def persuade(state: NormanState, ctx: Context, figure: Figure, place: Building) -> None:
    """MN 212-224: 6+ on a D6, with the Persuade skill, -1 for the opposite colour, +1 for the same suit."""
    stock = place.card
    red = ("hearts", "diamonds")
    colour = 0 if not stock.suit else 1 if stock.suit == figure.suit else \
        -1 if (stock.suit in red) != (figure.suit in red) else 0
    # the channel sees the die, the Persuade skill and the outcome; the card's colour counts unseen (ruling 431)
    skill = [("Persuade skill", figure.skill("Persuade"))]
    if roll(ctx, PERSUADE, figure, f"{figure.name} Persuades", skill, unseen=colour).outcome.title != "Persuaded":
        return
    key = stock.name
    while key in state.characters:
        key += "'"
    state.characters[key] = dataclasses.replace(stock, key=key, owner=figure.owner, ally=True)
    place.card = None
    ctx.note(f"{stock.name} joins {figure.name}'s side for this gunfight.")


@dataclass
class PickUpRequest(Request):
    """MN 144-145: a dud stick of Dynamite picked up to be used again."""

    kind = "norman-pickup"
    title = "Pick up"
    player: int
    figure: str

    def involved(self) -> tuple[str, ...]:
        return (self.figure,)


@action(PickUpRequest)
def pick_up(state: NormanState, request: PickUpRequest, ctx: Context) -> Story:
    figure = acting_figure(state, request.player, request.figure)
    if not state.duds:
        raise RulesError("No dud lies on the ground.")
    state.duds -= 1
    figure.dynamite += 1
    story = story_of(ctx, "Dynamite", f"{figure.name} picks up a dud stick of Dynamite", figure.key)
    return story


@dataclass
class SwapRequest(Request):
    """MN 248-250, Cheatin' rat: on being dealt cards, discard up to one and replace it."""

    kind = "norman-swap"
    title = "Cheatin' rat"
    player: int
    card: str

    def involved(self) -> tuple[str, ...]:
        return ()


@action(SwapRequest)
def swap(state: NormanState, request: SwapRequest, ctx: Context) -> Story:
    seat = state.seats.get(request.player)
    if seat is None or not seat.swaps:
        raise RulesError("Only a Cheatin' rat's player swaps a card, once dealt, before their first play.")
    dropped = state.take_from_hand(request.player, card(request.card))
    state.deck.discard.append(dropped)
    seat.hand.append(state.draw(ctx.rng, str(request.player)))
    seat.swaps -= 1
    return story_of(ctx, "Cheatin' rat", f"{seat.suit.capitalize()} discards the {dropped} and is dealt a card",
                    "")


@dataclass
class SkillRequest(Request):
    """MN 227-254: a skill for a main character's notches (one each 2), or for the gang's Money notches."""

    kind = "norman-skill"
    player: int
    figure: str
    skill: str

    def involved(self) -> tuple[str, ...]:
        return (self.figure,)


@action(SkillRequest)
def choose_skill(state: NormanState, request: SkillRequest, ctx: Context) -> Story:
    figure = state.figure(request.figure)
    if figure.owner != request.player or figure.ally:
        raise RulesError(f"{figure.name} is not one of your gang's main characters.")
    if figure.status == DEAD:
        raise RulesError(f"{figure.name} is dead, and the skills with them.")
    skill = next((s for s in SKILLS if s.casefold() == request.skill.casefold()), None)
    if skill is None:
        raise RulesError(f"The skills are {', '.join(SKILLS)}.")
    if figure.skill(skill) >= 2 or (skill == "True Grit" and figure.grit + figure.skill(skill) >= 2):
        raise RulesError(f"{figure.name} has as much {skill} as a figure may (MN 254: at most +2).")
    seat = state.seats[request.player]
    if figure.notches // 2 > figure.taken:
        figure.taken += 1
        paid = f"for {figure.name}'s notches"
    elif seat.money >= 2:
        seat.money -= 2
        paid = "for two notches of the gang's Money"
    else:
        raise RulesError(f"{figure.name} has no skill due: one for each 2 notches ({figure.notches} now).")
    figure.skills[skill] = figure.skill(skill) + 1
    story = story_of(ctx, "skills for kills", f"{figure.name} takes {skill} {paid}", figure.key)
    ctx.note(f"{figure.name}: {skill} +{figure.skill(skill)}.")
    return story


@dataclass
class AftermathRequest(Request):
    """MN 225-226: after a gunfight, each figure Shot down is rolled for; Allies go home; Money is counted."""

    kind = "norman-aftermath"

    def involved(self) -> tuple[str, ...]:
        return ()


@action(AftermathRequest)
def aftermath(state: NormanState, request: AftermathRequest, ctx: Context) -> Story:
    if state.over:
        raise RulesError("This gunfight's aftermath is done.")
    if state.window or state.contact:
        raise RulesError("A play is still waiting for its answers.")
    story = story_of(ctx, "after a gunfight", "After the gunfight", "")
    standing = {user: sum(f.standing for f in state.characters.values() if f.owner == user) for user in state.seats}
    left = sum(1 for place in state.town if place.card and place.card.type == "money")
    for figure in list(state.characters.values()):
        if figure.money and figure.standing:
            state.seats[figure.owner].money += figure.money * state.settings.money
            ctx.note(f"{figure.name} brings {figure.money} Money card(s) home.")
        else:
            left += figure.money
        figure.money = 0
        if figure.status == SHOT_DOWN and not figure.ally:
            chart = PLUMMET if figure.high else DEATH
            if roll(ctx, chart, figure, f"{figure.name}, Shot down").outcome.title == "Dead":
                figure.status, figure.skills, figure.taken = DEAD, {}, 0
                ctx.note(f"{figure.name} is dead and off to Boot Hill; the skills are lost.")
            else:
                figure.status = IN_PLAY
        elif figure.status == FLED:
            figure.grit = max(-2, figure.grit - 1)
            ctx.note(f"{figure.name} fled: True Grit {signed(figure.grit)} for future games.")
            figure.status = IN_PLAY
        if figure.ally:
            del state.characters[figure.key]
            ctx.note(f"{figure.name} returns to their own business.")
        figure.pinned = figure.high = False
    best = max(standing.values(), default=0)
    survivors = [user for user, n in standing.items() if n == best and n]
    if left and len(survivors) == 1:
        state.seats[survivors[0]].money += left * state.settings.money
        ctx.note(f"{state.seats[survivors[0]].suit.capitalize()} takes the {left} Money card(s) left on the "
                 "table.")
    state.over = True
    return story
