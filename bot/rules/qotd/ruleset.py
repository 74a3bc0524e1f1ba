"""Quick on the Draw behind the ruleset interface (see :mod:`bot.rules.core.ruleset`).

The bot plays Quick on the Draw through its own commands and pictures (the pack, seals, holding, the
status board with cards): this object gives the rest of the bot what every ruleset gives, whom the game
waits on above all, and turns the pack as ``/draw`` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.cards import SUIT_SYMBOLS, Card
from ..core.dice import Luck
from ..core.errors import RulesError
from ..core.fair import Hidden
from ..core.replay import Reading
from ..core.words import Bold, Command, Name, Words, joined, words
from ..core.pictures import Board, Picture, Scene
from ..core.ruleset import HOLD, CastSpec, Listed, Ruleset, Sheet, Step, Wait, deciding, register
from .battlefield import Battlefield
from .board import board
from .on_the_map import bolt_loose, carry_out_plan, fall_back, falls_short, flee, moves_on_map, positions
from .pictures import scene, step_picture
from .campaign import Adventures
from .casting import CharacterType
from .checks import take_hold
from .dv import dv_line
from .charts import CHARTS, GRIDS
from .readings import OPTIONS, change_settings, settings_shown
from .results import Resolution
from .sets import read_json, renamed, terrain_only
from .sheets import cast_list, character_sheet, vehicle_sheet
from .state import Character, Condition, QotdState, Seat, Vehicle
from .summary import Summary, summary
from .traits import PERSONALITIES

TURN, LAST_CARD, HELD, NEXT_PHASE = "turn", "last card", "held", "next phase"
"""What a game of Quick on the Draw waits for, besides a roll's decision (see :meth:`QuickOnTheDraw.waiting_on`)."""
DEADLINE_OUTCOMES = {TURN: "does not act: the turn passes.", LAST_CARD: "does not act: the phase is over.",
                     HELD: "the next card is turned.", NEXT_PHASE: "the next phase is dealt."}
"""What a deadline does for each wait, before it turns the next card (a turn's character may hold first)."""
HOW_A_GAME_RUNS = words(
    Bold("1."), " A Director types ", Command("game start"), " in a channel or thread: it becomes the set.\n",
    Bold("2."), " Players ", Command("game join"), " (each gets a suit) and ", Command("cast add"),
    " their characters, then arm them with ", Command("cast weapon"), ", ", Command("cast skill"), ", ",
    Command("cast armour"), " and ", Command("cast mount"), ".\n",
    Bold("3."), " The Director ", Command("deal"), "s a phase. ", Command("draw"),
    " turns the next card: its character acts, and its player is pinged.\n",
    Bold("4."), " The player acts: ", Command("shoot"), ", ", Command("fight"), ", ", Command("move"), ", ",
    Command("test"), " a chart ... The bot rolls, reads the rulebook's charts and shows every die. Where the book "
    "allows a re-roll, the player gets buttons. Off their card, a character only responds, acts from hold or takes a "
    "test the situation calls for: anything else out of turn is the Director's call.\n",
    Bold("On a map"), " (", Command("map set"), " a ready set, or ", Command("map new"), "), ", Command("place"),
    " everyone: ", Command("shoot"), " and ", Command("move to:"), " then read the range, the cover and the going "
    "from it; a flight, a fall back or a dash for cover moves the token; a thrown rider's horse bolts, and a Director ",
    Command("place"), "s loose mounts.\n",
    Bold("5."), " ", Command("status"), " shows the cast, ", Command("log recent"), " what happened; a Director can ",
    Command("undo"), ". Games keep for days: the bot reminds whoever it waits on.")
"""How a game runs in a channel, step by step, for ``/help``."""
TYPES = {"hero": CharacterType.HERO, "main": CharacterType.MAIN, "supporting": CharacterType.SUPPORTING,
         "minor": CharacterType.MINOR}
"""``/cast add type:``, by the word a player types."""


def seat_text(seat: Seat) -> str:
    """"♥ hearts" (and the pack, past the first)."""
    return ", ".join(f"{SUIT_SYMBOLS[suit]} {suit}" + (f" (pack {pack})" if pack > 1 else "")
                     for suit, pack in seat.suits)


def passed_mark(holder: Character) -> str:
    """The end of the line for a holder's card that passes: a joker's mark on it passes with it (see
    docs/rulings.md)."""
    luck, holder.luck = holder.luck, None
    if luck is None:
        return "."
    return f", and the {'red' if luck is Luck.RED else 'black'} joker's mark with it: it marked this card."


