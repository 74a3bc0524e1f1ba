"""What a game of Dracula's America keeps: the posses with their decks and hands, the models, the turn."""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

from bot.rules.core import serial
from bot.rules.core.cards import Card
from bot.rules.core.errors import RulesError
from bot.rules.core.fair import Seal
from bot.rules.core.piles import CardPile, full_pack
from bot.rules.core.replay import Context

from .charts import GRIT, NPCS, RANKS, WEAPONS, Weapon


class Condition(enum.Enum):
    FINE = "Fine"
    SHAKEN = "Shaken"
    DOWNED = "Downed"
    CASUALTY = "Casualty"
    BOTTLED = "Bottled Out"


class Phase(enum.Enum):
    """The Anatomy of the Turn (DA 33-95), with the time before the first Draw Phase."""

    SETUP = "Before the first turn"
    PLAY = "Action Phase: play a card face down"
    ACTIVATIONS = "Action Phase: Activations"
    NPC = "NPC Phase"
    RECOVERY = "Recovery Phase"


@dataclass
class Gun:
    weapon: str
    """Its key in :data:`~.charts.WEAPONS`."""
    jammed: bool = False
    special_used: bool = False
    """The LeMat's once-per-game Sawn-Off shot."""

    @property
    def kind(self) -> Weapon:
        return WEAPONS[self.weapon]


@dataclass
class Model:
    key: str
    name: str
    owner: int
    type: str
    """A Rank ("novice", "veteran", "hero") or an NPC kind ("bystander", "supernatural") of a Rank."""
    rank: str = "novice"
    boss: bool = False
    weapons: list[Gun] = field(default_factory=list)
    skills: list[str] = field(default_factory=list)
    injuries: list[str] = field(default_factory=list)
    condition: Condition = Condition.FINE
    done: bool = False
    lookout: bool = False
    roster_id: int = 0
    """The model's entry on its campaign's roster (0: none)."""

    @property
    def npc(self) -> bool:
        return self.type in NPCS

    @property
    def on_table(self) -> bool:
        return self.condition not in (Condition.CASUALTY, Condition.BOTTLED)

    @property
    def standing(self) -> bool:
        return self.condition in (Condition.FINE, Condition.SHAKEN)

    @property
    def grit(self) -> int:
        """The Grit Die's sides: by Rank (DA 5-9), one Rank lower while Shaken, to a minimum of D6 (DA 154),
        unless Lead-belly (DA 198)."""
        sides = GRIT[self.rank]
        if self.condition is Condition.SHAKEN and "Lead-belly" not in self.skills:
            sides = max(6, sides - 2)
        return sides

    def gun(self, weapon: str) -> Gun:
        for gun in self.weapons:
            if gun.weapon == weapon:
                return gun
        raise RulesError(f"{self.name} carries no {WEAPONS[weapon].name if weapon in WEAPONS else weapon}.")

    def title(self) -> str:
        rank = RANKS[self.rank]
        return f"{NPCS[self.type]} ({rank})" if self.npc else f"{rank}{' Boss' if self.boss else ''}"


@dataclass
class Posse:
    """A player's side: their own deck and hand (DA 37, 63, 67) and what the Bottle Check counts (DA 92)."""

    cards: CardPile = field(default_factory=CardPile)
    starting: int = 0
    """The Posse's starting number of models, fixed at the first Draw Phase (DA 92)."""
    lone_gun: bool = False
    """A Hand of one card at the start of the Turn: played when its player decides (DA 69-71)."""
    bottled: bool = False


@dataclass
class Settings:
    """The Director's choices where the quick reference is silent or contradicts itself (docs/rulings.md)."""

    multiple_enemies: int = 1
    """The sign of "Each unengaged enemy in Contact with you after the first" (DA 133 prints +1; 'Ornery,
    DA 207, calls it a penalty): +1 or -1 a die."""
    absent_play: str = "random"
    """At a face-down play's deadline, a player who has not played: "random" plays a random card of their
    Hand; "none" plays none this round."""
    jokers: int = 2
    """Jokers in each player's deck (DA 45 names Jokers; the number is not given)."""
    pass_at_will: bool = False
    """Whether a player may Pass with models still to Activate (DA 54 only makes it compulsory)."""
    test_dice: int = 1
    """The dice of the Tests the text names without sizing them: Reaction (DA 197), Spotting (DA 186) and Nerve
    Tests but Fearsome's and the Bottle Check's (DA 92, 205)."""
    into_fight: str = "random"
    """Shooting into a Fight (DA 186, not given): "random" strikes one of the models in it, each as likely;
    "forbidden" lets only a Hawkeye shoot at a model in a Fight."""


