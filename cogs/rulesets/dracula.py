"""Dracula's America's own commands, `/dracula …` (the rules: bot/rules/dracula). Hands are shown and played
through cogs/hands.py; `/deal`, `/draw`, `/status` and `/deck` are the bot's shared commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.glue.errors import UserError
from bot.glue.replies import COLOUR, markdown, safe, send
from bot.rules.core.actions import Request
from bot.rules.core.errors import RulesError
from bot.rules.dracula.actions import (FightRequest, NamedTestRequest, PlainRequest, ReactRequest, RecoveryRequest,
                                      ShootRequest)
from bot.rules.dracula.charts import WEAPONS
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.dracula.state import DraculaState, Model, Phase
from bot.rules.dracula.turn import activate
from bot.glue.table import Table, open_table
from bot.glue.campaigns import amend, enrol, recast, roster_choices
from bot.glue.casting import add_character

from bot.glue import options
from bot.glue.acting import act, ruled_by_the_rules
from bot.glue.options import matching


async def weapons(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The Weapon Summaries' weapons (DA 160-177), those of the model named as ``shooter`` (else the one
    Activated) first."""
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id) \
        if interaction.guild_id is not None else None
    model = shooting_model(DRACULA.load(game.state), interaction.namespace.shooter, interaction.user.id) \
        if game is not None and game.ruleset == DRACULA.key else None
    carried = [(gun.kind.name, gun.weapon) for gun in model.weapons] if model else []
    return matching(((w.name, key) for key, w in WEAPONS.items()), typed, first=carried)


def shooting_model(state: DraculaState, named: str | None, user_id: int) -> Model | None:
    """The model named (by key or name), else the one that acts (see the ruleset's ``actor``); None when neither
    is one model."""
    if named:
        return next((m for m in state.characters.values() if named.casefold() in (m.key, m.name.casefold())), None)
    try:
        return state.characters[DRACULA.actor(state, user_id)]
    except RulesError:
        return None


