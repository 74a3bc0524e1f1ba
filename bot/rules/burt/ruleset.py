"""Steve Burt's Wild West Skirmish behind the ruleset interface (see :mod:`bot.rules.core.ruleset`).

``/deal`` shuffles a turn's deck, ``/draw`` turns its next card; a character's card gives him two actions,
STOP ends the turn, EVENT waits for the Director's event. The actions are the requests of :mod:`.firing`,
:mod:`.melee`, :mod:`.moves` and :mod:`.initiative`, kinds ``burt-*``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import ClassVar

from ..core.errors import RulesError
from ..core.results import Resolution
from ..core.words import Bold, Command, Name, Player, Words, joined, words
from ..core.pictures import Board, BoardRow, Picture
from ..core.ruleset import CastSpec, Ruleset, Step, Wait, deciding, register
from ..core.summary import Count, Summary, summarise
from . import firing, initiative, melee, moves, pictures
from .charts import CALIBRES, CHARTS, HITS_TAKEN, MELEE_WEAPONS, RANGES, Class
from .state import EVENT, STOP, BurtState, Gun, Gunman

REQUESTS = {request.kind: request for request in (
    firing.FireRequest, firing.AimRequest, firing.UnjamRequest, melee.FightRequest, melee.GetUpRequest,
    moves.ActRequest, moves.DifficultRequest, initiative.InitiativeRequest, initiative.ContestRequest,
    initiative.EventRequest)}
"""Every action of the ruleset by kind."""

DEFAULT_CALIBRE = {"derringer": ".22", "pistol": ".45", "carbine": ".45", "rifle": ".45", "shotgun": ""}
"""A gun's calibre when the player names none (see docs/rulings.md)."""
LONG_ARMS = ("carbine", "rifle", "shotgun")
"""Guns a character is cast holding; pistols and derringers start holstered (see docs/rulings.md)."""
YES, NO = ("yes", "y", "true", "1", "mounted"), ("no", "n", "false", "0", "", "on foot")

SETTINGS = {
    "points": "Initiative points each player gets (the text: 4)",
    "points_every_turn": "Points come back to full every turn (yes/no; off: 4 for the whole game)",
    "non_combatant_price": "Points a non-combatant's extra action costs (0: none)",
    "events": "The EVENT card waits for the Director's event (yes/no; off: it is turned past)",
}
"""The game settings a Director may change: what the text leaves open (see docs/rulings.md)."""


def parse_weapons(text: str) -> tuple[list[Gun], list[str]]:
    """Guns and hand-to-hand weapons from "pistol .45, rifle, knife"."""
    guns, melee_weapons = [], []
    for item in filter(None, (part.strip().lower() for part in text.split(","))):
        kind, _, calibre = item.partition(" ")
        calibre = calibre.strip()
        if kind in MELEE_WEAPONS and not calibre:
            melee_weapons.append(kind)
            continue
        if kind not in RANGES:
            raise RulesError(f"{item!r} is not a weapon of the text: derringer, pistol, carbine, rifle or shotgun "
                             "(with a calibre .22, .33 or .45), club or knife.")
        calibre = f".{calibre.lstrip('.')}" if calibre else DEFAULT_CALIBRE[kind]
        if kind == "shotgun" and calibre:
            raise RulesError("A shotgun has no calibre: its row of the Hits table is its range.")
        if kind != "shotgun" and calibre not in CALIBRES:
            raise RulesError(f"The Hits table knows the calibres .22, .33 and .45, not {calibre}.")
        guns.append(Gun(kind, calibre, drawn=kind in LONG_ARMS))
    return guns, melee_weapons


def face(state: BurtState, card: str) -> str:
    """What a card of the deck shows: its character's name, or STOP or EVENT."""
    return state.characters[card].name if card in state.characters else card


def yes_no(value: str, what: str) -> bool:
    value = value.strip().lower()
    if value in YES:
        return True
    if value in NO:
        return False
    raise RulesError(f"{what}: yes or no.")


