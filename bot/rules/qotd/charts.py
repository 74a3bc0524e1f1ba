"""Every result chart of Quick on the Draw as data.

Titles are printed as the book prints them (its own punctuation and curly quotes);
effects say what a cell means in play, in our own words. Where a cell has no title of
its own (random movement, poison, entangling, the Beast's Reaction, charming and
dominating) the title is made from the cell's first words.

``CHARTS`` holds the charts read on one die value; ``GRIDS`` the tables read by die
value and a column (DV or VDV), where a "3+" column is numbered one past 3.
"""

from __future__ import annotations

from ..core.charts import Chart, GridChart, Outcome, Row, banded

_TWICE = "Move up to twice the maximum move in any direction, or one move and perform another action."
_ONE_MOVE = "Move up to the maximum move in any direction."
_RANDOM_AGAIN = "roll for random movement, then roll again to try to move."
_SPREAD = ("With more than 1 hit from a shotgun, blunderbuss, multi-barrelled pistol or volley gun, an explosion "
           "or fanning, the hits may be spread to opponents within 1 pace of the target (2 paces for a shell).")
_HASTY_UNLESS_QUICK = "Draw and shoot; the shot is hasty unless you have the Quick Draw trait"
_CHAINED_LIGHTNING = ("Mr Chained Lightning!", "Draw and shoot with no deduction for drawing; with the Quick Draw "
                      "trait you shoot first.")
_GONER = ("A Goner!", "The injuries are beyond any medical treatment: the character dies.")
_MISS_NEXT = "If they miss the next adventure they are fully recovered for the one after."
_NEW_TRAIT = "they have also learnt from the adventure: pick a new trait to add to their skills."
_KEEP_CONTROL = ("the rider tests to keep control: on 2-4 the mount bolts in a random direction until they pass "
                 "an Action Test; on a 1 it also throws them and they test for injury.")

