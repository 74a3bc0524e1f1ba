"""Who may do what: every command, as each kind of member, on the mid-phase game of ``Scene.mid_phase``.

The matrix is the spec (PLAY.md, "Who is who"; README, "Who may do what"): only a character's player
or a Director acts with it; only a Director deals, ends, casts beasts, undoes and settles a re-roll a
player left hanging; the server's settings need Manage Server. A Director is the game's (dora), any
member with the server's Director role (deputy), or anyone who may manage the server (boss); the same
goes for a campaign, whose Director is the member who started it.

    ✓  the member acts: what the database holds changes (the game, its log, a roster, the settings ...)
    ·  the member may look: the answer is public (or, by design, for the member alone), and nothing changes
    ✗  the member is refused: ephemerally, in a clear sentence, and nothing changes

Each cell is judged as the fuzz judges a call (``arena.judge``), then the game is put back. Every
failing cell is reported.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from tests.storage.helpers import json_value, rows
from tests.rules.scripted import Dice

from .arena import REFUSED, SUCCEEDED, Arena, leaves
from .helpers import end_game

ACTS, LOOKS, NO = "✓", "·", "✗"
MEANING = {ACTS: "acts", LOOKS: "looks, changing nothing", NO: "is refused"}
WHO = {"pete": "Kid's player", "polly": "another player", "dora": "the game's Director",
       "deputy": "a member with the Director role", "stranger": "a stranger", "boss": "a server manager"}

MID_PHASE = "the mid-phase game, Kid's card up"
NO_GAME = "a channel with no game"
JOINED = "the mid-phase game, after the member's /game join"
WAITING = "the mid-phase game, Doc Holliday's failed task waiting for a re-roll decision"
ROSTERED = "the mid-phase game, after pete put Kid on the campaign's roster and took Kid out of the cast"
LEARNT = "the mid-phase game; Old Timer, pete's, learnt from an adventure of another campaign"
COACHED = "the mid-phase game, after polly cast the stagecoach Deadwood"
CAMPAIGN = "a new campaign of dora's, no adventure of it under way"
MAPPED = "the mid-phase game on dora's Main Street map"
SAVED = "the mid-phase game on dora's Main Street map, which she saved as Town"
KEEP = "click Keep"
"""Not a slash command: the Keep button of the re-roll waiting for a decision."""
END, CANCEL = "click End the game", "click Cancel"
"""Not slash commands: the answers to the question `/game end` asks."""
CLICKS = {KEEP: "Keep", END: "End the game", CANCEL: "Cancel"}
ASKED = "the mid-phase game, after dora's /game end asked whether to end it"


@dataclass(frozen=True)
class Row:
    command: str
    options: dict
    """Values, or functions of the Place for members, roles and names made for the cell."""
    marks: str
    """One mark per member of WHO, in its order."""
    where: str = MID_PHASE


@dataclass
class Place:
    """Where a cell runs: the arena, the channel, and the campaign made for it (if any)."""

    arena: Arena
    channel: object
    campaign: str = ""


def member(name: str):
    return lambda place: getattr(place.arena.scene, name)


def marshal(place: Place):
    return place.arena.marshal


def new_name(place: Place) -> str:
    return place.arena.name("Posse")


def made_campaign(place: Place) -> str:
    return place.campaign


#   command, options                                                 marks of pete, polly, dora, deputy, stranger, boss
MATRIX = [
    Row("game start", {},                                                           "✓  ✓  ✓  ✓  ✓  ✓", NO_GAME),
    Row("game join", {},                                                            "✗  ✗  ✗  ✓  ✓  ✓"),
    Row("game leave", {},                                                           "✓  ✓  ✓  ✓  ✓  ✓", JOINED),
    Row("game join", {"pings": False},                                              "✓  ✓  ✓  ✓  ✓  ✓"),
    Row("game end", {},                                                             "✗  ✗  ·  ·  ✗  ·"),
    Row(END, {},                                                                    "✗  ✗  ✓  ✓  ✗  ✓", ASKED),
    Row(CANCEL, {},                                                                 "✗  ✗  ·  ·  ✗  ·", ASKED),
    Row("game director", {"member": member("polly")},                               "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("game settings", {},                                                        "·  ·  ·  ·  ·  ·"),
    Row("game settings", {"cuts": 3},                                               "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("game settings", {"reminder_hours": 2.0},                                   "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("game settings", {"deadline_hours": 24.0, "deadline_action": "skip"},       "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("game settings", {"server_reminder_hours": 2.0},                            "✗  ✗  ✗  ✗  ✗  ✓"),
    Row("game settings", {"pin_status": True},                                      "✗  ✗  ✗  ✗  ✗  ✓"),
    Row("game settings", {"director_role": marshal},                                "✗  ✗  ✗  ✗  ✗  ✓"),
    Row("cast add", {"name": "Billy", "type": "minor", "personality": "rash"},      "✓  ✓  ✓  ✓  ✗  ✓"),
    Row("cast add", {"name": "Billy", "type": "minor", "personality": "rash",
                     "player": member("stranger")},                                 "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("cast beast", {"name": "Rex", "animal": "dog"},                             "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("cast activate", {"character": "Old Ephraim"},                              "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("cast skill", {"character": "Kid", "skill": "tough"},                       "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("cast weapon", {"character": "Kid", "weapon": "knife"},                     "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("cast armour", {"character": "Kid", "armour": "heavy"},                     "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("cast mount", {"character": "Kid", "mount": "horse"},                       "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("cast vehicle", {"name": "Deadwood", "kind": "stagecoach"},                 "✓  ✓  ✓  ✓  ✗  ✓"),
    Row("cast aboard", {"character": "Kid", "vehicle": "Deadwood"},                 "✓  ✗  ✓  ✓  ✗  ✓", COACHED),
    Row("cast speed", {"vehicle": "Deadwood", "paces": 6},                          "✗  ✓  ✓  ✓  ✗  ✓", COACHED),
    Row("cast show", {"character": "Kid"},                                          "·  ·  ·  ·  ·  ·"),
    Row("cast list", {},                                                            "·  ·  ·  ·  ·  ·"),
    Row("cast remove", {"character": "Kid"},                                        "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("deal", {"again": True},                                                    "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("draw", {},                                                                 "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("hold", {},                                                                 "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("deck", {},                                                                 "·  ·  ·  ·  ·  ·"),
    Row("status", {},                                                               "·  ·  ·  ·  ·  ·"),
    Row("shoot", {"shooter": "Kid", "target": "Wyatt Earp", "paces": 6},            "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("fight", {"attacker": "Kid", "defender": "Wyatt Earp"},                     "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("shoot", {"shooter": "Kid", "target": "Deadwood", "paces": 6},              "✓  ✗  ✓  ✓  ✗  ✓", COACHED),
    Row("quickdraw", {"shooter": "Kid", "target": "Wyatt Earp"},                    "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("move", {"character": "Kid"},                                               "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("test", {"character": "Kid", "chart": "task"},                              "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("reload", {"character": "Kid"},                                             "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("heal", {"healer": "Kid", "patient": "Ike"},                                "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("comeround", {"character": "Doc Holliday"},                                 "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("test", {"character": "Wyatt Earp", "chart": "courage"},                    "✗  ✓  ✓  ✓  ✗  ✓"),
    Row("roll", {},                                                                 "✓  ✓  ✓  ✓  ✗  ✓"),
    Row("log recent", {},                                                           "·  ·  ·  ·  ·  ·"),
    Row("catchup", {},                                                              "·  ·  ·  ✗  ✗  ✗"),
    Row("log export", {},                                                           "·  ·  ·  ·  ·  ·"),
    Row("verify", {},                                                               "·  ·  ·  ·  ·  ·"),
    Row("undo", {},                                                                 "✗  ✗  ✓  ✓  ✗  ✓"),
    Row(KEEP, {},                                                                   "✓  ✗  ✓  ✓  ✗  ✓", WAITING),
    Row("campaign start", {"name": new_name},                                       "✓  ✓  ✓  ✓  ✓  ✓"),
    Row("campaign add", {"character": "Kid"},                                       "✓  ✗  ✓  ✓  ✗  ✓"),
    Row("campaign cast", {"character": "Kid"},                                      "✓  ✗  ✓  ✓  ✗  ✓", ROSTERED),
    Row("campaign show", {},                                                        "·  ·  ·  ·  ·  ·"),
    Row("campaign learn", {"character": "Old Timer"},                               "·  ✗  ·  ·  ✗  ·", LEARNT),
    Row("campaign end", {"campaign": made_campaign},                                "✗  ✗  ✓  ✓  ✗  ✓", CAMPAIGN),
    Row("help", {},                                                                 "·  ·  ·  ·  ·  ·", NO_GAME),
    Row("map new", {},                                                              "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("map set", {"ready_set": "ranch"},                                          "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("map show", {},                                                             "·  ·  ·  ·  ·  ·", MAPPED),
    Row("map terrain", {"line": "scrub 1,1 4x4"},                                   "✗  ✗  ✓  ✓  ✗  ✓", MAPPED),
    Row("map save", {"name": "Tombstone"},                                          "✗  ✗  ✓  ✓  ✗  ✓", MAPPED),
    Row("map load", {"name": "Town"},                                               "✗  ✗  ✓  ✓  ✗  ✓", SAVED),
    Row("map upload", {"file": ("town.txt", b'map "Town" 30x20\nfence 0,10 30,10\n')},
        "✗  ✗  ✓  ✓  ✗  ✓"),
    Row("place", {"who": "Kid", "at": "C7"},                                        "✗  ✗  ✓  ✓  ✗  ✓", MAPPED),
    *(Row(f"burt {command}", options,                                               "✗  ✗  ✗  ✗  ✗  ✗")
      for command, options in (("cast", {"name": "Billy", "type": "cowboy"}),
                               ("fire", {"target": "Ike", "band": "short"}), ("aim", {"target": "Ike"}), ("fight", {"target": "Ike"}), ("act", {"action": "walk"}),
                               ("unjam", {}), ("getup", {}), ("initiative", {"character": "Kid"}),
                               ("contest", {"first": "Kid", "second": "Ike"}), ("difficult", {"character": "Kid"}),
                               ("event", {"text": "A storm"}), ("settings", {"setting": "points", "value": "5"}))),
    # Shootist's own commands, in this game of Quick on the Draw: refused to everyone, naming the game's ruleset
    Row("shootist cast", {"name": "Billy"},                                         "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist shoot", {"target": "Wyatt Earp", "hexes": 4},                     "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist burn", {"building": "Saloon", "hexes": 4},                        "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist brawl", {"opponent": "Wyatt Earp"},                               "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist breakoff", {},                                                    "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist reload", {},                                                      "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist pickup", {"source": "Ike", "what": "belt"},                       "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist move", {},                                                        "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist mount", {},                                                       "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist dice", {"shootist": "Kid", "shoot": "D10"},                       "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist drawdie", {"shootist": "Kid", "die": "D4"},                       "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist variable", {"skill": "shoot"},                                    "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("shootist notice", {"shootist": "Kid"},                                     "✗  ✗  ✗  ✗  ✗  ✗"),
    # Dracula's America's commands and hidden hands, refused to everyone in a game of Quick on the Draw
    Row("hand", {},                                                                 "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula cast", {"name": "Abe", "type": "hero"},                            "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula activate", {"kind": "pass"},                                       "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula shoot", {"target": "Wyatt Earp", "weapon": "pistol"},              "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula fight", {"defender": "Wyatt Earp"},                                "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula move", {"model": "Kid"},                                           "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula lookout", {"model": "Kid"},                                        "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula react", {"model": "Kid"},                                          "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula test", {"model": "Kid", "test": "spotting"},                       "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula clear", {"model": "Kid", "weapon": "pistol"},                      "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula recovery", {},                                                     "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula settings", {"pass_at_will": True},                                 "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula enrol", {"model": "Kid"},                                          "✗  ✗  ✗  ✗  ✗  ✗"),
    Row("dracula recast", {"model": "Kid"},                                         "✗  ✗  ✗  ✗  ✗  ✗", ROSTERED),
    Row("dracula amend", {"model": "Kid", "rank": "hero"},                          "✗  ✗  ✗  ✗  ✗  ✗", ROSTERED),
    # Mackenzie Norman's gunfight's commands, refused to everyone in a game of Quick on the Draw
    *(Row(f"gunfight {command}", options,                                          "✗  ✗  ✗  ✗  ✗  ✗")
      for command, options in (("cast", {"name": "Billy", "type": "man"}), ("move", {"card": "5H"}),
                               ("shoot", {"cards": "KH", "weapon": "pistol", "target": "Ike", "range": 5}),
                               ("dynamite", {"card": "KH"}), ("contact", {"target": "Ike", "cards": "KH"}),
                               ("defend", {}), ("peek", {"building": "Bank"}), ("persuade", {"building": "Bank"}),
                               ("take", {"building": "Bank"}), ("pickup", {}), ("swap", {"card": "5H"}),
                               ("skill", {"figure": "Kid", "skill": "Shoot"}), ("aftermath", {}),
                               ("town", {"buildings": "Bank"}), ("stock", {"name": "Doc", "type": "man"}),
                               ("settings", {"setting": "hand", "value": "5"}), ("enrol", {"figure": "Kid"}))),
    Row("gunfight recast", {"figure": "Kid"},                                       "✗  ✗  ✗  ✗  ✗  ✗", ROSTERED),
    Row("gunfight amend", {"figure": "Kid", "horse": True},                         "✗  ✗  ✗  ✗  ✗  ✗", ROSTERED),
]
"""Steve Burt's commands are refused to everyone in the mid-phase game, which plays Quick on the Draw; who may do
what in a game of Steve Burt's rules: tests/bot/test_burt.py."""