def card_line(character: Character | None, card_text: str) -> Words:
    """"K♥ — Doc Holliday acts" with the joker mark, if any; "K♥ — Doc Holliday is holding" once they hold."""
    if character is None:
        return words(card_text)
    if Condition.HOLDING in character.conditions:
        return words(card_text, " — ", Bold(Name(character.name)), " is holding")
    mark = "" if character.luck is None else (" — red joker: their first roll counts as a 10"
                                              if character.luck.value == 10 else
                                              " — black joker: their first roll counts as a 1")
    return words(card_text, " — ", Bold(Name(character.name)), " acts" + mark)


def turn(state: QotdState) -> tuple[list[Words], Character | None]:
    """Turn cards until one gives a character a turn (a joker marks the next; a holder's card passes)."""
    lines: list[Words] = []
    while state.deck.to_come:
        card, character = state.turn()
        if card.is_joker:
            lines.append(words(Bold(str(card)), " — the next card is marked "
                               + ("for good luck (as a 10)." if card.is_red else "for a mishap (as a 1).")))
            continue
        if character is not None and Condition.HOLDING in character.conditions:
            lines.append(words(f"{card} — ", Name(character.name), " is holding; the card passes"
                               + passed_mark(character)))
            continue
        lines.append(card_line(character, str(card)))
        return lines, character
    return lines, None


def phase_summary(state: QotdState) -> Words:
    """What the phase came to: how many cards were turned, the jokers, who is down."""
    deck = state.deck
    down = joined((Name(c.name),) for c in state.characters.values() if c.casualty)
    said = f"Phase {deck.phase} ends: {len(deck.turned)} cards turned"
    if deck.jokers_seen:
        said += "; " + " and ".join(str(j) for j in deck.jokers_seen) + " seen"
    return words(said, *(("; down: ", *down) if down else ()), ". The next ", Command("draw"),
                 " shuffles the next phase.")


def shuffled(state: QotdState) -> str:
    return f"Phase {state.deck.phase}: the pack of {len(state.deck.to_come)} cards is shuffled."


def turn_on(state: QotdState, shuffle: random.Random | None) -> tuple[list[str], tuple[Card, ...], Character | None]:
    """Turn on to the next card as `/draw` does: a spent pack is shuffled for the next phase first (with
    ``shuffle``: the bot deals under a new seal, and passes None once it has), and the phase's end is said
    when its last card is turned. Returns the lines, the cards turned and who acts now."""
    lines = []
    if state.deck.spent and shuffle is not None:
        state.shuffle(shuffle)
        lines.append(shuffled(state))
    turned, character = turn(state)
    lines += turned
    if state.deck.spent:
        lines.append(phase_summary(state))
    return lines, tuple(state.deck.turned[len(state.deck.turned) - len(turned):]), character