COUNTS = (
    Count("shot fired", "shots fired", frozenset({"burt-fire"})),
    Count("hand-to-hand attack", "hand-to-hand attacks", frozenset({"burt-fight"})),
    Count("hit", "hits", frozenset({"burt-fire", "burt-fight"}), frozenset({"to_hit", "over_10", "hand_to_hand"}),
          frozenset({"Hit"})),
)
"""What the summary counts of each character: a FIRE action, an attack hand to hand, and each that hit."""


class Burt(Ruleset):
    """The ruleset."""

    key: ClassVar[str] = "burt"
    title: ClassVar[str] = "Steve Burt's Wild West Skirmish"
    group: ClassVar[str] = "burt"
    state_type: ClassVar[type] = BurtState
    character_types: ClassVar[dict[str, str]] = {c.name.lower(): c.value for c in Class}
    cast_options: ClassVar[dict[str, str]] = {
        "weapons": "Guns (derringer, pistol, carbine, rifle, shotgun; calibre .22/.33/.45) and club or knife, "
                   "by commas (default: pistol .45)",
        "mounted": "On horseback: yes or no (default: no)",
    }
    plain_cast = {"type": "gunslinger"}
    charts: ClassVar[dict] = CHARTS
    requests: ClassVar[dict] = REQUESTS
    settings: ClassVar[dict[str, str]] = SETTINGS

    def new_game(self) -> BurtState:
        return BurtState()

    def load(self, data: dict) -> BurtState:
        return BurtState.from_json(data)

    def cast(self, state: BurtState, spec: CastSpec, rng: random.Random) -> Gunman:
        try:
            kind = Class[spec.type.upper().replace("-", "_").replace(" ", "_")]
        except KeyError:
            raise RulesError("A character is a non-combatant, cowboy, lawman, desperado or gunslinger.") from None
        unknown = set(spec.options) - set(self.cast_options)
        if unknown:
            raise RulesError(f"Steve Burt's characters have no {', '.join(sorted(unknown))}.")
        guns, melee_weapons = parse_weapons(spec.options.get("weapons", "") or "pistol")
        mounted = yes_no(spec.options.get("mounted", ""), "Mounted")
        return state.add(Gunman(spec.key, spec.name, spec.owner, kind, guns, melee_weapons, mounted), rng)

    def remove(self, state: BurtState, key: str) -> Gunman:
        return state.remove(key)

    def join(self, state: BurtState, user: int, rng: random.Random) -> str:
        """A player joins with the game's initiative points (SB 133)."""
        return f"{state.seat(user).points} initiative points"

    def leave(self, state: BurtState, user: int) -> None:
        del state.seats[user]

    def configure(self, state: BurtState, name: str, value: str) -> str:
        """Change a game setting; returns it in words."""
        if name not in SETTINGS:
            raise RulesError(f"The settings are {', '.join(SETTINGS)}.")
        current = getattr(state.settings, name)
        if isinstance(current, bool):
            new: int | bool = yes_no(value, SETTINGS[name])
        else:
            try:
                new = int(value)
            except ValueError:
                raise RulesError(f"{SETTINGS[name]}: a number.") from None
            if not 0 <= new <= 20:
                raise RulesError(f"{SETTINGS[name]}: 0 to 20.")
        state.settings = dataclasses.replace(state.settings, **{name: new})
        return f"{SETTINGS[name]}: {'yes' if new is True else 'no' if new is False else new}."

    # -- the sequence ----------------------------------------------------------------------

    def turn(self, state: BurtState) -> int:
        return state.turn

    def deal(self, state: BurtState, rng: random.Random, again: bool = False) -> Step:
        """A new turn: every fighting character's card, STOP and EVENT, shuffled."""
        fighting = [c for c in state.characters.values() if c.fighting]
        if not fighting:
            raise RulesError("Nobody is left to fight: cast characters first.")
        state.shuffle(rng)
        lines = [f"The deck is shuffled: {len(fighting)} character card{'s' * (len(fighting) > 1)}, STOP and "
                 "EVENT."]
        if state.settings.points_every_turn:
            lines.append(f"Every player has {state.settings.points} initiative points again.")
        sides = {c.owner for c in fighting}
        if len(sides) == 1 and len({c.owner for c in state.characters.values()}) > 1:
            lines.append(words("Only ", Player(sides.pop()), "'s characters are still fighting: the Director may end "
                               "the game (", Command("game end"), ")."))
        return Step(self._title(state), lines)

    def advance(self, state: BurtState, rng: random.Random) -> Step:
        """Turn the next card, dealing a new turn first when this one is over."""
        lines: list[str | Words] = []
        if not state.turn or state.over:
            lines += self.deal(state, rng).lines
        faces = []
        while True:
            card = state.turn_card()
            if card == STOP:
                faces.append(STOP)
                waiting = [(Name(state.characters[k].name),) for k in state.to_come if k in state.characters]
                lines.append(words(Bold("STOP"), ": the turn ends.",
                                   *((" Not this turn: ", *joined(waiting), ".") if waiting else ())))
                return Step(f"Turn {state.turn} is over", lines, None, tuple(faces))
            if card == EVENT:
                faces.append(EVENT)
                if state.settings.events:
                    lines.append(words(Bold("EVENT"), ": draw a random event card. The text lists none: the Director "
                                       "says what happens (", Command("burt event"), "), or turns the next card (",
                                       Command("draw"), ")."))
                    return Step(self._title(state), lines, None, tuple(faces))
                lines.append(words(Bold("EVENT"), ": this game plays no events; the next card."))
                continue
            character = state.characters[card]
            faces.append(face(state, card))
            lines.append(words(Bold(Name(character.name)), " acts: two actions.",
                               *((" Stunned: they may only try to get up (", Command("burt getup"), ").")
                                 if character.stunned else ())))
            return Step(self._title(state), lines, card, tuple(faces))

    @staticmethod
    def _title(state: BurtState) -> str:
        return f"Turn {state.turn} — {len(state.to_come)} card{'s' * (len(state.to_come) != 1)} to come"

    def actor(self, state: BurtState, user: int) -> str:
        """The character whose card is up."""
        if state.acting not in state.characters:
            raise RulesError("No card is up: name the character who acts.")
        return state.acting

    def waiting_on(self, state: BurtState, director: int) -> Wait | None:
        """The owner of the character whose card is up, while it has actions left; else the Director, for the
        next card, the event or the next turn. None before the first turn."""
        if state.pending:
            return deciding(state)
        if not state.turn:
            return None
        if state.over:
            return Wait((director,), "next turn", asks=words("STOP has ended the turn: ", Command("draw"),
                                                             " deals the next."), then="the next turn is dealt")
        if state.event_due:
            return Wait((director,), "event", asks=words("The EVENT card is up: say what happens (",
                                                         Command("burt event"), "), or ", Command("draw"), " on."),
                        then="no event; the next card is turned")
        acting = state.characters.get(state.acting)
        if acting is not None and acting.actions:
            left = f"{acting.actions} action{'s' * (acting.actions != 1)}"
            return Wait((acting.owner,), "turn", acting.key,
                        asks=words(Bold(Name(acting.name)), f"'s card is up, {left} left: act (", Command("burt …"),
                                   "), or ", Command("draw"), " to end the turn."),
                        then=words(Name(acting.name), " does no more; the next card is turned"))
        return Wait((director,), "next card", asks=words(Command("draw"), " the next card."),
                    then="the next card is turned")

    def at_deadline(self, state: BurtState, wait: Wait, rng: random.Random, policy: str = "") -> Step:
        """The character does nothing more this card (an event untold is none); play moves on."""
        return self.advance(state, rng)

    def deck(self, state: BurtState) -> Step:
        """The turn so far: the cards turned in order, who is up, how many are still face down, and every
        player's initiative points."""
        if not state.turn:
            return Step(self.title, [words("No turn has been dealt yet: a Director starts with ", Command("deal"),
                                           ".")])
        faces = tuple(face(state, card) for card in state.turned)
        lines: list[str | Words] = [words("Turned: ", *joined((Name(face),) for face in faces), ".") if faces
                                    else "No card turned yet."]
        acting = state.characters.get(state.acting)
        if acting is not None:
            lines.append(words("Up: ", Bold(Name(acting.name)),
                               f", {acting.actions} action{'s' * (acting.actions != 1)} left."))
        if state.over:
            lines.append(words("STOP has ended the turn: the next ", Command("draw"), " deals the next."))
        if state.seats:
            lines.append(words("Initiative points: ", *joined((Player(user), f" {seat.points}")
                                                              for user, seat in state.seats.items()), "."))
        return Step(self._title(state) if not state.over else f"Turn {state.turn} is over", lines, faces=faces)

    # -- what the bot shows --------------------------------------------------------------------

    def board(self, state: BurtState) -> Board:
        rows = []
        for character in state.characters.values():
            badges = [("Hits", f"{character.hits}/{HITS_TAKEN}")]
            if character.actions or character.bought:
                badges.append(("Actions", str(character.actions + character.bought)))
            seat = state.seats.get(character.owner)
            badges.append(("Points", str(seat.points if seat else state.settings.points)))
            words = [*character.state_words, *(f"{gun.title} {gun.state_word}" for gun in character.guns),
                     *character.melee]
            rows.append(BoardRow(character.name, character.owner, tuple(words), tuple(badges), bool(character.out),
                                 character.key, character.type.value, character.key == state.acting))
        turned = ", ".join(face(state, card) for card in state.turned)
        parts = [f"{len(state.to_come)} to come" if state.turn and not state.over else "",
                 f"turned {turned}" if turned else "", f"last event: {state.events[-1]}" if state.events else ""]
        return Board(f"Turn {state.turn}" if state.turn else "Before the first turn", rows,
                     " · ".join(filter(None, parts)))

    def picture_of_step(self, state: BurtState, step: Step) -> Picture | None:
        return pictures.step_picture(step)

    def picture_of_roll(self, resolution: Resolution) -> Picture:
        return pictures.roll_picture(resolution)

    def gallery(self) -> dict[str, Picture]:
        from .samples import gallery
        return gallery(self)

    def summary(self, state: BurtState, resolutions: Sequence[Resolution]) -> Summary:
        """Who is dead or overpowered (SB 341, 439-441); each character's shots fired, hand-to-hand attacks and
        hits (SB 155, 323-329, 395)."""
        return summarise(state.characters, resolutions, COUNTS, lambda gunman: gunman.out,
                         fallen_title="Dead or overpowered", nobody_fell="Nobody: everyone walks away.",
                         nobody_did="Nobody fired or fought.")

    def help(self) -> Words:
        return HELP