async def test_the_matrix_has_a_row_for_every_command(scene):
    commands = {command.qualified_name for command in leaves(scene.env.bot.tree)}
    assert commands - {row.command for row in MATRIX} == set(), "commands missing from the matrix"


PARTS = 4
"""The matrix is run in this many parts, each on an arena of its own, so that the suite's workers share it."""


@pytest.mark.parametrize("part", range(PARTS))
async def test_exactly_the_members_the_matrix_allows_change_anything(scene, held, part):
    arena = await Arena(scene).open()
    await old_timer_learns(arena)
    failures, marks = [], Counter()
    rows_here = MATRIX[part::PARTS]
    for row in rows_here:
        for (name, role), mark in zip(WHO.items(), row.marks.split(), strict=True):
            marks[mark] += 1
            failures += [f"{label(row)} by {name} ({role}), in {row.where}: {problem}"
                         for problem in await cell(arena, row, name, mark)]
    held(f"permissions, part {part + 1} of {PARTS}: {len(rows_here)} of the {len(MATRIX)} rows × {len(WHO)} members: "
         f"{marks[ACTS]} cells act, {marks[LOOKS]} look and change nothing, {marks[NO]} are refused; "
         f"{len(failures)} failing")
    assert not failures, f"{len(failures)} failing cells:\n" + "\n".join(failures)


