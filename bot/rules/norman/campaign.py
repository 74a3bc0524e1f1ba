"""A gang's main characters kept from one gunfight of a campaign to the next (MN = line of the text): their notches
on the gun-butt and the skills those bought (MN 227-254), the True Grit a flight lowered (MN 177-178, 203), the
kit the gunfight left them, and the gang's unspent Money notches (MN 22-26); a figure the aftermath killed is
dead, its skills lost (MN 226, 254). See docs/rulings.md."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.rules.core import serial
from bot.rules.core.errors import RulesError
from bot.rules.core.ruleset import Campaign, CastSpec, Enlisted, Homecoming, Standing
from bot.rules.core.words import Command, Words, words

from .state import DEAD, Figure, NormanState


@dataclass
class Kept:
    """A roster entry: the figure as it comes home, and the gang's Money notches it keeps (its purse)."""

    figure: Figure
    purse: int = 0


def enlist(figure: Figure, purse: int = 0) -> dict:
    """A main character as the roster keeps it: weapons, horse, characteristics, skills and notches. What the
    gunfight did to it (Pinned, on a roof, cards played, Money cards carried) stays in the game."""
    if figure.ally:
        raise RulesError(f"{figure.name} is an Ally: Allies only stay with a gang for one game (MN 226).")
    if figure.type == "money":
        raise RulesError(f"{figure.name} is a Money card.")
    home = Figure(figure.key, figure.name, figure.owner, figure.type, pistols=figure.pistols, long=figure.long,
                  dynamite=figure.dynamite, horse=figure.horse, shoot=figure.shoot, grit=figure.grit,
                  skills=dict(figure.skills), notches=figure.notches, taken=figure.taken)
    return serial.to_json(Kept(home, purse))


def kept(data: dict) -> Kept:
    """A roster entry, as stored."""
    return serial.from_json(Kept, data)


def cast_options(figure: Figure) -> tuple[str, dict[str, str]]:
    """The type and ``/gunfight cast`` options that cast the roster figure again, as the ruleset checks them."""
    return figure.type, {"pistols": str(figure.pistols), "long": figure.long, "dynamite": str(figure.dynamite),
            "horse": "yes" if figure.horse else "no", "shoot": str(figure.shoot), "grit": str(figure.grit),
            "skills": ", ".join(skill for skill, level in figure.skills.items() for _ in range(level))}


def rejoin(state: NormanState, cast: Figure, entry: Kept, roster: int) -> None:
    """A figure cast from the roster takes its notches back (the skills they bought came with its cast, MN 227),
    and its gang the Money notches it kept."""
    cast.notches, cast.taken, cast.roster_id = entry.figure.notches, entry.figure.taken, roster
    state.seats[cast.owner].money += entry.purse


def homecoming(figures: list[Figure], purses: dict[int, int]) -> list[tuple[Figure, dict]]:
    """Each roster figure of a gunfight whose aftermath is rolled, with its roster entry to store: the first
    living one of each gang keeps the gang's unspent Money notches (``purses``, by player), the others none."""
    stored, paid = [], set()
    for figure in sorted(figures, key=lambda f: f.status == DEAD):
        purse = purses.get(figure.owner, 0) if figure.owner not in paid else 0
        paid.add(figure.owner)
        stored.append((figure, enlist(figure, purse)))
    return stored


def amend(data: dict, pistols: int | None = None, long: str | None = None, dynamite: int | None = None,
          horse: bool | None = None) -> dict:
    """The roster figure with new kit between gunfights: pistols, a long arm ("none" for none), sticks of
    Dynamite, a horse (MN 27-44)."""
    entry = kept(data)
    figure = entry.figure
    if long is not None:
        if long not in ("none", "rifle", "shotgun"):
            raise RulesError("A figure's one long arm is a Rifle or a Shotgun, or none (MN 43).")
        figure.long = "" if long == "none" else long
    if pistols is not None:
        if not 0 <= pistols <= 2:
            raise RulesError("A figure carries up to 2 pistols (MN 33).")
        figure.pistols = pistols
    if dynamite is not None:
        figure.dynamite = dynamite
    if horse is not None:
        figure.horse = horse
    return serial.to_json(entry)


def described(data: dict) -> str:
    """A roster figure in words: "Man, value 3; Pistol, Rifle; True Grit -1; Shoot +1; 3 notches"."""
    entry = kept(data)
    f = entry.figure
    arms = [*(["2 Pistols"] if f.pistols == 2 else ["Pistol"] * f.pistols), f.long.capitalize(),
            *([f"Dynamite {f.dynamite}"] if f.dynamite else []), *(["Horse"] if f.horse else [])]
    words = [f"{f.type.capitalize()}, value {f.worth}", ", ".join(filter(None, arms)) or "unarmed"]
    words += [f"{what} {n:+d}" for what, n in (("Shooting", f.shoot), ("True Grit", f.grit)) if n]
    words += [f"{skill} +{level}" for skill, level in f.skills.items()]
    words.append(f"{f.notches} notch{'es' * (f.notches != 1)}")
    if entry.purse:
        words.append(f"the gang's Money: {entry.purse} notch{'es' * (entry.purse != 1)}")
    return "; ".join(words)


class Gang(Campaign):
    """Mackenzie Norman's campaigns: a gang's main characters, home from each gunfight as its aftermath left them."""

    homecoming = "The aftermath"

    def enrol(self, state: NormanState, key: str) -> dict[str, Any]:
        figure = state.characters[key]
        if figure.status == DEAD:
            raise RulesError(f"{figure.name} is dead and off to Boot Hill.")
        return enlist(figure)

    def recast(self, state: NormanState, enlisted: Enlisted, rng: random.Random) -> Figure:
        """The figure, with its notches and the skills they bought, and its gang with the Money it kept."""
        if enlisted.standing is Standing.DEAD:
            raise RulesError(f"{enlisted.name} is dead: they cannot be cast again.")
        entry = kept(enlisted.data)
        type, options = cast_options(entry.figure)
        cast = self.cast(state, CastSpec(entry.figure.key, enlisted.name, enlisted.owner, type, options), rng)
        rejoin(state, cast, entry, enlisted.entry)
        return cast

    def unfinished(self, state: NormanState) -> str | Words:
        """A gunfight with a roster figure in it ends after its aftermath: the roster keeps what the aftermath gives
        (see docs/rulings.md)."""
        if state.turn and not state.over and any(f.roster_id for f in state.characters.values()):
            return words("The roster keeps what the aftermath gives its figures: a Director rolls ",
                         Command("gunfight aftermath"), " before the gunfight ends.")
        return ""

    def keep(self, state: NormanState, roster: Sequence[Enlisted], rng: random.Random) -> list[Homecoming]:
        """Each roster figure of the gunfight as its aftermath left it, dead or alive, with the gang's unspent
        Money."""
        purses = {user: seat.money for user, seat in state.seats.items()}
        home = homecoming([f for f in state.characters.values() if f.roster_id], purses)
        return [Homecoming(figure.roster_id, Standing.DEAD if figure.status == DEAD else Standing.READY, data,
                           described(data) + (" — dead." if figure.status == DEAD else "."))
                for figure, data in home]

    def amend(self, enlisted: Enlisted, changes: Mapping[str, Any]) -> dict[str, Any]:
        return amend(enlisted.data, **changes)

    def describe(self, enlisted: Enlisted) -> tuple[str, str]:
        return described(enlisted.data), "dead" if enlisted.standing is Standing.DEAD else ""
