"""Steve Burt's Wild West Skirmish: the `/burt` command group, one command an action of the text.

`/deal`, `/draw`, `/deck`, `/status`, `/cast` and the rest are the shared commands; these are the actions a
character takes on his card (or with initiative points), and the Director's events and difficult actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.glue.errors import UserError
from bot.glue.replies import send
from bot.rules.burt.charts import RANGES
from bot.rules.burt.firing import AimRequest, FireRequest, UnjamRequest
from bot.rules.burt.initiative import ContestRequest, EventRequest, InitiativeRequest
from bot.rules.burt.melee import FightRequest, GetUpRequest
from bot.rules.burt.moves import ActRequest, DifficultRequest
from bot.rules.burt.ruleset import BURT, SETTINGS
from bot.rules.core.actions import Request
from bot.glue.table import Table, open_table

from bot.glue import options
from bot.glue.casting import add_character
from bot.glue.acting import act, ruled_by_the_rules

MAX_CM = 200
"""The longest range of the text is a rifle's 150 cm; a little more lets the bot say it is out of range."""
BANDS = Literal["point blank", "short", "medium", "long"]
ACTIONS = Literal["walk", "crawl", "trot", "run", "sprint", "canter", "gallop", "stand", "lie", "draw", "holster",
                  "mount", "dismount", "other"]
VISIBLE = Literal["100", "75", "50", "25", "10"]