CHARTS: dict[str, Chart] = {chart.key: chart for chart in (
    # Reel 3: Wanting to Move
    banded("move", "Wanting to Move",
           ("Caution – Danger Ahead!", "In good going, fall back ½ a move facing the enemy; in bad going, fall "
                                       "over and test for injury."),
           ("Are you Sure?", "Hesitate and do not move."),
           ("Forward!", "Move up to the maximum move in any direction, or go prone, or move evasively."),
           ("Move It!", _TWICE)),
    # Reel 3: Wanting to Move (evading)
    banded("evade", "Wanting to evade",
           ("Gripped By Fear!", "Freeze: fail to evade and do nothing else."),
           ("Panic!", "Hesitate, then fall back ½ a move with your back to the enemy, unable to fight back."),
           ("Evade then!", "Evade: move up to the maximum distance away from the enemy."),
           ("Caught them Out!", "Evade, and may also attack the enemy before moving, or move and shoot at them.")),
    # Reel 3: Wanting to Move in forest or jungle
    banded("move_forest", "Wanting To Move in Forest or Jungle",
           ("Disorientated!", "Move only ½ the maximum move: " + _RANDOM_AGAIN),
           ("Is this the Path?", "Scrub or vines block the way: pass an Action Test to cut a path through, then "
                                 "roll again to try to move."),
           ("This is the Path!", _ONE_MOVE),
           ("Quickly – this way is Clear!", _TWICE)),
    # Reel 3: Wanting to Move in deep snow or deep sand
    banded("move_snow", "Wanting To Move in Deep Snow or Deep Sand",
           ("Fall Over!", "Lose your balance and fall, dropping whatever you carry; pass an Action Test to clear "
                          "your weapons of snow or sand before they can be used again."),
           ("Slip Sliding Away!", "Slide ½ the maximum move in a random direction: " + _RANDOM_AGAIN),
           ("Firm Going!", _ONE_MOVE),
           ("Quickly – this way is Fine!", _TWICE)),
    # Reel 3: Wanting to Move or wade through a swamp
    banded("move_swamp", "Wanting To Move/wade through a Swamp",
           ("Glug! Glug!", "Blunder into a deep pool and go under; you resurface with everything soaked and must "
                           "pass an Action Test to clear your weapons of water before they can be used again."),
           ("Is this the Path?", "Stumble into thick mud and vegetation: pass an Action Test to push through, then "
                                 "roll again to try to move."),
           ("Its Shallow water here!", _ONE_MOVE),
           ("Its only ankle deep!", _TWICE)),
    # Reel 3: Wanting to Move through ruins or a derelict structure
    banded("move_ruins", "Wanting to move through ruins or a derelict structure",
           ("Fall Over!", "Lose your footing in the rubble and drop whatever you carry. Roll again: on a 1 you are "
                          "injured, so test for injury as if hit by a light impact weapon."),
           ("Loose Footing!", "Stumble over debris, moving ½ the maximum move in a random direction: "
                              + _RANDOM_AGAIN),
           ("No obstacles ahead!", _ONE_MOVE),
           ("Quickly – this way is Fine!", _TWICE)),
    # Reel 3: Random Movement (a plain 1D10)
    Chart("random_movement", "Random Movement", (
        Row(1, 3, Outcome("Reverse", "Head back the opposite way.")),
        Row(4, 5, Outcome("Go Right", "Veer off to the right.")),
        Row(6, 7, Outcome("Go left", "Veer off to the left.")),
        Row(8, 10, Outcome("Straight Ahead", "Carry straight on.")),
    )),
    # Reel 3: Tasks
    banded("task", "Wanting to complete a task",
           ("Complete Failure!", "Fail and abandon the task; if it was risky, test for injury."),
           ("No Luck so Far!", "Fail, but you may try again next turn."),
           ("Success!", "Succeed in the task."),
           ("Complete Success!", "Succeed, and may also perform another action or move, attack or shoot.")),
    # Reel 3: Responding to an opportunity while holding
    banded("respond_opportunity", "Responding to an opportunity",
           ("Flustered!", "Panic: in the open, retreat slowly towards cover; in cover, duck down."),
           ("Hesitate!", "Too slow to respond: do nothing."),
           ("I’m Ready!", "Respond in time and act as you wish."),
           ("Quick Reactions!", "Respond very quickly and act as you wish; if attacking or shooting, you may reroll "
                                "the dice for this action only.")),
    # Reel 3: Responding to an attack
    banded("respond_attack", "Responding to an attack",
           ("Hesitate!", "Too slow to respond: do nothing and count as defenceless."),
           ("Flustered!", "Panic: your DV is lowered by 1."),
           ("Respond", "Make a hasty shot, evade or block."),
           ("Quick Reactions!", "Make a hasty shot, evade or block without deduction.")),
    # Reel 3: Reacting to a new event or to locating the enemy
    banded("react", "Reacting to a new event/locating the enemy",
           ("What shall I do?", "Freeze or hesitate."),
           ("This doesn’t look good!", "Head for the nearest cover if in the open, or duck down if in cover."),
           ("Made of stern stuff!", "Act as the player wishes, with no need for an action roll."),
           ("Let’s do it!", "Perform up to 2 actions; if rash or a fanatic, move towards the enemy as quickly as "
                            "possible.")),
    # Reel 3: Locating the Enemy
    banded("locate", "Wanting to Locate the Enemy",
           ("Confused", "Next turn, act as if the enemy were not in the area observed when they are, and as if "
                        "they were when they are not."),
           ("I see no enemy!", "Fail to locate the enemy; try again next turn."),
           ("I see you!", "Locate the enemy or object; you may need to react."),
           ("Got you!", "Locate the enemy and react automatically: move again or perform another action this "
                        "turn.")),
    # Reel 3: Courage Test
    banded("courage", "Taking a Courage Test",
           ("Let’s get out of here!", "In the open or in close combat, panic and flee at maximum speed away from "
                                      "the enemy; in cover, duck down and do not even defend yourself in close "
                                      "combat. If you can do neither, try to surrender."),
           ("Fall back and Take Cover!", "In the open, fall back 1 move towards the nearest cover; behind cover, "
                                         "duck down. In close combat, fall back 2 paces and stay On the Back Foot "
                                         "for the rest of this combat."),
           ("A- OK - Keep Calm and Carry On!", "Stand firm, unaffected: act as the player wishes."),
           ("Totally Unaffected!", "Act as the player wishes (if rash or a fanatic, move towards the enemy as "
                                   "quickly as possible); you may at once fight back in close combat, shoot at "
                                   "the enemy, or move in any direction, even out of close combat.")),
    # Reel 4: Wanting to Shoot
    banded("shoot", "Wanting to Shoot or Move and shoot",
           ("I’m not sure I can do this!", "Lose confidence and do not shoot: fall back 4 paces facing the enemy "
                                           "or towards the nearest cover, or duck down if in cover."),
           ("Where’s the target!", "Hesitate and do not shoot."),
           ("Shoot at the Enemy!", "Take your shot (hasty if you moved). If attacked, make closing shots or a "
                                   "counter attack, not both."),
           ("Got Them!", "A perfect shot: if it misses, reroll the to-hit dice, ignoring any 1s. Or, if attacked, "
                         "make a hasty shot and a counter attack.")),
    # Reel 4: Shooting – trying to hit
    banded("to_hit_shooting", "To see if a hit is scored from Shooting or Throwing",
           ("Damn It!", "Miss. A spear, javelin, blowpipe or sling breaks; a net, lasso, bolas or whip is "
                        "entangled; a bow needs restringing; a muzzleloader needs repriming; a single shot breech "
                        "loader jams; a revolver, repeater, bolt action or magazine weapon is out of ammo and must "
                        "be reloaded (a double action pistol, or a revolver being fanned, jams and needs reloading); "
                        "dynamite or similar is dropped: assess its damage as normal."),
           ("Missed!", "Miss. A flintlock misfires; thrown dynamite or similar falls short: throw for deviation."),
           ("Gotcha!", "Hit. " + _SPREAD),
           ("Bulls Eye!", "A deadly hit: roll for its effect with the target's DV lowered by 2. " + _SPREAD)),
    # Reel 4: Shooting related tasks
    banded("reload", "Needing to reload or restring",
           ("It’s Jammed!", "The weapon jams: pass an Action Test to fix it before trying to reload or reprime. "
                            "If unjamming or deploying, fail and make any further attempt with reduced dice; a "
                            "fuse being lit explodes prematurely."),
           ("This is Fiddly!", "Do not reload, reprime, clear the jam or deploy this turn; a fuse fails to light."),
           ("Ready to shoot!", "Reload or reprime, then move ½ a move or make a hasty shot; or clear the jam, "
                               "deploy or light the fuse."),
           ("Rapid Reload!", "Reload or reprime, then open fire at once, or move 1 move, or move ½ a move and make "
                             "a hasty shot; or deploy or clear the jam and load or shoot; or light the fuse and "
                             "throw this turn.")),
    # Reel 4: Shootouts (drawing)
    banded("draw", "Drawing and shooting",
           ("Darn It!", "Fumble and drop your gun on the floor."),
           ("Slow on the Draw!", "Draw, but do not shoot this turn."),
           ("Shoot that Smoke Wagon!", _HASTY_UNLESS_QUICK + "."),
           _CHAINED_LIGHTNING),
    # Reel 4: Shootouts (responding to a draw)
    banded("respond_draw", "Responding to an opponent drawing",
           ("What The?", "Hesitate and do nothing this turn."),
           ("Time to get out ‘a Town!", "Panic: back off 4 paces without drawing your gun."),
           ("Shoot that Smoke Wagon!", _HASTY_UNLESS_QUICK + ", and with it you shoot first."),
           _CHAINED_LIGHTNING),
    # Reel 5: Wanting to make an attack
    banded("attack", "Wanting to make an attack",
           ("I’m not sure I can do this!", "Lose confidence and do not close to attack: fall back 2 paces facing "
                                           "the enemy."),
           ("They look Tough!", "Hesitate and do not attack."),
           ("Attack the Enemy!", "Attack or counter attack; if attacked, make a hasty shot or a counter attack, "
                                 "not both."),
           ("Get Stuck In!", "A perfect attack: if it misses, reroll the to-hit dice, ignoring any 1s.")),
    # Reel 5: Wanting to break from a fight
    banded("break_off", "Wanting to break off from a fight",
           ("Gripped By Fear!", "Freeze: fail to break off and do nothing else."),
           ("Panic!", "Hesitate, then retreat ½ a move with your back to the enemy, unable to fight back."),
           ("Evade then!", "Break off: move up to the maximum distance away from the enemy."),
           ("Caught them Out!", "Break off, and may also attack the enemy before moving, or move and shoot at "
                                "them.")),
    # Reel 5: Fighting – trying to hit
    banded("to_hit_fighting", "To see if a hit is scored from an attack",
           ("A Deadly Riposte!", "Miss; the opponent at once fights back and may reroll their dice. After a Mighty "
                                 "Blow or an All Out Attack, the attacker becomes Defenceless."),
           ("Missed!", "Miss. After a Mighty Blow the attacker is On the Back Foot; an All Out Attack may reroll "
                       "once (keep the second roll) and becomes Defenceless if it misses again."),
           ("Take That!", "The blow lands: roll for its effect."),
           ("A Deadly Blow!", "A deadly blow: roll for its effect with the target's DV lowered by 2.")),
    # Reel 6: Testing to come round
    banded("come_round", "Trying to come round",
           ("Knocked Out", "KO'd for the rest of the action."),
           ("Groggy", "Fail to come round."),
           ("‘Where Am I?’", "Come round."),
           ("Let Me At’em!", "Come round, and may perform another action or move, attack or shoot.")),
    # Reel 6: Testing to heal a wound
    banded("heal", "Trying to heal",
           ("He’s Gone!", "The wounded character loses all their cards and is out of the game."),
           ("Try Some More", "Fail to heal, but may try again next turn."),
           ("Feeling Better", "The wounded character recovers 1 card."),
           ("It’s a Miracle!", "The wounded character recovers all their lost cards.")),
    # Reel 6: Poison (fail on 1 to 4)
    Chart("poison", "Poison", (
        Row(1, 4, Outcome("Treat as 2 Lethal Hits", "The poison takes hold: treat it as 2 hits by a lethal "
                                                    "weapon.")),
        Row(5, 10, Outcome("No Effect", "The poison does no harm.")),
    )),
    # Reel 6: Post Action Rest and Recovery, situation 1
    banded("recovery_fit", "The Character ended the adventure either uninjured or injured but with cards they "
                           "could still activate",
           ("I’m Exhausted!", "Needs rest, and any injuries are only partly healed: in the next adventure they "
                              "have one card less and use reduced dice. " + _MISS_NEXT),
           ("I’m Tired out!", "Only partly fit: in the next adventure they have one card less. " + _MISS_NEXT),
           ("Fighting Fit!", "Fully rested with any injuries healed: they take part in the next adventure."),
           ("Experience is a great Teacher!", "Very fit with any injuries healed, and " + _NEW_TRAIT)),
    # Reel 6: Post Action Rest and Recovery, situation 2
    banded("recovery_down", "The Character ended the adventure injured and with no cards they could activate",
           ("He’s Going!", "Roll again on the He’s Going! chart."),
           ("He needs time to heal!", "Injuries only partly healed: in the next adventure they have one card "
                                      "less. " + _MISS_NEXT),
           ("Fully Recovered!", "Injuries fully healed: they take part in the next adventure."),
           ("It’s a Miracle!", "Injuries fully healed, and " + _NEW_TRAIT)),
    # Reel 6: He's Going! (after a 1 in situation 2)
    banded("hes_going", "He’s Going!", _GONER, _GONER,
           ("Needs Extensive Medical Care!", "They miss the next adventure, and the brush with death makes them "
                                             "careful: a Heroic character must now take Courage Tests, a Brave or "
                                             "Rash one becomes Ordinary, anyone else becomes Cautious."),
           ("Needs Medical Care!", "They need on-going medical care and miss the next adventure.")),
    # Reel 6: Entangling or restraining opponents (the target's action dice, or 1D10 per tentacle)
    banded("entangle", "Entangling or Restraining Opponents",
           ("Completely trapped or restrained", "Defenceless, and cannot escape without help; with help, roll to "
                                                "escape."),
           ("Entangled or restrained", "Defenceless; next turn may try to escape as a difficult action with "
                                       "reduced dice, and otherwise makes no action or move."),
           ("Partially entangled or restrained", "May spend next turn trying to escape; if free, makes no other "
                                                 "action or move."),
           ("Barely entangled or restrained", "May spend next turn trying to escape; if free, may also make an "
                                              "action or move.")),
    # Reel 6: Attempting to escape from entanglement
    banded("escape", "Attempting to escape from entanglement",
           ("It’s Getting Worse!", "Make matters worse: escaping becomes more difficult."),
           ("I Won’t Give Up!", "No luck, but may try again next turn."),
           ("Done It!", "Get free."),
           ("That Was Easy!", "Get free, and may make a further move or action this turn.")),
    # Reel 7: Beast's Reaction
    banded("beast_reaction", "Beast’s Reaction",
           ("The Beast flees", "The beast runs away."),
           ("The Beast backs off", "It will not attack unless provoked, enraged or until it recovers; shot at or "
                                   "attacked from a long distance, it flees."),
           ("The Beast attacks", "It attacks, or keeps fighting."),
           ("The Beast becomes enraged", "It makes an all-out attack.")),
    # Reel 2: Personality – Charismatic
    banded("charm", "Charismatic: charming a character",
           ("Fails so badly", "The character is repelled and can never be charmed."),
           ("Fails", "May try again."),
           ("Success", "The charmed character does what the charismatic one wants, short of harming themselves or "
                       "another, until they pass an Action Test."),
           ("Outstanding success", "The charmed character is captivated and does everything in their power to "
                                   "help.")),
    # Reel 2: Personality – Dominant
    banded("dominate", "Dominant: influencing a character",
           ("Fails so badly", "The character is repelled and hostile for the rest of the game."),
           ("Fail", "May try again."),
           ("Success", "The character obeys, even attacking another character if told, but will not harm "
                       "themselves, until they pass an Action Test (5+)."),
           ("Outstanding success", "The character does whatever the dominant character requires.")),
)}