async def old_timer_learns(arena: Arena) -> None:
    """pete's Old Timer ends an adventure of the campaign Old Days with a new trait to pick."""
    scene, channel = arena.scene, arena.empty_channel()
    await scene.dora.slash(channel, "campaign start", name="Old Days")
    await scene.dora.slash(channel, "game start", campaign="Old Days")
    await scene.pete.slash(channel, "game join")
    await scene.pete.slash(channel, "cast add", name="Old Timer", type="hero", personality="ordinary")
    await scene.pete.slash(channel, "campaign add", character="Old Timer")
    arena.env.bot.rng = Dice(10, 3)                          # 2D10 take best 10: Experience is a great Teacher!
    await end_game(scene.dora, channel)
    [(data,)] = await rows(arena.db, "SELECT data FROM roster WHERE name = 'Old Timer'")
    assert json_value(data)["traits_due"] == 1


async def cell(arena: Arena, row: Row, name: str, mark: str) -> list[str]:
    """Run one cell: the member's call where the row says; what went wrong, if anything."""
    who = getattr(arena.scene, name)
    place = await prepare(arena, row.where, who)
    if row.command in CLICKS:
        async def call():
            return await who.click(place.channel.last_message, label=CLICKS[row.command])
    else:
        options = {key: value(place) if callable(value) else value for key, value in row.options.items()}

        async def call():
            return await who.slash(place.channel, row.command, **options)
    arena.dice(7)
    outcome = await arena.fire(call, place.channel)
    problems = list(outcome.problems)
    verdict = {ACTS: SUCCEEDED, LOOKS: SUCCEEDED, NO: REFUSED}[mark]
    if outcome.verdict != verdict or (mark == ACTS) != bool(outcome.changed):
        did = f"{outcome.verdict}, changing {', '.join(outcome.changed) or 'nothing'}"
        problems.append(f"expected the member {MEANING[mark]}, but the call {did}: {outcome.reply[:160]!r}")
    if outcome.changed or row.where in (JOINED, WAITING, ROSTERED, COACHED, MAPPED, SAVED):
        await arena.restore()
    return problems