@dataclass
class Activation:
    """The Activation under way (DA 52-59): who, how, and the Actions each model has left."""

    player: int
    kind: str
    """"solo", "dual" or "pass"."""
    actions: dict[str, int] = field(default_factory=dict)
    fired: list[str] = field(default_factory=list)
    """"model:weapon" fired this Activation (each Weapon once, DA 58; twice for Trigger-Happy, DA 184)."""
    gunslingers: list[str] = field(default_factory=list)
    """Models that fired two Weapons with the Gunslinger Skill this Activation: no Trigger-Happy (DA 184)."""
    moved: list[str] = field(default_factory=list)
    """Models that made a Move Action this Activation (Limp, DA 216)."""
    made: int = 0
    """The Actions made so far: each may trigger a Reaction (DA 194)."""
    reactions: dict[str, int] = field(default_factory=dict)
    """Enemy models on Lookout that passed a Reaction Test, and the Action each has left to make (DA 194, 197)."""
    reacted: list[str] = field(default_factory=list)
    """"model:action" of each Reaction Test taken: a model Reacts once per triggering Action (DA 194)."""


@dataclass
class DraculaState:
    seats: dict[int, Posse] = field(default_factory=dict)
    characters: dict[str, Model] = field(default_factory=dict)
    pending: dict[str, Any] | None = None
    settings: Settings = field(default_factory=Settings)
    turn: int = 0
    phase: Phase = Phase.SETUP
    round: int = 0
    """The plays of this Action Phase so far (each: a card from every Hand, flipped together)."""
    order: list[int] = field(default_factory=list)
    """The players in this round's order of Activation, once the cards are flipped (DA 43-48)."""
    flipped: list[Card] = field(default_factory=list)
    """Their cards, face up, in the same order."""
    at: int = -1
    """Index in :attr:`order` of the player Activating."""
    activation: Activation | None = None
    npc_winner: int = 0
    seal: Seal | None = None
    """The seal this turn's cards and dice come from (see :mod:`bot.rules.core.fair`); its seed is secret."""

    def to_json(self) -> dict:
        return serial.to_json(self)

    def check(self) -> None:
        for posse in self.seats.values():
            cards = posse.cards.cards()
            assert len(cards) == len(set(cards)), "a card is in two places"
            assert not cards or set(cards) == set(full_pack(jokers=self.settings.jokers)), "a card is lost"
        assert len(self.order) == len(self.flipped)

    def models(self, user: int) -> list[Model]:
        """A player's posse: their models that are not NPCs."""
        return [m for m in self.characters.values() if m.owner == user and not m.npc]

    @property
    def acting(self) -> int | None:
        """The player whose Activation it is."""
        return self.order[self.at] if self.phase is Phase.ACTIVATIONS and 0 <= self.at < len(self.order) else None

    def model(self, key: str) -> Model:
        try:
            return self.characters[key]
        except KeyError:
            raise RulesError(f"There is no model {key!r} in this game.") from None

    def involve(self, keys: tuple[str, ...]) -> dict[str, None]:
        for key in keys:
            self.model(key)
        return dict.fromkeys(keys)

    def fork(self, *keys: str) -> DraculaState:
        characters = {k: dataclasses.replace(m, weapons=[dataclasses.replace(g) for g in m.weapons])
                      for k, m in self.characters.items()}     # a Recovery Phase changes any model
        activation = dataclasses.replace(self.activation, actions=dict(self.activation.actions),
                                         fired=list(self.activation.fired), moved=list(self.activation.moved),
                                         gunslingers=list(self.activation.gunslingers),
                                         reactions=dict(self.activation.reactions),
                                         reacted=list(self.activation.reacted)) if self.activation else None
        seats = {user: dataclasses.replace(posse) for user, posse in self.seats.items()}
        return dataclasses.replace(self, characters=characters, activation=activation, seats=seats)

    def settle(self, before: DraculaState, keys: dict[str, None], ctx: Context) -> None:
        """Nothing more to settle: every change is told as it is made."""
