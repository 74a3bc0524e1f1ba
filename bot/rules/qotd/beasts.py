"""Reel 7: the Animal Types table, and how many hits kill a wild animal or fell a mount (Reel 6).

A row the book gives for two kinds of beast (Buffalo among the herbivores; alligators and
grizzly bears) is two entries here. Special rules are short summaries in our own words.
"""

from __future__ import annotations

from dataclasses import dataclass

from .weapons import Impact, Reach, Weapon

KILL_HITS: dict[str, int] = {"horse": 2, "elephant": 4, "larger": 6}
"""Hits that kill a wild animal, by size: up to horse size, up to elephant size, larger."""
MOUNT_STAMINA: dict[str, int] = {"horse": 2, "camel": 2, "elephant": 4}
"""Hits a mount takes before it collapses: horse or camel sized 2, elephant sized 4."""


@dataclass(frozen=True)
class Animal:
    """One row of Animal Types: top speed in paces, DV, attack dice and type, traits.

    ``traits`` are keys of :data:`~bot.rules.qotd.traits.PERSONALITIES` or ``SKILLS``;
    ``water_speed`` is the speed in water where the book gives one apart.
    """

    key: str
    name: str
    speed: int
    dv: int
    attack_dice: int
    attack: str
    traits: tuple[str, ...] = ()
    high_impact: bool = False
    poison: bool = False
    special: str = ""
    water_speed: int | None = None
    size: str = "horse"

    @property
    def kill_hits(self) -> int:
        """Hits that kill it (2 up to horse size)."""
        return KILL_HITS[self.size]

    @property
    def weapon(self) -> Weapon:
        """How it attacks: lethal, and high impact where the table rates all its damage so."""
        return Weapon(f"{self.key}_attack", self.attack, "beast", "Animal Types", reach=Reach.CLOSE,
                      impact=Impact.HIGH if self.high_impact else Impact.NORMAL)

    def speed_after(self, hits: int) -> int:
        """Top speed in paces after wounding hits: 25 % less for each."""
        return max(0, self.speed * (4 - hits) // 4)


HERD = ("Herd mentality: if one of a herd fails a test the whole herd stampedes directly away "
        "from the cause; a character in its path who cannot escape takes one attack from each "
        "animal within 2 paces.")
THICK_SKIN = "Very thick skin gives protection (DV 2)."

_ANIMALS = (
    Animal("herbivore", "Horses or similar sized herbivores including cattle", 16, 0, 2,
           "Hooves and horns", special=HERD),
    Animal("buffalo", "Buffalo", 16, 1, 2, "Hooves and horns", special=HERD),
    Animal("large_cat", "Large cats up to cougar size", 16, 0, 2, "Teeth and/or claws",
           ("fearsome", "surefooted", "stealthy"), high_impact=True),
    Animal("dog", "Dogs or similar up to wolf size", 12, 0, 2, "Teeth", ("fearsome", "sixth_sense")),
    Animal("alligator", "Carnivorous Reptiles e.g. Alligators", 12, 2, 2, "Teeth and/or claws",
           ("fearsome", "stealthy"), high_impact=True, water_speed=16,
           special=f"{THICK_SKIN} Water based: 16 paces in water, 12 on land."),
    Animal("grizzly", "Carnivorous mammals up to horse size e.g. Grizzly bears", 16, 2, 2,
           "Teeth and/or claws", ("fearsome", "strong"), high_impact=True,
           special=f"{THICK_SKIN} Land based: 16 paces."),
    Animal("snake", "Snakes", 8, 0, 1, "Bite and poison or crush", ("stealthy",), poison=True,
           special="Not affected by bad going. A constrictor crushes rather than poisons."),
)

ANIMALS: dict[str, Animal] = {animal.key: animal for animal in _ANIMALS}
"""Every animal type by key, in the book's order."""