@app_commands.guild_only()
class Dracula(commands.GroupCog, group_name="dracula", group_description="Dracula's America's own actions"):
    """Dracula's America: cast a posse, Activate, Shoot, Fight, Move, Lookout, React, Tests, the Recovery Phase."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        super().__init__()

    async def act(self, interaction: discord.Interaction, build: Callable[[Table], Request]) -> None:
        await act(interaction, build, DRACULA.key, ruled_by_the_rules)

    @app_commands.command(name="cast")
    @app_commands.describe(name="The model's name", type="Its Rank, or the kind of NPC it is",
                           rank="An NPC's Rank (Novice by default)", boss="The posse's Boss (one a posse)",
                           weapons="Weapons (Pistol, Rifle, Sixgun …)",
                           skills="Skills (Deadeye, Tough, 'Ornery …)",
                           injuries="Lasting Injuries (One-Eyed, Weakened …)",
                           player="Whose model (a Director casting for another)")
    async def cast(self, interaction: discord.Interaction, name: str,
                   type: Literal["novice", "veteran", "hero", "bystander", "supernatural"],
                   rank: Literal["novice", "veteran", "hero"] | None = None, boss: bool = False,
                   weapons: str = "", skills: str = "", injuries: str = "",
                   player: discord.Member | None = None) -> None:
        """Cast a model of your posse (Novice D6, Veteran D8, Hero D10), or an NPC."""
        fields = {"weapons": weapons, "skills": skills, "injuries": injuries}
        if rank:
            fields["rank"] = rank
        if boss:
            fields["boss"] = "True"
        await add_character(self.bot, interaction, DRACULA.key, name, type, player, fields)

    @app_commands.command(name="activate")
    @app_commands.describe(kind="Solo: one model, two Actions; Dual: two models, one Action each; Pass",
                           model="The model (Solo), or the first (Dual)", second="The second model (Dual)",
                           slick="Slick: roll one Grit Die for one more Action")
    @app_commands.autocomplete(model=options.characters, second=options.characters)
    async def activate(self, interaction: discord.Interaction, kind: Literal["solo", "dual", "pass"],
                       model: str | None = None, second: str | None = None, slick: bool = False) -> None:
        """Activate models on your card (a Director, on the card up): they receive Done Tokens."""
        async with open_table(self.bot, interaction, DRACULA.key) as table:
            keys = [table.character(m).key for m in (model, second) if m]
            player = table.state.acting if table.is_director and table.state.acting else interaction.user.id
            said = markdown(activate(table.state, player, kind, keys, table.dice, slick))
            await table.commit("dracula-activate", said)
        await send(interaction, content=said)

    @app_commands.command(name="shoot")
    @app_commands.describe(target="The model shot at", weapon="Which of the shooter's Weapons",
                           range="The target's range band for that Weapon", cover="The target has Cover (-1 Die)",
                           back_shooter="A Back-Shooter (+1 Die)", elevated="The shooter is Elevated (+1 Die)",
                           trick="Trick Shooter: the modifier ignored (Rifle-Class only)",
                           twice="Sixgun or Repeater: Shoot twice as one Action",
                           second_weapon="Gunslinger: a second Pistol-Class Weapon",
                           second_target="Gunslinger: the second Weapon's target",
                           fight="Into a Fight: the other models in it",
                           shooter="Who shoots (default: the Activated model)",
                           sawn_off="LeMat's Sawn-Off shot (once a game)")
    @app_commands.autocomplete(target=options.characters, shooter=options.characters, weapon=weapons,
                               second_weapon=weapons, second_target=options.characters)
    async def shoot(self, interaction: discord.Interaction, target: str, weapon: str,
                    range: Literal["short", "medium", "long"] = "medium", cover: bool = False,
                    back_shooter: bool = False, elevated: bool = False,
                    trick: Literal["long", "cover"] | None = None, twice: bool = False,
                    second_weapon: str | None = None, second_target: str | None = None, fight: str = "",
                    shooter: str | None = None, sawn_off: bool = False) -> None:
        """A Shoot Action: a 3 Dice Shooting Test, the target's Save, a Jamming Check on a miss with a 1."""
        def build(table: Table) -> ShootRequest:
            model = table.actor(shooter)
            return ShootRequest(model.key, table.character(target).key, weapon.lower(), range, cover,
                                back_shooter, elevated, trick or "", twice, (second_weapon or "").lower(),
                                table.character(second_target).key if second_target else "",
                                list(table.characters_named(fight)), sawn_off)
        await self.act(interaction, build)

    @app_commands.command(name="fight")
    @app_commands.describe(defender="The model fought", charging="You are Charging (-1 Die)",
                           fortified="Attacking a Fortified Defender (-1 Die)",
                           enemies="Unengaged enemies in Contact with the attacker after the first",
                           defender_enemies="Unengaged enemies in Contact with the defender after the first",
                           close_work="Close Work: unjammed Pistol-Class Weapons used (+1 Die each)",
                           attacker="Who fights (default: the Activated model)")
    @app_commands.autocomplete(defender=options.characters, attacker=options.characters)
    async def fight(self, interaction: discord.Interaction, defender: str, charging: bool = False,
                    fortified: bool = False, enemies: app_commands.Range[int, 0, 6] = 0,
                    defender_enemies: app_commands.Range[int, 0, 6] = 0, close_work: app_commands.Range[int, 0, 2] = 0,
                    attacker: str | None = None) -> None:
        """A Fight Action: both models roll a 3 Dice Fight Test; the loser makes a Save."""
        def build(table: Table) -> FightRequest:
            model = table.actor(attacker)
            return FightRequest(model.key, table.character(defender).key, charging, fortified, enemies,
                                defender_enemies, close_work)
        await self.act(interaction, build)

    @app_commands.command(name="move")
    @app_commands.describe(model="Who moves (default: the Activated model)")
    @app_commands.autocomplete(model=options.characters)
    async def move(self, interaction: discord.Interaction, model: str | None = None) -> None:
        """A Move Action (a Downed model crawls up to 2\")."""
        await self.act(interaction, lambda table: PlainRequest(table.actor(model).key, "move"))

    @app_commands.command(name="lookout")
    @app_commands.describe(model="Who goes on Lookout (default: the Activated model)")
    @app_commands.autocomplete(model=options.characters)
    async def lookout(self, interaction: discord.Interaction, model: str | None = None) -> None:
        """A Lookout Action: the model gets a Lookout marker."""
        await self.act(interaction, lambda table: PlainRequest(table.actor(model).key, "lookout"))

    @app_commands.command(name="react")
    @app_commands.describe(model="The model on Lookout that Reacts")
    @app_commands.autocomplete(model=options.characters)
    async def react(self, interaction: discord.Interaction, model: str) -> None:
        """React from Lookout to the enemy's Action just made: a Reaction Test, then one Action."""
        def build(table: Table) -> ReactRequest:
            reacting = table.character(model)
            table.require_control(reacting)
            return ReactRequest(reacting.key)
        await self.act(interaction, build)

    @app_commands.command(name="test")
    @app_commands.describe(model="Who takes the Test", test="Which Test (the Director says when one is due)",
                           modifier="Dice Modifiers the situation gives")
    @app_commands.autocomplete(model=options.characters)
    async def test(self, interaction: discord.Interaction, model: str, test: Literal["spotting", "nerve"],
                   modifier: app_commands.Range[int, -3, 3] = 0) -> None:
        """A Spotting or Nerve Test: Successes on 5+, passed with one (not an Action)."""
        def build(table: Table) -> NamedTestRequest:
            taker = table.character(model)
            table.require_control(taker)
            return NamedTestRequest(taker.key, test, modifier)
        await self.act(interaction, build)

    @app_commands.command(name="clear")
    @app_commands.describe(weapon="The Jammed Weapon", model="Whose (default: the Activated model)")
    @app_commands.autocomplete(weapon=weapons, model=options.characters)
    async def clear(self, interaction: discord.Interaction, weapon: str, model: str | None = None) -> None:
        """Spend an Action clearing a Weapon's Jammed Token."""
        await self.act(interaction, lambda table: PlainRequest(table.actor(model).key, "clear",
                                                               weapon.lower()))

    @app_commands.command(name="recovery")
    @app_commands.describe(contact="Downed models with a friendly non-Downed model in Contact, comma-separated")
    async def recovery(self, interaction: discord.Interaction, contact: str = "") -> None:
        """The Recovery Phase: Done Tokens off, Recovery Tests, Bottle Checks (Director only)."""
        def build(table: Table) -> RecoveryRequest:
            table.require_director("run the Recovery Phase")
            if table.state.phase is not Phase.NPC:
                raise UserError("The Recovery Phase follows the NPC Phase: `/draw` on until it comes.")
            return RecoveryRequest(list(table.characters_named(contact)))
        await self.act(interaction, build)

    @app_commands.command(name="enrol")
    @app_commands.describe(model="A model of this adventure (a Director: anyone's)")
    @app_commands.autocomplete(model=options.characters)
    async def enrol(self, interaction: discord.Interaction, model: str) -> None:
        """Put a model of this adventure on its campaign's roster (`/campaign add`)."""
        await enrol(self.bot, interaction, model, DRACULA.key)

    @app_commands.command(name="recast")
    @app_commands.describe(model="A model on the roster of this adventure's campaign")
    @app_commands.autocomplete(model=roster_choices)
    async def recast(self, interaction: discord.Interaction, model: str) -> None:
        """Cast a roster model into this adventure as the roster keeps it (`/campaign cast`)."""
        await recast(self.bot, interaction, model, DRACULA.key)

    @app_commands.command(name="amend")
    @app_commands.describe(model="A model on a roster of this server", rank="Its new Rank",
                           skills="Its Skills, replacing its own ('none' for none)",
                           injuries="Its Lasting Injuries, replacing its own ('none')",
                           dead="Dead: it cannot be cast again (false: alive)")
    @app_commands.autocomplete(model=roster_choices)
    async def amend(self, interaction: discord.Interaction, model: str,
                    rank: Literal["novice", "veteran", "hero"] | None = None, skills: str | None = None,
                    injuries: str | None = None, dead: bool | None = None) -> None:
        """Between games, the campaign's Director amends a roster model: Rank, Skills, Lasting Injuries."""
        await amend(self.bot, interaction, model, DRACULA, {"rank": rank, "skills": skills, "injuries": injuries},
                    dead)

    @app_commands.command(name="settings")
    @app_commands.describe(multiple_enemies="The Fight modifier for each enemy in Contact after the first",
                           absent_play="A player who has not played by the deadline",
                           jokers="Jokers in each player's deck (before the first Draw Phase)",
                           pass_at_will="A player may Pass with models still to Activate",
                           test_dice="Dice of Reaction, Spotting and Nerve Tests",
                           into_fight="Into a Fight: a random model is hit, or only a Hawkeye shoots")
    async def settings(self, interaction: discord.Interaction, multiple_enemies: Literal["+1", "-1"] | None = None,
                       absent_play: Literal["random", "none"] | None = None,
                       jokers: app_commands.Range[int, 0, 2] | None = None, pass_at_will: bool | None = None,
                       test_dice: app_commands.Range[int, 1, 3] | None = None,
                       into_fight: Literal["random", "forbidden"] | None = None) -> None:
        """Where the quick reference is silent or contradicts itself, the Director chooses (docs/rulings.md)."""
        async with open_table(self.bot, interaction, DRACULA.key) as table:
            table.require_director("change the game's settings")
            chosen = table.state.settings
            if jokers is not None:
                if table.state.turn:
                    raise UserError("The decks are made at the first Draw Phase: too late to change Jokers.")
                chosen.jokers = jokers
            if multiple_enemies is not None:
                chosen.multiple_enemies = int(multiple_enemies)
            if absent_play is not None:
                chosen.absent_play = absent_play
            if pass_at_will is not None:
                chosen.pass_at_will = pass_at_will
            if test_dice is not None:
                chosen.test_dice = test_dice
            if into_fight is not None:
                chosen.into_fight = into_fight
            said = (f"Multiple enemies: {chosen.multiple_enemies:+d} a Die; at a play's deadline: "
                    f"{'a random card' if chosen.absent_play == 'random' else 'no card'}; Jokers: {chosen.jokers}; "
                    f"Pass at will: {'yes' if chosen.pass_at_will else 'no'}; Reaction, Spotting and Nerve Tests: "
                    f"{chosen.test_dice} {'Die' if chosen.test_dice == 1 else 'Dice'}; Shooting into a Fight: "
                    f"{'a random model of it' if chosen.into_fight == 'random' else 'a Hawkeye only'}.")
            await table.commit("dracula-settings", said)
        await send(interaction, embed=discord.Embed(title="Dracula's America: settings", colour=COLOUR,
                                                    description=safe(said)))


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Dracula(bot))
