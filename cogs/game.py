"""Games: one per channel or thread. Start, end, join, leave, hand over the Director's chair, settings.

A game may be an adventure of a campaign: it ends with Post Action Rest and Recovery (cogs.campaign).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import storing
from bot.glue.client import DirectorBot
from bot.glue.consent import pingable
from bot.storage import GameRow, ServerRow, UnitOfWork
from bot.glue.errors import NotAllowed, UserError
from bot.pictures.status import PER_PAGE
from bot.glue.replies import COLOUR, MAX_FILES, safe, send
from bot.rules.core import serial
from bot.rules.core.ruleset import HOLD, RULESETS, OnAMap, Ruleset, State, Tunable, first, ruleset
from bot.rules.core.ruleset import Campaign as RosterRules
from bot.glue.summaries import summary_embed
from bot.glue.seals import announced, closing, open_seals, sealing
from bot.glue.table import OtherRuleset, open_table, require_stored

from bot.glue import options
from bot.glue.campaigns import announce_homecoming, end_adventure, next_adventure_of, require_aftermath
from bot.glue.maps import adventure_set, adventure_sets

from bot.glue.pings import InvitationButton, join_game, leave_game, tell_joined

MOST_CAST = PER_PAGE * MAX_FILES
"""The highest limit a server may set on a game's cast: as many as the status board shows."""


