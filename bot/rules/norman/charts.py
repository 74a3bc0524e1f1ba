"""The charts of Mackenzie Norman's card gunfight, as the text prints them (MN = line of the text).

Every roll is a D6 (the text's numbers run 1 to 6 and "6+"); a modified roll reads past either end as the
end row, as "1 or less" and "More" say.
"""

from __future__ import annotations

from bot.rules.core.charts import Chart, GridChart, Outcome, Row

MISSED = Outcome("Missed", "The shot goes wide.")
HIT = Outcome("Hit", "Roll on the True Grit table.")


def needs(key: str, name: str, number: int, passed: Outcome = HIT, failed: Outcome = MISSED, counts: str = "") -> Chart:
    """A D6 that passes on ``number`` or more ("5,6", "4,5,6"); ``counts``, as :attr:`Chart.counts`."""
    return Chart(key, name, (Row(1, number - 1, failed), Row(number, 6, passed)), counts)


SHOOTING = needs("shooting", "To Hit: Shooting", 5)
"""MN 118-124: "Shooting ... 5,6" (cover throws first)."""
SHOTGUN_OPEN = needs("shotgun-open", "To Hit: Shotgun, figures in open", 4)
"""MN 125-128: "All in Template – figures in open 4,5,6"."""
SHOTGUN_COVER = needs("shotgun-cover", "To Hit: Shotgun, figures behind cover", 5)
"""MN 129-132: "All in Template – figures behind cover 5,6"."""
DYNAMITE = needs("dynamite", "To Hit: Dynamite", 4)
"""MN 133-136: "All in 3" radius Template throw for damage but are always Pinned ... 4,5,6"."""
COVER = needs("cover", "Cover", 5, Outcome("Stopped", "The cover stops the bullet."),
              Outcome("Through", "The bullet passes the cover."))
"""MN 110-114: "A piece of cover such as wall, fence, etc., stops the bullet on a 5,6"."""
FUSE = needs("fuse", "Dynamite fuse", 3, Outcome("Explodes", "Everyone in the 3\" radius is Pinned."),
             Outcome("Dud", "It may be picked up from where it landed and used again."))
"""MN 144-145: "Dynamite fuses are not reliable and only explode on a 3,4,5,6. If a dud, may be picked up"."""
PERSUADE = needs("persuade", "Persuade", 6, Outcome("Persuaded", "The figure joins the persuader's side."),
                 Outcome("Not persuaded", "The figure stays where it is."),
                 counts="the die, the Persuade skill and the building card's colour, which is not shown")
"""MN 214-224: "The Persuader needs a 6+ to get the figure to join their side". The card's colour counts unseen
(ruling 431), so the verifier does not read the outcome again from the logged die and skill."""
DEATH = needs("death", "After a gunfight", 5, Outcome("Dead", "Off to Boot Hill."),
              Outcome("Recovers", "Available for the next gunfight."))
"""MN 226: "Dice for each figure Shot Down: on a 5,6 the figure is dead and off to Boot Hill"."""
PLUMMET = needs("plummet", "After a gunfight, on a balcony or roof", 3,
                Outcome("Dead", "The figure plummets to its doom: off to Boot Hill."),
                Outcome("Recovers", "Available for the next gunfight."))
"""MN 226: "unless on balcony or roof where figure plummets and dies on a 3,4,5,6!"."""

HORSE, MAN_ON_HORSE, MAN = 0, 1, 2
"""The True Grit table's columns (MN 168-170)."""
COLUMN_NAMES = {HORSE: "Horse", MAN_ON_HORSE: "Man On Horse", MAN: "Man"}

TRUE_GRIT = GridChart(
    "true-grit", "True Grit Roll", (HORSE, MAN_ON_HORSE, MAN),
    # MN 174-201, each row's values in their column (see docs/rulings.md: the flattened table).
    {1: ("shot-down", "flee", "flee"),
     2: ("shot-down", "shot-down", "shot-down"),
     3: ("shot-down", "shot-down", "shot-down"),
     4: ("missed", "horse-killed", "shot-down"),
     5: ("missed", "pinned", "pinned"),
     6: ("missed", "missed", "pinned"),
     7: ("missed", "missed", "missed")},
    {"flee": Outcome("Flee", "Out of game! A figures True Grit is reduced by one for future games!"),
     "shot-down": Outcome("Shot down", "Out of game! (Dies on a 5,6, unless on balcony or roof where figure "
                                       "plummets and dies on a 3,4,5,6!)"),
     "horse-killed": Outcome("Horse Killed. Man Pinned.", "The horse is dead; the rider is Pinned."),
     "pinned": Outcome("Pinned", "While Pinned, movement is halved and Shooting is at –1 to Hit."),
     "missed": Outcome("Missed!", "Or so tough the bullet had no effect.")})
"""MN 162-203: d6 + True Grit, read in the target's column."""

CHARTS = {chart.key: chart for chart in (SHOOTING, SHOTGUN_OPEN, SHOTGUN_COVER, DYNAMITE, COVER, FUSE, PERSUADE,
                                         DEATH, PLUMMET, TRUE_GRIT)}
