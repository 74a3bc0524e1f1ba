"""Games: one per channel or thread. Start, end, join, leave, hand over the Director's chair, settings.

A game may be an adventure of a campaign: it ends with Post Action Rest and Recovery (cogs.campaign).
"""

from __future__ import annotations

import dataclasses
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Director
from bot.db import GameRow, ServerRow, UnitOfWork
from bot.errors import NotAllowed, UserError
from bot.replies import COLOUR, safe, send
from bot.rules.core import serial
from bot.rules.core.cards import SUIT_SYMBOLS
from bot.rules.qotd.state import GameState, Seat
from bot.table import open_table
from bot.waiting import HOLD

from . import options
from .campaign import announce_recovery, end_adventure, next_adventure_of


def seat_text(seat: Seat) -> str:
    """"♥ hearts" (and the pack, past the first)."""
    return ", ".join(f"{SUIT_SYMBOLS[suit]} {suit}" + (f" (pack {pack})" if pack > 1 else "")
                     for suit, pack in seat.suits)


@app_commands.guild_only()
class Game(commands.GroupCog, group_name="game", group_description="Start, join and run a game in this channel"):
    """Starting and running a game in a channel: who directs, who plays, and the settings."""

    def __init__(self, bot: Director) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start")
    @app_commands.describe(campaign="Play the next adventure of this campaign (its Director only)")
    @app_commands.autocomplete(campaign=options.campaigns)
    async def start(self, interaction: discord.Interaction, campaign: str | None = None) -> None:
        """Make this channel a set: start a game of Quick on the Draw, with you as its Director."""
        if interaction.guild_id is None:
            raise UserError("Games are played in server channels.")
        adventure = await next_adventure_of(self.bot, interaction, campaign) if campaign is not None else None
        async with self.bot.db.unit(interaction.guild_id, interaction.channel_id) as uow:
            await uow.start_game(interaction.user.id, GameState().to_json())
            what = "a game"
            if adventure is not None:
                uow.set_campaign(adventure.id)
                what = f"an adventure of {adventure.name}"
            await uow.log(interaction.user.id, "start", f"{interaction.user.display_name} starts {what}.")
        description = (f"Director: {interaction.user.mention}\n"
                       "Players join with `/game join`, then cast with `/cast add`. "
                       "The Director deals the first phase with `/deal`.")
        if adventure is not None:
            description += (f"\nAn adventure of **{safe(adventure.name)}**: `/campaign cast` brings its roster "
                            "back, `/campaign add` puts new characters on it.")
        embed = discord.Embed(title="Quick on the Draw — the cameras are rolling", colour=COLOUR,
                              description=description)
        await send(interaction, embed=embed)

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Join the game in this channel as a player; you get a suit for your characters' cards."""
        async with open_table(self.bot, interaction) as table:
            if interaction.user.id in table.state.seats:
                raise UserError(f"You are already playing, with {seat_text(table.state.seats[interaction.user.id])}.")
            seat = table.state.seat(interaction.user.id)
            await table.commit("join", f"{interaction.user.display_name} joins with {seat_text(seat)}.")
        await send(interaction, content=f"{safe(interaction.user.display_name)} joins the game with {seat_text(seat)}.")

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the game (once your characters are removed or handed to the Director)."""
        async with open_table(self.bot, interaction) as table:
            if interaction.user.id not in table.state.seats:
                raise UserError("You are not playing in this game.")
            mine = [c.name for c in table.state.characters.values() if c.owner == interaction.user.id]
            if mine:
                raise UserError(f"You still play {', '.join(map(safe, mine))}: `/cast remove` them first.")
            del table.state.seats[interaction.user.id]
            await table.commit("leave", f"{interaction.user.display_name} leaves the game.")
        await send(interaction, content=f"{safe(interaction.user.display_name)} leaves the game.")

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """End the game in this channel (Director only); an adventure's roster rolls Post Action Rest
        and Recovery. Its log stays stored."""
        async with open_table(self.bot, interaction) as table:
            table.require_director("end the game")
            aftermath = await end_adventure(self.bot, table) if table.game.campaign_id is not None else None
            if aftermath is None:
                await table.uow.log(interaction.user.id, "end", "The game ends.")
            else:
                await table.uow.log(interaction.user.id, "end", "The adventure ends.",
                                    {"resolution": serial.to_json(aftermath.resolution())})
            await table.uow.end_game()
            phases = table.state.deck.phase
        wrap = f"That's a wrap! The game ends after {phases} phase{'s' * (phases != 1)}."
        if aftermath is None:
            await send(interaction, content=wrap)
        else:
            await announce_recovery(interaction, wrap, table.state, aftermath)

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
        await send(interaction, content=f"{member.mention} now directs the game.", ping=[member.id])

    @app_commands.command(name="settings")
    @app_commands.describe(reminder_hours="This game: hours before the player it waits on is reminded, once",
                           deadline_hours="This game: hours after which play moves on without them (0: never)",
                           deadline_action="This game: at the deadline the character holds, or the turn passes",
                           cuts="This game: how many Cut!s each Hero or Main Character may call",
                           director_role="Server: members with this role may direct any game on the server",
                           server_reminder_hours="Server: the reminder interval of games that set none",
                           pin_status="Server: /status keeps one pinned board per game up to date")
    async def settings(self, interaction: discord.Interaction,
                       reminder_hours: app_commands.Range[float, 0.25, 168.0] | None = None,
                       deadline_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
                       deadline_action: Literal["hold", "skip"] | None = None,
                       cuts: app_commands.Range[int, 0, 10] | None = None,
                       director_role: discord.Role | None = None,
                       server_reminder_hours: app_commands.Range[float, 0.25, 168.0] | None = None,
                       pin_status: bool | None = None) -> None:
        """Show or change the settings: the game's need a Director, the server's Manage Server."""
        guild_id = interaction.guild_id
        if director_role is not None and director_role.is_default():
            raise UserError("@everyone cannot be the Director role: every member would direct every game.")
        server_change = {k: v for k, v in (("director_role", director_role and director_role.name),
                                           ("reminder_hours", server_reminder_hours),
                                           ("status_pinned", pin_status)) if v is not None}
        member = interaction.user
        if server_change and not (isinstance(member, discord.Member) and member.guild_permissions.manage_guild):
            raise NotAllowed("Only members who may manage the server change its settings.")
        server = await self.bot.server_settings(guild_id)
        if any(v is not None for v in (reminder_hours, deadline_hours, deadline_action, cuts)):
            async with open_table(self.bot, interaction) as table:
                table.require_director("change the game's settings")
                if cuts is not None:
                    table.state.settings.cuts_per_character = cuts
                    await table.commit("settings", f"Cut! allowed {cuts} time(s) per Hero or Main Character.")
                if (reminder_hours, deadline_hours, deadline_action) != (None, None, None):
                    if server_reminder_hours is not None:     # stored below, once the game's change is
                        table.server = dataclasses.replace(server, reminder_hours=server_reminder_hours)
                    text = change_pace(table.uow, table.server.reminder_hours, reminder_hours, deadline_hours,
                                       deadline_action)
                    await table.log("pace", text)
                game, game_cuts = table.uow.game, table.state.settings.cuts_per_character
        else:
            game = await self.bot.db.load_game(guild_id, interaction.channel_id)
            game_cuts = GameState.from_json(game.state).settings.cuts_per_character if game else None
        if server_change:
            await self.bot.db.update_server(guild_id, **server_change)
            self.bot.forget_server(guild_id)
            server = await self.bot.server_settings(guild_id)
        await send(interaction, embed=settings_embed(server, game, game_cuts))


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
    then = "the character holds" if game.deadline_action == HOLD else "the turn passes"
    return f"after {game.deadline_hours:g} hours, then {then}"


def settings_embed(server: ServerRow, game: GameRow | None, cuts: int | None) -> discord.Embed:
    """The server's settings, and the game's when the channel has one."""
    embed = discord.Embed(title="Settings", colour=COLOUR)
    embed.add_field(name="Director role", value=safe(server.director_role))
    if game is not None and game.reminder_hours is not None:
        embed.add_field(name="Reminder after", value=f"{game.reminder_hours:g} hours in this game "
                                                     f"(server: {server.reminder_hours:g} hours)")
    else:
        embed.add_field(name="Reminder after", value=f"{server.reminder_hours:g} hours")
    embed.add_field(name="Status board", value="pinned, and kept up to date by `/status`" if server.status_pinned
                    else "posted anew by each `/status`")
    if game is not None:
        embed.add_field(name="Deadline", value=deadline_text(game).capitalize())
        embed.add_field(name="Cut! per character", value=str(cuts))
    return embed


async def setup(bot: Director) -> None:
    await bot.add_cog(Game(bot))