def _grid(codes: dict[str, str], table: str) -> dict[int, tuple[str, ...]]:
    """Cells from a table typed as the book prints it: a die value, then one code per column."""
    cells = {}
    for line in table.strip().splitlines():
        value, *row = line.split()
        cells[int(value)] = tuple(codes[code] for code in row)
    return cells


def _hits(count: int, effect: str) -> Outcome:
    """A hits outcome, titled as the book does: "1 Hit", "2 Hits"."""
    return Outcome(f"{count} Hit" + ("s" if count > 1 else ""), effect)


_HIT_CODES = {"NM": "near_miss", "GR": "graze", "CT": "courage", "H1": "hit1", "H2": "hit2", "H3": "hit3"}
# Reel 6: Effects of Hit table (DV -3 to 3, and 3+ as 4), for characters and mounts alike
_HIT_CELLS = _grid(_HIT_CODES, """
    10  GR GR GR GR NM NM NM NM
    9   CT CT CT CT GR GR NM NM
    8   H1 CT CT CT CT CT GR NM
    7   H1 H1 CT CT CT CT CT GR
    6   H1 H1 H1 CT CT CT CT GR
    5   H2 H2 H1 H1 CT CT CT CT
    4   H2 H2 H2 H1 H1 CT CT CT
    3   H2 H2 H2 H2 H1 H1 CT CT
    2   H3 H3 H2 H2 H2 H2 H1 H1
    1   H3 H3 H3 H2 H2 H2 H2 H1
""")
_DV = (-3, -2, -1, 0, 1, 2, 3, 4)

