"""Quick on the Draw's cast in full, as data: a character's or vehicle's sheet (``/cast show``) and the cast list
(``/cast list``); the bot writes them as embeds (names in words, :mod:`bot.rules.core.words`)."""

from __future__ import annotations

from ..core.cards import SUIT_SYMBOLS
from ..core.ruleset import Listed, Sheet
from ..core.words import Name, joined, words
from .beasts import ANIMALS
from .board import weapon_words
from .dv import ARMOUR, VDV
from .state import Character, QotdState, Trait, Vehicle
from .traits import PERSONALITIES, SKILLS
from .vehicles import KINDS, aboard_text, full_move, vdv_text, vehicle_words
from .weapons import WEAPONS

VEHICLES = "Vehicles"
"""The cast list's section of vehicles."""


def cards_text(character: Character) -> str:
    """The character's cards, lost ones struck out and stunned ones in italics."""
    shown = []
    for card in character.cards:
        if card in character.lost:
            shown.append(f"~~{card}~~")
        elif card in character.stunned:
            shown.append(f"*{card}*")
        else:
            shown.append(str(card))
    return " ".join(shown) or "no cards"


def trait_text(trait: Trait) -> str:
    """A skill or trait as the book names it, with what it is about (a weapon by its name)."""
    name = SKILLS[trait.key].name
    if not trait.detail:
        return name
    subject = WEAPONS[trait.detail].name if trait.detail in WEAPONS else trait.detail
    return f"{name} ({subject})"


def kind_of(character: Character) -> str:
    """A beast's animal, or the character's type."""
    return ANIMALS[character.animal].name if character.is_beast else character.type.title


def character_sheet(character: Character) -> Sheet:
    """Everything about one character: cards, personality, skills and traits, weapons, armour, mount, state."""
    fields = [("Cards", cards_text(character), False)]
    if character.is_beast:
        animal = ANIMALS[character.animal]
        fields += [("Attack dice", str(character.attack_dice), True),
                   ("Top speed", f"{animal.speed_after(character.wounds)} paces", True),
                   ("Traits", ", ".join((PERSONALITIES.get(t) or SKILLS[t]).name for t in animal.traits) or "none",
                    True)]
    else:
        personality = PERSONALITIES[character.personality]
        traits = [(Name(trait_text(t)),) for t in character.traits]
        fields += [("Personality", f"{personality.name} — {personality.nickname}", False),
                   (f"Skills and traits ({len(traits)}/{character.type.row.max_traits})",
                    words(*joined(traits)) if traits else "none", False),
                   ("Weapons", ", ".join(weapon_words(w).text for w in character.weapons) or "none", True),
                   ("Armour", f"{character.armour} (DV {ARMOUR[character.armour]})"
                    + (" + shield" if character.shield else ""), True)]
    if character.mount:
        fields.append(("Mount", f"{character.mount.kind} ({character.mount.hits}/{character.mount.stamina} hits)",
                       True))
    if character.state_words:
        fields.append(("State", ", ".join(character.state_words), False))
    return Sheet(character.name, character.owner, kind_of(character), tuple(fields))


def vehicle_sheet(state: QotdState, vehicle: Vehicle) -> Sheet:
    """Everything about one vehicle: construction and VDV, speed, damage, and who is aboard."""
    kind = KINDS[vehicle.kind]
    team = f"{vehicle.team} horse{'s' * (vehicle.team != 1)}" if vehicle.team else "none"
    return Sheet(vehicle.name, vehicle.owner, kind.name, (
        ("Construction", vdv_text(vehicle), False),
        ("Move", f"{full_move(vehicle)} paces a turn (a {kind.name.lower()} moves {kind.move})", True),
        ("State", ", ".join(vehicle_words(vehicle)), True), ("Team", team, True),
        ("Aboard", words(Name(aboard_text(state, vehicle))), False)))


def cast_list(state: QotdState) -> list[Listed]:
    """Every character with their suit, cards and state; then every vehicle with its damage and who is aboard."""
    listed = [Listed(c.name, c.owner, kind_of(c), cards_text(c) + (f" — {', '.join(c.state_words)}"
                                                                     if c.state_words else ""),
                     SUIT_SYMBOLS.get(c.cards[0].suit, "") if c.cards else "", lead=": ")
              for c in state.characters.values()]
    listed += [Listed(v.name, v.owner, f"{KINDS[v.kind].name}, VDV {VDV[v.construction]}",
                      words(f"{', '.join(vehicle_words(v))} — ", Name(aboard_text(state, v))), section=VEHICLES,
                      lead=": ")
               for v in state.vehicles.values()]
    return listed