class QuickOnTheDraw(Adventures, Ruleset):
    """Quick on the Draw, the bot's first game: its verbs are top-level commands."""

    key = "qotd"
    title = "Quick on the Draw"
    group = ""
    state_type = QotdState
    character_types = {word: kind.title for word, kind in TYPES.items()}
    cast_options = {"personality": "One personality from the rulebook"}
    plain_cast = {"type": "supporting", "personality": "ordinary"}
    charts = {**CHARTS, **GRIDS}
    turn_name = "Phase"
    bands = True
    holding = True
    settings_options = OPTIONS

    others_called = "vehicle"

    def others(self, state: QotdState) -> dict[str, Vehicle]:
        return state.vehicles

    def remove_other(self, state: QotdState, key: str) -> Vehicle:
        return state.remove_vehicle(key)

    def actor(self, state: QotdState, user: int) -> str:
        """The character whose card is up."""
        if state.acting is None:
            raise RulesError("No card is up: name the character who acts.")
        return state.acting.key

    def seated(self, state: QotdState, user: int) -> str:
        return seat_text(state.seats[user])

    def sheet(self, state: QotdState, key: str) -> Sheet:
        if key in state.vehicles:
            return vehicle_sheet(state, state.vehicles[key])
        return character_sheet(state.characters[key])

    def cast_list(self, state: QotdState) -> list[Listed]:
        return cast_list(state)

    def column_line(self, reading: Reading) -> str:
        """The DV (or VDV) the effect chart's column was read at, adding up."""
        return dv_line(reading)

    def settings(self, state: QotdState) -> list[tuple[str, str]]:
        return settings_shown(state)

    def change_settings(self, state: QotdState, chosen: Mapping[str, Any]) -> str:
        return change_settings(state, chosen)

    def new_game(self) -> QotdState:
        return QotdState()

    def turn(self, state: QotdState) -> int:
        return state.deck.phase

    def hidden(self, state: QotdState) -> dict[str, Hidden]:
        """The phase's cards to come."""
        return {"pack": Hidden([card.code for card in state.deck.to_come])}

    def load(self, data: dict) -> QotdState:
        return QotdState.from_json(data)

    def cast(self, state: QotdState, spec: CastSpec, rng: random.Random) -> Character:
        personality = spec.options.get("personality", "")
        if personality not in PERSONALITIES:
            raise RulesError("A character of Quick on the Draw needs a personality from the rulebook.")
        return state.add(Character(spec.key, spec.name, spec.owner, TYPES[spec.type], personality), rng)

    def remove(self, state: QotdState, key: str) -> Character:
        return state.remove(key)

    def join(self, state: QotdState, user: int, rng: random.Random) -> str:
        """The player gets the next free suit."""
        return seat_text(state.seat(user))

    def deal(self, state: QotdState, rng: random.Random, again: bool = False) -> Step:
        """Shuffle every active character's cards and both jokers: a new phase (``again``: although cards of this
        one are still to come)."""
        if not any(c.in_action and c.available for c in state.characters.values()):
            raise RulesError(words("Nobody in the cast has a card to play: ", Command("cast add"), " someone first."))
        deck = state.deck
        if deck.to_come and not deck.spent and not again:
            raise RulesError(words(f"Phase {deck.phase} still has {len(deck.to_come)} cards to come. Use ",
                                   Command("deal again:True"), " to reshuffle anyway."))
        state.shuffle(rng)
        return Step(f"Phase {state.deck.phase}", [words(shuffled(state), " ", Command("draw"),
                                                        " turns the first card.")])

    def advance(self, state: QotdState, rng: random.Random) -> Step:
        """Turn the next card (a spent pack is shuffled for the next phase first, under its own seal)."""
        if state.deck.phase == 0:
            raise RulesError(words("No phase has been dealt yet: a Director starts with ", Command("deal"), "."))
        lines, cards, character = turn_on(state, rng)
        return Step(f"Phase {state.deck.phase} — {len(state.deck.to_come)} to come", lines,
                    character.key if character else None, tuple(card.code for card in cards))

    def waiting_on(self, state: QotdState, director: int) -> Wait | None:
        """The owner of a roll waiting for its re-roll decision; else the owner of the character whose card is
        up; else, when the phase's pack is spent and its last card acts no more (its character holds, or it
        was a holder's card that passed), the Director. None before the first phase. At the deadline the next
        card is turned (the next phase dealt if the pack is spent); the bot's own deadline may have a
        character whose card is up hold first (``/game settings deadline_action:``)."""
        if state.pending:
            return deciding(state)
        acting, phase = state.acting, state.deck.phase
        holding = acting is not None and Condition.HOLDING in acting.conditions
        if state.deck.spent and (acting is None or holding):
            return Wait((director,), NEXT_PHASE, asks=words(f"phase {phase} is over: ", Command("draw"),
                                                            " deals the next one."),
                        then="the next phase is dealt")
        if acting is None:
            return None
        name = Bold(Name(acting.name))
        if holding:
            return Wait((acting.owner,), HELD, acting.key, words(name, " holds on their card: ", Command("draw"),
                                                                 " turns the next one."), "the next card is turned")
        if state.deck.spent:
            return Wait((acting.owner,), LAST_CARD, acting.key,
                        words(name, f"'s card, the last of phase {phase}, is up. Act, or ", Command("hold"),
                              "; a Director then deals the next phase with ", Command("draw"), "."),
                        "the next phase is dealt", draws=False)
        return Wait((acting.owner,), TURN, acting.key, words(name, "'s card is up. Act, ", Command("hold"), ", or ",
                                                             Command("draw"), " the next card."),
                    "the turn passes", words(name, " holds"))

    def at_deadline(self, state: QotdState, wait: Wait, rng: random.Random, policy: str = "") -> Step:
        """The character whose card is up holds, if the game's deadline says so (``policy``) and the rules let
        them; else their turn passes. Then the next card is turned, the next phase dealt first if the pack is
        spent."""
        outcome = DEADLINE_OUTCOMES[wait.reason]
        if wait.reason == TURN and policy == HOLD:
            try:
                take_hold(state.characters[wait.character])
                outcome = "holds."
            except RulesError as refusal:
                outcome = f"cannot hold ({refusal}): the turn passes."
        step = self.advance(state, rng)
        step.outcome = outcome
        return step

    def placed(self, before: dict, state: QotdState) -> list[str]:
        """The cards to come that were in no pile of the phase's deck before: shuffled in (a beast let loose)."""
        deck = before.get("deck", {})
        if not deck or state.deck.phase != deck.get("phase", 0):
            return []
        piles = {code for pile in ("to_come", "turned", "out") for code in deck.get(pile, ())}
        return [card.code for card in state.deck.to_come if card.code not in piles]

    def deck(self, state: QotdState) -> Step:
        """The cards turned this phase, the card up, how many remain, the jokers seen, the cards taken out."""
        deck = state.deck
        if deck.phase == 0:
            raise RulesError("No phase has been dealt yet.")
        jokers = len(deck.jokers_seen)
        cards = len(deck.turned) - jokers
        lines = [f"{cards} card{'s' * (cards != 1)} turned" + (f" and {jokers} joker{'s' * (jokers > 1)}" if jokers
                                                                 else "") + f", {len(deck.to_come)} to come."]
        if state.acting:
            lines.append(card_line(state.acting, str(deck.current)))
        if deck.jokers_seen:
            lines.append("Jokers seen: " + ", ".join(map(str, deck.jokers_seen)))
        if deck.out:
            lines.append("Taken out this phase: " + ", ".join(map(str, deck.out)))
        return Step(f"Phase {deck.phase}", lines)

    def board(self, state: QotdState) -> Board:
        return board(state)

    def picture_of_step(self, state: QotdState, step: Step) -> Picture | None:
        return step_picture(state, step)

    def gallery(self) -> dict[str, Picture]:
        from .samples import gallery
        return gallery(self)

    def field(self, state: QotdState) -> Battlefield | None:
        return state.battlefield

    def positions(self, state: QotdState, keys: tuple[str, ...]) -> dict[str, Any]:
        return positions(state, keys) if state.battlefield else {}

    def after_roll(self, state: QotdState, resolution: Resolution) -> str:
        """A planned move carried out, dynamite that fell short landed, those whose courage broke fled, those
        whose result sends them back or to the nearest cover moved, the mount of a rider thrown bolted."""
        if not self.moves_after(state, resolution):
            return ""
        readings = resolution.readings
        done = (carry_out_plan(state, readings), falls_short(state, resolution.actor, resolution.target, readings),
                flee(state, resolution.actor, readings), fall_back(state, resolution), bolt_loose(state, readings))
        return " ".join(filter(None, done))

    def moves_after(self, state: QotdState, resolution: Resolution) -> bool:
        return resolution.decision is None and moves_on_map(state, resolution.readings)

    def shot_words(self, state: QotdState) -> str:
        return f"Line of fire: {state.battlefield.last_shot.words}."

    def scene(self, state: QotdState) -> Scene:
        return scene(state)

    def lay_out(self, state: QotdState, field: Battlefield | None) -> None:
        state.battlefield = field

    def planned(self, state: QotdState) -> bool:
        return state.battlefield is not None and state.battlefield.plan is not None

    def legend(self, field: Battlefield) -> tuple[str, Words]:
        return field.name, words(f"{field.width}×{field.height} paces, squares of {field.step}: place with ",
                                 Command("place at:C7"))

    def read_map(self, data: object, clean: Callable[[str, str], str]) -> Battlefield:
        return renamed(read_json(data), clean)

    def next_set(self, state: QotdState) -> Battlefield | None:
        """The last adventure's set, its terrain only (see docs/rulings.md)."""
        return terrain_only(state.battlefield) if state.battlefield is not None else None

    def played(self, state: QotdState) -> str:
        phases = state.deck.phase
        return f" after {phases} phase{'s' * (phases != 1)}"

    def summary(self, state: QotdState, resolutions: Sequence[Resolution]) -> Summary:
        """Who went down, and each character's shots, fights, hits and cards lost."""
        return summary(state, resolutions)

    def help(self) -> Words:
        return words("Each character has cards from their player's suit; ", Command("draw"), " turns the next card "
                     "of the pack and its character acts: ", *joined((Command(action),)
                                                                     for action in ("shoot", "fight", "move", "test")),
                     " a chart, or ", Command("hold"), ".")

    def how_a_game_runs(self) -> Words:
        return HOW_A_GAME_RUNS


QOTD = register(QuickOnTheDraw())
