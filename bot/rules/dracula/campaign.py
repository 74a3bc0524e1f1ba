"""A posse's models kept across the games of a campaign. The text has Ranks (DA 5-9), Skills (DA 181-209) and
Lasting Injuries "from now on" (DA 211-217), but no rule for gaining any of them: the roster keeps a model as it
was cast, and the campaign's Director amends it between games (see docs/rulings.md)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.rules.core import serial
from bot.rules.core.errors import RulesError
from bot.rules.core.ruleset import Campaign, CastSpec, Enlisted, Homecoming, Standing

from .charts import GRIT, INJURIES, RANKS, SKILLS, listed
from .state import DraculaState, Gun, Model

NONE = "none"
"""Typed for a list, it empties it: "skills: none"."""


def enlist(model: Model) -> dict:
    """A model as the roster keeps it: Rank, Boss, Weapons, Skills and Lasting Injuries. What the game did to it
    (Shaken, Downed, Done, Lookout, Jammed Tokens) stays in the game."""
    if model.npc:
        raise RulesError(f"{model.name} is an NPC: NPCs belong to no posse's roster.")
    return serial.to_json(Model(model.key, model.name, model.owner, model.rank, model.rank, model.boss,
                                [Gun(gun.weapon) for gun in model.weapons], list(model.skills), list(model.injuries)))


def kept(data: dict) -> Model:
    """A roster model, as stored."""
    return serial.from_json(Model, data)


def cast_options(model: Model) -> dict[str, str]:
    """The ``/dracula cast`` options that cast the roster model again, as the ruleset checks them."""
    options = {"weapons": ", ".join(gun.kind.name for gun in model.weapons), "skills": ", ".join(model.skills),
               "injuries": ", ".join(model.injuries)}
    return {**options, "boss": "True"} if model.boss else options


def amend(data: dict, rank: str | None = None, skills: str | None = None, injuries: str | None = None) -> dict:
    """The roster model with a new Rank, or Skills or Lasting Injuries (comma-separated, as the text names them,
    :data:`NONE` for none) in place of its own."""
    model = kept(data)
    if rank is not None:
        if rank not in RANKS:
            raise RulesError(f"There is no Rank {rank!r}: Novice, Veteran or Hero.")
        model.rank = model.type = rank
    if skills is not None:
        model.skills = [] if skills.strip().lower() == NONE else listed(skills, SKILLS, "skill")
    if injuries is not None:
        model.injuries = [] if injuries.strip().lower() == NONE else listed(injuries, INJURIES, "Lasting Injury")
    return serial.to_json(model)


def described(data: dict) -> str:
    """A roster model in words: "Veteran Boss (D8); Pistol, Rifle; Skills: Deadeye; Lasting Injuries: Limp"."""
    model = kept(data)
    words = [f"{model.title()} (D{GRIT[model.rank]})", ", ".join(gun.kind.name for gun in model.weapons) or "unarmed"]
    words += [f"{what}: {', '.join(names)}" for what, names in (("Skills", model.skills),
                                                                 ("Lasting Injuries", model.injuries)) if names]
    return "; ".join(words)


class PosseRoster(Campaign):
    """Dracula's America's campaigns: a posse's models kept as they were cast, amended by the campaign's Director."""

    homecoming = "The posse's roster"

    def enrol(self, state: DraculaState, key: str) -> dict[str, Any]:
        return enlist(state.characters[key])

    def recast(self, state: DraculaState, enlisted: Enlisted, rng: random.Random) -> Model:
        if enlisted.standing is Standing.DEAD:
            raise RulesError(f"{enlisted.name} is dead: they cannot be cast again.")
        model = kept(enlisted.data)
        cast = self.cast(state, CastSpec(model.key, enlisted.name, enlisted.owner, model.rank, cast_options(model)),
                         rng)
        cast.roster_id = enlisted.entry
        return cast

    def unfinished(self, state: DraculaState) -> str:
        return ""

    def keep(self, state: DraculaState, roster: Sequence[Enlisted], rng: random.Random) -> list[Homecoming]:
        """Nothing: the text has no rule for what a game does to a posse's models (see docs/rulings.md)."""
        return []

    def amend(self, enlisted: Enlisted, changes: Mapping[str, Any]) -> dict[str, Any]:
        return amend(enlisted.data, **changes)

    def describe(self, enlisted: Enlisted) -> tuple[str, str]:
        return described(enlisted.data), "dead" if enlisted.standing is Standing.DEAD else ""