_ON_CHARACTERS = {
    f"hit{n}": _hits(n, f"Lose {n} action card{'s' if n > 1 else ''}: for good if the weapon is lethal; if blunt "
                        "(fists and feet too) you are KO'd and, with cards left, may test to come round to win each "
                        "back. With no cards left you are a casualty (or pass out) until medical help restores 1 "
                        "card; otherwise take a Courage Test at once.")
    for n in (1, 2, 3)
} | {
    "courage": Outcome("Courage Test", "Take a Courage Test and carry out its outcome at once."),
    "graze": Outcome("Graze", "Take a Courage Test, unless a Hero or Main Character or Brave or a Fanatic, who "
                              "carries on as normal."),
    "near_miss": Outcome("Near Miss", "A close miss, or deflected by cover or absorbed by armour: no effect."),
}

_ON_MOUNTS = {
    f"hit{n}": _hits(n, f"{n} wound{'s' if n > 1 else ''} to the mount: horse or camel sized mounts collapse "
                        "after 2, elephant sized after 4. If it collapses, the rider tests for injury as if falling "
                        "(as a High Impact hit if it was going fast) and on a 1 is trapped under it until passing "
                        "an Action Test; if not, " + _KEEP_CONTROL)
    for n in (1, 2, 3)
} | {
    "courage": Outcome("Courage Test", "The mount is spooked: " + _KEEP_CONTROL),
    "graze": Outcome("Graze", "The rider takes an Action Test to keep control as for a spooked mount, unless a "
                              "Hero, Main Character or expert rider, who carries on as normal."),
    "near_miss": Outcome("Near Miss", "A close miss, or deflected by cover or absorbed by the mount's armour: no "
                                      "effect."),
}

