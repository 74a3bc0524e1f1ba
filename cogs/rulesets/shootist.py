"""Shootist's own actions, the `/shootist` command group: shoot, brawl, reload, move, mount, pick up, and the
die types (see bot/rules/shootist). `/deal`, `/draw`, `/cast` and `/status` are the shared commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.glue.errors import NotAllowed, UserError
from bot.rules.core.actions import Request
from bot.rules.shootist.ammo import PickUpRequest, ReloadRequest
from bot.rules.shootist.brawl import BreakOffRequest, BrawlRequest
from bot.rules.shootist.casting import DiceRequest
from bot.rules.shootist.moves import MountRequest, MoveRequest, NoticeRequest
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.shooting import HORSE, Ledge, ShootRequest
from bot.rules.shootist.skills import ABILITIES, SKILLS, parse_die
from bot.rules.shootist.turns import DrawDieRequest, VariableRequest
from bot.rules.shootist.weapons import WEAPONS
from bot.glue.table import Table, clean_name

from bot.glue import options
from bot.glue.casting import add_character
from bot.glue.acting import act, ruled_by_the_rules

DieType = Literal["D4", "D6", "D8", "D10", "D12"]
Skill = Literal["draw", "shoot", "dodge", "brawl", "knife", "ride"]


def line_of_fire(table: Table, text: str | None) -> tuple[str, ...]:
    """"Cal, Dan's horse" as the engine names them."""
    found = []
    for name in (part.strip() for part in (text or "").split(",")):
        if not name:
            continue
        horse = name.lower().endswith("'s horse")
        found.append((HORSE if horse else "") + table.character(name[:-len("'s horse")] if horse else name).key)
    return tuple(found)


def weapon_key(typed: str | None) -> str:
    """The key of a weapon a player typed (a key or the table's name); empty for his first."""
    return options.pick(((w.name, w.key) for w in WEAPONS.values()), typed, "a weapon") if typed else ""


def listing(names: list[str], typed: str) -> list[app_commands.Choice[str]]:
    """Completions of a comma-separated list: what was typed, its last item completed from ``names``."""
    *done, last = typed.split(",")
    head = ", ".join(part.strip() for part in done if part.strip())
    choices = [(", ".join(filter(None, (head, name))), ", ".join(filter(None, (head, name))))
               for name in names if last.strip().lower() in name.lower()]
    return options.matching(choices, "")


async def ability_names(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The Special Abilities, comma separated."""
    return listing([name for name, _ in ABILITIES.values()], typed)


async def weapon_names(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The weapons of the tables, comma separated."""
    return listing([w.name for w in WEAPONS.values()], typed)


async def carried(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The weapons the shootist named (as ``shooter`` or ``shootist``, else the one acting) carries; every weapon
    of the tables when he is not known."""
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id) \
        if interaction.guild_id is not None else None
    if game is None or game.ruleset != SHOOTIST.key:
        return options.matching(((w.name, w.key) for w in WEAPONS.values()), typed)
    state = SHOOTIST.load(game.state)
    named = (getattr(interaction.namespace, "shooter", None) or getattr(interaction.namespace, "shootist", None)
             or "").casefold()
    shootist = next((s for s in state.characters.values() if named in (s.key, s.name.casefold())), None) \
        if named else state.characters.get(state.turn.acting)
    guns = shootist.weapons if shootist is not None else ()
    return options.matching(dict.fromkeys((g.kind.name, g.weapon) for g in guns), typed) if guns else \
        options.matching(((w.name, w.key) for w in WEAPONS.values()), typed)


@app_commands.guild_only()
class ShootistCommands(commands.GroupCog, group_name="shootist",
                       group_description="Shootist's actions: shoot, brawl, reload, move, mount, pick up, dice"):
    """The group of a Shootist game's own commands."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        super().__init__()

    async def act(self, interaction: discord.Interaction, build: Callable[[Table], Request]) -> None:
        """Run the action through the Rolls cog (the rules keep the Draw order), shown on Shootist's roll card."""
        await act(interaction, build, SHOOTIST.key, ruled_by_the_rules)

    @app_commands.command(name="cast")
    @app_commands.describe(name="The shootist's name", type="A shootist or an Indian",
                           **{skill: f"{title} die (default D8)" for skill, title in SKILLS.items()},
                           weapons="Weapons, comma separated (default: a Colt; Indians a Bow, a Tomahawk)",
                           abilities="Special abilities, comma separated", horse="He has a horse, and starts mounted",
                           shield="He carries a shield", belt="Spare rounds of each ammunition (default: two loads)",
                           hidden="An Indian not yet noticed: he cannot be shot at",
                           player="Who plays him (a Director casting for another)")
    @app_commands.autocomplete(weapons=weapon_names, abilities=ability_names)
    async def cast(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40],
                   type: Literal["shootist", "indian"] = "shootist", draw: DieType | None = None,
                   shoot: DieType | None = None, dodge: DieType | None = None, brawl: DieType | None = None,
                   knife: DieType | None = None, ride: DieType | None = None,
                   weapons: app_commands.Range[str, 1, 200] | None = None,
                   abilities: app_commands.Range[str, 1, 300] | None = None, horse: bool = False,
                   shield: bool = False, belt: app_commands.Range[int, 0, 500] | None = None, hidden: bool = False,
                   player: discord.Member | None = None) -> None:
        """Cast a shootist: die types, weapons, abilities, horse."""
        fields = {"draw": draw, "shoot": shoot, "dodge": dodge, "brawl": brawl, "knife": knife, "ride": ride,
                  "weapons": weapons, "abilities": abilities, "horse": "yes" if horse else None,
                  "shield": "yes" if shield else None, "belt": None if belt is None else str(belt),
                  "hidden": "yes" if hidden else None}
        await add_character(self.bot, interaction, SHOOTIST.key, name, type, player,
                            {key: value for key, value in fields.items() if value})

    @app_commands.command(name="shoot")
    @app_commands.describe(target="Who is shot at", hexes="Range in hexes (0: the same hex)",
                           shooter="Who shoots (default: whose turn)", weapon="Which weapon (default: his first gun)",
                           move="Hexes moved with the shot (-1)",
                           cover="The target is in soft or partial cover (-1)", behind="Shot from behind (-1 to dodge)",
                           two_pistols="A shot from each of two pistols (-1 each)",
                           fan2="Fanning: the 2nd shot's target (fired after everyone)",
                           fan3="Fanning: the 3rd shot's target", barrels="A shotgun's barrels: 2 rolls each",
                           horse="At the target's horse",
                           legs_hidden="The target's legs are hidden: D8 for location",
                           ledge="Behind a window or at a roof's edge: he may fall",
                           floors="How many floors he would fall",
                           crossfire="Others in the line of fire, comma separated (\"Cal, Dan's horse\")")
    @app_commands.autocomplete(target=options.characters, shooter=options.characters, weapon=carried,
                               fan2=options.characters, fan3=options.characters)
    async def shoot(self, interaction: discord.Interaction, target: str, hexes: app_commands.Range[int, 0, 24],
                    shooter: str | None = None, weapon: str | None = None, move: app_commands.Range[int, 0, 2] = 0,
                    cover: bool = False, behind: bool = False, two_pistols: bool = False, fan2: str | None = None,
                    fan3: str | None = None, barrels: app_commands.Range[int, 1, 2] = 1, horse: bool = False,
                    legs_hidden: bool = False, ledge: Literal["window", "roof"] | None = None,
                    floors: app_commands.Range[int, 1, 9] = 1,
                    crossfire: app_commands.Range[str, 1, 200] | None = None) -> None:
        """Shoot die against dodge die; a hit rolls its location and wound."""
        def build(table: Table) -> Request:
            fan = tuple(table.character(name).key for name in (fan2, fan3) if name)
            return ShootRequest(table.actor(shooter).key, table.character(target).key, hexes,
                                weapon_key(weapon), move, cover, behind, two_pistols, fan, barrels, horse,
                                legs_hidden=legs_hidden, ledge=Ledge[ledge.upper()] if ledge else Ledge.NONE,
                                floors=floors, crossfire=line_of_fire(table, crossfire))
        await self.act(interaction, build)

    @app_commands.command(name="burn")
    @app_commands.describe(building="The building to set on fire (its name at your table)",
                           hexes="How far away, in hexes", shooter="Who shoots the flaming arrow (default: whose "
                           "turn it is)", move="Hexes moved with the shot")
    @app_commands.autocomplete(shooter=options.characters)
    async def burn(self, interaction: discord.Interaction, building: app_commands.Range[str, 1, 40],
                   hexes: app_commands.Range[int, 0, 12], shooter: str | None = None,
                   move: app_commands.Range[int, 0, 2] = 0) -> None:
        """A flaming arrow at a building: D4 to dodge; hit, it collapses in D4 turns."""
        await self.act(interaction, lambda table: ShootRequest(table.actor(shooter).key, hexes=hexes, weapon="bow",
                                                               move=move, building=clean_name(building, "building")))

    @app_commands.command(name="brawl")
    @app_commands.describe(opponent="Who is attacked hand to hand", attacker="Who attacks (default: whose turn it "
                           "is)", move="1: Move 1 hex & Brawl")
    @app_commands.autocomplete(opponent=options.characters, attacker=options.characters)
    async def brawl(self, interaction: discord.Interaction, opponent: str, attacker: str | None = None,
                    move: app_commands.Range[int, 0, 1] = 0) -> None:
        """Brawl die against brawl die: the loser is wounded (head: knocked out)."""
        await self.act(interaction, lambda table: BrawlRequest(table.actor(attacker).key,
                                                               table.character(opponent).key, move))

    @app_commands.command(name="breakoff")
    @app_commands.describe(shootist="Who breaks off (default: whose turn)")
    @app_commands.autocomplete(shootist=options.characters)
    async def breakoff(self, interaction: discord.Interaction, shootist: str | None = None) -> None:
        """Leave a brawl without penalty, if he drew first this turn."""
        await self.act(interaction, lambda table: BreakOffRequest(table.actor(shootist).key))

    @app_commands.command(name="reload")
    @app_commands.describe(shootist="Who reloads (default: whose turn)", weapon="Which gun (default: his "
                           "first)", move="1: Move 1 hex & Reload (D6 bullets lost, none from a shotgun)")
    @app_commands.autocomplete(shootist=options.characters, weapon=carried)
    async def reload(self, interaction: discord.Interaction, shootist: str | None = None,
                     weapon: str | None = None, move: app_commands.Range[int, 0, 1] = 0) -> None:
        """Reload an empty gun, up to its reload value."""
        await self.act(interaction, lambda table: ReloadRequest(table.actor(shootist).key, weapon_key(weapon),
                                                                move))

    @app_commands.command(name="pickup")
    @app_commands.describe(source="The dead shootist (or the one a thrown weapon lies by)",
                           what="6 bullets from his belt, 3 from a gun, or one weapon",
                           weapon="Which gun or weapon", shootist="Who picks up (default: whose turn)",
                           move="1: Move 1 hex & Pick-up")
    @app_commands.autocomplete(source=options.characters, weapon=carried, shootist=options.characters)
    async def pickup(self, interaction: discord.Interaction, source: str,
                     what: Literal["belt", "gun", "weapon"], weapon: str | None = None,
                     shootist: str | None = None, move: app_commands.Range[int, 0, 1] = 0) -> None:
        """Take bullets or a weapon from the dead, or a thrown weapon."""
        def build(table: Table) -> Request:
            if what == "weapon" and not weapon:
                raise UserError("Name the weapon to pick up.")
            return PickUpRequest(table.actor(shootist).key, table.character(source).key,
                                 weapon_key(weapon) if what == "weapon" else what,
                                 weapon_key(weapon) if what == "gun" else "", move)
        await self.act(interaction, build)

    @app_commands.command(name="move")
    @app_commands.describe(hexes="Hexes: 2 on foot, 6 mounted (0: turning in place)",
                           shootist="Who moves (default: whose turn)", doors="Doors gone through (1 hex "
                           "each)", windows="Windows gone through (2 hexes each)",
                           through="Through a building, door or window to another: a full move")
    @app_commands.autocomplete(shootist=options.characters)
    async def move(self, interaction: discord.Interaction, hexes: app_commands.Range[int, 0, 6] = 2,
                   shootist: str | None = None, doors: app_commands.Range[int, 0, 2] = 0,
                   windows: app_commands.Range[int, 0, 1] = 0, through: bool = False) -> None:
        """Move (+1 to dodge for the rest of the turn)."""
        await self.act(interaction, lambda table: MoveRequest(table.actor(shootist).key, hexes, doors, windows,
                                                              through))

    @app_commands.command(name="mount")
    @app_commands.describe(shootist="Who (default: whose turn)", dismount="Get off the horse instead")
    @app_commands.autocomplete(shootist=options.characters)
    async def mount(self, interaction: discord.Interaction, shootist: str | None = None,
                    dismount: bool = False) -> None:
        """Mount or dismount: a full move, and no shooting."""
        await self.act(interaction, lambda table: MountRequest(table.actor(shootist).key, not dismount))

    @app_commands.command(name="dice")
    @app_commands.describe(shootist="Whose die types", **{skill: f"{title} die" for skill, title in SKILLS.items()})
    @app_commands.autocomplete(shootist=options.characters)
    async def dice(self, interaction: discord.Interaction, shootist: str, draw: DieType | None = None,
                   shoot: DieType | None = None, dodge: DieType | None = None, brawl: DieType | None = None,
                   knife: DieType | None = None, ride: DieType | None = None) -> None:
        """Set die types: his player before the first Draw, a Director any time."""
        given = {"draw": draw, "shoot": shoot, "dodge": dodge, "brawl": brawl, "knife": knife, "ride": ride}

        def build(table: Table) -> Request:
            character = table.character(shootist)
            table.require_control(character)
            if table.state.turn.number and not table.is_director:
                raise NotAllowed("Once the first Draw is rolled, only a Director changes die types.")
            return DiceRequest(character.key, {k: parse_die(v) for k, v in given.items() if v})
        await self.act(interaction, build)

    @app_commands.command(name="drawdie")
    @app_commands.describe(shootist="Whose Draw die", die="The die to roll in the Draw phases to come",
                           first="Super Fast: go first in the turns to come, shooting at -1")
    @app_commands.autocomplete(shootist=options.characters)
    async def drawdie(self, interaction: discord.Interaction, shootist: str,
                      die: Literal["own", "D4", "D6", "D8", "D10"] = "own", first: bool = False) -> None:
        """Roll a lesser Draw die, or go first if Super Fast, from the next Draw."""
        def build(table: Table) -> Request:
            character = table.character(shootist)
            table.require_control(character)
            return DrawDieRequest(character.key, 0 if die == "own" else parse_die(die), first)
        await self.act(interaction, build)

    @app_commands.command(name="variable")
    @app_commands.describe(skill="The skill one die type better this turn", shootist="Who (default: whose turn "
                           "it is)")
    @app_commands.autocomplete(shootist=options.characters)
    async def variable(self, interaction: discord.Interaction, skill: Skill, shootist: str | None = None) -> None:
        """Variable: one skill a die type better all this turn."""
        await self.act(interaction, lambda table: VariableRequest(table.actor(shootist).key, skill))

    @app_commands.command(name="notice")
    @app_commands.describe(shootist="The Indian", noticed="Noticed (visible for the rest of the game) or not")
    @app_commands.autocomplete(shootist=options.characters)
    async def notice(self, interaction: discord.Interaction, shootist: str, noticed: bool = True) -> None:
        """A Director says an Indian is noticed: he can be shot at."""
        def build(table: Table) -> Request:
            table.require_director("say who is noticed")
            return NoticeRequest(table.character(shootist).key, noticed)
        await self.act(interaction, build)


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(ShootistCommands(bot))