async def prepare(arena: Arena, where: str, who) -> Place:
    """Set the scene a row names, for the member ``who``."""
    scene = arena.scene
    if where == NO_GAME:
        return Place(arena, arena.empty_channel())
    place = Place(arena, arena.channel)
    if where == JOINED:
        await who.slash(place.channel, "game join")
    elif where == WAITING:
        arena.env.bot.rng = Dice(3, 3)         # Doc's card is not up: dora lets him act out of turn
        await scene.dora.slash(place.channel, "test", character="Doc Holliday", chart="task")
    elif where == ROSTERED:
        await scene.pete.slash(place.channel, "campaign add", character="Kid")
        await scene.pete.slash(place.channel, "cast remove", character="Kid")
    elif where == ASKED:
        await scene.dora.slash(place.channel, "game end")
    elif where == COACHED:
        await scene.polly.slash(place.channel, "cast vehicle", name="Deadwood", kind="stagecoach")
    elif where in (MAPPED, SAVED):
        await scene.dora.slash(place.channel, "map set", ready_set="main_street")
        if where == SAVED:
            await scene.dora.slash(place.channel, "map save", name="Town")
    elif where == CAMPAIGN:
        place.campaign = arena.name("Posse")
        await scene.dora.slash(place.channel, "campaign start", name=place.campaign)
    return place


def label(row: Row) -> str:
    """The row's command as typed, members and roles left as such."""
    options = [f"{key}:{'<member or role>' if callable(value) else value}" for key, value in row.options.items()]
    return " ".join([row.command if row.command in CLICKS else f"/{row.command}", *options])