GRIDS: dict[str, GridChart] = {grid.key: grid for grid in (
    # Reel 6: Effects of Hit table on characters
    GridChart("effect_of_hits", "Effects of Hit Table on Characters", _DV, _HIT_CELLS, _ON_CHARACTERS),
    # Reel 6: Hits on mounts (the same table, read for the mount)
    GridChart("effect_on_mounts", "Hits on Mounts", _DV, _HIT_CELLS, _ON_MOUNTS),
    # Reel 6: Hits on vehicles (VDV -3 to 3, and 3+ as 4)
    GridChart("effect_on_vehicles", "Hits on Vehicles", _DV, _grid(
        {"ND": "no_damage", "CT": "courage", "RM": "reduced_mobility", "IM": "immobilized", "DE": "destroyed"}, """
    10  ND ND ND ND ND ND ND ND
    9   CT CT CT CT ND ND ND ND
    8   RM RM RM RM CT ND ND ND
    7   IM RM RM RM RM CT ND ND
    6   IM IM RM RM RM RM CT ND
    5   DE IM IM IM RM RM RM CT
    4   DE DE IM IM IM RM RM RM
    3   DE DE DE IM IM IM IM IM
    2   DE DE DE DE IM IM IM IM
    1   DE DE DE DE DE DE DE DE
    """), {
        "destroyed": Outcome("Destroyed", "The vehicle is destroyed, with its driver, crew and anyone carried."),
        "immobilized": Outcome("Immobilized", "The vehicle can no longer move; its driver, crew and passengers "
                                              "take a Courage Test."),
        "reduced_mobility": Outcome("Reduced Mobility", "The vehicle's movement is halved; its driver, crew and "
                                                        "passengers take a Courage Test."),
        "courage": Outcome("Courage test", "Only superficial damage, but its driver, crew and passengers take a "
                                           "Courage Test."),
        "no_damage": Outcome("No Damage", "Only superficial damage; its driver, crew and passengers are "
                                          "unaffected."),
    }),
    # Reel 7: Damage to wild animals (DV -2 to 2, and 3+ as 3)
    GridChart("damage_to_wild_animals", "Damage to Wild Animals", (-2, -1, 0, 1, 2, 3), _grid(
        {"NK": "nick", "H1": "hit1", "H2": "hit2", "SL": "slain"}, """
    10  NK NK NK NK NK NK
    9   H1 NK NK NK NK NK
    8   H1 H1 H1 NK NK NK
    7   H2 H1 H1 H1 NK NK
    6   H2 H2 H2 H1 H1 NK
    5   H2 H2 H2 H2 H1 H1
    4   SL H2 H2 H2 H2 H1
    3   SL SL H2 H2 H2 H2
    2   SL SL SL H2 H2 H2
    1   SL SL SL SL SL SL
    """), {
        "nick": Outcome("Nick", "Shot: it takes a reaction test. In combat: it is driven back 2 paces and takes a "
                                "reaction test."),
    } | {
        f"hit{n}": _hits(n, f"Speed down {25 * n}% and {n} attack {'dice' if n > 1 else 'die'} lost; driven back "
                            "4 paces if in combat; then a reaction test. 2 hits kill an animal up to horse size, 4 "
                            "up to elephant size, 6 a larger one.")
        for n in (1, 2)
    } | {
        "slain": Outcome("Slain", "The animal drops dead."),
    }),
)}
