"""Casting a shootist: die types, weapons, abilities, horse (see docs/rulings.md for the defaults the text lacks)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..core.actions import Story, action, begin
from ..core.errors import RulesError
from ..core.replay import Context
from ..core.ruleset import CastSpec
from .skills import ABILITIES, DEFAULT_DIE, SKILLS, die_name, parse_die
from .state import CHARACTER_TYPES, INDIAN, Gun, Horse, Shootist, ShootistState
from .turns import ByShootist
from .weapons import SPARE_LOADS, weapon

DEFAULT_WEAPONS = {"shootist": ("colt",), INDIAN: ("bow", "tomahawk")}
"""What a shootist carries when casting names nothing (see docs/rulings.md)."""

CAST_OPTIONS = {
    **{skill: f"{title} die: D4, D6, D8, D10 or D12 (default D{DEFAULT_DIE})" for skill, title in SKILLS.items()},
    "weapons": "Weapons carried, comma separated: Colt, Dragoon, Winchester, Shotgun, Knife, Bow, Spear, Tomahawk",
    "abilities": "Special abilities, comma separated: " + ", ".join(name for name, _ in ABILITIES.values()),
    "horse": "yes: he has a horse and starts mounted",
    "shield": "yes: he carries a shield",
    "belt": "Spare rounds of each ammunition his weapons take (default: two loads of each weapon)",
    "hidden": "yes: an Indian not yet noticed",
}
"""The casting fields of Shootist (``/shootist cast``), by name."""


def yes(options: Mapping[str, str], name: str) -> bool:
    value = options.get(name, "").strip().lower()
    if value not in ("", "yes", "no", "true", "false"):
        raise RulesError(f"{name}: answer yes or no.")
    return value in ("yes", "true")


def ability(text: str) -> str:
    wanted = text.strip().lower().replace(" ", "_")
    for key, (name, _) in ABILITIES.items():
        if wanted in (key, name.lower().replace(" ", "_")):
            return key
    raise RulesError(f"There is no special ability {text[:30]!r}: "
                     f"{', '.join(name for name, _ in ABILITIES.values())}.")


def listed(text: str) -> list[str]:
    return [item for item in (part.strip() for part in text.split(",")) if item]


def new_shootist(state: ShootistState, spec: CastSpec) -> Shootist:
    """A shootist as cast, checked against the tables; not yet in the game."""
    if spec.type not in CHARACTER_TYPES:
        raise RulesError(f"A Shootist character is a {' or an '.join(CHARACTER_TYPES.values())}.")
    unknown = set(spec.options) - set(CAST_OPTIONS)
    if unknown:
        raise RulesError(f"Shootist has no casting option {sorted(unknown)[0][:20]!r}.")
    if spec.key in state.characters:
        raise RulesError(f"There is already a shootist called {spec.name}.")
    options = spec.options
    dice = {skill: parse_die(options[skill]) if options.get(skill) else DEFAULT_DIE for skill in SKILLS}
    keys = [weapon(name).key for name in listed(options.get("weapons", ""))] or list(DEFAULT_WEAPONS[spec.type])
    guns = [Gun(key, loaded=weapon(key).shots) for key in keys]
    belt_text = options.get("belt", "").strip()
    if belt_text and not belt_text.isdigit():
        raise RulesError("belt: a number of rounds.")
    belt: dict[str, int] = {}
    for gun in guns:
        if gun.kind.ammo:
            spare = int(belt_text) if belt_text else SPARE_LOADS * gun.kind.shots + belt.get(gun.kind.ammo, 0)
            belt[gun.kind.ammo] = spare
    abilities = list(dict.fromkeys(ability(a) for a in listed(options.get("abilities", ""))))
    hidden = yes(options, "hidden")
    if hidden and spec.type != INDIAN:
        raise RulesError("Only Indians move unnoticed (SH 106).")
    return Shootist(spec.key, spec.name, spec.owner, spec.type, dice, guns, belt, abilities,
                    shield=yes(options, "shield"), horse=Horse() if yes(options, "horse") else None,
                    noticed=not hidden)


def describe(shootist: Shootist) -> str:
    """One line: die types, weapons, abilities."""
    dice = " ".join(f"{SKILLS[s]} {die_name(n)}" for s, n in shootist.dice.items())
    weapons = ", ".join(f"{g.kind.name}" + (f" {g.loaded}/{g.kind.shots}" if g.kind.ammo else "")
                        for g in shootist.weapons) or "unarmed"
    extras = [ABILITIES[a][0] for a in shootist.abilities] + (["shield"] if shootist.shield else []) + \
        (["horse"] if shootist.horse else [])
    return f"{dice}; {weapons}" + (f"; {', '.join(extras)}" if extras else "")


@dataclass
class DiceRequest(ByShootist):
    """Set a shootist's die types (the text gives none: they are the table's to choose)."""

    kind = "shootist-dice"
    dice: dict[str, int] = field(default_factory=dict)


@action(DiceRequest)
def set_dice(state: ShootistState, request: DiceRequest, ctx: Context) -> Story:
    shootist = state.shootist(request.shootist)
    story = begin(ctx, Story("dice", f"{shootist.name}'s die types", shootist.key))
    if not request.dice:
        raise RulesError("Name a die type to set.")
    for skill, sides in request.dice.items():
        if skill not in SKILLS:
            raise RulesError(f"There is no skill {skill[:20]!r}: {', '.join(SKILLS.values())}.")
        parse_die(str(sides))
    shootist.dice.update(request.dice)
    if shootist.draw_die >= shootist.dice["draw"]:
        shootist.draw_die = 0
    ctx.note(f"{shootist.name}: " + ", ".join(f"{SKILLS[s]} {die_name(n)}" for s, n in request.dice.items()) + ".")
    return story
