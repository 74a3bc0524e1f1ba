"""Quick on the Draw's rolls, resolved against its charts (Reels 3 to 7: shooting, fighting, moving, tests,
healing), and holding on a card. On a map, a shot, a fight and a move read it (:mod:`.on_the_map`)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.acting import act
from bot.glue.client import DirectorBot
from bot.glue.errors import NotAllowed, UserError
from bot.glue.replies import resolution_embed, safe, send
from bot.rules.qotd.actions import Request, perform
from bot.rules.qotd.charts import CHARTS
from bot.rules.qotd.checks import HoldRequest, MOVE_CHART_TERRAIN, TESTABLE, ComeRoundRequest, HealRequest, TestRequest
from bot.rules.qotd.fighting import Defence, FightRequest, Form
from bot.rules.qotd.shooting import Cover, DrawRequest, Motion, ReloadRequest, ShotRequest, ShotType
from bot.rules.qotd.turns import out_of_turn
from bot.rules.qotd.ruleset import QOTD
from bot.glue.options import characters, matching, targets
from bot.glue.table import Table, open_table, require_visible

from . import on_the_map, options

MAX_PACES = 500
TERRAIN = {"open": "move", "bad going": "move", "forest": "move_forest", "snow or sand": "move_snow",
           "swamp": "move_swamp", "ruins": "move_ruins"}


def turn_leave(table: Table, request: Request) -> str:
    """Nothing when the book lets the character act now; a player acting out of turn is refused, and a
    Director is told that they allowed it (see docs/rulings.md). A roll waiting for a re-roll decision is
    refused first, by the rules."""
    character = out_of_turn(table.state, request)
    if character is None or table.state.pending:
        return ""
    acting = table.state.acting
    why = (f"{safe(character.name)}'s card is not up"
           + (f" ({safe(acting.name)}'s is)" if acting else " (no card is up)"))
    if not table.is_director:
        raise NotAllowed(f"{why}. Acting out of turn is a Director's call: ask them, or wait for your card.")
    return f"Out of turn, by the Director's leave: {why}."


@app_commands.guild_only()
class Rolls(commands.Cog):
    """Every roll of the game, resolved against the rulebook's charts, with re-rolls as buttons."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="shoot")
    @app_commands.describe(target="Who (or which vehicle) is shot at", shooter="Who shoots (default: whose card is up)",
                           weapon="Which of the shooter's weapons", shot="The type of shot",
                           paces="Range in paces (on a map: measured)",
                           cover="The target's cover (loophole: the target fires through one; on a map: read from it)",
                           motion="How the target moves",
                           prone="The target is lying prone", moved="The shooter moved this turn",
                           responding="A shot made in response: no Wanting to Shoot test",
                           aim="Spend this turn aiming at the target, for an aimed shot later (no roll)",
                           spread="Others within 1 pace (2 for a shell) to take the extra hits, comma-separated (on a map: found)",
                           leader="A Natural Leader or Dominant character within 10 paces",
                           mount_paces="How far the shooter's mount moved this turn (aboard a vehicle, its own speed)")
    @app_commands.autocomplete(target=targets, shooter=characters,
                               weapon=options.shooters_weapons_first, leader=characters)
    @app_commands.describe(at_mount="Shoot at the target's mount, not the rider",
                           entangle="A whip: entangle the target rather than hit them (a lasso, bolas or net always entangles)",
                           wrong_hand="Fired from the shooter's wrong hand (+2 DV unless Ambidextrous)",
                           raised="A shoulder arm raised this turn: drawing, unless still and deliberate",
                           shell="An explosion that is a shell: its extra hits spread within 2 paces")
    async def shoot(self, interaction: discord.Interaction, target: str,
                    paces: app_commands.Range[int, 1, MAX_PACES] | None = None, shooter: str | None = None,
                    weapon: str | None = None, shot: Literal["deliberate", "aimed", "hasty", "snap", "fanning",
                                                             "quick draw", "both barrels"] = "deliberate",
                    cover: Literal["none", "light", "dense", "hard", "loophole"] | None = None,
                    motion: Literal["still", "quickly", "evading"] = "still", prone: bool = False,
                    moved: bool = False, at_mount: bool = False, entangle: bool = False,
                    responding: bool = False, aim: bool = False,
                    spread: app_commands.Range[str, 1, 200] | None = None, leader: str | None = None,
                    mount_paces: app_commands.Range[int, 0, 32] = 0, wrong_hand: bool = False,
                    raised: bool = False, shell: bool = False) -> None:
        """Shoot: Wanting to Shoot, to hit, the effect of each hit, and the courage test."""
        def build(table: Table) -> Request:
            shooter_key, target_key = table.actor(shooter).key, table.target(target)
            kind, arm = ShotType[shot.upper().replace(" ", "_")], options.carried_weapon(weapon)
            others = on_the_map.spread(table, shooter_key, target_key, arm, kind is ShotType.FANNING, spread, shell)
            shelter = Cover[cover.upper()] if cover else None
            rng, shelter = on_the_map.aim(table, shooter_key, target_key, paces, shelter)
            return ShotRequest(shooter_key, target_key, arm, kind, rng, shelter,
                               Motion[motion.upper()], on_the_map.lying(table, target_key, prone), moved=moved,
                               at_mount=at_mount,
                               responding=responding, entangle=entangle, aim=aim, spread=others,
                               leader=table.character(leader).key if leader else "", mount_paces=mount_paces,
                               wrong_hand=wrong_hand, raised=raised)
        await act(interaction, build, QOTD.key, turn_leave)

    @app_commands.command(name="fight")
    @app_commands.describe(defender="Who (or which vehicle) is attacked",
                           attacker="Who attacks (default: whose card is up)",
                           weapon="Which weapon (default: the first fighting weapon, else fists)",
                           form="Form of attack", defence="The defender's choice",
                           charging="The attacker charges in", opponents="How many the attacker fights",
                           continuing="The fight is already under way (no Wanting to Attack test)",
                           at_mount="Attack the defender's mount, not the rider",
                           drawing="The attacker drew the weapon this turn (+1 to the defender's DV)",
                           surprised="The defender is surprised or helpless: Defenceless",
                           blow="A Martial Artist's choice of a lethal or a stunning attack",
                           mount_paces="Paces the attacker's mount moved to attack (over 4: high impact)",
                           rider_moving="The defender's mount is moving: roll for rider or mount",
                           run_down="The attacker's mount tries to run the defender down",
                           leader="A Natural Leader or Dominant character within 10 paces",
                           restrain="Restrain the defender by strength: a hit entangles rather than wounds",
                           behind_defences="The defender fights behind defences in a building (+2 DV)",
                           hasty="A hasty attack, as after blocking (+2 DV)",
                           riposte="The fight back after A Deadly Riposte!: a re-roll to hit")
    @app_commands.autocomplete(defender=targets, attacker=characters,
                               weapon=options.melee_weapons, leader=characters)
    async def fight(self, interaction: discord.Interaction, defender: str, attacker: str | None = None,
                    weapon: str | None = None,
                    form: Literal["standard", "mighty blow", "all out"] = "standard",
                    defence: Literal["basic", "block", "evade", "hasty shot"] = "basic",
                    charging: bool = False, opponents: app_commands.Range[int, 1, 20] = 1,
                    continuing: bool = False, at_mount: bool = False, drawing: bool = False, surprised: bool = False,
                    blow: Literal["lethal", "stunning"] | None = None,
                    mount_paces: app_commands.Range[int, 0, MAX_PACES] = 0, rider_moving: bool = False,
                    run_down: bool = False, leader: str | None = None, restrain: bool = False,
                    behind_defences: bool = False, hasty: bool = False, riposte: bool = False) -> None:
        """Attack in close combat: Wanting to Attack, the response, to hit, effect and courage."""
        def build(table: Table) -> Request:
            attacker_key, defender_key = table.actor(attacker).key, table.target(defender)
            return FightRequest(attacker_key, defender_key, options.carried_weapon(weapon),
                                Form[form.upper().replace(" ", "_")], Defence[defence.upper().replace(" ", "_")],
                                charging, on_the_map.opponents_on_map(table, attacker_key, defender_key, opponents),
                                continuing=continuing, at_mount=at_mount, drawing=drawing,
                                surprised=surprised,
                                lethal=blow == "lethal", stunning=blow == "stunning", moved=mount_paces,
                                rider_moving=rider_moving, run_down=run_down, restrain=restrain,
                                leader=table.character(leader).key if leader else "",
                                behind_defences=behind_defences, hasty=hasty, riposte=riposte)
        await act(interaction, build, QOTD.key, turn_leave)

    @app_commands.command(name="quickdraw")
    @app_commands.describe(target="Whom to draw on", shooter="Who draws (default: whose card is up)",
                           weapon="Which of the shooter's weapons is drawn (default: their first)",
                           paces="Range in paces", responding="Responding to an opponent drawing")
    @app_commands.autocomplete(target=characters, shooter=characters,
                               weapon=options.shooters_weapons)
    async def quickdraw(self, interaction: discord.Interaction, target: str, shooter: str | None = None,
                        paces: app_commands.Range[int, 1, MAX_PACES] = 15, responding: bool = False,
                        weapon: str | None = None) -> None:
        """Main Street: draw and shoot, or respond to an opponent drawing."""
        def build(table: Table) -> Request:
            return DrawRequest(table.actor(shooter).key, table.character(target).key,
                               options.carried_weapon(weapon), paces, responding)
        await act(interaction, build, QOTD.key, turn_leave)

    @app_commands.command(name="move")
    @app_commands.describe(character="Who moves (default: whose card is up)", terrain="The going (on a map: read from it)",
                           to="On a map: where to, a square such as C7 or paces such as 12,30 (waypoints: C5 C9)",
                           towards_enemy="Moving towards the enemy",
                           leader="A Natural Leader within 10 paces, whose dice are used")
    @app_commands.autocomplete(character=characters, leader=characters, to=on_the_map.squares)
    async def move(self, interaction: discord.Interaction, character: str | None = None,
                   terrain: Literal["open", "bad going", "forest", "snow or sand", "swamp", "ruins"] = "open",
                   towards_enemy: bool = False, leader: str | None = None,
                   to: app_commands.Range[str, 1, 60] | None = None) -> None:
        """Wanting to Move on the terrain's chart (a second move: reduced dice); on a map, to: moves the token."""
        def build(table: Table) -> Request:
            key = table.actor(character).key
            chart, bad = TERRAIN[terrain], terrain != "open"
            if to:
                route = on_the_map.plan_move(table, key, to)
                chart, bad = on_the_map.move_chart(table, key, route)
            return TestRequest(key, chart, "moving fast in bad going" if bad and chart == "move" else "",
                               towards_enemy=towards_enemy, bad_going=bad,
                               leader=table.character(leader).key if leader else "")
        await act(interaction, build, QOTD.key, turn_leave)

    @app_commands.command(name="test")
    @app_commands.describe(chart="The chart to test on", character="Who tests (default: whose card is up)",
                           reduced="Adverse circumstances reduce the dice: say why",
                           skill="The skill, area of study or weapon a task uses",
                           close_combat="A courage test in close combat",
                           leader="A Natural Leader or Dominant character within 10 paces",
                           in_cover="A courage test taken already in cover (a 1 ducks down rather than flees)",
                           helped="An escape with a tool, a weapon or others' help (a re-roll)",
                           athletic="A task of climbing, jumping or small spaces (Athletic re-rolls)",
                           strength="A task of strength (Strong re-rolls)")
    @app_commands.autocomplete(character=characters, leader=characters)
    async def test(self, interaction: discord.Interaction, chart: str, character: str | None = None,
                   reduced: app_commands.Range[str, 1, 100] | None = None,
                   skill: app_commands.Range[str, 1, 40] | None = None, close_combat: bool = False,
                   leader: str | None = None, in_cover: bool = False, helped: bool = False,
                   athletic: bool = False, strength: bool = False) -> None:
        """Any single chart: evade, task, respond, react, locate, courage, break off, poison, escape ..."""
        if chart not in TESTABLE:
            raise UserError("Pick a chart from the list.")
        if reduced:
            require_visible(reduced, "reason the dice are reduced")

        def build(table: Table) -> Request:
            return TestRequest(table.actor(character).key, chart, reduced or "", skill=skill or "",
                               in_close_combat=close_combat, leader=table.character(leader).key if leader else "",
                               in_cover=in_cover, helped=helped, athletic=athletic, strength=strength)
        await act(interaction, build, QOTD.key, turn_leave)

    @test.autocomplete("chart")
    async def chart_choices(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return matching(((CHARTS[k].name + _terrain_note(k), k) for k in TESTABLE), typed)

    @app_commands.command(name="reload")
    @app_commands.describe(character="Who reloads (default: whose card is up)", weapon="Which weapon",
                           moving="Reloading on the move", quickly="Moving quickly (a bow: reduced dice)")
    @app_commands.autocomplete(character=characters, weapon=options.missile_weapons)
    async def reload(self, interaction: discord.Interaction, character: str | None = None,
                     weapon: str | None = None, moving: bool = False, quickly: bool = False) -> None:
        """Reload, reprime, clear a jam, restring or light a fuse."""
        def build(table: Table) -> Request:
            return ReloadRequest(table.actor(character).key, options.carried_weapon(weapon), moving, quickly)
        await act(interaction, build, QOTD.key, turn_leave)

    @app_commands.command(name="heal")
    @app_commands.describe(patient="The wounded character", healer="The Healer (default: whose card is up)")
    @app_commands.autocomplete(patient=characters, healer=characters)
    async def heal(self, interaction: discord.Interaction, patient: str, healer: str | None = None) -> None:
        """A Healer/Saw Bones tends a wounded character."""
        def build(table: Table) -> Request:
            return HealRequest(table.actor(healer).key, table.character(patient).key)
        await act(interaction, build, QOTD.key, turn_leave)

    @app_commands.command(name="hold")
    @app_commands.describe(character="Who holds (default: whose card is up)")
    @app_commands.autocomplete(character=characters)
    async def hold(self, interaction: discord.Interaction, character: str | None = None) -> None:
        """Hold on this card, to respond later in the phase (Heroes, Main and Supporting Characters)."""
        async with open_table(self.bot, interaction, QOTD.key) as table:
            who = table.character(character) if character else table.state.acting
            if who is None:
                raise UserError("No card is up: name the character who holds.")
            table.require_control(who)
            if who is not table.state.acting:
                raise UserError(f"{safe(who.name)} can only hold when their card is up.")
            state, resolution = perform(table.state, HoldRequest(who.key), table.dice)
            table.state = state
            await table.commit("hold", resolution.headline)
        await send(interaction, embed=resolution_embed(state, resolution, QOTD))

    @app_commands.command(name="comeround")
    @app_commands.describe(character="The KO'd character (default: whose card is up)")
    @app_commands.autocomplete(character=characters)
    async def comeround(self, interaction: discord.Interaction, character: str | None = None) -> None:
        """A KO'd character tries to come round."""
        def build(table: Table) -> Request:
            return ComeRoundRequest(table.actor(character).key)
        await act(interaction, build, QOTD.key, turn_leave)



def _terrain_note(key: str) -> str:
    return f" ({MOVE_CHART_TERRAIN[key]})" if key in MOVE_CHART_TERRAIN else ""


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Rolls(bot))