HELP = words(
    Bold("Steve Burt's Wild West Skirmish"), " — a deck of one card per character, plus STOP and EVENT.\n• ",
    Command("deal"), " shuffles a turn's deck; ", Command("draw"), " turns the next card. A character's card gives "
    "them ", Bold("two actions"), "; ", Bold("STOP"), " ends the turn (the cards left do not act); ", Bold("EVENT"),
    ": the Director says what happens (", Command("burt event"), ").\n• Single actions: walk, crawl, trot, stand, lie, "
    "draw, holster (", Command("burt act"), "), aim (", Command("burt aim"), "), fire (", Command("burt fire"),
    "), unjam (", Command("burt unjam"), "), punch, kick, club, knife (", Command("burt fight"), "). Double actions: "
    "run, sprint, canter, gallop, mount, dismount, other (", Command("burt act"), "), grapple (", Command("burt fight"),
    ").\n• Each player has 4 initiative points: ", Command("burt initiative"), " buys an extra single action at any "
    "time (gunslinger 1, desperado or lawman 2, cowboy 4). Two players at once: ", Command("burt contest"), ".\n• ",
    Command("burt fire"), ": a d10 plus the shooting skill and every modifier against the range band (3/5/7/9); a 1 "
    "jams; past 10, a 10 then the second die. A hit rolls the calibre's row of the Hits table (4 hits and they are "
    "dead), then a d6 for shock. A stunned character tries ", Command("burt getup"), "; sprinting and galloping are "
    "difficult actions (", Command("burt difficult"), " for the others).")

BURT = register(Burt())
