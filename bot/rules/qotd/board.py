"""Quick on the Draw's status board as data (:class:`~..core.ruleset.Board`): one row a character with its cards,
state, weapons, mount and armour, then one row a vehicle with its VDV, speed, damage and who is aboard."""

from __future__ import annotations

from ..core.cards import Card
from ..core.pictures import Board, BoardRow, HeldCard, Phrase, Tone
from .dv import VDV
from .state import Carried, Character, QotdState, Vehicle, WeaponCondition
from .vehicles import KINDS, aboard_text, vehicle_words
from .weapons import WEAPONS, Reload

GRAVE = frozenset({"casualty", "passed out", "KO'd for the rest of the action", "Fled", "destroyed", "immobilized"})
"""State words that read as grave (red)."""


def weapon_words(carried: Carried) -> Phrase:
    """A weapon with its ammunition state: "Derringer 1/2", "Colt loaded", "Colt empty", "Colt jammed" (trouble).
    Shots are counted only where the rules count them: a revolving or repeating arm is reloaded when a 1 is
    thrown, not when its shots are spent (1462-1466), so it is loaded or not (ruling 582)."""
    weapon = WEAPONS[carried.weapon]
    if carried.condition is not WeaponCondition.READY:
        return Phrase(f"{weapon.name} {carried.condition.value}", Tone.TROUBLE)
    if not weapon.shots:
        return Phrase(weapon.name)
    if weapon.reload is Reload.ON_ONES and carried.loaded:
        return Phrase(f"{weapon.name} loaded")
    if not carried.loaded:
        return Phrase(f"{weapon.name} empty", Tone.TROUBLE)
    return Phrase(f"{weapon.name} {carried.loaded}/{weapon.shots}")


def gear(character: Character) -> tuple[Phrase, ...]:
    """Weapons, mount, armour and a beast's wounds."""
    phrases = [weapon_words(c) for c in character.weapons]
    if character.mount:
        mount = character.mount
        words = f"{mount.kind} {mount.hits}/{mount.stamina} hits"
        words += " collapsed" if mount.collapsed else " bolting" if mount.bolting else ""
        phrases.append(Phrase(words, Tone.TROUBLE if mount.collapsed or mount.bolting else Tone.PLAIN))
    if character.armour != "none":
        armour = character.armour
        phrases.append(Phrase(armour if "armour" in armour else f"{armour} armour"))
    if character.shield:
        phrases.append(Phrase("shield"))
    if character.is_beast:
        phrases.append(Phrase(f"{character.wounds} wounds, {character.attack_dice} attack dice"))
    return tuple(phrases) or (Phrase("unarmed", Tone.ASIDE),)


def suit_of(state: QotdState, character: Character) -> tuple[str, int]:
    """The suit (and pack) the character's cards come from."""
    if character.cards:
        return character.cards[0].suit, character.cards[0].pack
    seat = state.seats.get(character.owner)
    return seat.suits[0] if seat and seat.suits else ("spades", 1)


def luck_words(state: QotdState, character: Character) -> tuple[Phrase, ...]:
    """A Lucky character's re-rolls left this game (none left: trouble)."""
    if not character.has("lucky"):
        return ()
    left = max(0, state.settings.lucky_rerolls - character.lucky_used)
    return (Phrase(f"Lucky: {left} re-roll{'s' * (left != 1)} left", Tone.PLAIN if left else Tone.TROUBLE),)


def look_of(state: QotdState, character: Character, card: Card) -> str:
    """How the board shows one of the character's cards: lost, stunned, out of this phase (given up to Cut! or
    to respond), or plain."""
    if card in character.lost:
        return "lost"
    if card in character.stunned:
        return "stunned"
    return "out" if card in state.deck.out else "plain"


def character_row(state: QotdState, character: Character, acting: bool) -> BoardRow:
    """A character: suit, name, type, player, state and Lucky re-rolls left; weapons, mount and armour; the
    cards."""
    suit, pack = suit_of(state, character)
    looks = [HeldCard(card.code, look_of(state, character, card)) for card in character.cards]
    words = tuple(Phrase(w, Tone.GRAVE if w in GRAVE else Tone.PLAIN) for w in character.state_words)
    words += luck_words(state, character)
    return BoardRow(character.name, character.owner, words, (), character.casualty, character.key,
                    character.type.title, acting, tuple(looks), suit, pack, gear(character))


def vehicle_row(state: QotdState, vehicle: Vehicle) -> BoardRow:
    """A vehicle: a wheel, its name, kind, VDV, owner, speed and damage; who is aboard."""
    words = tuple(Phrase(w, Tone.GRAVE if w in GRAVE else Tone.TROUBLE if w.startswith("movement") else Tone.PLAIN)
                  for w in vehicle_words(vehicle))
    aboard = Phrase(aboard_text(state, vehicle), Tone.PLAIN if vehicle.aboard else Tone.ASIDE)
    return BoardRow(vehicle.name, vehicle.owner, words, key=vehicle.key,
                    kind=f"{KINDS[vehicle.kind].name}, VDV {VDV[vehicle.construction]}",
                    emblem="broken wheel" if vehicle.destroyed else "wheel", gear=(aboard,))


def board(state: QotdState) -> Board:
    """The phase and the card up; the characters, then the vehicles; how many cards are to come."""
    deck, acting = state.deck, state.acting
    title = f"Phase {deck.phase}" if deck.phase else "Before the first phase"
    if deck.current:
        title += f" — {deck.current} is up"
    rows = [character_row(state, c, c is acting) for c in state.characters.values()]
    rows += [vehicle_row(state, v) for v in state.vehicles.values()]
    return Board(title, rows, f"{len(deck.to_come)} cards to come" if deck.phase else "")