async def guns(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The guns of the character named in the command (or of the one whose card is up)."""
    game = await interaction.client.db.load_game(interaction.guild_id, interaction.channel_id) \
        if interaction.guild_id is not None else None
    if game is None or game.ruleset != BURT.key:
        return options.matching(((kind, kind) for kind in RANGES), typed)
    state = BURT.load(game.state)
    named = ""
    for option in ("shooter", "character"):
        named = (getattr(interaction.namespace, option, None) or "").casefold() or named
    character = next((c for c in state.characters.values() if named in (c.key, c.name.casefold())), None) \
        if named else state.characters.get(state.acting)
    if character is None:
        return options.matching(((kind, kind) for kind in RANGES), typed)
    return options.matching(((f"{g.title} ({g.state_word})", g.title) for g in character.guns), typed)


@app_commands.guild_only()
class Burt(commands.GroupCog, group_name="burt",
           group_description="Steve Burt's Wild West Skirmish: a character's actions, events, initiative points"):
    """The actions of Steve Burt's rules, each run by the rules engine and stored."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        super().__init__()

    async def run(self, interaction: discord.Interaction, build: Callable[[Table], Request],
                  director: str = "") -> None:
        """Run the action through the Rolls cog (the rules, the log, the reply with the roll card); ``director``:
        what only a Director may do, if the action is theirs."""
        def built(table: Table) -> Request:
            if director:
                table.require_director(director)
            return build(table)
        await act(interaction, built, BURT.key, ruled_by_the_rules)

    @app_commands.command(name="cast")
    @app_commands.describe(name="The character's name", type="What he is: it sets his shooting skill and the price "
                                                               "of his extra actions",
                           weapons="Guns (derringer, pistol, carbine, rifle, shotgun; .22/.33/.45), club or knife, "
                                   "by commas",
                           mounted="On horseback", player="Who plays him (a Director casting for someone else)")
    async def cast(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 64],
                   type: Literal["gunslinger", "desperado", "lawman", "cowboy", "non_combatant"],
                   weapons: app_commands.Range[str, 1, 200] | None = None, mounted: bool = False,
                   player: discord.Member | None = None) -> None:
        """Cast a character: his class, his weapons and his horse."""
        fields = {"mounted": "yes" if mounted else "no", **({"weapons": weapons} if weapons else {})}
        await add_character(self.bot, interaction, BURT.key, name, type, player, fields)

    @app_commands.command(name="fire")
    @app_commands.describe(target="Who is shot at", distance="How far the target is, in cm (1 cm is a metre)",
                           band="The range band, if no distance is given", shooter="Who fires (default: whose card is up)",
                           weapon="Which gun (default: the one drawn)",
                           visible="Per cent of the target showing: 75 knees up, 50 waist up, 25 head and "
                                   "shoulders, 10 head",
                           soft_cover="The target is behind soft cover (a hedge): half the visibility penalty")
    @app_commands.autocomplete(target=options.characters, shooter=options.characters, weapon=guns)
    async def fire(self, interaction: discord.Interaction, target: str,
                   distance: app_commands.Range[int, 1, MAX_CM] | None = None, band: BANDS | None = None,
                   shooter: str | None = None, weapon: str | None = None, visible: VISIBLE = "100",
                   soft_cover: bool = False) -> None:
        """FIRE at a target: the roll to hit, the Hits table, shock."""
        if distance is None and band is None:
            raise UserError("Give the distance to the target in cm, or its range band.")
        await self.run(interaction, lambda t: FireRequest(t.actor(shooter).key, t.character(target).key, distance or 0,
                                                          band or "", int(visible), soft_cover,
                                                          weapon or ""))

    @app_commands.command(name="aim")
    @app_commands.describe(target="Whom to aim at", character="Who aims (default: whose card is up)")
    @app_commands.autocomplete(target=options.characters, character=options.characters)
    async def aim(self, interaction: discord.Interaction, target: str, character: str | None = None) -> None:
        """AIM: up to 3 in a row before a shot; each after the first +1."""
        await self.run(interaction, lambda t: AimRequest(t.actor(character).key, t.character(target).key))

    @app_commands.command(name="fight")
    @app_commands.describe(target="Who is attacked", attack="Punch 5, kick 7, club 5, knife 7 to hit; a grapple (7) "
                                                            "is a double action",
                           attacker="Who attacks (default: whose card is up)",
                           then="After a successful grapple: disarm the target, or disable him")
    @app_commands.autocomplete(target=options.characters, attacker=options.characters)
    async def fight(self, interaction: discord.Interaction, target: str,
                    attack: Literal["punch", "kick", "club", "knife", "grapple"] = "punch",
                    attacker: str | None = None, then: Literal["disarm", "disable"] = "disarm") -> None:
        """Hand to hand: punch, kick, club, knife or grapple."""
        await self.run(interaction, lambda t: FightRequest(t.actor(attacker).key, t.character(target).key, attack,
                                                           then))

    @app_commands.command(name="act")
    @app_commands.describe(action="Single: walk, crawl, trot, stand, lie, draw, holster; the others take both "
                                  "actions",
                           character="Who acts (default: whose card is up)", weapon="The gun to draw or holster",
                           bad_going="Running or cantering in bad going: a difficult action",
                           what="What an OTHER action is")
    @app_commands.autocomplete(character=options.characters, weapon=guns)
    async def act(self, interaction: discord.Interaction, action: ACTIONS, character: str | None = None,
                  weapon: str | None = None, bad_going: bool = False,
                  what: app_commands.Range[str, 1, 100] | None = None) -> None:
        """Move, stand, lie, draw, holster, mount, dismount or OTHER."""
        await self.run(interaction, lambda t: ActRequest(t.actor(character).key, action, weapon or "", bad_going,
                                                         what or ""))

    @app_commands.command(name="unjam")
    @app_commands.describe(character="Whose gun (default: whose card is up)", weapon="Which gun (default: the "
                                                                                    "jammed one)")
    @app_commands.autocomplete(character=options.characters, weapon=guns)
    async def unjam(self, interaction: discord.Interaction, character: str | None = None,
                    weapon: str | None = None) -> None:
        """UNJAM: a d6; 1 permanently jammed, 2-3 try again, 4-6 OK."""
        await self.run(interaction, lambda t: UnjamRequest(t.actor(character).key, weapon or ""))

    @app_commands.command(name="getup")
    @app_commands.describe(character="Who tries to get up (default: whose card is up)")
    @app_commands.autocomplete(character=options.characters)
    async def getup(self, interaction: discord.Interaction, character: str | None = None) -> None:
        """A stunned character tries to get up: a d6 over his wounds."""
        await self.run(interaction, lambda t: GetUpRequest(t.actor(character).key))

    @app_commands.command(name="initiative")
    @app_commands.describe(character="Who gets an extra single action: 1 point for a gunslinger, 2 a desperado or "
                                     "lawman, 4 a cowboy")
    @app_commands.autocomplete(character=options.characters)
    async def initiative(self, interaction: discord.Interaction, character: str) -> None:
        """Spend initiative points on an extra single action, at any time."""
        await self.run(interaction, lambda t: InitiativeRequest(t.actor(character).key))

    @app_commands.command(name="contest")
    @app_commands.describe(first="Your character, whose points you want to spend now",
                           second="The other's character")
    @app_commands.autocomplete(first=options.characters, second=options.characters)
    async def contest(self, interaction: discord.Interaction, first: str, second: str) -> None:
        """Two players spend points at once: who goes first."""
        await self.run(interaction, lambda t: ContestRequest(t.actor(first).key, t.character(second).key))

    @app_commands.command(name="difficult")
    @app_commands.describe(character="Who attempts it", what="What it is: vaulting a wall, jumping a gap")
    @app_commands.autocomplete(character=options.characters)
    async def difficult(self, interaction: discord.Interaction, character: str,
                        what: app_commands.Range[str, 1, 100] = "a difficult action") -> None:
        """A difficult action: a d10 plus the rating, 1-3 falls (Director)."""
        await self.run(interaction, lambda t: DifficultRequest(t.character(character).key, what),
                       director="call for a difficult action")

    @app_commands.command(name="event")
    @app_commands.describe(text="What happens: the text lists no events, so the Director says")
    async def event(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 300]) -> None:
        """The EVENT card is up: tell what happens (Director)."""
        await self.run(interaction, lambda t: EventRequest(text), director="tell an event")

    @app_commands.command(name="settings")
    @app_commands.describe(setting="What the text leaves to the Director", value="The new value (a number, or "
                                                                                 "yes/no)")
    async def settings(self, interaction: discord.Interaction, setting: Literal[tuple(SETTINGS)],  # type: ignore[valid-type]
                       value: app_commands.Range[str, 1, 10]) -> None:
        """Change what the text leaves open in this game (Director)."""
        async with open_table(self.bot, interaction, BURT.key) as table:
            table.require_director("change the settings")
            said = BURT.configure(table.state, setting, value)
            await table.commit("settings", said)
        await send(interaction, content=said)


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Burt(bot))
