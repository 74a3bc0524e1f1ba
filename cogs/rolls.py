"""Rolls resolved against the charts (Reels 3 to 7): shooting, fighting, tests, and the re-roll buttons."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Director
from bot.errors import NotAllowed, UserError
from bot.render import render_roll
from bot.replies import picture, render_soon, resolution_embed, safe, send
from bot.rules.core import serial
from bot.rules.core.dice import Dice, Keep, roll
from bot.rules.core.replay import KEEP
from bot.rules.qotd.actions import Request, decide, perform
from bot.rules.qotd.charts import CHARTS
from bot.rules.qotd.checks import MOVE_CHART_TERRAIN, TESTABLE, ComeRoundRequest, HealRequest, TestRequest
from bot.rules.qotd.fighting import Defence, FightRequest, Form
from bot.rules.qotd.results import Resolution
from bot.rules.qotd.shooting import Cover, DrawRequest, Motion, ReloadRequest, ShotRequest, ShotType
from bot.rules.qotd.state import Character, GameState
from bot.table import Table, open_table, require_visible

from . import options

MAX_PACES = 500
TERRAIN = {"open": "move", "bad going": "move", "forest": "move_forest", "snow or sand": "move_snow",
           "swamp": "move_swamp", "ruins": "move_ruins"}


def actor(table: Table, name: str | None) -> Character:
    """The character named, or the one whose card is up; the user must control it."""
    if name:
        character = table.character(name)
    else:
        character = table.state.acting
        if character is None:
            raise UserError("No card is up: name the character who acts.")
    table.require_control(character)
    return character


class RerollButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rr:(?P<game>\d+):(?P<step>\d+):(?P<choice>[a-z_]+)"):
    """A re-roll right (or Keep) on a roll waiting for its owner's decision. Works after restarts."""

    def __init__(self, game: int, step: int, choice: str, label: str = "Keep") -> None:
        style = discord.ButtonStyle.secondary if choice == KEEP else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"rr:{game}:{step}:{choice}"))
        self.game, self.step, self.choice = game, step, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> RerollButton:
        return cls(int(match["game"]), int(match["step"]), match["choice"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Settle the roll; refusals and failures get the same handling as slash commands."""
        cog: Rolls = interaction.client.get_cog("Rolls")
        try:
            await cog.settle(interaction, self.game, self.step, self.choice)
        except Exception as error:
            await interaction.client.tree.on_error(interaction, error)


def decision_view(game_id: int, resolution: Resolution) -> discord.ui.View:
    """Buttons for each open right, and Keep."""
    view = discord.ui.View(timeout=None)
    decision = resolution.decision
    for right in decision.rights:
        view.add_item(RerollButton(game_id, decision.step, right.key, right.label))
    view.add_item(RerollButton(game_id, decision.step, KEEP, "Keep"))
    return view


def roll_message(game_id: int, state: GameState, resolution: Resolution
                 ) -> tuple[str, discord.Embed, discord.ui.View | None, list[int]]:
    """The content, embed, buttons and ping showing a roll: a decision waiting pings its roller's owner."""
    embed = resolution_embed(state, resolution)
    if not resolution.decision:
        return "", embed, None, []
    owner = state.characters[resolution.decision.roller].owner
    return f"<@{owner}>, re-roll or keep?", embed, decision_view(game_id, resolution), [owner]


@app_commands.guild_only()
class Rolls(commands.Cog):
    """Every roll of the game, resolved against the rulebook's charts, with re-rolls as buttons."""

    def __init__(self, bot: Director) -> None:
        self.bot = bot

    async def act(self, interaction: discord.Interaction, build: Callable[[Table], Request]) -> None:
        """Check, run the action on the rules, store it, then reply with the story and the roll card."""
        async with open_table(self.bot, interaction) as table:
            request = build(table)
            state, resolution = perform(table.state, request, self.bot.rng)
            drawing = render_soon(render_roll, resolution)          # drawn by a worker while the change is stored
            table.state = state
            await table.commit(request.kind, resolution.headline, {"resolution": serial.to_json(resolution)})
        await self.reply(interaction, table, resolution, drawing)

    async def reply(self, interaction: discord.Interaction, table: Table, resolution: Resolution,
                    drawing: asyncio.Future[bytes]) -> None:
        """The story, the roll card, and the re-roll buttons if a decision waits."""
        content, embed, view, ping = roll_message(table.game.id, table.state, resolution)
        image = await picture(drawing)
        await send(interaction, content=content, embed=embed, image=image, filename="roll.png", view=view, ping=ping)

    async def settle(self, interaction: discord.Interaction, game_id: int, step: int, choice: str) -> None:
        """A re-roll button was pressed: only the roller's owner or a Director may choose."""
        async with open_table(self.bot, interaction) as table:
            pending = table.state.pending
            if table.game.id != game_id:
                raise UserError("That roll belongs to a game that is over.")
            if not pending or len(pending["tape"]) - 1 != step:
                raise UserError("That roll has already been decided.")
            roller = table.state.characters[pending["roller"]]
            if roller.owner != interaction.user.id and not table.is_director:
                raise NotAllowed(f"Only {safe(roller.name)}'s player or a Director can decide this roll.")
            state, resolution = decide(table.state, choice, self.bot.rng)
            drawing = render_soon(render_roll, resolution)
            table.state = state
            await table.commit("decide", f"{roller.name}: {choice}", {"resolution": serial.to_json(resolution)})
        if interaction.message is not None:
            try:
                await interaction.message.edit(view=None)
            except discord.HTTPException:
                pass
        await self.reply(interaction, table, resolution, drawing)

    @app_commands.command(name="shoot")
    @app_commands.describe(target="Who is shot at", shooter="Who shoots (default: whose card is up)",
                           weapon="Which of the shooter's weapons", shot="The type of shot",
                           paces="Range in paces", cover="The target's cover", motion="How the target moves",
                           prone="The target is lying prone", moved="The shooter moved this turn",
                           responding="A shot made in response: no Wanting to Shoot test")
    @app_commands.autocomplete(target=options.characters, shooter=options.characters, weapon=options.missile_weapons)
    async def shoot(self, interaction: discord.Interaction, target: str,
                    paces: app_commands.Range[int, 1, MAX_PACES], shooter: str | None = None,
                    weapon: str | None = None, shot: Literal["deliberate", "aimed", "hasty", "snap", "fanning",
                                                             "quick draw", "both barrels"] = "deliberate",
                    cover: Literal["none", "light", "dense", "hard"] = "none",
                    motion: Literal["still", "quickly", "evading"] = "still", prone: bool = False,
                    moved: bool = False, at_mount: bool = False, entangle: bool = False,
                    responding: bool = False) -> None:
        """Shoot: Wanting to Shoot, to hit, the effect of each hit, and the courage test."""
        def build(table: Table) -> Request:
            return ShotRequest(actor(table, shooter).key, table.character(target).key, weapon or "",
                               ShotType[shot.upper().replace(" ", "_")], paces, Cover[cover.upper()],
                               Motion[motion.upper()], prone, moved=moved, at_mount=at_mount,
                               responding=responding, entangle=entangle)
        await self.act(interaction, build)

    @app_commands.command(name="fight")
    @app_commands.describe(defender="Who is attacked", attacker="Who attacks (default: whose card is up)",
                           weapon="Which weapon (default: the first fighting weapon, else fists)",
                           form="Form of attack", defence="The defender's choice",
                           charging="The attacker charges in", opponents="How many the attacker fights",
                           continuing="The fight is already under way (no Wanting to Attack test)",
                           at_mount="Attack the defender's mount, not the rider")
    @app_commands.autocomplete(defender=options.characters, attacker=options.characters,
                               weapon=options.melee_weapons)
    async def fight(self, interaction: discord.Interaction, defender: str, attacker: str | None = None,
                    weapon: str | None = None,
                    form: Literal["standard", "mighty blow", "all out"] = "standard",
                    defence: Literal["basic", "block", "evade", "hasty shot"] = "basic",
                    charging: bool = False, opponents: app_commands.Range[int, 1, 20] = 1,
                    continuing: bool = False, at_mount: bool = False) -> None:
        """Attack in close combat: Wanting to Attack, the response, to hit, effect and courage."""
        def build(table: Table) -> Request:
            return FightRequest(actor(table, attacker).key, table.character(defender).key, weapon or "",
                                Form[form.upper().replace(" ", "_")], Defence[defence.upper().replace(" ", "_")],
                                charging, opponents, continuing=continuing, at_mount=at_mount)
        await self.act(interaction, build)

    @app_commands.command(name="quickdraw")
    @app_commands.describe(target="Whom to draw on", shooter="Who draws (default: whose card is up)",
                           paces="Range in paces", responding="Responding to an opponent drawing")
    @app_commands.autocomplete(target=options.characters, shooter=options.characters)
    async def quickdraw(self, interaction: discord.Interaction, target: str, shooter: str | None = None,
                        paces: app_commands.Range[int, 1, MAX_PACES] = 15, responding: bool = False) -> None:
        """Main Street: draw and shoot, or respond to an opponent drawing."""
        def build(table: Table) -> Request:
            return DrawRequest(actor(table, shooter).key, table.character(target).key, "", paces, responding)
        await self.act(interaction, build)

    @app_commands.command(name="move")
    @app_commands.describe(character="Who moves (default: whose card is up)", terrain="The going",
                           towards_enemy="Moving towards the enemy", again="A second move this phase",
                           leader="A Natural Leader within 10 paces, whose dice are used")
    @app_commands.autocomplete(character=options.characters, leader=options.characters)
    async def move(self, interaction: discord.Interaction, character: str | None = None,
                   terrain: Literal["open", "bad going", "forest", "snow or sand", "swamp", "ruins"] = "open",
                   towards_enemy: bool = False, again: bool = False, leader: str | None = None) -> None:
        """Wanting to Move, on the chart for the terrain."""
        reasons = [r for r, on in (("a second move this phase", again), ("moving fast in bad going",
                                                                         terrain == "bad going")) if on]

        def build(table: Table) -> Request:
            return TestRequest(actor(table, character).key, TERRAIN[terrain], "; ".join(reasons),
                               towards_enemy=towards_enemy, bad_going=terrain != "open",
                               leader=table.character(leader).key if leader else "")
        await self.act(interaction, build)

    @app_commands.command(name="test")
    @app_commands.describe(chart="The chart to test on", character="Who tests (default: whose card is up)",
                           reduced="Adverse circumstances reduce the dice: say why",
                           skill="The skill, area of study or weapon a task uses",
                           close_combat="A courage test in close combat",
                           leader="A Natural Leader or Dominant character within 10 paces")
    @app_commands.autocomplete(character=options.characters, leader=options.characters)
    async def test(self, interaction: discord.Interaction, chart: str, character: str | None = None,
                   reduced: app_commands.Range[str, 1, 100] | None = None,
                   skill: app_commands.Range[str, 1, 40] | None = None, close_combat: bool = False,
                   leader: str | None = None) -> None:
        """Any single chart: evade, task, respond, react, locate, courage, break off, poison, escape ..."""
        if chart not in TESTABLE:
            raise UserError("Pick a chart from the list.")
        if reduced:
            require_visible(reduced, "reason the dice are reduced")

        def build(table: Table) -> Request:
            return TestRequest(actor(table, character).key, chart, reduced or "", skill=skill or "",
                               in_close_combat=close_combat, leader=table.character(leader).key if leader else "")
        await self.act(interaction, build)

    @test.autocomplete("chart")
    async def chart_choices(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return options.matching(((CHARTS[k].name + _terrain_note(k), k) for k in TESTABLE), typed)

    @app_commands.command(name="reload")
    @app_commands.describe(character="Who reloads (default: whose card is up)", weapon="Which weapon",
                           moving="Reloading on the move")
    @app_commands.autocomplete(character=options.characters, weapon=options.missile_weapons)
    async def reload(self, interaction: discord.Interaction, character: str | None = None,
                     weapon: str | None = None, moving: bool = False) -> None:
        """Reload, reprime, clear a jam, restring or light a fuse."""
        def build(table: Table) -> Request:
            return ReloadRequest(actor(table, character).key, weapon or "", moving)
        await self.act(interaction, build)

    @app_commands.command(name="heal")
    @app_commands.describe(patient="The wounded character", healer="The Healer (default: whose card is up)")
    @app_commands.autocomplete(patient=options.characters, healer=options.characters)
    async def heal(self, interaction: discord.Interaction, patient: str, healer: str | None = None) -> None:
        """A Healer/Saw Bones tends a wounded character."""
        def build(table: Table) -> Request:
            return HealRequest(actor(table, healer).key, table.character(patient).key)
        await self.act(interaction, build)

    @app_commands.command(name="comeround")
    @app_commands.describe(character="The KO'd character (default: whose card is up)")
    @app_commands.autocomplete(character=options.characters)
    async def comeround(self, interaction: discord.Interaction, character: str | None = None) -> None:
        """A KO'd character tries to come round."""
        def build(table: Table) -> Request:
            return ComeRoundRequest(actor(table, character).key)
        await self.act(interaction, build)

    @app_commands.command(name="roll")
    @app_commands.describe(dice="How many D10", keep="Take the best, the worst, or read every die",
                           why="What the roll is for")
    async def roll(self, interaction: discord.Interaction, dice: app_commands.Range[int, 1, 6] = 1,
                   keep: Literal["best", "worst", "all"] = "best",
                   why: app_commands.Range[str, 1, 200] | None = None) -> None:
        """A free roll of D10s for what the charts do not cover; logged like any other."""
        if why:
            require_visible(why, "reason")
        reason = why or "a free roll"
        async with open_table(self.bot, interaction) as table:
            if interaction.user.id not in table.state.seats and not table.is_director:
                raise NotAllowed("Only the game's players and Directors roll into its log: `/game join` first.")
            rolled = roll(Dice(dice, Keep[keep.upper()]), self.bot.rng)
            await table.log("roll", f"{reason}: {rolled}", {"roll": rolled.to_json()})
        await send(interaction, content=f"{safe(interaction.user.display_name)} rolls for {safe(reason)}: "
                                        f"{rolled} → **{rolled.value}** ({rolled.band.value})")


def _terrain_note(key: str) -> str:
    return f" ({MOVE_CHART_TERRAIN[key]})" if key in MOVE_CHART_TERRAIN else ""


async def setup(bot: Director) -> None:
    bot.add_dynamic_items(RerollButton)
    await bot.add_cog(Rolls(bot))
