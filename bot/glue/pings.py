"""Consent to pings: a game pings a member only once they joined it themselves, with ``/game join`` or the
invitation a Director's ``/cast add player:`` shows them, once. ``/game join pings:False`` mutes the game,
``/game leave`` stops its pings at once (see :mod:`bot.glue.consent`)."""

from __future__ import annotations

import re

import discord

from bot.glue.consent import INVITED, LEFT, MUTED, ON, consent
from bot.glue.errors import NotAllowed, UserError
from bot.glue.replies import COLOUR, safe, send
from bot.glue.table import Table, open_table, require_stored
from bot.glue.umpire import JOINED, refuse_seat_to_an_umpire

PINGS_ON = "This game now pings you: on your characters' turns, their re-rolls, reminders and deadlines."
PINGS_OFF = "This game no longer pings you. `/game join` turns its pings back on."


async def join_game(table: Table, pings: bool) -> tuple[str, bool]:
    """Seat the user, if they have no seat yet, and set whether the game pings them. Returns what to say, and
    whether to say it to the channel (a new player) or to the user alone (their pings changed)."""
    user = table.interaction.user
    wanted = ON if pings else MUTED
    seated = user.id in table.state.seats
    if seated and consent(table.game, user.id) == wanted:
        muted = "" if pings else ", and this game does not ping you"
        seat = table.ruleset.seated(table.state, user.id)
        holding = f", with {seat}" if seat else ""
        raise UserError(f"You are already playing{holding}{muted}.")
    if not seated:
        await refuse_seat_to_an_umpire(table)
    table.uow.set_pings(user.id, wanted)
    if seated:
        return PINGS_ON if pings else PINGS_OFF, False
    given = table.ruleset.join(table.state, user.id, table.dice)
    with_what = f" with {given}" if given else ""
    await table.commit(JOINED, f"{user.display_name} joins{with_what}.")
    return (f"{safe(user.display_name)} joins the game{with_what}."
            + ("" if pings else " The game will not ping them.")), True


async def tell_joined(interaction: discord.Interaction, said: str, public: bool) -> None:
    """A new player in the channel; a change of pings to the user alone, as a card of its own."""
    if public:
        await send(interaction, content=said)
    else:
        await send(interaction, embed=discord.Embed(title="Pings", description=said, colour=COLOUR), ephemeral=True)


def invite(table: Table, member_id: int) -> bool:
    """A Director cast for a member the game has never asked: they are asked once, and not pinged until they
    accept. Returns whether they are asked now."""
    if consent(table.game, member_id) is not None:
        return False
    table.uow.set_pings(member_id, INVITED)
    return True


def invitation(game_id: int, member_id: int) -> tuple[str, discord.ui.View]:
    """The words and the button that ask a member, without pinging them, to join the game."""
    view = discord.ui.View(timeout=None)
    view.add_item(InvitationButton(game_id, member_id))
    return (f"<@{member_id}>, a Director cast for you. This game pings you on your characters' turns only once "
            "you join it: **Join** (or `/game join`)."), view


class InvitationButton(discord.ui.DynamicItem[discord.ui.Button],
                       template=r"join:(?P<game>\d+):(?P<member>\d+)"):
    """A member's invitation to join the game a Director cast for them in; only they accept. Works after
    restarts."""

    def __init__(self, game: int, member: int) -> None:
        super().__init__(discord.ui.Button(label="Join", style=discord.ButtonStyle.success,
                                           custom_id=f"join:{game}:{member}"))
        self.game, self.member = game, member

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> InvitationButton:
        return cls(int(match["game"]), int(match["member"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Join the game, as ``/game join`` does; refusals get the same handling as slash commands."""
        try:
            if interaction.user.id != require_stored(self.member):
                raise NotAllowed("This invitation is for someone else: `/game join` plays in this game yourself.")
            async with open_table(interaction.client, interaction) as table:
                if table.game.id != require_stored(self.game):
                    raise UserError("That invitation was for a game that is over.")
                said, public = await join_game(table, pings=True)
            await tell_joined(interaction, said, public)
        except Exception as error:
            await interaction.client.tree.on_error(interaction, error)


async def leave_game(table: Table) -> tuple[str, bool]:
    """Stop the game's pings to the user at once; give up their seat too if no character of theirs is cast.
    Returns what to say, and whether to say it to the channel."""
    user = table.interaction.user
    seated = user.id in table.state.seats
    if not seated and consent(table.game, user.id) in (None, LEFT):
        raise UserError("You are not playing in this game.")
    table.uow.set_pings(user.id, LEFT)
    mine = [c.name for c in table.state.characters.values() if c.owner == user.id]
    if mine or not seated:
        return (f"This game no longer pings you. You still play {', '.join(map(safe, mine))}: `/cast remove` "
                "them (or a Director does), then `/game leave` gives up your seat." if mine else PINGS_OFF), False
    table.ruleset.leave(table.state, user.id)
    await table.commit("leave", f"{user.display_name} leaves the game.")
    return f"{safe(user.display_name)} leaves the game.", True