class EndButton(discord.ui.DynamicItem[discord.ui.Button], template=r"end:(?P<game>\d+):(?P<choice>end|cancel)"):
    """End the game, or Cancel, on the question `/game end` asks; for a Director. Works after restarts."""

    def __init__(self, game: int, choice: str) -> None:
        confirm = choice == "end"
        style = discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label="End the game" if confirm else "Cancel", style=style,
                                           custom_id=f"end:{game}:{choice}"))
        self.game, self.confirmed = game, confirm

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> EndButton:
        return cls(int(match["game"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the question; refusals and failures get the same handling as slash commands."""
        try:
            await answer_end(interaction, require_stored(self.game), self.confirmed)
        except Exception as error:
            await interaction.client.tree.on_error(interaction, error)


def end_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(EndButton(game_id, "end"))
    view.add_item(EndButton(game_id, "cancel"))
    return view


async def answer_end(interaction: discord.Interaction, game_id: int, confirmed: bool) -> None:
    """A Director pressed End the game (the game ends, with its summary) or Cancel (it goes on)."""
    async with open_table(interaction.client, interaction) as table:
        if table.game.id != game_id:
            raise UserError("That game is over already.")
        table.require_director("end the game")
        aftermath = None
        if confirmed:
            require_aftermath(table)
            entries = await table.uow.full_log()
            aftermath = await end_adventure(interaction.client, table)
            resolution = aftermath and aftermath.resolution()
            data = closing(table.state)
            table.uow.save(table.state.to_json())
            if resolution is None:
                await table.uow.log(interaction.user.id, "end", "The game ends.", data)
            else:
                await table.uow.log(interaction.user.id, "end", "The adventure ends.",
                                    {"resolution": serial.to_json(resolution), **data})
            await table.uow.end_game()
    if interaction.message is not None:
        try:
            await interaction.message.edit(view=None)
        except discord.HTTPException:
            pass
    if not confirmed:
        await send(interaction, content=f"{safe(interaction.user.display_name)} cancels: the game goes on.")
        return
    wrap = "\n".join([f"That's a wrap! The game ends{table.ruleset.played(table.state)}.",
                      *announced(data, table.ruleset.turn_name)])
    await send(interaction, content=wrap, embed=summary_embed(table.ruleset, table.state, entries))
    if aftermath is not None:
        await announce_homecoming(interaction, table.state, aftermath, table.game)


@app_commands.guild_only()
class Game(commands.GroupCog, group_name="game", group_description="Start, join and run a game in this channel"):
    """Starting and running a game in a channel: who directs, who plays, and the settings."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start")
    @app_commands.describe(ruleset="The game system this channel plays (default: Quick on the Draw, or the campaign's)",
                           campaign="Play the next adventure of this campaign (its Director only)",
                           map_name="An adventure's map: one the server keeps, or none (default: the last adventure's)")
    @app_commands.autocomplete(ruleset=options.rulesets, campaign=options.campaigns, map_name=adventure_sets)
    async def start(self, interaction: discord.Interaction, ruleset: str | None = None,
                    campaign: str | None = None, map_name: app_commands.Range[str, 1, 60] | None = None) -> None:
        """Make this channel a set: start a game (of Quick on the Draw unless you pick another), you directing."""
        if interaction.guild_id is None:
            raise UserError("Games are played in server channels.")
        rules = options.ruleset(ruleset) if ruleset is not None else None
        adventure = await next_adventure_of(self.bot, interaction, campaign) if campaign is not None else None
        if adventure is not None:
            playing = RULESETS.get(adventure.ruleset)
            if playing is None or rules not in (None, playing):
                raise UserError(f"The campaign {safe(adventure.name)} plays "
                                f"{playing.title if playing else adventure.ruleset}: its adventures are games of it"
                                + (f", not of {rules.title}." if rules else "."))
            rules = playing
        rules = rules or first()
        if map_name is not None and (adventure is None or not isinstance(rules, OnAMap)):
            raise UserError("`map_name:` chooses the map of a campaign's adventure, in a ruleset played on a map.")
        state = rules.new_game()
        open_seals(state, interaction.channel_id, self.bot.rng)        # the root, turn 0 and turn 1 committed
        on_set = ""
        if isinstance(rules, OnAMap) and adventure is not None:
            field, on_set = await adventure_set(self.bot, interaction.guild_id, rules, adventure, map_name)
            rules.lay_out(state, field)
        sealed = sealing(rules, None, state, None)
        async with storing(self.bot, interaction) as uow:
            await uow.start_game(interaction.user.id, state.to_json(), ruleset=rules.key)
            what = f"a game of {rules.title}"
            if adventure is not None:
                uow.set_campaign(adventure.id)
                what = f"an adventure of {adventure.name}"
            await uow.log(interaction.user.id, "start", f"{interaction.user.display_name} starts {what}.", sealed)
        description = "\n".join([f"Director: {interaction.user.mention}",
                                 f"Players join with `/game join`, then cast with `/{rules.cast_command}`. "
                                 f"The Director deals the first {rules.turn_name.lower()} with `/deal`.",
                                 *announced(sealed, rules.turn_name), *filter(None, [on_set])])
        if rules.group:
            description += f"\nThe game's own actions are `/{rules.group} …`; `/help` tells how it plays."
        if adventure is not None and isinstance(rules, RosterRules):
            description += (f"\nAn adventure of **{safe(adventure.name)}**: `/campaign cast` brings its roster "
                            "back, `/campaign add` puts new characters on it.")
        embed = discord.Embed(title=f"{rules.title} — the cameras are rolling", colour=COLOUR,
                              description=description)
        await send(interaction, embed=embed)

    @app_commands.command(name="join")
    @app_commands.describe(pings="Whether the game pings you: your characters' turns, re-rolls, reminders, deadlines")
    async def join(self, interaction: discord.Interaction, pings: bool = True) -> None:
        """Join the game in this channel as a player, or set whether it pings you.

        A new player gets a suit for their characters' cards."""
        async with open_table(self.bot, interaction) as table:
            said, public = await join_game(table, pings)
        await tell_joined(interaction, said, public)

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Stop the game's pings to you at once; leave it once no character of yours is cast."""
        async with open_table(self.bot, interaction) as table:
            said, public = await leave_game(table)
        await tell_joined(interaction, said, public)

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """End the game in this channel (Director only), once a Director confirms; its log stays readable.

        An adventure's roster rolls Post Action Rest and Recovery."""
        async with open_table(self.bot, interaction) as table:
            table.require_director("end the game")
            require_aftermath(table)
            game_id, played = table.game.id, table.ruleset.played(table.state)
        await send(interaction, content=f"End the game in this channel{played}? "
                                        "It cannot be undone; `/log export` and `/status` still show it afterwards. "
                                        "A Director confirms or cancels.", view=end_view(game_id))

    @app_commands.command(name="director")
    @app_commands.describe(member="Who directs the game from now on")
    async def director(self, interaction: discord.Interaction, member: discord.Member) -> None:
        """Hand the Director's chair to another member."""
        if member.bot:
            raise UserError("A bot cannot direct the game.")
        async with open_table(self.bot, interaction) as table:
            table.require_director("hand over the game")
            if member.id == table.game.director_id:
                raise UserError(f"{safe(member.display_name)} already directs the game.")
            table.uow.set_director(member.id)
            await table.commit("director", f"{member.display_name} now directs the game.")
        await send(interaction, content=f"{member.mention} now directs the game.",
                   ping=pingable(table.game, [member.id]))

    @app_commands.command(name="settings")
    @app_commands.describe(reminder_hours="This game: hours before the player it waits on is reminded, once",
                           deadline_hours="This game: hours after which play moves on without them (0: never)",
                           deadline_action="This game: at the deadline the character holds, or the turn passes",
                           cuts="This game: how many Cut!s each Hero or Main Character may call",
                           ones="This game: any 1s, misfires and jams read on every die thrown, or the kept die only",
                           drawing="This game: a shot drawn and fired is hasty (+2 DV) or +1 DV for drawing",
                           director_role="Server: members with this role may direct any game on the server",
                           server_reminder_hours="Server: the reminder interval of games that set none",
                           pin_status="Server: /status keeps one pinned board per game up to date",
                           stunned_defenceless="This game: the stunned are Defenceless until they come round "
                                               "(default), or once passed out",
                           rash_all_out="This game: a Rash or Fanatic's forced All Out Attack is once a phase "
                                        "(default) or every fight",
                           armour="This game: armour counts once, as the basic DV (default), or twice",
                           brave_grazes="This game: the Brave ignore grazes from shooting and fighting (default) "
                                        "or from close combat only",
                           cast_limit="Server: the most characters a game may cast",
                           player_cast_limit="Server: the most characters one player may have in a game")
    async def settings(self, interaction: discord.Interaction,
                       reminder_hours: app_commands.Range[float, 0.25, 168.0] | None = None,
                       deadline_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
                       deadline_action: Literal["hold", "skip"] | None = None,
                       cuts: app_commands.Range[int, 0, 10] | None = None,
                       ones: Literal["every die", "kept die"] | None = None,
                       drawing: Literal["hasty", "plus one"] | None = None,
                       director_role: discord.Role | None = None,
                       server_reminder_hours: app_commands.Range[float, 0.25, 168.0] | None = None,
                       pin_status: bool | None = None, stunned_defenceless: bool | None = None,
                       rash_all_out: Literal["once a phase", "every fight"] | None = None,
                       armour: Literal["once", "twice"] | None = None,
                       brave_grazes: Literal["shooting and fighting", "close combat"] | None = None,
                       cast_limit: app_commands.Range[int, 1, MOST_CAST] | None = None,
                       player_cast_limit: app_commands.Range[int, 1, MOST_CAST] | None = None) -> None:
        """Show or change the settings: the game's need a Director, the server's Manage Server."""
        guild_id = interaction.guild_id
        if director_role is not None and director_role.is_default():
            raise UserError("@everyone cannot be the Director role: every member would direct every game.")
        server_change = {k: v for k, v in (("director_role_id", director_role and director_role.id),
                                           ("reminder_hours", server_reminder_hours),
                                           ("status_pinned", pin_status), ("cast_limit", cast_limit),
                                           ("player_cast_limit", player_cast_limit)) if v is not None}
        if director_role is not None:
            server_change["director_role"] = ""           # no name left to look up: the role is kept by its id
        member = interaction.user
        if server_change and not (isinstance(member, discord.Member) and member.guild_permissions.manage_guild):
            raise NotAllowed("Only members who may manage the server change its settings.")
        server = await self.bot.server_settings(guild_id)
        chosen = {option: value for option, value in (
            ("cuts", cuts), ("ones", ones), ("drawing", drawing), ("stunned_defenceless", stunned_defenceless),
            ("rash_all_out", rash_all_out), ("armour", armour), ("brave_grazes", brave_grazes)) if value is not None}
        if chosen or any(v is not None for v in (reminder_hours, deadline_hours, deadline_action)):
            async with open_table(self.bot, interaction) as table:
                if chosen and not (isinstance(table.ruleset, Tunable) and set(chosen) <= table.ruleset.settings_options):
                    raise OtherRuleset(table.ruleset)
                table.require_director("change the game's settings")
                if chosen:
                    await table.commit("settings", table.ruleset.change_settings(table.state, chosen))
                if (reminder_hours, deadline_hours, deadline_action) != (None, None, None):
                    if server_reminder_hours is not None:     # stored below, once the game's change is
                        table.server = dataclasses.replace(server, reminder_hours=server_reminder_hours)
                    text = change_pace(table.uow, table.server.reminder_hours, reminder_hours, deadline_hours,
                                       deadline_action)
                    await table.log("pace", text)
                game, own = table.uow.game, own_settings(table.ruleset, table.state)
        else:
            game = await self.bot.db.load_game(guild_id, interaction.channel_id)
            own = own_settings(ruleset(game.ruleset), ruleset(game.ruleset).load(game.state)) if game else []
        if server_change:
            await self.bot.db.update_server(guild_id, **server_change)
            self.bot.forget_server(guild_id)
            server = await self.bot.server_settings(guild_id)
        await send(interaction, embed=settings_embed(server, game, own, interaction.guild))


def change_pace(uow: UnitOfWork, server_hours: float, reminder: float | None, deadline: float | None,
                action: str | None) -> str:
    """Change the game's reminder interval and deadline (0: none), refusing a deadline that would come before
    the reminder, or an action without a deadline. Returns the change in words, for the log."""
    game = uow.game
    reminder = game.reminder_hours if reminder is None else reminder
    deadline = game.deadline_hours if deadline is None else deadline or None
    remind_after = reminder if reminder is not None else server_hours
    if action is not None and deadline is None:
        raise UserError("This game has no deadline: give `deadline_hours` too (for instance 24).")
    if deadline is not None and deadline <= remind_after:
        raise UserError(f"The deadline ({deadline:g} hours) must come after the reminder ({remind_after:g} hours), "
                        "so that the player is reminded before play moves on without them.")
    uow.set_reminder_hours(reminder)
    uow.set_deadline(deadline, action or game.deadline_action)
    return f"Reminder after {remind_after:g} hours; deadline: {deadline_text(uow.game)}."


def deadline_text(game: GameRow) -> str:
    """"after 24 hours, then the character holds", or "none"."""
    if game.deadline_hours is None:
        return "none"
    then = "play moves on" if not ruleset(game.ruleset).holding else \
        "the character holds" if game.deadline_action == HOLD else "the turn passes"
    return f"after {game.deadline_hours:g} hours, then {then}"


def own_settings(rules: Ruleset, state: State) -> list[tuple[str, str]]:
    """The game's settings of its ruleset's own, as (title, what it is now); none if it has none."""
    return rules.settings(state) if isinstance(rules, Tunable) else []


def settings_embed(server: ServerRow, game: GameRow | None, own: list[tuple[str, str]],
                   guild: discord.Guild | None) -> discord.Embed:
    """The server's settings, and the game's when the channel has one (with its ruleset's own, ``own``)."""
    embed = discord.Embed(title="Settings", colour=COLOUR)
    role = guild.get_role(server.director_role_id) if guild and server.director_role_id else None
    embed.add_field(name="Director role", value=safe(role.name) if role else "none: `/game settings director_role:` "
                                                                             "picks one")
    if game is not None and game.reminder_hours is not None:
        embed.add_field(name="Reminder after", value=f"{game.reminder_hours:g} hours in this game "
                                                     f"(server: {server.reminder_hours:g} hours)")
    else:
        embed.add_field(name="Reminder after", value=f"{server.reminder_hours:g} hours")
    embed.add_field(name="Status board", value="pinned, and kept up to date by `/status`" if server.status_pinned
                    else "posted anew by each `/status`")
    embed.add_field(name="Cast", value=f"{server.cast_limit} characters a game at most, "
                                       f"{server.player_cast_limit} a player")
    if game is not None:
        embed.add_field(name="Deadline", value=deadline_text(game).capitalize())
    for title, now in own:
        embed.add_field(name=title, value=now)
    return embed


async def setup(bot: DirectorBot) -> None:
    bot.add_dynamic_items(EndButton, InvitationButton)
    await bot.add_cog(Game(bot))
